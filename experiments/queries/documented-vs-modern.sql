-- (b) Does every divergence between springs' documented rule and the modern translation have a known
-- cause? Per comparison: divergences, how many are unexplained (expected: 0), and the causes seen.
-- The latest run with such a comparison (experiments/documented-vs-modern.yaml, or quick.yaml in small).
WITH run AS (
    SELECT MAX(run_id) AS id FROM comparisons WHERE a = 'springs/documented' AND b LIKE 'autolayout/modern/%'
)
SELECT c.label AS comparison,
       COUNT(DISTINCT d.id) AS divergences,
       COUNT(DISTINCT CASE WHEN dc.cause = 'unexplained' THEN d.id END) AS unexplained,
       GROUP_CONCAT(DISTINCT dc.cause) AS causes_seen
FROM divergence_causes dc
JOIN divergences d ON d.id = dc.divergence_id
JOIN units u ON u.id = d.unit_id
JOIN comparisons c ON c.run_id = u.run_id AND c.comparison_index = u.comparison_index
WHERE dc.run_id = (SELECT id FROM run) AND c.a = 'springs/documented' AND c.b LIKE 'autolayout/modern/%'
GROUP BY c.comparison_index ORDER BY c.comparison_index;
