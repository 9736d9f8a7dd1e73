@_spi(Checks) import Solver

/// What went wrong in a churn, and where.
public struct ChurnFailure: Error, CustomStringConvertible {
    public var step: Int
    public var operation: ChurnOperation?
    public var message: String

    public var description: String { "step \(step) (\(operation?.description ?? "check")): \(message)" }
}

/// A solver driven through random edits, checked after every one (`ChurnChecks.swift`).
///
/// Every required constraint a churn keeps is true at a hidden *witness* point (one value per
/// variable), so the required constraints present are always satisfiable together: a refusal of one
/// of them is a fault of the solver's, as is an acceptance of a constraint that contradicts one
/// present. Preferences (weak, medium, strong) go anywhere, each at a random weight within its level so
/// that optima are unique almost surely and a fresh solve must find the same values.
public final class Churn {
    public let solver = Solver()
    public private(set) var variables: [Variable] = []
    var index: [ObjectIdentifier: Int] = [:]
    var witness: [Double] = []
    /// The constraints present (edit variables aside), in the order they were added.
    public internal(set) var live: [Constraint] = []
    var removed: [Constraint] = []
    /// The edit variables: variable index, strength, current suggestion.
    public internal(set) var edits: [(variable: Int, strength: Double, value: Double)] = []
    /// Steps taken, and how many of each operation.
    public internal(set) var steps = 0
    public internal(set) var counts: [ChurnOperation: Int] = [:]
    /// A fresh solve is compared every this many steps (and by `finish`).
    public let compareEvery: Int
    /// The systems compared with fresh solves, kept when asked for (kiwi replays them).
    public internal(set) var snapshots: [ChurnSnapshot] = []
    let recordsSnapshots: Bool
    /// When set, each step's operation and what it touched, for replaying a failure by hand.
    public var tracing = false
    public internal(set) var trace: [String] = []
    /// Above this many constraints present, adds turn into removals: systems stay small and fast to
    /// check, and removals happen on full tableaus.
    let maximumLive: Int

    public init(variables n: Int = 6, compareEvery: Int = 8, recordsSnapshots: Bool = false, maximumLive: Int = 40) {
        self.compareEvery = compareEvery
        self.recordsSnapshots = recordsSnapshots
        self.maximumLive = maximumLive
        for _ in 0..<n { addVariable(witness: Double((variables.count * 37) % 201 - 100)) }
    }

    func addVariable(witness value: Double) {
        let v = Variable("x\(variables.count)")
        index[ObjectIdentifier(v)] = variables.count
        variables.append(v)
        witness.append(value)
    }

    /// Draws one operation from `source`, applies it and checks the solver. Nil when the source is spent.
    @discardableResult
    public func step<S: ChurnSource>(_ source: inout S) throws(ChurnFailure) -> ChurnOperation? {
        guard var op = ChurnOperation.draw(&source) else { return nil }
        if live.count >= maximumLive,
            [.addRequiredEquality, .addRequiredInequality, .addPreference, .addBatch].contains(op)
        {
            op = .remove
        }
        steps += 1
        counts[op, default: 0] += 1
        guard try apply(op, &source) else { return nil }
        try check(after: op)
        if steps % compareEvery == 0 { try compareWithFreshSolve(after: op) }
        return op
    }

    /// Runs until the source is spent or `limit` steps were taken, then compares once more.
    public func run<S: ChurnSource>(_ source: inout S, steps limit: Int) throws(ChurnFailure) {
        while steps < limit, try step(&source) != nil {}
        try compareWithFreshSolve(after: nil)
    }

    /// Applies an operation; false when the source ran out in the middle of it.
    func apply<S: ChurnSource>(_ op: ChurnOperation, _ source: inout S) throws(ChurnFailure) -> Bool {
        switch op {
        case .addRequiredEquality, .addRequiredInequality, .addPreference:
            guard let c = draft(op, &source) else { return false }
            try add(c, op)
        case .addBatch:
            return try addBatch(&source)
        case .remove:
            if live.isEmpty { return true }
            guard let k = source.draw(live.count) else { return false }
            let c = live.remove(at: k)
            note("\(steps) remove: \(c)")
            do throws(SolverError) { try solver.removeConstraint(c) } catch { throw failure(op, "\(error)") }
            removed.append(c)
        case .readd:
            if removed.isEmpty { return true }
            guard let k = source.draw(removed.count) else { return false }
            try add(removed.remove(at: k), op)
        case .addEdit, .removeEdit, .suggest:
            return try editStep(op, &source)
        case .contradiction:
            return try contradict(&source)
        case .farBound:
            return try farBound(&source)
        case .reset:
            try rebuildAfterReset()
        case .newVariable:
            guard let w = source.draw(201) else { return false }
            addVariable(witness: Double(w - 100))
            note("\(steps) new variable x\(variables.count - 1)")
        }
        return true
    }

    func note(_ line: @autoclosure () -> String) {
        if tracing { trace.append(line()) }
    }

    func failure(_ op: ChurnOperation?, _ message: String) -> ChurnFailure {
        ChurnFailure(step: steps, operation: op, message: message)
    }

    /// Adds a constraint that must be accepted (true at the witness, or a preference).
    func add(_ c: Constraint, _ op: ChurnOperation) throws(ChurnFailure) {
        note("\(steps) \(op): \(c)")
        do throws(SolverError) {
            try solver.addConstraint(c)
        } catch {
            throw failure(op, "a constraint true at the witness point was refused: \(c): \(error)")
        }
        live.append(c)
    }

    /// A new constraint over one to three variables: required ones true at the witness point.
    func draft<S: ChurnSource>(_ op: ChurnOperation, _ source: inout S) -> Constraint? {
        let coefficients: [Double] = [-2, -1, -0.5, 0.5, 1, 2, 3]
        guard let k = source.draw(3) else { return nil }
        var terms: [Term] = []
        var atWitness = 0.0
        for _ in 0...k {
            guard let i = source.draw(variables.count), let a = source.draw(coefficients.count) else { return nil }
            if terms.contains(where: { $0.variable === variables[i] }) { continue }
            terms.append(Term(variables[i], coefficients[a]))
            atWitness += coefficients[a] * witness[i]
        }
        switch op {
        case .addRequiredEquality:
            return Constraint(Expression(terms, constant: -atWitness), .equal)
        case .addRequiredInequality:
            guard let slack = source.draw(4), let less = source.draw(2) else { return nil }
            // At the witness the expression is −slack (≤) or +slack (≥): true, tight when slack is 0.
            return less == 1
                ? Constraint(Expression(terms, constant: -atWitness - Double(slack)), .lessOrEqual)
                : Constraint(Expression(terms, constant: -atWitness + Double(slack)), .greaterOrEqual)
        default:
            guard let target = source.draw(1001), let o = source.draw(3), let level = source.draw(3),
                let weight = source.draw(1000)
            else { return nil }
            let ops: [RelationalOperator] = [.equal, .lessOrEqual, .greaterOrEqual]
            let strength = [Strength.weak, Strength.medium, Strength.strong][level] * (1 + Double(weight) / 1000)
            return Constraint(Expression(terms, constant: Double(target - 500)), ops[o], strength: strength)
        }
    }

    /// Two to four new constraints (required ones true at the witness, and preferences) in one batch.
    func addBatch<S: ChurnSource>(_ source: inout S) throws(ChurnFailure) -> Bool {
        guard let n = source.draw(3) else { return false }
        var drafts: [Constraint] = []
        for _ in 0...(n + 1) {
            guard let kind = source.draw(3),
                let c = draft([.addRequiredEquality, .addRequiredInequality, .addPreference][kind], &source)
            else { return false }
            drafts.append(c)
        }
        var batch = ConstraintBatch(variables: variables)
        for c in drafts {
            for t in c.expression.terms { batch.addTerm(Int32(index[ObjectIdentifier(t.variable)]!), t.coefficient) }
            batch.endConstraint(constant: c.expression.constant, c.op, strength: c.strength)
        }
        var handles: [ConstraintHandle] = []
        note("\(steps) add batch: \(drafts)")
        do throws(SolverError) {
            try solver.addConstraints(batch, into: &handles)
        } catch {
            throw failure(.addBatch, "a batch of constraints true at the witness point was refused: \(error)")
        }
        for h in handles { live.append(solver.constraint(h)!) }
        return true
    }

    /// Makes, drops or moves an edit variable.
    func editStep<S: ChurnSource>(_ op: ChurnOperation, _ source: inout S) throws(ChurnFailure) -> Bool {
        do throws(SolverError) {
            switch op {
            case .addEdit:
                guard let i = source.draw(variables.count), let level = source.draw(3), let w = source.draw(1000)
                else { return false }
                guard !edits.contains(where: { $0.variable == i }) else { return true }
                let strength = [Strength.weak, Strength.medium, Strength.strong][level] * (1 + Double(w) / 1000)
                note("\(steps) add edit: x\(i) at \(strength)")
                try solver.addEditVariable(variables[i], strength: strength)
                edits.append((i, strength, 0))
            case .removeEdit:
                guard !edits.isEmpty else { return true }
                guard let k = source.draw(edits.count) else { return false }
                note("\(steps) remove edit: x\(edits[k].variable)")
                try solver.removeEditVariable(variables[edits[k].variable])
                edits.remove(at: k)
            default:
                guard !edits.isEmpty else { return true }
                guard let k = source.draw(edits.count), let v = source.draw(2001) else { return false }
                note("\(steps) suggest: x\(edits[k].variable) = \(v - 1000)")
                try solver.suggestValue(variables[edits[k].variable], Double(v - 1000))
                edits[k].value = Double(v - 1000)
            }
        } catch {
            throw failure(op, "\(error)")
        }
        return true
    }

    /// Empties the solver keeping its storage, then adds everything present again, in order.
    func rebuildAfterReset() throws(ChurnFailure) {
        note("\(steps) reset")
        solver.reset(keepingCapacity: true)
        do throws(SolverError) { try addEverything(to: solver) } catch {
            throw failure(.reset, "rebuilding after reset(keepingCapacity:): \(error)")
        }
    }

    /// Adds the constraints present, in order, then the edit variables at their suggestions.
    func addEverything(to s: Solver) throws(SolverError) {
        for c in live { try s.addConstraint(c) }
        for e in edits {
            try s.addEditVariable(variables[e.variable], strength: e.strength)
            try s.suggestValue(variables[e.variable], e.value)
        }
    }
}
