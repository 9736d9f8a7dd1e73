import PropertyBased
import TestSupport
import Testing

@_spi(Checks) @testable import Solver

/// Rows keep their cells in one pool (`Row`), and symbols their column entries in one array
/// (`ColumnIndex`); a run that outgrows its room moves to the end, and the array is compacted once
/// more than half of it is runs left behind. These churn random systems
/// (`GeneratedChurn`: removals, re-additions, refused required bounds, whose rows are rolled back and left
/// behind) with compaction allowed at any pool size.
@Suite struct CellPoolTests {
    /// Churns one generated system. After every step the pool holds at most twice its live slots
    /// plus the largest run's worth (without compaction it outgrows that), and every structural
    /// invariant holds (runs inside the pool, none overlapping, the column index matching the
    /// cells). The same churn never compacted must give the same values to the last bit, after every
    /// step and at the end: compaction moves cells without changing them or their order.
    /// `compactEveryStep` compacts after every step as well, whatever the pool's waste.
    func churn(seed: UInt64, n: Int, pinned: Bool, rounds: Int = 4, compactEveryStep: Bool = false) throws {
        var churn = try GeneratedChurn(seed: seed, n: n, pinned: pinned) {
            $0.core.compactionFloor = 0
            $0.core.cols.compactionFloor = 0
        }
        var twin = try GeneratedChurn(seed: seed, n: n, pinned: pinned) {
            $0.core.compactionFloor = .max
            $0.core.cols.compactionFloor = .max
        }
        let s = churn.solver
        for step in 0..<(rounds * churn.present.count) {
            try churn.step()
            try twin.step()
            if compactEveryStep {
                s.core.compactPool()
                s.core.cols.compact()
            }
            let largest = s.core.rows.map { Int($0.capacity) }.max() ?? 0
            #expect(s.core.pool.count <= 2 * s.core.poolLive + 2 * largest + 4, "seed \(seed) n \(n)")
            let largestColumn = s.core.cols.capacity.map { Int($0) }.max() ?? 0
            #expect(s.core.cols.entries.count <= 2 * s.core.cols.live + 2 * largestColumn + 4, "seed \(seed) n \(n)")
            #expect(s.invariantViolations().isEmpty, "seed \(seed): \(s.invariantViolations())")
            s.updateVariables()
            twin.solver.updateVariables()
            #expect(churn.x.map(\.value) == twin.x.map(\.value), "seed \(seed) n \(n) step \(step)")
        }
        try churn.finish()
        try twin.finish()
        #expect(churn.x.map(\.value) == twin.x.map(\.value), "seed \(seed) n \(n) pinned \(pinned)")
        #expect(close(churn.x.map(\.value), churn.system.solution), "seed \(seed) n \(n) pinned \(pinned)")
    }

    /// A churn the property test below once met, on which the solver ended off the system's unique
    /// solution (x0 -79.93 for -80, x11 -68 for -67) with and without compaction, while a fresh build
    /// found it: rounding residue between definitions and the rows of the basic restricted symbols
    /// they named grew until a removal pivoted on it. Definitions no longer name such symbols
    /// (Simplex.swift), and the churn ends where a fresh build does.
    @Test func aLongChurnEndsAtTheKnownSolution() throws {
        try churn(seed: 14_885_387_374_363_155_550, n: 12, pinned: false)
    }

    /// A solver emptied for reuse (`reset(keepingCapacity:)`, as the Auto Layout backend's pool
    /// does) after its columns were compacted: every column's run must lie inside the array again,
    /// the empty columns of symbols past its count included, or the next compaction slices past the
    /// end (CI crashed so in `DegenerateConstraintTests`).
    @Test func aRecycledSolverKeepsItsColumnsInsideTheirArray() throws {
        let s = Solver()
        s.core.cols.compactionFloor = 0
        let big = GeneratedSystem(seed: 1, n: 14, pinned: false)
        for c in big.constraints((0..<14).map { Variable("x\($0)") }) { try s.addConstraint(c) }
        s.core.cols.compact()
        s.reset(keepingCapacity: true)
        let small = GeneratedSystem(seed: 2, n: 3, pinned: false)
        let x = (0..<3).map { Variable("y\($0)") }
        for c in small.constraints(x) { try s.addConstraint(c) }
        try #require(s.invariantViolations().isEmpty, "\(s.invariantViolations())")
        s.core.cols.compact()
        #expect(s.invariantViolations().isEmpty)
        s.updateVariables()
        #expect(close(x.map(\.value), small.solution))
    }

    @Test func compactionKeepsThePoolBoundedAndTheSolutionExact() async {
        await propertyCheck(count: 120, input: Gen.uint64(in: 0...UInt64.max), Gen.int(in: 2...14), Gen.bool) {
            seed, n, pinned in
            announce(seed, n, pinned)
            try churn(seed: seed, n: n, pinned: pinned)
        }
    }

    /// Compaction after every step of fixed churns (whether or not the pool is mostly waste) changes
    /// no value.
    @Test func compactingAfterEveryStepChangesNothing() throws {
        for seed in UInt64(0)..<40 {
            try churn(seed: seed, n: 8 + Int(seed % 7), pinned: seed % 2 == 1, compactEveryStep: true)
        }
    }
}
