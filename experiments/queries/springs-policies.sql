-- (a) Which springs policies agree with which? For each pair, over all 64 masks x the frame grid x the
-- size paths: how many cases (units) disagree at some step, the share of all cases, the largest edge
-- difference, and the cause seen most. -- The latest run comparing springs policies (experiments/springs-policies.yaml, or quick.yaml in small).
WITH run AS (
    SELECT MAX(run_id) AS id FROM comparisons WHERE a LIKE 'springs/%' AND b LIKE 'springs/%'
), per_comparison AS (
    SELECT u.comparison_index, COUNT(*) AS cases, SUM(u.divergences > 0) AS disagreeing_cases
    FROM units u JOIN comparisons c ON c.run_id = u.run_id AND c.comparison_index = u.comparison_index
    WHERE u.run_id = (SELECT id FROM run) AND c.a LIKE 'springs/%' AND c.b LIKE 'springs/%'
    GROUP BY u.comparison_index
), top_cause AS (
    SELECT u.comparison_index, dc.cause, COUNT(*) AS n,
           ROW_NUMBER() OVER (PARTITION BY u.comparison_index ORDER BY COUNT(*) DESC, dc.cause) AS rank
    FROM divergence_causes dc JOIN divergences d ON d.id = dc.divergence_id JOIN units u ON u.id = d.unit_id
    WHERE dc.run_id = (SELECT id FROM run) GROUP BY u.comparison_index, dc.cause
)
SELECT c.label AS comparison, p.cases, p.disagreeing_cases,
       ROUND(100.0 * p.disagreeing_cases / p.cases, 1) AS percent,
       (SELECT MAX(d.magnitude) FROM divergences d JOIN units u ON u.id = d.unit_id
         WHERE d.run_id = (SELECT id FROM run) AND u.comparison_index = c.comparison_index) AS max_difference,
       t.cause AS most_common_cause
FROM per_comparison p
JOIN comparisons c ON c.run_id = (SELECT id FROM run) AND c.comparison_index = p.comparison_index
LEFT JOIN top_cause t ON t.comparison_index = p.comparison_index AND t.rank = 1
ORDER BY percent, c.comparison_index;
