/// Errors thrown by `Solver` (typed throws). Every misuse is an error, never a crash.
public enum SolverError: Error, CustomStringConvertible {
    /// The constraint (this very object) is already in the solver.
    case duplicateConstraint(Constraint)
    /// The constraint is not in the solver.
    case unknownConstraint(Constraint)
    /// The handle's constraint is not in the solver (removed already).
    case unknownHandle(ConstraintHandle)
    /// The variable is already an edit variable.
    case duplicateEditVariable(Variable)
    /// The variable is not an edit variable.
    case unknownEditVariable(Variable)
    /// Edit variables cannot be required (kiwi: `BadRequiredStrength`).
    case badRequiredStrength(Double)
    /// The required constraint cannot be satisfied together with the required constraints already
    /// present. It was not added and the solver is unchanged. `conflicts` are constraints already in
    /// the solver that, together with `constraint`, are infeasible (see `Solver.addConstraint`).
    case unsatisfiableConstraint(Constraint, conflicts: [Constraint])
    /// A broken invariant (kiwi: `InternalSolverError`). Numerical breakdowns that kiwi reports this
    /// way are passed over instead (see `Solver`); kept for callers that match on it.
    case internalError(String)

    public var description: String {
        switch self {
        case .duplicateConstraint(let c): return "duplicate constraint: \(c)"
        case .unknownConstraint(let c): return "unknown constraint: \(c)"
        case .unknownHandle(let h): return "unknown constraint handle: slot \(h.slot)"
        case .duplicateEditVariable(let v): return "duplicate edit variable: \(v)"
        case .unknownEditVariable(let v): return "unknown edit variable: \(v)"
        case .badRequiredStrength(let s): return "an edit variable cannot be required (strength \(s))"
        case .unsatisfiableConstraint(let c, let conflicts):
            return "unable to simultaneously satisfy constraints: \(c) conflicts with "
                + conflicts.map(\.description).joined(separator: "; ")
        case .internalError(let m): return "internal solver error: \(m)"
        }
    }
}
