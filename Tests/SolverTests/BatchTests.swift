import PropertyBased
import TestSupport
import Testing

@_spi(Checks) @testable import Solver

/// `Solver.addConstraints` (flat arrays, no object per constraint) against the same constraints
/// added one by one as objects: the same values bit for bit, before and after edits and removals,
/// and the same refusals.
@Suite struct BatchTests {
    /// Random systems built both ways (the batched twin mixes batches of random length with objects)
    /// give every variable the same bits; so do suggestions on an edit variable and removing a random
    /// half of the constraints afterwards, by handle on one side and by object on the other.
    @Test func batchesGiveTheSameValuesBitForBit() async {
        await propertyCheck(count: 150, input: Gen.uint64(in: 0...UInt64.max), Gen.int(in: 2...16), Gen.bool) {
            seed, n, pinned in
            announce(seed, n, pinned)
            let system = GeneratedSystem(seed: seed, n: n, pinned: pinned)
            let (one, x, objects) = try system.build()
            let y = (0..<n).map { Variable("y\($0)") }
            let batched = Solver()
            var rng = SplitMix(state: seed ^ 0xBA7C4)
            let handles = try addMixed(system.constraints(y), to: batched, rng: &rng)
            func same(_ what: String) {
                one.updateVariables()
                batched.updateVariables()
                let a = x.map(\.value.bitPattern)
                let b = y.map(\.value.bitPattern)
                #expect(a == b, "seed \(seed) n \(n) pinned \(pinned): \(what)")
                #expect(batched.invariantViolations().isEmpty, "seed \(seed): \(batched.invariantViolations())")
            }
            same("built")
            try suggestToBoth(one, x, batched, y, values: -400...400, rng: &rng) { same("suggested \($0)") }
            for k in objects.indices.shuffled(using: &rng).prefix(objects.count / 2) {
                try one.removeConstraint(objects[k])
                try batched.removeConstraint(handles[k])
                same("removed constraint \(k)")
            }
        }
    }

    /// A required constraint that contradicts the batch's earlier ones stops the batch there: the
    /// constraints before it are added (handles for each), the error names the same constraint and
    /// the same conflict set as adding objects would, and resuming after it ends with the values of
    /// a twin that added every other constraint as an object.
    @Test func aRefusedConstraintStopsTheBatchWhereObjectsWouldFail() async {
        await propertyCheck(count: 100, input: Gen.uint64(in: 0...UInt64.max), Gen.int(in: 2...12)) { seed, n in
            announce(seed, n)
            let system = GeneratedSystem(seed: seed, n: n, pinned: true)
            var rng = SplitMix(state: seed ^ 0xF00D)
            let i = Int.random(in: 0..<n, using: &rng)
            let x = (0..<n).map { Variable("x\($0)") }
            let y = (0..<n).map { Variable("y\($0)") }
            // Every constraint, then x[i] held one away from its only solution, then a weak preference.
            func constraints(_ v: [Variable]) -> [Constraint] {
                system.constraints(v) + [
                    v[i] == system.solution[i] + 1, Constraint(v[0] - 7, .equal, strength: Strength.weak),
                ]
            }
            let objects = constraints(x)
            let bad = objects.count - 2
            let twin = Solver()
            var twinError: SolverError?
            for (k, c) in objects.enumerated() {
                do throws(SolverError) { try twin.addConstraint(c) } catch {
                    #expect(k == bad, "seed \(seed): constraint \(k) refused")
                    twinError = error
                }
            }
            let batched = Solver()
            let batch = batch(of: constraints(y), rng: &rng)
            var handles: [ConstraintHandle] = []
            do throws(SolverError) {
                try batched.addConstraints(batch, into: &handles)
                Issue.record("seed \(seed): the contradiction was accepted")
            } catch {
                guard case .unsatisfiableConstraint(let c, let conflicts) = error,
                    case .unsatisfiableConstraint(let tc, let twinConflicts) = twinError
                else {
                    Issue.record("seed \(seed): \(error), twin \(String(describing: twinError))")
                    return
                }
                #expect(handles.count == bad)
                #expect(renamed(c.description) == tc.description)
                #expect(conflicts.map { renamed($0.description) } == twinConflicts.map(\.description))
                #expect(conflicts.allSatisfy { batched.handle(of: $0) != nil })
            }
            try batched.addConstraints(batch, from: bad + 1, into: &handles)
            #expect(handles.count == objects.count - 1)
            twin.updateVariables()
            batched.updateVariables()
            #expect(x.map(\.value.bitPattern) == y.map(\.value.bitPattern), "seed \(seed) n \(n)")
        }
    }

    /// Handles: a removed constraint's handle is refused afterwards, even once its slot is reused, and
    /// the object a batch constraint is named by is made once.
    @Test func handlesOutliveNothingTheyName() throws {
        let a = Variable("a")
        let b = Variable("b")
        let s = Solver()
        var batch = ConstraintBatch(variables: [a, b])
        batch.addTerm(0, 1)
        batch.addTerm(1, -1)
        batch.endConstraint(constant: -10, .equal)  // a − b − 10 == 0
        batch.addTerm(1, 1)
        batch.endConstraint(constant: -5, .equal)  // b == 5
        let handles = try s.addConstraints(batch)
        s.updateVariables()
        #expect(a.value == 15 && b.value == 5)
        let named = try #require(s.constraint(handles[1]))
        #expect(s.constraint(handles[1]) === named)
        #expect(s.handle(of: named) == handles[1])
        try s.removeConstraint(handles[1])
        #expect(s.constraint(handles[1]) == nil)
        #expect(!s.hasConstraint(named))
        let again = try s.addConstraint(b == 8)
        #expect(again.slot == handles[1].slot)  // the slot is reused …
        #expect(throws: SolverError.self) { try s.removeConstraint(handles[1]) }  // … the old handle is not
        s.updateVariables()
        #expect(a.value == 18 && b.value == 8)
    }
}

extension BatchTests {
    /// Adding a batch and removing its constraints, over and over (`every-step` re-translation does
    /// this every step), reuses the solver's batch and record slots instead of growing them.
    @Test func addRemoveCyclesReuseBatchAndRecordSlots() throws {
        let a = Variable("a")
        let b = Variable("b")
        let s = Solver()
        for k in 0..<50 {
            var batch = ConstraintBatch(variables: [a, b])
            batch.addTerm(0, 1)
            batch.endConstraint(constant: -Double(k), .equal)  // a == k
            batch.addTerm(1, 1)
            batch.addTerm(0, -2)
            batch.endConstraint(constant: 0, .equal)  // b == 2a
            let handles = try s.addConstraints(batch)
            s.updateVariables()
            #expect(a.value == Double(k) && b.value == Double(2 * k))
            for h in handles.reversed() { try s.removeConstraint(h) }
        }
        #expect(s.core.batches.count == 1)
        #expect(s.core.records.count == 2)
    }
}

/// The batched twin's variables are `y…` where the objects' are `x…`.
private func renamed(_ description: String) -> String {
    description.replacingOccurrences(of: "y", with: "x")
}
