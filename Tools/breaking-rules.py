#!/usr/bin/env python3
"""Which constraint does Apple break? The lab's breaking rule, fitted and judged on real conflict logs.

    Tools/breaking-rules.py [CORPUS] [--check] [--heldout DIR [--rounds=A-B]] [--offer=FEATURE] [--beam=N]

Reads every NNNN.log of CORPUS (default $LAYOUTLAB_LOG_CORPUS, else ../shared/corpus/logs beside the
repository) with `layoutlab log --format json` ($LAYOUTLAB, else .build/debug/layoutlab: `swift build`),
which gives each listed constraint the features a step of the rule can read (RuleStep.Feature; those
of the inferred hierarchy under each level of evidence, LogHierarchy.Evidence).

The rule has UIKit's shape (BreakingRule): the constraint greatest under a sequence of steps, each a
feature and which end of it is broken first, then the list's order (earlier or later). Fitting chooses
the hierarchy evidence, the steps and the order by a beam search over the logs' agreement with Apple's
choice; a step goes in only if it names Apple's choice in at least two more logs, and after the beam a step
whose removal does not lower the agreement is taken out again (the beam grows rules greedily).

The headline is leave-one-repository-out (LORO): MANIFEST.tsv's repo column groups the logs, each log
whose repository is `unknown (…)` is a group of its own; the rule is fitted on all other groups and
predicts each held-out group's logs. Beside it, the in-sample figure of the rule fitted on all logs. A
step of that rule whose removal from the search does not lower the LORO figure is dropped. The figures
per kind of conflict (ConflictShape) are LORO too. With --check, exits 1 unless `layoutlab log` applies
this rule and reports these figures (BreakingRule.rule, ConflictAnalysis.ruleEvidence, RuleAccuracy).

The search is offered every feature but the experimental ones (EXPERIMENTAL below); --offer=FEATURE
offers one of them too, and --beam=N widens the beam (a wider beam searches more sequences and takes
longer). Neither changes what --check compares.

With --heldout DIR (a folder of NNNN.log and MANIFEST.tsv of other projects, such as
Tests/ConflictLogTests/HeldOut), first the rule `layoutlab log` applies is scored on DIR's logs (the figure on
logs it never saw), then everything above runs on the union of the corpus and DIR, each of DIR's
repositories a group of its own, with each figure also given for the corpus's logs and DIR's apart.
--rounds=A-B reads only the logs of DIR's collection rounds A to B (MANIFEST.tsv's `round` column).
"""
import json, os, sys
from collections import Counter

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
from conflict_logs import arguments, load  # noqa: E402

corpus, heldout, lab, flags, rounds = arguments(sys.argv[1:], here)
check = '--check' in flags
# Features layoutlab exports that the search is not offered unless asked (docs/conflict-logs.md says why):
# asks_more (BreakingRule.markingAsksMore) decides two corpus logs, one each way.
EXPERIMENTAL = {'asks_more'}
offered = {f.split('=', 1)[1] for f in flags if f.startswith('--offer=')}
EXPERIMENTAL -= offered

EVIDENCE = ['named', 'stack_views', 'siblings', 'all']  # LogHierarchy.Evidence, least heuristic first
# The search: a beam of 12 sequences, at most 6 steps, and a step goes in only if it names Apple's
# choice in at least 2 more logs (a step resting on one log is that log, not a rule).
BEAM, MAX_STEPS, MIN_GAIN = 12, 6, 2
for f in flags:
    if f.startswith('--beam='):
        BEAM = int(f.split('=', 1)[1])

# ---- The logs ----------------------------------------------------------------------------------------
logs = load(corpus, 'corpus', lab)
if heldout:
    held = load(heldout, 'heldout', lab, prefix='h', rounds=rounds)
    # The rule layoutlab applies (fitted on the corpus alone) on logs of projects it never saw.
    agree = sum(1 for l in held if l['lab'] is not None and l['lab'] == l['broken'])
    print(f'THE RULE LAYOUTLAB APPLIES, ON {len(held)} LOGS OF {len({l["group"] for l in held})} REPOSITORIES '
          'IT WAS NOT FITTED ON '
          f'({heldout}): {agree} of {len(held)} ({100 * agree / max(len(held), 1):.1f}%)')
    print('  misses: ' + ' '.join(l['name'] for l in held if l['lab'] != l['broken']) + '\n')
    logs += held
groups = sorted({l['group'] for l in logs})
total = len(logs)
unknown = sum(1 for g in groups if g.startswith('unknown'))
print(f'{total} logs from {len(groups)} groups ({len(groups) - unknown} repositories or sites; {unknown} logs of unknown '
      f'repository, each a group of its own); Apple\'s choice found in the list in '
      f'{sum(1 for l in logs if l["broken"] is not None)}')

# ---- Rules ---------------------------------------------------------------------------------------------
def features_at(evidence, offered=True):
    """The feature names a rule under `evidence` reads: the hierarchy's at that level, the rest as they are
    (with `offered`, only those the search is offered)."""
    names = [n for n in logs[0]['features'][0].keys() if not offered or n.split('@')[0] not in EXPERIMENTAL]
    out = [n for n in names if '@' not in n]
    out += [n.split('@')[0] for n in names if n.endswith('@' + evidence)]
    return out

def value(f, name, evidence):
    return f[name] if name in f else f[f'{name}@{evidence}']

# Per log, per (feature, evidence): the candidates' values, read once.
columns = {}
for l in logs:
    l['columns'] = {}
    for evidence in EVIDENCE:
        for n in features_at(evidence, offered=False):
            l['columns'][n, evidence] = [value(f, n, evidence) for f in l['features']]

narrowed = {}
def narrow(log, cands, step, evidence):
    """The candidates of `cands` greatest under one more step (remembered: every fold of the
    cross-validation narrows the same candidates again)."""
    key = (log['name'], cands, step, evidence)
    got = narrowed.get(key)
    if got is None:
        n, sign = step
        col = log['columns'][n, evidence]
        best = max(sign * col[i] for i in cands)
        got = narrowed[key] = tuple(i for i in cands if sign * col[i] == best)
    return got

def top(log, steps, evidence):
    """The candidates greatest under `steps`, in list order."""
    cands = tuple(range(len(log['features'])))
    for st in steps:
        cands = narrow(log, cands, st, evidence)
    return cands

def pick(log, rule):
    evidence, steps, ties = rule
    t = top(log, steps, evidence)
    return t[0] if ties == 'earlier' else t[-1]

def hits(sample, rule):
    return sum(1 for l in sample if pick(l, rule) == l['broken'])

def score(sample, tops):
    """The best agreement over the list's order, earlier first on a tie: (hits, -order)."""
    early = sum(1 for l, t in zip(sample, tops) if t[0] == l['broken'])
    late = sum(1 for l, t in zip(sample, tops) if t[-1] == l['broken'])
    return (early, 0) if early >= late else (late, -1)

def fit(sample, excluded=frozenset()):
    """The rule agreeing with Apple's choice in most of `sample`: per evidence level a beam search over
    step sequences (a step must add at least MIN_GAIN logs), the order that ties break; on equal scores
    the less heuristic evidence, the shorter rule, the steps listed first, the earlier order (UIKit's)."""
    best = None
    for ei, evidence in enumerate(EVIDENCE):
        pool = [(n, s) for n in features_at(evidence) for s in (1, -1) if n not in excluded]
        start = [tuple(range(len(l['features']))) for l in sample]
        beam = [([], start, score(sample, start))]
        found = beam[0]
        for _ in range(MAX_STEPS):
            grown = []
            for steps, tops, sc in beam:
                used = {s[0] for s in steps}
                for st in pool:
                    if st[0] in used:
                        continue
                    tops2 = [narrow(l, t, st, evidence) if len(t) > 1 else t for l, t in zip(sample, tops)]
                    s2 = score(sample, tops2)
                    if s2[0] - sc[0] >= MIN_GAIN:
                        grown.append((steps + [st], tops2, s2))
            if not grown:
                break
            grown.sort(key=lambda x: (-x[2][0], [pool.index(s) for s in x[0]]))
            beam = grown[:BEAM]
            if beam[0][2][0] > found[2][0]:
                found = beam[0]
        steps, (h, t) = prune(sample, found[0], found[2], evidence)
        candidate = (h, -ei, -len(steps), (evidence, steps, 'earlier' if t == 0 else 'later'))
        if best is None or candidate[:3] > best[:3]:
            best = candidate
    return best[3]

def prune(sample, steps, sc, evidence):
    """Backward elimination after the beam: a step whose removal does not lower the agreement goes. The
    beam grows rules greedily, so a step taken early for its gain there can cost more than it earns once
    later steps are in. It narrows, but does not remove, the search's dependence on the beam's width
    (docs/conflict-logs.md gives the figures by width)."""
    while steps:
        options = []
        for i in range(len(steps)):
            shorter = steps[:i] + steps[i + 1:]
            s2 = score(sample, [top(l, shorter, evidence) for l in sample])
            if s2[0] >= sc[0]:
                options.append((s2, i, shorter))
        if not options:
            break
        sc, _, steps = max(options, key=lambda o: (o[0][0], o[1]))
    return steps, sc

loro_cache = {}
def loro(excluded=frozenset()):
    """Per log, whether the rule fitted without its group names Apple's choice."""
    excluded = frozenset(excluded)
    if excluded not in loro_cache:
        right = {}
        for g in groups:
            rule = fit([l for l in logs if l['group'] != g], excluded)
            for l in logs:
                if l['group'] == g:
                    right[l['name']] = pick(l, rule) == l['broken']
        loro_cache[excluded] = right
    return loro_cache[excluded]

def name(rule):
    evidence, steps, ties = rule
    return ', '.join(f'{n}{"+" if s > 0 else "-"}' for n, s in steps) + f'; then the {ties} listed (hierarchy evidence: {evidence})'

def pct(h, n):
    return f'{h} of {n} ({100 * h / n:.1f}%)' if n else '-'

# ---- Fit, cross-validate, drop the steps cross-validation does not support -----------------------------
excluded = frozenset()
cv = loro()
rule = fit(logs)
while True:
    dropped = None
    for n, _ in rule[1]:
        without = loro(excluded | {n})
        if sum(without.values()) >= sum(cv.values()):
            dropped = (n, without)
            break
    if not dropped:
        break
    print(f'dropped {dropped[0]}: leave-one-repository-out {sum(dropped[1].values())} without it, {sum(cv.values())} with')
    excluded = excluded | {dropped[0]}
    cv = dropped[1]
    rule = fit(logs, excluded)
in_sample = hits(logs, rule)
loro_hits = sum(cv.values())
print()
print(f'THE RULE\'S ACCURACY, LEAVE-ONE-REPOSITORY-OUT: {pct(loro_hits, total)}   (in-sample: {pct(in_sample, total)})')
print(f'the rule: {name(rule)}')
for p in ('uikit', 'appkit'):
    sub = [l for l in logs if ('appkit' in l['shapes']) == (p == 'appkit')]
    print(f'  {p}: {pct(sum(cv[l["name"]] for l in sub), len(sub))} cross-validated, {pct(hits(sub, rule), len(sub))} in-sample')
if heldout:
    for src in ('corpus', 'heldout'):
        sub = [l for l in logs if l['source'] == src]
        print(f'  {src}: {pct(sum(cv[l["name"]] for l in sub), len(sub))} cross-validated, '
              f'{pct(hits(sub, rule), len(sub))} in-sample')
print('misses (cross-validated):', ' '.join(sorted(k for k, v in cv.items() if not v)))
print('misses (in-sample):', ' '.join(l['name'] for l in logs if pick(l, rule) != l['broken']))

# How much the headline owes to the search's settings: LORO with a step needing 1 or 3 more logs.
for gain in (1, 3):
    MIN_GAIN, kept = gain, MIN_GAIN
    loro_cache.clear()
    print(f'  leave-one-repository-out with a step needing {gain} more log{"s" if gain > 1 else ""}: '
          f'{sum(loro(excluded).values())} of {total}')
    MIN_GAIN = kept
loro_cache.clear()
loro_cache[frozenset(excluded)] = cv

# Each step's weight: the rule's logs without it (in-sample) and the search's LORO figure without it.
print('\neach step, as evidence:')
for i, (n, s) in enumerate(rule[1]):
    shorter = (rule[0], rule[1][:i] + rule[1][i + 1:], rule[2])
    gained = [l['name'] for l in logs if pick(l, rule) == l['broken'] != pick(l, shorter)]
    lost = [l['name'] for l in logs if pick(l, shorter) == l['broken'] != pick(l, rule)]
    print(f'  {n}{"+" if s > 0 else "-"}: decides {len(gained)} logs for it ({" ".join(gained) or "-"}), '
          f'{len(lost)} against ({" ".join(lost) or "-"}); leave-one-repository-out without it: '
          f'{sum(loro(excluded | {n}).values())}')
other = (rule[0], rule[1], 'later' if rule[2] == 'earlier' else 'earlier')
print(f'  the {rule[2]} on a tie: {hits(logs, rule)} logs; the {other[2]}: {hits(logs, other)}')

# Ties: logs where the rule's steps leave several candidates.
tied = [l for l in logs if len(top(l, rule[1], rule[0])) > 1]
print(f'\nties on every step: {len(tied)} logs; the list\'s order names Apple\'s choice in '
      f'{sum(1 for l in tied if pick(l, rule) == l["broken"])}, another tied candidate is it in '
      f'{sum(1 for l in tied if pick(l, rule) != l["broken"] and l["broken"] in top(l, rule[1], rule[0]))} '
      f'({" ".join(l["name"] for l in tied)})')

# Per kind of conflict, cross-validated.
print('\nper kind of conflict (cross-validated; in-sample):')
shapes = {}
for s in sorted({s for l in logs for s in l['shapes']}):
    sub = [l for l in logs if s in l['shapes']]
    shapes[s] = (sum(cv[l['name']] for l in sub), len(sub))
    print(f'  {s}: {pct(*shapes[s])}; {pct(hits(sub, rule), len(sub))}')

# Simpler rules for comparison, fixed (nothing fitted, so in-sample is their only figure).
print('\nfixed rules for comparison (in-sample):')
for label, r in [
    ('the first listed', ('all', [], 'earlier')),
    ('the last listed', ('all', [], 'later')),
    ('the first not UIKit\'s bookkeeping', ('all', [('bookkeeping', -1)], 'earlier')),
    ('not bookkeeping, largest constant, later on a tie', ('all', [('bookkeeping', -1), ('constant', 1)], 'later')),
    ('the first form of the rule, read off the logs by hand (the same steps)',
     ('all', [('bookkeeping', -1), ('owner_depth', 1), ('leading_pin', -1), ('spacing', 1), ('constant', 1)], 'later')),
    ('those steps with asks_more before the last (the same-anchors experiment)',
     ('all', [('bookkeeping', -1), ('owner_depth', 1), ('leading_pin', -1), ('spacing', 1), ('asks_more', 1),
              ('constant', 1)], 'later')),
]:
    print(f'  {pct(hits(logs, r), total)}  {label}')

# ---- What layoutlab applies and reports ----------------------------------------------------------------
reported = logs[0]['lab_rule']
swift = (reported['evidence'], [(s[:-1], 1 if s[-1] == '+' else -1) for s in reported['steps']], reported['ties'])
problems = []
if swift != rule:
    problems.append(f'BreakingRule.rule / ConflictAnalysis.ruleEvidence is "{name(swift)}", the fit is "{name(rule)}"')
if any(l['lab'] != pick(l, rule) for l in logs):
    problems.append('lab_breaks differs from the fitted rule\'s pick in ' + ' '.join(l['name'] for l in logs if l['lab'] != pick(l, rule)))
want = {'cross_validated': (loro_hits, total), 'in_sample': (in_sample, total)}
for k, (h, n) in want.items():
    got = reported[k]
    if (got['hits'], got['logs']) != (h, n):
        problems.append(f'RuleAccuracy: {k} is {got["hits"]} of {got["logs"]}, measured {h} of {n}')
for l in logs:
    for s, f in l['lab_rule']['shape_accuracy'].items():
        if (f['hits'], f['logs']) != shapes.get(s):
            problems.append(f'RuleAccuracy.byShape[{s}] is {f["hits"]} of {f["logs"]}, measured {shapes.get(s)}')
problems = list(dict.fromkeys(problems))
print('\nlayoutlab log applies this rule and reports these figures' if not problems else '\nlayoutlab log is out of date:')
for p in problems:
    print('  ' + p)
print('Swift: steps ' + json.dumps([f'{n}{"+" if s > 0 else "-"}' for n, s in rule[1]]) + f', ties .{rule[2]}, '
      f'evidence .{rule[0]}; crossValidated {loro_hits} of {total}, inSample {in_sample} of {total}, byShape '
      + ', '.join(f'.{s}: {h} of {n}' for s, (h, n) in shapes.items()))
if check and problems:
    sys.exit(1)
