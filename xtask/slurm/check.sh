#!/bin/bash
# `cargo xtask slurm-check`: a one-node Slurm cluster on this machine
# (Debian's slurm-wlm and munge, installed if missing; run as root, without
# systemd), used to solve Korf and Felner's #38 and #40 through
# `slide units run` and `sbatch --array`, checked against their optimal
# lengths, then stopped: every daemon it started ended by its process id.
# Argument: the slide program. The 24-puzzle's tables come from the cache
# folder (built there first if missing, minutes).
set -euo pipefail
slide="$(realpath "$1")"
here="$(cd "$(dirname "$0")" && pwd)"
started=$SECONDS

if [ "$(id -u)" != 0 ]; then
    echo "slurm-check: run as root (it installs packages and starts daemons)" >&2
    exit 2
fi
if ! command -v slurmctld > /dev/null || ! command -v munged > /dev/null; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y --no-install-recommends slurm-wlm munge > /dev/null ||
        { apt-get update > /dev/null && apt-get install -y --no-install-recommends slurm-wlm munge > /dev/null; }
fi

work="$(mktemp -d /tmp/slide-slurm.XXXXXX)"
chmod 755 "$work"
pids=()
stop() {
    for pid in "${pids[@]}"; do
        kill "$pid" 2> /dev/null || true
    done
    for pid in "${pids[@]}"; do
        for _ in $(seq 50); do
            kill -0 "$pid" 2> /dev/null || break
            sleep 0.1
        done
        kill -9 "$pid" 2> /dev/null || true
    done
    rm -rf "$work"
}
trap stop EXIT

# munge: a key of our own, the daemon run as user munge.
mkdir -p "$work/munge" /run/munge
dd if=/dev/urandom of="$work/munge/munge.key" bs=1024 count=1 status=none
chown -R munge: "$work/munge" /run/munge
chmod 700 "$work/munge"
chmod 400 "$work/munge/munge.key"
# --force: the folder is under /tmp, which munged would call insecure.
runuser -u munge -- munged --force --key-file="$work/munge/munge.key" --pid-file="$work/munge/munged.pid" \
    --socket="$work/munge/munge.socket" --log-file="$work/munge/munged.log" --seed-file="$work/munge/seed"
pids+=("$(cat "$work/munge/munged.pid")")

host="$(hostname -s)"
mkdir -p "$work/state" "$work/spool"
export SLURM_CONF="$work/slurm.conf"
cat > "$SLURM_CONF" << CONF
ClusterName=slide
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$work/munge/munge.socket
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
MpiDefault=none
SwitchType=switch/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
NodeName=$host NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=main Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
slurmctld -f "$SLURM_CONF"
for _ in $(seq 50); do [ -s "$work/slurmctld.pid" ] && break; sleep 0.1; done
pids+=("$(cat "$work/slurmctld.pid")")
slurmd -f "$SLURM_CONF"
for _ in $(seq 50); do [ -s "$work/slurmd.pid" ] && break; sleep 0.1; done
pids+=("$(cat "$work/slurmd.pid")")
for _ in $(seq 100); do
    state="$(sinfo -h -o %T 2> /dev/null || true)"
    [ "$state" = idle ] && break
    sleep 0.2
done
echo "slurm-check: a one-node cluster up ($state) in $((SECONDS - started)) s"

goal="0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24"
exec_template="sbatch --wait --quiet --array=0-{last} $here/units.sbatch \"{slide}\" \"{dir}\""
failed=0
for case in "38|96|10 3 24 12 0 7 8 11 14 21 22 23 2 1 9 17 18 6 20 4 13 15 5 19 16" \
    "40|82|2 17 4 13 7 12 10 3 0 16 21 24 8 5 18 20 15 19 14 9 22 11 6 1 23"; do
    IFS='|' read -r id optimal board <<< "$case"
    answer="$("$slide" units run "$board" --goal "$goal" --heuristic pdb --workers 2 \
        --in-process-below 0 --dir "$work/units-$id" --exec "$exec_template")"
    length="$(sed -n 's/^length //p' <<< "$answer")"
    if [ "$length" = "$optimal" ]; then
        echo "slurm-check: #$id length $length, optimal"
    else
        echo "slurm-check: #$id length ${length:-none}, not $optimal" >&2
        failed=1
    fi
done
echo "slurm-check: $((SECONDS - started)) s in all"
exit $failed
