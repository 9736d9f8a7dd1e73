#!/usr/bin/env bash
# `layoutlab serve` in a real browser: starts the server on a free loopback port over the repository
# (a copy of results.db, so nothing the test does can touch the committed file), drives headless
# Chromium through Playwright for Python over all four pages, checks what a person would see against
# the CLI, tries the attacks a server must refuse, saves a screenshot of each page, and stops the server
# by its PID.
#   Tests/Browser/check-serve.sh [OUT_DIR]        (default .build/serve-check)
#   Tests/Browser/check-serve.sh --update-screenshots   (also copies the screenshots to docs/images/)
# The browser: $CHROME if set, else Chromium (installed from Debian's packages when missing); Playwright
# for Python is installed with pip when missing. On macOS: install Google Chrome, `pip3 install playwright`,
# and run with CHROME="/Applications/Google Chrome.app/Contents/MacOS/Google Chrome".
set -euo pipefail
cd "$(dirname "$0")/../.."
update=0
out=.build/serve-check
for a in "$@"; do
  case "$a" in
    --update-screenshots) update=1 ;;
    *) out=$a ;;
  esac
done

. Tests/Browser/browser.sh
if ! python3 -c 'import playwright' 2>/dev/null; then
  python3 -m pip install --quiet playwright
fi

rm -rf "$out"; mkdir -p "$out/root"
swift build --product layoutlab >/dev/null
bin="$(swift build --show-bin-path)/layoutlab"
cp results.db "$out/results.db"

"$bin" serve --port 0 --root . --db "$out/results.db" >"$out/serve.log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true' EXIT
for _ in $(seq 100); do
  url=$(sed -n 's/^layoutlab serve: \(http[^ ]*\) .*/\1/p' "$out/serve.log")
  [ -n "$url" ] && break
  sleep 0.1
done
if [ -z "$url" ]; then echo "FAIL: the server did not start:"; cat "$out/serve.log"; exit 1; fi
echo "server $url (pid $server)"
LAYOUTLAB="$bin" CHROME="$browser" python3 Tests/Browser/check-serve.py "$url" "$out"
if [ "$update" = 1 ]; then
  mkdir -p docs/images
  for page in playground log results ib; do cp "$out/$page.png" "docs/images/serve-$page.png"; done
  echo "screenshots copied to docs/images/serve-*.png"
fi
