#!/usr/bin/env bash
# Opens the HTML report of the quick sweep (the committed results.db) in a real browser — headless
# Chromium or Chrome — saves a screenshot, and checks from the rendered DOM that every section and
# figure is there and that nothing failed to load. .ci/run runs it after the tests.
#   Tests/Browser/check-report.sh [OUT_DIR]     (default .build/report-check; the screenshot is OUT_DIR/report.png)
#   Tests/Browser/check-report.sh --update-screenshot   (also copies it to docs/images/report.png, the README's)
# The browser: as Tests/Browser/browser.sh finds (or, on Debian/Ubuntu, installs) it.
set -euo pipefail
cd "$(dirname "$0")/../.."

. Tests/Browser/browser.sh
# Milliseconds since the epoch, portably (BSD date has no %N).
now_ms() { python3 -c 'import time; print(int(time.time() * 1000))' 2>/dev/null || perl -MTime::HiRes=time -e 'printf "%d\n", time * 1000'; }
update=0
out=.build/report-check
for a in "$@"; do
  case "$a" in
    --update-screenshot) update=1 ;;
    *) out=$a ;;
  esac
done
rm -rf "$out"; mkdir -p "$out"
swift build --product layoutlab >/dev/null
bin="$(swift build --show-bin-path)/layoutlab"

start=$(now_ms)
"$bin" report --db results.db --out "$out/report" 2>/dev/null
ms=$(( $(now_ms) - start ))
echo "report written in ${ms} ms ($(wc -c < "$out/report/index.html" | tr -d ' ') bytes)"
if [ "$ms" -ge 5000 ]; then echo "FAIL: the quick sweep's report took ${ms} ms (limit 5000)"; exit 1; fi

page="file://$PWD/$out/report/index.html"
flags=(--headless --no-sandbox --disable-gpu --hide-scrollbars --enable-logging=stderr --v=0)
"$browser" "${flags[@]}" --window-size=1200,3000 --screenshot="$PWD/$out/report.png" "$page" 2>"$out/chromium.log" >/dev/null
"$browser" "${flags[@]}" --dump-dom "$page" 2>>"$out/chromium.log" >"$out/dom.html"

fail=0
check() { if ! grep -q -- "$1" "$out/dom.html"; then echo "FAIL: the rendered page lacks $2"; fail=1; fi; }
for id in run comparisons causes masks magnitudes steps divergences; do check "<section id=\"$id\">" "section #$id"; done
for id in fig-comparisons fig-causes fig-masks fig-magnitudes fig-steps; do check "id=\"$id\"" "figure #$id"; done
check 'class="divergence"' "a pictured divergence"
check 'data-side="b"' "a divergence picture with both sides"
# Self-contained: no external resource at all, and the browser reported no failed load.
if grep -Eq '<(img|script|link|iframe)[^>]*(src|href)=' "$out/dom.html"; then echo "FAIL: the page loads an external resource"; fail=1; fi
if grep -Eiq 'Failed to load resource|ERR_FILE_NOT_FOUND|net::ERR' "$out/chromium.log"; then echo "FAIL: a resource failed to load (see $out/chromium.log)"; fail=1; fi
if [ ! -s "$out/report.png" ]; then echo "FAIL: no screenshot"; fail=1; fi
[ "$fail" = 0 ] && echo "report OK: every section and figure rendered; screenshot $out/report.png"
if [ "$fail" = 0 ] && [ "$update" = 1 ]; then
  mkdir -p docs/images && cp "$out/report.png" docs/images/report.png && echo "copied to docs/images/report.png"
fi
exit "$fail"
