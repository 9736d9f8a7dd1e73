#!/usr/bin/env bash
# Merges the shards of sweep-array.sh, RESULTS/shard-0.db … shard-(SHARDS-1).db, into one database
# (INTO, default RESULTS/results.db). submit.sh queues it with --dependency=afterok on the array, so it
# runs once, after every task has succeeded. Running it again adds another merged run to INTO; it
# refuses, writing nothing, while any shard is missing or incomplete.
#SBATCH --job-name=layoutlab-merge
#SBATCH --cpus-per-task=1
#SBATCH --mem=2G
#SBATCH --time=01:00:00
#SBATCH --output=slurm-%x-%j.out
set -euo pipefail
results=${RESULTS:-shards}
shards=${SHARDS:?set SHARDS to the array size}
into=${INTO:-$results/results.db}
files=()
for ((i = 0; i < shards; i++)); do files+=("$results/shard-$i.db"); done
echo "layoutlab-merge: $shards shards from $results into $into, on $(hostname -s) in $PWD" >&2
exec "${LAYOUTLAB:-layoutlab}" merge "${files[@]}" --into "$into"
