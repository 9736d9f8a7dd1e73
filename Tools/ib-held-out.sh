#!/bin/sh
# check-ib on the Interface Builder corpus without the documents that alone fitted a value
# (Tools/ib-fit-sources.txt): the agreement on documents that did not shape the rules they test.
# Usage: Tools/ib-held-out.sh [CORPUS] (default: $LAYOUTLAB_IB_CORPUS, else ../shared/corpus/ib).
# Needs a built layoutlab (swift build); works on Linux and macOS.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
corpus=${1:-${LAYOUTLAB_IB_CORPUS:-$here/../shared/corpus/ib}}
lab=${LAYOUTLAB:-$here/.build/debug/layoutlab}
[ -d "$corpus" ] || { echo "no corpus at $corpus" >&2; exit 2; }
[ -x "$lab" ] || { echo "no layoutlab at $lab: run swift build first" >&2; exit 2; }
list=$(mktemp)
trap 'rm -f "$list"' EXIT
grep -v '^#' "$here/Tools/ib-fit-sources.txt" | cut -f1 > "$list"
cd "$corpus"
find . -maxdepth 1 \( -name '*.xib' -o -name '*.storyboard' \) | sed 's|^\./||' | sort | grep -vxF -f "$list" \
    | tr '\n' '\0' | xargs -0 "$lab" check-ib 2>/dev/null | tail -5
