#!/usr/bin/env bash
# Runs a sweep as N shard processes on the local host and merges them, as a batch engine would:
#   deploy/local-shards.sh EXPERIMENT N [--into results.db] [--dir shards]
# Each shard is `layoutlab sweep EXPERIMENT --shard I/N --db DIR/shard-I.db --resume`, so running the
# script again after a kill finishes the shards instead of redoing them. LAYOUTLAB names the executable
# (default: .build/release/layoutlab, built when missing).
set -euo pipefail
usage() { echo "usage: $0 EXPERIMENT N [--into results.db] [--dir shards]" >&2; exit 64; }
[ $# -ge 2 ] || usage
experiment=$1 n=$2; shift 2
into=results.db dir=shards
while [ $# -gt 0 ]; do
  case "$1" in
    --into) into=$2; shift 2 ;;
    --dir) dir=$2; shift 2 ;;
    *) usage ;;
  esac
done
[[ "$n" =~ ^[1-9][0-9]*$ ]] || { echo "N must be a positive number, not '$n'" >&2; exit 64; }
[ -f "$experiment" ] || { echo "$experiment: no such experiment file" >&2; exit 64; }
layoutlab=${LAYOUTLAB:-.build/release/layoutlab}
if [ ! -x "$layoutlab" ]; then
  swift build -c release --product layoutlab >&2
fi
mkdir -p "$dir"
# Online cores: getconf works on Linux and macOS (nproc is GNU coreutils only; sysctl is the BSD way).
cores=$(getconf _NPROCESSORS_ONLN 2>/dev/null || sysctl -n hw.ncpu 2>/dev/null || echo 1)
jobs=$(( cores / n > 0 ? cores / n : 1 ))
pids=()
for ((i = 0; i < n; i++)); do
  "$layoutlab" sweep "$experiment" --shard "$i/$n" --db "$dir/shard-$i.db" --resume --jobs "$jobs" > "$dir/shard-$i.log" 2>&1 &
  pids+=($!)
done
failed=0
for ((i = 0; i < n; i++)); do
  if ! wait "${pids[$i]}"; then echo "shard $i/$n failed; see $dir/shard-$i.log" >&2; failed=1; fi
done
[ "$failed" -eq 0 ] || exit 1
shards=()
for ((i = 0; i < n; i++)); do shards+=("$dir/shard-$i.db"); done
exec "$layoutlab" merge "${shards[@]}" --into "$into"
