import EngineReport
import Geometry
import Scenario
import Sweep

/// An `EngineRun` read from a results database: the comparisons' totals, then every unit that
/// diverged or was refused with its divergences.
extension EngineRun {
    public struct NotFound: Error, CustomStringConvertible {
        public var run: Int64?
        public var description: String { run.map { "no run \($0)" } ?? "no run with an external engine's comparison" }
    }

    /// `run` (default: the latest run with an external side).
    public static func load(_ db: Database, run: Int64? = nil) throws -> EngineRun {
        let runRows = try db.query(
            """
            SELECT r.id, e.name, r.code_version, e.spec_text, r.spec_path
            FROM runs r JOIN experiments e ON e.id = r.experiment_id
            WHERE (?1 IS NULL AND EXISTS (SELECT 1 FROM comparisons c WHERE c.run_id = r.id
                                          AND (c.a LIKE 'external:%' OR c.b LIKE 'external:%')))
               OR r.id = ?1
            ORDER BY r.id DESC LIMIT 1
            """, [run.map { .integer($0) } ?? .null]
        ).rows
        guard let r = runRows.first, case .integer(let id) = r[0] else { throw NotFound(run: run) }
        var engines: [String: ExternalEngineSpec] = [:]
        if let text = r[3].string {
            engines = try SpecReader.read(text: text, file: r[4].string ?? "experiment").engines
        }
        let comparisons = try db.query(
            """
            SELECT c.comparison_index, c.a, c.b, c.scale, c.tolerance, COUNT(u.id), COALESCE(SUM(u.view_steps), 0),
                   COALESCE(SUM(u.divergences), 0), COALESCE(SUM(u.error IS NOT NULL), 0)
            FROM comparisons c LEFT JOIN units u ON u.run_id = c.run_id AND u.comparison_index = c.comparison_index
            WHERE c.run_id = ?1 GROUP BY c.comparison_index ORDER BY c.comparison_index
            """, [.integer(id)]
        ).rows.compactMap { r -> ComparisonTotals? in
            guard let a = r[1].string.flatMap(BackendConfiguration.init),
                let b = r[2].string.flatMap(BackendConfiguration.init)
            else { return nil }
            return ComparisonTotals(
                index: r[0].int ?? 0, comparison: Comparison(a: a, b: b, scale: r[3].int, tolerance: r[4].double),
                units: r[5].int ?? 0, viewSteps: r[6].int ?? 0, divergences: r[7].int ?? 0, refused: r[8].int ?? 0)
        }
        var scenarios: [Int: Scenario] = [:]
        for s in try db.query("SELECT scenario_index, scenario_json FROM scenarios WHERE run_id = ?1", [.integer(id)])
            .rows
        {
            if let k = s[0].int, let json = s[1].string { scenarios[k] = try Scenario(json: json) }
        }
        var units: [Int64: Unit] = [:]
        var order: [Int64] = []
        for u in try db.query(
            """
            SELECT id, comparison_index, scenario_index, sequence_index, sizes_json, error FROM units
            WHERE run_id = ?1 AND (divergences > 0 OR error IS NOT NULL) ORDER BY unit_index
            """, [.integer(id)]
        ).rows {
            guard case .integer(let uid) = u[0], let s = u[2].int, let scenario = scenarios[s],
                let sizes = u[4].string.flatMap(UnitResult.sizes(fromJSON:))
            else { continue }
            units[uid] = Unit(
                comparison: u[1].int ?? 0, scenarioIndex: s, sequenceIndex: u[3].int ?? 0,
                scenario: scenario, sizes: sizes, error: u[5].string, divergences: [])
            order.append(uid)
        }
        for d in try db.query(
            """
            SELECT d.unit_id, d.step_index, d.view_id, d.a_x, d.a_y, d.a_width, d.a_height, d.b_x, d.b_y, d.b_width,
                   d.b_height, d.causes
            FROM divergences d JOIN units u ON u.id = d.unit_id WHERE u.run_id = ?1 ORDER BY d.id
            """, [.integer(id)]
        ).rows {
            guard case .integer(let uid) = d[0], units[uid] != nil else { continue }
            units[uid]!.divergences.append(
                Unit.Divergence(
                    step: d[1].int ?? 0, view: d[2].string ?? "",
                    a: Rect(x: d[3].double, y: d[4].double, width: d[5].double, height: d[6].double),
                    b: Rect(x: d[7].double, y: d[8].double, width: d[9].double, height: d[10].double),
                    causes: (d[11].string ?? "").split(separator: ",").map(String.init)))
        }
        var identical: [Int: Set<EngineRun.UnitPosition>] = [:]
        for u in try db.query(
            """
            SELECT comparison_index, scenario_index, sequence_index FROM units
            WHERE run_id = ?1 AND divergences = 0 AND error IS NULL
            """, [.integer(id)]
        ).rows {
            guard let c = u[0].int, let s = u[1].int, let q = u[2].int else { continue }
            identical[c, default: []].insert(EngineRun.UnitPosition(scenarioIndex: s, sequenceIndex: q))
        }
        return EngineRun(
            run: id, experiment: r[1].string ?? "", codeVersion: r[2].string ?? "", engines: engines,
            comparisons: comparisons, units: order.map { units[$0]! }, identical: identical)
    }
}
