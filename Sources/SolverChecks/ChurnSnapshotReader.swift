import Solver

/// A line of a snapshot's text that is not one of its items, or an item with a bad field.
public struct ChurnSnapshotError: Error, CustomStringConvertible, Equatable {
    public var line: Int
    public var reason: String
    public var description: String { "snapshot line \(line): \(reason)" }

    public init(line: Int, reason: String) {
        self.line = line
        self.reason = reason
    }
}

extension ChurnSnapshot {
    /// Reads the text `text` writes (one system; a blank line ends it). Systems worth keeping — a build
    /// kiwi cannot finish, one that once drifted — are kept in this form and replayed by tests.
    public init(text: String) throws(ChurnSnapshotError) {
        self.init(step: 0, variableCount: 0, constraints: [], edits: [], values: [], ambiguous: false)
        var sawHeader = false
        for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let fields = line.split(separator: " ").map(String.init)
            guard let kind = fields.first else {
                if sawHeader { break }
                continue
            }
            func number(_ i: Int) throws(ChurnSnapshotError) -> Double {
                guard i < fields.count, let v = Double(fields[i]) else {
                    throw ChurnSnapshotError(line: n + 1, reason: "field \(i + 1) of '\(kind)' is not a number")
                }
                return v
            }
            func count(_ i: Int) throws(ChurnSnapshotError) -> Int {
                let v = try number(i)
                guard v >= 0, v <= 1e9, v == v.rounded() else {
                    throw ChurnSnapshotError(line: n + 1, reason: "field \(i + 1) is not a count")
                }
                return Int(v)
            }
            func index(_ i: Int) throws(ChurnSnapshotError) -> Int {
                let v = try count(i)
                guard v < variableCount else {
                    throw ChurnSnapshotError(line: n + 1, reason: "field \(i + 1) names no variable")
                }
                return v
            }
            if !sawHeader && kind != "S" { throw ChurnSnapshotError(line: n + 1, reason: "the first item is not 'S'") }
            switch kind {
            case "S":
                step = try count(1)
                variableCount = try count(2)
                ambiguous = try number(3) != 0
                sawHeader = true
            case "C":
                let op: RelationalOperator
                switch fields.count > 1 ? fields[1] : "" {
                case "==": op = .equal
                case "<=": op = .lessOrEqual
                case ">=": op = .greaterOrEqual
                default: throw ChurnSnapshotError(line: n + 1, reason: "no relation ==, <= or >=")
                }
                let announced = try count(4)
                guard fields.count == 5 + 2 * announced else {
                    let given = (fields.count - 5) / 2
                    throw ChurnSnapshotError(line: n + 1, reason: "\(announced) terms announced, \(given) given")
                }
                var terms: [(variable: Int, coefficient: Double)] = []
                for j in 0..<announced { terms.append((try index(5 + 2 * j), try number(6 + 2 * j))) }
                constraints.append(Row(terms: terms, constant: try number(3), op: op, strength: try number(2)))
            case "E":
                edits.append((try index(1), try number(2), try number(3)))
            case "X":
                values = try (1..<fields.count).map { (i: Int) throws(ChurnSnapshotError) in try number(i) }
            default:
                throw ChurnSnapshotError(line: n + 1, reason: "unknown item '\(kind)'")
            }
        }
        if !sawHeader { throw ChurnSnapshotError(line: 1, reason: "no 'S' item") }
    }

    /// A fresh solver fed the constraints in order (`reversed`: last first), then each edit variable
    /// with its suggestion — as `Churn` compares — over new variables `x0`…; refused adds are thrown.
    public func solve(reversed: Bool = false) throws -> (Solver, [Variable], [Constraint]) {
        let solver = Solver()
        let xs = (0..<variableCount).map { Variable("x\($0)") }
        var added: [Constraint] = []
        for row in reversed ? constraints.reversed() : constraints {
            let c = Constraint(
                Expression(row.terms.map { Term(xs[$0.variable], $0.coefficient) }, constant: row.constant), row.op,
                strength: row.strength)
            try solver.addConstraint(c)
            added.append(c)
        }
        for e in edits {
            try solver.addEditVariable(xs[e.variable], strength: e.strength)
            try solver.suggestValue(xs[e.variable], e.value)
        }
        solver.updateVariables()
        return (solver, xs, added)
    }
}
