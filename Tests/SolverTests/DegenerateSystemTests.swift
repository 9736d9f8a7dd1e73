import PropertyBased
import Solver
import TestSupport
import Testing

/// Degenerate systems: constants of 1e12 and more, multipliers of 1e-12, required cycles,
/// thousands of duplicate constraints. Whatever the mix, the solver finishes — every constraint added
/// or refused with a typed `SolverError` — and every variable holds a finite value; never a hang (the
/// time limit) or NaN.
@Suite("Degenerate systems")
struct DegenerateSystemTests {
    /// One random degenerate system from a seed: what was refused, and the values after each
    /// suggestion.
    struct Outcome {
        var refused: [SolverError] = []
        var values: [[Double]] = []
    }

    static func run(seed: UInt64, variables n: Int, constraints m: Int, duplicates: Int) -> Outcome {
        var rng = SplitMix64(state: seed)
        let x = (0..<n).map { Variable("x\($0)") }
        let solver = Solver()
        var outcome = Outcome()
        let huge: [Double] = [1e12, -1e12, 1e15, -3.5e12, 1e12 + 0.5]
        let tiny: [Double] = [1e-12, -1e-12, 3e-13, 1e-9]
        let strengths = [Strength.required, Strength.required, Strength.strong, Strength.medium, Strength.weak]
        func pick<T>(_ a: [T]) -> T { a[Int.random(in: 0..<a.count, using: &rng)] }
        func v() -> Variable { pick(x) }
        func add(_ c: Constraint) {
            do { try solver.addConstraint(c) } catch { outcome.refused.append(error) }
        }
        var made: [Constraint] = []
        for _ in 0..<m {
            let ops: [RelationalOperator] = [.equal, .lessOrEqual, .greaterOrEqual]
            let c: Constraint
            switch Int.random(in: 0..<6, using: &rng) {
            case 0:  // a huge constant
                c = Constraint(
                    Expression([Term(v()), Term(v(), -1)], constant: pick(huge)), pick(ops), strength: pick(strengths))
            case 1:  // a tiny multiplier
                c = Constraint(
                    Expression(
                        [Term(v()), Term(v(), pick(tiny))], constant: Double(Int.random(in: -100...100, using: &rng))),
                    pick(ops), strength: pick(strengths))
            case 2:  // a huge coefficient against a tiny one
                c = Constraint(
                    Expression([Term(v(), pick(huge)), Term(v(), pick(tiny))], constant: pick(huge)), pick(ops),
                    strength: pick(strengths))
            case 3:  // a required cycle a → b → c → a: consistent when the offsets sum to 0, else refused
                let (a, b, d) = (v(), v(), v())
                let offsets = [pick(huge), Double(Int.random(in: -5...5, using: &rng))]
                let third = Bool.random(using: &rng) ? -(offsets[0] + offsets[1]) : pick(huge)
                for (p, q, k) in [(a, b, offsets[0]), (b, d, offsets[1]), (d, a, third)] {
                    made.append(
                        Constraint(
                            Expression([Term(p), Term(q, -1)], constant: k), .equal, strength: Strength.required))
                }
                continue
            case 4:  // a variable against itself, scaled: 1e-12·x == x + c
                let y = v()
                c = Constraint(
                    Expression([Term(y, pick(tiny)), Term(y, -1)], constant: pick(huge)), pick(ops),
                    strength: pick(strengths))
            default:  // an ordinary bound, so the system has something to hold on to
                c = Constraint(
                    Expression([Term(v())], constant: Double(Int.random(in: -1000...1000, using: &rng))), pick(ops),
                    strength: Strength.weak)
            }
            made.append(c)
        }
        // Duplicates: the same relation as separate constraint objects, thousands of times.
        if let model = made.first {
            for _ in 0..<duplicates { made.append(Constraint(model.expression, model.op, strength: model.strength)) }
        }
        made.shuffle(using: &rng)
        for c in made { add(c) }
        let edits = Array(x.prefix(2))
        for e in edits { try? solver.addEditVariable(e, strength: Strength.strong) }
        for value in [0, 1e12, -1e12, 1e-12, 375] {
            for e in edits { try? solver.suggestValue(e, value) }
            solver.updateVariables()
            outcome.values.append(x.map(\.value))
        }
        return outcome
    }

    /// Every value finite after every suggestion, and only refusals a user can act on: a
    /// contradiction (`unsatisfiableConstraint`), never a breakdown.
    static func expectFiniteValuesAndOnlyContradictions(_ outcome: Outcome, seed: UInt64) {
        for step in outcome.values { #expect(step.allSatisfy { $0.isFinite }, "seed \(seed): \(step)") }
        for error in outcome.refused {
            guard case .unsatisfiableConstraint = error else {
                Issue.record("seed \(seed): \(error)")
                continue
            }
        }
    }

    @Test(.timeLimit(.minutes(2)))
    func degenerateSystemsFinishWithFiniteValuesOrTypedErrors() async {
        await propertyCheck(
            count: 150, input: Gen.uint64(in: 0...UInt64.max), Gen.int(in: 2...16), Gen.int(in: 1...40),
            Gen.int(in: 0...50)
        ) {
            seed, n, m, duplicates in
            announce(seed, n, m, duplicates)
            Self.expectFiniteValuesAndOnlyContradictions(
                Self.run(seed: seed, variables: n, constraints: m, duplicates: duplicates), seed: seed)
        }
    }

    /// Duplicates of a violated soft constraint each add an error term that the objective keeps, so
    /// adding k of them costs about k² row operations (seconds for a thousand in a debug build): hundreds
    /// here, thousands in the fixed test below.
    @Test(.timeLimit(.minutes(2)))
    func degenerateSystemsWithHundredsOfDuplicatesFinishToo() async {
        await propertyCheck(
            count: 12, input: Gen.uint64(in: 0...UInt64.max), Gen.int(in: 2...6), Gen.int(in: 1...8),
            Gen.int(in: 100...400)
        ) {
            seed, n, m, duplicates in
            announce(seed, n, m, duplicates)
            Self.expectFiniteValuesAndOnlyContradictions(
                Self.run(seed: seed, variables: n, constraints: m, duplicates: duplicates), seed: seed)
        }
    }

    /// Each solver-only test here runs on a thread of its own with two minutes to finish
    /// (`finishing(within:)`): a guard against the simplex cycling that measures the solving itself.
    @Test func thousandsOfDuplicatesAreAddedAndSolved() throws {
        // 2,000 copies of each of three relations, required and not (the weak and strong copies each
        // add error terms to the objective, so this is quadratic: keep the debug suite quick).
        let solved = finishing(within: 120) { () -> Result<(Double, Double, Int), any Error> in
            let (a, b) = (Variable("a"), Variable("b"))
            let solver = Solver()
            var made: [Constraint] = []
            for _ in 0..<2000 {
                // a == b + 1e12, b == 7 (weak), a * 1e-12 >= 1 (strong)
                made.append(
                    Constraint(
                        Expression([Term(a), Term(b, -1)], constant: -1e12), .equal, strength: Strength.required))
                made.append(Constraint(Expression([Term(b)], constant: -7), .equal, strength: Strength.weak))
                made.append(
                    Constraint(Expression([Term(a, 1e-12)], constant: -1), .greaterOrEqual, strength: Strength.strong))
            }
            do {
                for c in made { try solver.addConstraint(c) }
            } catch {
                return .failure(error)
            }
            solver.updateVariables()
            return .success((a.value - b.value, b.value, solver.constraints.count))
        }
        let (difference, b, count) = try #require(solved, "not solved within two minutes").get()
        #expect(difference == 1e12)
        #expect(b == 7)
        #expect(count == 6000)
    }

    /// What the contradicting cycle left: the conflict's size (nil if it was accepted), any other error,
    /// and the values once a weak constraint pins `c`.
    struct CycleOutcome: Sendable {
        var conflicts: Int?
        var otherError: String?
        var a = 0.0, b = 0.0, c = 0.0
    }

    @Test func aRequiredCycleThatContradictsItselfIsRefusedAndOneThatCloses() throws {
        let outcome = finishing(within: 120) { () -> Result<CycleOutcome, any Error> in
            let (a, b, c) = (Variable("a"), Variable("b"), Variable("c"))
            let solver = Solver()
            func eq(_ p: Variable, _ q: Variable, _ k: Double) -> Constraint {
                // p == q + k
                Constraint(Expression([Term(p), Term(q, -1)], constant: -k), .equal, strength: Strength.required)
            }
            var out = CycleOutcome()
            do {
                try solver.addConstraint(eq(a, b, 1e12))
                try solver.addConstraint(eq(b, c, -4))
                try solver.addConstraint(eq(c, a, -1e12 + 4))  // the offsets sum to 0: redundant, accepted
                do {
                    try solver.addConstraint(eq(c, a, 1e12))
                } catch {
                    if let error = error as? SolverError, case .unsatisfiableConstraint(_, let conflicts) = error {
                        out.conflicts = conflicts.count
                    } else {
                        out.otherError = "\(error)"
                    }
                }
                try solver.addConstraint(
                    Constraint(Expression([Term(c)], constant: -5), .equal, strength: Strength.weak))
            } catch {
                return .failure(error)
            }
            solver.updateVariables()
            (out.a, out.b, out.c) = (a.value, b.value, c.value)
            return .success(out)
        }
        let o = try #require(outcome, "not solved within two minutes").get()
        #expect(o.otherError == nil)
        // The direct contradiction (the closing constraint) or the two it closes: never more than the cycle.
        let conflicts = try #require(o.conflicts, "a contradicting cycle was accepted")
        #expect((1...3).contains(conflicts))
        #expect(o.c == 5)
        #expect(o.b == 1)
        #expect(o.a == 1e12 + 1)
    }
}
