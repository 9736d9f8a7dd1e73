#!/usr/bin/env python3
"""Drives `layoutlab serve` in headless Chromium (Playwright): see check-serve.sh, which starts the server.

    LAYOUTLAB=… CHROME=… check-serve.py URL OUT_DIR

Every check compares what the page shows with what the CLI computes for the same input, never with a
number written here. Exits 1 listing every failure.
"""
import http.client, traceback, json, os, subprocess, sys, time, urllib.error, urllib.parse, urllib.request
from playwright.sync_api import sync_playwright

url, out = sys.argv[1].rstrip('/'), sys.argv[2]
lab, chrome = os.environ['LAYOUTLAB'], os.environ['CHROME']
failures = []


def check(ok, what):
    print(('ok   ' if ok else 'FAIL ') + what)
    if not ok:
        failures.append(what)


def cli(*args):
    return json.loads(subprocess.run([lab, *args], capture_output=True, text=True, check=True).stdout)


def request(path, body=None):
    """(status, JSON) of a direct request: the attacks a page would not send."""
    r = urllib.request.Request(url + path, data=body, method='POST' if body is not None else 'GET')
    try:
        with urllib.request.urlopen(r) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read() or b'{}')


def absolute(scenario, frames):
    """`layoutlab layout`'s parent-relative frames in the superview's coordinates, by view id."""
    parents = {v['id']: v.get('parent') for v in scenario['views']}
    out = {}
    for v in scenario['views']:
        f = frames[v['id']]
        x, y, p = f['x'], f['y'], parents[v['id']]
        while p:
            x, y, p = x + frames[p]['x'], y + frames[p]['y'], parents[p]
        out[v['id']] = (x, y, f['width'], f['height'])
    return out


def playground(page):
    page.goto(url + '/#playground')
    page.wait_for_selector('#pg-svg-b rect.view')
    page.select_option('#pg-source', 'scenario:experiments/scenarios/example.json')
    page.wait_for_function("document.getElementById('pg-status').textContent.startsWith('experiments/scenarios/example.json')")
    before = page.get_attribute('#pg-status', 'data-size')
    page.wait_for_timeout(300)  # the first layout of the scenario, drawn
    box = None
    for _ in range(20):  # the handle is drawn anew with every layout: read it once it is there
        box = page.locator('#pg-handle-a').bounding_box()
        if box:
            break
        page.wait_for_timeout(100)
    page.mouse.move(box['x'] + 6, box['y'] + 6)
    page.mouse.down()
    for k in range(1, 11):
        page.mouse.move(box['x'] + 6 + 12 * k, box['y'] + 6 + 5 * k)
    page.mouse.up()
    page.wait_for_function(f"document.getElementById('pg-status').dataset.size !== '{before}'")
    time.sleep(0.5)  # the last move's layout
    size = page.get_attribute('#pg-status', 'data-size')
    w, h = (float(v) for v in size.split('x'))
    check((w, h) != tuple(float(v) for v in before.split('x')), f'dragging the corner resized the superview ({before} → {size})')
    scenario = json.load(open('experiments/scenarios/example.json'))
    sizes = f'{w:g}x{h:g}'
    for pane, args in [('a', ['--policy', 'documented']),
                       ('b', ['--engine', 'autolayout', '--translation', 'modern', '--timing', 'once'])]:
        want = absolute(scenario, cli('layout', 'experiments/scenarios/example.json', *args, '--sizes', sizes,
                                      '--format', 'json')['steps'][-1]['frames'])
        for view_id, frame in want.items():
            shown = page.get_attribute(f'#pg-svg-{pane} rect.view[data-id="{view_id}"]', 'data-frame')
            got = tuple(float(v) for v in shown.split(','))
            check(all(abs(g - f) < 1e-6 for g, f in zip(got, frame)),
                  f'pane {pane} view {view_id} at {sizes}: {got} is `layoutlab layout`\'s {frame}')
    page.hover(f'#pg-svg-b rect.view[data-id="a"]')
    check('NSAutoresizingMaskLayoutConstraint' in page.inner_text('#pg-tip'), 'hovering a view shows its constraints')
    # For the picture: a generated tree, the documented rule against iOS 6-12's centre form, narrowed.
    page.select_option('#pg-source', 'generate:')
    page.fill('#pg-seed', '4')
    page.fill('#pg-views', '10')
    page.click('#pg-generate-go')
    page.wait_for_function("document.getElementById('pg-status').textContent.startsWith('generated (seed 4')")
    page.select_option('#pg-b', 'autolayout/ios6-12/once')
    page.fill('#pg-height', '420')
    page.dispatch_event('#pg-height', 'change')
    page.fill('#pg-width', '250')
    page.dispatch_event('#pg-width', 'change')
    page.wait_for_function("document.getElementById('pg-status').dataset.size === '250x420'")
    diverging = page.query_selector('#pg-svg-b rect.view.diverging')
    if diverging:
        diverging.hover()
    page.screenshot(path=f'{out}/playground.png')


def log_page(page):
    log = 'Tests/ConflictLogTests/Logs/modern-cell.log'
    want = cli('log', log, '--format', 'json')['conflicts'][0]
    texts = [m['address'] or m['text'] for m in want['constraints']]
    apple = next(m['text'] for m in want['constraints'] if (m['address'] or m['text']) == want['apple_broke'])
    page.goto(url + '/#log')
    page.fill('#log-text', open(log).read())
    page.click('#log-explain')
    page.wait_for_selector('.conflict')
    shown = page.inner_text('.log-apple')
    check(' '.join(apple.split()) in ' '.join(shown.split()), f'the explainer shows the constraint Apple broke ({want["apple_broke"]}): {shown[:160]!r}')
    check(len(page.query_selector_all('.conflict table tr')) == len(texts) + 1, 'every listed constraint is shown')
    check(page.query_selector('.conflict .picture svg') is not None, 'the conflict is drawn')
    page.screenshot(path=f'{out}/log.png', full_page=True)
    page.click('.conflict button')
    page.wait_for_function("location.hash === '#playground'")
    page.wait_for_function("document.getElementById('pg-status').textContent.startsWith('conflict at lines')")
    check(True, 'a conflict opens in the playground')


def results_page(page, db):
    page.goto(url + '/#results')
    page.wait_for_selector('#results-runs tr.clickable')
    page.wait_for_selector('#results-divergences table')
    causes = [o for o in page.eval_on_selector_all('#results-filters select[name=cause] option', 'os => os.map(o => o.value)') if o]
    cause = causes[0]
    page.select_option('#results-filters select[name=cause]', cause)
    with page.expect_response(lambda r: '/api/divergences' in r.url):
        page.click('#results-filters button[type=submit]')
    page.wait_for_timeout(200)
    rows = page.query_selector_all('#results-divergences tr.clickable')
    check(len(rows) > 0 and all(cause in r.inner_text() for r in rows), f'filtering by cause {cause} shows only such rows')
    rows[0].click()
    page.wait_for_selector('#divergence-picture svg')
    check(True, 'a divergence opens with its picture')
    page.screenshot(path=f'{out}/results.png', full_page=True)
    # The SQL box refuses to write, and the file is untouched.
    before = open(db, 'rb').read()
    page.fill('#sql-text', 'DELETE FROM runs')
    page.click('#sql-run')
    page.wait_for_selector('#sql-error')
    check('readonly' in page.inner_text('#sql-error'), 'a write in the SQL box is refused')
    check(open(db, 'rb').read() == before, 'the database is unchanged')


def ib_page(page):
    document = 'Tests/InterfaceBuilderTests/Fixtures/StackViews.xib'
    want = json.loads(subprocess.run([lab, 'check-ib', document, '--format', 'json'], capture_output=True, text=True,
                                     check=True).stdout.splitlines()[0])
    page.goto(url + '/#ib')
    page.wait_for_selector(f'#ib-file option[value="{document}"]', state='attached')
    page.select_option('#ib-file', document)
    page.wait_for_selector('.scene svg rect[data-status]')
    statuses = page.eval_on_selector_all('.scene svg rect[data-status]', 'rs => rs.map(r => r.dataset.status)')
    agree = want['agree']
    check(len(statuses) > 0, f'{document}: every view is drawn with its status ({len(statuses)} rectangles)')
    if agree is not None:
        shown = len([s for s in page.eval_on_selector_all('.scene svg rect[data-status="agree"][fill="none"]',
                                                          'rs => rs.map(r => r.dataset.id)')])
        check(shown == agree, f'{document}: {shown} views shown agreeing, check-ib says {agree}')
    page.screenshot(path=f'{out}/ib.png', full_page=True)


def attacks():
    status, body = request('/api/scenario?path=../../../etc/passwd')
    check(status == 403, f'a traversal path is refused ({status}: {body.get("error")})')
    # A body declared larger than the limit is refused before a byte of it is sent.
    address = urllib.parse.urlparse(url)
    conn = http.client.HTTPConnection(address.hostname, address.port, timeout=10)
    conn.putrequest('POST', '/api/log')
    conn.putheader('Content-Length', str(9 << 20))
    conn.endheaders()
    response = conn.getresponse()
    check(response.status == 413, f'an oversized body is refused unread ({response.status}: {response.read()[:80]})')
    conn.close()
    status, body = request('/api/ib/check', b'<document><objects>')
    check(status == 400 and 'malformed' in body.get('error', ''), f'a broken xib gets a message ({body.get("error")})')
    status, _ = request('/api/info')
    check(status == 200, 'the server goes on answering')


with sync_playwright() as p:
    browser = p.chromium.launch(executable_path=chrome, args=['--no-sandbox'])
    page = browser.new_page(viewport={'width': 1280, 'height': 900})
    errors = []
    page.on('pageerror', lambda e: errors.append(str(e)))
    for step in (playground, log_page, lambda pg: results_page(pg, os.path.join(out, 'results.db')), ib_page):
        try:
            step(page)
        except Exception as e:  # a timeout or a missing element: the page did not do it
            traceback.print_exc()
            shown = page.inner_text('#message') if page.is_visible('#message') else ''
            check(False, f'{getattr(step, "__name__", "step")}: {e} (the page says: {shown!r})')
    attacks()
    check(not errors, f'no script error in the pages {errors}')
    browser.close()

print(f'{len(failures)} failure(s); screenshots in {out}/')
sys.exit(1 if failures else 0)
