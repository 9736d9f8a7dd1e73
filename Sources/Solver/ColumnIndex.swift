/// The column index: for each symbol, the rows that contain it (`ColumnEntry`: a row slot and the
/// cell's place in it).
///
/// Every symbol's entries sit in a run of one shared array, as rows' cells sit in `SolverCore.pool`,
/// instead of an array per symbol: a new symbol costs no allocation, and a solver of a few dozen
/// symbols makes one allocation for its columns, not one per symbol (a symbol's own array was an
/// allocation and a free per symbol, eight per view when the Auto Layout backend builds a tree, issue
/// 24). A run that fills up moves to the end of the array with twice the room (the run at the end
/// grows where it is); the runs left behind are reclaimed once they outnumber the live ones.
@usableFromInline
struct ColumnIndex {
    /// Per symbol: where its run starts, how many entries it holds, and how many it has room for.
    @usableFromInline var start: SolverArray<Int32> = []
    @usableFromInline var count: SolverArray<Int32> = []
    @usableFromInline var capacity: SolverArray<Int32> = []
    @usableFromInline var entries: SolverArray<ColumnEntry> = []
    /// Σ capacity: the slots of `entries` in use (the rest were left behind by moved runs).
    @usableFromInline var live = 0
    /// Arrays smaller than this are never compacted (a copy would cost more than the slots it frees).
    @usableFromInline var compactionFloor = 4096

    @inlinable init() {}

    @usableFromInline
    mutating func reserveCapacity(symbols: Int) {
        extendSymbols(to: symbols)
        entries.reserveCapacity(2 * symbols)
    }

    /// The rows containing symbol `s`.
    @inlinable @inline(__always)
    func count(_ s: Int) -> Int { Int(count[s]) }

    @inlinable @inline(__always)
    func isEmpty(_ s: Int) -> Bool { count[s] == 0 }

    /// Entry `j` of symbol `s`'s column.
    @inlinable @inline(__always)
    subscript(_ s: Int, _ j: Int) -> ColumnEntry {
        get { entries[Int(start[s]) + j] }
        set { entries[Int(start[s]) + j] = newValue }
    }

    @inlinable
    func last(_ s: Int) -> ColumnEntry? { count[s] == 0 ? nil : self[s, Int(count[s]) - 1] }

    /// Empty columns for symbols up to `n` (the solver's per-symbol arrays run ahead of its symbols;
    /// a column's run is made on its first entry).
    @usableFromInline
    mutating func extendSymbols(to n: Int) {
        let k = n - start.count
        guard k > 0 else { return }
        start.append(contentsOf: repeatElement(0, count: k))
        count.append(contentsOf: repeatElement(0, count: k))
        capacity.append(contentsOf: repeatElement(0, count: k))
    }

    /// Empties the columns of symbols that are forgotten (they hold no entries); their runs are left
    /// behind.
    @usableFromInline
    mutating func clearSymbols(_ symbols: Range<Int>) {
        resetColumns(symbols)
        compactIfMostlyLeftBehind()
    }

    /// Empties the columns of the first `symbols` symbols (the rest are empty) and the entries.
    @usableFromInline
    mutating func removeAll(symbols: Int) {
        resetColumns(0..<symbols)
        entries.removeAll(keepingCapacity: true)
        live = 0
    }

    private mutating func resetColumns(_ symbols: Range<Int>) {
        for s in symbols {
            live -= Int(capacity[s])
            start[s] = 0
            count[s] = 0
            capacity[s] = 0
        }
    }

    @usableFromInline
    mutating func compactIfMostlyLeftBehind() {
        if entries.count - live > live && entries.count > compactionFloor { compact() }
    }

    /// Adds an entry to symbol `s`'s column; returns its place there.
    @inlinable @inline(__always)
    mutating func append(_ s: Int, _ e: ColumnEntry) -> Int32 {
        let j = count[s]
        if j == capacity[s] { grow(s) }
        entries[Int(start[s] + j)] = e
        count[s] = j + 1
        return j
    }

    @inlinable @inline(__always)
    mutating func removeLast(_ s: Int) { count[s] -= 1 }

    /// Twice the room (at least four) for symbol `s`: the run at the end grows where it is, any other
    /// moves to the end.
    @usableFromInline
    mutating func grow(_ s: Int) {
        compactIfMostlyLeftBehind()
        let old = Int(capacity[s])
        let new = Swift.max(4, 2 * old)
        var kept = old
        if Int(start[s]) + old != entries.count {
            let from = Int(start[s])
            start[s] = Int32(entries.count)
            // Element by element: a slice of the array appended to itself would read the storage that
            // growing the array has just emptied.
            for i in from..<(from + Int(count[s])) { entries.append(entries[i]) }
            kept = Int(count[s])
        }
        entries.append(contentsOf: repeatElement(ColumnEntry(row: -1, cellPos: 0), count: new - kept))
        capacity[s] = Int32(new)
        live += new - old
    }

    /// Copies every run, in symbol order, into a fresh array without the runs left behind. A column
    /// with no room starts at 0, as `extendSymbols` and `resetColumns` leave one: given the end of the
    /// fresh array instead, the empty columns of symbols past the solver's count (which `removeAll`
    /// does not visit) kept that start after the array was emptied, and the next compaction sliced
    /// past its end (a crash met by `DegenerateConstraintTests` on a recycled solver).
    @usableFromInline
    mutating func compact() {
        var fresh: SolverArray<ColumnEntry> = []
        fresh.reserveCapacity(2 * live)
        for s in start.indices {
            let a = Int(start[s])
            let n = Int(capacity[s])
            guard n > 0 else {
                start[s] = 0
                continue
            }
            start[s] = Int32(fresh.count)
            fresh.append(contentsOf: entries[a..<(a + n)])
        }
        entries = fresh
    }
}
