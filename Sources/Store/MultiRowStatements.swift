/// `INSERT INTO table (…) VALUES (…), (…), …` for one table, prepared once per number of rows: the
/// writer's inserts bind up to a fixed number of rows per execution, and a batch's last statement
/// has fewer.
final class MultiRowStatements {
    let database: Database
    let columns: Int
    private let prefix: String
    private var prepared: [Int: Statement] = [:]

    init(_ database: Database, table: String, columns names: [String]) {
        self.database = database
        self.columns = names.count
        prefix = "INSERT INTO \(table) (\(names.joined(separator: ", "))) VALUES "
    }

    /// The statement for `n` rows (`n × columns` parameters, row by row).
    func statement(rows n: Int) throws(SQLiteError) -> Statement {
        if let s = prepared[n] { return s }
        let one = "(" + Array(repeating: "?", count: columns).joined(separator: ",") + ")"
        let s = try database.prepare(prefix + Array(repeating: one, count: n).joined(separator: ","))
        prepared[n] = s
        return s
    }
}
