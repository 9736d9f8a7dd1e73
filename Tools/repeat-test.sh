#!/usr/bin/env bash
# Runs one test (a `swift test --filter` pattern) N times in a row on one build, to show that a
# property test with random seeds passes run after run, not once: each run's seeds are printed by the
# test itself, and a failing run's output is kept in a temporary file named on the last line.
#
#   Tools/repeat-test.sh N FILTER      e.g. Tools/repeat-test.sh 100 suggestionsMatchTheClosedForm
#
# Builds the tests once (`swift build --build-tests`), then runs `swift test --skip-build`. Prints one
# line per run and `FILTER: P of N runs passed`; exits 1 if any run failed.
set -euo pipefail
[ $# -eq 2 ] || { sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit 64; }
runs=$1
filter=$2
case "$runs" in '' | *[!0-9]*) echo "repeat-test.sh: N must be a whole number, got '$runs'" >&2; exit 64 ;; esac
cd "$(dirname "$0")/.."
swift build --build-tests >/dev/null
passed=0
failed_log=""
for i in $(seq 1 "$runs"); do
  out=$(mktemp)
  if swift test --skip-build --filter "$filter" >"$out" 2>&1 && ! grep -q "✘" "$out"; then
    passed=$((passed + 1))
    cases=$(grep -c " case: " "$out" || true)
    echo "run $i: passed ($cases cases, each printed with its seed)"
    rm -f "$out"
  else
    echo "run $i: FAILED (output in $out)"
    failed_log=$out
  fi
done
echo "$filter: $passed of $runs runs passed"
[ -n "$failed_log" ] && echo "last failing run's output: $failed_log"
[ "$passed" -eq "$runs" ]
