#!/usr/bin/env python3
"""How far a fitted rule that holds for some documents and not others can take the agreement.

    Tools/ib-rule-ceiling.py [--lab PATH] [--only-in EXT] RULE [FOLDER…]

Runs `layoutlab check-ib --per-view` over the folders' documents with RULE on and with it off, and
prints, per platform, the views that agree each way and the views that would agree if every document
were checked the way that suits it better. That last figure is an oracle's: it reads the stored
frames to choose, so no importer can reach it; it bounds what telling such documents apart could gain.
For `appkit-controls-26` (Xcode 26 documents drawn with macOS 26's controls, or with the earlier ones
IB kept), it bounds what reading the AppKit a document was laid out with could give. `--only-in EXT`
adds a column for a real reading that tells documents apart by kind: the rule on in documents ending in
`.EXT` (xib, storyboard), off in the others.

FOLDER defaults to ../shared/corpus/ib and ib-more beside the repository (their variables as in
Tools/ib-cross-validate.py). Needs a built layoutlab (default .build/release/layoutlab).
"""
import argparse, collections, glob, json, os, subprocess, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ib_corpus import folders  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
COUNTED = ('agree', 'disagree', 'ambiguous')


def per_view(lab, docs, rules_off):
    """(file, scene, view) -> (platform, agrees) for every counted view."""
    args = [lab, 'check-ib', '--format', 'json', '--per-view'] + (['--rules-off', rules_off] if rules_off else [])
    run = subprocess.run(args + docs, capture_output=True, text=True)
    # Exit status 2 with rows: some documents could not be read (legacy archives); the rest were checked.
    if run.returncode not in (0, 1, 2) or not run.stdout.strip():
        sys.exit(f'layoutlab check-ib failed ({run.returncode}): {run.stderr.strip()[:400]}')
    if run.returncode == 2 and not rules_off:
        unread = sum(1 for line in run.stderr.splitlines() if line.startswith('error:'))
        print(f'{unread} documents not read (check-ib says why)', file=sys.stderr, flush=True)
    out = {}
    for line in run.stdout.splitlines():
        row = json.loads(line)
        if 'view' in row and row['status'] in COUNTED:
            out[(row['file'], row['scene'], row['view'])] = (row['platform'], row['status'] == 'agree')
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--lab', default=os.path.join(ROOT, '.build', 'release', 'layoutlab'))
    parser.add_argument('--only-in', choices=('xib', 'storyboard'), help='also score the rule on in .EXT only')
    parser.add_argument('rule')
    parser.add_argument('folders', nargs='*')
    a = parser.parse_args()
    if not os.path.exists(a.lab):
        sys.exit(f'no layoutlab at {a.lab}: build it (swift build -c release --product layoutlab) or pass --lab')
    docs = sorted(f for d in folders(a.folders) for ext in ('xib', 'storyboard') for f in glob.glob(f'{d}/*.{ext}'))
    if not docs:
        sys.exit('no documents to check')
    on, off = per_view(a.lab, docs, None), per_view(a.lab, docs, a.rule)
    # platform -> [views, agree with the rule, agree without, agree choosing per document, agree by kind]
    totals = collections.defaultdict(lambda: [0, 0, 0, 0, 0])
    by_doc = collections.defaultdict(lambda: [0, 0])
    for key, (platform, agrees) in on.items():
        without = off.get(key, (platform, False))[1]
        t = totals[platform]
        t[0] += 1
        t[1] += agrees
        t[2] += without
        t[4] += agrees if a.only_in and key[0].endswith('.' + a.only_in) else without
        d = by_doc[(platform, key[0])]
        d[0] += agrees
        d[1] += without
    for (platform, _), (with_rule, without) in by_doc.items():
        totals[platform][3] += max(with_rule, without)
    print(f'{len(docs)} documents; rule {a.rule}; lab {a.lab}')
    kind = [f'on in .{a.only_in} only'] if a.only_in else []
    print(f'{"platform":9} {"views":>6}  ' + '  '.join(
        f'{h:>24}' for h in ['rule on', 'rule off', 'the better per document'] + kind))
    for platform in sorted(totals):
        n, with_rule, without, best, by_kind = totals[platform]
        cells = [f'{100 * x / n:5.1f}% ({x:5d})' for x in [with_rule, without, best] + ([by_kind] if kind else [])]
        print(f'{platform:9} {n:6d}  ' + '  '.join(f'{c:>24}' for c in cells))
    changed = sum(1 for (w, o) in by_doc.values() if w != o)
    print(f'documents where the rule changes how many views agree: {changed}')


if __name__ == '__main__':
    main()
