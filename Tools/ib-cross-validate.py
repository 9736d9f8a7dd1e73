#!/usr/bin/env python3
"""check-ib's agreement with Interface Builder, cross-validated by repository.

    Tools/ib-cross-validate.py [--lab PATH] [--write-table] [--write-sources] [--per-repo]
                               [--minimum-repositories N] [FOLDER ...]

Every value the importer fits on documents (FittedValues: control insets and lengths by style, and
the fitted rules) is fitted again with one repository left out, and that repository is checked with
the values the others gave; each repository in turn, over every FOLDER (default: ../shared/corpus/ib
and ../shared/corpus/ib-more beside the repository, or $LAYOUTLAB_IB_CORPUS and
$LAYOUTLAB_IB_MORE_CORPUS). A fold's table is `layoutlab check-ib --fit` on the other repositories'
observations (`check-ib --votes`); a fitted rule stays on for a fold only if, on the other
repositories, it makes more views agree than it makes disagree. The figures printed are the
leave-one-repository-out agreement per folder and platform (the headline), with the in-sample one
(everything fitted on every document) beside it, both over all views and over the views whose size
the lab derived itself (not size_from_stored_frame).

`layoutlab check-ib --cross-validate FILES...` prints the same figures in one process; this tool adds
the table and sources writers and the per-repository listing.

--minimum-repositories N fits a value only where N repositories chose it, leaving the style's less
specific key to answer elsewhere (an experiment: the built-in values use 1).

--write-table writes the in-sample fit to Sources/InterfaceBuilder/FittedTable.swift (the built-in
values); --write-sources writes Tools/ib-fit-sources.txt (every fitted value with the documents it
was read off); --per-repo prints each held-out repository's figures beside its in-sample ones, the repositories that lose most
first, with the fitted keys only that repository gives a value for. Needs a built layoutlab
(default .build/release/layoutlab, else .build/debug/layoutlab).
"""
import collections, csv, json, os, subprocess, sys, tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ib_corpus import folders  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
RULES = ['notch-by-xcode', 'status-bar-by-xcode', 'child-without-bars', 'sheets', 'root-between-bars', 'cell-margins-by-screen', 'cell-margins-26', 'safe-area-twice-26', 'appkit-controls-26', 'canvas-breaks-generated']
STATUSES = ['agree', 'disagree', 'ambiguous']
# --minimum-repositories N: fit a value only where N repositories chose it (the built-in values use 1).
MINIMUM_REPOSITORIES = 1


def documents(folder):
    """file path -> repository, from the folder's MANIFEST.tsv (else the file name's owner__repo)."""
    repos = {}
    manifest = os.path.join(folder, 'MANIFEST.tsv')
    if os.path.exists(manifest):
        with open(manifest, newline='') as f:
            for row in csv.DictReader(f, delimiter='\t'):
                repos[row['file']] = row['repo']
    out = {}
    for name in sorted(os.listdir(folder)):
        if name.endswith('.xib') or name.endswith('.storyboard'):
            parts = name.split('__')
            out[os.path.join(folder, name)] = repos.get(name) or '/'.join(parts[:2])
    return out


def lab_path(given):
    for p in ([given] if given else []) + [os.path.join(ROOT, '.build', c, 'layoutlab') for c in ('release', 'debug')]:
        if p and os.access(p, os.X_OK):
            return p
    sys.exit('no layoutlab: build it (swift build -c release --product layoutlab) or pass --lab')


def run(lab, args, files):
    """layoutlab check-ib ARGS FILES..., in chunks; stdout lines (files it cannot import are skipped)."""
    lines = []
    files = list(files)
    for k in range(0, len(files), 200):
        p = subprocess.run([lab, 'check-ib'] + args + files[k:k + 200], capture_output=True, text=True)
        if p.returncode not in (0, 2):
            sys.exit(f'layoutlab check-ib failed ({p.returncode}): {p.stderr[-2000:]}')
        lines += [l for l in p.stdout.splitlines() if l.strip()]
    return lines


def fit(lab, votes, repo_of, leave_out=None):
    with tempfile.NamedTemporaryFile('w', suffix='.jsonl', delete=False) as f:
        for path, v in votes.items():
            if repo_of[path] != leave_out:
                f.write(json.dumps({'repository': repo_of[path], 'votes': v}) + '\n')
        name = f.name
    out = subprocess.run([lab, 'check-ib', '--fit', name, '--minimum-repositories', str(MINIMUM_REPOSITORIES)],
                         capture_output=True, text=True, check=True).stdout
    os.unlink(name)
    return json.loads(out)['table']


def check(lab, table, rules_off, files, per_view=True):
    with tempfile.NamedTemporaryFile('w', suffix='.json', delete=False) as f:
        json.dump({'table': table, 'rules_off': sorted(rules_off)}, f)
        name = f.name
    args = ['--fitted', name, '--format', 'json'] + (['--per-view'] if per_view else [])
    lines = run(lab, args, files)
    os.unlink(name)
    return [json.loads(l) for l in lines]


class Tally:
    def __init__(self):
        self.n = collections.Counter()

    def add(self, r, where):
        for w in where:
            self.n[(w, r['status'])] += 1
            if not r.get('size_from_stored_frame'):
                self.n[(w + ('derived',), r['status'])] += 1

    def figure(self, where):
        a = self.n[(where, 'agree')]
        d = sum(self.n[(where, s)] for s in STATUSES)
        return a, d


def tally(records, folder_of):
    t = Tally()
    for r in records:
        if 'status' not in r:
            continue
        folder = folder_of[r['file']]
        t.add(r, [(folder, r['platform']), (folder, 'all'), ('both', r['platform']), ('both', 'all')])
    return t


def file_agreement(records):
    """file -> agree - (disagree + ambiguous), from check-ib's per-file JSON."""
    return {r['file']: r['agree'] for r in records if 'file' in r and 'agree' in r}


def main():
    argv = sys.argv[1:]
    valued = ('--lab', '--minimum-repositories')
    opts = {a for a in argv if a.startswith('--') and a not in valued}
    lab_given = argv[argv.index('--lab') + 1] if '--lab' in argv else None
    rest = [a for i, a in enumerate(argv) if not a.startswith('--') and (i == 0 or argv[i - 1] not in valued)]
    global MINIMUM_REPOSITORIES
    if '--minimum-repositories' in argv:
        MINIMUM_REPOSITORIES = int(argv[argv.index('--minimum-repositories') + 1])
        if MINIMUM_REPOSITORIES != 1 and opts & {'--write-table', '--write-sources'}:
            sys.exit('--minimum-repositories is an experiment: the built-in values are fitted with 1')
    lab = lab_path(lab_given)
    repo_of, folder_of = {}, {}
    for folder in folders(rest):
        for path, repo in documents(folder).items():
            repo_of[path] = repo
            folder_of[path] = os.path.basename(folder)
    files = sorted(repo_of)
    votes = {}
    for line in run(lab, ['--votes'], files):
        r = json.loads(line)
        votes[r['file']] = r['votes']

    # In sample: every value fitted on every document; rules kept where they help.
    table_all = fit(lab, votes, repo_of)
    base = check(lab, table_all, [], files, per_view=False)
    agree_on = file_agreement(base)
    gain = {}
    for rule in RULES:
        off = file_agreement(check(lab, table_all, [rule], files, per_view=False))
        gain[rule] = {f: agree_on.get(f, 0) - off.get(f, 0) for f in files}
    # A rule is built in only where its gain survives leaving out the repositories it was fitted on:
    # summed over the folds, the held-out repository's gain where the other repositories keep it.
    loro_gain = collections.Counter()
    for repo in set(repo_of.values()):
        for rule in RULES:
            if sum(g for f, g in gain[rule].items() if repo_of[f] != repo) > 0:
                loro_gain[rule] += sum(g for f, g in gain[rule].items() if repo_of[f] == repo)
    rules_off_all = {rule for rule in RULES if loro_gain[rule] <= 0}
    in_records = check(lab, table_all, rules_off_all, files)
    in_sample = tally(in_records, folder_of)

    # Leave one repository out.
    loro = Tally()
    per_repo = {}
    only_keys = {}
    rule_kept = collections.Counter()
    for repo in sorted(set(repo_of.values())):
        held = [f for f in files if repo_of[f] == repo]
        table = fit(lab, votes, repo_of, leave_out=repo)
        only_keys[repo] = sorted(set(table_all) - set(table))
        off = {rule for rule in RULES if sum(g for f, g in gain[rule].items() if repo_of[f] != repo) <= 0}
        for rule in RULES:
            rule_kept[rule] += rule not in off
        t = tally(check(lab, table, off, held), folder_of)
        per_repo[repo] = t
        for k, n in t.n.items():
            loro.n[k] += n

    names = sorted({folder_of[f] for f in files}) + ['both']
    print('check-ib agreement with Interface Builder, leave one repository out (in sample beside it)')
    print(f'{len(files)} documents, {len(set(repo_of.values()))} repositories; lab: {lab}')
    print(f'{"folder":10s} {"platform":8s} {"LORO":>24s} {"in sample":>24s}   {"LORO, sizes derived":>24s} {"in sample, derived":>24s}')
    for folder in names:
        for platform in ('iOS', 'macOS', 'all'):
            cells = []
            for t, suffix in ((loro, ()), (in_sample, ()), (loro, ('derived',)), (in_sample, ('derived',))):
                a, d = t.figure((folder, platform) + suffix)
                cells.append(f'{100 * a / d:5.1f}% ({a:5d} of {d:5d})' if d else f'{"-":>24s}')
            print(f'{folder:10s} {platform:8s} {cells[0]:>24s} {cells[1]:>24s}   {cells[2]:>24s} {cells[3]:>24s}')
    folds = len(per_repo)
    print('fitted rules (views they make agree: in sample, and in held-out repositories; folds that keep them):')
    for rule in RULES:
        print(f'  {rule:20s} {sum(gain[rule].values()):+5d} {loro_gain[rule]:+5d}   kept in {rule_kept[rule]} of {folds} folds'
              + ('   (off: no gain held out)' if rule in rules_off_all else ''))
    builtin, builtin_off = builtin_table()
    changed = sorted(k for k in set(builtin) | set(table_all) if builtin.get(k) != table_all.get(k))
    changed += sorted(rules_off_all ^ builtin_off)
    print(f'fitted table: {len(table_all)} values; the built-in values differ from the in-sample fit in {len(changed)}'
          + (' (run with --write-table)' if changed else ''))
    if '--per-repo' in opts:
        # Sorted by what leaving the repository out costs it: views that agree in sample and not held
        # out. "only it" counts the fitted keys no other repository gives a value for (a style only it
        # uses, e.g. a control size no other project has), the first of them named.
        print('per repository, by what holding it out costs (views agreeing held out, in sample; keys only it fits):')
        in_repo = collections.defaultdict(list)
        for r in in_records:
            in_repo[repo_of.get(r.get('file'))].append(r)
        rows = []
        for repo, t in per_repo.items():
            a, d = t.figure(('both', 'all'))
            b, _ = tally(in_repo[repo], folder_of).figure(('both', 'all'))
            rows.append((b - a, repo, a, b, d))
        for cost, repo, a, b, d in sorted(rows, key=lambda r: (-r[0], r[1])):
            keys = only_keys[repo]
            example = f'  e.g. {keys[0]}' if keys else ''
            print(f'  {repo:50s} {a:5d} {b:5d} of {d:5d}  {len(keys):4d} only it{example}')
    if '--write-table' in opts:
        write_table(table_all, rules_off_all)
    if '--write-sources' in opts:
        write_sources(table_all, votes, repo_of, gain)


# Values the code still fits by hand, not through FittedValues (docs/interface-builder.md lists them).
HAND_FITTED = '''hand:AppKit title baselines below the ascender (AppKitControls.baselineOffset)\tbezeled fields 2 (3 large); pop-ups 2 before Big Sur, 1 after, 10 large, 3 small; push buttons 6 (10 large, 5 small); checkboxes and radio buttons 1 (2.5 large); inline buttons 2; date pickers 1\tTools/ib-corpus-facts.py baselines on ../shared/corpus/ib (the pairs of kinds tied by baseline constraints); the small sizes from quicksilver__Quicksilver__Quicksilver__Nibs__QSAppearancePrefPane.xib
hand:notch by Xcode version (DesignDevice.insets, rule notch-by-xcode)\tevery notched iPhone canvas 44 before toolsVersion 21000 (Xcode 14); from it retina6_1 48 and retina5_9 50, the others their device inset; 20037 the last observed with 44 (retina6_1, retina5_9; retina6_0 at 19529), 21507 and 22505 the first with 48 and 50\tTools/ib-corpus-facts.py safe-area on ../shared/corpus/ib and ../shared/corpus/ib-more
hand:status bar by Xcode version (SimulatedScreen.inferredWithoutStatusBar, rule status-bar-by-xcode)\thome-button canvases without their inferred status bar from toolsVersion 14810 (Xcode 11, the iOS 13 SDK) to below 21701; 21507 the last observed without it, 21701 the first with it again\tTools/ib-corpus-facts.py safe-area on ../shared/corpus/ib and ../shared/corpus/ib-more (leave-one-repository-out switches the rule per fold; it does not re-choose these boundaries)
hand:root margins (SceneBuilder.build)\t16 for a root at most 375 wide, 20 otherwise (UIKit's 414-point margin rule on the root's own width)\troots of 240.5 (an iPad child view controller), 400 and 427.5 points in ../shared/corpus/ib
hand:pre-Xcode 9 cell margins preserved from the table (SceneBuilder.rootView)\t15 at the sides of a table cell's content view that preserves its superview's margins, before toolsVersion 13000\tthe built-in text labels of pre-Xcode 9 table cells (x = 15 in documents of ECSlidingViewController, JSQMessagesViewController, MPFoldTransition, SWRevealViewController, apple-ios-samples, Apple-Sample-Code, IQKeyboardManager and MiniKeePass in ../shared/corpus/ib and ib-more; Tools/ib-corpus-facts.py cell-margins)
hand:a cell accessory's trailing margin (SceneBuilder.rootView)\t8 at the trailing side of the content view of a table cell with an accessory\tcells with an accessory and a trailing-margin constraint in ../shared/corpus/ib and ib-more (documents of arcgis-runtime-samples-ios, dgca-wallet-app-ios, habitica-ios, ios-mac-app, ish and MiniKeePass, all at 8; Tools/ib-corpus-facts.py cell-margins)
hand:an iPhone's navigation bar from Xcode 26 (StandardViews.phoneNavigationBar)\t54 (106 with large titles) from toolsVersion 24000, 44 before\tevery navigation bar of an Xcode 26 document: LNPopupController, firebase/quickstart-ios, futuretap/InAppSettingsKit, rileytestut/Delta (Tools/ib-corpus-facts.py controls on ../shared/corpus/ib and ../shared/corpus/ib-more)
hand:a split view's showDetail from inside a navigation controller (SimulatedBars.infer)\tthe destination drawn under the source's navigation bar, without the source's tab bar\tthe detail scenes of HabitRPG__habitica-ios__HabitRPG__Storyboards__Base.lproj__Main.storyboard (root tops at 91 on retina6_7, bottoms at the home indicator); the other such segues of ../shared/corpus/ib and ib-more (Andy0570 Colors, bqlin Quartz2DforiOS, LNPopupController) lead to scenes that set their own bars or place nothing against them
hand:system buttons from iOS 13 (StandardViews.systemButtonSize)\t25 × 24 for info, detail disclosure and contact add buttons from toolsVersion 14810 (iOS 13, SF Symbols), 22 × 22 before\tFlipboard__FLEX__Example__UICatalog__Base.lproj__Main_iPad.storyboard and Main_iPhone.storyboard (two contact add and two detail disclosure buttons, toolsVersion 14810), utmapp__UTM__Platform__iOS__Legacy__Base.lproj__Main.storyboard (one detail disclosure button, 17701); the pre-iOS 13 ones of ../shared/corpus/ib (mpospese__MPFoldTransition, toolsVersion 4514) stored 22 × 22
'''


def builtin_table():
    path = os.path.join(ROOT, 'Sources', 'InterfaceBuilder', 'FittedTable.swift')
    out, off = {}, set()
    for line in open(path):
        line = line.strip()
        if line.startswith('"') and '":' in line:
            key, value = line.rstrip(',').split('": ')
            out[key.strip('"')] = float(value)
        if line.startswith('static let rulesOff'):
            off = {r for r in RULES if f'"{r}"' in line}
    return out, off


def write_table(table, rules_off):
    path = os.path.join(ROOT, 'Sources', 'InterfaceBuilder', 'FittedTable.swift')
    with open(path, 'w') as f:
        f.write('// Generated by `Tools/ib-cross-validate.py --write-table`: `IBFit.fit` on every document of\n'
                '// ../shared/corpus/ib and ../shared/corpus/ib-more. Do not edit by hand.\n\n'
                '/// The built-in fitted values (`FittedValues.builtIn`): `platform/style/era/field` → points.\n'
                'enum FittedTable {\n    static let values: [String: Double] = [\n')
        for key in sorted(table):
            f.write(f'        "{key}": {table[key]:g},\n')
        f.write('    ]\n\n    /// Fitted rules whose gain does not survive leaving out the repositories they were fitted on.\n')
        names = ', '.join(f'"{r}"' for r in sorted(rules_off))
        f.write(f'    static let rulesOff: [String] = [{names}]\n}}\n')
    print(f'wrote {path}')


def write_sources(table, votes, repo_of, gain):
    path = os.path.join(HERE, 'ib-fit-sources.txt')
    with open(path, 'w') as f:
        f.write('# Every value the importer fits on documents (Sources/InterfaceBuilder/FittedTable.swift), with\n'
                '# the documents it was read off. Written by `Tools/ib-cross-validate.py --write-sources`.\n'
                '# key <tab> value <tab> repositories whose most common observation it is / repositories\n'
                '# observing the key <tab> the documents observing it, by file name\n'
                '# Fitted rules (FittedRule): rule:NAME <tab> views it makes agree, over all documents <tab>\n'
                '# the documents whose agreement it changes, with the change.\n'
                '# Hand-fitted values still in the code are listed at the end (hand:), with their sources.\n')
        for rule in RULES:
            changed = sorted((os.path.basename(p), g) for p, g in gain[rule].items() if g)
            f.write(f'rule:{rule}\t{sum(gain[rule].values()):+d}\t'
                    + ', '.join(f'{name} ({g:+d})' for name, g in changed) + '\n')
        for key in sorted(table):
            observing = sorted(os.path.basename(p) for p, v in votes.items() if key in v)
            repos = {repo_of[p] for p, v in votes.items() if key in v}
            agreeing = set()
            for repo in repos:
                counts = collections.Counter()
                for p, v in votes.items():
                    if repo_of[p] == repo and key in v:
                        counts.update({float(x): n for x, n in v[key].items()})
                best = max(counts.items(), key=lambda kv: (kv[1], -kv[0]))[0]
                if best == table[key]:
                    agreeing.add(repo)
            f.write(f'{key}\t{table[key]:g}\t{len(agreeing)}/{len(repos)}\t{", ".join(observing)}\n')
        f.write(HAND_FITTED)
    print(f'wrote {path}')


if __name__ == '__main__':
    main()
