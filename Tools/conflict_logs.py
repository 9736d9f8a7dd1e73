"""Conflict logs as `layoutlab log --format json` reads them, for the breaking-rule tools.

`load(folder, source, lab, prefix='')` reads every log MANIFEST.tsv lists in `folder` and returns one dict
per conflict: name, source, group (the repository; a log of unknown repository is a group of its own),
features (RuleStep.Feature values per listed constraint), broken (the index of Apple's choice, or None),
lab (the index of the lab's pick), lab_rule, shapes. A log the reader refuses is left out and named.
"""
import csv, json, os, subprocess, sys


def load(folder, source, lab, prefix='', rounds=None):
    rows = csv.DictReader(open(os.path.join(folder, 'MANIFEST.tsv')), delimiter='\t')
    repo_of = {row['file']: row['repo'] for row in rows if in_rounds(row, rounds)}
    out_logs = []
    for name in sorted(repo_of):
        out = subprocess.run([lab, 'log', os.path.join(folder, name), '--format', 'json'],
                             capture_output=True, text=True)
        if out.returncode != 0:
            print(f'{source} {name}: not read ({out.stderr.strip()}); left out')
            continue
        for c in json.loads(out.stdout)['conflicts']:
            keys = [m['address'] or m['text'] for m in c['constraints']]
            repo = repo_of[name]
            out_logs.append(dict(
                name=prefix + name[:4], source=source, group=f'{repo} {name}' if repo.startswith('unknown') else repo,
                features=[m['features'] for m in c['constraints']],
                broken=keys.index(c['apple_broke']) if c['apple_broke'] in keys else None,
                lab=keys.index(c['lab_breaks']) if c['lab_breaks'] in keys else None,
                lab_rule=c['lab_rule'], shapes=c['lab_rule']['shapes']))
    return out_logs


def rounds_option(argv):
    """The collection rounds `--rounds=A-B` (or `--rounds=A`) asks for, as a set, or None without it; exits
    saying what was expected when the value is malformed."""
    for a in argv:
        if a.startswith('--rounds='):
            low, _, high = a.split('=', 1)[1].partition('-')
            if not low.isdigit() or not (high or low).isdigit():
                sys.exit(f'{a}: expected a round or a range of them, e.g. --rounds=4 or --rounds=1-3')
            return set(range(int(low), int(high or low) + 1))
    return None


def in_rounds(row, rounds):
    """Whether a MANIFEST.tsv row is of one of `rounds` (its `round` column; None: every row)."""
    return rounds is None or int(row.get('round') or 0) in rounds


def arguments(argv, here):
    """[CORPUS] [--heldout DIR] [--rounds=A-B] [--FLAG…] as both tools take them: (corpus, heldout or None,
    layoutlab's path, the set of other flags, the held-out folder's collection rounds to read, None for
    all: its MANIFEST.tsv's `round` column). CORPUS defaults to $LAYOUTLAB_LOG_CORPUS, else
    ../shared/corpus/logs beside the repository; layoutlab to $LAYOUTLAB, else .build/debug/layoutlab.
    Exits with the reason when either is missing."""
    argv = list(argv)
    heldout = None
    rounds = rounds_option(argv)
    if '--heldout' in argv:
        at = argv.index('--heldout')
        heldout = argv[at + 1]
        del argv[at:at + 2]
    args = [a for a in argv if not a.startswith('--')]
    corpus = args[0] if args else os.environ.get('LAYOUTLAB_LOG_CORPUS') or \
        os.path.join(here, '..', '..', 'shared', 'corpus', 'logs')
    lab = os.environ.get('LAYOUTLAB') or os.path.join(here, '..', '.build', 'debug', 'layoutlab')
    if not os.path.isdir(corpus):
        sys.exit(f'no corpus at {corpus}')
    if not os.access(lab, os.X_OK):
        sys.exit(f'no layoutlab at {lab}: run swift build first')
    return corpus, heldout, lab, {a for a in argv if a.startswith('--')}, rounds
