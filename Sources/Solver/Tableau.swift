/// The solver's state and its sparse-matrix primitives.
///
/// Everything lives in one struct so the algorithms are `mutating` methods working on plain
/// arrays: no dynamic exclusivity checks, no hashing and no reference counting in the inner loops.
/// Symbols are indices into the per-symbol arrays; rows live in `rows` slots; the column index
/// `cols` (ColumnIndex.swift) lists the rows that contain each symbol.
@usableFromInline
struct SolverCore {
    // MARK: Per symbol
    @usableFromInline var kinds: SolverArray<SymbolKind> = []
    @usableFromInline var cols = ColumnIndex()
    /// Row slot whose basic symbol this is, or -1 when non-basic.
    @usableFromInline var rowOf: SolverArray<Int32> = []
    /// Objective coefficient (dense; 0 when absent). Only non-basic symbols have one.
    @usableFromInline var obj: SolverArray<Double> = []
    @usableFromInline var inHeap: SolverArray<Bool> = []
    /// The record slot of the constraint a marker/error symbol belongs to, or -1 (for conflict sets).
    @usableFromInline var owner: SolverArray<Int32> = []
    /// Value of each basic external symbol, computed by `updateVariables`.
    @usableFromInline var extValue: SolverArray<Double> = []
    /// Position of a definition row in `order` (valid while `orderDirty` is false).
    @usableFromInline var defPos: SolverArray<Int32> = []
    /// Whether a definition may depend on a free variable (conservative: true can be stale).
    @usableFromInline var hasParam: SolverArray<Bool> = []
    // Scratch marks (stamped, so they never need clearing).
    @usableFromInline var markA: SolverArray<UInt32> = []
    @usableFromInline var idxA: SolverArray<Int32> = []
    @usableFromInline var markB: SolverArray<UInt32> = []
    @usableFromInline var markC: SolverArray<UInt32> = []
    @usableFromInline var scratchCoef: SolverArray<Double> = []
    @usableFromInline var stampA: UInt32 = 0
    @usableFromInline var stampB: UInt32 = 0
    @usableFromInline var stampC: UInt32 = 0

    // MARK: Rows
    @usableFromInline var rows: SolverArray<Row> = []
    /// Every row's cells, each row in its own run of `capacity` slots (see `Row`, `moveRow`,
    /// `compactIfMostlyLeftBehind`).
    @usableFromInline var pool: SolverArray<Cell> = []
    /// Σ capacity over `rows`: the pool slots in use (the rest were left behind by moved rows).
    @usableFromInline var poolLive = 0
    /// Pools smaller than this are never compacted (a copy would cost more than the slots it frees);
    /// tests lower it so small systems compact too.
    @usableFromInline var compactionFloor = 4096
    @usableFromInline var freeSlots: [Int32] = []

    // MARK: Objective bookkeeping
    /// Min-heap (by symbol id, kiwi's tie-break) holding every non-dummy symbol whose objective
    /// coefficient is negative (plus stale entries, checked when popped): primal entering-symbol
    /// selection without scanning the whole objective.
    @usableFromInline var heap = KeyHeap()

    // MARK: Symbol reuse
    @usableFromInline var freeSymbols: SolverArray<Int32> = []
    /// Ids taken from `freeSymbols` by the constraint being added (given back if it is rejected).
    @usableFromInline var reusedSymbols: SolverArray<Int32> = []

    // MARK: Constraints, edits, variables
    /// Every constraint's record, by slot (see `ConstraintRecord`); freed slots are reused.
    @usableFromInline var records: [ConstraintRecord] = []
    @usableFromInline var freeRecords: [Int32] = []
    /// The number of constraints ever added (`ConstraintRecord.sequence`).
    @usableFromInline var nextSequence: UInt64 = 0
    /// The record slot of each constraint that exists as an object (added as one, or made on request).
    @usableFromInline var recordOf: [ObjectIdentifier: Int32] = [:]
    /// The batches constraints were added from (nil once none of a batch's constraints is left), and
    /// how many of each are still in the solver.
    @usableFromInline var batches: [ConstraintBatch?] = []
    @usableFromInline var batchLive: [Int32] = []
    @usableFromInline var freeBatches: [Int32] = []
    /// Edit variable → index into the edit arrays below (kept dense; removal swaps in the last).
    @usableFromInline var edits: [ObjectIdentifier: Int] = [:]
    @usableFromInline var editInfos: SolverArray<EditInfo> = []
    @usableFromInline var editConstraints: [Constraint] = []
    @usableFromInline var editKeys: [ObjectIdentifier] = []
    @usableFromInline var varSym: [ObjectIdentifier: Int32] = [:]
    /// The variables the solver has met, in order of first use; nil for a block's variable that has no
    /// object (yet).
    @usableFromInline var varList: [Variable?] = []
    /// The listed variables that have an object, unretained (`varList` keeps them alive): the
    /// objects `updateVariables` writes values into, without reference counting and without passing
    /// over a block's variables, which have none (a layout engine's four per view).
    @usableFromInline var objectRefs: [ObjectRef] = []
    @usableFromInline var varSyms: SolverArray<Int32> = []
    /// Per variable in `varList`, its entry among the blocks' variables, or -1 (see VariableBlock.swift).
    @usableFromInline var varBlockEntry: [Int32] = []
    /// The blocks of variables with no object each, and per block entry its index in `varList` (-1
    /// until a constraint uses it) and its object, made only on request.
    @usableFromInline var blocks: [BlockInfo] = []
    @usableFromInline var blockVar: [Int32] = []
    @usableFromInline var blockObjects: [Variable?] = []
    /// Restricted basic symbols whose simplex rows went negative, for the dual simplex; between
    /// operations only rows that are truly infeasible (`pruneInfeasible`).
    @usableFromInline var infeasible: SolverArray<Int32> = []
    /// Definition rows (basic external symbols) in dependency order: each refers only to basic
    /// externals earlier in the order.
    @usableFromInline var order: SolverArray<Int32> = []
    @usableFromInline var orderDirty = false
    /// `order` must be re-sorted by `defPos` (after a definition was placed in front).
    @usableFromInline var orderNeedsSort = false
    /// `defPos` for the next definition placed after / before all others.
    @usableFromInline var nextBack: Int32 = 0
    @usableFromInline var nextFront: Int32 = -1
    /// The largest non-required strength added (scale for rounding noise in the objective).
    @usableFromInline var maxStrength: Double = 1
    /// The definitions flattened for `updateVariables` (ValueProgram.swift), rebuilt after any
    /// constraint is added or removed.
    @usableFromInline var programDirty = true
    @usableFromInline var program = ValueProgram()
    /// The live constraints as written, for the refinement of values and the drift measure (Refinement.swift).
    @usableFromInline var residuals = ResidualProgram()
    /// A removal, an add through expanded rows, a pivot that magnified rounding (by 2 or more) or a
    /// rebuild since the row constants were last refined (`refineValues`): an add that only writes a
    /// definition, and suggestions whose pivots are on ±1 (a layout's usual), add the rounding of one
    /// operation and need none.
    @usableFromInline var refinementDue = true
    /// False in the throw-away solvers that check conflict sets (no recursion).
    @usableFromInline var minimizesConflicts = true
    /// Adds and removals since the tableau was last built from its constraints (`Refactor.swift`).
    @usableFromInline var editsSinceRefactor = 0
    /// Binary orders of magnitude by which pivots since then may have magnified rounding.
    @usableFromInline var pivotGrowth = 0
    /// Binary orders of magnitude of the pivots since the coefficients were last measured
    /// (`coefficientDrift`), the adds and removals since, and the drift a rebuild itself left.
    @usableFromInline var unprobedGrowth = 0
    @usableFromInline var editsSinceProbe = 0
    @usableFromInline var driftAfterRebuild = 0.0
    /// True in the solver a rebuild happens in (`Refactor.swift`): no records are made, no refusal is
    /// explained, no rebuild is nested.
    @usableFromInline var rebuilding = false

    // MARK: Scratch buffers
    /// The row being substituted (see `loadSource`).
    @usableFromInline var srcRow: Int32 = -1
    @usableFromInline var srcConstant: Double = 0
    @usableFromInline var acc: SolverArray<Cell> = []
    @usableFromInline var accConstant: Double = 0
    /// Σ |term| of the sums that made `accConstant` in the last expansion: the scale its rounding
    /// error is a fraction of (see `isRoundingZero`).
    @usableFromInline var accMagnitude: Double = 0
    @usableFromInline var accDirect: SolverArray<Cell> = []
    @usableFromInline var targets: SolverArray<ColumnEntry> = []
    /// A batch's variables' symbols and one constraint's merged terms (see BatchAdd.swift).
    @usableFromInline var batchSymbols: SolverArray<Int32> = []
    @usableFromInline var mergedTerms: SolverArray<Cell> = []
    /// Definitions waiting to be expanded, latest position first (see `expandAccumulator`).
    @usableFromInline var expandHeap = KeyHeap()

    // MARK: Journal (undo log for the artificial-variable phase of a required constraint)
    @usableFromInline var journaling = false
    @usableFromInline var journaledSlot: [Bool] = []
    @usableFromInline var jRows: [JournaledRow] = []
    @usableFromInline var jCells: [Cell] = []
    @usableFromInline var jObj: [(Int32, Double)] = []
    @usableFromInline var jObjMark: [Bool] = []
    @usableFromInline var jNewSlots: [Int32] = []
    @usableFromInline var jFreeSlots: [Int32] = []
    @usableFromInline var jRowCount = 0
    @usableFromInline var jInfeasibleCount = 0

    /// Room for 64 symbols up front: a solver's per-symbol arrays grew 16, 32, 64, each growth a new
    /// buffer per array, in every small system built from scratch (kiwi's enaml_like: about 250 symbols).
    @usableFromInline init() { extendSymbolArrays(to: 64) }

    /// Room for `symbols` symbols, `rows` rows and `constraints` constraints (of `variables` variables),
    /// so a solver built in one go does not regrow its ~15 per-symbol arrays and three dictionaries
    /// step by step (the Auto Layout backend builds one small solver per tree: regrowth was about an
    /// eighth of its build, `layoutlab-bench --only sweep --op autolayout_build`).
    @usableFromInline
    mutating func reserveCapacity(symbols: Int, rows rowCount: Int, constraints: Int, variables: Int) {
        kinds.reserveCapacity(symbols)
        extendSymbolArrays(to: symbols)
        cols.reserveCapacity(symbols: symbols)
        rows.reserveCapacity(rowCount)
        pool.reserveCapacity(4 * rowCount)
        journaledSlot.reserveCapacity(rowCount)
        order.reserveCapacity(rowCount)
        records.reserveCapacity(constraints)
        varList.reserveCapacity(variables)
        varBlockEntry.reserveCapacity(variables)
        varSyms.reserveCapacity(variables)
    }

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

/// An edit variable's bookkeeping (kiwi: `EditInfo`; the constraint is kept beside it, so this
/// stays a plain value that the suggest path can read without reference counting).
@usableFromInline
struct EditInfo {
    @usableFromInline var marker: SymbolID
    @usableFromInline var constant: Double
}

/// A variable's object, unretained, its index in `SolverCore.varList` and its symbol (which never
/// changes), so writing values reads one array less per variable.
@usableFromInline
struct ObjectRef {
    @usableFromInline var object: Unmanaged<Variable>
    @usableFromInline var variable: Int32
    @usableFromInline var symbol: Int32

    @inlinable init(_ object: Variable, variable: Int, symbol: SymbolID) {
        self.object = .passUnretained(object)
        self.variable = Int32(variable)
        self.symbol = symbol
    }
}
