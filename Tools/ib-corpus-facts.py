#!/usr/bin/env python3
"""Facts read off an Interface Builder corpus, for the values the importer can only fit.

    Tools/ib-corpus-facts.py fixed-frames [CORPUS]   views with fixedFrame="YES": how many translate
                                                     masks, and whether any constraint names them
    Tools/ib-corpus-facts.py safe-area [CORPUS]      the root safe-area insets that IB's stored frames
                                                     imply, by design device and toolsVersion (from
                                                     required equalities between a root's direct
                                                     subviews and its safe-area guide)
    Tools/ib-corpus-facts.py controls [CORPUS]       the stored heights of iOS standard controls, by
                                                     toolsVersion (their intrinsic sizes by era)
    Tools/ib-corpus-facts.py appkit-controls [CORPUS]
                                                     the same for AppKit controls, by cell type, bezel,
                                                     control size and era
    Tools/ib-corpus-facts.py insets [CORPUS] [ELEMENT…]
                                                     the alignment-rect insets stored frames imply:
                                                     for each edge a required equality pins to the
                                                     superview's same edge (or a constant size),
                                                     how far the frame reaches beyond it
    Tools/ib-corpus-facts.py cell-margins [CORPUS]   table cells in a table before Xcode 9: where the
                                                     cell styles put their text label; and, in every era,
                                                     the trailing margin of content views of cells with
                                                     an accessory (from their trailingMargin constraints)
    Tools/ib-corpus-facts.py push-buttons-26 [CORPUS]
                                                     regular push buttons' stored heights in Xcode 26
                                                     documents, by repository (macOS 26's 24 or the
                                                     earlier 32: the AppKit IB drew them with)
    Tools/ib-corpus-facts.py hidden-arranged [CORPUS]
                                                     hidden arranged views of stack views: stored
                                                     collapsed or at full size, by whether they have
                                                     a required size of their own along the axis
    Tools/ib-corpus-facts.py tools-versions [CORPUS]
                                                     documents saved with Xcode's placeholder
                                                     toolsVersion 32700.99.1234, and the version of
                                                     Interface Builder's plug-in they name instead

CORPUS defaults to $LAYOUTLAB_IB_CORPUS, else ../shared/corpus/ib beside the repository. These are
fitted values: docs/interface-builder.md says which of the importer's rules rest on them, and they
should be checked on documents that were not used to fit them.
"""
import collections, glob, os, sys
import xml.etree.ElementTree as ET

def corpus(args):
    if args: return args[0]
    here = os.path.dirname(os.path.abspath(__file__))
    return os.environ.get('LAYOUTLAB_IB_CORPUS') or os.path.join(here, '..', '..', 'shared', 'corpus', 'ib')

def documents(folder):
    for f in sorted(glob.glob(os.path.join(folder, '*.xib')) + glob.glob(os.path.join(folder, '*.storyboard'))):
        try:
            root = ET.parse(f).getroot()
        except ET.ParseError:
            continue
        if root.tag == 'document':
            yield os.path.basename(f), root

PLACEHOLDER = '32700.99.1234'

def tools_version(doc):
    """The Xcode build that saved `doc` (ToolsVersion.of): its toolsVersion, or where that is Xcode's
    placeholder, the version of the Interface Builder plug-in its dependencies name."""
    stated = doc.get('toolsVersion', '0')
    plugin = doc.find('dependencies/plugIn')
    if stated == PLACEHOLDER and plugin is not None and plugin.get('version'):
        return int(plugin.get('version').split('.')[0])
    return int(stated.split('.')[0])

def tools_versions(folder):
    plugins = collections.Counter()
    for _, doc in documents(folder):
        if doc.get('toolsVersion') == PLACEHOLDER:
            plugin = doc.find('dependencies/plugIn')
            plugins[(doc.get('targetRuntime'), None if plugin is None else plugin.get('version'))] += 1
    print(f'{sum(plugins.values())} documents with toolsVersion {PLACEHOLDER}; the plug-in version they name:')
    for (runtime, version), n in sorted(plugins.items(), key=str): print(f'{n:6d}  {runtime}  {version}')

def rect(e):
    r = e.find("rect[@key='frame']")
    return None if r is None else tuple(float(r.get(k, 0)) for k in ('x', 'y', 'width', 'height'))

def fixed_frames(folder):
    stats = collections.Counter()
    for _, doc in documents(folder):
        named = collections.Counter()
        for owner in doc.iter():
            cs = owner.find('constraints')
            for c in ([] if cs is None else cs.findall('constraint')):
                if c.get('placeholder') == 'YES': continue
                named[c.get('firstItem') or owner.get('id')] += 1
                if c.get('secondItem'): named[c.get('secondItem')] += 1
        for e in doc.iter():
            if e.get('fixedFrame') != 'YES': continue
            translates = e.get('translatesAutoresizingMaskIntoConstraints') != 'NO'
            stats['fixedFrame="YES"'] += 1
            stats['  translating their masks' if translates else '  translatesAutoresizingMaskIntoConstraints="NO"'] += 1
            if not translates and named[e.get('id')]:
                stats['    of which named by a constraint'] += 1
    for k, n in stats.items(): print(f'{n:6d}  {k}')
    print(f"{stats['    of which named by a constraint']:6d}    of which named by a constraint")

def safe_area(folder):
    table = collections.defaultdict(collections.Counter)
    for name, doc in documents(folder):
        if 'CocoaTouch' not in doc.get('targetRuntime', ''): continue
        device = doc.find('device')
        dev = (device.get('id'), device.get('orientation', 'portrait')) if device is not None else ('-', '-')
        tv = tools_version(doc)
        for root in doc.iter('view'):
            guide = root.find("viewLayoutGuide[@key='safeArea']")
            frame = rect(root)
            if guide is None or frame is None or root.get('key') != 'view': continue
            sub = root.find('subviews')
            kids = {v.get('id'): rect(v) for v in ([] if sub is None else list(sub)) if rect(v)}
            cs = root.find('constraints')
            for c in ([] if cs is None else cs.findall('constraint')):
                if c.get('relation') or c.get('priority') not in (None, '1000') or c.get('multiplier'): continue
                a, b = c.get('firstItem'), c.get('secondItem')
                fa, fb = c.get('firstAttribute'), c.get('secondAttribute')
                k = float(c.get('constant', 0))
                for (view, va, g, ga, sign) in ((a, fa, b, fb, 1), (b, fb, a, fa, -1)):
                    if g != guide.get('id') or view not in kids or va != ga: continue
                    f = kids[view]
                    if va == 'top':    # view.top == safe.top + k  (or safe.top == view.top - k)
                        table[(dev, tv, 'top')][round(f[1] - sign * k, 1)] += 1
                    if va == 'bottom':
                        table[(dev, tv, 'bottom')][round(frame[3] - (f[1] + f[3]) + sign * k, 1)] += 1
    for key in sorted(table, key=str):
        (dev, tv, edge) = key
        print(f'{dev[0]:12s} {dev[1]:9s} toolsVersion {tv:6d} {edge:6s}', dict(table[key].most_common(4)))

CONTROLS = ['switch', 'slider', 'segmentedControl', 'stepper', 'progressView', 'activityIndicatorView',
            'pickerView', 'toolbar', 'navigationBar', 'tabBar', 'searchBar', 'pageControl']

APPKIT = ['button', 'popUpButton', 'textField', 'slider', 'box', 'tabView', 'comboBox', 'searchField', 'secureTextField',
          'progressIndicator', 'segmentedControl', 'colorWell', 'datePicker', 'stepper', 'levelIndicator']

def controls(folder, macos=False):
    """Stored sizes of standard controls: iOS by toolsVersion; AppKit (--macos) by style and era."""
    table = collections.defaultdict(collections.Counter)
    for _, doc in documents(folder):
        touch = 'CocoaTouch' in doc.get('targetRuntime', '')
        if touch == macos: continue
        tv = tools_version(doc)
        device = doc.find('device')
        canvas = '-' if device is None else device.get('id', '-') + ('' if device.get('orientation') != 'landscape' else ' landscape')
        for e in doc.iter():
            if not rect(e): continue
            if not macos and e.tag in CONTROLS:
                # A bar's height depends on the canvas (iPad, home indicator): bars are listed by device too.
                bar = e.tag in ('toolbar', 'navigationBar', 'tabBar')
                table[(e.tag, str(tv)) + ((canvas,) if bar else ())][(rect(e)[2] if e.tag in ('switch', 'stepper') else None, rect(e)[3])] += 1
            if macos and e.tag in APPKIT:
                key = (e.tag,) + style(e) + ('toolsVersion>=17000' if tv >= 17000 else 'older',)
                table[key][rect(e)[3]] += 1
    for key in sorted(table): print(f'{" ".join(key):60s}', dict(table[key].most_common(5)))

def style(e):
    """What decides a control's look: UIKit's style; AppKit's cell type, bezel, border and control size."""
    if e.tag == 'box':
        return (e.get('boxType') or 'primary', 'title=' + (e.get('titlePosition') or 'top'))
    cell = e.find("*[@key='cell']")
    if cell is None:
        return (e.get('style') or '',)
    parts = [cell.get('type') or '', cell.get('bezelStyle') or '', cell.get('controlSize') or e.get('controlSize') or 'regular']
    if cell.get('borderStyle'): parts.append('border=' + cell.get('borderStyle'))
    if cell.get('numberOfTickMarks'): parts.append('ticks')
    if e.get('boxType'): parts.append(e.get('boxType'))
    if e.get('titlePosition'): parts.append('title=' + e.get('titlePosition'))
    return tuple(p for p in parts if p != '')

def insets(folder, elements):
    """Per element (and style), the insets implied by equalities to the direct superview's edges."""
    table = collections.defaultdict(collections.Counter)
    for _, doc in documents(folder):
        tv = tools_version(doc)
        parent = {}
        for p in doc.iter():
            sub = p.find('subviews')
            for c in ([] if sub is None else list(sub)): parent[c.get('id')] = p
        views = {e.get('id'): e for e in doc.iter() if rect(e) and e.get('id')}
        for owner in doc.iter():
            cs = owner.find('constraints')
            for c in ([] if cs is None else cs.findall('constraint')):
                if c.get('relation') or c.get('priority') not in (None, '1000') or c.get('multiplier') or c.get('placeholder'):
                    continue
                a, b = c.get('firstItem') or owner.get('id'), c.get('secondItem')
                fa, fb, k = c.get('firstAttribute'), c.get('secondAttribute'), float(c.get('constant', 0))
                for (v, va, s, sa, sign) in ((a, fa, b, fb, 1), (b, fb, a, fa, -1)):
                    e = views.get(v)
                    if e is None or e.tag not in elements: continue
                    f = rect(e)
                    key = (e.tag,) + style(e) + ('toolsVersion>=17000' if tv >= 17000 else 'older',)
                    if s is None and sign == 1 and va in ('width', 'height'):
                        table[key][('left+right' if va == 'width' else 'top+bottom', round(f[2 if va == 'width' else 3] - k, 1))] += 1
                        continue
                    p = parent.get(v)
                    if p is None or s != p.get('id') or va != sa or rect(p) is None: continue
                    pw, ph = rect(p)[2], rect(p)[3]
                    flipped = 'Cocoa' in doc.get('type', '') and 'CocoaTouch' not in doc.get('type', '') and p.get('flipped') != 'YES'
                    y = ph - f[1] - f[3] if flipped else f[1]
                    edge = sign * k   # the view's edge = the superview's + edge
                    if va in ('leading', 'left'): table[key][('left', round(edge - f[0], 1))] += 1
                    if va in ('trailing', 'right'): table[key][('right', round(f[0] + f[2] - (pw + edge), 1))] += 1
                    if va == 'top': table[key][('top', round(edge - y, 1))] += 1
                    if va == 'bottom': table[key][('bottom', round(y + f[3] - (ph + edge), 1))] += 1
    for key in sorted(table):
        print(' '.join(key))
        for edge in ('left', 'right', 'top', 'bottom', 'left+right', 'top+bottom'):
            found = {v: n for (e, v), n in table[key].items() if e == edge}
            if found: print(f'    {edge:10s}', dict(sorted(found.items(), key=lambda kv: -kv[1])[:5]))

META_FONTS = {'system': 13, 'systemBold': 13, 'smallSystem': 11, 'smallSystemBold': 11, 'miniSystem': 9,
              'miniSystemBold': 9, 'label': 10, 'message': 13, 'menu': 14, 'controlContent': 13, 'toolTip': 11,
              'titleBar': 13, 'palette': 11, 'user': 12, 'fixedUser': 10, 'menuBar': 14}

def font_size(e):
    """The point size of a view's font: UIKit's fontDescription, AppKit's cell font (metaFont or size)."""
    f = e.find("fontDescription")
    if f is not None:
        return float(f.get('pointSize') or 17)
    cell = e.find("*[@key='cell']")
    f = (cell if cell is not None else e).find("font[@key='font']")
    if f is None: return None
    if f.get('size'): return float(f.get('size'))
    return float(META_FONTS.get(f.get('metaFont') or 'system', 13))

def absolute_frames(doc):
    """Every view's frame in its root's top-left coordinates (macOS y flipped in unflipped parents)."""
    out = {}
    cocoa = 'CocoaTouch' not in doc.get('targetRuntime', '')
    def walk(e, ox, oy, height, flipped):
        sub = e.find('subviews')
        for c in ([] if sub is None else list(sub)):
            r = rect(c)
            if r is None: continue
            y = height - r[1] - r[3] if cocoa and not flipped else r[1]
            out[c.get('id')] = (c, ox + r[0], oy + y, r[2], r[3])
            walk(c, ox + r[0], oy + y, r[3], c.get('flipped') == 'YES')
    for root in doc.iter():
        r = rect(root)
        if r is not None and root.find('subviews') is not None and root.get('id') not in out:
            walk(root, 0, 0, r[3], root.get('flipped') == 'YES')
    return out

EDGES = {'top': 0, 'bottom': 1, 'centerY': 0.5}

def absolute_baseline(c, owner, frames, table, tv):
    """A baseline tied to another view's top, bottom or centre: where the stored frames put it below
    its own frame's top (the absolute anchor the pairwise differences lack)."""
    fa, fb = c.get('firstAttribute'), c.get('secondAttribute')
    if fb not in EDGES or c.get('relation') or c.get('priority') not in (None, '1000') or c.get('multiplier'): return
    a, b = frames.get(c.get('firstItem') or owner.get('id')), frames.get(c.get('secondItem'))
    if b is None and c.get('secondItem') == owner.get('id'):
        b = (owner, 0, 0, 0, 0)   # the owner as the root: its top at 0 (only top is usable)
        if fb != 'top': return
    if a is None or b is None: return
    k = float(c.get('constant', 0))
    edge = b[2] + EDGES[fb] * b[4] + k
    e = a[0]
    key = (f"{e.tag}/{'-'.join(style(e))}/{font_size(e)}pt/h{a[4]:g}", f'{fa} vs {fb}', 'bigSur' if tv >= 17000 else 'older')
    table[key][round(edge - a[2], 2)] += 1

def baselines(folder):
    """For each required baseline equality between two views: the difference of their baselines'
    distances below their frames' tops that the stored frames imply, by the pair of view kinds."""
    table = collections.defaultdict(collections.Counter)
    for _, doc in documents(folder):
        tv = tools_version(doc)
        frames = absolute_frames(doc)
        for owner in doc.iter():
            cs = owner.find('constraints')
            for c in ([] if cs is None else cs.findall('constraint')):
                fa, fb = c.get('firstAttribute'), c.get('secondAttribute')
                if fa not in ('baseline', 'firstBaseline', 'lastBaseline'): continue
                if fa != fb:
                    absolute_baseline(c, owner, frames, table, tv)
                    continue
                if c.get('relation') or c.get('priority') not in (None, '1000') or c.get('multiplier'): continue
                a, b = frames.get(c.get('firstItem') or owner.get('id')), frames.get(c.get('secondItem'))
                if a is None or b is None: continue
                k = float(c.get('constant', 0))
                def kind(v):
                    e = v[0]
                    return f"{e.tag}/{'-'.join(style(e))}/{font_size(e)}pt/h{v[4]:g}"
                # a.y + offA == b.y + offB + k  =>  offA - offB = b.y - a.y + k
                d = round(b[2] - a[2] + k, 2)
                era = 'bigSur' if tv >= 17000 else 'older'
                key = tuple(sorted([kind(a), kind(b)])) + (fa, era)
                table[key][d if kind(a) <= kind(b) else -d] += 1
    for key in sorted(table, key=lambda k: -sum(table[k].values())):
        if len(key) == 3:
            print(f'{sum(table[key].values()):3d}  {key[0]}  [{key[1]}, {key[2]}]  baseline below the frame top:',
                  dict(table[key].most_common(4)))
        else:
            print(f'{sum(table[key].values()):3d}  {key[0]}  vs  {key[1]}  [{key[2]}, {key[3]}]  offset difference:',
                  dict(table[key].most_common(4)))

def repository(name):
    return '/'.join(name.split('__')[:2])

def cell_margins(folder):
    """Built-in text labels of pre-Xcode 9 cells inside a table (their x is the cell's leading side), and
    the trailing margins content views of cells with an accessory keep (trailing-margin equalities)."""
    labels, trailing = collections.defaultdict(set), collections.defaultdict(set)
    for name, doc in documents(folder):
        if doc.get('targetRuntime', '').startswith('MacOSX'): continue
        old = tools_version(doc) < 13000
        for table in doc.iter('tableView'):
            for cell in table.iter('tableViewCell'):
                label = cell.get('textLabel')
                frame = next((rect(e) for e in cell.iter() if label and e.get('id') == label), None)
                if old and frame and not cell.get('imageView'):
                    labels[frame[0]].add(repository(name))
        for cell in doc.iter('tableViewCell'):
            content = cell.find('tableViewCellContentView')
            if content is None or cell.get('accessoryType', 'none') == 'none' or rect(content) is None: continue
            width, cid = rect(content)[2], content.get('id')
            frames = {v.get('id'): rect(v) for v in content.findall('subviews/*') if rect(v)}
            for c in content.findall('constraints/constraint'):
                if c.get('relation') or c.get('multiplier') or c.get('priority'): continue
                k = float(c.get('constant', 0))
                a1, a2, i1, i2 = c.get('firstAttribute'), c.get('secondAttribute'), c.get('firstItem', cid), c.get('secondItem', cid)
                if (a1, a2, i1) == ('trailingMargin', 'trailing', cid) and i2 in frames:
                    trailing[round(width - frames[i2][0] - frames[i2][2] - k, 1)].add(repository(name))
                elif (a1, a2, i2) == ('trailing', 'trailingMargin', cid) and i1 in frames:
                    trailing[round(width - frames[i1][0] - frames[i1][2] + k, 1)].add(repository(name))
    print('built-in text labels of pre-Xcode 9 cells in a table, by x: repositories')
    for x in sorted(labels): print(f'  {x:g}: {len(labels[x])}  {", ".join(sorted(labels[x]))}')
    print('trailing margins of content views of cells with an accessory: repositories')
    for m in sorted(trailing): print(f'  {m:g}: {len(trailing[m])}  {", ".join(sorted(trailing[m]))}')

def push_buttons_26(folder):
    """Stored heights of regular push buttons in Xcode 26 documents (toolsVersion 24000 on), by repository:
    macOS 26 draws them 24 high, earlier macOS 32, and IB keeps a frame until the view is laid out again."""
    heights = collections.defaultdict(collections.Counter)
    for name, doc in documents(folder):
        if not doc.get('targetRuntime', '').startswith('MacOSX') or tools_version(doc) < 24000: continue
        for e in doc.iter('button'):
            cell = e.find("*[@key='cell']")
            if cell is None or cell.get('type') != 'push' or cell.get('bezelStyle') != 'rounded': continue
            if (cell.get('controlSize') or e.get('controlSize') or 'regular') != 'regular' or not rect(e): continue
            heights[repository(name)][rect(e)[3]] += 1
    print('regular push buttons of Xcode 26 documents, stored height: count, by repository')
    for repo in sorted(heights):
        print(f'  {repo:45s}', ', '.join(f'{h:g}: {n}' for h, n in sorted(heights[repo].items())))

def hidden_arranged(folder):
    """Hidden arranged views of stack views: stored collapsed along the stack's axis or at full size, by
    whether the view has a required size of its own along that axis (a constant width or height)."""
    table = collections.defaultdict(collections.Counter)
    repos = collections.defaultdict(set)
    for name, doc in documents(folder):
        for stack in doc.iter('stackView'):
            axis = stack.get('axis') or stack.get('orientation') or 'horizontal'
            dimension = 'height' if axis == 'vertical' else 'width'
            for v in stack.findall('subviews/*'):
                if v.get('hidden') != 'YES' or not rect(v): continue
                own = any(c.get('firstAttribute') == dimension and not c.get('secondItem') and not c.get('relation')
                          and c.get('priority') in (None, '1000') for c in v.findall('constraints/constraint'))
                size = rect(v)[3] if dimension == 'height' else rect(v)[2]
                key = ('a required ' + dimension if own else 'no required size', 'full' if size else 'collapsed')
                table[key[0]][key[1]] += 1
                repos[key].add(repository(name))
    print('hidden arranged views, stored along the stack\'s axis: count (repositories)')
    for own in sorted(table):
        for stored in sorted(table[own]):
            print(f'  {own:22s} {stored:9s} {table[own][stored]:3d}  {", ".join(sorted(repos[(own, stored)]))}')

if __name__ == '__main__':
    commands = {'fixed-frames': fixed_frames, 'safe-area': safe_area, 'controls': controls, 'baselines': baselines,
                'appkit-controls': lambda f: controls(f, macos=True), 'tools-versions': tools_versions,
                'cell-margins': cell_margins, 'push-buttons-26': push_buttons_26,
                'hidden-arranged': hidden_arranged}
    if len(sys.argv) >= 2 and sys.argv[1] == 'insets':
        rest = sys.argv[2:]
        folder = rest.pop(0) if rest and os.path.isdir(rest[0]) else corpus([])
        insets(folder, set(rest) or {'switch', 'slider'})
        sys.exit(0)
    if len(sys.argv) < 2 or sys.argv[1] not in commands:
        print(__doc__); sys.exit(64)
    commands[sys.argv[1]](corpus(sys.argv[2:]))
