#!/usr/bin/env python3
"""Replays the lab's solver churns into kiwisolver and compares.

    Tools/kiwi-replay.py SNAPSHOTS.txt [--tolerance 1e-8]

SNAPSHOTS.txt holds systems the lab's churn tests wrote (`ChurnSnapshot.text`, blocks separated by a
blank line): `S step variables ambiguous`, `C op strength constant n (var coefficient)...`,
`E var strength value`, `X value...` (the lab's values). For each, a fresh kiwi solver is fed the
constraints in order, then the edit variables and their suggestions; then:

  - kiwi must accept every constraint (the lab accepted each, and together they are satisfiable);
  - kiwi's objective (sum of strength x violation over the non-required constraints, edits at their
    suggestions) must equal the lab's within the tolerance, relative to the larger of 1 and the sum of
    strength x the magnitude of those constraints' terms (the scale of the objective's rounding);
  - where the lab found no ambiguous variable, every value must equal kiwi's within the tolerance,
    relative to the larger of 1 and the value.

Prints one line per disagreement and a summary; exits 1 on any disagreement, 2 when kiwisolver cannot be
imported (pip install kiwisolver) or the file cannot be read.
"""
import sys

import churn_snapshot
from churn_snapshot import REQUIRED, objective

try:
    import kiwisolver as kiwi
except ImportError:
    print('kiwi-replay: kiwisolver is not installed (pip install kiwisolver)', file=sys.stderr)
    sys.exit(2)


def replay(block, tolerance):
    problems = []
    xs = [kiwi.Variable(f'x{i}') for i in range(block['n'])]
    solver = kiwi.Solver()
    for op, strength, constant, terms in block['constraints']:
        e = sum((c * xs[v] for v, c in terms), constant)
        c = (e == 0) if op == '==' else (e <= 0) if op == '<=' else (e >= 0)
        try:
            solver.addConstraint(c | min(strength, REQUIRED))
        except kiwi.UnsatisfiableConstraint:
            problems.append(f'kiwi refused {op} {constant} {terms} at strength {strength}')
    for v, strength, target in block['edits']:
        solver.addEditVariable(xs[v], strength)
        solver.suggestValue(xs[v], target)
    solver.updateVariables()
    lab = block['values']
    (ours, _), (theirs, scale) = objective(block, lambda v: lab[v]), objective(block, lambda v: xs[v].value())
    if abs(ours - theirs) > tolerance * max(1.0, scale):
        problems.append(f'objective {ours} against kiwi {theirs}')
    if not block['ambiguous']:
        for i, x in enumerate(xs):
            if abs(lab[i] - x.value()) > tolerance * max(1.0, abs(x.value())):
                problems.append(f'x{i} = {lab[i]} against kiwi {x.value()}')
    return problems


def summary(blocks, bad):
    compared = sum(not b['ambiguous'] for b in blocks)
    return f'kiwi {kiwi.__version__}: {len(blocks)} systems replayed, values compared on {compared}, {bad} disagree'


if __name__ == '__main__':
    churn_snapshot.main(__doc__, 'kiwi-replay', replay, summary)
