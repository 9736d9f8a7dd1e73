import Scenario
import Sweep

/// The `scenarios` rows of a run: each scenario's replayable JSON, written on the run's cores.
///
/// A run's scenarios are all written before its first unit. On one thread, on a sweep of many
/// generated trees, that setup cost as much as the units' compute (`layoutlab-bench --only sweep`:
/// `begin_run_1_jobs` against `compute_1_core`). The JSON of a block of scenarios is written on up to
/// `jobs` threads, then the block's rows go in, in plan order, on the writer's connection: a block at a
/// time, so the texts held at once stay bounded however many scenarios a run has.
enum ScenarioRows {
    static let block = 512

    /// Calls `row` with each scenario's index and JSON, in plan order.
    static func forEach(
        _ scenarios: [SweepPlan.ScenarioEntry], jobs: Int, _ row: (Int, String) throws -> Void
    ) rethrows {
        var start = 0
        while start < scenarios.count {
            let end = min(start + block, scenarios.count)
            let texts = json(scenarios[start..<end], jobs: jobs)
            for (k, text) in texts.enumerated() { try row(start + k, text) }
            start = end
        }
    }

    /// The JSON of `scenarios`, in order.
    static func json(_ scenarios: ArraySlice<SweepPlan.ScenarioEntry>, jobs: Int) -> [String] {
        let first = scenarios.startIndex
        return parallelMap(scenarios.count, jobs: jobs) { scenarios[first + $0].scenario.json() }
    }
}
