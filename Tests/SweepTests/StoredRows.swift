import Store

/// Everything a run stored about its divergences, minus row ids and times, in unit/step/view order:
/// what "the same rows" means when tests compare an interrupted, concurrent or resumed run with an
/// uninterrupted one. `experiment` keeps one experiment's rows of a shared database.
func storedDivergenceRows(_ path: String, experiment: String? = nil) throws -> [[SQLValue]] {
    try Database(path: path, readOnly: true).query("""
        SELECT u.unit_index, d.step_index, d.view_id, d.mask, d.a_x, d.a_y, d.a_width, d.a_height,
               d.b_x, d.b_y, d.b_width, d.b_height, d.magnitude, d.causes
        FROM divergences d JOIN units u ON u.id = d.unit_id JOIN runs r ON r.id = u.run_id
        JOIN experiments e ON e.id = r.experiment_id
        WHERE ?1 IS NULL OR e.name = ?1
        ORDER BY u.unit_index, d.step_index, d.view_id
        """, [experiment.map { .text($0) } ?? .null]).rows
}
