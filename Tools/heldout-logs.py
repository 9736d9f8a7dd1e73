#!/usr/bin/env python3
"""What the lab makes of conflict logs of projects its breaking rule never saw.

    Tools/heldout-logs.py [DIR] [--write | --check] [--verbose] [--pairs] [--rounds=A-B] [--rule=SPEC]

Reads every log MANIFEST.tsv lists in DIR (default Tests/ConflictLogTests/HeldOut) with
`layoutlab log FILE --format json` ($LAYOUTLAB, else .build/debug/layoutlab: `swift build`), twice: whole,
and cut right after its list (everything from "Will attempt to recover" on dropped, as a person selecting
the list copies it). Prints, per log and in all:

  read            read whole: one log, as many constraints as the manifest counts, Apple's broken
                  constraint found in the list
  read cut        read cut after its list: one log, the same constraints, no broken constraint
  unsatisfiable   the listed constraints cannot all hold as printed (and within the printing precision)
  rule agrees     the lab's breaking rule, which never reads the recovery line, names Apple's choice

With --pairs, also looks at the conflicts of exactly two constraints, the shape the rule is weakest on:
how often Apple broke the one listed first, how often the one at the lower address (allocated first, on
one heap), and how often the rule agrees; DIR may be any folder with such a manifest, ../shared/corpus/logs
among them.

With --rounds=A-B, reads only the logs of collection rounds A to B (MANIFEST.tsv's `round` column). With
--rule=SPEC, also scores another rule of the breaking rule's shape on the same logs, from the features
`layoutlab log` exports: SPEC is its steps (each a feature `Tools/breaking-rules.py` names and + or -),
the list's order on a tie and the hierarchy evidence, separated by semicolons, e.g.
`bookkeeping-,owner_depth+,second_item_depth+,asks_more+,first_item_depth+,constant+;later;all`.

With --write, records the figures in DIR/figures.json, which ConflictLogTests.HeldOutLogTests checks the
reader and the rule against; with --check, exits 1 unless that file holds the figures measured now.
"""
import csv, json, os, subprocess, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from conflict_logs import in_rounds, rounds_option  # noqa: E402

here = os.path.dirname(os.path.abspath(__file__))
args = [a for a in sys.argv[1:] if not a.startswith('--')]
folder = args[0] if args else os.path.join(here, '..', 'Tests', 'ConflictLogTests', 'HeldOut')
lab = os.environ.get('LAYOUTLAB') or os.path.join(here, '..', '.build', 'debug', 'layoutlab')
if not os.access(lab, os.X_OK):
    sys.exit(f'no layoutlab at {lab}: run swift build first')
PHRASE = 'Will attempt to recover'


def read(text):
    """`layoutlab log - --format json` on `text`: (the conflicts, None) or (None, the reader's error)."""
    out = subprocess.run([lab, 'log', '-', '--format', 'json'], input=text, capture_output=True, text=True)
    if out.returncode != 0:
        return None, (out.stderr.strip() or f'exit {out.returncode}')
    return json.loads(out.stdout)['conflicts'], None


def cut_after_list(text):
    """The text before the recovery phrase (where a web page ran the log on one line, the list's line up to
    the phrase)."""
    return text[:text.index(PHRASE)]


def measure(row):
    text = open(os.path.join(folder, row['file']), encoding='utf-8').read()
    r = dict(file=row['file'], repo=row['repo'], problems=[])
    whole, error = read(text)
    if error or len(whole) != 1:
        r['problems'].append(f'whole: {error or f"{len(whole)} logs"}')
        whole = None
    c = whole[0] if whole else None
    if c and len(c['constraints']) != int(row['constraints']):
        r['problems'].append(f'whole: {len(c["constraints"])} constraints, the manifest counts {row["constraints"]}')
    if c and c['apple_broke'] is None:
        r['problems'].append('whole: the broken constraint is not found in the list')
    r['read'] = not r['problems']
    cut, error = read(cut_after_list(text))
    cut_ok = not error and len(cut) == 1 and c is not None and \
        [m['text'] for m in cut[0]['constraints']] == [m['text'] for m in c['constraints']] and \
        not cut[0]['apple_choice_in_paste']
    if not cut_ok:
        r['problems'].append(f'cut after the list: {error or "not the same list without a broken constraint"}')
    r['read_cut'] = cut_ok
    r['unsatisfiable'] = bool(c and c['unsatisfiable'])
    r['unsatisfiable_within_printing'] = bool(c and c['unsatisfiable_within_printing'])
    r['agrees'] = bool(c and c['apple_broke'] is not None and c['lab_breaks'] == c['apple_broke'])
    r['conflict'] = c
    return r


def keys(c):
    """Each listed constraint as `apple_broke` and `lab_breaks` name it: its address, else its text."""
    return [m['address'] or m['text'] for m in c['constraints']]


def describe(r):
    c = r['conflict']
    if not c:
        return ''
    listed = keys(c)
    index = lambda k: listed.index(k) + 1 if k in listed else None
    tied = ' '.join(str(index(k)) for k in c['lab_tied_with'])
    return (f'Apple broke {index(c["apple_broke"])}, the rule picks {index(c["lab_breaks"])}'
            + (f' (tied with {tied})' if tied else '') + f' of {len(listed)}; omits {",".join(c["omits"]) or "-"}')


rows = list(csv.DictReader(open(os.path.join(folder, 'MANIFEST.tsv'), encoding='utf-8'), delimiter='\t'))
option = lambda name: next((a.split('=', 1)[1] for a in sys.argv[1:] if a.startswith(f'--{name}=')), None)
rounds = rounds_option(sys.argv[1:])
if rounds is not None and ('--write' in sys.argv or '--check' in sys.argv):
    sys.exit('--rounds reads part of the folder; --write and --check take all of it')
rows = [row for row in rows if in_rounds(row, rounds)]
results = [measure(row) for row in rows]
n = len(results)
count = lambda key: sum(1 for r in results if r[key])
figures = {
    'logs': n, 'repositories': len({r['repo'] for r in results}),
    'read': count('read'), 'read_cut': count('read_cut'),
    'unsatisfiable': count('unsatisfiable'), 'unsatisfiable_within_printing': count('unsatisfiable_within_printing'),
    'rule_agrees': count('agrees'),
    'rule_misses': [r['file'] for r in results if not r['agrees']],
    'not_read': [r['file'] for r in results if not r['read'] or not r['read_cut']],
}
for r in results:
    if '--verbose' in sys.argv or not r['agrees'] or r['problems']:
        mark = 'agrees' if r['agrees'] else 'MISS'
        print(f'{r["file"]} {r["repo"]}: {mark}; {describe(r)}' + ''.join(f'\n    {p}' for p in r['problems']))
pct = lambda h: f'{h} of {n} ({100 * h / n:.1f}%)' if n else '-'
print(f'\n{n} logs of {figures["repositories"]} repositories the rule never saw ({folder})')
print(f'  read whole:                    {pct(figures["read"])}')
print(f'  read cut right after the list: {pct(figures["read_cut"])}')
print(f'  unsatisfiable as printed:      {pct(figures["unsatisfiable"])}; within the printing precision '
      f'{pct(figures["unsatisfiable_within_printing"])}')
print(f'  THE BREAKING RULE NAMES APPLE\'S CHOICE: {pct(figures["rule_agrees"])}')



def other_rule(spec):
    """How often the rule SPEC (steps;ties;evidence) names Apple's choice among the logs read whole."""
    parts = spec.split(';')
    if len(parts) != 3 or parts[1] not in ('earlier', 'later'):
        sys.exit(f'--rule={spec}: expected STEPS;earlier|later;EVIDENCE, e.g. bookkeeping-,constant+;later;all')
    steps, ties, evidence = parts
    if any(st[-1] not in '+-' for st in steps.split(',') if st):
        sys.exit(f'--rule={spec}: each step is a feature and + or -')
    steps = [(st[:-1], 1 if st[-1] == '+' else -1) for st in steps.split(',') if st]
    value = lambda f, name: f[name] if name in f else f[f'{name}@{evidence}']
    known = next((m['features'] for r in results if r['conflict'] for m in r['conflict']['constraints']), {})
    for name, _ in steps:
        if name not in known and f'{name}@{evidence}' not in known:
            sys.exit(f'--rule={spec}: no feature {name!r} under evidence {evidence!r} (layoutlab log exports: '
                     f'{", ".join(sorted(known))})')
    hits = 0
    for r in results:
        c = r['conflict']
        if not c or c['apple_broke'] is None:
            continue
        features = [m['features'] for m in c['constraints']]
        cands = list(range(len(features)))
        for name, sign in steps:
            best = max(sign * value(features[i], name) for i in cands)
            cands = [i for i in cands if sign * value(features[i], name) == best]
        pick = cands[0] if ties == 'earlier' else cands[-1]
        hits += keys(c)[pick] == c['apple_broke']
    print(f'  the rule {spec} names Apple\'s choice: {pct(hits)}')


if option('rule'):
    other_rule(option('rule'))


def pairs():
    """Conflicts of two constraints: is Apple's choice the first listed, the lower address, the rule's?"""
    two = [r for r in results if r['conflict'] and len(r['conflict']['constraints']) == 2
           and r['conflict']['apple_broke'] is not None]
    first = sum(1 for r in two if keys(r['conflict'])[0] == r['conflict']['apple_broke'])
    addressed = [r for r in two if all(m['address'] for m in r['conflict']['constraints'])]
    lower = sum(1 for r in addressed if min(keys(r['conflict']), key=lambda a: int(a, 16))
                == r['conflict']['apple_broke'])
    print(f'\n{len(two)} conflicts of two constraints:')
    print(f'  Apple broke the first listed:  {first} of {len(two)}')
    print(f'  Apple broke the lower address: {lower} of {len(addressed)} with both addresses printed')
    print(f'  the rule names Apple\'s choice: {sum(1 for r in two if r["agrees"])} of {len(two)}')


if '--pairs' in sys.argv:
    pairs()

recorded_path = os.path.join(folder, 'figures.json')
if '--write' in sys.argv:
    with open(recorded_path, 'w') as f:
        json.dump(figures, f, indent=1)
        f.write('\n')
    print(f'recorded in {recorded_path}')
if '--check' in sys.argv:
    recorded = json.load(open(recorded_path)) if os.path.exists(recorded_path) else None
    if recorded != figures:
        sys.exit(f'{recorded_path} does not hold these figures: run Tools/heldout-logs.py --write')
    print(f'{recorded_path} holds these figures')
