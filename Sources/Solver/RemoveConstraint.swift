// Removing a constraint through its marker (Badros, Borning & Stuckey 2001; kiwi: removeConstraint).

extension SolverCore {
    // MARK: - Removing constraints

    @usableFromInline
    mutating func removeConstraint(_ constraint: Constraint) throws(SolverError) {
        guard let slot = slot(of: constraint) else { throw .unknownConstraint(constraint) }
        try removeRecord(slot)
    }

    /// Removes the constraint in a record slot.
    @usableFromInline
    mutating func removeRecord(_ slot: Int32) throws(SolverError) {
        let tag = records[Int(slot)].tag
        let strength = records[Int(slot)].strength
        removeResidualEntry(slot: slot)
        freeRecord(slot)
        programDirty = true
        refinementDue = true  // removal rewrites definitions through rows of any scale
        // kiwi: remove the error effects from the objective *before* pivoting.
        if kinds[Int(tag.marker)] == .error { removeMarkerEffects(tag.marker, strength) }
        if tag.other >= 0 && kinds[Int(tag.other)] == .error {
            removeMarkerEffects(tag.other, strength)
        }
        let m = tag.marker
        let r = rowOf[Int(m)]
        if r >= 0 {
            // Basic marker: definitions may still refer to it; rewrite them, then drop the row.
            substitute(m, from: r, definitions: true)
            freeRow(r)
        } else if var leave = markerLeavingRow(m) {
            if isDefinition(leave) {
                // Only definitions contain the marker (kiwi's third choice). A definition may refer to
                // other definitions that contain the marker too, so its own coefficient is not the
                // constraint's whole share: expand those definitions into non-basic symbols first
                // (as kiwi's rows always are), then choose among them.
                expandDefinitions(containing: m)
                guard let l = markerLeavingRow(m) else {
                    owner[Int(m)] = -1
                    if tag.other >= 0 { owner[Int(tag.other)] = -1 }
                    orderDirty = true
                    try optimize()
                    pruneInfeasible()
                    noteStructuralEdit()
                    return
                }
                leave = l
                // No simplex row names the marker, so no error depends on it and its cost in the
                // objective is 0 but for rounding (1.3e-8 against weights of 2e6 in a churn). Carried
                // through the definition's row, that residue would give the objective a cost on the
                // variable the removal frees, which nothing bounds.
                setObj(m, 0)
            }
            let largest = exchange(leave, entering: m)
            substitute(m, from: leave, definitions: true, largest: largest)
            freeRow(leave)
        }
        owner[Int(m)] = -1
        if tag.other >= 0 { owner[Int(tag.other)] = -1 }
        orderDirty = true
        try optimize()
        pruneInfeasible()
        releaseSymbol(m)
        releaseSymbol(tag.other)
        noteStructuralEdit()
    }

    /// Rewrite every definition that contains `m` in non-basic symbols only.
    @usableFromInline
    mutating func expandDefinitions(containing m: SymbolID) {
        var slots: [Int32] = []
        for j in 0..<cols.count(Int(m)) where isDefinition(cols[Int(m), j].row) { slots.append(cols[Int(m), j].row) }
        for r in slots {
            accReset()
            accConstant = rows[Int(r)].constant
            for k in 0..<cellCount(r) {
                let cell = cellAt(r, k)
                accAdd(cell.sym, cell.coef)
            }
            expandAccumulator()
            unlinkAllCells(r)
            // The marker's coefficient is what removal divides by. One far below the row's others is a
            // residue of rounding, not the constraint's share: pivoting on it would scale the row by its
            // inverse (the churn that broke a required equality by 11 pivoted on 1.5e-7).
            var largest = 0.0
            for c in acc { largest = Swift.max(largest, abs(c.coef)) }
            for c in acc where c.sym != m || abs(c.coef) >= Self.minimumRelativePivot * largest {
                addCell(r, c.sym, c.coef)
            }
            rows[Int(r)].constant = accConstant
        }
    }

    /// A marker coefficient below this fraction of its definition's largest is dropped as rounding
    /// before removal pivots on one (coefficients of layouts are ratios of sizes and multipliers, far
    /// above 1e-9 of each other).
    @usableFromInline static let minimumRelativePivot = 1e-9

    @usableFromInline
    mutating func removeMarkerEffects(_ marker: SymbolID, _ strength: Double) {
        let r = rowOf[Int(marker)]
        if r >= 0 {
            for k in 0..<cellCount(r) {
                let cell = cellAt(r, k)
                setObj(cell.sym, obj[Int(cell.sym)] - strength * cell.coef)
            }
        } else {
            setObj(marker, obj[Int(marker)] - strength)
        }
    }

    /// kiwi: getMarkerLeavingRow, except that a row whose basic symbol is a dummy goes first.
    ///
    /// A dummy is basic only where its required equality was redundant when added (its row then
    /// names dummies alone, at 0), and it must stay at 0. Removing a constraint whose marker that row
    /// names makes the equality no longer redundant: the dummy must leave the basis now, through
    /// that row (its ratio is 0, as low as any). kiwi breaks the tie at 0 by the lowest basic symbol
    /// instead; when that is another row, substituting the marker puts slack symbols and a constant
    /// into the dummy's row, later pivots move them, and the equality stops holding (a churn of
    /// `ChurnTests` broke one by 0.12 so).
    @usableFromInline
    func markerLeavingRow(_ marker: SymbolID) -> Int32? {
        for j in 0..<cols.count(Int(marker)) {
            let r = cols[Int(marker), j].row
            let b = rows[Int(r)].basic
            if b >= 0 && kinds[Int(b)] == .dummy { return r }
        }
        var r1 = Double.greatestFiniteMagnitude
        var r2 = Double.greatestFiniteMagnitude
        var first: Int32 = -1
        var second: Int32 = -1
        var third: Int32 = -1
        var b1 = Int32.max
        var b2 = Int32.max
        var b3 = Int32.min
        for j in 0..<cols.count(Int(marker)) {
            let e = cols[Int(marker), j]
            let b = rows[Int(e.row)].basic
            if b < 0 { continue }
            let c = cellAt(e.row, Int(e.cellPos)).coef
            if kinds[Int(b)] == .external {
                if b > b3 {
                    third = e.row
                    b3 = b
                }
            } else if c < 0 {
                let r = -rows[Int(e.row)].constant / c
                if r < r1 || (r == r1 && b < b1) {
                    r1 = r
                    first = e.row
                    b1 = b
                }
            } else {
                let r = rows[Int(e.row)].constant / c
                if r < r2 || (r == r2 && b < b2) {
                    r2 = r
                    second = e.row
                    b2 = b
                }
            }
        }
        if first >= 0 { return first }
        if second >= 0 { return second }
        return third >= 0 ? third : nil
    }

}
