/// A constraint of GNUstep's Cassowary solver (`GSCSConstraint`): `expression == 0` or, for an
/// inequality, `expression >= 0`, at a strength. GNUstep's strength is a number (the layout priority
/// itself, `GSCSStrength`) and a constraint is required when it is within epsilon of 1000; `required`
/// is kept apart here so the emulation can also give priorities Apple's strict order
/// (`Deviation.priorityWeights` off), where the weight is no longer the priority.
final class CassowaryConstraint {
    enum Kind {
        case linear, inequality, edit
    }

    let kind: Kind
    let expression: CassowaryExpression
    var weight: Double
    var isRequired: Bool
    /// The edit constraint's variable.
    let variable: CassowaryVariable?

    init(
        _ kind: Kind, _ expression: CassowaryExpression, weight: Double = 1000, required: Bool = true,
        variable: CassowaryVariable? = nil
    ) {
        self.kind = kind
        self.expression = expression
        self.weight = weight
        self.isRequired = required
        self.variable = variable
    }

    var isInequality: Bool { kind == .inequality }
    var isEdit: Bool { kind == .edit }

    /// `GSCSStrengthRequired`, `…Strong`.
    static let requiredStrength = 1000.0
    static let strongStrength = 750.0

    /// `-[GSCSStrength isRequired]`: within `GSCSEpsilon` of 1000.
    static func isRequiredStrength(_ s: Double) -> Bool { abs(s - requiredStrength) <= CassowaryExpression.epsilon }

    enum Relation {
        case equal, lessOrEqual, greaterOrEqual
    }

    /// `+constraintWithLeftVariable:operator:rightVariable:`.
    static func make(
        _ lhs: CassowaryVariable, _ op: Relation, _ rhs: CassowaryVariable, float32: Bool
    )
        -> CassowaryConstraint
    {
        if op == .equal {
            let e = CassowaryExpression(lhs, float32: float32)  // -initWithLhsVariable:equalsRhsVariable:
            e.addVariable(rhs, -1)
            return CassowaryConstraint(.linear, e)
        }
        let e = CassowaryExpression(rhs, float32: float32)
        if op == .greaterOrEqual {
            e.multiplyConstantAndTerms(by: -1)
            e.addVariable(lhs, 1)
        } else {
            e.addVariable(lhs, -1)
        }
        return CassowaryConstraint(.inequality, e)
    }

    /// `+constraintWithLeftVariable:operator:rightConstant:`.
    static func make(
        _ lhs: CassowaryVariable, _ op: Relation, constant rhs: Double, float32: Bool
    )
        -> CassowaryConstraint
    {
        if op == .equal {
            let e = CassowaryExpression(float32: float32)
            e.addVariable(lhs, 1)
            e.constant = -rhs
            return CassowaryConstraint(.linear, e)
        }
        let e = CassowaryExpression(constant: rhs, float32: float32)
        if op == .greaterOrEqual {
            e.multiplyConstantAndTerms(by: -1)
            e.addVariable(lhs, 1)
        } else {
            e.addVariable(lhs, -1)
        }
        return CassowaryConstraint(.inequality, e)
    }

    /// `+constraintWithLeftVariable:operator:rightExpression:` (through
    /// `+constraintWithLeftExpression:operator:rightExpression:`): a copy of the right side, then the
    /// left side subtracted (or, for `>=`, the copy negated and the left side added).
    static func make(
        _ lhs: CassowaryVariable, _ op: Relation, _ rhs: CassowaryExpression, float32: Bool
    )
        -> CassowaryConstraint
    {
        let left = CassowaryExpression(lhs, float32: float32)
        let e = rhs.copy()
        switch op {
        case .equal:
            e.addExpression(left, multiplier: -1)
            return CassowaryConstraint(.linear, e)
        case .greaterOrEqual:
            e.multiplyConstantAndTerms(by: -1)
            e.addExpression(left)
        case .lessOrEqual:
            e.addExpression(left, multiplier: -1)
        }
        return CassowaryConstraint(.inequality, e)
    }

    /// `-initEditConstraintWithVariable:strength:`: `value − v == 0` from the variable's current value.
    static func edit(_ v: CassowaryVariable, weight: Double, required: Bool, float32: Bool) -> CassowaryConstraint {
        let e = CassowaryExpression(v, -1, constant: v.value, float32: float32)
        return CassowaryConstraint(.edit, e, weight: weight, required: required, variable: v)
    }
}
