// The Cassowary algorithms (Badros, Borning & Stuckey 2001), following kiwi's solverimpl.h step by
// step, on the sparse tableau of Tableau.swift.
//
// One deliberate difference from kiwi: rows whose basic symbol is *external* (a user variable) are
// kept as definitions `x = c + Σ a·s` that may refer to other definitions, and substituting a new
// definition does not rewrite the definitions that name its variable. They are identities implied by
// the constraints, so they stay true in every basis; `updateVariables` evaluates them in dependency
// order. kiwi instead rewrites every such row in terms of non-basic symbols, which makes a chain of
// n views cost O(n²) in memory and time (row of 1000 views: 1.6 s build in kiwi). Proper simplex
// rows (restricted basic symbols) are expanded exactly as in kiwi, so feasibility, optimality and
// the dual simplex are unchanged.
//
// A definition never names a *restricted* symbol that is basic: a pivot substitutes the entering
// symbol's row into the definitions that name it, as kiwi does into every row. Left named, as it
// once was, a definition's own cell on a non-basic symbol t and its coefficient times the basic
// symbol's row on t sum to 0 in exact arithmetic and to a residue in floating point, a sum nothing
// forms, so `nearZero` never drops it; later pivots through rows with large constants multiplied it
// until a removal pivoted on one (1.5e-7) and broke a required equality by 11
// (`requiredConstraintsHoldToRoundingThroughALongChurn`). Substituted, the residue is formed and
// dropped at once. It costs the enaml_like build about a seventh more substitution work; a
// restricted non-basic symbol is worth 0, so values follow from the definitions alone (ValueProgram).
//
// Consequences handled below: a constraint that introduces a new variable (and that kiwi would
// solve for it) becomes its definition as written, in O(terms); other rows are expanded through
// the definitions in reverse dependency order (`expandAccumulator`); edits adjust the constants
// of the definitions that contain the edit's marker directly; removal rewrites definitions that
// contain the marker, expanding them first when only definitions do (`expandDefinitions`).
// Invariants.swift states what must hold and the tests check it.

extension SolverCore {
    // MARK: - Substitution and pivoting

    /// `target += f · source` (kiwi: Row::insert(row, coefficient)); the source row `srcRow` is
    /// scattered in markA/idxA.
    @inlinable
    mutating func addScaledSource(into t: Int32, factor f: Double) {
        // A short source into a long target (typical when one long row absorbs pivots one by one):
        // find each source symbol through its column instead of scanning the target.
        let targetLength = cellCount(t)
        let n = cellCount(srcRow)
        if n * 4 < targetLength {
            var lookups = 0
            for i in 0..<n { lookups += cols.count(Int(cellAt(srcRow, i).sym)) }
            if lookups < targetLength {
                addScaledSourceByColumns(into: t, factor: f)
                return
            }
        }
        stampB &+= 1
        let sb = stampB
        let sa = stampA
        // Neither row moves in this loop (removing a cell only swaps within the target), so their
        // starts are read once.
        let ts = Int(rows[Int(t)].start)
        let ss = Int(rows[Int(srcRow)].start)
        var k = cellCount(t) - 1
        while k >= 0 {
            let cell = pool[ts + k]
            let sym = Int(cell.sym)
            if markA[sym] == sa {
                markB[sym] = sb
                let v = cell.coef + f * pool[ss + Int(idxA[sym])].coef
                if nearZero(v) { removeCell(t, k) } else { pool[ts + k].coef = v }
            }
            k -= 1
        }
        // The source's cells the target lacks (appending may move the target, or compact the pool
        // and move the source: `cellAt` reads the start each time).
        for i in 0..<n {
            let c = cellAt(srcRow, i)
            if markB[Int(c.sym)] != sb {
                let v = f * c.coef
                if !nearZero(v) { addCell(t, c.sym, v) }
            }
        }
        rows[Int(t)].constant += f * srcConstant
    }

    @inlinable
    mutating func addScaledSourceByColumns(into t: Int32, factor f: Double) {
        for i in 0..<cellCount(srcRow) {
            let c = cellAt(srcRow, i)
            var found = -1
            let s = Int(c.sym)
            for j in 0..<cols.count(s) where cols[s, j].row == t {
                found = Int(cols[s, j].cellPos)
                break
            }
            if found >= 0 {
                let v = cellAt(t, found).coef + f * c.coef
                if nearZero(v) { removeCell(t, found) } else { setCoef(t, found, v) }
            } else {
                let v = f * c.coef
                if !nearZero(v) { addCell(t, c.sym, v) }
            }
        }
        rows[Int(t)].constant += f * srcConstant
    }

    /// Make row `r` the source and scatter its symbols. The source is read in place: the substitution
    /// writes other rows only (row `r` holds its basic symbol, which it is substituting away), and a
    /// row that grows moves within the pool by index, so `r`'s cells stay where `srcRow` finds them.
    /// Copying the row every time cost a fresh n-cell buffer per pivot in a new solver, and at
    /// n = 10,000 those fresh pages' faults were much of what made the chain's `add_edit`
    /// superlinear (`layoutlab-bench --only ratios`).
    @inlinable
    mutating func loadSource(_ r: Int32) {
        srcRow = r
        srcConstant = rows[Int(r)].constant
        stampA &+= 1
        let start = Int(rows[Int(r)].start)
        for i in 0..<cellCount(r) {
            let s = Int(pool[start + i].sym)
            markA[s] = stampA
            idxA[s] = Int32(i)
        }
    }

    /// Replace symbol `s` by row `r` (where `s` is basic) in every proper row containing it and in the
    /// objective; with `definitions`, also in definition rows. Rows that become infeasible are queued
    /// for the dual simplex (kiwi: substitute). `largest` is row `r`'s largest coefficient, where the
    /// caller has it.
    @usableFromInline
    mutating func substitute(_ s: SymbolID, from r: Int32, definitions: Bool = false, largest: Double? = nil) {
        loadSource(r)
        var largestFactor = 0.0
        targets.removeAll(keepingCapacity: true)
        // By index: a slice of the column index retained and released its storage on every call.
        for j in 0..<cols.count(Int(s)) {
            let e = cols[Int(s), j]
            if definitions || !isDefinition(e.row) { targets.append(e) }
        }
        let queued = infeasible.count
        for i in targets.indices {  // by index: iterating the array retains and releases its buffer
            let e = targets[i]
            let t = e.row
            journalRow(t)
            let f = cellAt(t, Int(e.cellPos)).coef
            largestFactor = Swift.max(largestFactor, abs(f))
            removeCell(t, Int(e.cellPos))
            addScaledSource(into: t, factor: f)
            let b = rows[Int(t)].basic
            if b >= 0 && kinds[Int(b)] != .external && rows[Int(t)].constant < 0 { infeasible.append(b) }
        }
        // Each row gains its coefficient of `s` times the source's cells, and with them their rounding:
        // that product is what the elimination can magnify (`noteGrowth`). The source row's largest
        // cell alone, 1 over the pivot element, misses the column's part: a churn's fresh build went
        // from 1e-16 to 3e-9 of drift while it counted 7 bits.
        if largestFactor > 0 { noteGrowth((largest ?? largestCoefficient(r)) * largestFactor) }
        orderQueued(from: queued)
        let f = obj[Int(s)]
        if f != 0 {
            setObj(s, 0)
            for i in 0..<cellCount(srcRow) {
                let c = cellAt(srcRow, i)
                setObj(c.sym, obj[Int(c.sym)] + f * c.coef)
            }
        }
    }

    /// Puts the rows queued since `start` in symbol order, as kiwi's ordered row scan would meet them.
    /// Rows are queued straight into `infeasible`: no scratch list to clear and copy on every suggestion.
    @inlinable
    mutating func orderQueued(from start: Int) {
        let n = infeasible.count
        if n - start < 2 { return }
        // Insertion sort: almost always two or three entries.
        for i in start + 1..<n {
            let p = infeasible[i]
            var j = i
            while j > start && infeasible[j - 1] > p {
                infeasible[j] = infeasible[j - 1]
                j -= 1
            }
            infeasible[j] = p
        }
    }

    /// Row `r`'s basic symbol leaves, `entering` enters; substitute everywhere (kiwi's pivot idiom:
    /// rows.erase(leaving); row.solveFor(leaving, entering); substitute(entering, row)).
    @usableFromInline
    mutating func pivot(_ r: Int32, entering: SymbolID) {
        journalRow(r)
        let largest = exchange(r, entering: entering)
        // No definition names a basic restricted symbol.
        substitute(entering, from: r, definitions: true, largest: largest)
    }

    /// Row `r: leaving = c + Σ` becomes `entering = …` in place (kiwi: solveFor(leaving, entering)).
    /// The leaving symbol takes over the entering symbol's cell, so a full row never reallocates.
    /// Returns the new row's largest coefficient.
    @usableFromInline @discardableResult
    mutating func exchange(_ r: Int32, entering: SymbolID) -> Double {
        let leaving = rows[Int(r)].basic
        let k = cellIndex(r, entering)!
        let a = cellAt(r, k).coef
        unlinkColumn(Int(entering), Int(cellAt(r, k).colPos))
        let j = cols.append(Int(leaving), ColumnEntry(row: r, cellPos: Int32(k)))
        let start = Int(rows[Int(r)].start)
        let n = cellCount(r)
        pool[start + k] = Cell(sym: leaving, colPos: j, coef: -1)
        let f = -1.0 / a
        rows[Int(r)].constant *= f
        var i = start
        var largest = 0.0
        while i < start + n {
            let v = pool[i].coef * f
            pool[i].coef = v
            largest = Swift.max(largest, abs(v))
            i += 1
        }
        // The pivot's growth is noted where the row is substituted (`substitute`).
        if largest >= 2 { refinementDue = true }
        rows[Int(r)].basic = entering
        rowOf[Int(entering)] = r
        rowOf[Int(leaving)] = -1
        return largest
    }

    /// Row `r`'s largest coefficient in magnitude.
    func largestCoefficient(_ r: Int32) -> Double {
        var largest = 0.0
        for k in 0..<cellCount(r) { largest = Swift.max(largest, abs(cellAt(r, k).coef)) }
        return largest
    }

    // MARK: - Primal simplex

    /// kiwi: optimize(objective), with the entering symbol taken from the negative-coefficient heap.
    @usableFromInline
    mutating func optimize() throws(SolverError) {
        while let entering = popEntering() {
            guard let r = leavingRow(entering) else {
                // Nothing bounds the entering symbol. The objective is a positive sum of error
                // symbols, all restricted to ≥ 0, so it is never unbounded in exact arithmetic: this
                // is rounding. With weights up to 1e9 a coefficient that should be 0 comes out as
                // −1e-8…−1e-6 after many pivots; and where 1e12 and 1e-12 meet in one system, the
                // cells that bound it fell under `nearZero` and were dropped. Either way, moving
                // along it does not truly lower the objective: drop it rather than fail (kiwi throws
                // "The objective is unbounded", and a layout engine then has no frames at all).
                setObj(entering, 0)
                continue
            }
            pivot(r, entering: entering)
        }
    }

    @inlinable
    mutating func popEntering() -> SymbolID? {
        while !heap.isEmpty {
            let s = SymbolID(truncatingIfNeeded: heap.min)
            // A stale entry can name an id that was released and reused for a dummy (a required
            // equality's marker): dummies carry objective coefficients through substitutions but must
            // never enter (kiwi: getEnteringSymbol skips them), or the equality stops holding.
            // It stays queued until it enters.
            if obj[Int(s)] < 0 && rowOf[Int(s)] < 0 && kinds[Int(s)] != .dummy { return s }
            _ = heapPop()
        }
        return nil
    }

    /// kiwi: getLeavingRow — minimum ratio over proper rows with a negative coefficient; ties go to the
    /// lowest basic symbol (kiwi's row order).
    @usableFromInline
    func leavingRow(_ entering: SymbolID) -> Int32? {
        var best: Int32 = -1
        var bestBasic = Int32.max
        var ratio = Double.greatestFiniteMagnitude
        for j in 0..<cols.count(Int(entering)) {
            let e = cols[Int(entering), j]
            let b = rows[Int(e.row)].basic
            if b < 0 || kinds[Int(b)] == .external { continue }
            let c = cellAt(e.row, Int(e.cellPos)).coef
            if c < 0 {
                let rr = -rows[Int(e.row)].constant / c
                if rr < ratio || (rr == ratio && b < bestBasic) {
                    ratio = rr
                    best = e.row
                    bestBasic = b
                }
            }
        }
        return best >= 0 ? best : nil
    }

    // MARK: - Dual simplex

    /// kiwi: dualOptimize — restore feasibility after edits changed row constants. kiwi takes the
    /// leaving rows last queued first, which can cycle where ratios tie (the slacks of required
    /// constraints cost nothing, so their ratios are all 0): a fuzzed churn pivoted seven rows round
    /// and round for ever. Past `dualPivotLimit` pivots the rest is done by Bland's rule, which ends.
    @usableFromInline
    mutating func dualOptimize() throws(SolverError) {
        var pivots = 0
        let limit = dualPivotLimit
        while let leaving = infeasible.popLast() {
            if pivots >= limit {
                dualOptimizeByBlandsRule()
                return
            }
            let r = rowOf[Int(leaving)]
            guard r >= 0 else { continue }
            let c = rows[Int(r)].constant
            // Only simplex rows are repaired: a definition's constant is part of a variable's value,
            // which may be negative (`infeasible` names simplex rows only, see `pruneInfeasible`).
            guard !nearZero(c) && c < 0 && !isDefinition(r) else { continue }
            // No symbol can restore this row: with exact arithmetic an edit (never required) can
            // always be met by its error symbols, so this is a row whose cells rounding dropped (1e12
            // against 1e-12). Leave it slightly infeasible rather than fail (kiwi throws here).
            guard let entering = dualEntering(r) else { continue }
            pivot(r, entering: entering)
            pivots += 1
        }
    }

    /// Pivots after which `dualOptimize` suspects a cycle: four per row and 50 more. Restoring
    /// feasibility after an edit takes a few; a pivot per row is already a large move.
    @inlinable
    var dualPivotLimit: Int { 50 + 4 * rows.count }

    /// The dual simplex by Bland's rule: the infeasible simplex row with the lowest basic symbol
    /// leaves, the lowest symbol among the tied ratios enters (`dualEntering`'s tie-break). With both
    /// choices by lowest index no basis repeats, so it ends (Bland 1977, applied to the dual). Rows no
    /// symbol can repair are left, as `dualOptimize` leaves them.
    @usableFromInline
    mutating func dualOptimizeByBlandsRule() {
        infeasible.removeAll(keepingCapacity: true)
        var unrepairable: Set<SymbolID> = []
        while true {
            var row: Int32 = -1
            var lowest = SymbolID.max
            for r in rows.indices {
                let b = rows[r].basic
                guard b >= 0, b < lowest, kinds[Int(b)] != .external, !isDefinition(Int32(r)) else { continue }
                let c = rows[r].constant
                if c < 0 && !nearZero(c) && !unrepairable.contains(b) {
                    row = Int32(r)
                    lowest = b
                }
            }
            guard row >= 0 else { return }
            guard let entering = dualEntering(row) else {
                unrepairable.insert(lowest)
                continue
            }
            pivot(row, entering: entering)
            infeasible.removeAll(keepingCapacity: true)  // the scan above finds them
        }
    }

    /// kiwi: getDualEnteringSymbol — minimum objective/coefficient ratio over positive coefficients.
    @usableFromInline
    func dualEntering(_ r: Int32) -> SymbolID? {
        var entering: SymbolID = -1
        var ratio = Double.greatestFiniteMagnitude
        for k in 0..<cellCount(r) {
            let cell = cellAt(r, k)
            if cell.coef > 0 && kinds[Int(cell.sym)] != .dummy {
                let rr = obj[Int(cell.sym)] / cell.coef
                if rr < ratio || (rr == ratio && cell.sym < entering) {
                    ratio = rr
                    entering = cell.sym
                }
            }
        }
        return entering >= 0 ? entering : nil
    }
}
