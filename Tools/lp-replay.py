#!/usr/bin/env python3
"""Checks the lab's solutions of churn snapshots against a linear-programming solver (HiGHS, via SciPy).

    Tools/lp-replay.py SNAPSHOTS.txt [--tolerance 1e-8]

kiwi is the reference Cassowary solver, but it shares the lab's algorithm and its failures: on some
ill-conditioned systems it stops with "The objective is unbounded". This tool asks another algorithm.
Each system of SNAPSHOTS.txt (`Tools/churn_snapshot.py`) is written as the linear program Cassowary
solves: required constraints as constraints, every other constraint and every edit (at its suggestion)
as a violation variable >= 0 weighted by its strength in the objective. Then:

  - the lab's values must hold every required constraint, to the tolerance relative to the larger of 1
    and the magnitude of its terms;
  - the lab's objective at its values must equal HiGHS's optimum, to the tolerance relative to the
    larger of 1 and the objective's scale (strength x the magnitude of the weighted constraints' terms).

A feasible point with the optimal objective is an optimum, so together they say the lab solved the
system. Values are not compared: where the optimum is not unique, HiGHS may report another one.
Prints one line per disagreement and a summary; exits 1 on any, 2 when SciPy cannot be imported
(pip install scipy) or the file cannot be read.
"""
import sys

import churn_snapshot
from churn_snapshot import REQUIRED, objective

try:
    import scipy
    from scipy.optimize import linprog
except ImportError:
    print('lp-replay: scipy is not installed (pip install scipy)', file=sys.stderr)
    sys.exit(2)


def program(block):
    """(cost, A_ub, b_ub, A_eq, b_eq, bounds) over x0..x(n-1) and one violation variable per weighted
    side; every row reads `coefficients . variables (op) -constant`."""
    n = block['n']
    rows = []  # (op, {index: coefficient}, right-hand side)
    cost = [0.0] * n
    weighted = [(op, s, c, t) for op, s, c, t in block['constraints']]
    weighted += [('==', s, -target, [(v, 1.0)]) for v, s, target in block['edits']]
    for op, strength, constant, terms in weighted:
        coefficients = {}
        for v, c in terms:
            coefficients[v] = coefficients.get(v, 0.0) + c
        if strength < REQUIRED:
            # e = expression: e <= 0 gets e - u <= 0, e >= 0 gets e + u >= 0, e == 0 gets e - u + w == 0.
            sides = [-1.0, 1.0] if op == '==' else [-1.0] if op == '<=' else [1.0]
            for sign in sides:
                coefficients[len(cost)] = sign
                cost.append(strength)
        rows.append((op, coefficients, -constant))
    width = len(cost)

    def dense(coefficients, sign=1.0):
        row = [0.0] * width
        for i, c in coefficients.items():
            row[i] = sign * c
        return row

    a_ub, b_ub, a_eq, b_eq = [], [], [], []
    for op, coefficients, rhs in rows:
        if op == '==':
            a_eq.append(dense(coefficients))
            b_eq.append(rhs)
        elif op == '<=':
            a_ub.append(dense(coefficients))
            b_ub.append(rhs)
        else:
            a_ub.append(dense(coefficients, -1.0))
            b_ub.append(-rhs)
    bounds = [(None, None)] * n + [(0, None)] * (width - n)
    return cost, a_ub or None, b_ub or None, a_eq or None, b_eq or None, bounds


def check(block, tolerance):
    problems = []
    lab = block['values']
    for op, strength, constant, terms in block['constraints']:
        if strength < REQUIRED:
            continue
        e = constant + sum(c * lab[v] for v, c in terms)
        magnitude = abs(constant) + sum(abs(c * lab[v]) for v, c in terms)
        miss = abs(e) if op == '==' else max(0.0, e) if op == '<=' else max(0.0, -e)
        if miss > tolerance * max(1.0, magnitude):
            problems.append(f'required {op} {constant} {terms} missed by {miss}')
    cost, a_ub, b_ub, a_eq, b_eq, bounds = program(block)
    result = linprog(cost, A_ub=a_ub, b_ub=b_ub, A_eq=a_eq, b_eq=b_eq, bounds=bounds, method='highs',
                     options={'primal_feasibility_tolerance': 1e-10, 'dual_feasibility_tolerance': 1e-10})
    if result.status != 0:
        return problems + [f'HiGHS: {result.message}']
    ours, scale = objective(block, lambda v: lab[v])
    if abs(ours - result.fun) > tolerance * max(1.0, scale):
        problems.append(f'objective {ours} against HiGHS optimum {result.fun}')
    return problems


def summary(blocks, bad):
    return f'HiGHS (scipy {scipy.__version__}): {len(blocks)} systems checked, {bad} disagree'


if __name__ == '__main__':
    churn_snapshot.main(__doc__, 'lp-replay', check, summary)
