#!/usr/bin/env bash
# Runs deploy/slurm/ on a real Slurm cluster of one node, the local host, as a user submits it:
#   LAYOUTLAB=.build/release/layoutlab Tests/Deploy/slurm-cluster.sh
# Linux only (Debian's slurm-wlm and munge, installed with apt-get when missing), as root; elsewhere it
# prints why and exits 0. It writes a slurm.conf for this host into a temporary folder, starts munged,
# slurmctld and slurmd there on free local ports, and then checks, with submit.sh:
#   1. an array of 4 shards of experiments/quick.yaml and its merge: the merged results.db holds the
#      unsharded run (Tests/Deploy/same-run.py compares every table);
#   2. a running task requeued (scontrol requeue, as preemption or a node failure does): it runs
#      again, --resume finishes its shard, and the merge still starts by itself and equals the
#      unsharded run (Tests/Deploy/requeue.yaml, slow enough to stop a shard mid-run);
#   3. a running task cancelled (scancel), then requeued: the same, except that the merge must be
#      released by hand (Slurm 22.05 counts the cancellation against the array; docs/scale-out.md);
#   4. a task that fails (its experiment file gone): it shows as FAILED with its exit code, and the
#      merge never runs (DependencyNeverSatisfied); with the file back, the task requeued and the
#      merge released, the merge equals the unsharded run.
# LAYOUTLAB names the executable; without it, `swift build -c release --product layoutlab` builds it.
# Every daemon and job it started is stopped on exit, by PID, and the temporary folder removed.
# Exits 1 with the reason on any failure; prints each phase's time.
set -euo pipefail

now() { date +%s.%N; }
since() { awk -v a="$(now)" -v b="$1" 'BEGIN { printf "%.1f", a - b }'; }
started=$(now)
phase_name="" phase_start=""
timings=()
end_phase() {
  if [ -n "$phase_name" ]; then
    timings+=("$(printf '%7s s  %s' "$(since "$phase_start")" "$phase_name")")
  fi
  phase_name=""
}
phase() {
  end_phase
  phase_name=$1 phase_start=$(now)
  printf '\n== %s\n' "$1"
}
say() { printf '   %s\n' "$*"; }

if [ "$(uname -s)" != Linux ]; then
  echo "slurm-cluster.sh: skipped: the test cluster is Linux only (Debian's slurm-wlm and munge); nothing was run"
  exit 0
fi
if [ "$(id -u)" != 0 ]; then
  echo "slurm-cluster.sh: must run as root (it installs packages, and the test cluster runs its daemons and jobs as root)" >&2
  exit 1
fi
repo=$(cd "$(dirname "$0")/../.." && pwd)
host=$(hostname -s)
work="" daemons=() failed=0

# Prints the state of the cluster and the tail of every log, for a failure's reader.
diagnose() {
  [ -n "$work" ] && [ -d "$work" ] || return 0
  if [ ${#daemons[@]} -gt 1 ] && [ -n "${SLURM_CONF:-}" ]; then
    echo "--- squeue" >&2
    timeout 10 squeue -a 2>&1 | sed 's/^/    /' >&2 || true
  fi
  for f in "$work"/log/*.log "$work"/*/slurm-*.out; do
    [ -f "$f" ] || continue
    echo "--- ${f#"$work"/} (last 15 lines)" >&2
    tail -n 15 "$f" | sed 's/^/    /' >&2
  done
}
fail() {
  end_phase
  echo >&2
  echo "slurm-cluster.sh: FAILED: $*" >&2
  failed=1
  diagnose
  exit 1
}

stop_pid() { # PID NAME: TERM, up to 10 s, then KILL
  local pid=$1 name=$2 i
  kill -0 "$pid" 2>/dev/null || return 0
  kill -TERM "$pid" 2>/dev/null || true
  for ((i = 0; i < 100; i++)); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  if kill -0 "$pid" 2>/dev/null; then kill -KILL "$pid" 2>/dev/null || true; say "stopped $name ($pid) with SIGKILL"; else say "stopped $name ($pid)"; fi
  wait "$pid" 2>/dev/null || true
}
cleanup() {
  local status=$?
  trap - EXIT INT TERM
  end_phase
  if [ ${#daemons[@]} -gt 0 ] || [ -n "$work" ]; then phase "stop the cluster, remove the temporary folder"; fi
  # Jobs first, while slurmctld can still cancel them.
  if [ ${#daemons[@]} -gt 0 ] && [ -n "${SLURM_CONF:-}" ]; then
    local jobs
    jobs=$(timeout 10 squeue -h -o %A 2>/dev/null | tr '\n' ' ' || true)
    if [ -n "${jobs// /}" ]; then
      # shellcheck disable=SC2086
      timeout 10 scancel $jobs 2>/dev/null || true
      for ((i = 0; i < 30; i++)); do [ -z "$(timeout 5 squeue -h -t R,CG 2>/dev/null)" ] && break; sleep 0.5; done
      say "cancelled jobs $jobs"
    fi
  fi
  local entry
  for ((i = ${#daemons[@]} - 1; i >= 0; i--)); do
    entry=${daemons[$i]}
    stop_pid "${entry%% *}" "${entry#* }"
  done
  # A job step that outlived slurmd (it should not): any process working in the temporary folder.
  if [ -n "$work" ] && [ -d "$work" ]; then
    local p cwd
    for p in /proc/[0-9]*; do
      cwd=$(readlink "$p/cwd" 2>/dev/null) || continue
      case "$cwd" in "$work" | "$work"/*) stop_pid "${p#/proc/}" "leftover $(tr '\0' ' ' < "$p/cmdline" | cut -c1-60)" ;; esac
    done
    rm -rf "$work"
    say "removed $work"
  fi
  end_phase
  if [ ${#timings[@]} -gt 0 ]; then
    printf '\n== phases\n'
    printf '   %s\n' "${timings[@]}"
    printf '   %7s s  in all\n' "$(since "$started")"
  fi
  if [ "$status" -eq 0 ] && [ "$failed" -eq 0 ]; then echo "slurm-cluster.sh: passed"; fi
  exit "$status"
}
trap cleanup EXIT
trap 'fail "interrupted"' INT TERM

# Waits up to SECONDS for a shell condition; fails with WHAT when it never holds.
wait_until() { # SECONDS WHAT COMMAND...
  local limit=$1 what=$2 deadline
  shift 2
  deadline=$(($(date +%s) + limit))
  until "$@"; do
    [ "$(date +%s)" -lt "$deadline" ] || fail "timed out after ${limit}s waiting for: $what"
    sleep 0.5
  done
}
field() { # JOB FIELD: one field of scontrol's one-line record of a job or array task
  timeout 20 scontrol show job -o "$1" 2>/dev/null | head -n 1 | tr ' ' '\n' | sed -n "s/^$2=//p" | head -n 1
}
state_is() { [ "$(field "$1" JobState)" = "$2" ]; }
finished() { case "$(field "$1" JobState)" in COMPLETED | FAILED | CANCELLED | TIMEOUT | NODE_FAIL | OUT_OF_MEMORY | BOOT_FAIL | DEADLINE) return 0 ;; *) return 1 ;; esac; }
never_satisfied() { [ "$(field "$1" JobState)" = PENDING ] && [ "$(field "$1" Reason)" = DependencyNeverSatisfied ]; }
merge_settled() { finished "$1" || never_satisfied "$1"; }
array_done() { [ -z "$(timeout 20 squeue -h -j "$1" 2>/dev/null)" ]; }
restarted() { [ "$(field "$1" Restarts)" = 1 ]; }
# Every task of the array: "TASK STATE EXITCODE" lines.
tasks() {
  timeout 20 scontrol show job -o "$1" | tr ' ' '\n' | awk -F= '$1 == "ArrayTaskId" {t = $2} $1 == "JobState" {s = $2} $1 == "ExitCode" {print t, s, $2}' | sort -n
}
expect_tasks_completed() { # ARRAY N
  local lines
  lines=$(tasks "$1")
  [ "$(grep -c ' COMPLETED 0:0$' <<<"$lines")" = "$2" ] || fail "not every task of array $1 completed with exit code 0: $(tr '\n' ';' <<<"$lines")"
  say "array $1: $2 tasks COMPLETED, ExitCode=0:0"
}
# Submits through deploy/slurm/submit.sh from the repository, as a user does; sets $array and $merge.
submit() { # EXPERIMENT RESULTS N [SBATCH-OPTION...]
  local experiment=$1 results=$2 n=$3 out
  shift 3
  out=$(cd "$repo" && EXPERIMENT=$experiment RESULTS=$results LAYOUTLAB=$exe deploy/slurm/submit.sh "$n" "$@" 2>"$work/submit.err") ||
    fail "submit.sh $n $*: $(cat "$work/submit.err")"
  array=$(sed -n 's/^array //p' <<<"$out") merge=$(sed -n 's/^merge //p' <<<"$out")
  [[ "$array" =~ ^[0-9]+$ && "$merge" =~ ^[0-9]+$ ]] || fail "submit.sh printed no job ids: $out"
  say "submit.sh $n $*: array $array, merge $merge (afterok:$array)"
}
# The last progress line of task TASK's shard in its output: "DONE TOTAL", or nothing.
progress() { # ARRAY TASK N
  local log="$results/slurm-layoutlab-sweep-$1_$2.out"
  [ -f "$log" ] || return 0
  sed -n "s|.* shard $2/$3: \([0-9]*\)/\([0-9]*\) units.*|\1 \2|p" "$log" | tail -n 1
}
mid_run() { # ARRAY TASK N: the task is running and has finished some but not all of its units
  local p
  p=$(progress "$@")
  [ -n "$p" ] && [ "${p% *}" -ge 2 ] && [ "${p% *}" -lt "${p#* }" ] && state_is "$1_$2" RUNNING
}
compare() { # UNSHARDED MERGED
  local out
  if out=$(python3 "$repo/Tests/Deploy/same-run.py" "$1" "$2" 2>&1); then
    say "$out"
  else
    printf '%s\n' "$out" >&2
    fail "the merged run in $2 differs from the unsharded run in $1"
  fi
}

# --- Slurm and munge
if ! command -v slurmctld >/dev/null || ! command -v slurmd >/dev/null || ! command -v sbatch >/dev/null || ! command -v munged >/dev/null; then
  phase "install slurm-wlm and munge (apt-get)"
  command -v apt-get >/dev/null || fail "slurm-wlm and munge are missing and there is no apt-get to install them"
  # The packages start their services when they can; with no slurm.conf slurmctld's start fails the
  # install. A policy-rc.d that refuses every start keeps them stopped (Docker images carry one).
  policy=""
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d && chmod 755 /usr/sbin/policy-rc.d && policy=/usr/sbin/policy-rc.d
  fi
  installed=0
  DEBIAN_FRONTEND=noninteractive timeout 600 apt-get update -q >"${TMPDIR:-/tmp}/slurm-cluster-apt.log" 2>&1 &&
    DEBIAN_FRONTEND=noninteractive timeout 900 apt-get install -y -q --no-install-recommends slurm-wlm munge >>"${TMPDIR:-/tmp}/slurm-cluster-apt.log" 2>&1 ||
    installed=$?
  [ -z "$policy" ] || rm -f "$policy"
  [ "$installed" -eq 0 ] || { tail -n 20 "${TMPDIR:-/tmp}/slurm-cluster-apt.log" >&2; fail "apt-get install slurm-wlm munge failed ($installed)"; }
  rm -f "${TMPDIR:-/tmp}/slurm-cluster-apt.log"
fi
say "$(slurmctld -V), $(munged -V 2>&1 | head -n 1), installed"
command -v python3 >/dev/null && python3 -c 'import sqlite3' || fail "needs python3 with its sqlite3 module (Tests/Deploy/same-run.py)"

# --- The executable
if [ -n "${LAYOUTLAB:-}" ]; then
  exe=$LAYOUTLAB
  [ -x "$exe" ] || fail "LAYOUTLAB=$exe is not an executable"
  case "$exe" in /*) ;; *) exe="$PWD/$exe" ;; esac
  say "layoutlab: $exe (LAYOUTLAB; nothing built)"
else
  phase "build layoutlab (swift build -c release)"
  (cd "$repo" && swift build -c release --product layoutlab) || fail "swift build failed"
  exe="$repo/.build/release/layoutlab"
fi

# --- The cluster
phase "start munged, slurmctld and slurmd (one node: $host)"
work=$(mktemp -d "${TMPDIR:-/tmp}/layoutlab-slurm.XXXXXX")
chmod 755 "$work"
mkdir -p "$work/munge" "$work/state" "$work/spool" "$work/log" "$work/run"
setpriv --reuid=munge --regid=munge --clear-groups test -x "$work" ||
  fail "the munge user cannot reach $work; set TMPDIR to a folder every user may traverse"
# The key: 1024 random bytes, readable by munge alone, in a folder munge owns (munged refuses others).
chown munge:munge "$work/munge"
dd if=/dev/urandom of="$work/munge/munge.key" bs=1 count=1024 status=none
chown munge:munge "$work/munge/munge.key"
chmod 400 "$work/munge/munge.key"
socket=$work/munge/munge.socket
setpriv --reuid=munge --regid=munge --clear-groups munged --foreground --socket="$socket" --key-file="$work/munge/munge.key" \
  --seed-file="$work/munge/munged.seed" --pid-file="$work/munge/munged.pid" --log-file="$work/munge/munged.log" \
  >"$work/log/munged.log" 2>&1 &
daemons+=("$! munged")
munge_works() { munge -S "$socket" -n 2>/dev/null | unmunge -S "$socket" >/dev/null 2>&1; }
wait_until 15 "munged to answer on $socket" munge_works
say "munged ${daemons[0]%% *} answers on $socket"

# Two free local ports: bound by the kernel's choice, then released for the daemons.
read -r ctld_port slurmd_port < <(python3 -c '
import socket
s = [socket.socket() for _ in range(2)]
for x in s: x.bind(("127.0.0.1", 0))
print(*(x.getsockname()[1] for x in s))')
cpus=$(nproc)
((cpus <= 2)) || cpus=2
memory=$(slurmd -C 2>/dev/null | sed -n 's/.*RealMemory=\([0-9]*\).*/\1/p')
[ -n "$memory" ] || memory=$(($(sed -n 's/^MemTotal: *\([0-9]*\) kB/\1/p' /proc/meminfo) / 1024))
cat >"$work/slurm.conf" <<EOF
# One node, this host, for Tests/Deploy/slurm-cluster.sh. Everything it writes is under $work.
ClusterName=layoutlab-test
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
# munged's socket; cred_expire also sets how long a requeued job waits before it may start again
# (cred_expire + 1 s; 120 by default).
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$socket,cred_expire=10
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/run/slurmctld.pid
SlurmdPidFile=$work/run/slurmd.pid
SlurmctldLogFile=$work/log/slurmctld.log
SlurmdLogFile=$work/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
MpiDefault=none
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/none
# One task per CPU, so the array's tasks run side by side.
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
# A pass over the pending jobs every second (60 by default): a requeued task starts soon after its
# wait, and a dependency is seen failed soon after its job.
SchedulerParameters=sched_interval=1,bf_interval=1
ReturnToService=2
KillWait=5
MinJobAge=600
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$memory State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF=$work/slurm.conf
# The test's jobs take their options from submit.sh and this file only.
for v in $(compgen -e | grep -E '^(SBATCH_|SLURM_)' | grep -v '^SLURM_CONF$' || true); do unset "$v"; done
slurmctld -D -f "$SLURM_CONF" >"$work/log/slurmctld.out" 2>&1 &
daemons+=("$! slurmctld")
ctld_up() { timeout 5 scontrol ping 2>/dev/null | grep -q 'is UP'; }
wait_until 30 "slurmctld to answer on port $ctld_port" ctld_up
slurmd -D -f "$SLURM_CONF" >"$work/log/slurmd.out" 2>&1 &
daemons+=("$! slurmd")
node_idle() { [ "$(timeout 5 sinfo -h -N -n "$host" -o %T 2>/dev/null)" = idle ]; }
wait_until 30 "node $host to be idle" node_idle
say "slurmctld ${daemons[1]%% *} on port $ctld_port, slurmd ${daemons[2]%% *} on port $slurmd_port; node $host idle with $cpus CPUs, ${memory} MB"
say "SLURM_CONF=$SLURM_CONF"

# --- 1. The array and its merge
phase "1. array of 4 shards of experiments/quick.yaml, then the merge"
results=$work/quick
submit experiments/quick.yaml "$results" 4 --cpus-per-task=1 --mem=1G
wait_until 180 "merge job $merge to finish" merge_settled "$merge"
expect_tasks_completed "$array" 4
state_is "$merge" COMPLETED || fail "merge job $merge: JobState=$(field "$merge" JobState) Reason=$(field "$merge" Reason) ExitCode=$(field "$merge" ExitCode)"
say "merge $merge COMPLETED, ExitCode=$(field "$merge" ExitCode)"
for i in 0 1 2 3; do [ -f "$results/shard-$i.db" ] || fail "no $results/shard-$i.db"; done
[ -f "$results/results.db" ] || fail "the merge wrote no $results/results.db"
grep -q "in $results\$" "$results/slurm-layoutlab-sweep-${array}_0.out" || fail "task 0 did not run in $results (--chdir)"
grep -q "in $results\$" "$results/slurm-layoutlab-merge-$merge.out" || fail "the merge did not run in $results (--chdir)"
say "shard-0.db … shard-3.db, results.db and the jobs' output in $results, where the jobs ran"

phase "1. the unsharded quick.yaml on the local host, compared with the merge"
# Run where the tasks ran: a run records the commit of the git checkout it runs in, if any.
(cd "$results" && "$exe" sweep "$repo/experiments/quick.yaml" --db "$work/unsharded-quick.db") >"$work/unsharded-quick.log" 2>&1 ||
  fail "the unsharded sweep failed: $(tail -n 5 "$work/unsharded-quick.log")"
compare "$work/unsharded-quick.db" "$results/results.db"

# --- 2. A running task requeued
requeue=$repo/Tests/Deploy/requeue.yaml
phase "2. requeue a running task (scontrol requeue)"
results=$work/requeue
submit "$requeue" "$results" 4 --cpus-per-task=1 --mem=1G
wait_until 120 "task ${array}_1 to be part-way through its shard" mid_run "$array" 1 4
before=$(progress "$array" 1 4)
timeout 20 scontrol requeue "${array}_1" || fail "scontrol requeue ${array}_1 failed"
say "requeued ${array}_1 while running, at ${before% *} of ${before#* } units"
wait_until 30 "task ${array}_1 to be requeued" restarted "${array}_1"
say "${array}_1: JobState=$(field "${array}_1" JobState) Restarts=1, eligible at $(field "${array}_1" EligibleTime)"
wait_until 240 "merge job $merge to finish" merge_settled "$merge"
expect_tasks_completed "$array" 4
state_is "$merge" COMPLETED || fail "after a requeue the merge did not run: JobState=$(field "$merge" JobState) Reason=$(field "$merge" Reason)"
say "merge $merge COMPLETED by itself"
log1="$results/slurm-layoutlab-sweep-${array}_1.out"
grep -q 'attempt 1,' "$log1" && grep -q 'attempt 2,' "$log1" || fail "$log1 does not show two attempts"
resumed_at=$(sed -n '/attempt 2,/,$p' "$log1" | sed -n 's|.* shard 1/4: \([0-9]*\)/[0-9]* units.*|\1|p' | head -n 1)
[ -n "$resumed_at" ] && [ "$resumed_at" -gt 1 ] || fail "attempt 2 of task 1 started its shard over (first progress: ${resumed_at:-none})"
runs=$(python3 -c 'import sqlite3, sys; print(*sqlite3.connect(sys.argv[1]).execute("SELECT count(*), min(status) FROM runs").fetchone())' "$results/shard-1.db")
[ "$runs" = "1 completed" ] || fail "shard-1.db holds runs '$runs', not one completed run"
say "attempt 2 resumed the shard's one run (first progress $resumed_at of ${before#* } units) and completed it"
phase "2. the unsharded requeue.yaml on the local host, compared with the merge"
(cd "$results" && "$exe" sweep "$requeue" --db "$work/unsharded-requeue.db") >"$work/unsharded-requeue.log" 2>&1 ||
  fail "the unsharded sweep failed: $(tail -n 5 "$work/unsharded-requeue.log")"
compare "$work/unsharded-requeue.db" "$results/results.db"

# --- 3. A running task cancelled, then requeued
phase "3. cancel a running task (scancel), then requeue it"
results=$work/cancel
submit "$requeue" "$results" 4 --cpus-per-task=1 --mem=1G
wait_until 120 "task ${array}_2 to be part-way through its shard" mid_run "$array" 2 4
before=$(progress "$array" 2 4)
timeout 20 scancel "${array}_2" || fail "scancel ${array}_2 failed"
wait_until 30 "task ${array}_2 to be cancelled" state_is "${array}_2" CANCELLED
say "cancelled ${array}_2 while running, at ${before% *} of ${before#* } units: JobState=CANCELLED ExitCode=$(field "${array}_2" ExitCode)"
timeout 20 scontrol requeue "${array}_2" || fail "scontrol requeue ${array}_2 (cancelled) failed"
wait_until 30 "task ${array}_2 to be requeued" restarted "${array}_2"
say "requeued ${array}_2: JobState=$(field "${array}_2" JobState) Restarts=1"
wait_until 240 "array $array to finish" array_done "$array"
expect_tasks_completed "$array" 4
wait_until 30 "merge job $merge to run or be refused" merge_settled "$merge"
if never_satisfied "$merge"; then
  say "merge $merge: PENDING, Reason=DependencyNeverSatisfied, though every task completed: the array keeps the cancelled task's exit status"
  timeout 20 scontrol update JobId="$merge" Dependency= || fail "scontrol update JobId=$merge Dependency= failed"
  say "released it: scontrol update JobId=$merge Dependency="
  wait_until 120 "merge job $merge to finish" finished "$merge"
else
  say "merge $merge ran by itself (this Slurm forgets a requeued task's cancellation)"
fi
state_is "$merge" COMPLETED || fail "merge job $merge: JobState=$(field "$merge" JobState) ExitCode=$(field "$merge" ExitCode)"
grep -q 'attempt 2,' "$results/slurm-layoutlab-sweep-${array}_2.out" || fail "task 2 did not run a second time"
runs=$(python3 -c 'import sqlite3, sys; print(*sqlite3.connect(sys.argv[1]).execute("SELECT count(*), min(status) FROM runs").fetchone())' "$results/shard-2.db")
[ "$runs" = "1 completed" ] || fail "shard-2.db holds runs '$runs', not one completed run"
say "task 2's second attempt resumed and completed its shard's one run; merge $merge COMPLETED"
compare "$work/unsharded-requeue.db" "$results/results.db"

# --- 4. A task that fails
phase "4. a task whose experiment file is gone fails, and the merge never runs"
results=$work/failure
vanishing() {
  cat >"$work/vanishing.yaml" <<'EOF'
name: vanishing
seed: 1
scenarios:
  - generate: {count: 20, views: [1, 4], depth: 2, fanout: 3, masks: all, superview: [[320, 480]]}
sequences:
  - sizes: [[200, 200], [100, 100]]
comparisons:
  - {a: springs/documented, b: autolayout/modern/once}
EOF
}
vanishing
# Held at submission, so that task 0 runs while the file is there and task 1 after it is removed.
submit "$work/vanishing.yaml" "$results" 2 --cpus-per-task=1 --mem=1G --hold
timeout 20 scontrol release "${array}_0" || fail "scontrol release ${array}_0 failed"
wait_until 120 "task ${array}_0 to finish" finished "${array}_0"
state_is "${array}_0" COMPLETED || fail "task ${array}_0: JobState=$(field "${array}_0" JobState)"
rm "$work/vanishing.yaml"
timeout 20 scontrol release "${array}_1" || fail "scontrol release ${array}_1 failed"
wait_until 120 "task ${array}_1 to finish" finished "${array}_1"
state=$(field "${array}_1" JobState) code=$(field "${array}_1" ExitCode)
[ "$state" = FAILED ] && [ "${code%%:*}" != 0 ] || fail "task ${array}_1: JobState=$state ExitCode=$code, not FAILED with an exit code"
say "scontrol show job ${array}_1: JobState=$state ExitCode=$code"
grep -q 'cannot read the file' "$results/slurm-layoutlab-sweep-${array}_1.out" || fail "task 1's output does not say why it failed"
say "its output: $(grep 'cannot read the file' "$results/slurm-layoutlab-sweep-${array}_1.out")"
wait_until 60 "merge job $merge to be refused" merge_settled "$merge"
never_satisfied "$merge" || fail "merge job $merge: JobState=$(field "$merge" JobState) Reason=$(field "$merge" Reason), not pending on a dependency never satisfied"
[ ! -e "$results/results.db" ] || fail "the merge wrote $results/results.db"
say "merge $merge: JobState=PENDING Reason=DependencyNeverSatisfied Dependency=$(field "$merge" Dependency); no results.db"

phase "4. the recovery: the file back, the failed task requeued, the merge released"
vanishing
timeout 20 scontrol requeue "${array}_1" || fail "scontrol requeue ${array}_1 (failed) failed"
wait_until 30 "task ${array}_1 to be requeued" restarted "${array}_1"
wait_until 120 "task ${array}_1 to finish again" finished "${array}_1"
state_is "${array}_1" COMPLETED || fail "task ${array}_1 requeued: JobState=$(field "${array}_1" JobState) ExitCode=$(field "${array}_1" ExitCode)"
say "requeued ${array}_1: COMPLETED, ExitCode=$(field "${array}_1" ExitCode)"
never_satisfied "$merge" || fail "merge job $merge: JobState=$(field "$merge" JobState) Reason=$(field "$merge" Reason)"
say "merge $merge still pending on DependencyNeverSatisfied; released it: scontrol update JobId=$merge Dependency="
timeout 20 scontrol update JobId="$merge" Dependency= || fail "scontrol update JobId=$merge Dependency= failed"
wait_until 120 "merge job $merge to finish" finished "$merge"
state_is "$merge" COMPLETED || fail "merge job $merge: JobState=$(field "$merge" JobState) ExitCode=$(field "$merge" ExitCode)"
(cd "$results" && "$exe" sweep "$work/vanishing.yaml" --db "$work/unsharded-vanishing.db") >"$work/unsharded-vanishing.log" 2>&1 ||
  fail "the unsharded sweep failed: $(tail -n 5 "$work/unsharded-vanishing.log")"
compare "$work/unsharded-vanishing.db" "$results/results.db"
end_phase
