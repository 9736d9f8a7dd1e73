/// The undo log that lets a required constraint's artificial-variable phase be rolled back.
extension SolverCore {
    // MARK: - Journal

    @inlinable @inline(__always)
    mutating func journalRow(_ r: Int32) {
        if journaling && !journaledSlot[Int(r)] {
            journaledSlot[Int(r)] = true
            let row = rows[Int(r)]
            jRows.append(
                JournaledRow(
                    slot: r, constant: row.constant, basic: row.basic,
                    cellStart: Int32(jCells.count), cellCount: row.count))
            jCells.append(contentsOf: pool[Int(row.start)..<Int(row.start + row.count)])
        }
    }

    @usableFromInline
    mutating func beginJournal() {
        journaling = true
        jFreeSlots = freeSlots
        jRowCount = rows.count
        jInfeasibleCount = infeasible.count
    }

    /// Stop recording; forget the log (the changes stay).
    @usableFromInline
    mutating func commitJournal() {
        journaling = false
        for j in jRows { journaledSlot[Int(j.slot)] = false }
        for r in jNewSlots where Int(r) < journaledSlot.count { journaledSlot[Int(r)] = false }
        for (s, _) in jObj { jObjMark[Int(s)] = false }
        jRows.removeAll(keepingCapacity: true)
        jCells.removeAll(keepingCapacity: true)
        jObj.removeAll(keepingCapacity: true)
        jNewSlots.removeAll(keepingCapacity: true)
        jFreeSlots.removeAll()
    }

    /// Undo every row and objective change since `beginJournal`, then forget symbols created since.
    /// Rows get back their exact coefficients; only the internal order of column lists may differ,
    /// and no decision of the solver depends on that order (ties are broken by symbol id).
    @usableFromInline
    mutating func rollbackJournal(symbolCount: Int) {
        journaling = false
        for r in jNewSlots {
            let b = rows[Int(r)].basic
            if b >= 0 && rowOf[Int(b)] == r { rowOf[Int(b)] = -1 }
            unlinkAllCells(r)
            rows[Int(r)].basic = Row.noBasic
        }
        for j in jRows {
            let b = rows[Int(j.slot)].basic
            if b >= 0 && rowOf[Int(b)] == j.slot { rowOf[Int(b)] = -1 }
            unlinkAllCells(j.slot)
        }
        for j in jRows {
            let r = j.slot
            rows[Int(r)].constant = j.constant
            rows[Int(r)].basic = j.basic
            reserveCells(r, Int(j.cellCount))
            for c in jCells[Int(j.cellStart)..<Int(j.cellStart + j.cellCount)] { addCell(r, c.sym, c.coef) }
            if j.basic >= 0 { rowOf[Int(j.basic)] = r }
        }
        for (s, old) in jObj {
            obj[Int(s)] = old
            if old < 0 && !inHeap[Int(s)] && kinds[Int(s)] != .dummy { heapPush(s) }
        }
        freeSlots = jFreeSlots
        infeasible.removeLast(infeasible.count - jInfeasibleCount)
        for r in jRowCount..<rows.count { poolLive -= Int(rows[r].capacity) }
        rows.removeLast(rows.count - jRowCount)
        compactIfMostlyLeftBehind()  // the dropped rows' runs are left behind
        journaledSlot.removeLast(journaledSlot.count - jRowCount)
        commitJournal()
        rollbackSymbols(to: symbolCount)
    }
}
