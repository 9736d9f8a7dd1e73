import Solver
import Testing

@Suite struct AmbiguityTests {
    func names(_ vs: [Variable]) -> [String] { vs.map(\.name) }

    @Test func underdeterminedVariablesAreReported() throws {
        let x = Variable("x")
        let y = Variable("y")
        let z = Variable("z")
        let s = Solver()
        try s.addConstraint(x + y == 10)
        try s.addConstraint(z == 3)
        #expect(names(s.ambiguousVariables()) == ["x", "y"])
        try s.addConstraint(x == 4)
        #expect(s.ambiguousVariables().isEmpty)
        s.updateVariables()
        #expect(y.value == 6)
    }

    @Test func aVariableOnlyBoundedIsAmbiguous() throws {
        let x = Variable("x")
        let y = Variable("y")
        let s = Solver()
        try s.addConstraint(x >= 0)
        try s.addConstraint(x <= 100)
        try s.addConstraint(y == 2 * x)
        #expect(names(s.ambiguousVariables()) == ["x", "y"])
        try s.addConstraint((x == 30) | Strength.weak)
        #expect(s.ambiguousVariables().isEmpty)
    }

    @Test func tiedPreferencesLeaveAnAmbiguousRange() throws {
        // Equal weights pulling to 0 and 10: every x in [0, 10] has the same objective.
        let x = Variable("x")
        let y = Variable("y")
        let s = Solver()
        try s.addConstraint((x == 0) | Strength.weak)
        try s.addConstraint((x == 10) | Strength.weak)
        try s.addConstraint(y == 5)
        #expect(names(s.ambiguousVariables()) == ["x"])
        // Unequal weights: unique.
        try s.addConstraint((x == 10) | Strength.medium)
        #expect(s.ambiguousVariables().isEmpty)
        s.updateVariables()
        #expect(x.value == 10)
    }

    @Test func pinnedByInequalitiesIsNotAmbiguous() throws {
        // x >= 5 and x <= 5 fix x although the tableau sees two slacks.
        let x = Variable("x")
        let y = Variable("y")
        let s = Solver()
        try s.addConstraint(x >= 5)
        try s.addConstraint(x <= 5)
        try s.addConstraint(y >= x)
        try s.addConstraint((y == 0) | Strength.strong)
        #expect(s.ambiguousVariables().isEmpty)
        s.updateVariables()
        #expect((x.value, y.value) == (5, 5))
    }

    @Test func rowOfViewsAbsorbingSlackIsAmbiguous() throws {
        // Two views share 30 points of extra width with equal weak preferences: which one grows is
        // arbitrary; the left edge is fixed.
        let l0 = Variable("l0")
        let w0 = Variable("w0")
        let w1 = Variable("w1")
        let s = Solver()
        try s.addConstraint(l0 == 8)
        for w in [w0, w1] {
            try s.addConstraint(w >= 20)
            try s.addConstraint((w == 50) | Strength.weak)
        }
        try s.addConstraint(l0 + w0 + 8 + w1 + 8 == 154)
        #expect(names(s.ambiguousVariables()) == ["w0", "w1"])
        s.updateVariables()
        #expect(w0.value + w1.value == 130)
    }
}
