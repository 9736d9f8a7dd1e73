import EngineReport

/// An `EngineClassSummary` read from a results database: one query for the comparisons (units,
/// view-steps, the engine's refusals), one for the classes (divergences grouped by cause set).
extension EngineClassSummary {
    public struct NotFound: Error, CustomStringConvertible {
        public var run: Int64?
        public var description: String { run.map { "no run \($0)" } ?? "no run with an external engine's comparison" }
    }

    /// The summary of `run` (default: the latest run with an external side).
    public static func load(_ db: Database, run: Int64? = nil) throws -> EngineClassSummary {
        let runRows = try db.query(
            """
            SELECT r.id, e.name FROM runs r JOIN experiments e ON e.id = r.experiment_id
            WHERE (?1 IS NULL AND EXISTS (SELECT 1 FROM comparisons c WHERE c.run_id = r.id
                                          AND (c.a LIKE 'external:%' OR c.b LIKE 'external:%')))
               OR r.id = ?1
            ORDER BY r.id DESC LIMIT 1
            """, [run.map { .integer($0) } ?? .null]
        ).rows
        guard let r = runRows.first, case .integer(let id) = r[0], case .text(let name) = r[1] else {
            throw NotFound(run: run)
        }
        let comparisons = try db.query(
            """
            SELECT c.comparison_index, c.label, COUNT(u.id), COALESCE(SUM(u.view_steps), 0),
                   COALESCE(SUM(u.divergences), 0), COALESCE(SUM(u.error IS NOT NULL), 0),
                   (SELECT substr(u2.error, instr(u2.error, ': ') + 2) AS m FROM units u2
                    WHERE u2.run_id = c.run_id AND u2.comparison_index = c.comparison_index AND u2.error IS NOT NULL
                    GROUP BY m ORDER BY COUNT(*) DESC LIMIT 1)
            FROM comparisons c LEFT JOIN units u ON u.run_id = c.run_id AND u.comparison_index = c.comparison_index
            WHERE c.run_id = ?1 GROUP BY c.comparison_index ORDER BY c.comparison_index
            """, [.integer(id)]
        ).rows.map { r in
            EngineClassSummary.Comparison(
                index: Int(r[0].int ?? 0), label: r[1].string ?? "", units: Int(r[2].int ?? 0),
                viewSteps: Int(r[3].int ?? 0), divergences: Int(r[4].int ?? 0), failedUnits: Int(r[5].int ?? 0),
                commonError: r[6].string)
        }
        let classes = try db.query(
            """
            WITH d AS (
                SELECT d.id, d.causes, u.comparison_index, u.id AS unit_id,
                       (SELECT json_array_length(s.scenario_json, '$.views') FROM scenarios s
                        WHERE s.run_id = u.run_id AND s.scenario_index = u.scenario_index) AS views
                FROM divergences d JOIN units u ON u.id = d.unit_id WHERE u.run_id = ?1
            )
            SELECT comparison_index, causes, COUNT(*), COUNT(DISTINCT unit_id),
                   (SELECT d2.id FROM d d2 WHERE d2.comparison_index = d.comparison_index AND d2.causes = d.causes
                    ORDER BY d2.views, d2.id LIMIT 1)
            FROM d GROUP BY comparison_index, causes ORDER BY comparison_index, COUNT(*) DESC, causes
            """, [.integer(id)]
        ).rows.map { r in
            EngineClassSummary.Class(
                comparison: Int(r[0].int ?? 0), causes: (r[1].string ?? "").split(separator: ",").map(String.init),
                viewSteps: Int(r[2].int ?? 0), units: Int(r[3].int ?? 0), example: Int64(r[4].int ?? 0))
        }
        return EngineClassSummary(run: id, experiment: name, comparisons: comparisons, classes: classes)
    }
}
