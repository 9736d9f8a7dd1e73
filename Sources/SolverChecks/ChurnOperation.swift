/// The edits a churn makes to a solver, one per step.
public enum ChurnOperation: Int, CaseIterable, Sendable, CustomStringConvertible {
    /// A required equality over one to three variables, true at the churn's witness point.
    case addRequiredEquality
    /// A required inequality true at the witness point (tight or with slack).
    case addRequiredInequality
    /// A weak, medium or strong equality or inequality anywhere, at a random weight in its level.
    case addPreference
    /// Several new constraints in one `ConstraintBatch`.
    case addBatch
    /// A constraint present, removed.
    case remove
    /// A removed constraint, added again.
    case readd
    /// A variable made an edit variable at a non-required strength.
    case addEdit
    /// An edit variable removed.
    case removeEdit
    /// A new value suggested for an edit variable.
    case suggest
    /// A required constraint contradicting one present (`e ≤ 0` against `e ≥ 1000`): must be refused,
    /// leaving the solver exactly as it was.
    case contradiction
    /// A required bound 1000 away from a variable's value: accepted or refused as a fresh solver
    /// decides; removed again when accepted.
    case farBound
    /// `reset(keepingCapacity:)`, then everything present added again in order.
    case reset
    /// A variable the solver has not met, so freed symbol ids come back as variables.
    case newVariable

    public var description: String {
        switch self {
        case .addRequiredEquality: "add required equality"
        case .addRequiredInequality: "add required inequality"
        case .addPreference: "add preference"
        case .addBatch: "add batch"
        case .remove: "remove"
        case .readd: "re-add"
        case .addEdit: "add edit variable"
        case .removeEdit: "remove edit variable"
        case .suggest: "suggest"
        case .contradiction: "contradiction"
        case .farBound: "far-off bound"
        case .reset: "reset"
        case .newVariable: "new variable"
        }
    }

    /// How often each is drawn, out of `weightTotal`: mostly adds, removals and suggestions, as a
    /// layout engine's life is.
    static let weights: [(ChurnOperation, Int)] = [
        (.addRequiredEquality, 10), (.addRequiredInequality, 8), (.addPreference, 10), (.addBatch, 3),
        (.remove, 16), (.readd, 10), (.addEdit, 4), (.removeEdit, 2), (.suggest, 20), (.contradiction, 4),
        (.farBound, 6), (.reset, 1), (.newVariable, 3),
    ]
    static let weightTotal = weights.reduce(0) { $0 + $1.1 }

    static func draw<S: ChurnSource>(_ source: inout S) -> ChurnOperation? {
        guard var k = source.draw(weightTotal) else { return nil }
        for (op, w) in weights {
            if k < w { return op }
            k -= w
        }
        return nil
    }
}
