import CSQLite

/// An SQLite error: the message SQLite gave, and the SQL it concerns.
public struct SQLiteError: Error, CustomStringConvertible, Sendable {
    public var code: Int32
    public var message: String
    public var sql: String?

    public var description: String { message + (sql.map { " (in: \($0))" } ?? "") }
}

/// A value read from a result row.
public enum SQLValue: Hashable, Sendable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])

    /// A number as Double (integers widened); NaN for NULL, text and blobs, as a missing frame field.
    public var double: Double {
        switch self {
        case .real(let d): d
        case .integer(let i): Double(i)
        default: .nan
        }
    }

    /// An integer column's value (reals truncated); nil otherwise.
    public var int: Int? {
        switch self {
        case .integer(let i): Int(i)
        case .real(let d) where d.isFinite: Int(d)
        default: nil
        }
    }

    /// A text column's value; nil otherwise.
    public var string: String? { if case .text(let s) = self { s } else { nil } }
}

/// A thin wrapper over the system SQLite's C API: open, execute, prepared statements. Binding goes
/// straight to `sqlite3_bind_*`, so inserts run at the C API's own rate (the benchmark measures it
/// against a raw C loop).
public final class Database {
    let handle: OpaquePointer

    /// Opens (creating if needed) a database file, in WAL mode with a busy timeout, so `query` can
    /// read while a sweep writes. Foreign keys are declared in the schema for readers and tools but
    /// not enforced: the results writer is the only writer, and checking every row's parent costs a
    /// lookup per insert (to see the cost, turn the pragma on and run layoutlab-bench --only sweep).
    /// `busyTimeout`: how long, in ms, a statement waits for another connection's lock before failing.
    public init(path: String, readOnly: Bool = false, busyTimeout: Int32 = 5000) throws(SQLiteError) {
        var db: OpaquePointer?
        let flags = readOnly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        let rc = sqlite3_open_v2(path, &db, flags | SQLITE_OPEN_NOMUTEX, nil)
        guard rc == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            sqlite3_close(db)
            throw SQLiteError(code: rc, message: "\(path): \(message)")
        }
        handle = db
        sqlite3_busy_timeout(db, busyTimeout)
        if !readOnly {
            try execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = OFF;")
        }
    }

    deinit { sqlite3_close_v2(handle) }

    /// The underlying `sqlite3*`, for code that must talk to the C API directly (the insert benchmark).
    public var cHandle: OpaquePointer { handle }

    var lastError: String { String(cString: sqlite3_errmsg(handle)) }

    /// Runs one or more statements that return no rows.
    public func execute(_ sql: String) throws(SQLiteError) {
        var error: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(handle, sql, nil, nil, &error)
        if rc != SQLITE_OK {
            let message = error.map { String(cString: $0) } ?? lastError
            sqlite3_free(error)
            throw SQLiteError(code: rc, message: message, sql: sql)
        }
    }

    public func prepare(_ sql: String) throws(SQLiteError) -> Statement {
        var stmt: OpaquePointer?
        // The tail pointer points into the C string, so it must be read while that string lives.
        let (rc, trailing) = sql.withCString { text -> (Int32, Bool) in
            var tail: UnsafePointer<CChar>?
            let rc = sqlite3_prepare_v2(handle, text, -1, &stmt, &tail)
            let rest = tail.map { String(cString: $0) } ?? ""
            return (rc, !rest.allSatisfy { $0.isWhitespace || $0 == ";" })
        }
        guard rc == SQLITE_OK, let stmt else { throw SQLiteError(code: rc, message: lastError, sql: sql) }
        if trailing {
            sqlite3_finalize(stmt)
            throw SQLiteError(code: SQLITE_MISUSE, message: "one statement at a time, please", sql: sql)
        }
        return Statement(stmt, database: self, sql: sql)
    }

    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Runs `body` in one transaction: committed if it returns, rolled back if it throws.
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let value = try body()
            try execute("COMMIT")
            return value
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// Whether `table` has `column`: databases written before a column was added lack it, and a
    /// read-only connection cannot add it.
    public func hasColumn(_ table: String, _ column: String) throws(SQLiteError) -> Bool {
        try !query("SELECT 1 FROM pragma_table_info(?) WHERE name = ?", [.text(table), .text(column)]).rows.isEmpty
    }

    /// Runs a query and returns its column names and rows (at most `limit` of them: the statement stops
    /// being stepped there, so a query over a million rows costs what its first rows cost).
    public func query(
        _ sql: String, _ arguments: [SQLValue] = [], limit: Int = .max
    ) throws(SQLiteError) -> (columns: [String], rows: [[SQLValue]]) {
        let stmt = try prepare(sql)
        for (i, a) in arguments.enumerated() { stmt.bind(i + 1, a) }
        var rows: [[SQLValue]] = []
        while rows.count < limit, try stmt.step() { rows.append((0..<stmt.columnCount).map(stmt.value)) }
        return ((0..<stmt.columnCount).map(stmt.columnName), rows)
    }
}

/// A prepared statement, reused across rows: bind, step, reset.
public final class Statement {
    let stmt: OpaquePointer
    let database: Database
    let sql: String
    static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    init(_ stmt: OpaquePointer, database: Database, sql: String) {
        self.stmt = stmt
        self.database = database
        self.sql = sql
    }

    deinit { sqlite3_finalize(stmt) }

    @inline(__always) public func bind(_ i: Int, _ v: Int64) { sqlite3_bind_int64(stmt, Int32(i), v) }
    @inline(__always) public func bind(_ i: Int, _ v: Int) { sqlite3_bind_int64(stmt, Int32(i), Int64(v)) }
    /// Non-finite reals are stored as NULL (SQLite has no NaN); the lab's JSON prints them by name.
    @inline(__always) public func bind(_ i: Int, _ v: Double) {
        if v.isFinite { sqlite3_bind_double(stmt, Int32(i), v) } else { sqlite3_bind_null(stmt, Int32(i)) }
    }
    /// Text is bound from the string's own UTF-8 storage (SQLite copies it), not through a C string.
    @inline(__always) public func bind(_ i: Int, _ v: String) {
        var s = v
        _ = s.withUTF8 { sqlite3_bind_text(stmt, Int32(i), $0.baseAddress, Int32($0.count), Self.transient) }
    }
    public func bindNull(_ i: Int) { sqlite3_bind_null(stmt, Int32(i)) }

    public func bind(_ i: Int, _ v: SQLValue) {
        switch v {
        case .null: bindNull(i)
        case .integer(let x): bind(i, x)
        case .real(let x): bind(i, x)
        case .text(let x): bind(i, x)
        case .blob(let x): sqlite3_bind_blob(stmt, Int32(i), x, Int32(x.count), Self.transient)
        }
    }

    /// Steps once: true if a row is ready, false when done.
    @discardableResult
    public func step() throws(SQLiteError) -> Bool {
        let rc = sqlite3_step(stmt)
        if rc == SQLITE_ROW { return true }
        if rc == SQLITE_DONE { return false }
        throw SQLiteError(code: rc, message: database.lastError, sql: sql)
    }

    /// Executes an insert or update with the bound values, then resets for the next row.
    @inline(__always)
    public func run() throws(SQLiteError) {
        let rc = sqlite3_step(stmt)
        sqlite3_reset(stmt)
        if rc != SQLITE_DONE && rc != SQLITE_ROW { throw SQLiteError(code: rc, message: database.lastError, sql: sql) }
    }

    public func reset() { sqlite3_reset(stmt) }

    public var columnCount: Int { Int(sqlite3_column_count(stmt)) }

    public func columnName(_ i: Int) -> String { String(cString: sqlite3_column_name(stmt, Int32(i))) }

    public func value(_ i: Int) -> SQLValue {
        switch sqlite3_column_type(stmt, Int32(i)) {
        case SQLITE_INTEGER: .integer(sqlite3_column_int64(stmt, Int32(i)))
        case SQLITE_FLOAT: .real(sqlite3_column_double(stmt, Int32(i)))
        case SQLITE_TEXT: .text(String(cString: sqlite3_column_text(stmt, Int32(i))))
        case SQLITE_BLOB:
            .blob(
                Array(
                    UnsafeRawBufferPointer(
                        start: sqlite3_column_blob(stmt, Int32(i)), count: Int(sqlite3_column_bytes(stmt, Int32(i))))))
        default: .null
        }
    }
}
