#!/usr/bin/env python3
"""The lab's solver beside kiwi's C++ solver, in one run on one machine.

    Tools/kiwi-side-by-side.py [--rounds N] [--budget SECONDS]

Downloads the kiwisolver sdist from PyPI (kiwi is a header-only C++ library inside it; version
$KIWI_VERSION, default 1.5.1) into $LAYOUTLAB_KIWI_CACHE (default ~/.cache/layoutlab/kiwi-VERSION),
builds Tools/kiwi-bench.cpp against its headers with $CXX (default c++) -O2, builds layoutlab-bench
in release, then runs the two alternately, N rounds (default 3): kiwi, the lab, kiwi, the lab, … so
that the machine's drift touches both alike. Both time the same workloads the same way (median ns
per operation; Sources/Bench/README.md defines them): kiwi's enaml_like
(build, resize), the chain of 100 and 1000 (build, resize), the row of 10 and 100 views (build,
resize). Prints each round's figures, the solver's ratios against kiwi with their goals, and whether each is met:

    enaml_like build   lab / kiwi  <= 0.5
    enaml_like resize  lab / kiwi  <= 0.25
    chain:1000 resize  kiwi / lab  >= 10

Exits 1 if a goal is missed in any round (the figures are printed either way), 2 if something
cannot be built. Needs python3 with pip, a C++17 compiler and network access to PyPI the first time.
"""
import argparse, json, os, subprocess, sys, tarfile

here = os.path.dirname(os.path.abspath(__file__))
repo = os.path.dirname(here)
version = os.environ.get('KIWI_VERSION', '1.5.1')
cache = os.environ.get('LAYOUTLAB_KIWI_CACHE') or os.path.expanduser(f'~/.cache/layoutlab/kiwi-{version}')
GOALS = [  # (label, numerator, denominator, bound, at most?)
    ('enaml_like build, lab / kiwi', ('lab', 'enaml_like/build/37'), ('kiwi', 'enaml_like/build/37'), 0.5, True),
    ('enaml_like resize, lab / kiwi', ('lab', 'enaml_like/resize/37'), ('kiwi', 'enaml_like/resize/37'), 0.25, True),
    ('chain:1000 resize, kiwi / lab', ('kiwi', 'chain/resize/1000'), ('lab', 'chain/resize/1000'), 10, False),
]


def fail(message):
    print(f'kiwi-side-by-side: {message}', file=sys.stderr)
    sys.exit(2)


def kiwi_headers():
    """The sdist's `kiwi/` headers, downloaded and unpacked once."""
    if os.path.isfile(os.path.join(cache, 'kiwi', 'kiwi.h')):
        return cache
    os.makedirs(cache, exist_ok=True)
    print(f'downloading kiwisolver {version} (sdist) into {cache}', file=sys.stderr)
    r = subprocess.run([sys.executable, '-m', 'pip', 'download', f'kiwisolver=={version}', '--no-binary', ':all:',
                        '--no-deps', '-d', cache], capture_output=True, text=True)
    if r.returncode != 0:
        fail(f'pip download kiwisolver=={version} failed:\n{r.stderr.strip()}')
    archive = os.path.join(cache, f'kiwisolver-{version}.tar.gz')
    with tarfile.open(archive) as t:
        members = [m for m in t.getmembers() if m.name.startswith(f'kiwisolver-{version}/kiwi/') and m.isfile()]
        for m in members:
            m.name = m.name[len(f'kiwisolver-{version}/'):]
            t.extract(m, cache)
    if not os.path.isfile(os.path.join(cache, 'kiwi', 'kiwi.h')):
        fail(f'no kiwi/kiwi.h in {archive}')
    return cache


def build_kiwi_bench(include):
    source = os.path.join(here, 'kiwi-bench.cpp')
    binary = os.path.join(cache, 'kiwi-bench')
    if not os.path.exists(binary) or os.path.getmtime(binary) < os.path.getmtime(source):
        cxx = os.environ.get('CXX', 'c++')
        r = subprocess.run([cxx, '-O2', '-std=c++17', '-I', include, source, '-o', binary], capture_output=True, text=True)
        if r.returncode != 0:
            fail(f'{cxx} could not build {source}:\n{r.stderr.strip()}')
    return binary


def enaml_text():
    """experiments/bench/enaml_like.json as the plain text kiwi-bench reads."""
    data = json.load(open(os.path.join(repo, 'experiments', 'bench', 'enaml_like.json')))
    weights = data['strength_weights']
    index = {name: k for k, name in enumerate(data['variables'])}
    ops = {'==': 0, '>=': 1, '<=': 2}
    lines = [f"V {len(data['variables'])}"] + data['variables']
    lines.append(f"E {len(data['edit_variables'])}")
    lines += [f"{index[e['var']]} {weights[e['strength']]!r}" for e in data['edit_variables']]
    lines.append(f"C {len(data['constraints'])}")
    for c in data['constraints']:
        terms = ' '.join(f"{index[t['var']]} {t['coefficient']!r}" for t in c['terms'])
        lines.append(f"{ops[c['op']]} {weights[c['strength']]!r} {c['constant']!r} {len(c['terms'])} {terms}")
    sizes = data['timed_operations']['sizes']
    lines.append(f'S {len(sizes)}')
    lines += [f'{w} {h}' for w, h in sizes]
    path = os.path.join(cache, 'enaml_like.txt')
    with open(path, 'w') as f:
        f.write('\n'.join(lines) + '\n')
    return path


def lab_bench():
    r = subprocess.run(['swift', 'build', '-c', 'release', '--product', 'layoutlab-bench'], cwd=repo,
                       capture_output=True, text=True)
    if r.returncode != 0:
        fail(f'swift build -c release --product layoutlab-bench failed:\n{r.stderr.strip()[-2000:]}')
    r = subprocess.run(['swift', 'build', '-c', 'release', '--show-bin-path'], cwd=repo, capture_output=True, text=True)
    return os.path.join(r.stdout.strip(), 'layoutlab-bench')


def figures(command):
    r = subprocess.run(command, capture_output=True, text=True)
    if r.returncode != 0:
        fail(f"{' '.join(command)} exited {r.returncode}:\n{r.stderr.strip()}")
    out = {}
    for line in r.stdout.splitlines():
        if line.startswith('{'):
            d = json.loads(line)
            out[f"{d['workload']}/{d['operation']}/{d['n']}"] = d['median_ns']
    return out


def main():
    p = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    p.add_argument('--rounds', type=int, default=3)
    p.add_argument('--budget', type=float, default=0.4, help='seconds of measuring per operation (both sides)')
    a = p.parse_args()
    include = kiwi_headers()
    kiwi = build_kiwi_bench(include)
    enaml = enaml_text()
    lab = lab_bench()
    lab_command = [lab, '--json', '--budget', str(a.budget), '--only', 'enaml_like', '--only', 'chain:100',
                   '--only', 'chain:1000', '--only', 'row:10', '--only', 'row:100', '--op', 'build', '--op', 'resize']
    missed = False
    rounds = []
    print(f'kiwi {version} (C++, {os.environ.get("CXX", "c++")} -O2) against layoutlab-bench, alternating, '
          f'{a.rounds} rounds, median ns per operation')
    for k in range(1, a.rounds + 1):
        print(f'round {k}: kiwi…', file=sys.stderr)
        got = {'kiwi': figures([kiwi, enaml, str(a.budget)])}
        print(f'round {k}: the lab…', file=sys.stderr)
        got['lab'] = figures(lab_command)
        rounds.append(got)
        keys = [key for key in got['kiwi'] if key in got['lab']]  # what both sides measured
        print(f'\nround {k}')
        print(f"  {'workload/operation/n':24} {'kiwi ns':>12} {'lab ns':>12} {'lab / kiwi':>11}")
        for key in keys:
            kv, lv = got['kiwi'][key], got['lab'][key]
            print(f'  {key:24} {kv:>12} {lv:>12} {lv / kv:>11.3f}')
        for label, (s1, k1), (s2, k2), bound, at_most in GOALS:
            value = got[s1][k1] / got[s2][k2]
            met = value <= bound if at_most else value >= bound
            missed |= not met
            print(f"  goal {label} = {value:.3f} ({'<=' if at_most else '>='} {bound}): {'met' if met else 'NOT met'}")
    print(f'\nover the {a.rounds} rounds (min–max ns)')
    for key in [key for key in rounds[0]['kiwi'] if key in rounds[0]['lab']]:
        span = {side: (min(r[side][key] for r in rounds), max(r[side][key] for r in rounds)) for side in ('kiwi', 'lab')}
        print(f"  {key:24} kiwi {span['kiwi'][0]}–{span['kiwi'][1]}   lab {span['lab'][0]}–{span['lab'][1]}")
    sys.exit(1 if missed else 0)


if __name__ == '__main__':
    main()
