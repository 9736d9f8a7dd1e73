// Adding a `ConstraintBatch`: kiwi's addConstraint for each constraint in turn, with no object,
// dictionary lookup or expression array per constraint. Each constraint's terms are merged into the
// accumulator exactly as `Constraint`'s reduced expression would be (first appearance, summed, near
// zero dropped) and go through `addAccumulated`, so a batch and the same constraints added one by
// one as objects build the same tableau, symbol for symbol, and give bit-for-bit the same values.
// A constraint whose subject is a fresh variable becomes its definition row directly there.

extension SolverCore {
    /// Adds constraints `start…` of a batch in order, appending their record slots to `slots`; stops
    /// at the first one that cannot be added and throws its error (it and the rest are not added).
    @usableFromInline
    mutating func addBatch(_ batch: ConstraintBatch, from start: Int, slots: inout [Int32]) throws(SolverError) {
        guard start < batch.count else { return }
        let b = storeBatch(batch)
        defer {
            if batchLive[Int(b)] == 0 {
                batches[Int(b)] = nil
                freeBatches.append(b)
            }
        }
        // Each batch variable's symbol, looked up on its first use in the batch.
        batchSymbols.removeAll(keepingCapacity: true)
        batchSymbols.append(contentsOf: repeatElement(-1, count: batch.variableCount))
        let blockCount = batch.block?.count ?? 0
        let blockStart = Int(batch.block?.start ?? 0)
        if let block = batch.block { check(block) }
        slots.reserveCapacity(slots.count + batch.count - start)
        for k in start..<batch.count {
            let first = beginAdd()
            accReset()
            accConstant = batch.constants[k]
            mergeTerms(batch, k)
            for i in mergedTerms.indices where !nearZero(mergedTerms[i].coef) {
                let t = mergedTerms[i]
                let v = Int(t.sym)
                var s = batchSymbols[v]
                if s < 0 {
                    s = v < blockCount ? blockSymbol(blockStart + v) : symbol(for: batch.variables[v - blockCount])
                    batchSymbols[v] = s
                }
                accAdd(s, t.coef)
            }
            // A refused constraint ends the call (its rolled-back symbols may be cached above: unused).
            slots.append(
                try addAccumulated(batch.operators[k], strength: batch.strengths[k], .batch(b, Int32(k)), since: first))
        }
    }

    /// Constraint `k`'s terms with each variable index once, coefficients summed, in order of first
    /// appearance (what `Expression.reduced()` makes of them), into `mergedTerms` (`sym` holds the
    /// batch's variable index).
    @inlinable
    mutating func mergeTerms(_ batch: ConstraintBatch, _ k: Int) {
        mergedTerms.removeAll(keepingCapacity: true)
        outer: for t in batch.terms(of: k) {
            let v = batch.termVariables[t]
            let c = batch.termCoefficients[t]
            for i in mergedTerms.indices where mergedTerms[i].sym == v {
                mergedTerms[i].coef += c
                continue outer
            }
            mergedTerms.append(Cell(sym: v, colPos: 0, coef: c))
        }
    }

    /// Keeps the batch for naming its constraints later; returns its index.
    @usableFromInline
    mutating func storeBatch(_ batch: ConstraintBatch) -> Int32 {
        if let b = freeBatches.popLast() {
            batches[Int(b)] = batch
            return b
        }
        batches.append(batch)
        batchLive.append(0)
        return Int32(batches.count - 1)
    }
}
