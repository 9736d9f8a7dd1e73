-- Which trees change between springs and Auto Layout when the in-call bar appears, on which devices?
-- Per device (portrait): the trees swept, how many of them have views that the in-call bar moves
-- differently (a divergence with the 'bars' cause at a step where the bar shows), how many views, the
-- largest move, and the first few such trees. Devices without the bar show 0. Latest run with an
-- in-call sequence (experiments/in-call.yaml; the README's quick sweep has a small one).
WITH run AS (
    SELECT MAX(run_id) AS id FROM units WHERE sequence_kind = 'in-call'
),
units_in_call AS (
    SELECT u.id, u.scenario_index, s.source
    FROM units u
    JOIN comparisons c ON c.run_id = u.run_id AND c.comparison_index = u.comparison_index
    JOIN scenarios s ON s.run_id = u.run_id AND s.scenario_index = u.scenario_index
    WHERE u.run_id = (SELECT id FROM run) AND u.sequence_kind = 'in-call'
      AND c.a LIKE 'springs/%' AND c.b LIKE 'autolayout/%'
),
moved AS (
    SELECT st.device, x.scenario_index, x.source, COUNT(*) AS views, MAX(d.magnitude) AS largest
    FROM units_in_call x
    JOIN steps st ON st.unit_id = x.id AND st.in_call = 1
    JOIN divergences d ON d.unit_id = x.id AND d.step_index = st.step_index
    WHERE d.causes LIKE '%bars%'
    GROUP BY st.device, x.scenario_index
),
devices AS (
    SELECT st.device, COUNT(DISTINCT x.scenario_index) AS trees
    FROM units_in_call x JOIN steps st ON st.unit_id = x.id
    GROUP BY st.device
)
SELECT v.device,
       v.trees,
       COUNT(m.scenario_index) AS trees_changed,
       COALESCE(SUM(m.views), 0) AS views_moved,
       ROUND(COALESCE(MAX(m.largest), 0), 3) AS largest_move,
       COALESCE(SUBSTR(GROUP_CONCAT(m.source, ' '), 1, 80), '') AS first_trees
FROM devices v
LEFT JOIN moved m ON m.device = v.device
GROUP BY v.device
ORDER BY trees_changed DESC, v.device;
