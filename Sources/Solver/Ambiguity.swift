extension SolverCore {
    /// The variables whose values are not uniquely fixed by the constraints and the objective.
    ///
    /// **What is detected.** At the current optimal basis, a *free direction* is a non-basic symbol
    /// that can change without changing the objective:
    /// * a variable with no row of its own (an unconstrained parameter: any value is a solution), or
    /// * a slack or error symbol with zero reduced cost (objective coefficient within 1e-8, or 1e-9 of
    ///   the largest weight in the system when that is larger — rounding noise) that can
    ///   increase by a positive step — every proper row it would push down has a positive constant
    ///   (no degenerate row at 0 blocks it, and no basic dummy depends on it).
    ///
    /// A variable is reported when its value depends on a free direction, i.e. it changes along
    /// that edge of the optimal face. This finds every variable that moves along some single edge
    /// leaving the current vertex; alternative optima reachable only through degenerate pivots (a
    /// free direction blocked at step 0 by another row at 0) are not reported. The dependence is
    /// computed for all free directions at once with random weights (two independent passes), so a
    /// report is never spurious, and a miss would need an exact cancellation of random weights.
    @usableFromInline
    mutating func ambiguousVariables() -> [Variable] {
        ensureOrder()
        var ambiguous = [Bool](repeating: false, count: varList.count)
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func random() -> Double {
            seed ^= seed << 13
            seed ^= seed >> 7
            seed ^= seed << 17
            return 1 + Double(seed >> 11) / Double(UInt64(1) << 53)
        }
        // Reduced costs are sums of weights up to 1e9; after many pivots one that is 0 in exact
        // arithmetic can come out around 1e-9 of the largest weight, far above kiwi's 1e-8.
        let zeroCost = max(1.0e-8, 1.0e-9 * maxStrength)
        for _ in 0..<2 {
            var w = [Double](repeating: 0, count: kinds.count)
            for s in kinds.indices where rowOf[s] < 0 {
                switch kinds[s] {
                case .external:
                    w[s] = random()
                case .slack, .error:
                    if !cols.isEmpty(s) && abs(obj[s]) <= zeroCost && canIncrease(SymbolID(s)) { w[s] = random() }
                case .dummy:
                    break
                }
            }
            // How fast each basic symbol moves along the combined free direction.
            var d = [Double](repeating: 0, count: kinds.count)
            for r in rows.indices {
                let b = rows[r].basic
                guard b >= 0 && kinds[Int(b)] != .external else { continue }
                var v = 0.0
                for k in 0..<cellCount(Int32(r)) {
                    let cell = cellAt(Int32(r), k)
                    v += cell.coef * w[Int(cell.sym)]
                }
                d[Int(b)] = v
            }
            for x in order {
                var v = 0.0
                let r = rowOf[Int(x)]
                for k in 0..<cellCount(r) {
                    let cell = cellAt(r, k)
                    let s = Int(cell.sym)
                    v += cell.coef * (rowOf[s] >= 0 ? d[s] : w[s])
                }
                d[Int(x)] = v
            }
            for i in varList.indices {
                let s = Int(varSyms[i])
                let v = rowOf[s] >= 0 ? d[s] : w[s]
                if !nearZero(v) { ambiguous[i] = true }
            }
        }
        var out: [Variable] = []
        for i in varList.indices where ambiguous[i] {
            out.append(varList[i] ?? blockVariable(Int(varBlockEntry[i])))  // an object is made to report it
        }
        return out
    }

    /// Can non-basic restricted symbol `s` increase by a positive step without making a proper row
    /// infeasible (kiwi's ratio test, without pivoting)?
    @usableFromInline
    func canIncrease(_ s: SymbolID) -> Bool {
        for j in 0..<cols.count(Int(s)) {
            let e = cols[Int(s), j]
            let b = rows[Int(e.row)].basic
            guard b >= 0 && kinds[Int(b)] != .external else { continue }
            let c = cellAt(e.row, Int(e.cellPos)).coef
            if kinds[Int(b)] == .dummy { return false }
            if c < 0 && rows[Int(e.row)].constant < 1.0e-8 { return false }
        }
        return true
    }
}
