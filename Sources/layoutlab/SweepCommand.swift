import ArgumentParser
import Foundation
import Store
import Sweep

/// Set by SIGINT; workers stop taking units when it is.
let interruptRequested = Locked(false)

/// `layoutlab sweep`: the lab's main job.
struct SweepCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sweep",
        abstract:
            "Run an experiment: both backends over every scenario × sequence × comparison, divergences into SQLite.",
        discussion: """
            The experiment file (YAML, docs/experiment-format.md; experiments/*.yaml) names scenario files and seeded \
            generators, size sequences and comparisons. Every divergence beyond the tolerance is stored with its \
            causes in the database; a summary is printed at the end. Ctrl-C stops cleanly after the units in \
            flight; --resume finishes the latest unfinished run of the same experiment file (starts one when \
            there is none, does nothing when it is complete) without redoing or duplicating work.

            --shard I/N runs a deterministic 1/N of the units (balanced by expected cost) into its own \
            database (default results.shard-I-of-N.db); `layoutlab merge` joins the N databases into one run \
            equal to the unsharded one. --shard env/N takes I from JOB_COMPLETION_INDEX (Kubernetes Indexed \
            Job) or SLURM_ARRAY_TASK_ID (Slurm array). See docs/scale-out.md.
            """)

    @Argument(help: "The experiment file (YAML).")
    var experiment: String

    @Option(help: "The results database (created if missing; with --shard, results.shard-I-of-N.db).")
    var db: String?

    @Option(
        help: ArgumentHelp(
            "Run shard I of N (0-based) of the units; env/N reads I from the batch engine.", valueName: "I/N"))
    var shard: String?

    @Option(help: "Worker threads. (default: one per core)")
    var jobs: Int?

    /// The worker threads: `--jobs`, else one per core.
    var workers: Int { jobs ?? ProcessInfo.processInfo.activeProcessorCount }

    @Flag(help: "Finish the latest interrupted run of this experiment instead of starting a new one.")
    var resume = false

    @Option(help: "Also write the run's HTML report into this folder (DIR/index.html; see `layoutlab report`).")
    var report: String?

    @Flag(
        help: ArgumentHelp(
            "Check every Auto Layout step against a fresh solve of the same constraints.",
            discussion: """
                Each view whose frame differs by more than 1e-9 from a fresh solver's (views either \
                solve finds ambiguous excepted) is recorded as a divergence with cause solver-drift: \
                a fault of the lab's own solver. Costs one build per step. The experiment's \
                `verify_solver: true` does the same.
                """))
    var verifySolver = false

    func validate() throws {
        guard workers >= 1 else { throw ValidationError("--jobs must be at least 1") }
        if let shard {
            do { _ = try Shard.parse(shard, environment: ProcessInfo.processInfo.environment) } catch {
                throw ValidationError("--shard: \(error)")
            }
        }
    }

    func run() throws {
        let shard = try self.shard.map { try Shard.parse($0, environment: ProcessInfo.processInfo.environment) }
        let db = self.db ?? shard.map { "results.shard-\($0.index)-of-\($0.count).db" } ?? "results.db"
        let spec: ExperimentSpec
        do { spec = try SpecReader.read(path: experiment) } catch {
            printError(error.description)
            throw ExitCode(2)
        }
        var plan = SweepPlan(spec, jobs: workers)
        if verifySolver { plan.verifySolver = true }
        let store: ResultsStore
        do { store = try ResultsStore(path: db) } catch {
            printError("\(db): \(error)")
            throw ExitCode(1)
        }
        let signals = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        signal(SIGINT, SIG_IGN)
        signals.setEventHandler { interruptRequested.store(true) }
        signals.resume()
        defer { signals.cancel() }

        let assignment = shard.map { plan.assignment($0) }
        let units = assignment?.units.count ?? plan.unitCount
        let progress = Progress(total: units, label: spec.name + (shard.map { " shard \($0)" } ?? ""))
        let outcome: ResultsStore.SessionOutcome
        do {
            outcome = try store.runSession(
                plan, jobs: workers, resume: resume, codeVersion: CodeVersion.current, shard: assignment,
                shouldStop: { interruptRequested.load() },
                progress: { progress.advance(done: $1, viewSteps: $0.viewSteps) })
        } catch let error as ResultsStore.SessionError {
            printError(error.description)
            throw ExitCode(1)
        }
        progress.finish()
        if outcome.alreadyComplete {
            printNote(
                "run \(outcome.runID) of \(spec.name) in \(db) is already complete "
                    + "(\(outcome.unitsDone) units); nothing to do"
            )
            return
        }
        if !outcome.completed {
            let again = shard.map { " --shard \($0)" } ?? ""
            printError(
                "interrupted: \(outcome.unitsDone) of \(units) units are in \(db) (run \(outcome.runID)); "
                    + "finish with: layoutlab sweep \(experiment)\(again) --db \(db) --resume"
            )
            throw ExitCode(130)
        }
        try Summary.print(store.database, run: outcome.runID, seconds: outcome.seconds, viewSteps: outcome.viewSteps)
        if let shard {
            printNote(
                "shard \(shard) is complete in \(db); when all \(shard.count) are, join them with: "
                    + "layoutlab merge SHARD.db… --into results.db"
            )
        }
        if let report { try ReportCommand.write(db: db, run: outcome.runID, out: report) }
    }
}

/// The version stored with every run: the package version and, when run from a git checkout, the commit.
enum CodeVersion {
    static let package = "0.1.0"

    /// The output is read to its end, then the exit awaited (`Process.exitStatus(waitingAtMost:)`, not
    /// `waitUntilExit`, which on Linux waits in 50 ms slices).
    static var current: String {
        let git = Process()
        git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        git.arguments = ["git", "rev-parse", "--short", "HEAD"]
        let out = Pipe()
        git.standardOutput = out
        git.standardError = FileHandle.nullDevice
        guard (try? git.run()) != nil else { return package }
        let sha = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(
            in: .whitespacesAndNewlines)
        return git.exitStatus(waitingAtMost: 5) == 0 && !sha.isEmpty ? "\(package) (\(sha))" : package
    }
}

/// Progress on standard error: a redrawn bar on a terminal, a plain line every 10% otherwise.
final class Progress {
    let total: Int
    let label: String
    let isTerminal = isatty(STDERR_FILENO) != 0
    private(set) var done: Int
    private(set) var viewSteps = 0
    let start = Date()
    var lastDraw = Date.distantPast
    var lastDecile = -1

    init(total: Int, label: String) {
        self.total = total
        self.done = 0
        self.label = label
    }

    /// A unit was written; `done` counts the run's units so far (a resumed run starts above 0).
    func advance(done: Int, viewSteps n: Int) {
        self.done = done
        viewSteps += n
        let now = Date()
        if isTerminal {
            if now.timeIntervalSince(lastDraw) > 0.1 || done == total { draw(now) }
        } else {
            let decile = done * 10 / max(1, total)
            if decile != lastDecile {
                lastDecile = decile
                FileHandle.standardError.write(Data((line(now) + "\n").utf8))
            }
        }
    }

    func line(_ now: Date) -> String {
        let elapsed = max(1e-9, now.timeIntervalSince(start))
        let rate = Double(viewSteps) / elapsed
        let pct = total == 0 ? 100 : done * 100 / total
        return "\(label): \(done)/\(total) units (\(pct)%), \(Self.si(rate)) view-steps/s"
    }

    func draw(_ now: Date) {
        lastDraw = now
        let width = 30
        let filled = total == 0 ? width : done * width / total
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        FileHandle.standardError.write(Data("\r\(bar) \(line(now))\u{1B}[K".utf8))
    }

    func finish() {
        if isTerminal { FileHandle.standardError.write(Data("\n".utf8)) }
    }

    static func si(_ v: Double) -> String {
        if v >= 1e6 { return String(format: "%.2fM", v / 1e6) }
        if v >= 1e3 { return String(format: "%.1fk", v / 1e3) }
        return String(format: "%.0f", v)
    }
}

/// The summary printed after a sweep, read back from the database's summary views.
enum Summary {
    static func print(_ db: Database, run: Int64, seconds: Double, viewSteps: Int) throws {
        let rate = Progress.si(Double(viewSteps) / max(seconds, 1e-9))
        let time = String(format: "%.2f", seconds)
        Swift.print("run \(run): \(viewSteps) view-steps in \(time) s (\(rate) view-steps/s)\n")
        let sections: [(String, String)] = [
            (
                "Divergences by comparison",
                "SELECT comparison, units, view_steps, divergences, percent_diverging "
                    + "FROM summary_by_comparison WHERE run_id = ?"
            ),
            (
                "Divergences by cause (a divergence may have several)",
                "SELECT cause, divergences FROM summary_by_cause WHERE run_id = ? ORDER BY divergences DESC, cause"
            ),
            (
                "Divergences by mask (top 10)",
                "SELECT mask_notation || CASE WHEN mask = 0 THEN ' (none)' ELSE '' END AS mask, divergences, "
                    + "max_magnitude FROM summary_by_mask WHERE run_id = ? ORDER BY divergences DESC, mask LIMIT 10"
            ),
        ]
        for (title, sql) in sections {
            let result = try db.query(sql, [.integer(run)])
            Swift.print(title)
            if result.rows.isEmpty {
                Swift.print("  (none)\n")
                continue
            }
            Swift.print(
                TextTable.render(
                    [result.columns] + result.rows.map { $0.map(QueryFormat.cell) },
                    rightAligned: numericColumns(result.rows)))
        }
    }

    static func numericColumns(_ rows: [[SQLValue]]) -> Set<Int> {
        guard let first = rows.first else { return [] }
        return Set(first.indices.filter { i in rows.allSatisfy { if case .text = $0[i] { false } else { true } } })
    }
}
