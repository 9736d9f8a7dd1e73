#!/usr/bin/env bash
# Where the time goes under one function: samples a command with perf (call stacks from frame
# pointers) and, among the samples whose stack passes through FUNCTION, prints the functions that
# take the most time, inclusive and self, as shares of those samples.
#
#   Tools/profile.sh FUNCTION [--top N] -- COMMAND…
#   Tools/profile.sh addEditVariable -- .build/release/layoutlab-bench --only chain:10000 --op add_edit --budget 3
#
# FUNCTION is matched against mangled Swift names (a plain method name such as `addEditVariable` or
# `translateMasks` works). Self time is per instruction offset as well, so a single load that misses
# the cache stands out. Installs `linux-perf` when perf is missing (Debian). Linux only: perf is
# Linux's profiler (on macOS, Instruments' Time Profiler answers the same question).
set -euo pipefail
if [ "$(uname -s)" != Linux ]; then
  echo "profile.sh: Linux only (perf); on macOS use Instruments' Time Profiler (xctrace record --template 'Time Profiler')" >&2
  exit 2
fi
[ $# -ge 3 ] || { sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 64; }
function=$1; shift
top=25
if [ "$1" = --top ]; then top=$2; shift 2; fi
[ "$1" = -- ] || { echo "profile.sh: expected -- before the command" >&2; exit 64; }
shift
if ! command -v perf >/dev/null; then
  apt-get update && apt-get install -y linux-perf
fi
demangle() { if command -v swift >/dev/null; then swift demangle --simplified; else cat; fi; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
perf record -q -g -F 10000 -o "$work/perf.data" -- "$@" > "$work/stdout"
perf script -i "$work/perf.data" 2>/dev/null > "$work/stacks"
awk -v fn="$function" -v top="$top" '
  BEGIN { RS = "" }
  index($0, fn) {
    n++
    lines = split($0, L, "\n")
    split(L[2], first, " ")
    self[first[2]]++
    delete seen
    for (i = 2; i <= lines; i++) {
      split(L[i], f, " ")
      s = f[2]
      sub(/\+0x[0-9a-f]+$/, "", s)
      if (!(s in seen)) { seen[s] = 1; inc[s]++ }
    }
  }
  END {
    if (n == 0) { print "no samples pass through " fn > "/dev/stderr"; exit 1 }
    printf "%d samples pass through %s\n\ninclusive\n", n, fn
    for (s in inc) printf "%6.1f%%  %s\n", 100 * inc[s] / n, s | "sort -rn | head -" top
    close("sort -rn | head -" top)
    print "\nself (function+offset)"
    for (s in self) printf "%6.1f%%  %s\n", 100 * self[s] / n, s | "sort -rn | head -" top
    close("sort -rn | head -" top)
  }' "$work/stacks" | demangle | cut -c1-200
