-- (c) How far does iOS 7's centre form move views with both margins flexible (L+R or T+B), next to
-- the modern translation when the run has one? Per mask and comparison: divergences, mean and largest edge difference, and how many
-- carry the centre-form cause. Latest run of experiments/ios7-center.yaml.
WITH run AS (
    SELECT MAX(run_id) AS id FROM comparisons WHERE b LIKE 'autolayout/ios6-12/%'
)
SELECT d.mask_notation AS mask, c.b AS translation,
       COUNT(*) AS divergences,
       ROUND(AVG(d.magnitude), 3) AS mean_difference,
       ROUND(MAX(d.magnitude), 3) AS max_difference,
       SUM(d.causes LIKE '%centre-form%') AS centre_form
FROM divergences d
JOIN units u ON u.id = d.unit_id
JOIN comparisons c ON c.run_id = u.run_id AND c.comparison_index = u.comparison_index
WHERE d.run_id = (SELECT id FROM run) AND c.a = 'springs/documented' AND c.b LIKE 'autolayout/%'
  AND ((d.mask & 5) = 5 OR (d.mask & 40) = 40)
GROUP BY d.mask, c.comparison_index
ORDER BY d.mask, c.comparison_index;
