/// A linear expression of GNUstep's Cassowary solver (`GSCSLinearExpression`): a constant and terms,
/// kept in the order their coefficients were last set (`_termVariables`, an array: setting an existing
/// term moves it to the end), which is the order every loop of the solver visits them in.
///
/// Each coefficient is an `NSNumber`, made with `numberWithFloat:` by `-addVariable:coefficient:` and
/// with `numberWithDouble:` by `-multiplyConstantAndTermsBy:`, and read back with `-floatValue`
/// (`-coefficientForTerm:`) everywhere but in that multiplication, which reads `-doubleValue`. With
/// `float32` the emulation keeps exactly that: `raw` holds what the number stores, reads round it to
/// a float. Without it every coefficient is a double (Apple's `CGFloat`).
final class CassowaryExpression {
    var constant: Double
    private(set) var variables: [CassowaryVariable] = []
    /// What each term's `NSNumber` holds, parallel to `variables`.
    private(set) var raws: [Double] = []
    let float32: Bool

    init(constant: Double = 0, float32: Bool) {
        self.constant = constant
        self.float32 = float32
    }

    /// `-initWithVariable:coefficient:constant:`.
    convenience init(_ v: CassowaryVariable, _ coefficient: Double = 1, constant: Double = 0, float32: Bool) {
        self.init(constant: 0, float32: float32)
        addVariable(v, coefficient)
        self.constant = constant
    }

    /// `GSCSEpsilon`, a `float` constant compared against doubles.
    static let epsilon = Double(Float(1.0e-8))

    /// `+[GSCSFloatComparator isApproxiatelyZero:]`.
    static func isApproximatelyZero(_ v: Double) -> Bool { abs(v - 0) <= epsilon }

    func index(of v: CassowaryVariable) -> Int? {
        for k in variables.indices where variables[k] === v { return k }
        return nil
    }

    var isConstant: Bool { variables.isEmpty }
    func isTerm(_ v: CassowaryVariable) -> Bool { index(of: v) != nil }

    /// `-coefficientForTerm:`: the stored number's `floatValue` (0 for an absent term: a message to nil).
    func coefficient(_ v: CassowaryVariable) -> Double {
        guard let k = index(of: v) else { return 0 }
        return read(raws[k])
    }

    /// `-multiplierForTerm:` then `-floatValue`, or nil for an absent term.
    func storedCoefficient(_ v: CassowaryVariable) -> Double? { index(of: v).map { read(raws[$0]) } }

    func read(_ raw: Double) -> Double { float32 ? Double(Float(raw)) : raw }

    /// `-addVariable:coefficient:`: sets (does not add to) the term, moving it to the end; a
    /// coefficient within epsilon of zero is ignored and leaves an existing term as it was.
    func addVariable(_ v: CassowaryVariable, _ coefficient: Double) {
        guard !Self.isApproximatelyZero(coefficient) else { return }
        if let k = index(of: v) {
            variables.remove(at: k)
            raws.remove(at: k)
        }
        variables.append(v)
        raws.append(float32 ? Double(Float(coefficient)) : coefficient)
    }

    /// `-removeVariable:`.
    func removeVariable(_ v: CassowaryVariable) {
        guard let k = index(of: v) else { return }
        variables.remove(at: k)
        raws.remove(at: k)
    }

    /// `-multiplyConstantAndTermsBy:`: reads each number's `doubleValue`, stores doubles, keeps the order.
    func multiplyConstantAndTerms(by value: Double) {
        constant *= value
        for k in raws.indices { raws[k] = raws[k] * value }
    }

    /// `-newSubject:`: solves the expression for `subject` (removed), returning 1 / its coefficient.
    func newSubject(_ subject: CassowaryVariable) -> Double {
        let reciprocal = 1.0 / coefficient(subject)
        multiplyConstantAndTerms(by: -reciprocal)
        removeVariable(subject)
        return reciprocal
    }

    /// `-normalize`.
    func normalize() { multiplyConstantAndTerms(by: -1) }

    /// `-copyWithZone:`: the terms re-added through `floatValue`.
    func copy() -> CassowaryExpression {
        let out = CassowaryExpression(constant: constant, float32: float32)
        for v in variables { out.addVariable(v, coefficient(v)) }
        return out
    }

    /// `-addExpression:multiplier:` of the expression class (not the solver's): each term of `other`
    /// *replaces* the same term here, as `-addVariable:coefficient:` does.
    func addExpression(_ other: CassowaryExpression, multiplier: Double = 1) {
        constant = constant + other.constant * multiplier
        for v in other.variables { addVariable(v, other.coefficient(v) * multiplier) }
    }

    /// `-anyPivotableVariable` (nil when none; the constant case raises in GNUstep and is checked by
    /// the caller).
    func anyPivotableVariable() -> CassowaryVariable? { variables.first { $0.isPivotable } }
}
