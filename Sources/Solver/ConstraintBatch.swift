/// Many constraints as flat arrays, for `Solver.addConstraints(_:from:into:)`: each constraint is
/// `Σ coefficient · variables[index] + constant  OP  0` at a strength, its terms a run of
/// `termVariables`/`termCoefficients`. Building one allocates nothing per constraint or term
/// (arrays grow geometrically and keep their capacity across `removeAll`), and the solver adds it
/// without a `Constraint` object per constraint: an object is made only when one is asked for
/// (a conflict names it, `Solver.constraint(_:)`).
///
/// The variables are given once, in `variables`, and the terms refer to them by index: a tree of
/// views is a dense index space (four variables per view), so a caller compiles straight into
/// these arrays. A variable index may repeat within a constraint (the coefficients are summed, as
/// `Expression.reduced()` sums them).
public struct ConstraintBatch: Sendable {
    /// The variables the terms index.
    public var variables: [Variable]
    /// Per constraint, the end of its terms in `termVariables`/`termCoefficients`.
    public private(set) var termEnds: [Int32] = []
    public private(set) var termVariables: [Int32] = []
    public private(set) var termCoefficients: [Double] = []
    public private(set) var constants: [Double] = []
    public private(set) var operators: [RelationalOperator] = []
    /// Clipped to `0...Strength.required`, as `Constraint` clips.
    public private(set) var strengths: [Double] = []

    public init(variables: [Variable] = []) {
        self.variables = variables
    }

    /// The number of constraints.
    public var count: Int { constants.count }

    /// Room for `constraints` constraints of about `terms` terms in all.
    public mutating func reserveCapacity(constraints: Int, terms: Int) {
        termEnds.reserveCapacity(constraints)
        constants.reserveCapacity(constraints)
        operators.reserveCapacity(constraints)
        strengths.reserveCapacity(constraints)
        termVariables.reserveCapacity(terms)
        termCoefficients.reserveCapacity(terms)
    }

    /// Adds a term to the constraint being written (ended by `endConstraint`).
    public mutating func addTerm(_ variable: Int32, _ coefficient: Double) {
        termVariables.append(variable)
        termCoefficients.append(coefficient)
    }

    /// Ends the constraint whose terms were added since the last one ended.
    public mutating func endConstraint(
        constant: Double, _ op: RelationalOperator,
        strength: Double = Strength.required
    ) {
        termEnds.append(Int32(termVariables.count))
        constants.append(constant)
        operators.append(op)
        strengths.append(Strength.clip(strength))
    }

    /// Empties the batch (variables included), keeping its capacity.
    public mutating func removeAll() {
        variables.removeAll(keepingCapacity: true)
        termEnds.removeAll(keepingCapacity: true)
        termVariables.removeAll(keepingCapacity: true)
        termCoefficients.removeAll(keepingCapacity: true)
        constants.removeAll(keepingCapacity: true)
        operators.removeAll(keepingCapacity: true)
        strengths.removeAll(keepingCapacity: true)
    }

    /// The range of constraint `k`'s terms.
    @inlinable
    public func terms(of k: Int) -> Range<Int> {
        (k == 0 ? 0 : Int(termEnds[k - 1]))..<Int(termEnds[k])
    }

    /// Constraint `k` as a `Constraint` object (the same reduced expression the solver adds).
    public func constraint(_ k: Int) -> Constraint {
        let terms = self.terms(of: k).map { Term(variables[Int(termVariables[$0])], termCoefficients[$0]) }
        return Constraint(Expression(terms, constant: constants[k]), operators[k], strength: strengths[k])
    }
}
