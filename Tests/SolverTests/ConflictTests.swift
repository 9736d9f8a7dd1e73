import Solver
import Testing

/// The conflicting constraints of an unsatisfiable error, or nil.
func conflicts(of body: () throws -> Void) -> (Constraint, [Constraint])? {
    do {
        try body()
    } catch {
        if case SolverError.unsatisfiableConstraint(let c, let set) = error { return (c, set) }
    }
    return nil
}

func sameSet(_ a: [Constraint], _ b: [Constraint]) -> Bool {
    Set(a.map(ObjectIdentifier.init)) == Set(b.map(ObjectIdentifier.init)) && a.count == b.count
}

@Suite struct ConflictTests {
    @Test func equalityConflictNamesExactlyTheConstraintsInvolved() throws {
        let x = Variable("x")
        let y = Variable("y")
        let z = Variable("z")
        let s = Solver()
        let c1 = x == 10
        let c2 = y == x + 5
        let unrelated = z == 3
        let weak = (y == 100) | Strength.weak
        for c in [c1, unrelated, c2, weak] { try s.addConstraint(c) }
        let bad = y == 20
        let result = try #require(conflicts { try s.addConstraint(bad) })
        #expect(result.0 === bad)
        #expect(sameSet(result.1, [c1, c2]))
        #expect(!s.hasConstraint(bad))
        s.updateVariables()
        #expect((x.value, y.value, z.value) == (10, 15, 3))
    }

    @Test func inequalityConflictIsMinimal() throws {
        let x = Variable("x")
        let y = Variable("y")
        let w = Variable("w")
        let s = Solver()
        let lower = x >= 10
        let gap = y >= x + 5
        let other = w <= y
        let bound = w >= 0
        let pref = (x == 0) | Strength.strong
        for c in [lower, gap, other, bound, pref] { try s.addConstraint(c) }
        let bad = y <= 12
        let result = try #require(conflicts { try s.addConstraint(bad) })
        #expect(sameSet(result.1, [lower, gap]))
        s.updateVariables()
        #expect((x.value, y.value) == (10, 15))
    }

    @Test func deletionFilteringDropsRedundantMembers() throws {
        // Two independent reasons for x ≥ 10; either alone conflicts with x ≤ 5.
        let x = Variable("x")
        let y = Variable("y")
        let s = Solver()
        let a = x >= 10
        let b = y == 20
        let c = x >= y - 10
        for k in [a, b, c] { try s.addConstraint(k) }
        let result = try #require(conflicts { try s.addConstraint(x <= 5) })
        // A minimal set is either {a} or {b, c}; never all three.
        #expect(sameSet(result.1, [a]) || sameSet(result.1, [b, c]))
    }

    @Test func contradictoryConstantAndRedundantCopies() throws {
        let s = Solver()
        let result = try #require(conflicts { try s.addConstraint(Constraint(Expression(constant: 1), .equal)) })
        #expect(result.1.isEmpty)
        // A redundant copy of a required equality is consistent and accepted.
        let x = Variable("x")
        let y = Variable("y")
        try s.addConstraint(x == y + 1)
        try s.addConstraint(2 * x == 2 * y + 2)
        try s.addConstraint(y == 4)
        s.updateVariables()
        #expect(x.value == 5)
    }

    @Test func rejectionLeavesTheSolverExactlyAsBefore() throws {
        func build() throws -> (Solver, [Variable]) {
            let v = (0..<5).map { Variable("v\($0)") }
            let s = Solver()
            try s.addEditVariable(v[0], strength: Strength.strong)
            try s.addConstraint(v[1] >= v[0] + 10)
            try s.addConstraint(v[2] == v[1] * 2)
            try s.addConstraint(v[3] <= v[2] - 1)
            try s.addConstraint((v[3] == 0) | Strength.weak)
            try s.addConstraint((v[4] == v[1] + v[3]) | Strength.medium)
            try s.addConstraint(v[4] <= 400)
            return (s, v)
        }
        let (s, v) = try build()
        let (twin, tv) = try build()
        try s.suggestValue(v[0], 7)
        try twin.suggestValue(tv[0], 7)
        // Needs the artificial-variable phase (pivots happen, then are undone).
        let bad = v[1] <= v[0] + 5
        let first = try #require(conflicts { try s.addConstraint(bad) })
        #expect(first.1.count == 1 && first.1[0].expression.terms.count == 2)  // v1 >= v0 + 10 (the edit is not required)
        let bad2 = v[2] == 2 * v[1] + 3
        #expect(conflicts { try s.addConstraint(bad2) } != nil)
        #expect(!s.hasConstraint(bad) && !s.hasConstraint(bad2))
        for w in [7.0, 150, -30, 500, 12] {
            try s.suggestValue(v[0], w)
            try twin.suggestValue(tv[0], w)
            s.updateVariables()
            twin.updateVariables()
            #expect(v.map(\.value) == tv.map(\.value), "after suggesting \(w)")
        }
        // Later additions and removals behave the same too.
        let extra = v[3] >= 5
        let textra = tv[3] >= 5
        try s.addConstraint(extra)
        try twin.addConstraint(textra)
        s.updateVariables()
        twin.updateVariables()
        #expect(v.map(\.value) == tv.map(\.value))
    }
}
