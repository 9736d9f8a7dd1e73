// Emptying a solver in place: what `SolverCore()` holds, with every array's storage kept, so a solver
// that builds system after system (the Auto Layout backend builds one per tree) allocates
// its arrays once instead of once per system.

extension SolverCore {
    /// Empties the solver to the state of `SolverCore()` (the settings `compactionFloor` and
    /// `minimizesConflicts` are kept), keeping the storage of its arrays and dictionaries. Objects
    /// that noted their place here (constraints, variables) are freed for the next solver.
    @usableFromInline
    mutating func removeAll() {
        releaseObjectNotes()
        // A variable's note is this solver's only if it was not registered in the table (a note
        // from another solver can hold the same index).
        for (i, v) in varList.enumerated() {
            guard let v, Int(v.solverIndex) == i, varSym.isEmpty || varSym[ObjectIdentifier(v)] == nil else { continue }
            v.solverIndex = -1
        }
        for v in blockObjects { v?.blockEntry = -1 }
        removeAllSymbols()
        removeAllRows()
        removeAllConstraints()
        removeAllScratch()
    }

    /// The per-symbol arrays: `kinds` empty, the others (which run ahead of it) back to their
    /// starting values where symbols used them (see `extendSymbolArrays`).
    private mutating func removeAllSymbols() {
        let n = kinds.count
        kinds.removeAll(keepingCapacity: true)
        resetSymbolSlots(0..<n)
        cols.removeAll(symbols: n)
        (stampA, stampB, stampC) = (0, 0, 0)
        heap.removeAll()
        freeSymbols.removeAll(keepingCapacity: true)
        reusedSymbols.removeAll(keepingCapacity: true)
    }

    private mutating func removeAllRows() {
        rows.removeAll(keepingCapacity: true)
        pool.removeAll(keepingCapacity: true)
        poolLive = 0
        freeSlots.removeAll(keepingCapacity: true)
        infeasible.removeAll(keepingCapacity: true)
        order.removeAll(keepingCapacity: true)
        (orderDirty, orderNeedsSort) = (false, false)
        (nextBack, nextFront) = (0, -1)
        maxStrength = 1
        programDirty = true
        refinementDue = true
        program.removeAll()
        residuals.removeAll()
    }

    private mutating func removeAllConstraints() {
        records.removeAll(keepingCapacity: true)
        freeRecords.removeAll(keepingCapacity: true)
        nextSequence = 0
        editsSinceRefactor = 0
        pivotGrowth = 0
        (unprobedGrowth, editsSinceProbe, driftAfterRebuild) = (0, 0, 0)
        recordOf.removeAll(keepingCapacity: true)
        batches.removeAll(keepingCapacity: true)
        batchLive.removeAll(keepingCapacity: true)
        freeBatches.removeAll(keepingCapacity: true)
        edits.removeAll(keepingCapacity: true)
        editInfos.removeAll(keepingCapacity: true)
        editConstraints.removeAll(keepingCapacity: true)
        editKeys.removeAll(keepingCapacity: true)
        varSym.removeAll(keepingCapacity: true)
        varList.removeAll(keepingCapacity: true)
        objectRefs.removeAll(keepingCapacity: true)
        varSyms.removeAll(keepingCapacity: true)
        varBlockEntry.removeAll(keepingCapacity: true)
        blocks.removeAll(keepingCapacity: true)
        blockVar.removeAll(keepingCapacity: true)
        blockObjects.removeAll(keepingCapacity: true)
    }

    private mutating func removeAllScratch() {
        (srcRow, srcConstant) = (-1, 0)
        acc.removeAll(keepingCapacity: true)
        accConstant = 0
        accMagnitude = 0
        accDirect.removeAll(keepingCapacity: true)
        targets.removeAll(keepingCapacity: true)
        batchSymbols.removeAll(keepingCapacity: true)
        mergedTerms.removeAll(keepingCapacity: true)
        expandHeap.removeAll()
        journaling = false
        journaledSlot.removeAll(keepingCapacity: true)
        jRows.removeAll(keepingCapacity: true)
        jCells.removeAll(keepingCapacity: true)
        jObj.removeAll(keepingCapacity: true)
        jNewSlots.removeAll(keepingCapacity: true)
        jFreeSlots.removeAll(keepingCapacity: true)
        (jRowCount, jInfeasibleCount) = (0, 0)
    }
}
