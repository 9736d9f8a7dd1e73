-- Which screens change when migrated from masks to constraints, on which devices, by how much, and
-- why? Per Interface Builder screen (scenarios.source is ib:<file>#<scene>): how many of its
-- mask-based views land elsewhere under the idiomatic constraints than under springs and struts, on
-- how many device/orientation steps, the largest move and the device it happens on, and the causes
-- the lab recorded. Views placed by the document's own constraints are left out (springs cannot see
-- those: cause hand-written-constraints). Latest run with the idiomatic translation
-- (experiments/ib-migration.yaml). Largest first.
WITH run AS (
    SELECT MAX(run_id) AS id FROM comparisons WHERE b LIKE 'autolayout/idiomatic/%'
),
changes AS (
    SELECT d.id, s.source AS screen, st.device || ' ' || st.orientation AS device, d.view_id, d.magnitude
    FROM divergences d
    JOIN units u ON u.id = d.unit_id
    JOIN comparisons c ON c.run_id = u.run_id AND c.comparison_index = u.comparison_index
    JOIN scenarios s ON s.run_id = u.run_id AND s.scenario_index = u.scenario_index
    JOIN steps st ON st.unit_id = u.id AND st.step_index = d.step_index
    WHERE d.run_id = (SELECT id FROM run) AND c.a = 'springs/documented' AND c.b LIKE 'autolayout/idiomatic/%'
      AND s.source LIKE 'ib:%'
      AND d.causes NOT LIKE '%hand-written-constraints%'
),
per_screen AS (
    SELECT screen, COUNT(DISTINCT view_id) AS views, COUNT(DISTINCT device) AS devices, MAX(magnitude) AS largest
    FROM changes GROUP BY screen
)
SELECT p.screen,
       p.views AS views_moved,
       p.devices AS device_steps,
       ROUND(p.largest, 1) AS largest_move,
       (SELECT c.device FROM changes c WHERE c.screen = p.screen ORDER BY c.magnitude DESC LIMIT 1) AS worst_on,
       (SELECT GROUP_CONCAT(cause, ',') FROM (
            SELECT dc.cause, COUNT(*) AS n FROM changes c
            JOIN divergence_causes dc ON dc.run_id = (SELECT id FROM run) AND dc.divergence_id = c.id
            WHERE c.screen = p.screen GROUP BY dc.cause ORDER BY n DESC)) AS causes
FROM per_screen p
ORDER BY p.largest DESC, p.screen;
