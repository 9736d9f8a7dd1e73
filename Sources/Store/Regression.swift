import Foundation
import Sweep

/// Regression baselines: a results database holds, per experiment, the spec text and seed
/// of its runs; re-running the latest completed run of each experiment with the current code and
/// comparing divergences keyed by (experiment, unit, step, view) shows what a change of code moved.
public enum Regression {
    /// One stored or recomputed divergence, as compared.
    public struct Row: Hashable, Sendable {
        public var comparison: String
        public var unit: Int
        public var step: Int
        public var view: String
        /// a_x … b_height, NaN for NULL (non-finite); compared exactly (SQLite keeps no sign of zero).
        public var frames: [Double]
        public var magnitude: Double
        public var causes: String

        func same(as other: Row) -> Bool {
            func eq(_ a: Double, _ b: Double) -> Bool { a == b || (a.isNaN && b.isNaN) }
            return frames.count == other.frames.count && zip(frames, other.frames).allSatisfy(eq)
                && eq(magnitude, other.magnitude)
                && causes == other.causes
        }
    }

    public enum Kind: String, Sendable { case added, removed, changed }

    public struct Difference: Sendable {
        public var kind: Kind
        /// The baseline's row (nil when added) and the current one (nil when removed).
        public var baseline: Row?
        public var current: Row?
    }

    /// What regress found for one experiment.
    public struct ExperimentReport: Sendable {
        public var name: String
        public var run: Int64
        public var units: Int
        /// Per comparison label: added, removed, changed.
        public var counts: [(comparison: String, added: Int, removed: Int, changed: Int)]
        public var differences: [Difference]
        public var plan: SweepPlan
        public var results: [UnitResult]

        public var identical: Bool { differences.isEmpty }
    }

    public enum RegressionError: Error, CustomStringConvertible {
        case noCompletedRun
        case spec(String)
        public var description: String {
            switch self {
            case .noCompletedRun: "the baseline holds no completed run"
            case .spec(let m): m
            }
        }
    }

    /// The latest completed run of every experiment in `baseline`, re-run and compared.
    /// `specPath` is where the experiment file was (its relative paths resolve from there).
    /// Relative experiment paths resolve from `directory` (the current directory when nil).
    public static func check(
        baseline path: String, jobs: Int, relativeTo directory: String? = nil
    ) throws -> [ExperimentReport] {
        let db = try Database(path: path, readOnly: true)
        // A shard's run holds only part of the units: never a baseline (a merged run is). Databases
        // from before sharding have no shard columns (read-only here, so they are not added).
        let whole = try db.hasColumn("runs", "shard_index") ? "AND shard_index IS NULL" : ""
        let runs = try db.query(
            """
            SELECT r.id, e.name, e.spec_text, r.spec_path FROM runs r JOIN experiments e ON e.id = r.experiment_id
            WHERE r.id = (SELECT MAX(r2.id) FROM runs r2
                          WHERE r2.experiment_id = r.experiment_id AND r2.status = 'completed' \(whole))
            ORDER BY e.name
            """)
        guard !runs.rows.isEmpty else { throw RegressionError.noCompletedRun }
        var reports: [ExperimentReport] = []
        for row in runs.rows {
            guard case .integer(let run) = row[0], case .text(let name) = row[1], case .text(let text) = row[2] else {
                continue
            }
            var specPath: String = if case .text(let p) = row[3] { p } else { "experiments/\(name).yaml" }
            if let directory, !specPath.hasPrefix("/") {
                specPath = (directory as NSString).appendingPathComponent(specPath)
            }
            let spec: ExperimentSpec
            do { spec = try SpecReader.read(text: text, file: specPath) } catch {
                throw RegressionError.spec("experiment \(name) (run \(run)): \(error)")
            }
            let plan = SweepPlan(spec)
            var results: [UnitResult] = []
            _ = SweepRunner.run(plan, jobs: jobs, shouldStop: { false }) { results.append($0) }
            let current = rows(of: results, plan: plan)
            let stored = try storedRows(db, run: run)
            reports.append(
                compare(name: name, run: run, plan: plan, results: results, baseline: stored, current: current))
        }
        return reports
    }

    static func key(_ r: Row) -> String { "\(r.unit)/\(r.step)/\(r.view)" }

    static func compare(
        name: String, run: Int64, plan: SweepPlan, results: [UnitResult], baseline: [Row], current: [Row]
    ) -> ExperimentReport {
        let old = Dictionary(baseline.map { (key($0), $0) }, uniquingKeysWith: { a, _ in a })
        let new = Dictionary(current.map { (key($0), $0) }, uniquingKeysWith: { a, _ in a })
        var differences: [Difference] = []
        for r in current {
            if let b = old[key(r)] {
                if !b.same(as: r) { differences.append(Difference(kind: .changed, baseline: b, current: r)) }
            } else {
                differences.append(Difference(kind: .added, baseline: nil, current: r))
            }
        }
        for b in baseline where new[key(b)] == nil {
            differences.append(Difference(kind: .removed, baseline: b, current: nil))
        }
        var counts: [String: (Int, Int, Int)] = [:]
        for d in differences {
            let c = (d.current ?? d.baseline)!.comparison
            var t = counts[c] ?? (0, 0, 0)
            switch d.kind {
            case .added: t.0 += 1
            case .removed: t.1 += 1
            case .changed: t.2 += 1
            }
            counts[c] = t
        }
        let labels = plan.spec.comparisons.map(\.description)
        return ExperimentReport(
            name: name, run: run, units: plan.unitCount,
            counts: labels.map { l in (l, counts[l]?.0 ?? 0, counts[l]?.1 ?? 0, counts[l]?.2 ?? 0) },
            differences: differences, plan: plan, results: results)
    }

    /// A value as the database stores it: non-finite numbers are NULL (read back as NaN here).
    static func stored(_ v: Double) -> Double { v.isFinite ? v : .nan }

    static func rows(of results: [UnitResult], plan: SweepPlan) -> [Row] {
        var out: [Row] = []
        for r in results {
            let u = plan.unit(r.unit)
            let tree = plan.scenario(for: u).tree
            let label = plan.spec.comparisons[u.comparison].description
            for d in r.divergences {
                let frames = [d.a.x, d.a.y, d.a.width, d.a.height, d.b.x, d.b.y, d.b.width, d.b.height].map(stored)
                out.append(
                    Row(
                        comparison: label, unit: r.unit, step: d.step, view: tree.views[d.view].id, frames: frames,
                        magnitude: stored(d.magnitude), causes: d.causes.nameList.joined(separator: ",")))
            }
        }
        return out
    }

    static func storedRows(_ db: Database, run: Int64) throws -> [Row] {
        let q = try db.query(
            """
            SELECT c.label, u.unit_index, d.step_index, d.view_id, d.a_x, d.a_y, d.a_width, d.a_height,
                   d.b_x, d.b_y, d.b_width, d.b_height, d.magnitude, d.causes
            FROM divergences d JOIN units u ON u.id = d.unit_id
            JOIN comparisons c ON c.run_id = u.run_id AND c.comparison_index = u.comparison_index
            WHERE d.run_id = ?
            """, [.integer(run)])
        return q.rows.compactMap { r in
            guard case .text(let label) = r[0], case .integer(let unit) = r[1], case .integer(let step) = r[2],
                case .text(let view) = r[3],
                case .text(let causes) = r[13]
            else { return nil }
            return Row(
                comparison: label, unit: Int(unit), step: Int(step), view: view, frames: (4...11).map { r[$0].double },
                magnitude: r[12].double, causes: causes)
        }
    }

    /// Makes `report`'s results the baseline's: a new completed run of the experiment, replacing
    /// the older runs of it (so the baseline stays one run per experiment and small).
    public static func accept(_ report: ExperimentReport, into path: String, codeVersion: String) throws {
        let store = try ResultsStore(path: path)
        let outcome = try store.runSession(
            report.plan, jobs: 1, resume: false, codeVersion: codeVersion, shouldStop: { false })
        try store.database.execute(
            """
            CREATE TEMP TABLE old AS SELECT r.id FROM runs r
              WHERE r.experiment_id = (SELECT experiment_id FROM runs WHERE id = \(outcome.runID))
                AND r.id != \(outcome.runID);
            DELETE FROM divergence_rows WHERE unit_id IN (SELECT id FROM units WHERE run_id IN (SELECT id FROM old));
            DELETE FROM units WHERE run_id IN (SELECT id FROM old);
            DELETE FROM scenarios WHERE run_id IN (SELECT id FROM old);
            DELETE FROM comparisons WHERE run_id IN (SELECT id FROM old);
            DELETE FROM runs WHERE id IN (SELECT id FROM old);
            DROP TABLE old;
            """)
    }

    /// Reclaims the space deleted runs left (the baseline is committed to the repository).
    public static func compact(_ path: String) throws {
        let db = try Database(path: path)
        try db.execute("PRAGMA wal_checkpoint(TRUNCATE); VACUUM;")
    }
}
