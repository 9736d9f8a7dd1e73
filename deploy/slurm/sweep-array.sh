#!/usr/bin/env bash
# A sweep as a Slurm job array: task I runs shard I of the array's size into its own database
# (docs/scale-out.md). Submit with deploy/slurm/submit.sh, which queues the merge after it.
# --requeue: a preempted task runs the same command again, and --resume finishes its shard.
#SBATCH --job-name=layoutlab-sweep
#SBATCH --array=0-6
#SBATCH --cpus-per-task=2
#SBATCH --mem=4G
#SBATCH --time=04:00:00
#SBATCH --requeue
#SBATCH --output=slurm-%x-%A_%a.out
set -euo pipefail
experiment=${EXPERIMENT:-experiments/quick.yaml}
results=${RESULTS:-shards}
shards=${SLURM_ARRAY_TASK_COUNT:?run under a Slurm array (sbatch), or set SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT}
mkdir -p "$results"
exec "${LAYOUTLAB:-layoutlab}" sweep "$experiment" --shard "env/$shards" --db "$results/shard-$SLURM_ARRAY_TASK_ID.db" \
  --resume --jobs "${SLURM_CPUS_PER_TASK:-1}"
