#!/usr/bin/env bash
# Queues a sharded sweep on Slurm: an array of N tasks (sweep-array.sh), then the merge (merge.sh),
# which starts once every task has succeeded (--dependency=afterok on the array):
#   EXPERIMENT=experiments/quick.yaml RESULTS=/shared/sweeps/quick deploy/slurm/submit.sh N [SBATCH-OPTION...]
# EXPERIMENT  the experiment file (default experiments/quick.yaml)
# RESULTS     the folder for the shards, the merged database and the jobs' output (default shards)
# INTO        the merged database (default RESULTS/results.db)
# LAYOUTLAB   the executable (default: layoutlab on PATH)
# Relative paths are taken from the current directory and passed on absolute. Both jobs run in
# RESULTS (--chdir), which must be on a file system that every node sees, as must the experiment and
# the executable. SBATCH-OPTIONs go to the array only (--cpus-per-task=8 --partition=long); sbatch's
# input variables (SBATCH_PARTITION, SBATCH_ACCOUNT, …) reach both jobs.
# Prints "array ID" and "merge ID" on standard output.
set -euo pipefail
usage() { echo "usage: [EXPERIMENT=FILE] [RESULTS=DIR] [INTO=DB] [LAYOUTLAB=EXE] $0 N [SBATCH-OPTION...]" >&2; exit 64; }
[ $# -ge 1 ] || usage
n=$1
shift
[[ "$n" =~ ^[1-9][0-9]*$ ]] || { echo "submit.sh: N must be a positive number, not '$n'" >&2; exit 64; }
here=$(cd "$(dirname "$0")" && pwd)
absolute() { case "$1" in /*) printf '%s\n' "$1" ;; *) printf '%s\n' "$PWD/$1" ;; esac; }
EXPERIMENT=$(absolute "${EXPERIMENT:-experiments/quick.yaml}")
[ -r "$EXPERIMENT" ] || { echo "submit.sh: $EXPERIMENT: no such experiment file" >&2; exit 66; }
RESULTS=$(absolute "${RESULTS:-shards}")
INTO=$(absolute "${INTO:-$RESULTS/results.db}")
LAYOUTLAB=${LAYOUTLAB:-layoutlab}
case "$LAYOUTLAB" in
  */*) LAYOUTLAB=$(absolute "$LAYOUTLAB") ;;
  *) LAYOUTLAB=$(command -v "$LAYOUTLAB") || { echo "submit.sh: layoutlab is not on PATH; set LAYOUTLAB" >&2; exit 66; } ;;
esac
[ -x "$LAYOUTLAB" ] || { echo "submit.sh: $LAYOUTLAB is not an executable" >&2; exit 66; }
mkdir -p "$RESULTS"
export EXPERIMENT RESULTS INTO LAYOUTLAB SHARDS=$n
array=$(sbatch --parsable --array="0-$((n - 1))" --chdir="$RESULTS" --export=ALL "$@" "$here/sweep-array.sh")
array=${array%%;*}
echo "array $array"
merge=$(sbatch --parsable --dependency="afterok:$array" --chdir="$RESULTS" --export=ALL "$here/merge.sh")
merge=${merge%%;*}
echo "merge $merge"
echo "submit.sh: $n shards of $EXPERIMENT into $RESULTS, merged into $INTO; watch with: squeue -j $array,$merge" >&2
