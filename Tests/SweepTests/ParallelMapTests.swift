import Foundation
import Scenario
import Store
import Sweep
import Testing

/// `parallelMap`, which generates a source's trees and writes the scenarios' JSON on several threads:
/// the same results in the same order as a plain map, whatever the number of jobs.
@Suite("Work spread over the run's cores")
struct ParallelMapTests {
    @Test(arguments: [0, 1, 7, 8, 15, 16, 17, 100, 1001])
    func theSameAsAPlainMapInOrder(count: Int) {
        let plain = (0..<count).map { $0 * $0 + 1 }
        for jobs in [1, 2, 3, 8] {
            #expect(parallelMap(count, jobs: jobs) { $0 * $0 + 1 } == plain, "\(count) items on \(jobs) jobs")
        }
    }

    /// An experiment of generated trees, one size, one comparison.
    static func generated(_ sources: [String], seed: Int) throws -> ExperimentSpec {
        try SpecReader.read(
            text: "name: generated\nseed: \(seed)\nscenarios:\n"
                + sources.map { "  - generate: {\($0)}\n" }.joined()
                + "sequences:\n  - sizes: [[200, 100]]\n"
                + "comparisons:\n  - {a: springs/documented, b: autolayout/modern/once}\n",
            file: "generated.yaml")
    }

    @Test func aPlanIsTheSameWhateverItsJobs() throws {
        let spec = try Self.generated(
            [
                "count: 300, views: [1, 9], depth: 3, fanout: 3, masks: all, superview: [[320, 480]]",
                "count: 20, views: [2, 4]",
            ], seed: 7)
        let one = SweepPlan(spec)
        let three = SweepPlan(spec, jobs: 3)
        #expect(one.scenarios.count == 320)
        #expect(one.scenarios.map(\.source) == three.scenarios.map(\.source))
        #expect(one.scenarios.map { $0.scenario.json() } == three.scenarios.map { $0.scenario.json() })
    }

    /// A run's scenario rows, written a block of 512 at a time with each block's JSON on three threads,
    /// are every scenario's JSON in plan order: more than two blocks, the last one partial.
    @Test func scenarioRowsAreInPlanOrderAcrossBlocks() throws {
        let spec = try Self.generated(["count: 1100, views: [1, 3], masks: all, superview: [[320, 480]]"], seed: 3)
        let plan = SweepPlan(spec)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rows-\(UUID().uuidString).db").path
        let store = try ResultsStore(path: path)
        try store.beginRun(plan, jobs: 3, codeVersion: "test")
        let rows = try store.database.query(
            "SELECT scenario_index, source, scenario_json FROM scenarios WHERE run_id = ? ORDER BY rowid",
            [.integer(store.runID)]
        ).rows
        #expect(rows.count == 1100)
        #expect(rows.map { $0[0].int ?? -1 } == Array(0..<1100))
        #expect(rows.map { $0[1].string ?? "" } == plan.scenarios.map(\.source))
        #expect(rows.map { $0[2].string ?? "" } == plan.scenarios.map { $0.scenario.json() })
    }
}
