import Foundation
import Sweep

/// Runs a plan into `results.db`: a new run, or the latest unfinished run of the same experiment file
/// resumed. Transactions hold whole units (committed every 512 units or quarter second), so stopping
/// anywhere leaves only complete units behind.
extension ResultsStore {
    public struct SessionOutcome: Sendable {
        public var completed: Bool
        public var runID: Int64
        /// Units done by the session, and in the run as a whole.
        public var unitsThisSession: Int
        public var unitsDone: Int
        public var viewSteps: Int
        public var seconds: Double
        /// `--resume` found the run already complete and did nothing.
        public var alreadyComplete = false
    }

    public enum SessionError: Error, CustomStringConvertible {
        /// An external engine failed on a unit with `on_error: stop`: the units before it are written,
        /// it is not; `--resume` continues from it.
        case engineFailed(String)
        public var description: String {
            switch self {
            case .engineFailed(let m): m
            }
        }
    }

    public func runSession(
        _ plan: SweepPlan, jobs: Int, resume: Bool, codeVersion: String, shard assignment: ShardAssignment? = nil,
        shouldStop: @escaping @Sendable () -> Bool,
        progress: (_ result: UnitResult, _ unitsDone: Int) -> Void = { _, _ in }
    ) throws -> SessionOutcome {
        var skip: Set<Int> = []
        let shard = assignment?.shard
        // `--resume` is idempotent, so a restarted job can run the same command: it finishes a partial
        // run, does nothing when the latest run is complete, and starts one when there is none. A
        // shard resumes only its own run.
        if resume, let found = try resumable(plan.spec, shard: shard) {
            try resumeRun(found.run)
            skip = found.done
        } else if resume, let done = try completedRun(plan.spec, shard: shard) {
            return SessionOutcome(
                completed: true, runID: done.run, unitsThisSession: 0, unitsDone: done.units, viewSteps: 0,
                seconds: 0, alreadyComplete: true)
        } else {
            try beginRun(plan, jobs: jobs, codeVersion: codeVersion, shard: shard, unitsTotal: assignment?.units.count)
        }
        let start = Date()
        var batchStart = start
        var inBatch = 0
        var units = 0
        var viewSteps = 0
        try beginBatch()
        let outcome: SweepRunner.Outcome
        do {
            let run = runID
            outcome = try SweepRunner.run(
                plan, jobs: jobs, units: assignment?.units, skip: skip, shouldStop: shouldStop,
                prepare: { ResultsStore.prepare($0, plan: plan, run: run) }
            ) { prepared in
                let result = prepared.result
                if let e = result.error, result.errorStops { throw SessionError.engineFailed(e) }
                try write(prepared)
                units += 1
                viewSteps += result.viewSteps
                inBatch += 1
                if inBatch >= 512 || Date().timeIntervalSince(batchStart) > 0.25 {
                    try commitBatch()
                    try beginBatch()
                    inBatch = 0
                    batchStart = Date()
                }
                progress(result, skip.count + units)
            }
            try commitBatch()
        } catch SessionError.engineFailed(let message) {
            // Keep the units written before the failing one; the run stays unfinished.
            try? commitBatch()
            try? finishRun(completed: false, seconds: Date().timeIntervalSince(start))
            throw SessionError.engineFailed(message)
        } catch {
            rollbackBatch()
            try? finishRun(completed: false, seconds: Date().timeIntervalSince(start))
            throw error
        }
        let seconds = Date().timeIntervalSince(start)
        try finishRun(completed: outcome == .completed, seconds: seconds)
        return SessionOutcome(
            completed: outcome == .completed, runID: runID, unitsThisSession: units,
            unitsDone: skip.count + units, viewSteps: viewSteps, seconds: seconds)
    }
}
