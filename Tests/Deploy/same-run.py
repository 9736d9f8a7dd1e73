#!/usr/bin/env python3
"""Checks that a merged sharded run holds what an unsharded run of the same experiment holds:
   Tests/Deploy/same-run.py UNSHARDED.db MERGED.db
Each database's latest run that is not a shard is compared table by table, by content, in unit
order. Left out, as in Tests/SweepTests/StoredRows.swift (storedRunContent): row ids, times
(created_at, started_at, finished_at, seconds), the worker count (jobs) and the shard bookkeeping
(shard_index, shard_count). Every table of the schema is compared, so a table added to the schema
fails this check until a query for it is added here. Exits 0 when equal,
1 with the first differing rows of each table otherwise, 2 on bad input."""
import sqlite3
import sys

# What one run stored, with the run's id as ?1, in a stable order.
QUERIES = {
    "experiments": "SELECT e.name, e.spec_hash, e.spec_text, e.seed FROM experiments e JOIN runs r ON r.experiment_id = e.id WHERE r.id = ?1",
    "runs": "SELECT code_version, status, units_total, spec_path FROM runs WHERE id = ?1",
    "scenarios": "SELECT scenario_index, source, view_count, scenario_json FROM scenarios WHERE run_id = ?1 ORDER BY scenario_index",
    "comparisons": "SELECT comparison_index, a, b, scale, tolerance, label FROM comparisons WHERE run_id = ?1 ORDER BY comparison_index",
    "units": """SELECT unit_index, scenario_index, sequence_index, sequence_kind, comparison_index, sizes_json,
                       environments_json, view_steps, error, divergences, passes_json
                FROM units WHERE run_id = ?1 ORDER BY unit_index""",
    "divergence_rows": """SELECT u.unit_index, d.step_index, d.view_id, d.mask, d.a_x, d.a_y, d.a_width, d.a_height,
                                 d.b_x, d.b_y, d.b_width, d.b_height, d.cause_bits
                          FROM divergence_rows d JOIN units u ON u.id = d.unit_id WHERE u.run_id = ?1
                          ORDER BY u.unit_index, d.id""",
    # The cause names: a fixed table, written by the schema, that the run's cause bits refer to.
    "causes": "SELECT bit, name FROM causes ORDER BY bit",
    # The views the curated queries read, over the tables above.
    "steps (view)": """SELECT u.unit_index, s.step_index, s.width, s.height, s.diverging_views, s.device, s.orientation,
                              s.in_call, s.window_width, s.passes_a, s.passes_b, s.settled
                       FROM steps s JOIN units u ON u.id = s.unit_id WHERE u.run_id = ?1 ORDER BY u.unit_index, s.step_index""",
    "divergences (view)": """SELECT u.unit_index, d.step_index, d.view_id, d.mask_notation, d.magnitude, d.causes
                             FROM divergences d JOIN units u ON u.id = d.unit_id WHERE d.run_id = ?1 ORDER BY u.unit_index, d.id""",
}


def run_content(path):
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    tables = {name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")}
    unplaced = tables - set(QUERIES)
    if unplaced:
        raise ValueError(f"{path} has tables this check does not compare: {sorted(unplaced)}")
    row = db.execute("SELECT max(id) FROM runs WHERE shard_index IS NULL").fetchone()
    if row[0] is None:
        raise ValueError(f"{path} has no run that is not a shard")
    return row[0], {table: db.execute(query, (row[0],) if "?1" in query else ()).fetchall() for table, query in QUERIES.items()}


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: same-run.py UNSHARDED.db MERGED.db")
    try:
        (_, expected), (merged_id, merged) = run_content(sys.argv[1]), run_content(sys.argv[2])
    except (sqlite3.Error, ValueError) as error:
        print(f"same-run.py: {error}", file=sys.stderr)
        return 2
    if not expected["units"] or not expected["runs"] or expected["runs"][0][1] != "completed":
        print(f"same-run.py: {sys.argv[1]}: the unsharded run is not a completed run with units", file=sys.stderr)
        return 2
    differing = []
    for table, rows in expected.items():
        other = merged[table]
        if rows == other:
            continue
        differing.append(table)
        first = next((i for i, (a, b) in enumerate(zip(rows, other)) if a != b), min(len(rows), len(other)))
        print(f"{table}: {len(rows)} rows unsharded, {len(other)} merged; first difference at row {first}:", file=sys.stderr)
        print(f"  unsharded: {rows[first] if first < len(rows) else '(none)'}", file=sys.stderr)
        print(f"  merged:    {other[first] if first < len(other) else '(none)'}", file=sys.stderr)
    counts = ", ".join(f"{table} {len(rows)}" for table, rows in expected.items())
    if differing:
        print(f"same-run.py: merged run {merged_id} of {sys.argv[2]} differs from the unsharded run in: {', '.join(differing)}", file=sys.stderr)
        return 1
    print(f"same run: {counts} rows equal")
    return 0


if __name__ == "__main__":
    sys.exit(main())
