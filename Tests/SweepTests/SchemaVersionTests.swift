import Foundation
import Store
import Sweep
import Testing

/// results.db's schema version 2 against version 1, on a database version 1 wrote
/// (`Fixtures/schema-v1.db`, from `Fixtures/schema-v1.yaml`): upgraded in place, and written afresh by
/// the current writer, it answers every documented and curated query — and the report's — with the same
/// rows as the untouched file.
@Suite("results.db schema versions")
struct SchemaVersionTests {
    static let fixtures = RegressionTests.repo.appendingPathComponent("Tests/SweepTests/Fixtures")

    /// A fresh copy of the version-1 fixture.
    static func copyOfVersion1() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("v1-\(UUID().uuidString).db").path
        try FileManager.default.copyItem(atPath: fixtures.appendingPathComponent("schema-v1.db").path, toPath: path)
        return path
    }

    /// Every query whose rows must not change: the documented examples (docs/results-db.md), the curated
    /// experiments' answers (experiments/queries/*.sql, some of which read no row of this run), and
    /// every table and view a user's SQL reads, whole.
    static func queries() throws -> [String] {
        let curated = try FileManager.default.contentsOfDirectory(
            at: RegressionTests.repo.appendingPathComponent("experiments/queries"), includingPropertiesForKeys: nil
        ).filter { $0.pathExtension == "sql" }.sorted { $0.path < $1.path }.map {
            try String(contentsOf: $0, encoding: .utf8)
        }
        // Each `layoutlab query "…"` line of the document, as a reader would paste it.
        let document = try String(
            contentsOf: RegressionTests.repo.appendingPathComponent("docs/results-db.md"), encoding: .utf8)
        let documented = document.split(separator: "\n").filter { $0.hasPrefix("layoutlab query") }.compactMap {
            line -> String? in
            guard let open = line.firstIndex(of: "\""), let close = line.lastIndex(of: "\""), open < close else {
                return nil
            }
            return String(line[line.index(after: open)..<close])
        }
        #expect(documented.count >= 3, "docs/results-db.md: \(documented.count) example queries found")
        let whole = [
            "SELECT * FROM divergences", "SELECT * FROM divergence_causes", "SELECT * FROM steps",
            "SELECT * FROM divergence_details", "SELECT * FROM summary_by_comparison", "SELECT * FROM summary_by_cause",
            "SELECT * FROM summary_by_mask",
            "SELECT id, run_id, unit_index, scenario_index, sequence_index, sequence_kind, comparison_index, "
                + "sizes_json, environments_json, view_steps, error, divergences FROM units",
            "SELECT * FROM scenarios", "SELECT * FROM comparisons",
            "SELECT typeof(a_x), typeof(magnitude), typeof(d_max_y), typeof(mask_notation), count(*) "
                + "FROM divergences GROUP BY 1, 2, 3, 4",
            "SELECT typeof(width), typeof(window_width), typeof(in_call), typeof(passes_a), typeof(settled), "
                + "count(*) FROM steps GROUP BY 1, 2, 3, 4, 5",
        ]
        return documented + curated + whole
    }

    /// The same rows: in order where the query orders them, as a multiset otherwise.
    /// The same rows from every query, sorted where the query leaves the order open. With a
    /// `realTolerance`, real values may differ by that fraction of their size: a sweep run now against
    /// rows a version-1 writer stored, where the solver's last bits may have moved since.
    static func expectSameRows(_ a: Database, _ b: Database, _ what: String, realTolerance: Double = 0) throws {
        for sql in try queries() {
            var left = try a.query(sql).rows
            var right = try b.query(sql).rows
            if !sql.uppercased().contains("ORDER BY") {
                left.sort { "\($0)" < "\($1)" }
                right.sort { "\($0)" < "\($1)" }
            }
            let first =
                zip(left, right).first { !same($0, $1, realTolerance) }
                .map { "\n  version 1: \($0)\n  version 2: \($1)" } ?? ""
            #expect(
                left.count == right.count && first.isEmpty,
                "\(what): \(sql.prefix(100))… (\(left.count) rows against \(right.count))\(first)")
        }
    }

    static func same(_ a: [SQLValue], _ b: [SQLValue], _ tolerance: Double) -> Bool {
        guard tolerance > 0 else { return "\(a)" == "\(b)" }
        return a.count == b.count
            && zip(a, b).allSatisfy { x, y in
                if case .real(let p) = x, case .real(let q) = y { return abs(p - q) <= tolerance * max(1, abs(p)) }
                return "\(x)" == "\(y)"
            }
    }

    /// A divergence with non-finite frames (stored NULL) and an infinite magnitude, added to the
    /// version-1 file as version 1 stored it, so the upgrade meets NULLs too.
    static func addNonFiniteDivergence(_ db: Database) throws {
        try db.execute(
            """
            INSERT INTO divergences (run_id, unit_id, step_index, view_id, mask, mask_notation,
                                     a_x, a_y, a_width, a_height, b_x, b_y, b_width, b_height,
                                     d_min_x, d_min_y, d_max_x, d_max_y, magnitude, causes)
            SELECT run_id, unit_id, step_index, 'nan', 18, 'h=-&- v=-&-', NULL, 10, 20, 30, 5, 10, 20, 30,
                   NULL, 0.0, NULL, 0.0, NULL, 'non-finite,policy-fallback' FROM divergences ORDER BY id LIMIT 1;
            INSERT INTO divergence_causes (run_id, cause, divergence_id)
                SELECT run_id, 'non-finite', id FROM divergences WHERE view_id = 'nan'
                UNION ALL SELECT run_id, 'policy-fallback', id FROM divergences WHERE view_id = 'nan';
            UPDATE steps SET diverging_views = diverging_views + 1
                WHERE (unit_id, step_index) = (SELECT unit_id, step_index FROM divergences WHERE view_id = 'nan');
            UPDATE units SET divergences = divergences + 1
                WHERE id = (SELECT unit_id FROM divergences WHERE view_id = 'nan');
            """)
    }

    /// Opened by a writer, a version-1 file is upgraded in place; every query answers as before.
    @Test func aVersion1FileUpgradedInPlaceAnswersTheSame() throws {
        let untouched = try Self.copyOfVersion1()
        let upgraded = try Self.copyOfVersion1()
        try Self.addNonFiniteDivergence(try Database(path: untouched))
        try Self.addNonFiniteDivergence(try Database(path: upgraded))
        let store = try ResultsStore(path: upgraded)
        let kinds = try store.database.query(
            "SELECT name, type FROM sqlite_master "
                + "WHERE name IN ('divergences', 'steps', 'divergence_causes', 'divergence_rows')"
        ).rows
        #expect(
            Set(kinds.map { "\($0[0].string ?? "")=\($0[1].string ?? "")" }) == [
                "divergences=view", "steps=view", "divergence_causes=view", "divergence_rows=table",
            ])
        #expect(try store.database.query("PRAGMA user_version").rows.first?.first?.int == 2)
        try Self.expectSameRows(try Database(path: untouched, readOnly: true), try Database(path: upgraded), "upgraded")
        // The report reads the same run the same way.
        var before = try ReportGathering.gather(
            try Database(path: untouched, readOnly: true), path: untouched, run: nil)
        var after = try ReportGathering.gather(store.database, path: upgraded, run: nil)
        (before.database, after.database) = ("", "")
        #expect(String(describing: before) == String(describing: after))
        // A second open finds version 2 and changes nothing.
        _ = try ResultsStore(path: upgraded)
        try Self.expectSameRows(try Database(path: untouched, readOnly: true), try Database(path: upgraded), "reopened")
    }

    /// The current writer, running the fixture's experiment again into a new file, writes version 2 rows
    /// that read back as version 1's did.
    @Test func theWriterAnswersAsVersion1Did() throws {
        let v1 = try Self.copyOfVersion1()
        let db1 = try Database(path: v1, readOnly: true)
        let spec = try SpecReader.read(path: Self.fixtures.appendingPathComponent("schema-v1.yaml").path)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("v2-\(UUID().uuidString).db").path
        let store = try ResultsStore(path: path)
        #expect(
            try store.runSession(SweepPlan(spec), jobs: 2, resume: false, codeVersion: "test", shouldStop: { false })
                .completed)
        try Self.expectSameRows(db1, try Database(path: path), "rewritten", realTolerance: 1e-12)
        #expect(
            try store.database.query("SELECT count(*) FROM sqlite_master WHERE name = 'divergence_rows_by_unit'").rows
                .first?.first?.int == 1)
    }

    /// An upgrade that would lose a value stops and leaves the file as it was.
    @Test func anUpgradeThatWouldChangeAValueIsRefused() throws {
        let path = try Self.copyOfVersion1()
        try Database(path: path).execute("UPDATE divergences SET magnitude = magnitude + 1 WHERE id = 1")
        #expect(throws: SQLiteError.self) { _ = try ResultsStore(path: path) }
        let db = try Database(path: path, readOnly: true)
        #expect(
            try db.query("SELECT type FROM sqlite_master WHERE name = 'divergences'").rows.first?.first?.string
                == "table")
    }
}
