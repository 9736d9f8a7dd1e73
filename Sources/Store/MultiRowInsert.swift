/// Rows for one table gathered and inserted `rowsPerStatement` at a time with one multi-row
/// `INSERT … VALUES (…), (…), …`: each statement execution opens its cursors on the table and its
/// indexes once, not once per row (the per-statement cost, not the B-tree, dominated the results
/// writer: `layoutlab-bench --only sweep --op sqlite_writer`).
///
/// Rows get consecutive rowids in the order they were added (SQLite gives each new row the largest
/// rowid + 1), so `flush` can report every row's id.
final class MultiRowInsert {
    let statements: MultiRowStatements
    let rowsPerStatement: Int
    private var values: [SQLValue] = []
    var columns: Int { statements.columns }

    init(_ database: Database, table: String, columns names: [String], rowsPerStatement: Int = 32) {
        statements = MultiRowStatements(database, table: table, columns: names)
        self.rowsPerStatement = rowsPerStatement
    }

    var pendingRows: Int { values.count / columns }

    /// Adds one row from a list of exactly `columns` values.
    func add(row: [SQLValue]) {
        precondition(row.count == columns, "one value per column")
        values += row
    }

    /// Inserts every pending row; returns the rowid of the first (the rest follow consecutively).
    @discardableResult
    func flush() throws(SQLiteError) -> Int64 {
        var first: Int64 = 0
        var row = 0
        let rows = pendingRows
        while row < rows {
            let n = min(rowsPerStatement, rows - row)
            let statement = try statements.statement(rows: n)
            for i in 0..<(n * columns) { statement.bind(i + 1, values[row * columns + i]) }
            try statement.run()
            if row == 0 { first = statements.database.lastInsertRowID - Int64(n) + 1 }
            row += n
        }
        values.removeAll(keepingCapacity: true)
        return first
    }

    /// Forgets the pending rows (the transaction they belonged to was rolled back).
    func discard() { values.removeAll(keepingCapacity: true) }
}
