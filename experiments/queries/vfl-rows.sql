-- As the superview narrows, which view gives up space first, and where is the result ambiguous?
-- For each row of content-sized views (experiments/vfl-rows.yaml): the first width at which Auto Layout
-- squeezes a view below its intrinsic width, which view that is, and whether it is the view with the
-- row's lowest compression resistance; and the first width at which equal content priorities leave the
-- row ambiguous. Summarised by how the lowest resistance is held (one view, or tied) and row length.
-- Springs' documented rule against the modern translation (the rows do not translate masks).
-- Intrinsic sizes and priorities come from each row's stored scenario (scenarios.scenario_json).
WITH run AS (
    SELECT MAX(run_id) AS id FROM scenarios WHERE source LIKE 'rows:%'
),
rows_ AS (
    SELECT u.id AS unit_id, s.scenario_index
    FROM units u JOIN scenarios s ON s.run_id = u.run_id AND s.scenario_index = u.scenario_index
    JOIN comparisons c ON c.run_id = u.run_id AND c.comparison_index = u.comparison_index
    WHERE u.run_id = (SELECT id FROM run) AND s.source LIKE 'rows:%'
      AND c.a = 'springs/documented' AND c.b LIKE 'autolayout/modern/%'
),
view_info AS (
    SELECT s.scenario_index, json_extract(v.value, '$.id') AS view_id,
           json_extract(v.value, '$.intrinsicContentSize[0]') AS intrinsic,
           COALESCE(json_extract(v.value, '$.contentCompressionResistancePriority.horizontal'), 750) AS resistance
    FROM scenarios s, json_each(s.scenario_json, '$.views') v
    WHERE s.run_id = (SELECT id FROM run) AND s.source LIKE 'rows:%'
),
row_info AS (
    SELECT scenario_index, COUNT(*) AS views, MIN(resistance) AS lowest,
           SUM(resistance = (SELECT MIN(resistance) FROM view_info j WHERE j.scenario_index = i.scenario_index)) AS holding_lowest
    FROM view_info i GROUP BY scenario_index
),
squeezes AS (
    SELECT r.scenario_index, d.step_index, st.width, d.view_id, i.resistance
    FROM rows_ r
    JOIN divergences d ON d.unit_id = r.unit_id
    JOIN view_info i ON i.scenario_index = r.scenario_index AND i.view_id = d.view_id
    JOIN steps st ON st.unit_id = r.unit_id AND st.step_index = d.step_index
    WHERE d.b_width < i.intrinsic - 1e-6
),
first_squeeze AS (
    SELECT q.scenario_index, q.width, MIN(q.resistance) AS resistance, COUNT(*) AS views
    FROM squeezes q
    WHERE q.step_index = (SELECT MIN(step_index) FROM squeezes p WHERE p.scenario_index = q.scenario_index)
    GROUP BY q.scenario_index
),
ambiguous AS (
    SELECT r.scenario_index, MAX(st.width) AS width
    FROM rows_ r
    JOIN divergences d ON d.unit_id = r.unit_id AND d.causes LIKE '%priority-tie%'
    JOIN steps st ON st.unit_id = r.unit_id AND st.step_index = d.step_index
    GROUP BY r.scenario_index
)
SELECT CASE WHEN ri.holding_lowest = 1 THEN 'one view' ELSE 'tied' END AS lowest_resistance,
       ri.views,
       COUNT(*) AS rows,
       COUNT(f.scenario_index) AS squeezed,
       SUM(f.resistance = ri.lowest) AS first_to_give_is_lowest,
       ROUND(AVG(f.width), 1) AS mean_width_first_squeeze,
       SUM(f.views > 1) AS several_give_at_once,
       COUNT(a.scenario_index) AS ambiguous_rows,
       COALESCE(SUM(a.width > COALESCE(f.width, 0)), 0) AS ambiguous_before_squeeze,
       ROUND(AVG(a.width), 1) AS mean_width_ambiguous_from
FROM row_info ri
LEFT JOIN first_squeeze f ON f.scenario_index = ri.scenario_index
LEFT JOIN ambiguous a ON a.scenario_index = ri.scenario_index
GROUP BY ri.holding_lowest = 1, ri.views
ORDER BY lowest_resistance, ri.views;
