#!/usr/bin/env bash
# Merges the shards of sweep-array.sh into one database; queued by submit.sh after the whole array.
#SBATCH --job-name=layoutlab-merge
#SBATCH --cpus-per-task=1
#SBATCH --mem=2G
#SBATCH --time=01:00:00
#SBATCH --output=slurm-%x-%j.out
set -euo pipefail
results=${RESULTS:-shards}
shards=${SHARDS:?set SHARDS to the array size}
files=()
for ((i = 0; i < shards; i++)); do files+=("$results/shard-$i.db"); done
exec "${LAYOUTLAB:-layoutlab}" merge "${files[@]}" --into "${INTO:-results.db}"
