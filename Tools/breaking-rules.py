#!/usr/bin/env python3
"""Which constraint does Apple break? Candidate rules scored on a conflict-log corpus.

    Tools/breaking-rules.py [CORPUS]

Runs `layoutlab log --format json` on every NNNN.log of CORPUS (default $LAYOUTLAB_LOG_CORPUS, else
../shared/corpus/logs beside the repository; needs a built layoutlab, `swift build`) and, for each
rule below, counts the logs where the rule, reading the listed constraints only (class, identifier,
form, constant, order, and the depth of its owner in the hierarchy `LogHierarchy` infers from the
list), names the constraint the log's recovery line names. The lab's rule is the last one;
`BreakingRule` in Sources/AutoLayout implements it, and `layoutlab log` reports it as `lab_breaks`.
The rule is fitted to this corpus: each step's evidence is printed (the logs it decides), and a
leave-one-out check of choosing among these rules by their score.
"""
import json, os, re, subprocess, sys

here = os.path.dirname(os.path.abspath(__file__))
corpus = sys.argv[1] if len(sys.argv) > 1 else os.environ.get('LAYOUTLAB_LOG_CORPUS') or os.path.join(here, '..', '..', 'shared', 'corpus', 'logs')
lab = os.environ.get('LAYOUTLAB') or os.path.join(here, '..', '.build', 'debug', 'layoutlab')
if not os.path.isdir(corpus):
    sys.exit(f'no corpus at {corpus}')
if not os.access(lab, os.X_OK):
    sys.exit(f'no layoutlab at {lab}: run swift build first')

logs = []
for name in sorted(f for f in os.listdir(corpus) if f.endswith('.log')):
    out = subprocess.run([lab, 'log', os.path.join(corpus, name), '--format', 'json'], capture_output=True, text=True, check=True)
    for c in json.loads(out.stdout)['conflicts']:
        keys = [m['address'] or m['text'] for m in c['constraints']]
        broken = keys.index(c['apple_broke']) if c['apple_broke'] in keys else None
        logs.append((name, c['constraints'], broken, c['platform']))

def unprotected(cs):
    return [i for i, m in enumerate(cs) if not m['protected']] or list(range(len(cs)))

def largest(cs, pool, later=True):
    best = pool[0]
    for i in pool[1:]:
        a, b = abs(cs[i]['constant']), abs(cs[best]['constant'])
        if a > b or (later and a == b): best = i
    return best

def is_size(m):
    """A unary size: `[X(c)]`, or `X.width == c` (no second item)."""
    return m['form'] == 'size' or re.search(r'\.(width|height) [=≥≤] −?-?[0-9.]+( @[0-9.]+)?$', m['words']) is not None

def keyed(key, later=True):
    """Among the unprotected (all if none), the largest key; the later one on a tie."""
    def rule(cs):
        pool = unprotected(cs)
        best = pool[0]
        for i in pool[1:]:
            a, b = key(cs[i]), key(cs[best])
            if a > b or (later and a == b): best = i
        return best
    return rule

def old_rule(cs, later=True):
    pool = unprotected(cs)
    pool = [i for i in pool if cs[i]['form'] != 'leadingPin'] or pool
    return largest(cs, pool, later)

depth = lambda m: m['owner_depth']
not_pin = lambda m: m['form'] != 'leadingPin'
spacing = lambda m: m['spacing']
size = lambda m: abs(m['constant'])
lab_rule = keyed(lambda m: (depth(m), not_pin(m), spacing(m), size(m)))

rules = [
    ('the first listed', lambda cs: 0),
    ('the last listed', lambda cs: len(cs) - 1),
    ('the first not protected', lambda cs: unprotected(cs)[0]),
    ('the last not protected', lambda cs: unprotected(cs)[-1]),
    ('the first hand-written', lambda cs: next((i for i, m in enumerate(cs) if m['kind'] in ('hand-written', 'library')), 0)),
    ('the first size ([X(c)], X.width == c), else the first not protected',
     lambda cs: next((i for i in unprotected(cs) if is_size(cs[i])), unprotected(cs)[0])),
    ('not protected, largest constant, earlier on a tie', lambda cs: largest(cs, unprotected(cs), later=False)),
    ('not protected, largest constant, later on a tie', lambda cs: largest(cs, unprotected(cs))),
    ('not protected, not a leading pin, largest constant, earlier on a tie', lambda cs: old_rule(cs, later=False)),
    ('not protected, not a leading pin, largest constant, later on a tie (the rule before owner depth)', old_rule),
    ('not protected, deepest owner, largest constant', keyed(lambda m: (depth(m), size(m)))),
    ('not protected, deepest owner, not a leading pin, largest constant',
     keyed(lambda m: (depth(m), not_pin(m), size(m)))),
    ('not protected, deepest owner, spacing, largest constant', keyed(lambda m: (depth(m), spacing(m), size(m)))),
    ('not protected, not a leading pin, spacing, largest constant (no owner depth)',
     keyed(lambda m: (not_pin(m), spacing(m), size(m)))),
    ('not protected, deepest owner, not a leading pin, spacing (no constant)',
     keyed(lambda m: (depth(m), not_pin(m), spacing(m)))),
    ('the lab\'s rule, earlier on a tie', keyed(lambda m: (depth(m), not_pin(m), spacing(m), size(m)), later=False)),
    ('the lab\'s rule: not protected, deepest owner, not a leading pin, spacing, largest constant, later on a tie',
     lab_rule),
]

total = len(logs)
print(f'{total} logs, {sum(1 for l in logs if l[2] is not None)} with the broken constraint found in the list')
scores = []
for name, rule in rules:
    hits = [l[0] for l in logs if l[2] is not None and rule(l[1]) == l[2]]
    scores.append(len(hits))
    print(f'{len(hits):3d} of {total} ({100 * len(hits) / total:.1f}%)  {name}')
# The facts the rule's first two steps rest on.
protected = [(l, i) for l in logs for i, m in enumerate(l[1]) if m['protected']]
protected_broken = [l[0] for l, i in protected if l[2] == i]
only_protected = [l[0] for l in logs if all(m['protected'] for m in l[1])]
pins = [(l, i) for l in logs for i, m in enumerate(l[1]) if m['form'] == 'leadingPin' and m['kind'] in ('hand-written', 'library')]
print(f'protected constraints: {len(protected)} in {len({l[0] for l, _ in protected})} logs, broken {len(protected_broken)} times '
      f'({" ".join(protected_broken) or "never"}; logs listing nothing else: {" ".join(only_protected) or "none"})')
print(f"the app's leading pins (|-(c)-[X]): {len(pins)}, broken {sum(1 for l, i in pins if l[2] == i)}")
misses = [l[0] for l in logs if l[2] is None or lab_rule(l[1]) != l[2]]
print('the lab\'s rule misses:', ' '.join(m.replace('.log', '') for m in misses))
for platform in ('uikit', 'appkit'):
    sub = [l for l in logs if l[3] == platform]
    print(f'  {platform}: {sum(1 for l in sub if l[2] is not None and lab_rule(l[1]) == l[2])} of {len(sub)}')
# Each step's evidence: the logs where the rule and the rule without that step name different
# constraints (gained: only the full rule names Apple's choice; lost: only the rule without the step).
def differences(rule, other):
    gained = [l[0][:4] for l in logs if rule(l[1]) == l[2] != other(l[1])]
    lost = [l[0][:4] for l in logs if other(l[1]) == l[2] != rule(l[1])]
    return f"gains {' '.join(gained) or '-'}; loses {' '.join(lost) or '-'}"
steps = [
    ('owner depth', keyed(lambda m: (not_pin(m), spacing(m), size(m)))),
    ('the leading-inset step', keyed(lambda m: (depth(m), spacing(m), size(m)))),
    ('the spacing step', keyed(lambda m: (depth(m), not_pin(m), size(m)))),
    ('the constant', keyed(lambda m: (depth(m), not_pin(m), spacing(m)))),
    ('later on a tie', keyed(lambda m: (depth(m), not_pin(m), spacing(m), size(m)), later=False)),
]
for name, without in steps:
    print(f'the lab\'s rule against itself without {name}: {differences(lab_rule, without)}')
print(f'the lab\'s rule against the rule before owner depth: {differences(lab_rule, old_rule)}')
# Leave one out: choose the best-scoring rule without each log, score it on that log.
loo = 0
for k, l in enumerate(logs):
    rest = logs[:k] + logs[k + 1:]
    best = max(range(len(rules)), key=lambda r: (sum(1 for m in rest if m[2] is not None and rules[r][1](m[1]) == m[2]), r))
    loo += l[2] is not None and rules[best][1](l[1]) == l[2]
print(f'leave-one-out, choosing among these rules: {loo} of {total}')
