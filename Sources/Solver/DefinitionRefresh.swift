// Keeping definitions consistent with the rows of the basic symbols they name.
//
// A definition `x = c + Σ a·s` may name basic restricted symbols, and pivots do not substitute into
// it (Simplex.swift): in exact arithmetic it stays true in every basis. In floating point, a
// definition's coefficient times its basic symbol's row, added to the definition's own cell on the
// same symbol, leaves a residue where the sum should be 0 (1e-13). kiwi substitutes every pivot into
// every row, so such a sum is formed at once and `nearZero` drops it; here it is never formed, and
// later pivots through rows with large constants multiply it. A churn of removals, re-additions and
// required bounds 1000 away (CellPoolTests: seed 14885387374363155550, 12 variables) grew it from
// 1e-13 to 1e-7 in about 100 steps, until a pivot on such a residue (1.5e-7) broke a required
// equality by 11 and the solver ended off the unique solution (x0 -79.93 for -80).
//
// So each removal ends by rewriting every definition that names a basic restricted symbol through
// that symbol's row, as kiwi's substitution would have done: the residues are formed and dropped.
// Removal is where a churn pivots back and forth. Pivots themselves note nothing: noting the rows
// each pivot changed cost the enaml_like build about 5% (alternating runs), and suggestions, the
// sweeps' hot path, never remove.
//
// Finding them costs a look at each row: a basic symbol's column holds only definitions' cells
// (proper rows are in non-basic symbols), and it is empty unless a definition names the symbol.

extension SolverCore {
    /// Rewrites every definition that names a basic restricted symbol through that symbol's row
    /// (proper rows are in non-basic symbols, so one pass suffices).
    @usableFromInline
    mutating func refreshDefinitions() {
        var rewritten = false
        for r in 0..<Int32(rows.count) {
            let s = rows[Int(r)].basic
            guard s >= 0, rowOf[Int(s)] == r, kinds[Int(s)] != .external, !cols.isEmpty(Int(s)) else {
                continue
            }
            substitute(s, from: r, definitions: true)
            rewritten = true
        }
        // Values are compiled from the definitions' cells. Proper rows hold no free variable, so
        // no definition gains a parameter, and no definition refers to another it did not before.
        if rewritten { programDirty = true }
    }
}
