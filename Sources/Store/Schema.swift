/// The schema of `results.db` (documented, with example queries, in docs/results-db.md). Stable table
/// and column names: people write SQL against them.
///
/// experiments ─< runs ─< scenarios
///                     ─< comparisons
///                     ─< units ─< steps
///                              ─< divergences ─< divergence_causes
public enum Schema {
    public static let version = 1

    /// Columns added after a database may already exist: added in place, so older results stay
    /// readable and the sweep can append to them.
    public static let additions: [(table: String, column: String, definition: String)] = [
        ("units", "environments_json", "TEXT"),
        ("steps", "device", "TEXT"), ("steps", "orientation", "TEXT"), ("steps", "in_call", "INTEGER"),
        ("steps", "window_width", "REAL"), ("steps", "passes_a", "INTEGER"), ("steps", "passes_b", "INTEGER"),
        ("steps", "settled", "INTEGER NOT NULL DEFAULT 1"),
        ("runs", "spec_path", "TEXT"),
        ("units", "error", "TEXT"),
        ("runs", "shard_index", "INTEGER"), ("runs", "shard_count", "INTEGER"),
    ]

    public static let sql = """
        CREATE TABLE IF NOT EXISTS experiments (
            id          INTEGER PRIMARY KEY,
            name        TEXT NOT NULL,
            spec_hash   TEXT NOT NULL UNIQUE,   -- FNV-1a 64 of the spec text: same file, same experiment
            spec_text   TEXT NOT NULL,          -- the experiment file as run
            seed        INTEGER NOT NULL,
            created_at  TEXT NOT NULL
        );
        CREATE TABLE IF NOT EXISTS runs (
            id            INTEGER PRIMARY KEY,
            experiment_id INTEGER NOT NULL REFERENCES experiments(id),
            code_version  TEXT NOT NULL,
            status        TEXT NOT NULL CHECK (status IN ('running', 'interrupted', 'completed')),
            jobs          INTEGER NOT NULL,
            units_total   INTEGER NOT NULL,
            started_at    TEXT NOT NULL,
            finished_at   TEXT,
            seconds       REAL,                 -- time spent computing, summed over resumed sessions
            spec_path     TEXT,                 -- the experiment file as given (regress resolves its paths from it)
            shard_index   INTEGER,              -- sweep --shard I/N: this run holds shard I's units (units_total of them)
            shard_count   INTEGER               -- N; a merged run has N and no index; NULL both: an unsharded run
        );
        CREATE TABLE IF NOT EXISTS scenarios (
            run_id         INTEGER NOT NULL REFERENCES runs(id),
            scenario_index INTEGER NOT NULL,
            source         TEXT NOT NULL,       -- file:<path> or generated:<generator>/<index>
            view_count     INTEGER NOT NULL,
            scenario_json  TEXT NOT NULL,       -- replayable: layoutlab layout takes it as is
            PRIMARY KEY (run_id, scenario_index)
        );
        CREATE TABLE IF NOT EXISTS comparisons (
            run_id           INTEGER NOT NULL REFERENCES runs(id),
            comparison_index INTEGER NOT NULL,
            a                TEXT NOT NULL,     -- springs/<policy> or autolayout/<translation>/<timing>
            b                TEXT NOT NULL,
            scale            INTEGER,           -- NULL: Auto Layout unrounded, springs at 1x
            tolerance        REAL NOT NULL,
            label            TEXT NOT NULL,
            PRIMARY KEY (run_id, comparison_index)
        );
        CREATE TABLE IF NOT EXISTS units (
            id               INTEGER PRIMARY KEY,
            run_id           INTEGER NOT NULL REFERENCES runs(id),
            unit_index       INTEGER NOT NULL,
            scenario_index   INTEGER NOT NULL,
            sequence_index   INTEGER NOT NULL,
            sequence_kind    TEXT NOT NULL,
            comparison_index INTEGER NOT NULL,
            sizes_json       TEXT NOT NULL,     -- [[w,h],…] applied in order (windows, for environments)
            environments_json TEXT,             -- [{"device","orientation","inCall","windowWidth"},…]; NULL: sizes only
            view_steps       INTEGER NOT NULL,
            error            TEXT,              -- an external engine's failure on this unit (on_error: skip)
            divergences      INTEGER NOT NULL,
            UNIQUE (run_id, unit_index)
        );
        CREATE TABLE IF NOT EXISTS steps (
            unit_id         INTEGER NOT NULL REFERENCES units(id),
            step_index      INTEGER NOT NULL,
            width           REAL NOT NULL,
            height          REAL NOT NULL,
            diverging_views INTEGER NOT NULL,
            device          TEXT,               -- the environment of the step (NULL: a plain size)
            orientation     TEXT,               -- portrait, landscape
            in_call         INTEGER,            -- 1 when the in-call bar was asked for
            window_width    REAL,               -- split view / slide over; NULL: full screen
            passes_a        INTEGER,            -- Auto Layout passes side a took (NULL: springs)
            passes_b        INTEGER,
            settled         INTEGER NOT NULL DEFAULT 1,  -- 0: margins still moving after the pass limit
            PRIMARY KEY (unit_id, step_index)
        ) WITHOUT ROWID;
        CREATE TABLE IF NOT EXISTS divergences (
            id         INTEGER PRIMARY KEY,
            run_id     INTEGER NOT NULL REFERENCES runs(id),
            unit_id    INTEGER NOT NULL REFERENCES units(id),
            step_index INTEGER NOT NULL,
            view_id    TEXT NOT NULL,
            mask       INTEGER NOT NULL,        -- UIKit bits
            mask_notation TEXT NOT NULL,        -- h=&-& v=--&
            a_x REAL, a_y REAL, a_width REAL, a_height REAL,   -- NULL: non-finite
            b_x REAL, b_y REAL, b_width REAL, b_height REAL,
            d_min_x REAL, d_min_y REAL, d_max_x REAL, d_max_y REAL,  -- b − a per edge
            magnitude  REAL,                    -- largest |edge difference|; NULL: infinite
            causes     TEXT NOT NULL            -- comma-separated, or 'unexplained'
        );
        -- Keyed by run and cause: "divergences by cause" in a run reads the key in order, and no
        -- second index is needed (divergences.causes lists each divergence's causes the other way).
        -- Filter on run_id when joining it.
        CREATE TABLE IF NOT EXISTS divergence_causes (
            run_id        INTEGER NOT NULL REFERENCES runs(id),
            cause         TEXT NOT NULL,
            divergence_id INTEGER NOT NULL REFERENCES divergences(id),
            PRIMARY KEY (run_id, cause, divergence_id)
        ) WITHOUT ROWID;

        CREATE INDEX IF NOT EXISTS divergences_by_run ON divergences(run_id, mask);
        CREATE INDEX IF NOT EXISTS divergences_by_unit ON divergences(unit_id, step_index);
        CREATE INDEX IF NOT EXISTS units_by_comparison ON units(run_id, comparison_index);

        -- Every divergence with its comparison and scenario, for ad-hoc questions.
        CREATE VIEW IF NOT EXISTS divergence_details AS
            SELECT d.*, c.label AS comparison, c.a, c.b, c.scale, s.source AS scenario_source,
                   u.scenario_index, u.sequence_index, u.sequence_kind, u.comparison_index
            FROM divergences d
            JOIN units u ON u.id = d.unit_id
            JOIN comparisons c ON c.run_id = u.run_id AND c.comparison_index = u.comparison_index
            JOIN scenarios s ON s.run_id = u.run_id AND s.scenario_index = u.scenario_index;
        CREATE VIEW IF NOT EXISTS summary_by_comparison AS
            SELECT u.run_id, c.label AS comparison, COUNT(*) AS units, SUM(u.view_steps) AS view_steps,
                   SUM(u.divergences) AS divergences,
                   ROUND(100.0 * SUM(u.divergences) / MAX(1, SUM(u.view_steps)), 3) AS percent_diverging
            FROM units u JOIN comparisons c ON c.run_id = u.run_id AND c.comparison_index = u.comparison_index
            GROUP BY u.run_id, u.comparison_index;
        CREATE VIEW IF NOT EXISTS summary_by_cause AS
            SELECT run_id, cause, COUNT(*) AS divergences FROM divergence_causes GROUP BY run_id, cause;
        CREATE VIEW IF NOT EXISTS summary_by_mask AS
            SELECT run_id, mask, mask_notation, COUNT(*) AS divergences, MAX(magnitude) AS max_magnitude
            FROM divergences GROUP BY run_id, mask;
        """
}
