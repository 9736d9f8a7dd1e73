import ArgumentParser
import Foundation
import LabJSON
import Store
import Sweep

/// `layoutlab regress`: re-run the experiments a results database holds and report what changed.
struct RegressCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "regress",
        abstract: "Re-run a baseline's experiments with the current code; "
            + "exit 1 if any divergence was added, removed or changed.",
        discussion: """
            For every experiment in BASELINE.db, its latest completed run is re-run from the stored spec text and \
            seed (relative paths resolve from where the experiment file was), and divergences are compared keyed by \
            (experiment, unit, step, view): added, removed, and changed (frames, magnitude or causes, exactly). \
            Counts per comparison and the first rows of each kind are printed; the exit status is 0 when identical, \
            1 otherwise. --accept makes the new results the baseline (one run per experiment, the file compacted); \
            --db also writes them to another database. The repository's results.db is the lab's baseline: \
            `layoutlab regress results.db` in CI fails on any change of behaviour until it is accepted.
            """)

    @Argument(help: "The baseline results database.")
    var baseline: String

    @Option(help: "Also write the new results into this database.")
    var db: String?

    @Option(help: "table (default) or json.")
    var format: Kind = .table

    @Flag(help: "Write the new results as the baseline.")
    var accept = false

    @Option(help: "Worker threads. (default: one per core)")
    var jobs: Int?

    /// The worker threads: `--jobs`, else one per core.
    var workers: Int { jobs ?? ProcessInfo.processInfo.activeProcessorCount }

    @Option(help: "Rows of each kind to print per experiment.")
    var rows = 5

    enum Kind: String, ExpressibleByArgument { case table, json }

    func run() throws {
        guard FileManager.default.fileExists(atPath: baseline) else {
            printError("\(baseline): no such file")
            throw ExitCode(2)
        }
        let reports: [Regression.ExperimentReport]
        do { reports = try Regression.check(baseline: baseline, jobs: workers) } catch {
            printError("\(baseline): \(error)")
            throw ExitCode(2)
        }
        switch format {
        case .table: print(table(reports), terminator: "")
        case .json: print(JSONWriter.write(json(reports)))
        }
        if let db {
            let store = try ResultsStore(path: db)
            for r in reports {
                _ = try store.runSession(
                    r.plan, jobs: workers, resume: false, codeVersion: CodeVersion.current, shouldStop: { false })
            }
        }
        if accept {
            // Identical experiments too: the README's main command adds a run to the baseline, and
            // accepting is what folds the file back to one run per experiment.
            for r in reports { try Regression.accept(r, into: baseline, codeVersion: CodeVersion.current) }
            try Regression.compact(baseline)
            if reports.contains(where: { !$0.identical }) {
                printNote("accepted: \(baseline) now holds the new results")
            }
            return
        }
        if reports.contains(where: { !$0.identical }) { throw ExitCode(1) }
    }

    static func describe(_ r: Regression.Row) -> String {
        func n(_ v: Double) -> String { v.isNaN ? "nan" : JSONWriter.plainNumber(v) }
        let f = r.frames.map(n)
        let (a, b) = (f[0...3].joined(separator: " "), f[4...7].joined(separator: " "))
        return "a \(a) b \(b) |Δ| \(n(r.magnitude)) [\(r.causes)]"
    }

    func table(_ reports: [Regression.ExperimentReport]) -> String {
        var out = ""
        for r in reports {
            let added = r.differences.filter { $0.kind == .added }.count
            let removed = r.differences.filter { $0.kind == .removed }.count
            let changed = r.differences.count - added - removed
            out +=
                "\(r.name) (baseline run \(r.run), \(r.units) units): "
                + (r.identical ? "identical\n" : "\(added) added, \(removed) removed, \(changed) changed\n")
            guard !r.identical else { continue }
            var t = [["comparison", "added", "removed", "changed"]]
            for c in r.counts where c.added + c.removed + c.changed > 0 {
                t.append([c.comparison, "\(c.added)", "\(c.removed)", "\(c.changed)"])
            }
            out += TextTable.render(t, rightAligned: [1, 2, 3])
            for kind in [Regression.Kind.added, .removed, .changed] {
                for d in r.differences.filter({ $0.kind == kind }).prefix(rows) {
                    let row = (d.current ?? d.baseline)!
                    out +=
                        "  \(kind.rawValue): unit \(row.unit) step \(row.step) view \(row.view) (\(row.comparison))\n"
                    if let b = d.baseline { out += "    baseline \(Self.describe(b))\n" }
                    if let c = d.current { out += "    now      \(Self.describe(c))\n" }
                }
            }
        }
        return out
    }

    func json(_ reports: [Regression.ExperimentReport]) -> JSONValue {
        func row(_ r: Regression.Row?) -> JSONValue {
            guard let r else { return .null }
            return .object([
                ("frames", .array(r.frames.map(JSONValue.number))), ("magnitude", .number(r.magnitude)),
                ("causes", .string(r.causes)),
            ])
        }
        let experiments: [JSONValue] = reports.map { r in
            let comparisons: [JSONValue] = r.counts.map {
                .object([
                    ("comparison", .string($0.comparison)), ("added", .number(Double($0.added))),
                    ("removed", .number(Double($0.removed))), ("changed", .number(Double($0.changed))),
                ])
            }
            let first: [JSONValue] = [Regression.Kind.added, .removed, .changed].flatMap { kind in
                r.differences.filter { $0.kind == kind }.prefix(rows).map { d -> JSONValue in
                    let k = (d.current ?? d.baseline)!
                    return .object([
                        ("kind", .string(kind.rawValue)), ("comparison", .string(k.comparison)),
                        ("unit", .number(Double(k.unit))),
                        ("step", .number(Double(k.step))), ("view", .string(k.view)), ("baseline", row(d.baseline)),
                        ("now", row(d.current)),
                    ])
                }
            }
            return .object([
                ("experiment", .string(r.name)), ("run", .number(Double(r.run))), ("identical", .bool(r.identical)),
                ("comparisons", .array(comparisons)), ("rows", .array(first)),
            ])
        }
        return .object([("identical", .bool(reports.allSatisfy(\.identical))), ("experiments", .array(experiments))])
    }
}
