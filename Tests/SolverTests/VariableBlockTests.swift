import PropertyBased
import TestSupport
import Testing

@_spi(Checks) @testable import Solver

/// Variables in a block (`Solver.addVariables`: no object each) against the same variables as
/// objects: the same tableau, so the same values bit for bit; objects made on request are the
/// block's variables (constraints written over them, edit variables, reports).
@Suite struct VariableBlockTests {
    /// Random systems built over a block (batches mixed with constraints written over the block's
    /// objects, made on request) and over objects give the same bits: after building, after
    /// suggestions on an edit variable, and after removing half of the constraints.
    @Test func aBlockGivesTheValuesOfObjectsBitForBit() async {
        await propertyCheck(count: 120, input: Gen.uint64(in: 0...UInt64.max), Gen.int(in: 2...14), Gen.bool) {
            seed, n, pinned in
            announce(seed, n, pinned)
            let system = GeneratedSystem(seed: seed, n: n, pinned: pinned)
            let (twin, x, objects) = try system.build()
            let s = Solver()
            let block = s.addVariables(count: n) { "b\($0)" }
            var rng = SplitMix(state: seed ^ 0xB10C)
            let handles = try addOverBlock(system.constraints(x), x, to: s, block, rng: &rng)
            var values: [Double] = []
            func same(_ what: String) {
                twin.updateVariables()
                s.updateVariables()
                s.values(of: block, into: &values)
                #expect(x.map(\.value.bitPattern) == values.map(\.bitPattern), "seed \(seed) n \(n): \(what)")
                for k in 0..<n where s.variable(block, k).value.bitPattern != values[k].bitPattern {
                    Issue.record("seed \(seed): b\(k)'s object holds \(s.variable(block, k).value), not \(values[k])")
                }
                #expect(s.invariantViolations().isEmpty, "seed \(seed): \(s.invariantViolations())")
            }
            same("built")
            let y = (0..<n).map { s.variable(block, $0) }
            #expect(y.enumerated().allSatisfy { s.index(of: $1, in: block) == $0 && $1.name == "b\($0)" })
            try suggestToBoth(twin, x, s, y, values: -300...300, rng: &rng) { same("suggested \($0)") }
            for k in objects.indices.shuffled(using: &rng).prefix(objects.count / 2) {
                try twin.removeConstraint(objects[k])
                try s.removeConstraint(handles[k])
                same("removed constraint \(k)")
            }
        }
    }

    /// A block variable met during an add that is rolled back is unmet again (its place in the
    /// variable list given back), and a refused constraint in a batch leaves the block as objects
    /// would: resuming after it meets the variables in the twin's order, with the twin's values.
    @Test func rollingBackAnAddUnmeetsItsBlockVariables() throws {
        let s = Solver()
        let block = s.addVariables(count: 3) { "v\($0)" }
        let start = s.core.beginAdd()
        _ = s.core.blockSymbol(Int(block.start) + 1)
        #expect(s.core.blockVar[1] == 0 && s.core.varList.count == 1)
        s.core.rollbackNewSymbols(symbolCount: start.symbols, varCount: start.variables)
        #expect(s.core.blockVar[1] == -1 && s.core.varList.isEmpty && s.core.kinds.isEmpty)
        var batch = ConstraintBatch(block: block)
        batch.addTerm(0, 1)
        batch.endConstraint(constant: -10, .equal)  // v0 == 10
        batch.addTerm(2, 1)
        batch.addTerm(0, -1)
        batch.endConstraint(constant: -2, .equal)  // v2 == v0 + 2
        batch.addTerm(0, 1)
        batch.endConstraint(constant: -5, .equal)  // v0 == 5: refused
        batch.addTerm(1, 1)
        batch.addTerm(2, -1)
        batch.endConstraint(constant: 0, .greaterOrEqual)  // v1 >= v2
        var handles: [ConstraintHandle] = []
        #expect(throws: SolverError.self) { try s.addConstraints(batch, into: &handles) }
        #expect(handles.count == 2)
        try s.addConstraints(batch, from: 3, into: &handles)
        #expect(s.invariantViolations().isEmpty, "\(s.invariantViolations())")
        let twin = Solver()
        let (v0, v1, v2) = (Variable("v0"), Variable("v1"), Variable("v2"))
        try twin.addConstraint(v0 == 10)
        try twin.addConstraint(v2 - v0 == 2)
        try twin.addConstraint(v1 - v2 >= 0)
        #expect(Array(twin.core.varSyms) == Array(s.core.varSyms))
        #expect(s.core.varBlockEntry == [0, 2, 1])
        s.updateVariables()
        twin.updateVariables()
        var values: [Double] = []
        s.values(of: block, into: &values)
        #expect(values == [v0.value, v1.value, v2.value] && values[0] == 10 && values[2] == 12)
    }

    /// Rolling back an add drops the object entries of the variables it met, also when an object
    /// made on request for an older variable was listed after them; `updateVariables` then writes
    /// exactly the remaining objects.
    @Test func rollingBackAnAddDropsTheObjectsOfItsVariables() throws {
        let s = Solver()
        let block = s.addVariables(count: 2) { "b\($0)" }
        var batch = ConstraintBatch(block: block)
        batch.addTerm(0, 1)
        batch.endConstraint(constant: -7, .equal)  // b0 == 7
        var handles: [ConstraintHandle] = []
        try s.addConstraints(batch, into: &handles)
        let kept = Variable("kept")
        try s.addConstraint(kept == 3)
        let start = s.core.beginAdd()
        let dropped = Variable("dropped")
        _ = s.core.symbol(for: dropped)
        _ = s.core.blockSymbol(Int(block.start) + 1)
        let b0 = s.variable(block, 0)  // its object listed after `dropped`'s
        #expect(s.core.objectRefs.count == 3)
        s.core.rollbackNewSymbols(symbolCount: start.symbols, varCount: start.variables)
        #expect(s.invariantViolations().isEmpty, "\(s.invariantViolations())")
        #expect(s.core.objectRefs.map { s.core.varList[Int($0.variable)] }.map { $0?.name } == ["kept", "b0"])
        dropped.value = -1
        s.updateVariables()
        #expect(kept.value == 3 && b0.value == 7 && dropped.value == -1)
    }

    /// A conflict over block variables names constraints over their objects, with the block's
    /// names; an ambiguity report gives the block variable's object.
    @Test func reportsNameTheBlocksVariables() throws {
        let s = Solver()
        let block = s.addVariables(count: 2) { ["left", "width"][$0] }
        var batch = ConstraintBatch(block: block)
        batch.addTerm(0, 1)
        batch.endConstraint(constant: -10, .equal)
        batch.addTerm(0, 1)
        batch.endConstraint(constant: -20, .equal)
        var handles: [ConstraintHandle] = []
        do throws(SolverError) {
            try s.addConstraints(batch, into: &handles)
            Issue.record("left == 10 and left == 20 were both accepted")
        } catch {
            guard case .unsatisfiableConstraint(let c, let conflicts) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(c.expression.terms.count == 1 && c.expression.terms[0].variable === s.variable(block, 0))
            #expect(c.description.contains("left"), "\(c)")
            #expect(conflicts.count == 1 && conflicts[0] === s.constraint(handles[0]))
        }
        var free = ConstraintBatch(block: block)
        free.addTerm(1, 1)
        free.endConstraint(constant: 0, .greaterOrEqual)  // width ≥ 0: not fixed
        try s.addConstraints(free, into: &handles)
        s.updateVariables()
        #expect(s.ambiguousVariables().map(\.name) == ["width"])
        #expect(s.ambiguousVariables()[0] === s.variable(block, 1))
    }
}

/// Adds constraints written over `x` to `s` over its `block` (x[k] is the block's variable k), in
/// runs of random length: each run as one batch over the block, or one by one as constraints over
/// the block's objects (made on request). Returns a handle per constraint.
private func addOverBlock(
    _ constraints: [Constraint], _ x: [Variable], to s: Solver, _ block: VariableBlock, rng: inout SplitMix
) throws -> [ConstraintHandle] {
    let index = Dictionary(uniqueKeysWithValues: x.enumerated().map { (ObjectIdentifier($1), $0) })
    var handles: [ConstraintHandle] = []
    var k = 0
    while k < constraints.count {
        let run = constraints[k..<min(constraints.count, k + Int.random(in: 1...5, using: &rng))]
        k = run.endIndex
        if Bool.random(using: &rng) {
            for c in run {
                let terms = c.expression.terms.map {
                    Term(s.variable(block, index[ObjectIdentifier($0.variable)]!), $0.coefficient)
                }
                let over = Constraint(Expression(terms, constant: c.expression.constant), c.op, strength: c.strength)
                handles.append(try s.addConstraint(over))
            }
            continue
        }
        var batch = ConstraintBatch(block: block)
        for c in run {
            for t in c.expression.terms { batch.addTerm(Int32(index[ObjectIdentifier(t.variable)]!), t.coefficient) }
            batch.endConstraint(constant: c.expression.constant, c.op, strength: c.strength)
        }
        try s.addConstraints(batch, into: &handles)
    }
    return handles
}
