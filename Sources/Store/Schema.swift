import Sweep

/// The schema of `results.db` (documented, with example queries, in docs/results-db.md). Stable table
/// and column names: people write SQL against them.
///
/// experiments ─< runs ─< scenarios
///                     ─< comparisons
///                     ─< units ─< steps                 (a view: sizes_json, environments_json, passes_json)
///                              ─< divergences ─< divergence_causes   (views over divergence_rows)
///
/// **Version 2** stores what is measured and derives the rest, so one writer keeps up with
/// many cores: a divergence is one row of numbers (`divergence_rows`: its unit, step, view, the two
/// frames and a bitmask of causes); its per-edge differences, magnitude, mask notation and cause names
/// are computed by the `divergences` view, its run comes from its unit, and `divergences`,
/// `divergence_causes` and `steps` are views with version 1's columns, in version 1's order, holding
/// the same values. The one
/// secondary index of the divergences is built when a session ends, not kept up row by row.
public enum Schema {
    public static let version = 2

    /// Columns added after a database may already exist: added in place, so older results stay
    /// readable and the sweep can append to them.
    public static let additions: [(table: String, column: String, definition: String)] = [
        ("units", "environments_json", "TEXT"),
        ("runs", "spec_path", "TEXT"),
        ("units", "error", "TEXT"),
        ("runs", "shard_index", "INTEGER"), ("runs", "shard_count", "INTEGER"),
        ("units", "passes_json", "TEXT"),
    ]

    public static let tables = """
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
            shard_index   INTEGER,              -- sweep --shard I/N: this run holds shard I's units
                                                --   (units_total of them)
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
            environments_json TEXT,             -- [{"device","orientation","inCall","windowWidth"},…] or NULL
            view_steps       INTEGER NOT NULL,
            error            TEXT,              -- an external engine's failure on this unit (on_error: skip)
            divergences      INTEGER NOT NULL,
            passes_json      TEXT               -- [[passes_a, passes_b, settled],…] per step; NULL: one pass, settled
        );
        -- One row per divergence: what was measured. Everything else is generated from it.
        CREATE TABLE IF NOT EXISTS divergence_rows (
            id         INTEGER PRIMARY KEY,
            unit_id    INTEGER NOT NULL REFERENCES units(id),
            step_index INTEGER NOT NULL,
            view_id    TEXT NOT NULL,
            mask       INTEGER NOT NULL,        -- UIKit bits
            a_x REAL, a_y REAL, a_width REAL, a_height REAL,   -- NULL: non-finite
            b_x REAL, b_y REAL, b_width REAL, b_height REAL,
            cause_bits INTEGER NOT NULL         -- one bit per cause (the causes table names them); 0: unexplained
        );
        CREATE TABLE IF NOT EXISTS causes (
            bit  INTEGER PRIMARY KEY,           -- 0 stands for unexplained (no bit set)
            name TEXT NOT NULL UNIQUE
        );
        """

    /// The causes' names by bit, as `Causes` defines them (rows of the `causes` table).
    public static var causeRows: [(bit: Int64, name: String)] {
        [(0, Causes.unexplainedName)] + Causes.names.map { (Int64($0.0.rawValue), $0.1) }
    }

    /// Every view `views` creates, dependents first (the order they are dropped in).
    static let viewNames = [
        "summary_by_mask", "summary_by_cause", "summary_by_comparison", "divergence_details", "steps",
        "divergence_causes", "divergences",
    ]

    public static var views: String {
        """
        -- Version 1's divergences: the stored row, its run from its unit, its generated columns.
        -- (Computed here, not as generated columns: SQLite computes a table's generated columns on every
        -- insert, which tripled the writer's cost.)
        CREATE VIEW IF NOT EXISTS divergences AS
            SELECT d.id, u.run_id, d.unit_id, d.step_index, d.view_id, d.mask, \(maskNotationSQL) AS mask_notation,
                   d.a_x, d.a_y, d.a_width, d.a_height, d.b_x, d.b_y, d.b_width, d.b_height,
                   CAST(d.b_x - d.a_x AS REAL) AS d_min_x, CAST(d.b_y - d.a_y AS REAL) AS d_min_y,
                   CAST((d.b_x + d.b_width) - (d.a_x + d.a_width) AS REAL) AS d_max_x,
                   CAST((d.b_y + d.b_height) - (d.a_y + d.a_height) AS REAL) AS d_max_y,
                   CAST(\(magnitudeSQL) AS REAL) AS magnitude, \(causesSQL) AS causes
            FROM divergence_rows d JOIN units u ON u.id = d.unit_id;
        -- One row per cause of a divergence (a divergence with no cause bit: 'unexplained'). Two arms, so
        -- a filter on the cause name picks its bit first and tests it in one scan (an OR in the join
        -- took six times as long on a million divergences).
        CREATE VIEW IF NOT EXISTS divergence_causes AS
            SELECT u.run_id, c.name AS cause, d.id AS divergence_id
            FROM causes c JOIN divergence_rows d ON (d.cause_bits & c.bit) != 0 JOIN units u ON u.id = d.unit_id
            WHERE c.bit != 0
            UNION ALL
            SELECT u.run_id, '\(Causes.unexplainedName)', d.id
            FROM divergence_rows d JOIN units u ON u.id = d.unit_id WHERE d.cause_bits = 0;
        \(stepsView(named: "steps"))

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
        -- Counted per combination of causes first (a run has a few dozen), then per cause: ten times
        -- faster than counting divergence_causes' rows.
        CREATE VIEW IF NOT EXISTS summary_by_cause AS
            SELECT g.run_id, c.name AS cause, SUM(g.n) AS divergences
            FROM (SELECT u.run_id, d.cause_bits, COUNT(*) AS n
                  FROM divergence_rows d JOIN units u ON u.id = d.unit_id GROUP BY u.run_id, d.cause_bits) g
            JOIN causes c ON (g.cause_bits & c.bit) != 0 OR (c.bit = 0 AND g.cause_bits = 0)
            GROUP BY g.run_id, c.name;
        CREATE VIEW IF NOT EXISTS summary_by_mask AS
            SELECT run_id, mask, mask_notation, COUNT(*) AS divergences, MAX(magnitude) AS max_magnitude
            FROM divergences GROUP BY run_id, mask;
        """
    }

    /// One row per step of a unit (none for a unit an external engine failed), from the unit's JSON:
    /// its size, its environment, and for an Auto Layout side its layout passes (1 unless `passes_json`
    /// says otherwise) and whether its margins settled.
    static func stepsView(named name: String) -> String {
        func at(_ json: String, _ path: String) -> String { "json_extract(u.\(json), '$[' || j.key || ']\(path)')" }
        func passes(_ side: String, _ k: Int) -> String {
            "CASE WHEN c.\(side) LIKE 'autolayout/%' THEN coalesce(\(at("passes_json", "[\(k)]")), 1) END"
        }
        return """
            CREATE VIEW IF NOT EXISTS \(name) AS
                SELECT u.id AS unit_id, CAST(j.key AS INTEGER) AS step_index,
                       CAST(json_extract(j.value, '$[0]') AS REAL) AS width,
                       CAST(json_extract(j.value, '$[1]') AS REAL) AS height,
                       (SELECT COUNT(*) FROM divergence_rows d
                         WHERE d.unit_id = u.id AND d.step_index = j.key) AS diverging_views,
                       \(at("environments_json", ".device")) AS device,
                       \(at("environments_json", ".orientation")) AS orientation,
                       CASE WHEN u.environments_json IS NULL THEN NULL
                            ELSE coalesce(\(at("environments_json", ".inCall")), 0) END AS in_call,
                       CAST(\(at("environments_json", ".windowWidth")) AS REAL) AS window_width,
                       \(passes("a", 0)) AS passes_a,
                       \(passes("b", 1)) AS passes_b,
                       coalesce(\(at("passes_json", "[2]")), 1) AS settled
                FROM units u JOIN comparisons c ON c.run_id = u.run_id AND c.comparison_index = u.comparison_index,
                     json_each(u.sizes_json) j
                WHERE u.error IS NULL;
            """
    }

    /// The secondary indexes: built when a session ends (`ResultsStore.finishRun`, `merge`), dropped
    /// while a session writes, so rows go in without them.
    public static let deferredIndexes = """
        CREATE INDEX IF NOT EXISTS divergence_rows_by_unit ON divergence_rows(unit_id, step_index);
        CREATE UNIQUE INDEX IF NOT EXISTS units_by_run ON units(run_id, unit_index);
        CREATE INDEX IF NOT EXISTS units_by_comparison ON units(run_id, comparison_index);
        """
    public static let dropDeferredIndexes = """
        DROP INDEX IF EXISTS divergence_rows_by_unit; DROP INDEX IF EXISTS units_by_run;
        DROP INDEX IF EXISTS units_by_comparison;
        """

    /// `AutoresizingMask.notation` in SQL: per axis `&` for a flexible part, `-` for a fixed one, and
    /// `--&` for an axis with none.
    public static var maskNotationSQL: String {
        func axis(_ shift: Int) -> String {
            let bits = (0..<3).map { "(CASE WHEN d.mask & \(1 << (shift + $0)) THEN '&' ELSE '-' END)" }
            return "(CASE WHEN d.mask & \(7 << shift) = 0 THEN '--&' ELSE \(bits.joined(separator: " || ")) END)"
        }
        return "'h=' || \(axis(0)) || ' v=' || \(axis(3))"
    }

    /// `Rect.maxEdgeDifference`: the largest |b − a| over the four edges; NULL (infinite) when an edge is
    /// finite on one side only; an edge non-finite on both sides counts as equal. (The view casts its
    /// computed reals to REAL: SQLite keeps an integral real as an integer, and a sort would hand it
    /// back as one.)
    static var magnitudeSQL: String {
        let edges = [
            ("d.a_x", "d.b_x"), ("d.a_y", "d.b_y"), ("(d.a_x + d.a_width)", "(d.b_x + d.b_width)"),
            ("(d.a_y + d.a_height)", "(d.b_y + d.b_height)"),
        ]
        let terms = edges.map { a, b in
            "(CASE WHEN \(a) IS NULL AND \(b) IS NULL THEN 0.0 WHEN \(a) IS NULL OR \(b) IS NULL THEN NULL "
                + "ELSE abs(\(b) - \(a)) END)"
        }
        return "max(0.0, \(terms.joined(separator: ", ")))"
    }

    /// `Causes.nameList` joined with commas, in `Causes.names`' order; `unexplained` when no bit is set.
    static var causesSQL: String {
        let parts = Causes.names.map { "(CASE WHEN d.cause_bits & \($0.0.rawValue) THEN '\($0.1),' ELSE '' END)" }
        return "coalesce(nullif(rtrim(\(parts.joined(separator: " || ")), ','), ''), '\(Causes.unexplainedName)')"
    }
}
