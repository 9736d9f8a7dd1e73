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
import argparse
import sys

try:
    import kiwisolver as kiwi
except ImportError:
    print('kiwi-replay: kiwisolver is not installed (pip install kiwisolver)', file=sys.stderr)
    sys.exit(2)


def read(path):
    blocks, block = [], None
    with open(path) as f:
        for n, line in enumerate(f, 1):
            parts = line.split()
            if not parts:
                continue
            kind = parts[0]
            if kind == 'S':
                block = {'step': int(parts[1]), 'n': int(parts[2]), 'ambiguous': parts[3] == '1',
                         'constraints': [], 'edits': [], 'values': None, 'line': n}
                blocks.append(block)
            elif block is None:
                raise ValueError(f'{path}:{n}: {kind} before any S line')
            elif kind == 'C':
                op, strength, constant, count = parts[1], float(parts[2]), float(parts[3]), int(parts[4])
                terms = [(int(parts[5 + 2 * k]), float(parts[6 + 2 * k])) for k in range(count)]
                block['constraints'].append((op, strength, constant, terms))
            elif kind == 'E':
                block['edits'].append((int(parts[1]), float(parts[2]), float(parts[3])))
            elif kind == 'X':
                block['values'] = [float(v) for v in parts[1:]]
            else:
                raise ValueError(f'{path}:{n}: unknown line kind {kind!r}')
    return blocks


REQUIRED = 1001001000.0


def objective(block, value):
    """Sum of strength x violation over the non-required constraints and the edits, and sum of
    strength x the magnitude of their terms (the scale of the objective's rounding)."""
    total = scale = 0.0
    for op, strength, constant, terms in block['constraints']:
        if strength >= REQUIRED:
            continue
        e = constant + sum(c * value(v) for v, c in terms)
        total += strength * (abs(e) if op == '==' else max(0.0, e) if op == '<=' else max(0.0, -e))
        scale += strength * (abs(constant) + sum(abs(c * value(v)) for v, c in terms))
    for v, strength, target in block['edits']:
        total += strength * abs(value(v) - target)
        scale += strength * (abs(value(v)) + abs(target))
    return total, scale


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


def main():
    p = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    p.add_argument('snapshots')
    p.add_argument('--tolerance', type=float, default=1e-8)
    a = p.parse_args()
    try:
        blocks = read(a.snapshots)
    except (OSError, ValueError) as e:
        print(f'kiwi-replay: {e}', file=sys.stderr)
        sys.exit(2)
    bad = 0
    compared = 0
    for b in blocks:
        problems = replay(b, a.tolerance)
        compared += 0 if b['ambiguous'] else 1
        for m in problems:
            print(f"{a.snapshots}:{b['line']}: step {b['step']}: {m}")
        bad += bool(problems)
    print(f'kiwi {kiwi.__version__}: {len(blocks)} systems replayed, values compared on {compared}, '
          f'{bad} disagree')
    sys.exit(1 if bad else 0)


if __name__ == '__main__':
    main()
