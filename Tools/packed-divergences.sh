#!/usr/bin/env bash
# What storing a unit's divergences as one JSON array (instead of a row each) would cost readers:
# the alternative to the row-per-divergence schema, measured and not built.
#
#   Tools/packed-divergences.sh RESULTS_DB [COPIES]
#
# Copies RESULTS_DB's divergence_rows COPIES times (default 40, unit ids shifted) into a scratch
# database as a plain table and as one JSON array per unit behind a json_each view, then prints each
# form's size in bytes (dbstat) and the time of two queries over each: a count with a cause bit and the
# largest x difference, and a count by mask. Needs the sqlite3 shell, 3.38 or later (`->>`); works
# on Linux and macOS. The scratch database is removed on exit.
set -euo pipefail
[ $# -ge 1 ] || { sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 64; }
source_db=$1
copies=${2:-40}
[ -f "$source_db" ] || { echo "packed-divergences.sh: no such file: $source_db" >&2; exit 66; }
command -v sqlite3 >/dev/null || { echo "packed-divergences.sh: needs the sqlite3 shell" >&2; exit 69; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
db=$work/packed.db
sqlite3 "$db" <<SQL
ATTACH '$source_db' AS src;
CREATE TABLE d AS SELECT * FROM src.divergence_rows WHERE 0;
WITH RECURSIVE k(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM k WHERE i < $copies - 1)
INSERT INTO d SELECT NULL, unit_id + i * (SELECT max(unit_id) FROM src.divergence_rows), step_index, view_id, mask,
    a_x, a_y, a_width, a_height, b_x, b_y, b_width, b_height, cause_bits
  FROM src.divergence_rows, k;
CREATE TABLE packed (unit_id INTEGER PRIMARY KEY, divergences TEXT);
INSERT INTO packed SELECT unit_id, json_group_array(json_array(step_index, view_id, mask, a_x, a_y, a_width,
    a_height, b_x, b_y, b_width, b_height, cause_bits)) FROM d GROUP BY unit_id;
CREATE VIEW unpacked AS SELECT p.unit_id, j.value ->> 0 AS step_index, j.value ->> 1 AS view_id,
    j.value ->> 2 AS mask, j.value ->> 3 AS a_x, j.value ->> 7 AS b_x, j.value ->> 11 AS cause_bits
  FROM packed p, json_each(p.divergences) j;
SQL
echo "divergences: $(sqlite3 "$db" 'SELECT count(*) FROM d') ($copies copies of $source_db)"
echo "bytes, a row each:   $(sqlite3 "$db" "SELECT sum(pgsize) FROM dbstat WHERE name = 'd'")"
echo "bytes, JSON per unit: $(sqlite3 "$db" "SELECT sum(pgsize) FROM dbstat WHERE name = 'packed'")"
for form in d unpacked; do
  for query in "SELECT count(*), sum(cause_bits & 2 != 0), max(abs(b_x - a_x)) FROM $form" \
               "SELECT mask, count(*) FROM $form GROUP BY mask ORDER BY 2 DESC LIMIT 3"; do
    seconds=$(printf '.timer on\n%s;\n' "$query" | sqlite3 "$db" | sed -n 's/^Run Time: real \([0-9.]*\).*/\1/p')
    echo "$form: $seconds s  $query"
  done
done
