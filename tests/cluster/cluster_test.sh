#!/bin/bash
# A sharded `mlisa verify` campaign on a real scheduler (docs/verify.md,
# "Sharding"): the same selection run unsharded, and as 4 shards whose
# reports `mlisa verify merge` joins; the merged report must equal the
# unsharded one case for case (every count of every operation and class, the
# failures in order), whatever the shards' timing.
#
#   cluster_test.sh slurm    MLISA SOURCE_DIR   a one-node Slurm cluster on localhost:
#                                              munged, slurmctld -D and slurmd -D started here
#                                              (root; SlurmUser=root), a job array of 4 shards
#                                              (sbatch --array=0-3 --wait tests/cluster/verify-shard.sbatch)
#   cluster_test.sh parallel MLISA SOURCE_DIR   the 4 shards under GNU parallel
#
# Exit 77 (ctest SKIP_RETURN_CODE) when the cluster cannot start here: not
# root, or a package missing (scripts/bootstrap installs slurm-wlm, munge and
# parallel). Everything lives in a temporary directory; the daemons are
# stopped and the directory removed on every exit.
set -uo pipefail

mode=${1:?usage: cluster_test.sh slurm|parallel MLISA SOURCE_DIR}
mlisa=${2:?MLISA}
src=${3:?SOURCE_DIR}
# The campaign: the core suites (the FP library against MPFR), 501 cases per
# operation so that the shards are uneven (125, 125, 125, 126).
selection=(--target core --cases 501 --seed 7)
shards=4
job_script=$src/tests/cluster/verify-shard.sbatch

skip() { echo "SKIP: $*"; exit 77; }
fail() { echo "FAIL: $*"; exit 1; }

need() {
  for p in "$@"; do command -v "$p" >/dev/null 2>&1 || skip "$p is not installed (scripts/bootstrap installs slurm-wlm, munge and parallel)"; done
}

work=$(mktemp -d "${TMPDIR:-/tmp}/mlisa-cluster.XXXXXX") || fail "mktemp"
pids=()
cleanup() {
  local rc=$?
  if [ -n "${SLURM_CONF:-}" ] && command -v scancel >/dev/null 2>&1; then
    timeout 5 scancel --user="$(id -un)" >/dev/null 2>&1 || true
  fi
  # Stop what this script started, newest first; SIGKILL what is still
  # there after 10 s (slurmctld takes a few seconds to save its state).
  for ((i = ${#pids[@]} - 1; i >= 0; i--)); do kill -TERM "${pids[i]}" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do
    for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  done
  if [ $rc -ne 0 ] && [ $rc -ne 77 ]; then
    for log in "$work"/*.log; do [ -f "$log" ] && { echo "---- $log"; tail -n 30 "$log"; }; done
  fi
  rm -rf "$work"
  exit $rc
}
trap cleanup EXIT
trap 'exit 130' INT TERM

[ -x "$mlisa" ] || fail "no mlisa binary at $mlisa"

# The merged report must equal the unsharded one except for what says how it
# was run (shard, merged_shards, elapsed time).
same_reports() {
  python3 - "$1" "$2" <<'EOF'
import json, sys
def load(path):
    with open(path) as f:
        r = json.load(f)
    for key in ("shard", "merged_shards", "elapsed_seconds"):
        r.pop(key, None)
    return r
whole, merged = load(sys.argv[1]), load(sys.argv[2])
if whole != merged:
    for s1, s2 in zip(whole.get("suites", []), merged.get("suites", [])):
        for o1, o2 in zip(s1.get("operations", []), s2.get("operations", [])):
            if o1 != o2:
                print(f"first difference: suite {s1['name']} operation {o1['name']}:\n  unsharded {o1}\n  merged    {o2}")
                sys.exit(1)
    print("the reports differ outside the operations")
    sys.exit(1)
cases = sum(o["cases"] for s in whole["suites"] for o in s["operations"])
ops = sum(len(s["operations"]) for s in whole["suites"])
print(f"merged report equals the unsharded run: {ops} operations, {cases} cases")
EOF
}

run_unsharded() {
  "$mlisa" verify "${selection[@]}" --jobs 1 --report "$work/whole" >"$work/whole.log" 2>&1 ||
    fail "the unsharded run failed (exit $?)"
}

merge_and_compare() {
  local dir=$1
  "$mlisa" verify merge --report "$dir/all" "$dir"/shard-* >"$work/merge.log" 2>&1 || fail "mlisa verify merge failed (exit $?)"
  same_reports "$work/whole/report.json" "$dir/all/report.json" || fail "merged report differs from the unsharded run"
}

case "$mode" in
parallel)
  need parallel python3
  run_unsharded
  mkdir -p "$work/par"
  timeout 90 parallel --will-cite -q --halt now,fail=1 -j "$shards" \
    "$mlisa" verify "${selection[@]}" --jobs 1 --shard "{}/$shards" --report "$work/par/shard-{}" \
    ::: $(seq "$shards") >"$work/parallel.log" 2>&1 || fail "GNU parallel: a shard failed (exit $?)"
  merge_and_compare "$work/par"
  ;;

slurm)
  # docs/verify.md shows the job script this test submits, verbatim.
  python3 - "$job_script" "$src/docs/verify.md" <<'EOF' || fail "docs/verify.md does not show $job_script verbatim"
import sys
script, doc = (open(p).read() for p in sys.argv[1:3])
sys.exit(0 if script in doc else 1)
EOF
  [ "$(id -u)" -eq 0 ] || skip "a Slurm cluster needs root here (slurmctld and slurmd run with SlurmUser=root)"
  need munged munge slurmctld slurmd sbatch scancel sinfo python3
  run_unsharded
  chmod 700 "$work"
  # munge: a fresh key and a private socket.
  head -c 1024 /dev/urandom >"$work/munge.key" && chmod 400 "$work/munge.key"
  munged --force --foreground --key-file="$work/munge.key" --socket="$work/munge.sock" \
    --pid-file="$work/munged.pid" --seed-file="$work/munged.seed" --log-file="$work/munged.log" \
    >>"$work/munged.log" 2>&1 &
  pids+=($!)
  for _ in $(seq 50); do [ -S "$work/munge.sock" ] && break; sleep 0.1; done
  [ -S "$work/munge.sock" ] || fail "munged did not start"

  port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
  node=$(uname -n | cut -d. -f1)  # what slurmd takes for its node name
  mkdir -p "$work/state" "$work/spool" "$work/out"
  # No cgroups: process tracking by /proc, no task plugin, no accounting.
  cat >"$work/slurm.conf" <<EOF
ClusterName=mlisa-test
SlurmctldHost=$node(127.0.0.1)
SlurmUser=root
SlurmdUser=root
SlurmctldPort=$(port)
SlurmdPort=$(port)
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$work/munge.sock
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
MpiDefault=none
ReturnToService=2
NodeName=$node NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=test Nodes=$node Default=YES MaxTime=10 State=UP
EOF
  export SLURM_CONF=$work/slurm.conf
  slurmctld -D -i -f "$SLURM_CONF" >>"$work/slurmctld.log" 2>&1 &
  pids+=($!)
  slurmd -D -f "$SLURM_CONF" >>"$work/slurmd.log" 2>&1 &
  pids+=($!)
  state=""
  for _ in $(seq 150); do
    state=$(timeout 5 sinfo -h -n "$node" -o %T 2>/dev/null || true)
    [ "$state" = idle ] && break
    sleep 0.2
  done
  [ "$state" = idle ] || fail "the node did not become idle (state '$state')"
  echo "slurm: one-node cluster up ($node)"

  timeout 90 sbatch --array=0-$((shards - 1)) --wait --chdir="$work" --output="$work/out/slurm-%A_%a.log" \
    "$job_script" "$mlisa" "$work/out" "${selection[@]}" >"$work/sbatch.log" 2>&1 ||
    { rc=$?; tail -n 30 "$work"/out/*.log 2>/dev/null; fail "sbatch --array: the job array failed (exit $rc)"; }
  cat "$work/sbatch.log"
  merge_and_compare "$work/out"
  ;;

*)
  fail "unknown mode '$mode' (expected slurm or parallel)"
  ;;
esac
echo "PASS: $mode"
