/// The relation of a constraint `expression OP 0`.
public enum RelationalOperator: Sendable {
    case lessOrEqual, greaterOrEqual, equal
}

/// A linear constraint `expression OP 0` with a strength (kiwi: `Constraint`).
///
/// A reference type: the solver tracks constraints by identity, so two constraints with the same
/// content are two constraints (both can be added — enaml_like does this), and removing one leaves
/// the other. Its content is immutable; `@unchecked Sendable` only because its variables are (see
/// `Variable`): like them, a constraint must be used from one task at a time.
public final class Constraint: CustomStringConvertible, @unchecked Sendable {
    /// The reduced expression (each variable once), compared with 0.
    public let expression: Expression
    public let op: RelationalOperator
    /// Clipped to `0...Strength.required`; `Strength.required` means a hard constraint.
    public let strength: Double
    /// The record slot the first solver to hold this constraint keeps it in, so that solver finds it
    /// without hashing (as `Variable.solverIndex`); -1 when no solver holds it that way. Other
    /// solvers use their table.
    @usableFromInline @exclusivity(unchecked) var solverSlot: Int32 = -1

    public init<E: ExpressionConvertible>(
        _ expression: E, _ op: RelationalOperator,
        strength: Double = Strength.required
    ) {
        self.expression = expression.expression.reduced()
        self.op = op
        self.strength = Strength.clip(strength)
    }

    /// True when the constraint must hold exactly (strength ≥ `Strength.required`).
    public var isRequired: Bool { strength >= Strength.required }

    public var description: String {
        var parts: [String] = []
        for t in expression.terms { parts.append("\(t.coefficient)*\(t.variable)") }
        if expression.constant != 0 || parts.isEmpty { parts.append("\(expression.constant)") }
        let rel: String
        switch op {
        case .equal: rel = "=="
        case .lessOrEqual: rel = "<="
        case .greaterOrEqual: rel = ">="
        }
        return parts.joined(separator: " + ") + " \(rel) 0 | strength \(strength)"
    }
}

/// A copy of `constraint` with another strength (kiwi's `constraint | strength`).
public func | (constraint: Constraint, strength: Double) -> Constraint {
    Constraint(constraint.expression, constraint.op, strength: strength)
}
