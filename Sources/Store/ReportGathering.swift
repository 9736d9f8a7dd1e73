import Foundation
import Geometry
import LabJSON
import Report
import Sweep

/// Reads one run of results.db into a `RunReport`: aggregates in SQL (so a million divergences cost
/// no more page than a thousand), and pictures for a bounded sample of divergences.
public enum ReportGathering {
    public enum GatherError: Error, CustomStringConvertible {
        case noRun(String)
        public var description: String {
            switch self {
            case .noRun(let m): m
            }
        }
    }

    /// The unexplained divergences first (up to `unexplainedPictures`), then the largest of each cause.
    public static func gather(
        _ db: Database, path: String, run: Int64?, unexplainedPictures: Int = 20
    ) throws -> RunReport {
        let runRow = try db.query(
            """
            SELECT r.id, e.name, r.code_version, r.status, r.started_at
            FROM runs r JOIN experiments e ON e.id = r.experiment_id
            WHERE r.id = coalesce(?, (SELECT max(id) FROM runs WHERE status = 'completed'), (SELECT max(id) FROM runs))
            """, [run.map { .integer($0) } ?? .null]
        ).rows
        guard let r = runRow.first, case .integer(let runID) = r[0] else {
            throw GatherError.noRun(run.map { "\(path) has no run \($0)" } ?? "\(path) has no runs")
        }
        let arg: [SQLValue] = [.integer(runID)]
        let comparisons = try db.query(
            "SELECT comparison, units, view_steps, divergences, percent_diverging FROM summary_by_comparison "
                + "WHERE run_id = ?",
            arg
        ).rows
            .map {
                RunReport.ComparisonRow(
                    label: text($0[0]), units: int($0[1]), viewSteps: int($0[2]), divergences: int($0[3]),
                    percent: $0[4].double)
            }
        let causes = try db.query(
            "SELECT cause, divergences FROM summary_by_cause WHERE run_id = ? ORDER BY divergences DESC, cause", arg
        ).rows
            .map { (name: text($0[0]), count: int($0[1])) }
        var grid = Array(repeating: Array(repeating: 0, count: 8), count: 8)
        for row in try db.query("SELECT mask, divergences FROM summary_by_mask WHERE run_id = ?", arg).rows {
            let m = int(row[0])
            grid[m & 7][(m >> 3) & 7] += int(row[1])
        }
        let magnitudes = try magnitudeBins(db, arg)
        let byStep = try db.query(
            "SELECT step_index, count(*) FROM divergences WHERE run_id = ? GROUP BY step_index ORDER BY step_index", arg
        ).rows
            .map { (step: int($0[0]), count: int($0[1])) }
        let total =
            try db.query("SELECT count(*) FROM divergences WHERE run_id = ?", arg).rows.first.map { int($0[0]) } ?? 0
        let unexplained = causes.first { $0.name == Causes.unexplainedName }?.count ?? 0

        let chosen = try sample(db, runID: runID, causes: causes, unexplainedPictures: unexplainedPictures)
        let featured = try chosen.compactMap { c in try picture(db, id: c.id, why: c.why, magnitude: c.magnitude) }
        let sampling =
            "Pictures are a sample, so the page stays small whatever the run's size: every unexplained "
            + "divergence up to "
            + "\(unexplainedPictures) (largest first), then the largest divergence of each cause — \(featured.count) "
            + "of \(total). "
            + "Every figure above counts all \(total)."
        return RunReport(
            experiment: text(r[1]), runID: runID, codeVersion: text(r[2]), status: text(r[3]), started: text(r[4]),
            database: path, comparisons: comparisons, causes: causes, maskGrid: grid, magnitudes: magnitudes,
            byStep: byStep, totalDivergences: total, unexplained: unexplained, featured: featured, sampling: sampling)
    }

    /// Divergences by magnitude, in decade bins computed in plain SQL (no math functions needed).
    static func magnitudeBins(_ db: Database, _ arg: [SQLValue]) throws -> [(label: String, count: Int)] {
        // Edges 1e-6, 1e-3 … 1e4.
        let edges = [1e-6, 1e-3, 1e-2, 0.1, 1, 10, 100, 1000, 1e4]
        let labels = [
            "< 1e-6", "1e-6 – 1e-3", "1e-3 – 0.01", "0.01 – 0.1", "0.1 – 1", "1 – 10", "10 – 100",
            "100 – 1000", "1000 – 1e4", "≥ 1e4", "not finite",
        ]
        let binSQL =
            "CASE WHEN magnitude IS NULL OR magnitude > 1e308 THEN \(edges.count + 1) "
            + edges.enumerated().map { "WHEN magnitude < \($0.element) THEN \($0.offset) " }.joined()
            + "ELSE \(edges.count) END"
        return try db.query(
            "SELECT \(binSQL) AS bin, count(*) FROM divergences WHERE run_id = ? GROUP BY bin ORDER BY bin", arg
        ).rows
            .map { (label: labels[min(int($0[0]), labels.count - 1)], count: int($0[1])) }
    }

    /// The divergences pictured: the unexplained first (largest first, up to `unexplainedPictures`),
    /// then the largest divergence of each cause.
    static func sample(
        _ db: Database, runID: Int64, causes: [(name: String, count: Int)], unexplainedPictures: Int
    ) throws -> [(id: Int64, why: String, magnitude: Double)] {
        let arg: [SQLValue] = [.integer(runID)]
        var chosen: [(id: Int64, why: String, magnitude: Double)] = []
        for row in try db.query(
            """
            SELECT d.id, d.magnitude FROM divergences d WHERE d.run_id = ? AND d.causes = '\(Causes.unexplainedName)'
            ORDER BY d.magnitude DESC, d.id LIMIT \(unexplainedPictures)
            """, arg
        ).rows { if case .integer(let id) = row[0] { chosen.append((id, "unexplained", row[1].double)) } }
        for c in causes where c.name != Causes.unexplainedName {
            let rows = try db.query(
                """
                SELECT dc.divergence_id, d.magnitude
                FROM divergence_causes dc JOIN divergences d ON d.id = dc.divergence_id
                WHERE dc.run_id = ? AND dc.cause = ? ORDER BY d.magnitude DESC, d.id LIMIT 1
                """, [.integer(runID), .text(c.name)]
            ).rows
            if let row = rows.first, case .integer(let id) = row[0], !chosen.contains(where: { $0.id == id }) {
                chosen.append((id, "largest \(c.name)", row[1].double))
            }
        }
        return chosen
    }

    /// One stored divergence replayed and drawn at its step; nil when it no longer replays.
    static func picture(_ db: Database, id: Int64, why: String, magnitude: Double) throws -> RunReport.Featured? {
        let stored = try StoredDivergence.load(db, id: id)
        guard
            let frames = try? UnitRunner.replay(
                stored.scenario, steps: stored.steps, comparison: stored.comparison,
                step: stored.step, engines: stored.engines)
        else { return nil }
        let size = stored.steps[stored.step].size
        let picture = DivergencePicture(
            tree: stored.scenario.tree, superview: size, a: frames.a, b: frames.b,
            labelA: "\(stored.comparison.a)", labelB: "\(stored.comparison.b)",
            tolerance: stored.comparison.tolerance,
            caption:
                "step \(stored.step + 1), superview "
                + "\(JSONWriter.plainNumber(size.width))×\(JSONWriter.plainNumber(size.height))"
        )
        return RunReport.Featured(
            id: id, why: why, comparison: "\(stored.comparison.a) vs \(stored.comparison.b)",
            view: stored.viewID, step: stored.step, magnitude: magnitude,
            causes: stored.causes.joined(separator: ","), pictureSVG: picture.svg(standalone: false))
    }
}

/// A column's text or integer, empty or 0 when NULL (the summary views' aggregates never are).
private func text(_ v: SQLValue) -> String { v.string ?? "" }
private func int(_ v: SQLValue) -> Int { v.int ?? 0 }
