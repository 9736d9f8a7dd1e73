// The tableau checked against the constraints it was built from (for tests).
//
// Every live constraint `expression OP 0` entered the tableau as `expression + markers = 0` (its slack,
// error or dummy symbols, signed as `addAccumulated` adds them). Pivots and substitutions rewrite rows
// but never change what they mean, so with every basic symbol replaced by its row, recursively, that
// sum must vanish over the non-basic symbols: every coefficient and the constant 0. What does not
// vanish is rounding the tableau has kept: residue that kiwi drops with `nearZero` at every pivot.

extension SolverCore {
    /// One message per live constraint whose expression with its markers, expanded over non-basic
    /// symbols, keeps a coefficient or a constant larger than `tolerance` times the magnitude of the
    /// terms that summed to it (at least 1).
    func consistencyViolations(tolerance: Double = 1e-9) -> [String] {
        var expansions: [Int32: [Int32: (Double, Double)]] = [:]
        var problems: [String] = []
        // An edit constraint `v == 0` is `v − suggestion == 0`: suggestions move its rows' constants.
        var editConstant: [Int32: Double] = [:]
        for e in editInfos { editConstant[e.marker] = e.constant }
        for slot in records.indices where records[slot].live {
            guard let (terms, constant) = content(of: Int32(slot)) else {
                problems.append("constraint \(slot): a variable the solver does not know")
                continue
            }
            let record = records[slot]
            let c0 = constant - (editConstant[record.tag.marker] ?? 0)
            var sum: [Int32: (Double, Double)] = [-1: (c0, abs(c0))]
            func add(_ s: SymbolID, _ c: Double) {
                guard let e = expansion(of: s, memo: &expansions) else { return }
                for (t, (v, m)) in e {
                    let old = sum[t] ?? (0, 0)
                    sum[t] = (old.0 + c * v, old.1 + abs(c) * m)
                }
            }
            for (s, c) in terms { add(s, c) }
            for (s, c) in markerTerms(record) { add(s, c) }
            for (t, (v, m)) in sum.sorted(by: { $0.key < $1.key }) where abs(v) > tolerance * max(1, m) {
                let what = t < 0 ? "constant" : "coefficient of symbol \(t) (\(kinds[Int(t)]))"
                problems.append("constraint \(slot): \(what) is \(v) where its terms sum to magnitude \(m)")
            }
        }
        return problems
    }

    /// A constraint's terms over symbols and its constant, as the solver reduced them when adding it.
    func content(of slot: Int32) -> ([(SymbolID, Double)], Double)? {
        let record = records[Int(slot)]
        var terms: [(SymbolID, Double)] = []
        if let c = record.object {
            for t in c.expression.terms where !nearZero(t.coefficient) {
                guard let s = existingSymbol(for: t.variable) else { return nil }
                terms.append((s, t.coefficient))
            }
            return (terms, c.expression.constant)
        }
        guard record.batch >= 0, let batch = batches[Int(record.batch)] else { return nil }
        let k = Int(record.index)
        let blockCount = batch.block?.count ?? 0
        var merged: [(Int32, Double)] = []
        for t in batch.terms(of: k) {
            let v = batch.termVariables[t]
            if let i = merged.firstIndex(where: { $0.0 == v }) {
                merged[i].1 += batch.termCoefficients[t]
            } else {
                merged.append((v, batch.termCoefficients[t]))
            }
        }
        for (v, c) in merged where !nearZero(c) {
            let s: SymbolID?
            if Int(v) < blockCount {
                let i = Int(blockVar[Int(batch.block!.start) + Int(v)])
                s = i >= 0 ? varSyms[i] : nil
            } else {
                s = existingSymbol(for: batch.variables[Int(v) - blockCount])
            }
            guard let s else { return nil }
            terms.append((s, c))
        }
        return (terms, batch.constants[k])
    }

    /// The symbol a variable has in this solver, without meeting it.
    func existingSymbol(for v: Variable) -> SymbolID? {
        let i = Int(v.solverIndex)
        if i >= 0 && i < varList.count && varList[i] === v { return varSyms[i] }
        let e = Int(v.blockEntry)
        if e >= 0 && e < blockObjects.count && blockObjects[e] === v {
            let j = Int(blockVar[e])
            return j >= 0 ? varSyms[j] : nil
        }
        return varSym[ObjectIdentifier(v)]
    }

    /// The marker and error terms a constraint's row was given (`addAccumulated`), by its kinds.
    func markerTerms(_ record: ConstraintRecord) -> [(SymbolID, Double)] {
        let (m, o) = (record.tag.marker, record.tag.other)
        guard kinds[Int(m)] != .external else { return [] }
        let (a, b) = tagCoefficients(marker: m, operatorOf(record))
        return o >= 0 ? [(m, a), (o, b)] : [(m, a)]
    }

    /// The coefficients a constraint's row gives its marker and its other tag symbol, by the marker's
    /// kind (`addAccumulated`): a dummy +1; a slack +1 for `≤`, −1 for `≥` (the error the opposite);
    /// a non-required equality's errors −1 and +1.
    @inlinable
    func tagCoefficients(marker m: SymbolID, _ op: RelationalOperator) -> (marker: Double, other: Double) {
        switch kinds[Int(m)] {
        case .dummy: return (1, 0)
        case .slack:
            let sign: Double = op == .lessOrEqual ? 1 : -1
            return (sign, -sign)
        case .error, .external: return (-1, 1)
        }
    }

    /// Symbol `s` over non-basic symbols (key −1: the constant), each with the magnitude of what
    /// summed to it; nil for a basic symbol whose rows refer back to it (a broken tableau, reported
    /// by `invariantViolations`).
    func expansion(of s: SymbolID, memo: inout [Int32: [Int32: (Double, Double)]]) -> [Int32: (Double, Double)]? {
        let r = rowOf[Int(s)]
        if r < 0 { return [s: (1, 1)] }
        if let e = memo[s] { return e }
        memo[s] = [:]  // in progress: a cycle expands to nothing
        let constant = rows[Int(r)].constant
        var out: [Int32: (Double, Double)] = [-1: (constant, abs(constant))]
        for k in 0..<cellCount(r) {
            let cell = cellAt(r, k)
            guard let e = expansion(of: cell.sym, memo: &memo) else { continue }
            for (t, (v, m)) in e {
                let old = out[t] ?? (0, 0)
                out[t] = (old.0 + cell.coef * v, old.1 + abs(cell.coef) * m)
            }
        }
        memo[s] = out
        return out
    }
}

extension Solver {
    /// See `SolverCore.consistencyViolations` (for tests and the churn checks).
    @_spi(Checks) public func consistencyViolations(tolerance: Double = 1e-9) -> [String] {
        core.consistencyViolations(tolerance: tolerance)
    }
}
