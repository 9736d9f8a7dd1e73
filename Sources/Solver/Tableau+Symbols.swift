/// Symbols: made, reused after they leave the tableau, and rolled back with the journal.
extension SolverCore {
    // MARK: - Symbols

    @usableFromInline
    mutating func newSymbol(_ kind: SymbolKind) -> SymbolID {
        if let id = freeSymbols.popLast() {
            // Reuse the id of a symbol that left the tableau (see `releaseSymbol`), so a solver
            // that adds and removes constraints for ever does not grow its per-symbol arrays.
            let i = Int(id)
            kinds[i] = kind
            rowOf[i] = -1
            obj[i] = 0
            owner[i] = -1
            extValue[i] = 0
            defPos[i] = 0
            hasParam[i] = false
            markA[i] = 0
            markB[i] = 0
            markC[i] = 0
            reusedSymbols.append(id)
            return id
        }
        let id = SymbolID(kinds.count)
        kinds.append(kind)
        if kinds.count > rowOf.count { extendSymbolArrays(to: Swift.max(16, 2 * kinds.count)) }
        return id
    }

    /// The per-symbol arrays other than `kinds` run ahead of it, filled with each field's starting
    /// value, so a new symbol only appends its kind: appending to fifteen arrays was a tenth of
    /// building an Auto Layout tree when they were `Array`s. `kinds.count` is the
    /// number of symbols; the slots past it are always at their starting values.
    @usableFromInline
    mutating func extendSymbolArrays(to n: Int) {
        let k = n - rowOf.count
        guard k > 0 else { return }
        rowOf.append(contentsOf: repeatElement(-1, count: k))
        obj.append(contentsOf: repeatElement(0, count: k))
        inHeap.append(contentsOf: repeatElement(false, count: k))
        owner.append(contentsOf: repeatElement(-1, count: k))
        extValue.append(contentsOf: repeatElement(0, count: k))
        defPos.append(contentsOf: repeatElement(0, count: k))
        hasParam.append(contentsOf: repeatElement(false, count: k))
        markA.append(contentsOf: repeatElement(0, count: k))
        idxA.append(contentsOf: repeatElement(0, count: k))
        markB.append(contentsOf: repeatElement(0, count: k))
        markC.append(contentsOf: repeatElement(0, count: k))
        scratchCoef.append(contentsOf: repeatElement(0, count: k))
        jObjMark.append(contentsOf: repeatElement(false, count: k))
        cols.extendSymbols(to: n)
    }

    /// Puts the per-symbol slots of forgotten symbols back to their starting values (those
    /// `extendSymbolArrays` fills with): the slots past `kinds.count` always hold them.
    @usableFromInline
    mutating func resetSymbolSlots(_ slots: Range<Int>) {
        for i in slots {
            rowOf[i] = -1
            obj[i] = 0
            inHeap[i] = false
            owner[i] = -1
            extValue[i] = 0
            defPos[i] = 0
            hasParam[i] = false
            markA[i] = 0
            idxA[i] = 0
            markB[i] = 0
            markC[i] = 0
            scratchCoef[i] = 0
            jObjMark[i] = false
        }
    }

    /// Make a symbol's id reusable if nothing refers to it any more (no row, no column entry, no
    /// objective coefficient); a stale heap entry is harmless (checked when popped).
    @usableFromInline
    mutating func releaseSymbol(_ s: SymbolID) {
        let i = Int(s)
        guard s >= 0, kinds[i] != .external, rowOf[i] < 0, cols.isEmpty(i), obj[i] == 0 else { return }
        owner[i] = -1
        freeSymbols.append(s)
    }

    /// Forget symbols created since the add began: truncate new ids, give reused ids back.
    @usableFromInline
    mutating func rollbackSymbols(to count: Int) {
        truncateSymbols(to: count)
        for s in reusedSymbols.reversed() where Int(s) < count {  // back in their old order
            owner[Int(s)] = -1
            freeSymbols.append(s)
        }
        reusedSymbols.removeAll(keepingCapacity: true)
    }

    /// Forget symbols created after `count` (they must no longer occur anywhere).
    @usableFromInline
    mutating func truncateSymbols(to count: Int) {
        let n = kinds.count - count
        guard n > 0 else { return }
        kinds.removeLast(n)
        resetSymbolSlots(count..<(count + n))
        cols.clearSymbols(count..<(count + n))
        heap.removeAll { Int($0) >= count }
        for i in inHeap.indices { inHeap[i] = false }
        for key in heap.keys { inHeap[Int(key)] = true }
    }
}
