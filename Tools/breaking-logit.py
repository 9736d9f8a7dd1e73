#!/usr/bin/env python3
"""A second model of Apple's breaking choice, to judge the rule's: a conditional logit over the same features.

    Tools/breaking-logit.py [CORPUS] [--heldout DIR [--rounds=A-B]]

`Tools/breaking-rules.py` fits a lexicographic rule (UIKit's shape: steps, then the list's order). This
fits the other usual model of a choice among candidates: each listed constraint scores w · features (the
features `layoutlab log` gives, the hierarchy's under the `all` evidence, plus its place in the list),
Apple's choice is the softmax's, and w maximises the likelihood with an L2 penalty λ. Judged the same
way: leave-one-repository-out (LORO) as the headline, in-sample beside it, for λ of 0.01, 0.1, 1 and 10.
If both models land at the same figure, the limit is what the features see, not how they are combined.

CORPUS and --heldout as for `Tools/breaking-rules.py`; needs numpy and scipy.
"""
import os, sys
import numpy as np
from scipy.optimize import minimize

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
from conflict_logs import arguments, load  # noqa: E402

corpus, heldout, lab, _, rounds = arguments(sys.argv[1:], here)
logs = load(corpus, 'corpus', lab) + (load(heldout, 'heldout', lab, prefix='h', rounds=rounds) if heldout else [])
logs = [l for l in logs if l['broken'] is not None]
FEATURES = ['bookkeeping', 'constant', 'equality', 'in_conflict', 'leading_pin', 'ratio', 'spacing', 'unary_size',
            'first_item_depth@all', 'owner_depth@all', 'second_item_depth@all']


def candidates(log):
    """One row per listed constraint: its features, then its place (0 first … 1 last), last, first."""
    n = len(log['features'])
    return [[float(f[k]) for k in FEATURES] + [i / max(n - 1, 1), float(i == n - 1), float(i == 0)]
            for i, f in enumerate(log['features'])]


# Padded to the longest list: X[log, candidate, feature], with absent candidates masked out.
width = max(len(l['features']) for l in logs)
dims = len(candidates(logs[0])[0])
X = np.zeros((len(logs), width, dims))
present = np.zeros((len(logs), width), dtype=bool)
for k, l in enumerate(logs):
    rows = candidates(l)
    X[k, :len(rows)] = rows
    present[k, :len(rows)] = True
y = np.array([l['broken'] for l in logs])
groups = sorted({l['group'] for l in logs})
group_of = np.array([groups.index(l['group']) for l in logs])


def fit(mask, lam):
    Xs, ps, ys = X[mask], present[mask], y[mask]
    rows = np.arange(len(ys))

    def objective(w):
        s = np.where(ps, Xs @ w, -np.inf)
        s -= s.max(axis=1, keepdims=True)
        p = np.exp(s)
        p /= p.sum(axis=1, keepdims=True)
        nll = -np.log(p[rows, ys] + 1e-300).sum() + lam * w @ w
        grad = -(Xs[rows, ys] - np.einsum('kc,kcd->kd', p, Xs)).sum(axis=0) + 2 * lam * w
        return nll, grad
    return minimize(objective, np.zeros(dims), jac=True, method='L-BFGS-B').x


def picks(w, mask):
    """The highest-scoring candidate of each log, the later one on a tie."""
    s = np.where(present[mask], X[mask] @ w, -np.inf) + 1e-9 * np.arange(width)
    return s.argmax(axis=1)


def pct(h, n):
    return f'{h} of {n} ({100 * h / n:.1f}%)'


sources = sorted({l['source'] for l in logs})
print(f'{len(logs)} logs from {len(groups)} groups; features: {", ".join(FEATURES)}, place in the list')
for lam in (0.01, 0.1, 1, 10):
    right = np.zeros(len(logs), dtype=bool)
    for g in range(len(groups)):
        w = fit(group_of != g, lam)
        held = group_of == g
        right[held] = picks(w, held) == y[held]
    everything = np.ones(len(logs), dtype=bool)
    in_sample = int((picks(fit(everything, lam), everything) == y).sum())
    parts = '; '.join(f'{s} {pct(int(right[[l["source"] == s for l in logs]].sum()), sum(l["source"] == s for l in logs))}'
                      for s in sources) if len(sources) > 1 else ''
    print(f'λ {lam}: LEAVE-ONE-REPOSITORY-OUT {pct(int(right.sum()), len(logs))}   (in-sample: '
          f'{pct(in_sample, len(logs))})' + (f'   [{parts}]' if parts else ''))
