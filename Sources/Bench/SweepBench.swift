// The sweep's benchmarks: end-to-end throughput in view-steps per second with divergences
// written, where the time goes, and the results writer's insert rate against a raw C API loop.
//
//   swift run -c release layoutlab-bench --only sweep --only insert

import AutoLayout
import CSQLite
import Foundation
import Geometry
import Springs
import Store
import Sweep
import Translation
import ViewTree

@MainActor func reportRate(_ workload: String, _ operation: String, _ n: Int, nsPerItem: Double, unit: String) {
    measured["\(workload)/\(operation)"] = nsPerItem
    guard wanted(operation) else { return }
    let perSecond = 1e9 / nsPerItem
    if json {
        print(
            "{\"workload\":\"\(workload)\",\"operation\":\"\(operation)\",\"n\":\(n),"
                + "\"median_ns\":\(Int(nsPerItem.rounded())),\"\(unit)_per_s\":\(Int(perSecond.rounded()))}"
        )
    } else {
        let rate =
            perSecond >= 1e6 ? String(format: "%.2fM", perSecond / 1e6) : String(format: "%.0fk", perSecond / 1e3)
        print(
            workload.padding(toLength: 12, withPad: " ", startingAt: 0) + String(n).leftPad(7) + "  "
                + operation.padding(toLength: max(18, operation.count + 1), withPad: " ", startingAt: 0)
                + String(format: "%.0f ns/%@", nsPerItem, unit).leftPad(16) + "   " + "\(rate) \(unit)/s")
    }
    fflush(nil)
}

/// Median wall time of `runs` runs of `body`, in ns.
@MainActor func medianTime(_ runs: Int = 3, _ body: () throws -> Void) rethrows -> Double {
    var times: [Double] = []
    for _ in 0..<runs {
        let t0 = now()
        try body()
        times.append(Double(now() - t0))
    }
    return times.sorted()[times.count / 2]
}

/// Median of `runs` timings of `timed`, each on a fresh database prepared (untimed) by `setUp`.
@MainActor func setUpThenTime<S>(_ runs: Int = 3, _ setUp: (String) -> S, timed: (S) -> Void) -> Double {
    var times: [Double] = []
    for _ in 0..<runs {
        let path = temporaryDatabase()
        defer { removeDatabase(path) }
        let state = setUp(path)
        let t0 = now()
        timed(state)
        times.append(Double(now() - t0))
        withExtendedLifetime(state) {}
    }
    return times.sorted()[times.count / 2]
}

func temporaryDatabase() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("layoutlab-bench-\(UUID().uuidString).db").path
}

func removeDatabase(_ path: String) {
    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
}

/// CPU time of every thread of this process so far, in ns.
func processCPUTime() -> UInt64 { nanoseconds(CLOCK_PROCESS_CPUTIME_ID) }

/// The median of seven runs of `plan` into fresh databases, in ns, timed as `layoutlab sweep` reports
/// it: from the first unit to the last commit (setting up the run — schema, scenarios — excluded).
@MainActor func endToEnd(_ plan: SweepPlan, jobs: Int) -> Double {
    let sessions = (0..<7).map { _ in endToEndSession(plan, jobs: jobs) }
    return sessions.sorted()[sessions.count / 2]
}

/// One run of `plan` into a fresh database, timed as `endToEnd` times it, in ns.
@MainActor func endToEndSession(_ plan: SweepPlan, jobs: Int) -> Double {
    let path = temporaryDatabase()
    defer { removeDatabase(path) }
    let store = try! ResultsStore(path: path)
    return try! store.runSession(plan, jobs: jobs, resume: false, codeVersion: "bench", shouldStop: { false })
        .seconds * 1e9
}

/// The sweep with environment steps against the same trees through the same window sizes as plain
/// sizes: what placing roots, safe areas and margin passes cost per view-step.
@MainActor func environmentBenchmarks(repo: String) {
    guard selected("sweep_env", 0) else { return }
    let withEnvironments: ExperimentSpec
    do { withEnvironments = try SpecReader.read(path: repo + "/experiments/bench/sweep-environments.yaml") } catch {
        fail("\(error)")
        return
    }
    var plain = withEnvironments
    plain.sequences = plain.sequences.map { .explicit($0.sizes(from: .zero, seed: 0)) }
    plain.text += "\n# as plain sizes\n"
    let cores = ProcessInfo.processInfo.activeProcessorCount
    for (operation, spec) in [("environments_off", plain), ("environments_on", withEnvironments)] {
        let plan = SweepPlan(spec)
        let viewSteps = (0..<plan.unitCount).reduce(0) {
            $0 + plan.scenarios[plan.unit($1).scenario].scenario.tree.views.count
                * plan.steps(scenario: 0, sequence: 0).count
        }
        reportRate(
            "sweep_env", "\(operation)_\(cores)_jobs", viewSteps,
            nsPerItem: endToEnd(plan, jobs: cores) / Double(viewSteps),
            unit: "view_step")
    }
}

@MainActor func sweepBenchmarks(repo: String) {
    let specPath = repo + "/experiments/bench/sweep-throughput.yaml"
    guard selected("sweep", 0) || selected("insert", 0) else { return }
    let plan: SweepPlan
    do { plan = SweepPlan(try SpecReader.read(path: specPath)) } catch {
        fail("\(error)")
        return
    }
    let results = (0..<plan.unitCount).map(plan.run)
    let viewSteps = results.reduce(0) { $0 + $1.viewSteps }
    let cores = ProcessInfo.processInfo.activeProcessorCount

    if selected("sweep", 0) {
        // End to end (the runner on every core, divergences written, timed as `layoutlab sweep` reports
        // it), the one-core compute, and the runner on every core with nothing written, in alternating
        // passes, seven each: parallel_speedup divides the first two, and on a shared machine a slow
        // spell then falls on both rather than on one (timed minutes apart, three runs of one build read
        // 1.16, 2.18 and 1.65). The CPU time of the last, all threads together, is beside
        // `compute_1_core` how much dearer a view-step gets when the cores compute at once (shared
        // caches and memory, reference counts shared between the workers).
        var sessions: [Double] = []
        var oneCore: [Double] = []
        var allCores: [Double] = []
        var allCoresCPU: [Double] = []
        for _ in 0..<7 {
            sessions.append(endToEndSession(plan, jobs: cores))
            oneCore.append(medianTime(1) { for i in 0..<plan.unitCount { _ = plan.run(i) } })
            let cpu = processCPUTime()
            allCores.append(
                medianTime(1) {
                    _ = SweepRunner.run(plan, jobs: cores, shouldStop: { false }) { withExtendedLifetime($0) {} }
                })
            allCoresCPU.append(Double(processCPUTime() - cpu))
        }
        func perViewStep(_ times: [Double]) -> Double { times.sorted()[times.count / 2] / Double(viewSteps) }
        reportRate("sweep", "end_to_end_\(cores)_jobs", viewSteps, nsPerItem: perViewStep(sessions), unit: "view_step")
        // What the machine gives two independent copies of the one-core compute run side by side (two
        // processes: nothing shared, no writer): the ceiling for parallel_speedup on its cores, since
        // memory and caches are shared even when nothing else is.
        if let pair = computeInTwoProcesses() {
            reportRate("sweep", "compute_1_core_beside_another", viewSteps, nsPerItem: pair, unit: "view_step")
        }
        reportRate("sweep", "compute_1_core", viewSteps, nsPerItem: perViewStep(oneCore), unit: "view_step")
        reportRate("sweep", "compute_\(cores)_jobs", viewSteps, nsPerItem: perViewStep(allCores), unit: "view_step")
        reportRate(
            "sweep", "compute_\(cores)_jobs_cpu", viewSteps, nsPerItem: perViewStep(allCoresCPU), unit: "view_step")
        // Springs and Auto Layout in alternating passes, seven each (BackendPasses.swift):
        // autolayout_vs_springs divides one by the other, and on a shared machine a slow spell then
        // falls on both rather than on one.
        var springsTimes: [Double] = []
        var builds: [Double] = []
        var stepTimes: [Double] = []
        for _ in 0..<7 {
            springsTimes.append(springsPass(plan))
            let (build, steps) = autoLayoutPass(plan)
            builds.append(build)
            stepTimes.append(steps)
        }
        let springs = springsTimes.sorted()[3]
        reportRate("sweep", "springs_backend", viewSteps, nsPerItem: springs / Double(viewSteps), unit: "view_step")
        // The same trees and sizes through a bare proportional-split loop over flat arrays (Ratios.swift).
        let springsItems = (0..<plan.unitCount).compactMap { i -> (ViewTree, [Size])? in
            let u = plan.unit(i)
            guard case .springs = plan.spec.comparisons[u.comparison].a else { return nil }
            return (
                plan.scenarios[u.scenario].scenario.tree,
                plan.steps(scenario: u.scenario, sequence: u.sequence).map(\.size)
            )
        }
        reportRate(
            "sweep", "springs_floor", viewSteps, nsPerItem: springsFloor(springsItems, viewSteps: viewSteps),
            unit: "view_step")
        reportRate(
            "sweep", "autolayout_build", viewSteps, nsPerItem: builds.sorted()[3] / Double(viewSteps), unit: "view_step"
        )
        reportRate(
            "sweep", "autolayout_steps", viewSteps, nsPerItem: stepTimes.sorted()[3] / Double(viewSteps),
            unit: "view_step")
        // The rows of each unit are built on the workers (`ResultsStore.prepare`); the writer thread
        // only binds, steps and commits them. Timed apart: the writer's share is what one thread
        // must keep up with, however many cores compute.
        let prepareTime = medianTime {
            for r in results { withExtendedLifetime(ResultsStore.prepare(r, plan: plan, run: 1)) {} }
        }
        reportRate("sweep", "rows_prepare", viewSteps, nsPerItem: prepareTime / Double(viewSteps), unit: "view_step")
        let writer = setUpThenTime(7) { path in
            let store = try! ResultsStore(path: path)
            try! store.beginRun(plan, jobs: 1, codeVersion: "bench")
            return (store, results.map { ResultsStore.prepare($0, plan: plan, run: store.runID) })
        } timed: { (store, units) in
            try! store.beginBatch()
            for (k, u) in units.enumerated() {
                try! store.write(u)
                if k % 512 == 511 {
                    try! store.commitBatch()
                    try! store.beginBatch()
                }
            }
            try! store.commitBatch()
        }
        reportRate("sweep", "sqlite_writer", viewSteps, nsPerItem: writer / Double(viewSteps), unit: "view_step")
        // Setting a run up (a row per scenario, with its replayable JSON, written on the run's cores:
        // ScenarioRows.swift; timed on one, then on all) and finishing it (the deferred indexes built,
        // statistics refreshed) happen before the first unit and after the last commit: outside
        // end_to_end's clock (which times the session as `layoutlab sweep` reports its rate), inside the
        // command's wall time.
        for jobs in [1, cores] {
            let beginRun = setUpThenTime(7) { path in
                try! ResultsStore(path: path)
            } timed: { store in
                try! store.beginRun(plan, jobs: jobs, codeVersion: "bench")
            }
            reportRate(
                "sweep", "begin_run_\(jobs)_jobs", viewSteps, nsPerItem: beginRun / Double(viewSteps), unit: "view_step"
            )
        }
        let finishRun = setUpThenTime(7) { path in
            let store = try! ResultsStore(path: path)
            try! store.beginRun(plan, jobs: 1, codeVersion: "bench")
            try! store.beginBatch()
            for r in results { try! store.write(r, plan: plan) }
            try! store.commitBatch()
            return store
        } timed: { store in
            try! store.finishRun(completed: true, seconds: 0)
        }
        reportRate("sweep", "finish_run", viewSteps, nsPerItem: finishRun / Double(viewSteps), unit: "view_step")
        // The least SQLite can do for the same rows: one `INSERT … SELECT` per table from a finished
        // database into a fresh one (same schema, indexes and ids; schema version 2: units and divergence
        // rows, the divergences' index left to the session's end as the writer leaves it; the log
        // checkpointed off this thread, as the writer's is: WALCheckpointer.swift), committed. No binding, no
        // statement per row: the floor under any writer of these rows, and with it a bound on
        // parallel_speedup (docs/performance.md, "Speed ratios"). `WHERE 1` keeps SQLite from copying the
        // finished records as they are (its transfer optimisation): each row is built into a record,
        // as a writer's must be.
        let source = temporaryDatabase()
        defer { removeDatabase(source) }
        do {
            let store = try! ResultsStore(path: source)
            try! store.beginRun(plan, jobs: 1, codeVersion: "bench")
            try! store.beginBatch()
            for r in results { try! store.write(r, plan: plan) }
            try! store.commitBatch()
        }
        let floor = setUpThenTime { path in
            let store = try! ResultsStore(path: path)
            try! store.beginRun(plan, jobs: 1, codeVersion: "bench")
            try! store.database.execute("ATTACH DATABASE '\(source)' AS finished")
            return store
        } timed: { store in
            try! store.database.execute(
                """
                BEGIN IMMEDIATE;
                INSERT INTO units SELECT * FROM finished.units WHERE 1;
                INSERT INTO divergence_rows (id, unit_id, step_index, view_id, mask, a_x, a_y, a_width, a_height,
                                             b_x, b_y, b_width, b_height, cause_bits)
                    SELECT id, unit_id, step_index, view_id, mask, a_x, a_y, a_width, a_height,
                           b_x, b_y, b_width, b_height, cause_bits FROM finished.divergence_rows WHERE 1;
                COMMIT;
                """)
        }
        reportRate("sweep", "sqlite_floor", viewSteps, nsPerItem: floor / Double(viewSteps), unit: "view_step")
    }

    if selected("insert", 0) {
        // The same rows through ResultsStore and through a plain C API loop over the same schema.
        let rows = results.reduce(0) { $0 + 1 + $1.divergences.count }
        func prepared(_ path: String) -> ResultsStore {
            let store = try! ResultsStore(path: path)
            try! store.beginRun(plan, jobs: 1, codeVersion: "bench")
            return store
        }
        let viaStore = setUpThenTime(5, prepared) { store in
            try! store.beginBatch()
            for r in results { try! store.write(r, plan: plan) }
            try! store.commitBatch()
        }
        let viaC = setUpThenTime(5, prepared) { store in
            RawInsert.write(results, plan: plan, database: store.database, run: store.runID)
        }
        reportRate("insert", "raw_c_api", rows, nsPerItem: viaC / Double(rows), unit: "row")
        reportRate("insert", "results_store", rows, nsPerItem: viaStore / Double(rows), unit: "row")
        if !json {
            print(
                String(
                    format: "insert      results_store runs at %.0f%% of the raw C API's rate", 100 * viaC / viaStore))
        }
    }
}

/// The results writer's rows (schema version 2: a unit, and a row of numbers per divergence), inserted
/// with nothing but sqlite3_* calls, one row per statement: the reference rate.
enum RawInsert {
    static func write(_ results: [UnitResult], plan: SweepPlan, database: Database, run: Int64) {
        let db = database.cHandle
        sqlite3_exec(db, "BEGIN", nil, nil, nil)
        func prepare(_ sql: String) -> OpaquePointer? {
            var s: OpaquePointer?
            sqlite3_prepare_v2(db, sql, -1, &s, nil)
            return s
        }
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        let unit = prepare(
            "INSERT INTO units (run_id, unit_index, scenario_index, sequence_index, sequence_kind, comparison_index, "
                + "sizes_json, view_steps, divergences) VALUES (?,?,?,?,?,?,?,?,?)"
        )
        let divergence = prepare(
            "INSERT INTO divergence_rows (unit_id, step_index, view_id, mask, a_x, a_y, a_width, a_height, "
                + "b_x, b_y, b_width, b_height, cause_bits) VALUES (?,?,?,?, ?,?,?,?, ?,?,?,?, ?)"
        )
        defer { [unit, divergence].forEach { sqlite3_finalize($0) } }
        for r in results {
            let u = plan.unit(r.unit)
            let tree = plan.scenarios[u.scenario].scenario.tree
            sqlite3_bind_int64(unit, 1, run)
            sqlite3_bind_int64(unit, 2, Int64(r.unit))
            sqlite3_bind_int64(unit, 3, Int64(u.scenario))
            sqlite3_bind_int64(unit, 4, Int64(u.sequence))
            sqlite3_bind_text(unit, 5, plan.spec.sequences[u.sequence].kind, -1, transient)
            sqlite3_bind_int64(unit, 6, Int64(u.comparison))
            sqlite3_bind_text(unit, 7, r.sizesJSON, -1, transient)
            sqlite3_bind_int64(unit, 8, Int64(r.viewSteps))
            sqlite3_bind_int64(unit, 9, Int64(r.divergences.count))
            sqlite3_step(unit)
            sqlite3_reset(unit)
            let unitID = sqlite3_last_insert_rowid(db)
            for d in r.divergences {
                let view = tree.views[d.view]
                sqlite3_bind_int64(divergence, 1, unitID)
                sqlite3_bind_int64(divergence, 2, Int64(d.step))
                sqlite3_bind_text(divergence, 3, view.id, -1, transient)
                sqlite3_bind_int64(divergence, 4, Int64(view.mask.rawValue))
                let values = [d.a.x, d.a.y, d.a.width, d.a.height, d.b.x, d.b.y, d.b.width, d.b.height]
                for (i, v) in values.enumerated() {
                    if v.isFinite {
                        sqlite3_bind_double(divergence, Int32(5 + i), v)
                    } else {
                        sqlite3_bind_null(divergence, Int32(5 + i))
                    }
                }
                sqlite3_bind_int64(divergence, 13, Int64(d.causes.rawValue))
                sqlite3_step(divergence)
                sqlite3_reset(divergence)
            }
        }
        sqlite3_exec(db, "COMMIT", nil, nil, nil)
    }
}

/// The sweep benchmark's plan, run on one core: ns per view-step (the median of seven runs).
@MainActor func computeAloneNanoseconds(repo: String) -> Double {
    guard let spec = try? SpecReader.read(path: repo + "/experiments/bench/sweep-throughput.yaml") else { return .nan }
    let plan = SweepPlan(spec)
    let viewSteps = (0..<plan.unitCount).reduce(0) { $0 + plan.run($1).viewSteps }
    return medianTime(7) { for i in 0..<plan.unitCount { _ = plan.run(i) } } / Double(viewSteps)
}

/// Two copies of this executable with `--compute-alone`, started together: the mean of their ns per
/// view-step, or nil when they cannot be run.
@MainActor func computeInTwoProcesses() -> Double? {
    let exe = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var processes: [(Process, Pipe)] = []
    for _ in 0..<2 {
        let p = Process()
        let out = Pipe()
        p.executableURL = exe
        p.arguments = ["--compute-alone"] + (mallocDefaults ? ["--malloc-defaults"] : [])
        p.standardOutput = out
        guard (try? p.run()) != nil else { return nil }
        processes.append((p, out))
    }
    var values: [Double] = []
    for (p, out) in processes {
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        if let v = Double(text.trimmingCharacters(in: .whitespacesAndNewlines)), v.isFinite { values.append(v) }
    }
    return values.count == 2 ? values.reduce(0, +) / 2 : nil
}
