import Solver

/// A churn's system at one moment, with the lab's solution: what another solver (kiwi) replays.
public struct ChurnSnapshot: Sendable {
    public struct Row: Sendable {
        public var terms: [(variable: Int, coefficient: Double)]
        public var constant: Double
        public var op: RelationalOperator
        public var strength: Double
    }

    public var step: Int
    public var variableCount: Int
    public var constraints: [Row]
    public var edits: [(variable: Int, strength: Double, value: Double)]
    /// The lab's values, and whether its fresh solve left any variable ambiguous (values then are one
    /// optimum among several: only the objective can be compared).
    public var values: [Double]
    public var ambiguous: Bool

    /// The snapshot as lines of text, one per item (read by `Tools/kiwi-replay.py`):
    /// `S step variables ambiguous`, `C op strength constant n (var coefficient)…`, `E var strength value`,
    /// `X value…`; numbers written exactly (Swift's shortest round-trip form).
    public var text: String {
        var lines = ["S \(step) \(variableCount) \(ambiguous ? 1 : 0)"]
        for c in constraints {
            let op = c.op == .equal ? "==" : c.op == .lessOrEqual ? "<=" : ">="
            let terms = c.terms.map { "\($0.variable) \($0.coefficient)" }.joined(separator: " ")
            lines.append("C \(op) \(c.strength) \(c.constant) \(c.terms.count) \(terms)")
        }
        for e in edits { lines.append("E \(e.variable) \(e.strength) \(e.value)") }
        lines.append("X " + values.map { "\($0)" }.joined(separator: " "))
        return lines.joined(separator: "\n")
    }
}

extension Churn {
    func snapshot(ambiguous: Bool) -> ChurnSnapshot {
        solver.updateVariables()
        let rows = live.map { c in
            ChurnSnapshot.Row(
                terms: c.expression.terms.map { (index[ObjectIdentifier($0.variable)]!, $0.coefficient) },
                constant: c.expression.constant, op: c.op, strength: c.strength)
        }
        return ChurnSnapshot(
            step: steps, variableCount: variables.count, constraints: rows, edits: edits,
            values: variables.map(\.value), ambiguous: ambiguous)
    }
}
