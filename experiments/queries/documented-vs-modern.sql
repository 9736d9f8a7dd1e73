-- (b) Does every divergence between springs' documented rule and the modern translation have a known
-- cause? Per comparison: divergences, how many are unexplained (expected: 0), and the causes seen.
-- The latest run with such a comparison (experiments/documented-vs-modern.yaml, or quick.yaml in small).
WITH run AS (
    SELECT MAX(run_id) AS id FROM comparisons WHERE a = 'springs/documented' AND b LIKE 'autolayout/modern/%'
)
-- (The causes seen are listed in alphabetical order; GROUP_CONCAT alone promises no order.)
, per_cause AS (
    SELECT c.comparison_index, c.label, dc.cause, d.id
    FROM divergence_causes dc
    JOIN divergences d ON d.id = dc.divergence_id
    JOIN units u ON u.id = d.unit_id
    JOIN comparisons c ON c.run_id = u.run_id AND c.comparison_index = u.comparison_index
    WHERE dc.run_id = (SELECT id FROM run) AND c.a = 'springs/documented' AND c.b LIKE 'autolayout/modern/%'
)
SELECT p.label AS comparison,
       COUNT(DISTINCT p.id) AS divergences,
       COUNT(DISTINCT CASE WHEN p.cause = 'unexplained' THEN p.id END) AS unexplained,
       (SELECT GROUP_CONCAT(cause) FROM (SELECT DISTINCT cause FROM per_cause q
                                         WHERE q.comparison_index = p.comparison_index ORDER BY cause)) AS causes_seen
FROM per_cause p
GROUP BY p.comparison_index ORDER BY p.comparison_index;
