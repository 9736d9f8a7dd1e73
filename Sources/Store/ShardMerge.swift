import Foundation
import Sweep

/// Merges the databases of a sharded sweep (`layoutlab sweep EXP --shard I/N`, one database per shard)
/// into one run that is, row for row, what the unsharded sweep writes: the units in unit order, each
/// with its steps, divergences and causes, so ids in a fresh database come out the same too.
///
/// Everything is checked before anything is written: every shard is the same experiment text and the
/// same code version, each index 0..<N is there once and complete, and the units cover the plan with
/// no gap or duplicate. The merge is one transaction: a failure leaves the target as it was.
public enum ShardMerge {
    /// A shard's run as found in its database.
    public struct ShardRun: Sendable {
        public var path: String
        public var run: Int64
        public var name: String
        public var specHash: String
        public var codeVersion: String
        public var shard: Shard
        public var status: String
        public var unitsTotal: Int
    }

    public struct Outcome: Sendable {
        public var runID: Int64
        public var shards: Int
        public var units: Int
        public var divergences: Int
        public var viewSteps: Int
    }

    public enum MergeError: Error, Equatable, CustomStringConvertible {
        case missingFile(String)
        case noShardRun(String)
        case differentExperiment(String, String, String)
        case differentCodeVersion(String, String, String, String)
        case differentShardCount(String, Int, String, Int)
        case duplicateShard(Int, String, String)
        case missingShards([Int], of: Int)
        case incomplete(String, Shard, done: Int, total: Int)
        case duplicateUnit(Int, String, String)
        case missingUnits(count: Int, first: Int)
        case differentScenarios(String, String)
        case targetHasShards(String)

        public var description: String {
            switch self {
            case .missingFile(let p): "\(p): no such file"
            case .noShardRun(let p):
                "\(p): no sharded run (write shards with: layoutlab sweep EXP --shard I/N --db \(p))"
            case .differentExperiment(let a, let b, let hashes):
                "\(a) and \(b) are different experiments (experiment text hashes \(hashes)); "
                    + "merge shards of one experiment file"
            case .differentCodeVersion(let a, let va, let b, let vb):
                "\(a) was written by \(va), \(b) by \(vb); "
                    + "re-run the shards with one build so the results are comparable"
            case .differentShardCount(let a, let na, let b, let nb): "\(a) is a shard of \(na), \(b) of \(nb)"
            case .duplicateShard(let i, let a, let b): "shard \(i) is in both \(a) and \(b)"
            case .missingShards(let missing, let n):
                "shard\(missing.count == 1 ? "" : "s") \(missing.map(String.init).joined(separator: ", ")) of \(n) "
                    + "\(missing.count == 1 ? "is" : "are") missing"
            case .incomplete(let p, let shard, let done, let total):
                "\(p): shard \(shard) is not complete (\(done) of \(total) units); "
                    + "finish it with: layoutlab sweep EXP --shard \(shard) --db \(p) --resume"
            case .duplicateUnit(let u, let a, let b): "unit \(u) is in both \(a) and \(b)"
            case .missingUnits(let n, let first):
                "\(n) unit\(n == 1 ? " is" : "s are") in no shard (the first: unit \(first))"
            case .differentScenarios(let a, let b):
                "\(a) and \(b) hold different scenarios or comparisons for the same experiment"
            case .targetHasShards(let p): "\(p) is one of the shards; merge into another database"
            }
        }
    }

    /// The latest sharded run in each database.
    public static func inspect(_ paths: [String]) throws -> [ShardRun] {
        try paths.map { path in
            guard FileManager.default.fileExists(atPath: path) else { throw MergeError.missingFile(path) }
            let db = try Database(path: path, readOnly: true)
            guard try db.hasColumn("runs", "shard_index") else { throw MergeError.noShardRun(path) }
            let rows = try db.query(
                """
                SELECT r.id, e.name, e.spec_hash, r.code_version, r.shard_index, r.shard_count, r.status, r.units_total
                FROM runs r JOIN experiments e ON e.id = r.experiment_id
                WHERE r.shard_index IS NOT NULL ORDER BY r.id DESC LIMIT 1
                """
            ).rows
            guard let r = rows.first, let run = r[0].int, let i = r[4].int, let n = r[5].int, let total = r[7].int
            else {
                throw MergeError.noShardRun(path)
            }
            return ShardRun(
                path: path, run: Int64(run), name: r[1].string ?? "", specHash: r[2].string ?? "",
                codeVersion: r[3].string ?? "", shard: try Shard(index: i, count: n), status: r[6].string ?? "",
                unitsTotal: total)
        }
    }

    /// Checks the shards and writes them as one run into `target` (created if missing).
    public static func merge(_ paths: [String], into target: String) throws -> Outcome {
        let targetURL = URL(fileURLWithPath: target).standardizedFileURL
        if let same = paths.first(where: { URL(fileURLWithPath: $0).standardizedFileURL == targetURL }) {
            throw MergeError.targetHasShards(same)
        }
        let shards = try inspect(paths)
        try checkSameExperiment(shards)
        let sources = try shards.map { try Database(path: $0.path, readOnly: true) }
        for (s, db) in zip(shards, sources) {
            let done =
                try db.query("SELECT count(*) FROM units WHERE run_id = ?", [.integer(s.run)]).rows[0][0].int ?? 0
            if s.status != "completed" || done != s.unitsTotal {
                throw MergeError.incomplete(s.path, s.shard, done: done, total: s.unitsTotal)
            }
        }
        let order = try unitOrder(shards, sources)
        try checkSameScenarios(shards, sources)

        let store = try ResultsStore(path: target)
        let db = store.database
        try db.execute(Schema.dropDeferredIndexes)
        return try db.transaction {
            let run = try copyRun(shards, sources, into: db)
            var copier = try UnitCopier(sources: sources, target: db, run: run)
            var divergences = 0
            var viewSteps = 0
            for (shard, oldUnit) in order {
                let (d, v) = try copier.copy(unit: oldUnit, from: shard)
                divergences += d
                viewSteps += v
            }
            try db.execute(Schema.deferredIndexes)
            try db.execute("PRAGMA optimize")
            return Outcome(
                runID: run, shards: shards.count, units: order.count, divergences: divergences, viewSteps: viewSteps)
        }
    }

    static func checkSameExperiment(_ shards: [ShardRun]) throws {
        guard let first = shards.first else { throw MergeError.missingShards([], of: 0) }
        var byIndex: [Int: String] = [:]
        for s in shards {
            if s.specHash != first.specHash {
                throw MergeError.differentExperiment(first.path, s.path, "\(first.specHash), \(s.specHash)")
            }
            if s.codeVersion != first.codeVersion {
                throw MergeError.differentCodeVersion(first.path, first.codeVersion, s.path, s.codeVersion)
            }
            if s.shard.count != first.shard.count {
                throw MergeError.differentShardCount(first.path, first.shard.count, s.path, s.shard.count)
            }
            if let other = byIndex[s.shard.index] { throw MergeError.duplicateShard(s.shard.index, other, s.path) }
            byIndex[s.shard.index] = s.path
        }
        let missing = (0..<first.shard.count).filter { byIndex[$0] == nil }
        if !missing.isEmpty { throw MergeError.missingShards(missing, of: first.shard.count) }
    }

    /// Every unit of every shard, in unit order, as (shard, row id); the shards' units must partition
    /// `0..<Σ units_total`.
    static func unitOrder(_ shards: [ShardRun], _ sources: [Database]) throws -> [(shard: Int, id: Int64)] {
        let total = shards.reduce(0) { $0 + $1.unitsTotal }
        var owner = [(shard: Int, id: Int64)?](repeating: nil, count: total)
        for (k, db) in sources.enumerated() {
            let s = try db.prepare("SELECT unit_index, id FROM units WHERE run_id = ?")
            s.bind(1, shards[k].run)
            while try s.step() {
                guard let u = s.value(0).int, let id = s.value(1).int else { continue }
                guard u >= 0, u < total else { throw MergeError.missingUnits(count: 1, first: min(u, total)) }
                if let other = owner[u] { throw MergeError.duplicateUnit(u, shards[other.shard].path, shards[k].path) }
                owner[u] = (k, Int64(id))
            }
        }
        if let gap = owner.firstIndex(where: { $0 == nil }) {
            throw MergeError.missingUnits(count: owner.count { $0 == nil }, first: gap)
        }
        return owner.map { $0! }
    }

    static let scenarioRows =
        "SELECT scenario_index, source, view_count, scenario_json FROM scenarios WHERE run_id = ? "
        + "ORDER BY scenario_index"
    static let comparisonRows =
        "SELECT comparison_index, a, b, scale, tolerance, label FROM comparisons WHERE run_id = ? "
        + "ORDER BY comparison_index"

    static func checkSameScenarios(_ shards: [ShardRun], _ sources: [Database]) throws {
        func content(_ k: Int) throws -> [[SQLValue]] {
            try sources[k].query(scenarioRows, [.integer(shards[k].run)]).rows
                + sources[k].query(comparisonRows, [.integer(shards[k].run)]).rows
        }
        let first = try content(0)
        for k in shards.indices.dropFirst() where try content(k) != first {
            throw MergeError.differentScenarios(shards[0].path, shards[k].path)
        }
    }

    /// The experiment (once per text), the merged run, its scenarios and comparisons.
    static func copyRun(_ shards: [ShardRun], _ sources: [Database], into db: Database) throws -> Int64 {
        let src = sources[0]
        let first = shards[0]
        let experiment = try src.query(
            """
            SELECT e.name, e.spec_hash, e.spec_text, e.seed, e.created_at
            FROM experiments e JOIN runs r ON r.experiment_id = e.id WHERE r.id = ?
            """, [.integer(first.run)]
        ).rows[0]
        var found = try db.query("SELECT id FROM experiments WHERE spec_hash = ?", [experiment[1]]).rows
        if found.isEmpty {
            let s = try db.prepare(
                "INSERT INTO experiments (name, spec_hash, spec_text, seed, created_at) VALUES (?,?,?,?,?)")
            for (i, v) in experiment.enumerated() { s.bind(i + 1, v) }
            try s.run()
            found = [[.integer(db.lastInsertRowID)]]
        }
        // Times and effort over all shards: the earliest start, the latest finish, the summed seconds.
        var started: [String] = []
        var finished: [String] = []
        var seconds = 0.0
        var jobs = 0
        for (s, d) in zip(shards, sources) {
            let r = try d.query(
                "SELECT started_at, finished_at, seconds, jobs FROM runs WHERE id = ?", [.integer(s.run)]
            ).rows[0]
            if let t = r[0].string { started.append(t) }
            if let t = r[1].string { finished.append(t) }
            seconds += r[2].double
            jobs += r[3].int ?? 0
        }
        let specPath = try src.query("SELECT spec_path FROM runs WHERE id = ?", [.integer(first.run)]).rows[0][0]
        let r = try db.prepare(
            """
            INSERT INTO runs (experiment_id, code_version, status, jobs, units_total, started_at, finished_at, seconds,
                              spec_path, shard_index, shard_count)
            VALUES (?,?,'completed',?,?,?,?,?,?,NULL,?)
            """)
        r.bind(1, found[0][0])
        r.bind(2, first.codeVersion)
        r.bind(3, jobs)
        r.bind(4, shards.reduce(0) { $0 + $1.unitsTotal })
        r.bind(5, started.min() ?? ResultsStore.now())
        r.bind(6, finished.max() ?? ResultsStore.now())
        r.bind(7, seconds)
        r.bind(8, specPath)
        r.bind(9, first.shard.count)
        try r.run()
        let run = db.lastInsertRowID
        for (select, insert) in [
            (
                scenarioRows,
                "INSERT INTO scenarios (run_id, scenario_index, source, view_count, scenario_json) "
                    + "VALUES (?,?,?,?,?)"
            ),
            (
                comparisonRows,
                "INSERT INTO comparisons (run_id, comparison_index, a, b, scale, tolerance, label) "
                    + "VALUES (?,?,?,?,?,?,?)"
            ),
        ] {
            let ins = try db.prepare(insert)
            for row in try src.query(select, [.integer(first.run)]).rows {
                ins.bind(1, run)
                for (i, v) in row.enumerated() { ins.bind(i + 2, v) }
                try ins.run()
            }
        }
        return run
    }

    /// Copies one unit with its steps, divergences and causes, giving them the target's new ids. The
    /// shards are read through the names both schema versions have (a version-1 shard's tables, a
    /// version-2 shard's views) and written in version 2's form.
    struct UnitCopier {
        static let unitColumns =
            "unit_index, scenario_index, sequence_index, sequence_kind, comparison_index, sizes_json, "
            + "environments_json, view_steps, error, divergences"
        static let divergenceColumns =
            "step_index, view_id, mask, a_x, a_y, a_width, a_height, b_x, b_y, b_width, b_height, causes"
        let run: Int64
        let target: Database
        var readUnit: [Statement] = [], readSteps: [Statement] = [], readDivergences: [Statement] = []
        let writeUnit, writeDivergence: Statement

        init(sources: [Database], target: Database, run: Int64) throws {
            self.run = run
            self.target = target
            for db in sources {
                readUnit.append(try db.prepare("SELECT \(Self.unitColumns) FROM units WHERE id = ?"))
                readSteps.append(
                    try db.prepare(
                        "SELECT passes_a, passes_b, settled FROM steps WHERE unit_id = ? ORDER BY step_index"))
                readDivergences.append(
                    try db.prepare("SELECT \(Self.divergenceColumns) FROM divergences WHERE unit_id = ? ORDER BY id"))
            }
            func marks(_ n: Int) -> String { Array(repeating: "?", count: n).joined(separator: ",") }
            writeUnit = try target.prepare(
                "INSERT INTO units (run_id, \(Self.unitColumns), passes_json) VALUES (?,\(marks(11)))")
            writeDivergence = try target.prepare(
                """
                INSERT INTO divergence_rows (unit_id, step_index, view_id, mask, a_x, a_y, a_width, a_height,
                                             b_x, b_y, b_width, b_height, cause_bits) VALUES (?,\(marks(12)))
                """)
        }

        /// Returns the unit's divergences and view-steps.
        mutating func copy(unit id: Int64, from shard: Int) throws -> (Int, Int) {
            let u = readUnit[shard]
            u.reset()
            u.bind(1, id)
            guard try u.step() else { return (0, 0) }
            let steps = readSteps[shard]
            steps.reset()
            steps.bind(1, id)
            var facts: [(a: Int?, b: Int?, settled: Bool)] = []
            while try steps.step() { facts.append((steps.value(0).int, steps.value(1).int, steps.value(2).int != 0)) }
            writeUnit.bind(1, run)
            for i in 0..<10 { writeUnit.bind(i + 2, u.value(i)) }
            if let json = Schema.passesJSON(facts) { writeUnit.bind(12, json) } else { writeUnit.bindNull(12) }
            let viewSteps = u.value(7).int ?? 0
            try writeUnit.run()
            let newUnit = target.lastInsertRowID
            let divergences = readDivergences[shard]
            divergences.reset()
            divergences.bind(1, id)
            var count = 0
            while try divergences.step() {
                writeDivergence.bind(1, newUnit)
                for i in 0..<11 { writeDivergence.bind(i + 2, divergences.value(i)) }
                writeDivergence.bind(13, Schema.causeBits((divergences.value(11).string ?? "").split(separator: ",")))
                try writeDivergence.run()
                count += 1
            }
            return (count, viewSteps)
        }
    }
}
