/// A nonzero coefficient of a row. `colPos` is where this cell's entry sits in its symbol's column
/// list, so a cell can be unlinked from the column index in O(1).
@usableFromInline
struct Cell {
    @usableFromInline var sym: SymbolID
    @usableFromInline var colPos: Int32
    @usableFromInline var coef: Double

    @inlinable init(sym: SymbolID, colPos: Int32, coef: Double) {
        self.sym = sym
        self.colPos = colPos
        self.coef = coef
    }
}

/// An entry of the column index: symbol `s` occurs in row slot `row` at cell `cellPos`.
/// Rows and columns point at each other, so insertion and removal are O(1) and pivoting touches
/// only the rows that actually contain the entering symbol (kiwi scans every row instead).
@usableFromInline
struct ColumnEntry {
    @usableFromInline var row: Int32
    @usableFromInline var cellPos: Int32

    @inlinable init(row: Int32, cellPos: Int32) {
        self.row = row
        self.cellPos = cellPos
    }
}

/// A tableau row `basic = constant + Σ cells` as an unsorted compact sparse vector.
///
/// Rows whose basic symbol is restricted (slack/error/dummy) are proper simplex rows: their cells
/// are non-basic symbols only. Rows whose basic symbol is external are *definitions*: identities
/// that may refer to other basic symbols and are evaluated in dependency order (see `Solver`).
///
/// The cells live in the solver's one cell pool (`SolverCore.pool`), `capacity` slots from `start`,
/// not in an array per row: rows made one after another sit one after another, so walking a chain of
/// definitions reads memory in order instead of chasing a heap block per row (at 10,000 rows the
/// blocks no longer fit the cache, and loading them was a fifth of the chain's `add_edit`), and a
/// solver of a few dozen rows makes one allocation for its cells instead of one per row.
@usableFromInline
struct Row {
    @usableFromInline var start: Int32 = 0
    @usableFromInline var count: Int32 = 0
    @usableFromInline var capacity: Int32 = 0
    @usableFromInline var constant: Double = 0
    /// The basic symbol; `Row.noBasic` for free slots.
    @usableFromInline var basic: SymbolID = Row.noBasic

    @usableFromInline static let noBasic: SymbolID = -1

    @inlinable init() {}
}

/// A row as the journal saved it: its cells are copied out of the pool (`SolverCore.jCells`), since
/// the pool slots may be reused before a rollback.
@usableFromInline
struct JournaledRow {
    @usableFromInline var slot: Int32
    @usableFromInline var constant: Double
    @usableFromInline var basic: SymbolID
    @usableFromInline var cellStart: Int32
    @usableFromInline var cellCount: Int32

    @inlinable init(slot: Int32, constant: Double, basic: SymbolID, cellStart: Int32, cellCount: Int32) {
        self.slot = slot
        self.constant = constant
        self.basic = basic
        self.cellStart = cellStart
        self.cellCount = cellCount
    }
}

/// kiwi's tolerance: |x| < 1e-8 counts as zero.
@inlinable @inline(__always)
func nearZero(_ x: Double) -> Bool { x < 1.0e-8 && x > -1.0e-8 }
