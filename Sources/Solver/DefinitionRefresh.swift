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
// So the basic symbols whose rows pivots changed are noted, and after each removal the definitions
// that name them are rewritten through those rows, as kiwi's substitution would have done: the
// residues are formed and dropped. Removal is where a churn pivots back and forth; the sweeps' hot
// path (suggestions) only notes.

extension SolverCore {
    /// After `substitute(s, from:)` in a pivot: `s` and the proper rows just changed (`targets`) have
    /// new rows, which definitions naming their basic symbols have not seen.
    @inlinable
    mutating func noteChangedRows(entering s: SymbolID) {
        changedBasics.append(s)
        for i in targets.indices {
            let b = rows[Int(targets[i].row)].basic
            if b >= 0 && kinds[Int(b)] != .external { changedBasics.append(b) }
        }
        // A long run of suggestions with no removal: keep one note per symbol.
        if changedBasics.count > 2 * kinds.count + 64 { removeDuplicateNotes() }
    }

    @usableFromInline
    mutating func removeDuplicateNotes() {
        stampC &+= 1
        let seen = stampC
        var kept = 0
        for i in changedBasics.indices {
            let s = changedBasics[i]
            if markC[Int(s)] == seen { continue }
            markC[Int(s)] = seen
            changedBasics[kept] = s
            kept += 1
        }
        changedBasics.removeLast(changedBasics.count - kept)
    }

    /// Rewrites every definition that names a noted symbol, still basic and restricted, through
    /// that symbol's row (proper rows are in non-basic symbols, so one pass suffices).
    @usableFromInline
    mutating func refreshDefinitions() {
        var rewritten = false
        for i in changedBasics.indices {
            let s = changedBasics[i]
            let r = rowOf[Int(s)]
            guard r >= 0, kinds[Int(s)] != .external else { continue }
            var named = false
            for e in cols.entries(of: Int(s)) where isDefinition(e.row) {
                named = true
                break
            }
            if named {
                substitute(s, from: r, definitions: true)
                rewritten = true
            }
        }
        changedBasics.removeAll(keepingCapacity: true)
        if rewritten {
            // The definitions' cells changed (values are compiled from them), and a proper row may
            // have brought in a free variable (`hasParam`).
            programDirty = true
            orderDirty = true
        }
    }
}
