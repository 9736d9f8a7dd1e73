import Solver
import Testing

@Suite struct StrengthTests {
    @Test func kiwiStrengths() {
        #expect(Strength.required == 1_001_001_000)
        #expect(Strength.strong == 1_000_000)
        #expect(Strength.medium == 1_000)
        #expect(Strength.weak == 1)
        #expect(Strength.create(0, 1.25, 0) == 1250)  // enaml_like's "mmedium"
        #expect(Strength.create(0, 100, 0) == 100_000)  // "smedium"
        #expect(Strength.create(2000, -5, 1) == 1_000_000_001)  // parts clamped to 0...1000
        #expect(Strength.create(1, 1, 1, 2) == 2_002_002)
        #expect(Strength.clip(-3) == 0)
        #expect(Strength.clip(1e12) == Strength.required)
    }

    @Test func staticPriorityMappingIsStrictlyMonotoneBelowRequired() {
        #expect(Strength.priority(1000) == Strength.required)
        #expect(Strength.priority(1) == 1)
        #expect(abs(Strength.priority(999) - 1e9) < 1)
        #expect(abs(Strength.priority(500) / 31_622.776_601_683_79 - 1) < 1e-12)  // 10^(9·499/998) = 10^4.5
        var previous = 0.0
        for p in 1...999 {
            let s = Strength.priority(Double(p))
            #expect(s > previous, "priority \(p)")
            #expect(s < Strength.required)
            previous = s
        }
    }

    /// x pulled to 10 at priority p and to 20 at p + 1: the higher one wins, in either order.
    @Test(arguments: [1.0, 50, 249, 250, 500, 749, 750, 998])
    func adjacentPrioritiesHigherWins(p: Double) throws {
        for lowerFirst in [true, false] {
            let x = Variable("x")
            let s = Solver()
            let low = (x == 10) | Strength.priority(p)
            let high = (x == 20) | Strength.priority(p + 1)
            for c in lowerFirst ? [low, high] : [high, low] { try s.addConstraint(c) }
            s.updateVariables()
            #expect(x.value == 20)
        }
    }

    @Test func requiredPriorityIsHard() throws {
        let x = Variable("x")
        let s = Solver()
        try s.addConstraint((x == 10) | Strength.priority(1000))
        #expect(throws: SolverError.self) { try s.addConstraint((x == 20) | Strength.priority(1000)) }
    }

    /// The documented limit of the static mapping, and what the ladder fixes: three constraints at 250
    /// against one at 251.
    @Test func ladderKeepsLevelsDominantWhereTheStaticMappingDoesNot() throws {
        func solve(_ strength: (Double) -> Double) throws -> Double {
            let x = Variable("x")
            let s = Solver()
            for _ in 0..<3 { try s.addConstraint((x == 10) | strength(250)) }
            try s.addConstraint((x == 20) | strength(251))
            s.updateVariables()
            return x.value
        }
        #expect(try solve(Strength.priority) == 10)  // 3 × 1.02^-1 outweighs one level up
        let ladder = PriorityLadder(priorities: [250, 251, 250, 1000])
        #expect(ladder.levels == [250, 251])
        #expect(ladder.base == 1000)
        #expect(ladder.strength(250) == 1)
        #expect(ladder.strength(251) == 1000)
        #expect(ladder.strength(1000) == Strength.required)
        #expect(try solve(ladder.strength) == 20)
    }

    @Test func ladderBaseShrinksWithManyLevelsButStaysBelowRequired() {
        let ladder = PriorityLadder(priorities: (1...10).map { Double($0 * 90) })
        #expect(ladder.levels.count == 10)
        #expect(abs(ladder.base - 10) < 1e-9)
        var previous = 0.0
        for p in ladder.levels {
            #expect(ladder.strength(p) > previous)
            previous = ladder.strength(p)
        }
        #expect(previous <= 1e9 + 1)
        // A priority outside the ladder falls back to the static mapping.
        #expect(ladder.strength(333) == Strength.priority(333))
    }
}
