import Testing

@testable import Solver

@Suite struct ExpressionTests {
    @Test func operatorsBuildReducedConstraints() {
        let x = Variable("x")
        let y = Variable("y")
        let z = Variable("z")
        let c = x + 2 * y - 10 == z
        // x + 2y - 10 - z == 0
        #expect(c.op == .equal)
        #expect(c.isRequired)
        #expect(c.expression.constant == -10)
        let coefficients = c.expression.terms.map { ($0.variable.name, $0.coefficient) }
        #expect(coefficients.map(\.0) == ["x", "y", "z"])
        #expect(coefficients.map(\.1) == [1, 2, -1])

        let d = x + x + 3 * y - y / 2 >= 4 - x
        #expect(d.op == .greaterOrEqual)
        #expect(d.expression.terms.map(\.coefficient) == [3, 2.5])  // x: 1+1+1, y: 3-0.5
        #expect(d.expression.constant == -4)

        let e = (x <= 5) | Strength.weak
        #expect(e.op == .lessOrEqual)
        #expect(e.strength == Strength.weak)
        #expect(!e.isRequired)
        // Strengths above required are clipped to required.
        #expect(Constraint(x, .equal, strength: 5e9).strength == Strength.required)
    }
}

@Suite struct SolverOperationTests {
    @Test func solvesRequiredEqualitiesWrittenWithOperators() throws {
        let x = Variable("x")
        let y = Variable("y")
        let z = Variable("z")
        let s = Solver()
        try s.addConstraint(x + 2 * y - 10 == z)
        try s.addConstraint(z == 2)
        try s.addConstraint(y == 3)
        s.updateVariables()
        #expect(x.value == 6)
        #expect(y.value == 3)
        #expect(z.value == 2)
    }

    @Test func inequalitiesBoundWeakPreferences() throws {
        let x = Variable("x")
        let y = Variable("y")
        let s = Solver()
        try s.addConstraint(x >= 10)
        try s.addConstraint(Constraint(x, .equal, strength: Strength.weak))  // x == 0, weak
        try s.addConstraint(y <= 5)
        try s.addConstraint(Constraint(y - 100, .equal, strength: Strength.weak))
        s.updateVariables()
        #expect(x.value == 10)
        #expect(y.value == 5)
    }

    @Test func strongerStrengthWins() throws {
        let x = Variable("x")
        let s = Solver()
        try s.addConstraint((x == 1) | Strength.weak)
        try s.addConstraint((x == 2) | Strength.medium)
        s.updateVariables()
        #expect(x.value == 2)
        let strong = (x == 3) | Strength.strong
        try s.addConstraint(strong)
        s.updateVariables()
        #expect(x.value == 3)
        try s.removeConstraint(strong)
        s.updateVariables()
        #expect(x.value == 2)
    }

    @Test func addRemoveAndHasConstraint() throws {
        let x = Variable("x")
        let s = Solver()
        let pin = x == 10
        let pull = (x == 0) | Strength.weak
        #expect(!s.hasConstraint(pin))
        try s.addConstraint(pull)
        try s.addConstraint(pin)
        #expect(s.hasConstraint(pin) && s.hasConstraint(pull))
        #expect(s.constraints.count == 2)
        s.updateVariables()
        #expect(x.value == 10)
        try s.removeConstraint(pin)
        #expect(!s.hasConstraint(pin))
        s.updateVariables()
        #expect(x.value == 0)
        // Add it back: removal left a usable solver.
        try s.addConstraint(pin)
        s.updateVariables()
        #expect(x.value == 10)
    }

    @Test func duplicateAndUnknownConstraintsAreTypedErrors() throws {
        let x = Variable("x")
        let s = Solver()
        let c = x >= 1
        try s.addConstraint(c)
        #expect {
            try s.addConstraint(c)
        } throws: { error in
            guard case SolverError.duplicateConstraint(let d) = error else { return false }
            return d === c
        }
        // The same content as a separate object is a separate constraint.
        let twin = x >= 1
        try s.addConstraint(twin)
        try s.removeConstraint(twin)
        #expect(s.hasConstraint(c))
        #expect {
            try s.removeConstraint(twin)
        } throws: { error in
            guard case SolverError.unknownConstraint(let d) = error else { return false }
            return d === twin
        }
    }

    @Test func editVariablesFollowSuggestions() throws {
        let left = Variable("left")
        let right = Variable("right")
        let mid = Variable("mid")
        let width = Variable("width")
        let s = Solver()
        try s.addEditVariable(width, strength: Strength.strong)
        #expect(s.hasEditVariable(width))
        #expect(!s.hasEditVariable(mid))
        try s.addConstraint(left == 0)
        try s.addConstraint(right == left + width)
        try s.addConstraint(mid == (left + right) / 2)
        try s.addConstraint(right <= 500)
        for (w, expected) in [(100.0, 100.0), (300, 300), (800, 500), (40, 40)] {
            try s.suggestValue(width, w)
            s.updateVariables()
            #expect(right.value == expected)
            #expect(mid.value == expected / 2)
            #expect(width.value == expected)  // strong edit loses to the required bound
        }
        try s.removeEditVariable(width)
        #expect(!s.hasEditVariable(width))
        #expect {
            try s.suggestValue(width, 10)
        } throws: { error in
            guard case SolverError.unknownEditVariable(let v) = error else { return false }
            return v === width
        }
    }

    @Test func editVariableErrorsAreTyped() throws {
        let x = Variable("x")
        let s = Solver()
        #expect {
            try s.addEditVariable(x, strength: Strength.required)
        } throws: { error in
            guard case SolverError.badRequiredStrength(let strength) = error else { return false }
            return strength == Strength.required
        }
        #expect(!s.hasEditVariable(x))
        try s.addEditVariable(x, strength: Strength.medium)
        #expect {
            try s.addEditVariable(x, strength: Strength.strong)
        } throws: { error in
            guard case SolverError.duplicateEditVariable(let v) = error else { return false }
            return v === x
        }
        let y = Variable("y")
        #expect {
            try s.removeEditVariable(y)
        } throws: { error in
            guard case SolverError.unknownEditVariable(let v) = error else { return false }
            return v === y
        }
        #expect {
            try s.suggestValue(y, 1)
        } throws: { error in
            guard case SolverError.unknownEditVariable = error else { return false }
            return true
        }
    }

    @Test func editAgainstWeakerAndStrongerConstraints() throws {
        let x = Variable("x")
        let s = Solver()
        try s.addConstraint((x == 50) | Strength.strong)
        try s.addEditVariable(x, strength: Strength.medium)
        try s.suggestValue(x, 10)
        s.updateVariables()
        #expect(x.value == 50)  // the strong constraint beats the medium edit
        try s.removeEditVariable(x)
        try s.addEditVariable(x, strength: Strength.create(2, 0, 0))  // stronger than strong
        try s.suggestValue(x, 10)
        s.updateVariables()
        #expect(x.value == 10)
    }

    @Test func removingConstraintsWhileEditing() throws {
        let a = Variable("a")
        let b = Variable("b")
        let c = Variable("c")
        let s = Solver()
        try s.addEditVariable(a, strength: Strength.strong)
        let ab = b == a + 10
        let bc = c == 2 * b
        try s.addConstraint(ab)
        try s.addConstraint(bc)
        try s.addConstraint((c == 0) | Strength.weak)
        try s.suggestValue(a, 5)
        s.updateVariables()
        #expect((a.value, b.value, c.value) == (5, 15, 30))
        try s.removeConstraint(ab)
        s.updateVariables()
        #expect((a.value, c.value) == (5, 0))
        #expect(b.value == c.value / 2)
        try s.addConstraint(ab)
        try s.suggestValue(a, -5)
        s.updateVariables()
        #expect((a.value, b.value, c.value) == (-5, 5, 10))
        try s.removeConstraint(bc)
        try s.removeConstraint(ab)
        try s.suggestValue(a, 7)
        s.updateVariables()
        #expect(a.value == 7)
        #expect(c.value == 0)
    }

    /// Variables are shared between solvers by identity (the Auto Layout backend's conflict checks
    /// build throw-away solvers over the same variables): used by several solvers in turn, a variable
    /// is a separate unknown in each, and `reset()` forgets it.
    @Test func variablesSharedBetweenSolversKeepEachSolversSymbol() throws {
        let x = Variable("x")
        let y = Variable("y")
        let z = Variable("z")
        let a = Solver()
        let b = Solver()
        try a.addConstraint(x == 10)
        try b.addConstraint(x == 20)
        try a.addConstraint(y == x + 1)
        try b.addConstraint(y == x + 2)
        #expect(throws: SolverError.self) { try b.addConstraint(2 * x == 5) }
        try b.addConstraint(z == 3 * y)  // z: b's first
        let c = Solver()
        try c.addConstraint(z == 7)  // then c's
        try a.addConstraint(z == y + 1)  // then a's
        a.updateVariables()
        #expect([x.value, y.value, z.value] == [10, 11, 12])
        b.updateVariables()
        #expect([x.value, y.value, z.value] == [20, 22, 66])
        c.updateVariables()
        #expect(z.value == 7)
        // Back in b after a and c: z is still b's z (a new unknown would be left at 0 by this
        // weak constraint, not held at 66 by the required one).
        try b.addConstraint((z <= 0) | Strength.weak)
        b.updateVariables()
        #expect(z.value == 66)
        b.reset()  // a new solver state: z is a new unknown to it
        try b.addConstraint((z == 5) | Strength.weak)
        b.updateVariables()
        #expect(z.value == 5)
    }

    @Test func resetForgetsEverything() throws {
        let x = Variable("x")
        let s = Solver()
        let c = x == 3
        try s.addConstraint(c)
        try s.addEditVariable(x, strength: Strength.weak)
        s.reset()
        #expect(!s.hasConstraint(c))
        #expect(!s.hasEditVariable(x))
        try s.addConstraint(x == 4)
        s.updateVariables()
        #expect(x.value == 4)
    }
}

@Suite struct SymbolReuseTests {
    /// Adding and removing constraints for ever must not grow the solver: removed constraints give
    /// their symbol ids back.
    @Test func addRemoveCyclesDoNotGrowTheSymbolTable() throws {
        let x = Variable("x")
        let y = Variable("y")
        let w = Variable("w")
        let s = Solver()
        try s.addEditVariable(w, strength: Strength.strong)
        try s.addConstraint(x + y == w)
        try s.addConstraint((x == 10) | Strength.weak)
        var sizes: [Int] = []
        for k in 0..<200 {
            let cs = [y >= 5, (y == Double(k % 7)) | Strength.medium, x <= w]
            for c in cs { try s.addConstraint(c) }
            try s.suggestValue(w, Double(20 + k % 5))
            s.updateVariables()
            #expect(y.value == max(5, Double(k % 7)))
            #expect(x.value + y.value == w.value)
            for c in cs { try s.removeConstraint(c) }
            sizes.append(s.symbolCount)
        }
        #expect(sizes.last == sizes[10], "symbol table grows: \(sizes[10]) → \(sizes.last!)")
        s.updateVariables()
        #expect(x.value == 10)
    }
}
