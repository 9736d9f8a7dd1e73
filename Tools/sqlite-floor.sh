#!/usr/bin/env bash
# The least SQLite can cost to store a sweep's rows, for the current schema and for a minimal one.
#
#   Tools/sqlite-floor.sh [RESULTS.db]
#
# Copies the rows of RESULTS.db (default: a fresh run of experiments/bench/sweep-throughput.yaml, the
# benchmark's sweep) into an empty database with one INSERT … SELECT per table, in one transaction
# (WAL, synchronous=NORMAL, as the lab writes): records are rebuilt and indexes kept, but nothing is
# bound and no statement runs per row, so no writer of these rows can do less. Done twice:
#   current  — the lab's schema, every table and index;
#   minimal  — units, steps and divergences only, no secondary index, no cause table (a divergence's
#              causes as one integer column), no column that can be derived from others: about what
#              any schema that keeps every divergence as a row must store.
# Prints each time in ms and per view-step, and the bound it puts on the sweep's speed-up on 2 cores
# (2 × compute / (compute + floor)) for a one-core compute cost given as COMPUTE_NS (default 1108,
# layoutlab-bench's compute_1_core on this project's machine). Needs the sqlite3 shell (installed
# when missing, Debian).
set -euo pipefail
cd "$(dirname "$0")/.."
# macOS ships the sqlite3 shell; on Debian/Ubuntu it is installed when missing.
command -v sqlite3 >/dev/null || { apt-get update && apt-get install -y sqlite3; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
src=${1:-}
if [ -z "$src" ]; then
  src=$work/source.db
  swift run -c release layoutlab sweep experiments/bench/sweep-throughput.yaml --db "$src" >/dev/null
fi
[ -f "$src" ] || { echo "sqlite-floor.sh: no such database: $src" >&2; exit 66; }
steps=$(sqlite3 "$src" "SELECT sum(view_steps) FROM units WHERE run_id = (SELECT max(id) FROM runs)")
compute=${COMPUTE_NS:-1108}

timed() {  # NAME SCHEMA_SQL COPY_SQL
  local best=""
  for _ in 1 2 3; do
    rm -f "$work/floor.db"*
    sqlite3 "$work/floor.db" "$2"
    local ms
    ms=$(sqlite3 "$work/floor.db" <<SQL | awk '/^Run Time/ { s += $4 } END { printf "%.1f", s * 1000 }'
PRAGMA journal_mode=WAL;
PRAGMA synchronous=NORMAL;
ATTACH '$src' AS src;
.timer on
BEGIN;
$3
COMMIT;
SQL
)
    if [ -z "$best" ] || awk -v a="$ms" -v b="$best" 'BEGIN { exit !(a < b) }'; then best=$ms; fi
  done
  awk -v name="$1" -v ms="$best" -v n="$steps" -v c="$compute" 'BEGIN {
    ns = ms * 1e6 / n
    printf "%-8s %7.1f ms  %5.0f ns per view-step  bound on 2 cores: %.2fx\n", name, ms, ns, 2 * c / (c + ns) }'
}

current_schema=$(sqlite3 "$src" .schema | grep -v '^CREATE TABLE sqlite_')
timed current "$current_schema" "
INSERT INTO experiments SELECT * FROM src.experiments;
INSERT INTO runs SELECT * FROM src.runs;
INSERT INTO scenarios SELECT * FROM src.scenarios WHERE 1;
INSERT INTO comparisons SELECT * FROM src.comparisons WHERE 1;
INSERT INTO units SELECT * FROM src.units WHERE 1;
INSERT INTO steps SELECT * FROM src.steps WHERE 1;
INSERT INTO divergences SELECT * FROM src.divergences WHERE 1;
INSERT INTO divergence_causes SELECT * FROM src.divergence_causes WHERE 1;"

timed minimal "
CREATE TABLE units (id INTEGER PRIMARY KEY, unit_index INTEGER, scenario_index INTEGER, sizes_json TEXT,
                    view_steps INTEGER, divergences INTEGER);
CREATE TABLE steps (unit_id INTEGER, step_index INTEGER, width REAL, height REAL, diverging_views INTEGER,
                    PRIMARY KEY (unit_id, step_index)) WITHOUT ROWID;
CREATE TABLE divergences (id INTEGER PRIMARY KEY, unit_id INTEGER, step_index INTEGER, view_id TEXT, mask INTEGER,
                          a_x REAL, a_y REAL, a_width REAL, a_height REAL, b_x REAL, b_y REAL, b_width REAL, b_height REAL,
                          cause_bits INTEGER);" "
INSERT INTO units SELECT id, unit_index, scenario_index, sizes_json, view_steps, divergences FROM src.units WHERE 1;
INSERT INTO steps SELECT unit_id, step_index, width, height, diverging_views FROM src.steps WHERE 1;
INSERT INTO divergences SELECT id, unit_id, step_index, view_id, mask, a_x, a_y, a_width, a_height,
                               b_x, b_y, b_width, b_height, length(causes) FROM src.divergences WHERE 1;"
