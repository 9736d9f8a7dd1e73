import Foundation
import Solver

/// Solvers kept between engines: an engine takes one when it is made and gives it back, emptied with
/// its storage kept (`Solver.reset(keepingCapacity:)`), when it goes away. A sweep builds an engine
/// per tree and size sequence; allocating a solver's two dozen arrays for each was about a tenth of
/// the build (`Tools/profile.sh EngineC4tree11constraints`). The answers do not depend on
/// it: an emptied solver is the fresh one with storage reserved (`SolverRecyclingTests`).
final class SolverPool: @unchecked Sendable {
    static let shared = SolverPool()

    /// At most this many solvers wait in the pool (about one per worker thread is what a sweep uses).
    let limit = 2 * ProcessInfo.processInfo.activeProcessorCount
    /// Solvers that grew past this many symbols are not kept: a giant tree's storage is let go.
    let largestKept = 1 << 16

    private let lock = NSLock()
    private var free: [Solver] = []

    func take() -> Solver {
        lock.lock()
        defer { lock.unlock() }
        return free.popLast() ?? Solver()
    }

    /// Takes back a solver that nothing else refers to.
    func give(_ solver: Solver) {
        guard solver.symbolCapacity <= largestKept else { return }
        solver.reset(keepingCapacity: true)
        lock.lock()
        defer { lock.unlock() }
        if free.count < limit { free.append(solver) }
    }
}
