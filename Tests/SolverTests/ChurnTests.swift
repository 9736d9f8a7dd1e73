import Foundation
import SolverChecks
import TestSupport
import Testing

/// Long random churns of everything the solver offers (`Churn`): after every step the tableau's
/// invariants, its agreement with each constraint present and every required constraint hold; every
/// eighth step a fresh solver of the constraints present agrees on decisions, objective and values.
@Suite struct ChurnTests {
    /// Forty fixed seeds of 400 steps each, on 3 to 10 variables (`LAYOUTLAB_CHURN_SEED` adds one).
    @Test(arguments: 0..<40) func seededChurnsPassEveryCheck(k: Int) throws {
        try churn(seed: UInt64(k) &* 0x9E37_79B9_7F4A_7C15 &+ 1, variables: 3 + k % 8, steps: 400)
    }

    /// One more seed each run, from the clock unless `LAYOUTLAB_CHURN_SEED` names one: printed before
    /// it runs, so a failure anywhere can be replayed.
    @Test func aNewSeedEachRun() throws {
        let seed =
            ProcessInfo.processInfo.environment["LAYOUTLAB_CHURN_SEED"].flatMap(UInt64.init)
            ?? UInt64(Date().timeIntervalSince1970 * 1e6)
        try churn(seed: seed, variables: 3 + Int(seed % 8), steps: 1000)
    }

    /// Seeds whose churn once failed the comparison with a fresh solve past 1e-8: the fresh build's
    /// values carried the rounding of definitions that cancel (−6.0000017 where the system fixes −6,
    /// −73.00000096 for −73), until values were refined from the constraints (`refineValues`).
    @Test(arguments: [UInt64(15_848_095_249_999_382_469), 1_795_819_990_326_702])
    func seedsWhoseFreshSolveOnceDrifted(seed: UInt64) throws {
        try churn(seed: seed, variables: 3 + Int(seed % 8), steps: 1000)
    }

    /// The inputs the `churn` fuzz target once failed on (Tests/SolverTests/Crashes/churn-*.bin), each
    /// replayed as the target does: the first byte picks the variables, the rest are the choices.
    /// With five minutes to finish, on a thread of its own (`finishing(within:)`; over a minute in a debug build,
    /// nearer two beside the other churn tests): one of them once made the dual simplex cycle for ever.
    @Test func fuzzFindingsReplayCleanly() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Crashes")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("churn-") }
        #expect(!files.isEmpty, "no churn findings in \(folder.path)")
        let findings = try files.sorted().map { ($0, [UInt8](try Data(contentsOf: folder.appendingPathComponent($0)))) }
        let failures = finishing(within: 300) { () -> [String] in
            var failures: [String] = []
            for (name, bytes) in findings {
                print("churn finding: \(name) (\(bytes.count) bytes)")
                var source = ByteChurnSource(Array(bytes.dropFirst()))
                let churn = Churn(variables: 2 + Int(bytes[0] % 9))
                do { try churn.run(&source, steps: .max) } catch { failures.append("\(name): \(error)") }
            }
            return failures
        }
        #expect(try #require(failures, "the findings did not replay within five minutes") == [])
    }

    func churn(seed: UInt64, variables: Int, steps: Int) throws {
        print("churn: seed \(seed), \(variables) variables, \(steps) steps (LAYOUTLAB_CHURN_SEED=\(seed))")
        var source = SeededChurnSource(seed: seed)
        let churn = Churn(variables: variables)
        do {
            try churn.run(&source, steps: steps)
        } catch {
            Issue.record("seed \(seed): \(error)")
        }
        // Every kind of operation was met (a churn that never removed checks little).
        let kinds = Set(churn.counts.keys)
        #expect(kinds.isSuperset(of: [.remove, .readd, .suggest, .contradiction, .farBound]), "seed \(seed): \(kinds)")
    }

    /// The systems of a few churns replayed into kiwisolver (`Tools/kiwi-replay.py`): kiwi accepts every
    /// constraint present, reaches the same objective, and the same values where the lab's fresh solve
    /// found none ambiguous. Needs python3 with kiwisolver (`pip install kiwisolver`); skips with the
    /// reason when it is missing, unless LAYOUTLAB_REQUIRE_KIWI=1 (CI), which makes that a failure
    /// (`runPythonOracle`).
    @Test func kiwiReachesTheSameSolutions() throws {
        let text = try churnSnapshots(seeds: 0..<12, steps: 300)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("churn-\(UUID()).txt")
        try text.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let script = RepositoryFiles.path("Tools/kiwi-replay.py")
        guard let (status, output) = runPythonOracle([script, file.path], test: "kiwiReachesTheSameSolutions") else {
            return
        }
        #expect(status == 0, "\(output)")
    }

    func churnSnapshots(seeds: Range<UInt64>, steps: Int) throws -> String {
        var blocks: [String] = []
        for seed in seeds {
            print("churn for kiwi: seed \(seed)")
            var source = SeededChurnSource(seed: seed)
            let churn = Churn(variables: 3 + Int(seed % 6), recordsSnapshots: true)
            try churn.run(&source, steps: steps)
            blocks += churn.snapshots.map(\.text)
        }
        return blocks.joined(separator: "\n\n") + "\n"
    }
}
