"""The churn snapshots the lab's solver tests write (`ChurnSnapshot.text`), read for the replay tools.

A file holds systems separated by blank lines: `S step variables ambiguous`, `C op strength constant n
(var coefficient)...`, `E var strength value`, `X value...` (the lab's values).
"""
import argparse
import sys


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


def main(doc, name, check, summary):
    """The replay tools' command line: SNAPSHOTS.txt [--tolerance T]; `check(block, tolerance)` returns
    the block's disagreements, printed one per line; `summary(blocks, bad)` the last line. Exits 1 on
    any disagreement, 2 when the file cannot be read."""
    p = argparse.ArgumentParser(description=doc.split('\n')[0])
    p.add_argument('snapshots')
    p.add_argument('--tolerance', type=float, default=1e-8)
    a = p.parse_args()
    try:
        blocks = read(a.snapshots)
    except (OSError, ValueError) as e:
        print(f'{name}: {e}', file=sys.stderr)
        sys.exit(2)
    bad = 0
    for b in blocks:
        problems = check(b, a.tolerance)
        for m in problems:
            print(f"{a.snapshots}:{b['line']}: step {b['step']}: {m}")
        bad += bool(problems)
    print(summary(blocks, bad))
    sys.exit(1 if bad else 0)
