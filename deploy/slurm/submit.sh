#!/usr/bin/env bash
# Queues the sweep array and, after all of its tasks succeed, the merge:
#   EXPERIMENT=experiments/quick.yaml deploy/slurm/submit.sh
set -euo pipefail
here=$(dirname "$0")
shards=$(sed -n 's/^#SBATCH --array=0-\([0-9]*\)$/\1/p' "$here/sweep-array.sh")
array=$(sbatch --parsable --export=ALL "$here/sweep-array.sh")
sbatch --dependency="afterok:$array" --export=ALL,SHARDS=$((shards + 1)) "$here/merge.sh"
