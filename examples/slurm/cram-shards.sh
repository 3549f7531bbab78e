#!/bin/bash
# One Cram search split over a Slurm job array (docs/distributed-search.md). Each array task values one shard of the
# frontier with `grundy shard --shard slurm` (K and N from SLURM_ARRAY_TASK_ID, SLURM_ARRAY_TASK_COUNT and
# SLURM_ARRAY_TASK_MIN), saving its table every 10 minutes to its own file in a shared directory. A task that is
# preempted, killed or stopped by its budget resumes from that file when it runs again (requeued, or resubmitted
# with `sbatch --array=K examples/slurm/cram-shards.sh FRONTIER`).
#
#   grundy frontier cram 5x10 --depth 2 --out cram510.frontier
#   jid=$(sbatch --parsable examples/slurm/cram-shards.sh cram510.frontier)
#   sbatch --dependency=afterok:$jid --wrap 'grundy merge cram510.frontier cram510-*.tbl --json > cram510.json'
#
#SBATCH --job-name=cram-shards
#SBATCH --array=1-16
#SBATCH --cpus-per-task=1
#SBATCH --mem=8G
#SBATCH --time=24:00:00
#SBATCH --requeue
#SBATCH --open-mode=append
set -uo pipefail
FRONTIER=${1:?usage: sbatch examples/slurm/cram-shards.sh FRONTIER}
TABLE="${FRONTIER%.frontier}-${SLURM_ARRAY_TASK_ID}.tbl"
# --max-seconds a little under --time, so that the task saves its table itself before Slurm ends it; --max-memory
# under --mem (the engine's table evicts past it: the search slows down instead of failing). A preempted task gets
# SIGTERM first (then SIGKILL after the cluster's KillWait): the shard saves its table on SIGTERM and exits 3.
grundy shard "$FRONTIER" --shard slurm --save-table "$TABLE" --save-every 600 \
    --max-seconds 85000 --max-memory 6G
s=$?
# 3: a budget stopped the shard, its table saved: requeue this task, which resumes from the table.
if [ $s -eq 3 ]; then scontrol requeue "${SLURM_ARRAY_JOB_ID}_${SLURM_ARRAY_TASK_ID}"; fi
exit $s
