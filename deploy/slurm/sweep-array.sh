#!/usr/bin/env bash
# A sweep as a Slurm job array: task I runs shard I of the array's size into RESULTS/shard-I.db
# (docs/scale-out.md). Submit with deploy/slurm/submit.sh N, which sets the array's size, makes the
# paths absolute and queues the merge after the array; `sbatch sweep-array.sh` alone runs the 7 tasks
# below, with the paths taken from the submit directory.
# --requeue: a preempted task, or one on a failed node, runs the same command again, and --resume
# finishes its shard. --open-mode=append keeps every attempt's output in one file.
#SBATCH --job-name=layoutlab-sweep
#SBATCH --array=0-6
#SBATCH --cpus-per-task=2
#SBATCH --mem=4G
#SBATCH --time=04:00:00
#SBATCH --requeue
#SBATCH --open-mode=append
#SBATCH --output=slurm-%x-%A_%a.out
set -euo pipefail
experiment=${EXPERIMENT:-experiments/quick.yaml}
results=${RESULTS:-shards}
task=${SLURM_ARRAY_TASK_ID:?run under a Slurm array (sbatch), or set SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT}
shards=${SLURM_ARRAY_TASK_COUNT:-${SHARDS:?set SHARDS or SLURM_ARRAY_TASK_COUNT to the array size}}
# submit.sh passes its N to the merge as SHARDS too: an array of another size would shard into a
# count the merge does not expect.
if [ -n "${SHARDS:-}" ] && [ "$SHARDS" != "$shards" ]; then
  echo "sweep-array.sh: the array has $shards tasks but SHARDS is $SHARDS" >&2
  exit 64
fi
# The shard index is the task's place in the array (layoutlab computes the same from the variables),
# so --array=1-7 writes shard-0.db … shard-6.db like --array=0-6.
index=$((task - ${SLURM_ARRAY_TASK_MIN:-0}))
echo "layoutlab-sweep: shard $index/$shards of $experiment, attempt $((${SLURM_RESTART_COUNT:-0} + 1)), on $(hostname -s) in $PWD" >&2
mkdir -p "$results"
exec "${LAYOUTLAB:-layoutlab}" sweep "$experiment" --shard "env/$shards" --db "$results/shard-$index.db" \
  --resume --jobs "${SLURM_CPUS_PER_TASK:-1}"
