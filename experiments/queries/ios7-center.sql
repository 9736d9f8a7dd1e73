-- (c) How far does iOS 7's centre form move views with both margins flexible, next to the modern
-- translation? Per mask and comparison: divergences, mean and largest edge difference, and how many
-- carry the centre-form cause. Latest run of experiments/ios7-center.yaml.
WITH run AS (
    SELECT r.id FROM runs r JOIN experiments e ON e.id = r.experiment_id
    WHERE e.name = 'ios7-center' ORDER BY r.id DESC LIMIT 1
)
SELECT d.mask_notation AS mask, c.b AS translation,
       COUNT(*) AS divergences,
       ROUND(AVG(d.magnitude), 3) AS mean_difference,
       ROUND(MAX(d.magnitude), 3) AS max_difference,
       SUM(d.causes LIKE '%centre-form%') AS centre_form
FROM divergences d
JOIN units u ON u.id = d.unit_id
JOIN comparisons c ON c.run_id = u.run_id AND c.comparison_index = u.comparison_index
WHERE d.run_id = (SELECT id FROM run)
GROUP BY d.mask, c.comparison_index
ORDER BY d.mask, c.comparison_index;
