// A required equality that repeats what the tableau already holds, recognised through rounding.
//
// Written over the non-basic symbols, a redundant equality is its dummy marker and the dummies of the
// equalities it repeats, with a constant of 0: kiwi then makes the dummy basic (`allDummies`). With
// rounding, the slacks and errors that cancel in exact arithmetic can keep coefficients just above
// kiwi's absolute `nearZero` (1e-8). A churn's fresh build of 45 constraints, whose sums ran to 3e3,
// expanded one into its dummies and a slack at 1.1e-8; no external or negative marker being there,
// the artificial-variable phase pivoted on that 1.1e-8, the coefficients that followed reached 3e7,
// and the build ended with a required inequality 0.7 short. Every coefficient of the expansion is a
// sum of products, and carries the rounding of its largest products: so a symbol whose coefficient is
// at most 1e-9 of the magnitude of its own products (the bound `isRoundingZero` puts on a constant)
// is zero but for rounding, and where only such symbols stand beside the dummies the equality is
// redundant.

extension SolverCore {
    /// Whether the expanded accumulator is dummies (kiwi: allDummies) but for coefficients zero but for
    /// rounding; if so, those are dropped (and it holds only dummies). Cheap when the answer is no:
    /// the products are summed only when every non-dummy coefficient is under 1e-6.
    @usableFromInline
    mutating func dropRoundingBesideDummies() -> Bool {
        var any = false
        for i in acc.indices where kinds[Int(acc[i].sym)] != .dummy {
            if abs(acc[i].coef) > 1e-6 { return false }
            any = true
        }
        guard any else { return true }
        let magnitude = expandedMagnitudes()
        for i in acc.indices where kinds[Int(acc[i].sym)] != .dummy {
            guard abs(acc[i].coef) <= 1e-9 * (magnitude[acc[i].sym] ?? 0) else { return false }
        }
        for i in acc.indices where kinds[Int(acc[i].sym)] != .dummy { acc[i].coef = 0 }
        accCompact()  // only those: the expansion's own compaction left every other cell above nearZero
        return true
    }

    /// Σ |products| behind each non-dummy coefficient of the expanded accumulator: the expansion of
    /// `accDirect` (the terms as written, which `expandAccumulator` keeps) redone with magnitudes, each
    /// definition expanded once, latest first, as there.
    mutating func expandedMagnitudes() -> [SymbolID: Double] {
        var magnitude: [SymbolID: Double] = [:]
        stampC &+= 1
        expandHeap.removeAll()
        func add(_ s: SymbolID, _ weight: Double) {
            let r = rowOf[Int(s)]
            if r < 0 {
                if kinds[Int(s)] != .dummy { magnitude[s, default: 0] += weight }
            } else if kinds[Int(s)] == .external {
                queueDefinition(s, weight)
            } else {
                for k in 0..<cellCount(r) where kinds[Int(cellAt(r, k).sym)] != .dummy {
                    magnitude[cellAt(r, k).sym, default: 0] += weight * abs(cellAt(r, k).coef)
                }
            }
        }
        for c in accDirect { add(c.sym, abs(c.coef)) }
        while !expandHeap.isEmpty {
            let x = expandPop()
            let weight = scratchCoef[Int(x)]
            let r = rowOf[Int(x)]
            for k in 0..<cellCount(r) { add(cellAt(r, k).sym, weight * abs(cellAt(r, k).coef)) }
        }
        return magnitude
    }
}
