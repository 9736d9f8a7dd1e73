#!/usr/bin/env python3
"""Generate random constraint systems and kiwi's answers for them.

Writes Tests/SolverTests/Fixtures/kiwi_random.json: a list of systems in the SystemFile format
(see Sources/SolverSystem/SystemFile.swift) with "suggestions" and "expected_steps" — kiwi's value
of every variable after the initial solve and after each suggestion. Requires the kiwisolver
package (pip install kiwisolver==1.5.1); the Swift tests only read the fixture.

    python3 Tools/kiwi_random_systems.py [COUNT] [SEED]
"""
import json
import multiprocessing
import random
import sys

import kiwisolver as kiwi

WEIGHTS = {"required": 1001001000.0, "strong": 1e6, "medium": 1e3, "weak": 1.0}


def build(names, edits, constraints):
    variables = {name: kiwi.Variable(name) for name in names}
    solver = kiwi.Solver()
    for e in edits:
        solver.addEditVariable(variables[e["var"]], e["strength"])
    for c in constraints:
        expr = sum((t["coefficient"] * variables[t["var"]] for t in c["terms"]), c["constant"])
        solver.addConstraint({"==": expr == 0, "<=": expr <= 0, ">=": expr >= 0}[c["op"]] | c["strength"])
    return solver, variables


def make_system(rng, index):
    n = rng.randint(2, 10)
    names = [f"v{i}" for i in range(n)]
    edits = [{"var": name, "strength": rng.choice(["strong", "medium"])}
             for name in rng.sample(names, rng.randint(0, min(2, n)))]
    # Keep the constraints kiwi accepts. A kiwi solver that has rejected a constraint can be left
    # inconsistent (required constraints violated afterwards), so each candidate is tried on a
    # fresh solver holding the accepted ones, and the answers come from a clean solver.
    constraints = []
    for _ in range(rng.randint(1, 3 * n)):
        k = rng.randint(1, min(3, n))
        terms = [{"var": name, "coefficient": float(rng.choice([-3, -2, -1, -0.5, 0.5, 1, 1, 2, 3]))}
                 for name in rng.sample(names, k)]
        candidate = {"terms": terms, "constant": float(rng.randint(-100, 100)),
                     "op": rng.choice(["==", "<=", ">=", ">="]),
                     "strength": rng.choice(["required", "required", "strong", "medium", "weak"])}
        try:
            build(names, edits, constraints + [candidate])
        except kiwi.UnsatisfiableConstraint:
            continue
        constraints.append(candidate)
    suggestions = []
    for _ in range(rng.randint(0, 4) if edits else 0):
        suggestions.append({e["var"]: float(rng.randint(-200, 200)) for e in edits})
    solver, variables = build(names, edits, constraints)
    steps = []
    solver.updateVariables()
    steps.append({name: variables[name].value() for name in names})
    for s in suggestions:
        for e in edits:
            solver.suggestValue(variables[e["var"]], s[e["var"]])
        solver.updateVariables()
        steps.append({name: variables[name].value() for name in names})
    return {"name": f"random-{index}", "variables": names, "edit_variables": edits,
            "strength_weights": WEIGHTS, "constraints": constraints, "suggestions": suggestions,
            "expected_steps": steps}


def solve_in_child(args):
    seed, index = args
    return make_system(random.Random(seed), index)


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 2026
    systems = []
    crashed = 0
    # kiwi aborts the whole process on some systems ("Dual optimize failed"): solve each in a
    # child process and skip those.
    for i in range(count):
        with multiprocessing.Pool(1) as pool:
            result = pool.apply_async(solve_in_child, ((seed * 100003 + i, i),))
            try:
                systems.append(result.get(timeout=10))
            except Exception:
                crashed += 1
    print(f"{len(systems)} systems, {crashed} skipped because kiwi crashed", file=sys.stderr)
    doc = {"description": f"{count} random systems (seed {seed}) with kiwisolver {kiwi.__version__}'s "
                          "answers after the initial solve and each suggestion.",
           "systems": systems}
    with open("Tests/SolverTests/Fixtures/kiwi_random.json", "w") as f:
        json.dump(doc, f, separators=(",", ":"))
        f.write("\n")


if __name__ == "__main__":
    main()
