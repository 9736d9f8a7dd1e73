import PropertyBased
import TestSupport
import Testing

@_spi(Checks) @testable import Solver

/// `Solver.reset(keepingCapacity: true)`: an emptied solver is a fresh one with storage reserved.
/// The Auto Layout backend builds every tree on a solver emptied this way (`SolverPool`), so any
/// state left behind would change answers across trees.
@Suite struct SolverRecyclingTests {
    /// After a random system is built, edited and partly removed, emptying the solver leaves every
    /// stored field as a fresh solver has it, compared field by field through reflection (so a field
    /// added later and forgotten by `removeAll` fails here). The per-symbol arrays that run ahead of
    /// the symbols may keep their length, every slot at its starting value.
    @Test func anEmptiedSolverHoldsWhatAFreshOneHolds() async {
        await propertyCheck(count: 40, input: Gen.uint64(in: 0...UInt64.max), Gen.int(in: 2...14)) { seed, n in
            announce(seed, n)
            let (s, x, objects) = try GeneratedSystem(seed: seed, n: n, pinned: false).build(batched: true)
            var rng = SplitMix(state: seed ^ 0x5EED)
            try s.addEditVariable(x[0], strength: Strength.strong)
            try s.suggestValue(x[0], Double(Int.random(in: -50...50, using: &rng)))
            for c in objects.shuffled(using: &rng).prefix(objects.count / 3) { try s.removeConstraint(c) }
            s.updateVariables()
            s.reset(keepingCapacity: true)
            let problems = differences(s.core, from: SolverCore())
            #expect(problems.isEmpty, "seed \(seed) n \(n): \(problems)")
            #expect(s.symbolCapacity > 0, "the storage was kept")
        }
    }

    /// A solver emptied after one random system builds the next exactly as a fresh solver does: the
    /// same bits for every variable, after building, after suggestions and after removals.
    @Test func aRecycledSolverGivesAFreshSolversValuesBitForBit() async {
        await propertyCheck(count: 100, input: Gen.uint64(in: 0...UInt64.max), Gen.int(in: 2...14), Gen.bool) {
            seed, n, pinned in
            announce(seed, n, pinned)
            let recycled = try GeneratedSystem(seed: ~seed, n: 16 - n, pinned: !pinned).build(batched: true).0
            recycled.updateVariables()
            recycled.reset(keepingCapacity: true)
            let system = GeneratedSystem(seed: seed, n: n, pinned: pinned)
            let (fresh, x, objects) = try system.build(batched: false)
            let y = (0..<n).map { Variable("y\($0)") }
            var rng = SplitMix(state: seed ^ 0xC0FFEE)
            let handles = try addMixed(system.constraints(y), to: recycled, rng: &rng)
            func same(_ what: String) {
                fresh.updateVariables()
                recycled.updateVariables()
                #expect(x.map(\.value.bitPattern) == y.map(\.value.bitPattern), "seed \(seed) n \(n): \(what)")
                #expect(recycled.invariantViolations().isEmpty, "seed \(seed): \(recycled.invariantViolations())")
            }
            same("built")
            try suggestToBoth(fresh, x, recycled, y, values: -300...300, rng: &rng) { same("suggested \($0)") }
            for k in handles.indices.shuffled(using: &rng).prefix(handles.count / 2) {
                try fresh.removeConstraint(objects[k])
                try recycled.removeConstraint(handles[k])
                same("removed constraint \(k)")
            }
        }
    }

    /// Objects that noted their place in an emptied solver are free for the next one; a variable
    /// whose note belongs to another solver keeps it.
    @Test func emptyingReleasesOnlyTheSolversOwnNotes() throws {
        let x = Variable("x")
        let y = Variable("y")
        let a = Solver()
        let b = Solver()
        try a.addConstraint(x == 3)
        try b.addConstraint(x + y == 10)  // x's note is a's; y's is b's
        b.reset(keepingCapacity: true)
        #expect(x.solverIndex == 0, "a's note on x stays")
        #expect(y.solverIndex == -1, "b's note on y is released")
        try b.addConstraint(y == 2)
        try b.addConstraint(x - y == 5)
        b.updateVariables()
        #expect(x.value == 7 && y.value == 2)
        a.updateVariables()
        #expect(x.value == 3)
        #expect(a.invariantViolations().isEmpty && b.invariantViolations().isEmpty)
    }
}

/// The fields of `core` that differ from `fresh`'s (see `anEmptiedSolverHoldsWhatAFreshOneHolds`).
private func differences(_ core: SolverCore, from fresh: SolverCore) -> [String] {
    // The arrays that run ahead of the symbols, with each slot's starting value.
    let runAhead: [String: String] = [
        "rowOf": "-1", "owner": "-1", "obj": "0.0", "extValue": "0.0", "scratchCoef": "0.0", "defPos": "0",
        "idxA": "0", "markA": "0", "markB": "0", "markC": "0", "inHeap": "false", "hasParam": "false",
        "jObjMark": "false", "start": "0", "count": "0", "capacity": "0",
    ]
    var problems: [String] = []
    func compare(_ a: Any, _ b: Any, _ path: String) {
        let ma = Mirror(reflecting: a)
        let mb = Mirror(reflecting: b)
        let field = path.split(separator: ".").last.map(String.init) ?? path
        if let start = runAhead[field], ma.displayStyle == .collection {
            let bad = ma.children.filter { String(describing: $0.value) != start }.count
            if bad > 0 { problems.append("\(path): \(bad) slots not at \(start)") }
            return
        }
        if ma.displayStyle == .struct && !ma.children.isEmpty {
            for (ca, cb) in zip(ma.children, mb.children) { compare(ca.value, cb.value, "\(path).\(ca.label ?? "?")") }
            return
        }
        if String(describing: a) != String(describing: b) { problems.append("\(path): \(a) (fresh: \(b))") }
    }
    compare(core, fresh, "core")
    return problems
}
