import Foundation
import Geometry
import LabJSON
import Report
import Store
import Sweep

/// The Results page's reads of `results.db`: runs, their summaries, divergences filtered and paged,
/// one divergence with its picture, and the SQL box. Every read opens the file read-only with
/// `query_only` on, so nothing typed into the page can write.
struct ResultsBrowser {
    let path: String?

    func open() throws(ServerError) -> Database {
        guard let path else { throw ServerError(404, "the server was started without a database (--db)") }
        guard FileManager.default.fileExists(atPath: path) else { throw ServerError(404, "\(path) does not exist") }
        do {
            let db = try Database(path: path, readOnly: true)
            try db.execute("PRAGMA query_only = ON")
            return db
        } catch {
            throw ServerError(500, "\(path): \(error.message)")
        }
    }

    func rows(
        _ db: Database, _ sql: String, _ arguments: [SQLValue] = [], limit: Int = .max
    ) throws(ServerError)
        -> JSONValue
    {
        do { return Self.table(try db.query(sql, arguments, limit: limit)) } catch {
            throw .badRequest(error.message)
        }
    }

    /// `{"columns": [...], "rows": [[...], ...]}`.
    static func table(_ result: (columns: [String], rows: [[SQLValue]])) -> JSONValue {
        .object([
            ("columns", .array(result.columns.map(JSONValue.string))),
            ("rows", .array(result.rows.map { .array($0.map(value)) })),
        ])
    }

    static func value(_ v: SQLValue) -> JSONValue {
        switch v {
        case .null: .null
        case .integer(let i): .number(Double(i))
        case .real(let d): d.isFinite ? .number(d) : .null
        case .text(let s): .string(s)
        case .blob(let b): .string("<\(b.count) bytes>")
        }
    }

    func runs() throws(ServerError) -> JSONValue {
        try rows(
            try open(),
            """
            SELECT r.id, e.name AS experiment, r.status, r.units_total AS units, r.started_at, r.seconds,
                   (SELECT COALESCE(SUM(u.divergences), 0) FROM units u WHERE u.run_id = r.id) AS divergences,
                   (SELECT COALESCE(SUM(u.view_steps), 0) FROM units u WHERE u.run_id = r.id) AS view_steps
            FROM runs r JOIN experiments e ON e.id = r.experiment_id ORDER BY r.id DESC
            """)
    }

    /// The run's summary views and the values its filters can take.
    func summary(run: Int) throws(ServerError) -> JSONValue {
        let db = try open()
        let r: [SQLValue] = [.integer(Int64(run))]
        return .object([
            (
                "by_comparison",
                try rows(
                    db,
                    "SELECT comparison, units, view_steps, divergences, percent_diverging FROM summary_by_comparison "
                        + "WHERE run_id = ?",
                    r)
            ),
            (
                "by_cause",
                try rows(
                    db, "SELECT cause, divergences FROM summary_by_cause WHERE run_id = ? ORDER BY divergences DESC", r)
            ),
            (
                "by_mask",
                try rows(
                    db,
                    "SELECT mask, mask_notation, divergences, max_magnitude FROM summary_by_mask WHERE run_id = ? "
                        + "ORDER BY divergences DESC",
                    r,
                    limit: 64)
            ),
            (
                "comparisons",
                try rows(
                    db, "SELECT comparison_index, label FROM comparisons WHERE run_id = ? ORDER BY comparison_index", r)
            ),
            (
                "devices",
                try rows(
                    db,
                    """
                    SELECT DISTINCT json_extract(j.value, '$.device') AS device
                    FROM (SELECT environments_json FROM units
                          WHERE run_id = ? AND environments_json IS NOT NULL LIMIT 2000) u,
                         json_each(u.environments_json) j ORDER BY device
                    """, r)
            ),
        ])
    }

    /// One page of a run's divergences, filtered, after the divergence `after` (keyset paging: the
    /// page costs what its rows cost, however deep into a million-row run it is).
    func divergences(
        run: Int, comparison: Int?, cause: String?, mask: Int?, device: String?, width: Double?, height: Double?,
        after: Int, limit: Int
    ) throws(ServerError) -> JSONValue {
        let db = try open()
        var conditions = ["u.run_id = ?", "d.id > ?"]
        var arguments: [SQLValue] = [.integer(Int64(run)), .integer(Int64(after))]
        if let comparison {
            conditions.append("u.comparison_index = ?")
            arguments.append(.integer(Int64(comparison)))
        }
        if let cause {
            if cause == Causes.unexplainedName {
                conditions.append("d.cause_bits = 0")
            } else {
                guard let bit = Causes.names.first(where: { $0.1 == cause })?.0.rawValue else {
                    throw .badRequest("unknown cause \(cause)")
                }
                conditions.append("(d.cause_bits & ?) != 0")
                arguments.append(.integer(Int64(bit)))
            }
        }
        if let mask {
            conditions.append("d.mask = ?")
            arguments.append(.integer(Int64(mask)))
        }
        let step = "'$[' || d.step_index || ']"
        if let device {
            conditions.append("json_extract(u.environments_json, \(step).device') = ?")
            arguments.append(.text(device))
        }
        if let width {
            conditions.append("json_extract(u.sizes_json, \(step)[0]') = ?")
            arguments.append(.real(width))
        }
        if let height {
            conditions.append("json_extract(u.sizes_json, \(step)[1]') = ?")
            arguments.append(.real(height))
        }
        let page = try rows(
            db,
            """
            SELECT d.id, u.unit_index AS unit, c.label AS comparison, d.step_index AS step, d.view_id AS view,
                   d.mask, \(Schema.maskNotationSQL) AS mask_notation, d.cause_bits,
                   json_extract(u.sizes_json, \(step)') AS size,
                   json_extract(u.environments_json, \(step).device') AS device,
                   d.a_x, d.a_y, d.a_width, d.a_height, d.b_x, d.b_y, d.b_width, d.b_height
            FROM divergence_rows d JOIN units u ON u.id = d.unit_id
                 JOIN comparisons c ON c.run_id = u.run_id AND c.comparison_index = u.comparison_index
            WHERE \(conditions.joined(separator: " AND ")) ORDER BY d.id LIMIT ?
            """, arguments + [.integer(Int64(limit))])
        var next: JSONValue = .null
        if case .array(let items)? = page["rows"]?.kind, items.count == limit, case .array(let last) = items.last!.kind
        {
            next = last[0]
        }
        return .object([("page", page), ("next", next), ("causes", causeNames())])
    }

    /// The cause names by bit, for reading `cause_bits`.
    func causeNames() -> JSONValue {
        .array(Causes.names.map { .array([.number(Double($0.0.rawValue)), .string($0.1)]) })
    }

    /// A divergence with its picture (both sides at its step, recomputed) and what the playground needs
    /// to open it: the scenario, the sizes up to the step, the two sides.
    func divergence(id: Int) throws(ServerError) -> JSONValue {
        let db = try open()
        let stored: StoredDivergence
        do { stored = try StoredDivergence.load(db, id: Int64(id)) } catch {
            throw ServerError(404, "\(error)")
        }
        let frames: (a: [Rect], b: [Rect])
        do throws(UnitFailure) {
            frames = try UnitRunner.replay(
                stored.scenario, steps: stored.steps, comparison: stored.comparison, step: stored.step,
                engines: stored.engines)
        } catch {
            throw ServerError(500, error.message)
        }
        let size = stored.steps[stored.step].size
        let picture = DivergencePicture(
            tree: stored.scenario.tree, superview: size, a: frames.a, b: frames.b, labelA: "\(stored.comparison.a)",
            labelB: "\(stored.comparison.b)", tolerance: stored.comparison.tolerance,
            caption: "divergence \(id): \(stored.viewID) at step \(stored.step + 1) of \(stored.steps.count)")
        let path = stored.steps.prefix(stored.step).map {
            JSONValue.array([.number($0.size.width), .number($0.size.height)])
        }
        return .object([
            ("id", .number(Double(id))), ("view", .string(stored.viewID)),
            ("causes", .array(stored.causes.map(JSONValue.string))),
            ("comparison", .string("\(stored.comparison)")), ("a", .string("\(stored.comparison.a)")),
            ("b", .string("\(stored.comparison.b)")), ("step", .number(Double(stored.step))),
            ("size", .array([.number(size.width), .number(size.height)])), ("path", .array(Array(path))),
            ("external", .bool(stored.comparison.a.isExternal || stored.comparison.b.isExternal)),
            ("scenario", ScenarioSources.scenarioValue(stored.scenario)), ("svg", .string(picture.svg())),
        ])
    }

    /// The SQL box: one statement, read-only, at most 1,000 rows.
    func sql(_ text: String) throws(ServerError) -> JSONValue {
        let db = try open()
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .badRequest("the query is empty") }
        do {
            let result = try db.query(trimmed, limit: 1001)
            var out = Self.table((result.columns, Array(result.rows.prefix(1000))))
            if case .object(var members) = out.kind {
                members.append(.init(key: "truncated", value: .bool(result.rows.count > 1000)))
                out = JSONValue(.object(members))
            }
            return out
        } catch {
            throw .badRequest(error.message)
        }
    }

}

/// The curated queries offered in the SQL box: `*.sql` files of a folder, each with its leading
/// comment as its title.
struct CuratedQueries {
    let folder: String?

    func list() -> JSONValue {
        guard let folder, let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
            return .array([])
        }
        return .array(
            names.filter { $0.hasSuffix(".sql") }.sorted().compactMap { name in
                guard let data = FileManager.default.contents(atPath: folder + "/" + name) else { return nil }
                let text = String(decoding: data, as: UTF8.self)
                let title = text.split(separator: "\n").prefix { $0.hasPrefix("--") }.map { $0.dropFirst(2) }
                    .joined(separator: " ").trimmingCharacters(in: .whitespaces)
                return .object([("name", .string(name)), ("title", .string(title)), ("sql", .string(text))])
            })
    }
}
