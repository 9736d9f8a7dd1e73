import Foundation
import Store
import Sweep
import TestSupport
import Testing
import Yams

/// Sharded sweeps (`sweep --shard I/N`, `merge`): the shards partition the units, balanced by
/// expected cost, and merged they are the unsharded run row for row — in-process, through the local
/// script, and through the Kubernetes and Slurm files in deploy/ run the way the engines run them.
@Suite("Sharded sweeps")
struct ShardTests {
    static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let quick = repo.appendingPathComponent("experiments/quick.yaml").path

    /// The unsharded quick sweep, run once for the suite.
    static let referencePath: String? = try? {
        let path = try temporary("reference.db")
        let plan = SweepPlan(try SpecReader.read(path: quick))
        let outcome = try ResultsStore(path: path).runSession(
            plan, jobs: 2, resume: false, codeVersion: "test", shouldStop: { false })
        guard outcome.completed else { throw CancellationError() }
        return path
    }()

    static func reference() throws -> String { try #require(referencePath, "the unsharded quick sweep failed") }

    static func temporary(_ name: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("shards-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir.appendingPathComponent(name).path
    }

    /// Runs every shard of `count` in-process, each into its own database; returns the paths.
    static func runShards(_ count: Int, spec: ExperimentSpec? = nil, stopShard: Int? = nil) throws -> [String] {
        let plan = SweepPlan(try spec ?? SpecReader.read(path: quick))
        let dir = (try temporary("x") as NSString).deletingLastPathComponent
        return try (0..<count).map { i in
            let path = "\(dir)/shard-\(i).db"
            let stopped = Locked(0)
            _ = try ResultsStore(path: path).runSession(
                plan, jobs: 2, resume: false, codeVersion: "test",
                shard: plan.assignment(try Shard(index: i, count: count)),
                shouldStop: {
                    i == stopShard
                        && stopped.update {
                            $0 += 1
                            return $0 > 1
                        }
                })
            return path
        }
    }

    @Test func shardsPartitionTheUnitsAndBalanceTheirCost() throws {
        let plan = SweepPlan(try SpecReader.read(path: Self.quick))
        let costs = (0..<plan.unitCount).map { plan.expectedCost(unit: $0) }
        for n in [1, 2, 3, 7, 16] {
            let parts = try (0..<n).map { plan.units(in: try Shard(index: $0, count: n)) }
            #expect(parts.flatMap { $0 }.sorted() == Array(0..<plan.unitCount), "N = \(n) is not a partition")
            #expect(parts.allSatisfy { $0 == $0.sorted() })
            // Longest-processing-time-first: no shard carries more than the lightest one plus one unit.
            let loads = parts.map { $0.reduce(0) { $0 + costs[$1] } }
            #expect(loads.max()! - loads.min()! <= costs.max()! + 1e-9, "N = \(n): loads \(loads)")
        }
        // By cost, not by count: the quick experiment's units differ in size, so equal costs need unequal counts.
        let three = try (0..<3).map { plan.units(in: try Shard(index: $0, count: 3)).count }
        #expect(Set(three).count > 1, "counts \(three)")
    }

    @Test func theShardIndexComesFromTheArgumentOrTheBatchEngine() throws {
        #expect(try Shard.parse("2/7", environment: [:]) == Shard(index: 2, count: 7))
        #expect(try Shard.parse("env/7", environment: ["JOB_COMPLETION_INDEX": "6"]) == Shard(index: 6, count: 7))
        #expect(try Shard.parse("env/4", environment: ["SLURM_ARRAY_TASK_ID": "3"]) == Shard(index: 3, count: 4))
        #expect(
            try Shard.parse("env/4", environment: ["SLURM_ARRAY_TASK_ID": "4", "SLURM_ARRAY_TASK_MIN": "1"])
                == Shard(index: 3, count: 4))
        for (text, env) in [
            ("7/7", [:]), ("-1/3", [:]), ("1/0", [:]), ("1", [:]), ("a/3", [:]), ("env/3", [:]),
            ("env/3", ["JOB_COMPLETION_INDEX": "x"]), ("env/3", ["SLURM_ARRAY_TASK_ID": "3"]),
        ] as [(String, [String: String])] {
            #expect(throws: ShardError.self, "\(text) \(env)") { try Shard.parse(text, environment: env) }
        }
    }

    @Test(arguments: [1, 3, 7])
    func mergedShardsAreTheUnshardedRun(shards: Int) throws {
        let reference = try Self.reference()
        let paths = try Self.runShards(shards)
        let target = try Self.temporary("merged.db")
        let outcome = try ShardMerge.merge(paths.reversed(), into: target)
        #expect(outcome.shards == shards)
        let expected = try storedRunContent(reference)
        let merged = try storedRunContent(target)
        #expect(
            expected["units"]!.count == SweepPlan(try SpecReader.read(path: Self.quick)).unitCount
                && expected["divergences"]!.count > 10_000)
        for table in expected.keys.sorted() {
            #expect(merged[table] == expected[table], "\(table) differs for N = \(shards)")
        }
        // Fresh databases: the merged ids are the unsharded ones too.
        let ids =
            "SELECT (SELECT group_concat(id) FROM (SELECT id FROM units ORDER BY id)), (SELECT sum(id) FROM divergences)"
        #expect(
            try Database(path: target, readOnly: true).query(ids).rows
                == Database(path: reference, readOnly: true).query(ids).rows)
    }

    @Test func mergeRefusesBadShardsAndWritesNothing() throws {
        let three = try Self.runShards(3)
        let target = try Self.temporary("merged.db")
        func refusal(_ paths: [String]) -> ShardMerge.MergeError? {
            do {
                _ = try ShardMerge.merge(paths, into: target)
                return nil
            } catch { return error as? ShardMerge.MergeError }
        }
        #expect(refusal([three[0], three[2]]) == .missingShards([1], of: 3))
        #expect(refusal(three + [three[1]]) == .duplicateShard(1, three[1], three[1]))
        #expect(refusal(three + ["/nonexistent/shard.db"]) == .missingFile("/nonexistent/shard.db"))
        let reference = try Self.reference()
        #expect(refusal([reference]) == .noShardRun(reference))
        // A shard of another experiment text (the same spec with one more comment line).
        let other = try SpecReader.read(
            text: String(contentsOfFile: Self.quick, encoding: .utf8) + "\n# another experiment\n", file: Self.quick)
        let foreign = try Self.runShards(3, spec: other)
        guard case .differentExperiment? = refusal([three[0], three[1], foreign[2]]) else {
            Issue.record("a foreign shard was merged")
            return
        }
        // A shard stopped part-way is incomplete until resumed.
        let stopped = try Self.runShards(3, stopShard: 1)
        guard case .incomplete(_, let shard, let done, let total)? = refusal(stopped) else {
            Issue.record("an incomplete shard was merged")
            return
        }
        #expect(shard == (try Shard(index: 1, count: 3)) && done < total)
        // A shard of 3 with shards of 7.
        let seven = try Self.runShards(7)
        guard case .differentShardCount? = refusal([three[0], seven[1], three[2]]) else {
            Issue.record("mixed shard counts were merged")
            return
        }
        // Nothing was written by any refusal: the target does not exist.
        #expect(!FileManager.default.fileExists(atPath: target))
    }

    /// Runs a command to its end; returns its exit status and standard error.
    static func run(_ command: [String], environment: [String: String] = [:], in dir: String) throws -> (Int32, String)
    {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = command
        p.currentDirectoryURL = URL(fileURLWithPath: dir)
        p.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let err = Pipe()
        p.standardOutput = FileHandle.nullDevice
        p.standardError = err
        try p.run()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        return (p.terminationStatus, text)
    }

    @Test
    func theLocalScriptRunsThreeShardProcessesAndMerges() throws {
        let exe = try #require(LabExecutable.layoutlab, Comment(rawValue: LabExecutable.notFound))
        let dir = (try Self.temporary("x") as NSString).deletingLastPathComponent
        let (status, stderr) = try Self.run(
            [
                Self.repo.appendingPathComponent("deploy/local-shards.sh").path, Self.quick, "3",
                "--into", "\(dir)/merged.db", "--dir", "\(dir)/shards",
            ],
            environment: ["LAYOUTLAB": exe.path], in: Self.repo.path)
        #expect(status == 0, "\(stderr)")
        let expected = try storedRunContent(try Self.reference())
        let merged = try storedRunContent("\(dir)/merged.db")
        for table in ["scenarios", "comparisons", "units", "steps", "divergences", "causes"] {
            #expect(merged[table] == expected[table], "\(table) differs")
        }
        // Run again (a restarted job): every shard is complete, so nothing is redone; a second merge run appears.
        let again = try Self.run(
            [
                Self.repo.appendingPathComponent("deploy/local-shards.sh").path, Self.quick, "3",
                "--into", "\(dir)/merged.db", "--dir", "\(dir)/shards",
            ], environment: ["LAYOUTLAB": exe.path], in: Self.repo.path)
        #expect(again.0 == 0)
        let units = try Database(path: "\(dir)/shards/shard-0.db", readOnly: true).query(
            "SELECT count(*), count(DISTINCT run_id) FROM units"
        ).rows[0]
        #expect(units[1] == .integer(1), "a complete shard was run again")
        // Bad input: a clear refusal before anything runs.
        #expect(
            try Self.run(
                [Self.repo.appendingPathComponent("deploy/local-shards.sh").path, Self.quick, "zero"], in: dir
            ).0 == 64)
    }

    /// The Kubernetes manifests parsed as YAML and checked for what the engine needs, then each pod's
    /// command run as the pod would run it: `sh -c` with the container's env and JOB_COMPLETION_INDEX.
    @Test
    func theKubernetesIndexedJobRunsAndMerges() throws {
        let exe = try #require(LabExecutable.layoutlab, Comment(rawValue: LabExecutable.notFound))
        func manifest(_ name: String) throws -> [String: Any] {
            let text = try String(
                contentsOf: Self.repo.appendingPathComponent("deploy/kubernetes/\(name)"), encoding: .utf8)
            return try #require(try Yams.load(yaml: text) as? [String: Any], "\(name) is not a YAML mapping")
        }
        func container(_ m: [String: Any]) throws -> (env: [String: String], command: [String]) {
            let spec = try #require(m["spec"] as? [String: Any])
            let pod = try #require((spec["template"] as? [String: Any])?["spec"] as? [String: Any])
            let c = try #require((pod["containers"] as? [[String: Any]])?.first)
            var env: [String: String] = [:]
            for e in c["env"] as? [[String: Any]] ?? [] {
                env[try #require(e["name"] as? String)] = "\(e["value"] ?? "")"
            }
            return (env, try #require(c["command"] as? [String]))
        }
        let sweep = try manifest("sweep-indexed-job.yaml")
        let merge = try manifest("merge-job.yaml")
        #expect(sweep["apiVersion"] as? String == "batch/v1" && sweep["kind"] as? String == "Job")
        let spec = try #require(sweep["spec"] as? [String: Any])
        #expect(spec["completionMode"] as? String == "Indexed")
        let completions = try #require(spec["completions"] as? Int)
        #expect(spec["parallelism"] as? Int == completions)
        let (env, command) = try container(sweep)
        #expect(env["SHARDS"] == String(completions), "SHARDS must equal completions")
        let (mergeEnv, mergeCommand) = try container(merge)
        #expect(mergeEnv["SHARDS"] == String(completions))

        // The pods, one per index, with the volumes replaced by folders and `layoutlab` on PATH.
        let dir = (try Self.temporary("x") as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: "\(dir)/bin", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: "\(dir)/bin/layoutlab", withDestinationPath: exe.path)
        let path = "\(dir)/bin:" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let volumes = ["EXPERIMENT": Self.quick, "RESULTS": dir, "PATH": path, "JOBS": "1"]
        for index in 0..<completions {
            let (status, stderr) = try Self.run(
                command, environment: env.merging(volumes) { $1 }.merging(["JOB_COMPLETION_INDEX": "\(index)"]) { $1 },
                in: dir)
            #expect(status == 0, "pod \(index): \(stderr)")
        }
        let (status, stderr) = try Self.run(mergeCommand, environment: mergeEnv.merging(volumes) { $1 }, in: dir)
        #expect(status == 0, "merge: \(stderr)")
        let expected = try storedRunContent(try Self.reference())
        let merged = try storedRunContent("\(dir)/results.db")
        #expect(merged["divergences"] == expected["divergences"] && merged["units"] == expected["units"])
    }

    /// The Slurm scripts checked by bash's parser, the array size agreed between them, and the array
    /// tasks and the merge run with the variables Slurm sets.
    @Test
    func theSlurmArrayRunsAndMerges() throws {
        let exe = try #require(LabExecutable.layoutlab, Comment(rawValue: LabExecutable.notFound))
        let slurm = Self.repo.appendingPathComponent("deploy/slurm")
        for script in ["sweep-array.sh", "merge.sh", "submit.sh"] {
            let (status, stderr) = try Self.run(
                ["bash", "-n", slurm.appendingPathComponent(script).path], in: Self.repo.path)
            #expect(status == 0, "\(script): \(stderr)")
        }
        let text = try String(contentsOf: slurm.appendingPathComponent("sweep-array.sh"), encoding: .utf8)
        let array = try #require(text.split(separator: "\n").first { $0.hasPrefix("#SBATCH --array=0-") })
        let last = try #require(Int(array.dropFirst("#SBATCH --array=0-".count)))
        let dir = (try Self.temporary("x") as NSString).deletingLastPathComponent
        let env = [
            "EXPERIMENT": Self.quick, "RESULTS": "\(dir)/shards", "LAYOUTLAB": exe.path,
            "SLURM_ARRAY_TASK_COUNT": "\(last + 1)",
            "SLURM_ARRAY_TASK_MIN": "0", "SLURM_CPUS_PER_TASK": "1",
        ]
        for task in 0...last {
            let (status, stderr) = try Self.run(
                [slurm.appendingPathComponent("sweep-array.sh").path],
                environment: env.merging(["SLURM_ARRAY_TASK_ID": "\(task)"]) { $1 }, in: dir)
            #expect(status == 0, "task \(task): \(stderr)")
        }
        let (status, stderr) = try Self.run(
            [slurm.appendingPathComponent("merge.sh").path],
            environment: [
                "RESULTS": "\(dir)/shards", "LAYOUTLAB": exe.path, "SHARDS": "\(last + 1)", "INTO": "\(dir)/results.db",
            ],
            in: dir)
        #expect(status == 0, "merge: \(stderr)")
        let expected = try storedRunContent(try Self.reference())
        let merged = try storedRunContent("\(dir)/results.db")
        #expect(merged["divergences"] == expected["divergences"] && merged["units"] == expected["units"])
    }
}
