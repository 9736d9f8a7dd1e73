/// One term `coefficient * variable` of a linear expression (kiwi: `Term`).
public struct Term {
    public var variable: Variable
    public var coefficient: Double

    public init(_ variable: Variable, _ coefficient: Double = 1) {
        self.variable = variable
        self.coefficient = coefficient
    }
}

/// A linear expression `Σ coefficient·variable + constant` (kiwi: `Expression`).
///
/// Built naturally with operators: `x + 2 * y - 10` is an `Expression`, and comparing two
/// expressions with `==`, `<=` or `>=` makes a required `Constraint` (`x + 2 * y - 10 == z`).
public struct Expression {
    public var terms: [Term]
    public var constant: Double

    public init(_ terms: [Term] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    public init(constant: Double) {
        self.terms = []
        self.constant = constant
    }

    /// The same expression with each variable appearing once (coefficients summed, in order of
    /// first appearance). Constraints store reduced expressions, like kiwi's `reduce`.
    public func reduced() -> Expression {
        if terms.count <= 1 { return self }
        if terms.count <= 16 {
            // Short expressions (nearly all): a quadratic scan beats building a dictionary. Most have
            // each variable once already, and keep their array: a copy per constraint was an
            // allocation and a retain per term in every build.
            var repeats = false
            for i in 1..<terms.count where !repeats {
                for j in 0..<i where terms[j].variable === terms[i].variable {
                    repeats = true
                    break
                }
            }
            if !repeats { return self }
            var out: [Term] = []
            out.reserveCapacity(terms.count)
            outer: for term in terms {
                for i in out.indices where out[i].variable === term.variable {
                    out[i].coefficient += term.coefficient
                    continue outer
                }
                out.append(term)
            }
            return Expression(out, constant: constant)
        }
        var index: [ObjectIdentifier: Int] = [:]
        var out: [Term] = []
        out.reserveCapacity(terms.count)
        for term in terms {
            let key = ObjectIdentifier(term.variable)
            if let i = index[key] {
                out[i].coefficient += term.coefficient
            } else {
                index[key] = out.count
                out.append(term)
            }
        }
        return Expression(out, constant: constant)
    }
}

/// Anything that reads as a linear expression: `Variable`, `Term` and `Expression`.
/// (`Double` is deliberately not one, so `Double == Double` stays a `Bool` everywhere.)
public protocol ExpressionConvertible {
    var expression: Expression { get }
}

extension Variable: ExpressionConvertible {
    public var expression: Expression { Expression([Term(self)]) }
}

extension Term: ExpressionConvertible {
    public var expression: Expression { Expression([self]) }
}

extension Expression: ExpressionConvertible {
    public var expression: Expression { self }
}

// MARK: - Arithmetic

public func * <E: ExpressionConvertible>(lhs: Double, rhs: E) -> Expression {
    var e = rhs.expression
    for i in e.terms.indices { e.terms[i].coefficient *= lhs }
    e.constant *= lhs
    return e
}

public func * <E: ExpressionConvertible>(lhs: E, rhs: Double) -> Expression { rhs * lhs }

public func / <E: ExpressionConvertible>(lhs: E, rhs: Double) -> Expression { (1.0 / rhs) * lhs }

public prefix func - <E: ExpressionConvertible>(operand: E) -> Expression { -1.0 * operand }

public func + <L: ExpressionConvertible, R: ExpressionConvertible>(lhs: L, rhs: R) -> Expression {
    var e = lhs.expression
    let r = rhs.expression
    e.terms.append(contentsOf: r.terms)
    e.constant += r.constant
    return e
}

public func + <L: ExpressionConvertible>(lhs: L, rhs: Double) -> Expression {
    var e = lhs.expression
    e.constant += rhs
    return e
}

public func + <R: ExpressionConvertible>(lhs: Double, rhs: R) -> Expression { rhs + lhs }

public func - <L: ExpressionConvertible, R: ExpressionConvertible>(lhs: L, rhs: R) -> Expression {
    lhs + (-1.0 * rhs)
}

public func - <L: ExpressionConvertible>(lhs: L, rhs: Double) -> Expression { lhs + (-rhs) }

public func - <R: ExpressionConvertible>(lhs: Double, rhs: R) -> Expression { lhs + (-1.0 * rhs) }

// MARK: - Relations (make required constraints; change strength with `|` or `Constraint(_:_:strength:)`)

public func == <L: ExpressionConvertible, R: ExpressionConvertible>(lhs: L, rhs: R) -> Constraint {
    Constraint(lhs - rhs, .equal)
}

public func == <L: ExpressionConvertible>(lhs: L, rhs: Double) -> Constraint { Constraint(lhs - rhs, .equal) }

public func == <R: ExpressionConvertible>(lhs: Double, rhs: R) -> Constraint { Constraint(lhs - rhs, .equal) }

public func <= <L: ExpressionConvertible, R: ExpressionConvertible>(lhs: L, rhs: R) -> Constraint {
    Constraint(lhs - rhs, .lessOrEqual)
}

public func <= <L: ExpressionConvertible>(lhs: L, rhs: Double) -> Constraint {
    Constraint(lhs - rhs, .lessOrEqual)
}

public func <= <R: ExpressionConvertible>(lhs: Double, rhs: R) -> Constraint {
    Constraint(lhs - rhs, .lessOrEqual)
}

public func >= <L: ExpressionConvertible, R: ExpressionConvertible>(lhs: L, rhs: R) -> Constraint {
    Constraint(lhs - rhs, .greaterOrEqual)
}

public func >= <L: ExpressionConvertible>(lhs: L, rhs: Double) -> Constraint {
    Constraint(lhs - rhs, .greaterOrEqual)
}

public func >= <R: ExpressionConvertible>(lhs: Double, rhs: R) -> Constraint {
    Constraint(lhs - rhs, .greaterOrEqual)
}
