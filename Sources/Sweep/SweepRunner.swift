import Foundation

/// Runs a plan's units on `jobs` threads and hands the results to the caller's thread **in unit
/// order**, so the same experiment and seed write the same rows in the same order however the work
/// was scheduled. `skip` holds units already done (resume). When `shouldStop` turns true, workers take
/// no new unit, and every unit already computed is still delivered (nothing computed is lost).
/// `units` limits the run to some of the plan's units (a shard's), ascending.
public enum SweepRunner {
    public enum Outcome: Sendable { case completed, stopped }

    public static func run(
        _ plan: SweepPlan, jobs: Int, units: [Int]? = nil, skip: Set<Int> = [],
        shouldStop: @escaping @Sendable () -> Bool,
        deliver: (UnitResult) throws -> Void
    ) rethrows -> Outcome {
        try run(plan, jobs: jobs, units: units, skip: skip, shouldStop: shouldStop, prepare: { $0 }, deliver: deliver)
    }

    /// The same, with `prepare` run on the worker that computed each unit, so the part of handling a
    /// result that needs no shared state (the results writer turns it into rows) is done on every
    /// core instead of on the delivering thread alone.
    public static func run<Prepared>(
        _ plan: SweepPlan, jobs: Int, units: [Int]? = nil, skip: Set<Int> = [],
        shouldStop: @escaping @Sendable () -> Bool,
        prepare: @escaping @Sendable (UnitResult) -> Prepared,
        deliver: (Prepared) throws -> Void
    ) rethrows -> Outcome {
        let todo = (units ?? Array(0..<plan.unitCount)).filter { !skip.contains($0) }
        let workers = todo.isEmpty ? 0 : max(1, min(jobs, todo.count))
        let box = Shared<Prepared>(todo: todo, workers: workers)
        for _ in 0..<workers {
            let thread = Thread {
                while let index = box.take(stopping: shouldStop()) {
                    box.finish(index, prepare(plan.run(index)))
                }
                box.workerDone()
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        // Deliver in order while workers run; once they are all done, deliver whatever is left.
        var position = 0
        while let (unit, result) = box.next(expected: position < todo.count ? todo[position] : nil) {
            if unit == (position < todo.count ? todo[position] : -1) { position += 1 }
            do {
                try deliver(result)
            } catch {
                box.cancel()  // no one will read what the workers would compute next
                throw error
            }
        }
        // Workers take units until none is left or a stop is asked for, so a run not stopped early
        // has done them all.
        return box.stoppedEarly ? .stopped : .completed
    }

    /// The state the workers and the delivering thread share, behind one condition lock.
    final class Shared<Prepared>: @unchecked Sendable {
        let condition = NSCondition()
        let todo: [Int]
        var cursor = 0
        var finished: [Int: Prepared] = [:]
        var workersLeft: Int
        var stoppedEarly = false

        init(todo: [Int], workers: Int) {
            self.todo = todo
            self.workersLeft = workers
        }

        var cancelled = false

        func cancel() {
            condition.lock()
            cancelled = true
            condition.unlock()
        }

        func take(stopping: Bool) -> Int? {
            condition.lock()
            defer { condition.unlock() }
            if cancelled { return nil }
            if stopping && cursor < todo.count { stoppedEarly = true }
            guard !stopping, cursor < todo.count else { return nil }
            defer { cursor += 1 }
            return todo[cursor]
        }

        func finish(_ index: Int, _ result: Prepared) {
            condition.lock()
            finished[index] = result
            condition.broadcast()
            condition.unlock()
        }

        func workerDone() {
            condition.lock()
            workersLeft -= 1
            condition.broadcast()
            condition.unlock()
        }

        /// The result for `expected` when it is ready; once no worker is left, any remaining result
        /// (lowest unit first); nil when everything has been delivered.
        func next(expected: Int?) -> (Int, Prepared)? {
            condition.lock()
            defer { condition.unlock() }
            while true {
                if let e = expected, let r = finished.removeValue(forKey: e) { return (e, r) }
                if workersLeft == 0 {
                    guard let k = finished.keys.min() else { return nil }
                    return finished.removeValue(forKey: k).map { (k, $0) }
                }
                condition.wait()
            }
        }
    }
}
