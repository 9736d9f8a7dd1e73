@_spi(Checks) import Solver

extension Churn {
    /// After every step: the tableau's structure (`invariantViolations`), its agreement with every
    /// constraint present (`consistencyViolations`, 1e-9 of each sum's magnitude), and every required
    /// constraint present true at the values to 1e-8 of the magnitude of its terms.
    func check(after op: ChurnOperation?) throws(ChurnFailure) {
        solver.updateVariables()
        let broken = solver.invariantViolations()
        if !broken.isEmpty { throw failure(op, "invariants: \(broken.prefix(3).joined(separator: "; "))") }
        let inconsistent = solver.consistencyViolations(tolerance: 1e-9)
        if !inconsistent.isEmpty {
            throw failure(op, "tableau and constraints disagree: \(inconsistent.prefix(3).joined(separator: "; "))")
        }
        for c in live where c.isRequired {
            let (miss, magnitude) = Self.violation(c)
            if miss > 1e-8 * max(1, magnitude) { throw failure(op, "required constraint missed by \(miss): \(c)") }
        }
    }

    /// How far a constraint is from holding at the variables' values, and the magnitude of its terms.
    public static func violation(_ c: Constraint) -> (Double, Double) {
        var e = c.expression.constant
        var magnitude = abs(e)
        for t in c.expression.terms {
            e += t.coefficient * t.variable.value
            magnitude += abs(t.coefficient * t.variable.value)
        }
        switch c.op {
        case .equal: return (abs(e), magnitude)
        case .lessOrEqual: return (max(0, e), magnitude)
        case .greaterOrEqual: return (max(0, -e), magnitude)
        }
    }

    /// Every `compareEvery` steps: a fresh solver fed the constraints present accepts them all and
    /// reaches the same objective, and the same values wherever it leaves none ambiguous.
    func compareWithFreshSolve(after op: ChurnOperation?) throws(ChurnFailure) {
        let comparison = solver.compareWithFreshSolve(tolerance: 1e-8)
        if !comparison.refused.isEmpty {
            throw failure(op, "a fresh solver refused constraints this one holds: \(comparison.refused)")
        }
        if let d = comparison.drifted.first {
            throw failure(
                op,
                "\(comparison.drifted.count) values differ from a fresh solve: \(d.variable) is \(d.incremental), "
                    + "fresh \(d.fresh)")
        }
        if !comparison.agrees(tolerance: 1e-8) {
            throw failure(
                op,
                "objective \(comparison.objective.incremental) against a fresh solve's \(comparison.objective.fresh)")
        }
        if recordsSnapshots {
            let ambiguous = !comparison.freshAmbiguous.isEmpty || !comparison.incrementalAmbiguous.isEmpty
            snapshots.append(snapshot(ambiguous: ambiguous))
        }
    }

    /// A required constraint that contradicts one present must be refused, with a conflict set of
    /// required constraints present, and the solver left exactly as it was (every value to the bit).
    func contradict<S: ChurnSource>(_ source: inout S) throws(ChurnFailure) -> Bool {
        let required = live.filter(\.isRequired)
        guard !required.isEmpty else { return true }
        guard let k = source.draw(required.count) else { return false }
        let c = required[k]
        let e = c.expression
        let bad =
            c.op == .greaterOrEqual
            ? Constraint(Expression(e.terms, constant: e.constant + 1000), .lessOrEqual)
            : Constraint(Expression(e.terms, constant: e.constant - 1000), .greaterOrEqual)
        solver.updateVariables()
        let before = variables.map(\.value)
        var refusal: SolverError?
        note("\(steps) contradiction: \(bad)")
        do throws(SolverError) { try solver.addConstraint(bad) } catch { refusal = error }
        guard let refusal else { throw failure(.contradiction, "accepted \(bad), which contradicts \(c)") }
        guard case .unsatisfiableConstraint(_, let conflicts) = refusal else {
            throw failure(.contradiction, "\(refusal)")
        }
        if conflicts.isEmpty || !conflicts.allSatisfy({ m in m.isRequired && live.contains { $0 === m } }) {
            throw failure(.contradiction, "conflict set \(conflicts) is not required constraints present")
        }
        solver.updateVariables()
        if variables.map(\.value) != before { throw failure(.contradiction, "a refused constraint changed the values") }
        return true
    }

    /// A required bound far from a variable's value: the solver must decide as a fresh solver of the
    /// constraints present decides; when it accepts, the bound is removed again.
    func farBound<S: ChurnSource>(_ source: inout S) throws(ChurnFailure) -> Bool {
        guard let i = source.draw(variables.count), let up = source.draw(2) else { return false }
        solver.updateVariables()
        let x = variables[i]
        let bound =
            up == 1
            ? Constraint(x - (x.value + 1000), .greaterOrEqual) : Constraint(x - (x.value - 1000), .lessOrEqual)
        let freshAccepts = freshSolver(adding: bound)
        var accepted = true
        do throws(SolverError) { try solver.addConstraint(bound) } catch { accepted = false }
        note("\(steps) far-off bound \(accepted ? "accepted" : "refused"): \(bound)")
        if accepted != freshAccepts {
            throw failure(
                .farBound,
                "\(accepted ? "accepted" : "refused") \(bound), "
                    + "which a fresh solver \(freshAccepts ? "accepts" : "refuses")"
            )
        }
        if accepted {
            try check(after: .farBound)
            do throws(SolverError) { try solver.removeConstraint(bound) } catch { throw failure(.farBound, "\(error)") }
        }
        return true
    }

    /// Whether a fresh solver of the constraints present and the edits accepts `extra` as well. The
    /// fresh solver writes its values into the shared variables; this solver's are written back.
    func freshSolver(adding extra: Constraint) -> Bool {
        let fresh = Solver()
        var accepted = true
        do throws(SolverError) { try addEverything(to: fresh) } catch { accepted = false }
        if accepted {
            do throws(SolverError) { try fresh.addConstraint(extra) } catch { accepted = false }
        }
        fresh.reset()
        solver.updateVariables()
        return accepted
    }
}
