#!/bin/sh
# Times the curated queries (experiments/queries/NAME.sql) on a database of schema version 2, as the
# sweep writes it, and on the same rows laid out as version 1 kept them (version 1's exact schema,
# taken from the fixture version 1 wrote: derived columns and divergence_causes stored, its indexes):
# what deriving instead of storing costs readers.
# Usage: Tools/query-timings.sh [EXPERIMENT…] (default: the curated experiments that run in seconds).
# Needs sqlite3 and a release build (swift build -c release --product layoutlab); Linux and macOS.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
lab=${LAYOUTLAB:-$here/.build/release/layoutlab}
fixture="$here/Tests/SweepTests/Fixtures/schema-v1.db"
[ -x "$lab" ] || { echo "no layoutlab at $lab: run swift build -c release --product layoutlab" >&2; exit 2; }
command -v sqlite3 >/dev/null || { echo "needs the sqlite3 command-line shell" >&2; exit 2; }
[ $# -gt 0 ] || set -- documented-vs-modern springs-policies rounding ios7-center in-call vfl-rows
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
now() { python3 -c 'import time; print(time.time())'; }
best_of_3() {  # $1 database, $2 query file: the fastest of three runs, in seconds
    best=
    for _ in 1 2 3; do
        s=$(now); "$lab" query --db "$1" "@$2" >/dev/null; e=$(now)
        best=$(awk -v s="$s" -v e="$e" -v b="$best" 'BEGIN { t = e - s; if (b != "" && b < t) t = b; printf "%.3f", t }')
    done
    echo "$best"
}
printf '%-22s %12s %14s %14s\n' experiment divergences "version 2 (s)" "version 1 (s)"
for name in "$@"; do
    query="$here/experiments/queries/$name.sql"
    [ -f "$query" ] || { echo "no query file $query" >&2; exit 2; }
    v2="$work/$name.db"
    v1="$work/$name-v1.db"
    "$lab" sweep "$here/experiments/$name.yaml" --db "$v2" >/dev/null 2>&1
    sqlite3 "$fixture" .schema | sqlite3 "$v1"
    sqlite3 "$v1" <<SQL
ATTACH '$v2' AS v2;
BEGIN;
INSERT INTO experiments SELECT * FROM v2.experiments;
INSERT INTO runs SELECT * FROM v2.runs;
INSERT INTO scenarios SELECT * FROM v2.scenarios;
INSERT INTO comparisons SELECT * FROM v2.comparisons;
INSERT INTO units SELECT id, run_id, unit_index, scenario_index, sequence_index, sequence_kind, comparison_index,
    sizes_json, environments_json, view_steps, error, divergences FROM v2.units;
INSERT INTO steps SELECT * FROM v2.steps;
INSERT INTO divergences SELECT * FROM v2.divergences;
INSERT INTO divergence_causes SELECT * FROM v2.divergence_causes;
COMMIT;
SQL
    count=$(sqlite3 "$v2" "SELECT count(*) FROM divergence_rows")
    printf '%-22s %12s %14s %14s\n' "$name" "$count" "$(best_of_3 "$v2" "$query")" "$(best_of_3 "$v1" "$query")"
done
