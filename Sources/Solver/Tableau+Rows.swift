/// Rows: their cells in the shared pool, the column index, row slots and the objective.
extension SolverCore {
    // MARK: - Cells and the column index

    @inlinable @inline(__always)
    func cellCount(_ r: Int32) -> Int { Int(rows[Int(r)].count) }

    /// Cell `k` of row `r`. The row's start is read every time: adding a cell to another row can
    /// compact the pool and move this one.
    @inlinable @inline(__always)
    func cellAt(_ r: Int32, _ k: Int) -> Cell { pool[Int(rows[Int(r)].start) + k] }

    @inlinable @inline(__always)
    mutating func setCoef(_ r: Int32, _ k: Int, _ c: Double) { pool[Int(rows[Int(r)].start) + k].coef = c }

    /// Row `r`'s cells as an array (for the rare callers that keep them).
    @usableFromInline
    func cellsOf(_ r: Int32) -> [Cell] {
        let row = rows[Int(r)]
        return Array(pool[Int(row.start)..<Int(row.start + row.count)])
    }

    /// Room for `n` cells in row `r`: moves the row to the end of the pool when its run is too short.
    @inlinable
    mutating func reserveCells(_ r: Int32, _ n: Int) {
        if Int(rows[Int(r)].capacity) < n { moveRow(r, capacity: n) }
    }

    /// Gives row `r` a run of `capacity` slots: the last run in the pool grows where it is, any other
    /// moves to the end (its old run is left behind until the next compaction).
    @usableFromInline
    mutating func moveRow(_ r: Int32, capacity: Int) {
        compactIfMostlyLeftBehind()
        let row = rows[Int(r)]
        var kept = Int(row.capacity)  // slots of the run that stay where they are
        if Int(row.start + row.capacity) != pool.count {
            let start = pool.count
            // Element by element: a slice of the pool appended to itself would read the storage that
            // growing the pool has just emptied.
            for i in Int(row.start)..<Int(row.start + row.count) { pool.append(pool[i]) }
            rows[Int(r)].start = Int32(start)
            kept = Int(row.count)
        }
        pool.append(contentsOf: repeatElement(Cell(sym: -1, colPos: 0, coef: 0), count: capacity - kept))
        rows[Int(r)].capacity = Int32(capacity)
        poolLive += capacity - Int(row.capacity)
    }

    /// Compacts the pool once more than half of it is runs left behind (by moved rows, or by the rows
    /// a rollback dropped), so it never holds much more than twice its live slots.
    @usableFromInline
    mutating func compactIfMostlyLeftBehind() {
        if pool.count - poolLive > poolLive && pool.count > compactionFloor { compactPool() }
    }

    /// Copy every row's run, in slot order, into a fresh pool without the runs left behind.
    @usableFromInline
    mutating func compactPool() {
        var fresh: SolverArray<Cell> = []
        fresh.reserveCapacity(2 * poolLive)
        for i in rows.indices {
            let row = rows[i]
            let start = fresh.count
            fresh.append(contentsOf: pool[Int(row.start)..<Int(row.start + row.capacity)])
            rows[i].start = Int32(start)
        }
        pool = fresh
    }

    @inlinable @inline(__always)
    mutating func addCell(_ r: Int32, _ s: SymbolID, _ c: Double) {
        let k = rows[Int(r)].count
        if k == rows[Int(r)].capacity { moveRow(r, capacity: Swift.max(4, 2 * Int(k))) }
        let j = cols.append(Int(s), ColumnEntry(row: r, cellPos: k))
        pool[Int(rows[Int(r)].start + k)] = Cell(sym: s, colPos: j, coef: c)
        rows[Int(r)].count = k + 1
    }

    @inlinable @inline(__always)
    mutating func unlinkColumn(_ s: Int, _ j: Int) {
        let last = cols.count(s) - 1
        if j != last {
            let moved = cols[s, last]
            cols[s, j] = moved
            pool[Int(rows[Int(moved.row)].start + moved.cellPos)].colPos = Int32(j)
        }
        cols.removeLast(s)
    }

    @inlinable @inline(__always)
    mutating func removeCell(_ r: Int32, _ k: Int) {
        let cell = cellAt(r, k)
        unlinkColumn(Int(cell.sym), Int(cell.colPos))
        let last = cellCount(r) - 1
        if k != last {
            let moved = cellAt(r, last)
            pool[Int(rows[Int(r)].start) + k] = moved
            cols[Int(moved.sym), Int(moved.colPos)].cellPos = Int32(k)
        }
        rows[Int(r)].count -= 1
    }

    /// Index of symbol `s` in row `r`, scanning the shorter of the row and the column.
    @inlinable
    func cellIndex(_ r: Int32, _ s: SymbolID) -> Int? {
        let n = cellCount(r)
        if cols.count(Int(s)) <= n {
            for j in 0..<cols.count(Int(s)) where cols[Int(s), j].row == r { return Int(cols[Int(s), j].cellPos) }
            return nil
        }
        let start = Int(rows[Int(r)].start)
        for k in 0..<n where pool[start + k].sym == s { return k }
        return nil
    }

    @inlinable
    func coefficient(_ r: Int32, _ s: SymbolID) -> Double {
        guard let k = cellIndex(r, s) else { return 0 }
        return cellAt(r, k).coef
    }

    @inlinable @inline(__always)
    func isDefinition(_ r: Int32) -> Bool {
        let b = rows[Int(r)].basic
        return b >= 0 && kinds[Int(b)] == .external
    }

    // MARK: - Row slots

    @usableFromInline
    mutating func allocRow(basic: SymbolID) -> Int32 {
        let slot: Int32
        if let s = freeSlots.popLast() {
            slot = s
        } else {
            slot = Int32(rows.count)
            rows.append(Row())
            journaledSlot.append(false)
        }
        rows[Int(slot)].basic = basic
        rows[Int(slot)].constant = 0
        if basic >= 0 { rowOf[Int(basic)] = slot }
        if journaling && !journaledSlot[Int(slot)] {
            journaledSlot[Int(slot)] = true
            jNewSlots.append(slot)
        }
        return slot
    }

    @usableFromInline
    mutating func unlinkAllCells(_ r: Int32) {
        for k in 0..<cellCount(r) {
            let c = cellAt(r, k)
            unlinkColumn(Int(c.sym), Int(c.colPos))
        }
        rows[Int(r)].count = 0
    }

    @usableFromInline
    mutating func freeRow(_ r: Int32) {
        journalRow(r)
        unlinkAllCells(r)
        let b = rows[Int(r)].basic
        if b >= 0 && rowOf[Int(b)] == r { rowOf[Int(b)] = -1 }
        rows[Int(r)].basic = Row.noBasic
        rows[Int(r)].constant = 0
        freeSlots.append(r)
    }

    /// Counts an elimination that added cells up to `largest` times a row's own to rows (`substitute`,
    /// after a pivot, a new row solved for its subject, or a removal): binary orders of magnitude past
    /// 8× towards a rebuild (`Refactor.swift`), all of them towards a measure (`Drift.swift`). 0 for
    /// nothing added, at most 64 for an overflow.
    @inlinable @inline(__always)
    mutating func noteGrowth(_ largest: Double) {
        let bits = largest >= 1 ? Int(Swift.min(largest, 0x1p64).exponent) : 0
        pivotGrowth &+= Swift.max(0, bits - 3)
        unprobedGrowth &+= bits
    }

    /// `row r: 0 = constant + Σ cells` (with `s` among the cells) becomes `s = …` (kiwi: solveFor).
    @usableFromInline
    mutating func solveRow(_ r: Int32, for s: SymbolID) {
        let k = cellIndex(r, s)!
        let f = -1.0 / cellAt(r, k).coef
        removeCell(r, k)
        rows[Int(r)].constant *= f
        let start = Int(rows[Int(r)].start)
        let n = cellCount(r)
        var i = start
        while i < start + n {
            pool[i].coef *= f
            i += 1
        }
        rows[Int(r)].basic = s
        rowOf[Int(s)] = r
    }

    // MARK: - Objective

    @inlinable @inline(__always)
    mutating func setObj(_ s: SymbolID, _ value: Double) {
        let v = nearZero(value) ? 0 : value
        if journaling && !jObjMark[Int(s)] {
            jObjMark[Int(s)] = true
            jObj.append((s, obj[Int(s)]))
        }
        obj[Int(s)] = v
        if v < 0 && !inHeap[Int(s)] && kinds[Int(s)] != .dummy { heapPush(s) }
    }

    @usableFromInline
    mutating func heapPush(_ s: SymbolID) {
        inHeap[Int(s)] = true
        heap.push(UInt64(UInt32(bitPattern: s)))
    }

    @usableFromInline
    mutating func heapPop() -> SymbolID {
        let top = SymbolID(truncatingIfNeeded: heap.popMin())
        inHeap[Int(top)] = false
        return top
    }
}
