import Testing

@_spi(Checks) @testable import Solver

/// A solver finds the constraint and variable objects it holds through a note in the object (the
/// first solver to hold one) or its own table (any other): objects shared by several solvers, added,
/// removed and re-added in every order, must be found by exactly the solvers that hold them.
@Suite struct SharedObjectTests {
    /// Three solvers share two constraints over one variable pair; every step is checked against
    /// what each solver should hold.
    @Test func sharedConstraintsAreFoundByTheSolversThatHoldThem() throws {
        let x = Variable("x")
        let y = Variable("y")
        let c1 = Constraint(x + y - 10, .equal)
        let c2 = Constraint(x - 4, .equal, strength: Strength.strong)
        let a = Solver()
        let b = Solver()
        var holds: [ObjectIdentifier: Set<ObjectIdentifier>] = [:]
        func check(_ solvers: [Solver], _ when: String) {
            for s in solvers {
                for c in [c1, c2] {
                    let expected = holds[ObjectIdentifier(s), default: []].contains(ObjectIdentifier(c))
                    #expect(s.hasConstraint(c) == expected, "\(when): \(c)")
                    #expect((s.handle(of: c) != nil) == expected, "\(when): \(c)")
                    if let h = s.handle(of: c) { #expect(s.constraint(h) === c, "\(when)") }
                }
                #expect(s.invariantViolations().isEmpty, "\(when)")
            }
        }
        func add(_ s: Solver, _ c: Constraint) throws {
            try s.addConstraint(c)
            holds[ObjectIdentifier(s), default: []].insert(ObjectIdentifier(c))
        }
        func remove(_ s: Solver, _ c: Constraint) throws {
            try s.removeConstraint(c)
            holds[ObjectIdentifier(s), default: []].remove(ObjectIdentifier(c))
        }
        try add(a, c1)
        try add(b, c1)  // b keeps c1 in its table: the note is a's
        try add(b, c2)
        try add(a, c2)
        check([a, b], "both hold both")
        #expect(throws: SolverError.self) { try a.addConstraint(c1) }
        #expect(throws: SolverError.self) { try b.addConstraint(c1) }
        try remove(a, c1)  // a's note goes; b still finds c1 in its table
        check([a, b], "a dropped c1")
        try add(a, c1)
        check([a, b], "a took c1 again")
        try remove(b, c2)
        try remove(b, c1)
        check([a, b], "b holds nothing")
        try add(b, c1)
        check([a, b], "b took c1 again")
        a.updateVariables()
        #expect(x.value == 4 && y.value == 6)
        // A solver that goes away leaves no note behind that would hide the object from the next.
        var c: Solver? = Solver()
        try c!.addConstraint(c2)
        c = nil
        let d = Solver()
        try add(d, c2)
        check([a, b, d], "after a solver went away")
        try remove(d, c2)
        check([a, b, d], "d dropped c2")
        try remove(a, c2)
        try remove(a, c1)
        try remove(b, c1)
        check([a, b, d], "nobody holds anything")
    }

    /// Edit variables found through the variable's hint: after a removal moves the last edit into
    /// the freed place, and with one variable an edit variable of two solvers (the hint is the last
    /// one's), every suggestion reaches the right edit.
    @Test func editVariablesAreFoundAfterRemovalsAndInTwoSolvers() throws {
        let (x, y, z) = (Variable("x"), Variable("y"), Variable("z"))
        let a = Solver()
        let b = Solver()
        for v in [x, y, z] { try a.addEditVariable(v, strength: Strength.strong) }
        try b.addEditVariable(z, strength: Strength.strong)  // z's hint is now b's index, 0
        try a.removeEditVariable(x)  // z moves into x's place in a
        try a.suggestValue(z, 7)
        try a.suggestValue(y, 3)
        try b.suggestValue(z, 11)
        #expect(throws: SolverError.self) { try a.suggestValue(x, 1) }
        a.updateVariables()
        #expect(y.value == 3 && z.value == 7)
        b.updateVariables()
        #expect(z.value == 11)
        try a.suggestValue(z, 8)
        a.updateVariables()
        #expect(z.value == 8)
    }
}
