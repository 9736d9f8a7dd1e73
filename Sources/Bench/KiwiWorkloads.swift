// Building kiwi's workloads (`experiments/bench/`): the same objects and calls kiwi's own benchmark makes.
//
// Plain functions at file scope, so not isolated to the main actor: built inside top-level code, each
// closure they pass (`map { Variable($0) }`, one per term) carried a dynamic check that it ran on the
// main actor, 4% of the enaml_like build (`swift_task_isCurrentExecutorWithFlags` under perf), a cost
// of the harness that kiwi's C++ harness does not pay.
import Solver

/// One enaml_like constraint as indices into the variables: terms, constant, operator, strength.
typealias EnamlSpec = (terms: [(Int, Double)], constant: Double, op: RelationalOperator, strength: Double)

/// kiwi's enaml_like build: the variables, the edit variables, then every constraint as an object.
func buildEnamlLike(names: [String], edits: [(Int, Double)], specs: [EnamlSpec]) -> (Solver, [Variable]) {
    let vars = names.map { Variable($0) }
    let solver = Solver()
    for (i, s) in edits { try! solver.addEditVariable(vars[i], strength: s) }
    for spec in specs {
        let e = Expression(spec.terms.map { Term(vars[$0.0], $0.1) }, constant: spec.constant)
        try! solver.addConstraint(Constraint(e, spec.op, strength: spec.strength))
    }
    return (solver, vars)
}

/// A chain of n variables, each equal to the next, the last weakly at 0.
func buildChain(_ n: Int) -> (Solver, [Variable]) {
    let xs = (0..<n).map { Variable("x\($0)") }
    let solver = Solver()
    for i in 0..<(n - 1) { try! solver.addConstraint(xs[i] == xs[i + 1]) }
    try! solver.addConstraint(Constraint(xs[n - 1], .equal, strength: Strength.weak))
    return (solver, xs)
}

/// |-8-[v0(>=20, ==50@weak)]-8-[v1(...)]-8-…-[v(n−1)(...)]-8-| with the container width W editable:
/// lefts, widths, W.
func buildRow(_ n: Int) -> (Solver, [Variable], [Variable], Variable) {
    let l = (0..<n).map { Variable("l\($0)") }
    let w = (0..<n).map { Variable("w\($0)") }
    let W = Variable("W")
    let solver = Solver()
    try! solver.addEditVariable(W, strength: Strength.strong)
    try! solver.addConstraint(l[0] == 8)
    for i in 0..<n {
        try! solver.addConstraint(w[i] >= 20)
        try! solver.addConstraint(Constraint(w[i] - 50, .equal, strength: Strength.weak))
        if i < n - 1 { try! solver.addConstraint(l[i + 1] == l[i] + w[i] + 8) }
    }
    try! solver.addConstraint(l[n - 1] + w[n - 1] + 8 == W)
    return (solver, l, w, W)
}
