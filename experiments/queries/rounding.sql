-- (d) Over long random walks, how often do GNUstep 0.29's and AppKit's rounding disagree at 1x, 2x and
-- 3x, and does the gap grow with the number of steps (carried error)? Per scale and block of ten steps:
-- share of view-steps diverging, largest difference in points and in pixels.
-- The latest run with that comparison (experiments/rounding.yaml, or quick.yaml in small).
WITH run AS (
    SELECT MAX(run_id) AS id FROM comparisons WHERE a = 'springs/gnustep-0.29' AND b = 'springs/appkit'
), steps_by_block AS (
    SELECT c.scale, s.step_index / 10 AS block, SUM(s.diverging_views) AS diverging,
           SUM(sc.view_count) AS view_steps
    FROM steps s JOIN units u ON u.id = s.unit_id
    JOIN comparisons c ON c.run_id = u.run_id AND c.comparison_index = u.comparison_index
    JOIN scenarios sc ON sc.run_id = u.run_id AND sc.scenario_index = u.scenario_index
    WHERE u.run_id = (SELECT id FROM run) AND c.a = 'springs/gnustep-0.29' AND c.b = 'springs/appkit'
    GROUP BY c.scale, block
), largest AS (
    SELECT c.scale, d.step_index / 10 AS block, MAX(d.magnitude) AS max_points
    FROM divergences d JOIN units u ON u.id = d.unit_id
    JOIN comparisons c ON c.run_id = u.run_id AND c.comparison_index = u.comparison_index
    WHERE d.run_id = (SELECT id FROM run) AND c.a = 'springs/gnustep-0.29' AND c.b = 'springs/appkit'
    GROUP BY c.scale, block
)
SELECT b.scale, (b.block * 10 + 1) || '-' || (b.block * 10 + 10) AS steps,
       ROUND(100.0 * b.diverging / b.view_steps, 2) AS percent_diverging,
       l.max_points, l.max_points * b.scale AS max_pixels
FROM steps_by_block b LEFT JOIN largest l ON l.scale = b.scale AND l.block = b.block
ORDER BY b.scale, b.block;
