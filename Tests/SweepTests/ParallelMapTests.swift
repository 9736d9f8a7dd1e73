import Foundation
import Scenario
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

    @Test func aPlanIsTheSameWhateverItsJobs() throws {
        let spec = try SpecReader.read(
            text: """
                name: plan-jobs
                seed: 7
                scenarios:
                  - generate: {count: 300, views: [1, 9], depth: 3, fanout: 3, masks: all, superview: [[320, 480]]}
                  - generate: {count: 20, views: [2, 4]}
                sequences:
                  - sizes: [[200, 100]]
                comparisons:
                  - {a: springs/documented, b: autolayout/modern/once}
                """, file: "plan-jobs.yaml")
        let one = SweepPlan(spec)
        let three = SweepPlan(spec, jobs: 3)
        #expect(one.scenarios.count == 320)
        #expect(one.scenarios.map(\.source) == three.scenarios.map(\.source))
        #expect(one.scenarios.map { $0.scenario.json() } == three.scenarios.map { $0.scenario.json() })
    }
}
