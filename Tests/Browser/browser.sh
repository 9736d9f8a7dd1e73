# Sourced by the browser checks: sets `browser` to a headless-capable Chromium or Chrome.
# $CHROME if set; else `chromium` (or `chromium-browser`, `google-chrome`) on PATH; on macOS Google
# Chrome's or Chromium's app bundle. On Debian/Ubuntu Chromium is installed when none is found; on macOS
# the caller stops and says to install Chrome (nothing is installed there behind your back).
find_browser() {
  if [ -n "${CHROME:-}" ]; then echo "$CHROME"; return; fi
  for b in chromium chromium-browser google-chrome google-chrome-stable; do
    if command -v "$b" >/dev/null; then command -v "$b"; return; fi
  done
  for app in "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome" "/Applications/Chromium.app/Contents/MacOS/Chromium" \
             "$HOME/Applications/Google Chrome.app/Contents/MacOS/Google Chrome"; do
    if [ -x "$app" ]; then echo "$app"; return; fi
  done
}
browser=$(find_browser)
if [ -z "$browser" ]; then
  if [ "$(uname -s)" = Linux ] && command -v apt-get >/dev/null; then
    apt-get update
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium
    browser=$(command -v chromium)
  else
    echo "$(basename "$0"): no Chromium or Chrome found; install Google Chrome (or set CHROME=/path/to/chrome)" >&2
    exit 1
  fi
fi
