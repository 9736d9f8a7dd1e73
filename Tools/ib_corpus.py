"""The Interface Builder corpus folders, for the tools that check or fit on them.

`folders(given)` returns the folders given, else ../shared/corpus/ib and ib-more beside the repository
(or where $LAYOUTLAB_IB_CORPUS and $LAYOUTLAB_IB_MORE_CORPUS point), saying which it skips and why.
"""
import os, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def folders(given):
    if given:
        return given
    out = []
    for var, name in (('LAYOUTLAB_IB_CORPUS', 'ib'), ('LAYOUTLAB_IB_MORE_CORPUS', 'ib-more')):
        path = os.environ.get(var) or os.path.join(ROOT, '..', 'shared', 'corpus', name)
        if os.path.isdir(path):
            out.append(os.path.normpath(path))
        else:
            print(f'skipping {name}: no folder at {path} (set {var})', file=sys.stderr)
    return out
