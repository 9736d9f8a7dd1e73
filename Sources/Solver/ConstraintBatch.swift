/// Many constraints as flat arrays, for `Solver.addConstraints(_:from:into:)`: each constraint is
/// `Σ coefficient · variables[index] + constant  OP  0` at a strength, its terms a run of
/// `termVariables`/`termCoefficients`. Building one allocates nothing per constraint or term
/// (arrays grow geometrically and keep their capacity across `removeAll`), and the solver adds it
/// without a `Constraint` object per constraint: an object is made only when one is asked for
/// (a conflict names it, `Solver.constraint(_:)`).
///
/// The variables are given once and the terms refer to them by index: first a solver's
/// `VariableBlock` (variables with no object each), if given, then `variables`. A tree of views is a
/// dense index space (four variables per view), so a caller compiles straight into these arrays. A
/// variable index may repeat within a constraint (the coefficients are summed, as
/// `Expression.reduced()` sums them).
public struct ConstraintBatch: Sendable {
    /// Variables of the solver the batch is added to, indexed first (0..<block.count).
    public var block: VariableBlock?
    /// The variables the terms index after the block's.
    public var variables: [Variable]
    /// Per constraint, the end of its terms in `termVariables`/`termCoefficients`.
    public private(set) var termEnds: [Int32] = []
    public private(set) var termVariables: [Int32] = []
    public private(set) var termCoefficients: [Double] = []
    public private(set) var constants: [Double] = []
    public private(set) var operators: [RelationalOperator] = []
    /// Clipped to `0...Strength.required`, as `Constraint` clips.
    public private(set) var strengths: [Double] = []

    public init(block: VariableBlock? = nil, variables: [Variable] = []) {
        self.block = block
        self.variables = variables
    }

    /// The number of variables the terms index (the block's, then `variables`).
    public var variableCount: Int { (block?.count ?? 0) + variables.count }

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
        block = nil
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

    /// Constraint `k` as a `Constraint` object (the same reduced expression the solver adds), for a
    /// batch without a block (a block's variables are the solver's: `Solver.constraint(_:)` names them).
    public func constraint(_ k: Int) -> Constraint {
        precondition(block == nil, "a batch over a variable block is named by its solver")
        return constraint(k) { _ in preconditionFailure() }
    }

    /// Constraint `k` as a `Constraint` object, with `blockVariable` giving the block's variables.
    func constraint(_ k: Int, blockVariable: (Int) -> Variable) -> Constraint {
        let blockCount = block?.count ?? 0
        let terms = self.terms(of: k).map { t in
            let v = Int(termVariables[t])
            return Term(v < blockCount ? blockVariable(v) : variables[v - blockCount], termCoefficients[t])
        }
        return Constraint(Expression(terms, constant: constants[k]), operators[k], strength: strengths[k])
    }
}
