import Store

/// Everything a run stored about its divergences, minus row ids and times, in unit/step/view order:
/// what "the same rows" means when tests compare an interrupted, concurrent or resumed run with an
/// uninterrupted one. `experiment` keeps one experiment's rows of a shared database.
func storedDivergenceRows(_ path: String, experiment: String? = nil) throws -> [[SQLValue]] {
    try Database(path: path, readOnly: true).query(
        """
        SELECT u.unit_index, d.step_index, d.view_id, d.mask, d.a_x, d.a_y, d.a_width, d.a_height,
               d.b_x, d.b_y, d.b_width, d.b_height, d.magnitude, d.causes
        FROM divergences d JOIN units u ON u.id = d.unit_id JOIN runs r ON r.id = u.run_id
        JOIN experiments e ON e.id = r.experiment_id
        WHERE ?1 IS NULL OR e.name = ?1
        ORDER BY u.unit_index, d.step_index, d.view_id
        """, [experiment.map { .text($0) } ?? .null]
    ).rows
}

/// Everything one run stored, minus row ids, times, job counts and shard bookkeeping, table by table
/// in unit order: what "the same database" means for a merged sharded run and an unsharded one.
/// `run` nil: the database's latest run that is not a shard.
func storedRunContent(_ path: String, run: Int64? = nil) throws -> [String: [[SQLValue]]] {
    let db = try Database(path: path, readOnly: true)
    let latest = try db.query("SELECT max(id) FROM runs WHERE shard_index IS NULL").rows.first?.first ?? .null
    let id: SQLValue = run.map { .integer($0) } ?? latest
    let queries: [String: String] = [
        "experiment":
            "SELECT e.name, e.spec_hash, e.spec_text, e.seed FROM experiments e JOIN runs r ON r.experiment_id = e.id WHERE r.id = ?1",
        "run": "SELECT code_version, status, units_total, spec_path FROM runs WHERE id = ?1",
        "scenarios":
            "SELECT scenario_index, source, view_count, scenario_json FROM scenarios WHERE run_id = ?1 ORDER BY scenario_index",
        "comparisons":
            "SELECT comparison_index, a, b, scale, tolerance, label FROM comparisons WHERE run_id = ?1 ORDER BY comparison_index",
        "units": """
        SELECT unit_index, scenario_index, sequence_index, sequence_kind, comparison_index, sizes_json, environments_json,
               view_steps, error, divergences FROM units WHERE run_id = ?1 ORDER BY unit_index
        """,
        "steps": """
        SELECT u.unit_index, s.step_index, s.width, s.height, s.diverging_views, s.device, s.orientation, s.in_call,
               s.window_width, s.passes_a, s.passes_b, s.settled
        FROM steps s JOIN units u ON u.id = s.unit_id WHERE u.run_id = ?1 ORDER BY u.unit_index, s.step_index
        """,
        "divergences": """
        SELECT u.unit_index, d.step_index, d.view_id, d.mask, d.mask_notation, d.a_x, d.a_y, d.a_width, d.a_height,
               d.b_x, d.b_y, d.b_width, d.b_height, d.d_min_x, d.d_min_y, d.d_max_x, d.d_max_y, d.magnitude, d.causes
        FROM divergences d JOIN units u ON u.id = d.unit_id WHERE d.run_id = ?1 ORDER BY u.unit_index, d.id
        """,
        "causes": """
        SELECT u.unit_index, d.step_index, d.view_id, c.cause
        FROM divergence_causes c JOIN divergences d ON d.id = c.divergence_id JOIN units u ON u.id = d.unit_id
        WHERE c.run_id = ?1 ORDER BY u.unit_index, d.id, c.cause
        """,
    ]
    return try queries.mapValues { try db.query($0, [id]).rows }
}
