/// Divergence rows as the writer gathers them: column by column, in plain arrays (no per-value enum to
/// build, retain and destroy), bound straight to multi-row `INSERT`s into `divergence_rows`. Profiling
/// the writer showed a third of its own time going to `[SQLValue]` values.
struct DivergenceRows: Sendable {
    /// Per row: the unit's place among the writer's pending units (its id once they are in).
    var unit: [Int32] = []
    var step: [Int32] = []
    var view: [String] = []
    var mask: [Int32] = []
    /// Eight per row: a's x, y, width, height, then b's.
    var frames: [Double] = []
    var causeBits: [Int64] = []

    var count: Int { step.count }

    mutating func append(_ other: DivergenceRows, unit place: Int32) {
        unit += repeatElement(place, count: other.count)
        step += other.step
        view += other.view
        mask += other.mask
        frames += other.frames
        causeBits += other.causeBits
    }

    mutating func removeAll() {
        unit.removeAll(keepingCapacity: true)
        step.removeAll(keepingCapacity: true)
        view.removeAll(keepingCapacity: true)
        mask.removeAll(keepingCapacity: true)
        frames.removeAll(keepingCapacity: true)
        causeBits.removeAll(keepingCapacity: true)
    }
}

/// Inserts `DivergenceRows` `rowsPerStatement` at a time.
final class DivergenceRowInsert {
    let statements: MultiRowStatements
    let rowsPerStatement = 32
    private(set) var pending = DivergenceRows()

    init(_ database: Database) {
        statements = MultiRowStatements(
            database, table: "divergence_rows",
            columns: [
                "unit_id", "step_index", "view_id", "mask", "a_x", "a_y", "a_width", "a_height", "b_x", "b_y",
                "b_width",
                "b_height", "cause_bits",
            ])
    }

    func add(_ rows: DivergenceRows, unit place: Int32) { pending.append(rows, unit: place) }

    /// Inserts every pending row, their units' ids being `firstUnit` + their places.
    func flush(firstUnit: Int64) throws(SQLiteError) {
        let rows = pending.count
        var row = 0
        while row < rows {
            let n = min(rowsPerStatement, rows - row)
            let s = try statements.statement(rows: n)
            var p = 1
            for k in row..<(row + n) {
                s.bind(p, firstUnit + Int64(pending.unit[k]))
                s.bind(p + 1, Int64(pending.step[k]))
                s.bind(p + 2, pending.view[k])
                s.bind(p + 3, Int64(pending.mask[k]))
                for f in 0..<8 { s.bind(p + 4 + f, pending.frames[8 * k + f]) }  // non-finite: NULL
                s.bind(p + 12, pending.causeBits[k])
                p += statements.columns
            }
            try s.run()
            row += n
        }
        pending.removeAll()
    }

    func discard() { pending.removeAll() }
}
