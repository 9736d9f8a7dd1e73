import Foundation
import Sweep
import ViewTree

/// Writes a sweep's results into `results.db` and finds runs to resume. Each unit's rows (the unit,
/// its steps, its divergences and their causes) are written in the same transaction as the unit's
/// own row, and transactions hold whole units, so an interrupted run never leaves half a unit: a
/// unit is done exactly when its `units` row exists.
public final class ResultsStore {
    public let database: Database
    public private(set) var runID: Int64 = 0
    private let units: MultiRowInsert
    private let divergences: DivergenceRowInsert
    /// Checkpoints the log off the writer's thread (WALCheckpointer.swift).
    private let checkpointer: WALCheckpointer

    public init(path: String) throws(SQLiteError) {
        database = try Database(path: path, busyTimeout: Self.writerBusyTimeout)
        try Schema.prepare(database)
        units = MultiRowInsert(
            database, table: "units",
            columns: [
                "run_id", "unit_index", "scenario_index", "sequence_index", "sequence_kind", "comparison_index",
                "sizes_json", "view_steps", "divergences", "environments_json", "error", "passes_json",
            ])
        divergences = DivergenceRowInsert(database)
        // Last: an init that throws leaves no hook behind (`deinit`, which stops it, would not run).
        checkpointer = WALCheckpointer(writer: database, path: path)
    }

    deinit { checkpointer.stop() }

    /// Checkpoints run off the writer's thread so far.
    public var backgroundCheckpoints: Int { checkpointer.checkpointCount }

    /// How long a results writer waits for another writer's lock, in ms: ten minutes. Sweeps into one
    /// file at once take turns at commits, and a sweep that completes builds its secondary indexes over
    /// every run in the file in one transaction, which on a large file takes far longer than a
    /// reader's 5 s; a writer that gave up then would fail its whole sweep (the likeliest cause of a CI
    /// failure of the two-sweeps test, where one sweep exited 1).
    static let writerBusyTimeout: Int32 = 600_000

    /// FNV-1a, 64 bits: a stable fingerprint of an experiment file.
    public static func hash(_ text: String) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in text.utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        return String(h, radix: 16)
    }

    static func now() -> String { ISO8601DateFormatter().string(from: Date()) }

    /// The run of this experiment (and shard) to resume (the latest one not completed) and the units it has done.
    public func resumable(
        _ spec: ExperimentSpec, shard: Shard? = nil
    ) throws(SQLiteError) -> (run: Int64, done: Set<Int>)? {
        let found = try database.query(
            """
            SELECT r.id FROM runs r JOIN experiments e ON e.id = r.experiment_id
            WHERE e.spec_hash = ? AND r.status != 'completed' AND r.shard_index IS ? AND r.shard_count IS ?
            ORDER BY r.id DESC LIMIT 1
            """, [.text(Self.hash(spec.text))] + Self.shardKey(shard))
        guard case .integer(let run)? = found.rows.first?.first else { return nil }
        let units = try database.query("SELECT unit_index FROM units WHERE run_id = ?", [.integer(run)])
        return (run, Set(units.rows.compactMap { if case .integer(let i) = $0[0] { Int(i) } else { nil } }))
    }

    /// The latest run of this experiment (and shard), when it is completed (and how many units it holds).
    public func completedRun(
        _ spec: ExperimentSpec, shard: Shard? = nil
    ) throws(SQLiteError) -> (run: Int64, units: Int)? {
        let found = try database.query(
            """
            SELECT r.id, r.status, (SELECT count(*) FROM units u WHERE u.run_id = r.id)
            FROM runs r JOIN experiments e ON e.id = r.experiment_id
            WHERE e.spec_hash = ? AND r.shard_index IS ? AND r.shard_count IS ? ORDER BY r.id DESC LIMIT 1
            """, [.text(Self.hash(spec.text))] + Self.shardKey(shard))
        guard let row = found.rows.first, case .integer(let run) = row[0], row[1] == .text("completed"),
            case .integer(let n) = row[2]
        else {
            return nil
        }
        return (run, Int(n))
    }

    /// `shard_index IS ? AND shard_count IS ?` arguments: NULL, NULL for an unsharded run.
    static func shardKey(_ shard: Shard?) -> [SQLValue] {
        shard.map { [.integer(Int64($0.index)), .integer(Int64($0.count))] } ?? [.null, .null]
    }

    /// Starts a new run: the experiment (once per spec text), the run, its scenarios and comparisons.
    /// A shard's run holds all the scenarios and comparisons (they are small) and `unitsTotal` units.
    public func beginRun(
        _ plan: SweepPlan, jobs: Int, codeVersion: String, shard: Shard? = nil, unitsTotal: Int? = nil
    ) throws {
        let spec = plan.spec
        // Rows go in without the divergences' index; the session's end builds it (`finishRun`).
        try database.execute(Schema.dropDeferredIndexes)
        try database.transaction {
            let hash = Self.hash(spec.text)
            var existing = try database.query("SELECT id FROM experiments WHERE spec_hash = ?", [.text(hash)]).rows
            if existing.isEmpty {
                let s = try database.prepare(
                    "INSERT INTO experiments (name, spec_hash, spec_text, seed, created_at) VALUES (?,?,?,?,?)")
                s.bind(1, spec.name)
                s.bind(2, hash)
                s.bind(3, spec.text)
                s.bind(4, Int64(bitPattern: spec.seed))
                s.bind(5, Self.now())
                try s.run()
                existing = [[.integer(database.lastInsertRowID)]]
            }
            guard case .integer(let experiment) = existing[0][0] else { return }
            let r = try database.prepare(
                """
                INSERT INTO runs (experiment_id, code_version, status, jobs, units_total, started_at, seconds,
                                  spec_path, shard_index, shard_count)
                VALUES (?,?,'running',?,?,?,0,?,?,?)
                """)
            r.bind(1, experiment)
            r.bind(2, codeVersion)
            r.bind(3, jobs)
            r.bind(4, unitsTotal ?? plan.unitCount)
            r.bind(5, Self.now())
            if let p = spec.path { r.bind(6, p) } else { r.bindNull(6) }
            let key = Self.shardKey(shard)
            r.bind(7, key[0])
            r.bind(8, key[1])
            try r.run()
            runID = database.lastInsertRowID
            let sc = try database.prepare(
                "INSERT INTO scenarios (run_id, scenario_index, source, view_count, scenario_json) VALUES (?,?,?,?,?)")
            try ScenarioRows.forEach(plan.scenarios, jobs: jobs) { i, json in
                let entry = plan.scenarios[i]
                sc.bind(1, runID)
                sc.bind(2, i)
                sc.bind(3, entry.source)
                sc.bind(4, entry.scenario.tree.views.count)
                sc.bind(5, json)
                try sc.run()
            }
            let cs = try database.prepare(
                "INSERT INTO comparisons (run_id, comparison_index, a, b, scale, tolerance, label) "
                    + "VALUES (?,?,?,?,?,?,?)"
            )
            for (i, c) in spec.comparisons.enumerated() {
                cs.bind(1, runID)
                cs.bind(2, i)
                cs.bind(3, c.a.description)
                cs.bind(4, c.b.description)
                if let scale = c.scale { cs.bind(5, scale) } else { cs.bindNull(5) }
                cs.bind(6, c.tolerance)
                cs.bind(7, c.description)
                try cs.run()
            }
        }
    }

    /// Continues an interrupted run.
    public func resumeRun(_ run: Int64) throws(SQLiteError) {
        runID = run
        try database.execute(Schema.dropDeferredIndexes)
        try database.execute("UPDATE runs SET status = 'running', finished_at = NULL WHERE id = \(run)")
    }

    public func beginBatch() throws(SQLiteError) { try database.execute("BEGIN IMMEDIATE") }

    /// Writes the batch's pending rows and commits: the batch's units are then complete in the file.
    public func commitBatch() throws(SQLiteError) {
        try flush()
        try database.execute("COMMIT")
    }

    /// Abandons the batch: nothing of its units is written.
    public func rollbackBatch() {
        units.discard()
        divergences.discard()
        try? database.execute("ROLLBACK")
    }

    /// A unit's rows, built on the worker that computed it: nothing shared is touched, so the
    /// writer's thread only binds and steps statements.
    public struct PreparedUnit: Sendable {
        public let result: UnitResult
        let unit: [SQLValue]
        let divergences: DivergenceRows
    }

    /// Builds a unit's rows for run `run`: the unit (its steps' sizes, environments and layout passes
    /// as JSON in it) and one row of numbers per divergence (schema version 2).
    public static func prepare(_ result: UnitResult, plan: SweepPlan, run runID: Int64) -> PreparedUnit {
        let u = plan.unit(result.unit)
        let tree = plan.scenario(for: u).tree
        func int(_ v: Int?) -> SQLValue { v.map { .integer(Int64($0)) } ?? .null }
        let passes =
            result.error == nil
            ? Schema.passesJSON(
                result.sizes.indices.map { (result.passes[$0].a, result.passes[$0].b, result.settled[$0]) })
            : nil
        let unit: [SQLValue] = [
            .integer(runID), int(result.unit), int(u.scenario), int(u.sequence),
            .text(plan.spec.sequences[u.sequence].kind),
            int(u.comparison), .text(result.sizesJSON), int(result.viewSteps), int(result.divergences.count),
            result.environmentsJSON.map { .text($0) } ?? .null, result.error.map { .text($0) } ?? .null,
            passes.map { .text($0) } ?? .null,
        ]
        var divergences = DivergenceRows()
        divergences.frames.reserveCapacity(8 * result.divergences.count)
        for d in result.divergences {
            let view = tree.views[d.view]
            divergences.step.append(Int32(d.step))
            divergences.view.append(view.id)
            divergences.mask.append(Int32(view.mask.rawValue))
            divergences.frames += [d.a.x, d.a.y, d.a.width, d.a.height, d.b.x, d.b.y, d.b.width, d.b.height]
            divergences.causeBits.append(Int64(d.causes.rawValue))
        }
        return PreparedUnit(result: result, unit: unit, divergences: divergences)
    }

    /// Writes one unit inside the current batch (`prepare` then `write`).
    public func write(_ result: UnitResult, plan: SweepPlan) throws(SQLiteError) {
        try write(Self.prepare(result, plan: plan, run: runID))
    }

    /// Writes a prepared unit inside the current batch. Its row and its divergences' rows are gathered
    /// and go in with multi-row inserts at the next `commitBatch` (or sooner, when many are pending),
    /// units first: they get consecutive ids, so each divergence's unit id is known then. Order and ids
    /// are those row-by-row inserts would give.
    public func write(_ prepared: PreparedUnit) throws(SQLiteError) {
        // Until the flush, a divergence's unit column holds its unit's place among the pending units.
        divergences.add(prepared.divergences, unit: Int32(units.pendingRows))
        units.add(row: prepared.unit)
        if divergences.pending.count >= 4096 || units.pendingRows >= 512 { try flush() }
    }

    private func flush() throws(SQLiteError) {
        guard units.pendingRows > 0 else { return }
        try divergences.flush(firstUnit: try units.flush())
    }

    /// Marks the run interrupted or completed and adds the session's computing time.
    public func finishRun(completed: Bool, seconds: Double) throws(SQLiteError) {
        let s = try database.prepare("UPDATE runs SET status = ?, finished_at = ?, seconds = seconds + ? WHERE id = ?")
        s.bind(1, completed ? "completed" : "interrupted")
        s.bind(2, Self.now())
        s.bind(3, seconds)
        s.bind(4, runID)
        try s.run()
        // The divergences' index, built once over the session's rows; fresh statistics keep the query
        // planner on the indexes for the summaries and users' SQL.
        try database.execute(Schema.deferredIndexes)
        try database.execute("PRAGMA optimize")
    }
}
