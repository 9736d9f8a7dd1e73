-- (b) Does every divergence between springs' documented rule and the modern translation have a known
-- cause? Per comparison: divergences, how many are unexplained (expected: 0), and the causes seen.
-- Latest run of experiments/documented-vs-modern.yaml.
WITH run AS (
    SELECT r.id FROM runs r JOIN experiments e ON e.id = r.experiment_id
    WHERE e.name = 'documented-vs-modern' ORDER BY r.id DESC LIMIT 1
)
SELECT c.label AS comparison,
       COUNT(DISTINCT d.id) AS divergences,
       COUNT(DISTINCT CASE WHEN dc.cause = 'unexplained' THEN d.id END) AS unexplained,
       GROUP_CONCAT(DISTINCT dc.cause) AS causes_seen
FROM divergences d
JOIN divergence_causes dc ON dc.divergence_id = d.id
JOIN units u ON u.id = d.unit_id
JOIN comparisons c ON c.run_id = u.run_id AND c.comparison_index = u.comparison_index
WHERE d.run_id = (SELECT id FROM run)
GROUP BY c.comparison_index ORDER BY c.comparison_index;
