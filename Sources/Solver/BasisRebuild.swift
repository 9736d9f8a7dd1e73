// Rebuilding the tableau at the basis it stands on, pivoting for size: a refactorization with
// partial pivoting, as linear-programming codes refactor their basis matrix.
//
// Replaying the adds in order (`Refactor.swift`) replays kiwi's choices of subject and entering
// symbol, and with them any pivot on an element that is small beside its row. A churn's fresh
// build of 40 constraints with coefficients from 0.5 to 3 reached coefficients 3e-5 off its
// constraints that way, and the next edit pivoted on a cell rounding had made, leaving a required
// bound 290 off. The basis alone fixes the tableau in exact arithmetic; the order of elimination only
// decides the rounding. So this rebuild takes the constraints in order, writes each over the symbols
// not yet basic, and solves it for the symbol of the basis it holds with the largest coefficient
// (Gaussian elimination with partial pivoting over the row), without any simplex step; then the
// simplex repairs what the drifted tableau had wrong about feasibility or optimality.

extension SolverCore {
    /// Adds `record`'s constraint (its terms in the accumulator) as a row solved for one of the
    /// symbols `basis` marks — a variable by id, the constraint's own marker and error by `basic` —
    /// without optimizing. A variable no row names yet is taken as a definition of the terms as
    /// written (the fast path of `addAccumulated`, which keeps chains as chains) when its coefficient
    /// is at least a tenth of the row's largest; otherwise the row is expanded over the non-basic
    /// symbols and solved for the largest of the basis's symbols in it. False when none is there
    /// above rounding (the basis is singular to rounding: the ordered rebuild is tried instead).
    mutating func addAtBasis(
        _ record: ConstraintRecord, slot: Int32, basic: (marker: Bool, other: Bool), basis: inout [Bool]
    ) -> Bool {
        let required = record.strength >= Strength.required
        let op = operatorOf(record)
        let expressionConstant = accConstant
        beginResidualTerms()
        let tag = accumulateTagSymbols(op, required: required)
        if basis.count < kinds.count { basis += repeatElement(false, count: kinds.count - basis.count) }
        basis[Int(tag.marker)] = basic.marker
        if tag.other >= 0 { basis[Int(tag.other)] = basic.other }

        ensureDefPos()
        var fresh: SymbolID = -1
        var largest = 0.0
        for c in acc { largest = Swift.max(largest, abs(c.coef)) }
        for c in acc
        where kinds[Int(c.sym)] == .external && basis[Int(c.sym)] && rowOf[Int(c.sym)] < 0
            && cols.isEmpty(Int(c.sym)) && abs(c.coef) >= 0.1 * largest
        {
            if fresh < 0 || abs(c.coef) > abs(acc[Int(idxA[Int(fresh)])].coef) { fresh = c.sym }
        }
        if fresh >= 0 {
            _ = commit(
                .rebuilt(slot), tag: tag, strength: record.strength, required: required, op: op,
                constant: expressionConstant)
            // Whether it depends on a free variable, directly or through a definition (conservative).
            let param = acc.contains {
                kinds[Int($0.sym)] == .external && $0.sym != fresh && (rowOf[Int($0.sym)] < 0 || hasParam[Int($0.sym)])
            }
            let row = allocRow(basic: fresh)
            reserveCells(row, acc.count)
            let f = -1.0 / acc[Int(idxA[Int(fresh)])].coef
            for c in acc where c.sym != fresh { addCell(row, c.sym, c.coef * f) }
            rows[Int(row)].constant = accConstant * f
            defPos[Int(fresh)] = nextBack
            nextBack += 1
            order.append(fresh)
            hasParam[Int(fresh)] = param
            return true
        }

        expandAccumulator()
        var subject: SymbolID = -1
        var pivotSize = 0.0
        largest = 0
        for c in acc {
            largest = Swift.max(largest, abs(c.coef))
            if basis[Int(c.sym)] && abs(c.coef) > pivotSize {
                subject = c.sym
                pivotSize = abs(c.coef)
            }
        }
        guard subject >= 0, pivotSize >= 1e-7 * largest else { return false }
        _ = commit(
            .rebuilt(slot), tag: tag, strength: record.strength, required: required, op: op,
            constant: expressionConstant)
        let row = insertExpandedRow(solvedFor: subject)
        // A restricted symbol may be named by definitions already (unlike a new constraint's marker):
        // none may name it once it is basic.
        substitute(subject, from: row, definitions: kinds[Int(subject)] != .external)
        return true
    }

    /// After `addAtBasis` for every constraint: rows rounding left infeasible are repaired by the
    /// dual simplex, then the objective is optimized. False when a row stays infeasible.
    mutating func settleAtBasis() throws(SolverError) -> Bool {
        infeasible.removeAll(keepingCapacity: true)
        for r in rows.indices {
            let b = rows[r].basic
            guard b >= 0, kinds[Int(b)] != .external, rows[r].constant < 0, !nearZero(rows[r].constant) else {
                continue
            }
            infeasible.append(b)
        }
        infeasible.sort()
        try dualOptimize()
        try optimize()
        pruneInfeasible()
        return infeasible.isEmpty
    }
}
