import Foundation
import Store
import Sweep
import TestSupport
import Testing

/// A batch engine may kill a sweep anywhere (SIGKILL: no handler runs). Repeating the same
/// `sweep --resume` command must end with exactly the rows of an uninterrupted run.
@Suite("Killed and resumed sweeps")
struct KillResumeTests {
    static let spec = """
        name: killed
        seed: 13
        scenarios:
          - generate: {count: 1500, views: [2, 8], depth: 3, fanout: 3, masks: all}
        sequences:
          - random_walk: {steps: 40, max_step: 60, axis: both}
        comparisons:
          - {a: springs/documented, b: autolayout/modern/once}
          - {a: springs/gnustep-0.29, b: springs/appkit, scale: 2}
        """

    /// Starts `layoutlab` with its output discarded.
    /// Starts the lab with `arguments`; its standard error goes to `errors` (a file, created) if given.
    static func launch(_ exe: URL, _ arguments: [String], errors: URL? = nil) throws -> Process {
        let p = Process()
        p.executableURL = exe
        p.arguments = arguments
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        if let errors {
            _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
            p.standardError = try FileHandle(forWritingTo: errors)
        }
        try p.run()
        return p
    }

    @Test
    func twentyKillsLoseAndDuplicateNothing() throws {
        let exe = try #require(LabExecutable.layoutlab, Comment(rawValue: LabExecutable.notFound))
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("kill-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let specPath = dir.appendingPathComponent("killed.yaml").path
        try Self.spec.write(toFile: specPath, atomically: true, encoding: .utf8)
        let db = dir.appendingPathComponent("results.db").path

        func start() throws -> Process {
            try Self.launch(exe, ["sweep", specPath, "--db", db, "--resume", "--jobs", "2"])
        }
        func unitsWritten() -> Int? {
            guard FileManager.default.fileExists(atPath: db),
                case .integer(let n)? = try? Database(path: db, readOnly: true).query("SELECT count(*) FROM units").rows
                    .first?.first
            else { return nil }
            return Int(n)
        }
        // Each kill lands mid-run: after the process has committed a new batch of units, plus a random
        // 0–200 ms (from a fixed seed), so it also falls in the middle of the next batch.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var kills = 0
        var unitsSeen: [Int] = []
        for _ in 0..<20 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let extra = Int(state >> 33) % 200
            let before = unitsWritten() ?? 0
            let p = try start()
            let deadline = Date().addingTimeInterval(10)
            while p.isRunning, Date() < deadline, (unitsWritten() ?? 0) <= before { usleep(10_000) }
            usleep(useconds_t(extra * 1000))
            if p.isRunning {
                kill(p.processIdentifier, SIGKILL)
                kills += 1
            }
            p.waitUntilExit()
            unitsSeen.append(unitsWritten() ?? 0)
        }
        let last = try start()
        last.waitUntilExit()
        #expect(last.terminationStatus == 0)
        #expect(
            kills == 20, "only \(kills) of 20 processes were still running when killed; units after each: \(unitsSeen)")
        #expect(unitsSeen.last.map { $0 < 3000 } ?? true, "the sweep finished before the kills: make it longer")
        // The kills landed mid-run: units were written between them, not only before the first.
        #expect(Set(unitsSeen).count >= 15, "units after each kill: \(unitsSeen)")

        let database = try Database(path: db, readOnly: true)
        #expect(
            try database.query("SELECT count(*), count(DISTINCT unit_index) FROM units").rows == [
                [.integer(3000), .integer(3000)]
            ])
        #expect(try database.query("SELECT count(*) FROM runs WHERE status = 'completed'").rows == [[.integer(1)]])

        // The same experiment, uninterrupted, in this process.
        let fresh = dir.appendingPathComponent("fresh.db").path
        _ = try ResultsStore(path: fresh).runSession(
            SweepPlan(try SpecReader.read(path: specPath)), jobs: 2, resume: false,
            codeVersion: "test", shouldStop: { false })
        let expected = try storedDivergenceRows(fresh)
        #expect(expected.count > 100)
        #expect(try storedDivergenceRows(db) == expected)
    }

    /// Two sweeps writing into one database at once (two array tasks sharing a file): both complete,
    /// and each run holds exactly the rows it has when run alone.
    @Test
    func twoSweepsIntoOneDatabaseAtOnce() throws {
        let exe = try #require(LabExecutable.layoutlab, Comment(rawValue: LabExecutable.notFound))
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("two-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let shared = dir.appendingPathComponent("shared.db").path
        var specs: [String] = []
        for (name, seed) in [("first", 21), ("second", 22)] {
            let path = dir.appendingPathComponent("\(name).yaml").path
            try """
            name: \(name)
            seed: \(seed)
            scenarios:
              - generate: {count: 300, views: [2, 8], depth: 3, fanout: 3, masks: all}
            sequences:
              - random_walk: {steps: 10, max_step: 60, axis: both}
            comparisons:
              - {a: springs/documented, b: autolayout/modern/once}
            """.write(toFile: path, atomically: true, encoding: .utf8)
            specs.append(path)
        }
        // Their standard error kept, so a sweep that fails says why.
        let errors = specs.map { _ in dir.appendingPathComponent(UUID().uuidString + ".err") }
        let processes = try zip(specs, errors).map {
            try Self.launch(exe, ["sweep", $0, "--db", shared, "--jobs", "1"], errors: $1)
        }
        for (p, err) in zip(processes, errors) {
            p.waitUntilExit()
            #expect(p.terminationStatus == 0, "\((try? String(contentsOf: err, encoding: .utf8)) ?? "")")
        }
        let db = try Database(path: shared, readOnly: true)
        #expect(try db.query("SELECT count(*) FROM runs WHERE status = 'completed'").rows == [[.integer(2)]])
        for spec in specs {
            let alone = dir.appendingPathComponent(UUID().uuidString + ".db").path
            let plan = SweepPlan(try SpecReader.read(path: spec))
            _ = try ResultsStore(path: alone).runSession(
                plan, jobs: 1, resume: false, codeVersion: "test", shouldStop: { false })
            let expected = try storedDivergenceRows(alone, experiment: plan.spec.name)
            #expect(expected.count > 50)
            #expect(try storedDivergenceRows(shared, experiment: plan.spec.name) == expected)
        }
    }
}
