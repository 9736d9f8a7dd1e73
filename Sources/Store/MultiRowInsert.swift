/// Rows for one table gathered and inserted `rowsPerStatement` at a time with one multi-row
/// `INSERT … VALUES (…), (…), …`: each statement execution opens its cursors on the table and its
/// indexes once, not once per row (the per-statement cost, not the B-tree, dominated the results
/// writer: `layoutlab-bench --only sweep --op sqlite_writer`).
///
/// Rows get consecutive rowids in the order they were added (SQLite gives each new row the largest
/// rowid + 1), so `flush` can report every row's id.
final class MultiRowInsert {
    let database: Database
    let sql: String
    let columns: Int
    let rowsPerStatement: Int
    private var values: [SQLValue] = []
    private var statements: [Int: Statement] = [:]

    init(_ database: Database, table: String, columns names: [String], rowsPerStatement: Int = 32) {
        self.database = database
        self.sql = "INSERT INTO \(table) (\(names.joined(separator: ", "))) VALUES "
        self.columns = names.count
        self.rowsPerStatement = rowsPerStatement
    }

    var pendingRows: Int { values.count / columns }

    /// Adds one row: exactly `columns` values.
    func add(_ row: SQLValue...) {
        precondition(row.count == columns, "one value per column")
        values += row
    }

    /// Adds one row from a list of exactly `columns` values.
    func add(row: [SQLValue]) {
        precondition(row.count == columns, "one value per column")
        values += row
    }

    /// Adds `delta` to an integer column of every pending row (an id known only now).
    func offset(column: Int, by delta: Int64) {
        var i = column
        while i < values.count {
            if case .integer(let v) = values[i] { values[i] = .integer(v + delta) }
            i += columns
        }
    }

    /// Adds whole rows from a flat list (`columns` values each), with one column set to `value` in
    /// every row (a key known only now).
    func add(rows flat: [SQLValue], setting column: Int, to value: SQLValue) {
        let start = values.count
        values += flat
        var i = start + column
        while i < values.count {
            values[i] = value
            i += columns
        }
    }

    /// Inserts every pending row; returns the rowid of the first (the rest follow consecutively).
    @discardableResult
    func flush() throws(SQLiteError) -> Int64 {
        var first: Int64 = 0
        var row = 0
        let rows = pendingRows
        while row < rows {
            let n = min(rowsPerStatement, rows - row)
            let statement = try self.statement(rows: n)
            for i in 0..<(n * columns) { statement.bind(i + 1, values[row * columns + i]) }
            try statement.run()
            if row == 0 { first = database.lastInsertRowID - Int64(n) + 1 }
            row += n
        }
        values.removeAll(keepingCapacity: true)
        return first
    }

    /// Forgets the pending rows (the transaction they belonged to was rolled back).
    func discard() { values.removeAll(keepingCapacity: true) }

    private func statement(rows n: Int) throws(SQLiteError) -> Statement {
        if let s = statements[n] { return s }
        let one = "(" + Array(repeating: "?", count: columns).joined(separator: ",") + ")"
        let s = try database.prepare(sql + Array(repeating: one, count: n).joined(separator: ","))
        statements[n] = s
        return s
    }
}
