import Sweep

extension Schema {
    /// Brings an open database to version 2: creates the tables of a new one, or upgrades a version-1
    /// file in place (one transaction: a failure leaves it as it was). Called by every writer
    /// (`ResultsStore`); readers take either version as it is, since version 2's views keep version
    /// 1's names and columns.
    public static func prepare(_ db: Database) throws(SQLiteError) {
        let upgrading =
            try db.query("SELECT type FROM sqlite_master WHERE name = 'divergences'").rows.first?.first
            == .text("table")
        if upgrading {
            try db.execute("BEGIN IMMEDIATE")
            do {
                try migrateFromVersion1(db)
                try db.execute("COMMIT")
            } catch {
                try? db.execute("ROLLBACK")
                throw error
            }
        }
        // The views are derived, so each writer recreates them: a file keeps up with this code's
        // definitions (faster ones included) without a version of its own.
        try db.execute("BEGIN IMMEDIATE")
        do {
            try db.execute(tables)
            for (table, column, definition) in additions where try !db.hasColumn(table, column) {
                try db.execute("ALTER TABLE \(table) ADD COLUMN \(column) \(definition)")
            }
            try fillCauses(db)
            try db.execute(viewNames.map { "DROP VIEW IF EXISTS \($0);" }.joined(separator: " "))
            try db.execute(views)
            try db.execute("PRAGMA user_version = \(version)")
            try db.execute("COMMIT")
        } catch {
            try? db.execute("ROLLBACK")
            throw error
        }
        // The dropped version-1 tables leave free pages; give them back so the file shrinks as a freshly
        // written one would (VACUUM cannot run inside the upgrade's transaction).
        if upgrading { try db.execute("VACUUM") }
    }

    static func fillCauses(_ db: Database) throws(SQLiteError) {
        let insert = try db.prepare("INSERT OR IGNORE INTO causes (bit, name) VALUES (?, ?)")
        for (bit, name) in causeRows {
            insert.bind(1, bit)
            insert.bind(2, name)
            try insert.run()
        }
    }

    /// Version 1 kept every divergence's derived columns, one row per cause and one per step. The
    /// upgrade keeps the measured values (`divergence_rows`), turns the cause names into bits, moves each
    /// step's layout passes into its unit (`passes_json`), checks that every generated column and view
    /// gives back the stored values, and drops the old tables.
    static func migrateFromVersion1(_ db: Database) throws(SQLiteError) {
        // Columns version 1 added over time, so even its oldest files read the same way.
        let v1Additions = [
            ("steps", "device", "TEXT"), ("steps", "orientation", "TEXT"), ("steps", "in_call", "INTEGER"),
            ("steps", "window_width", "REAL"), ("steps", "passes_a", "INTEGER"), ("steps", "passes_b", "INTEGER"),
            ("steps", "settled", "INTEGER NOT NULL DEFAULT 1"), ("units", "environments_json", "TEXT"),
            ("units", "error", "TEXT"),
        ]
        for (table, column, definition) in v1Additions where try !db.hasColumn(table, column) {
            try db.execute("ALTER TABLE \(table) ADD COLUMN \(column) \(definition)")
        }
        try db.execute(
            """
            DROP VIEW IF EXISTS divergence_details; DROP VIEW IF EXISTS summary_by_comparison;
            DROP VIEW IF EXISTS summary_by_cause; DROP VIEW IF EXISTS summary_by_mask;
            """)
        try db.execute(tables)
        for (table, column, definition) in additions where try !db.hasColumn(table, column) {
            try db.execute("ALTER TABLE \(table) ADD COLUMN \(column) \(definition)")
        }
        try fillCauses(db)
        try db.execute(
            """
            INSERT INTO divergence_rows (id, unit_id, step_index, view_id, mask, a_x, a_y, a_width, a_height,
                                         b_x, b_y, b_width, b_height, cause_bits)
            SELECT d.id, d.unit_id, d.step_index, d.view_id, d.mask, d.a_x, d.a_y, d.a_width, d.a_height,
                   d.b_x, d.b_y, d.b_width, d.b_height,
                   (SELECT coalesce(sum(c.bit), 0) FROM causes c
                    WHERE c.bit != 0 AND instr(',' || d.causes || ',', ',' || c.name || ',') > 0)
            FROM divergences d ORDER BY d.id;
            """)
        // Each step's passes and settling, into its unit (only where some step took other than one pass
        // or did not settle).
        let steps = try db.prepare(
            "SELECT unit_id, passes_a, passes_b, settled FROM steps ORDER BY unit_id, step_index")
        let update = try db.prepare("UPDATE units SET passes_json = ? WHERE id = ?")
        var unit: Int64?
        var facts: [(Int?, Int?, Bool)] = []
        func flush() throws(SQLiteError) {
            guard let u = unit, let json = passesJSON(facts) else { return }
            update.bind(1, json)
            update.bind(2, u)
            try update.run()
        }
        while try steps.step() {
            let u = Int64(steps.value(0).int ?? 0)
            if u != unit {
                try flush()
                unit = u
                facts = []
            }
            facts.append((steps.value(1).int, steps.value(2).int, steps.value(3).int != 0))
        }
        try flush()
        // What the old tables stored must come back from the new ones, value for value.
        let mismatched =
            try db.query(
                """
                SELECT count(*) FROM divergences v JOIN (
                    SELECT d.id, \(maskNotationSQL) AS mask_notation, \(causesSQL) AS causes,
                           CAST(d.b_x - d.a_x AS REAL) AS d_min_x, CAST(d.b_y - d.a_y AS REAL) AS d_min_y,
                           CAST((d.b_x + d.b_width) - (d.a_x + d.a_width) AS REAL) AS d_max_x,
                           CAST((d.b_y + d.b_height) - (d.a_y + d.a_height) AS REAL) AS d_max_y,
                           CAST(\(magnitudeSQL) AS REAL) AS magnitude
                    FROM divergence_rows d) r ON r.id = v.id
                WHERE r.mask_notation IS NOT v.mask_notation OR r.causes IS NOT v.causes OR r.d_min_x IS NOT v.d_min_x
                   OR r.d_min_y IS NOT v.d_min_y OR r.d_max_x IS NOT v.d_max_x OR r.d_max_y IS NOT v.d_max_y
                   OR r.magnitude IS NOT v.magnitude
                """
            ).rows.first?.first?.int ?? -1
        guard mismatched == 0 else {
            throw SQLiteError(
                code: 1,
                message: "upgrading results.db to version 2: \(mismatched) divergences would not read back as stored")
        }
        // And the steps, from the units.
        try db.execute(stepsView(named: "steps_v2"))
        let stepsMismatched =
            try db.query(
                """
                SELECT count(*) FROM (SELECT * FROM steps EXCEPT SELECT * FROM steps_v2)
                """
            ).rows.first?.first?.int ?? -1
        guard stepsMismatched == 0 else {
            throw SQLiteError(
                code: 1,
                message: "upgrading results.db to version 2: \(stepsMismatched) steps would not read back as stored")
        }
        try db.execute(
            """
            DROP VIEW steps_v2; DROP TABLE divergence_causes; DROP TABLE divergences; DROP TABLE steps;
            """)
    }

    /// A unit's steps' layout passes (nil for a springs side) and settling as `passes_json`: nil when
    /// every Auto Layout side took one pass and every step settled (what the `steps` view then reads).
    public static func passesJSON(_ steps: [(a: Int?, b: Int?, settled: Bool)]) -> String? {
        guard steps.contains(where: { ($0.a ?? 1) != 1 || ($0.b ?? 1) != 1 || !$0.settled }) else { return nil }
        func n(_ v: Int?) -> String { v.map(String.init) ?? "null" }
        return "[" + steps.map { "[\(n($0.a)),\(n($0.b)),\($0.settled ? 1 : 0)]" }.joined(separator: ",") + "]"
    }

    /// Cause names (`Causes.nameList`, or a stored comma-separated list) as the stored bitmask.
    public static func causeBits<S: Sequence>(_ names: S) -> Int64 where S.Element: StringProtocol {
        var bits: Int64 = 0
        for name in names {
            if let c = Causes.names.first(where: { $0.1 == name }) { bits |= Int64(c.0.rawValue) }
        }
        return bits
    }
}
