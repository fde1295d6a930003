#!/usr/bin/env bash
# Submits a sharded `turncoat match` to Slurm: a job array of SHARDS
# tasks (match.sbatch, one shard each) and a merge job (merge.sbatch)
# that runs when every task has succeeded (--dependency=afterok).
#
#   RESULTS_DIR=/shared/run1 TURNCOAT=/shared/bin/turncoat SHARDS=16 \
#     contrib/slurm/submit.sh \
#       -engine cmd=/shared/bin/turncoat name=new \
#       -engine cmd=/shared/bin/turncoat-old name=old \
#       -each tc=10+0.1 -variant pacifist -games 2 -rounds 1000 -repeat \
#       -openings plies=6 -seed 1 -concurrency 2
#
# The arguments are `turncoat match`'s (no -shard, -results or -pgnout).
# Environment:
#   RESULTS_DIR    required: a directory on a file system that every node
#                  sees; it gets shard-K.jsonl, the jobs' outputs
#                  (match-ARRAYID_K.out, merge-JOBID.out), report.txt and
#                  merged.pgn
#   TURNCOAT       the turncoat binary on the nodes (default: turncoat on
#                  their PATH)
#   SHARDS         the number of shards, array tasks 0..SHARDS-1 (default 16)
#   CPUS_PER_TASK  CPUs of each shard (default: match.sbatch's 2)
#   ARRAY_LIMIT    at most this many shards at once (--array=0-15%4)
# and Slurm's own, for both jobs: SBATCH_PARTITION, SBATCH_ACCOUNT,
# SBATCH_TIMELIMIT, SBATCH_QOS, ...
#
# Prints the two job ids: "array job A (N shards)" and "merge job M".
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
: "${RESULTS_DIR:?set RESULTS_DIR to a directory on a shared file system}"
shards=${SHARDS:-16}
if [ "$#" -eq 0 ]; then
    sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d' >&2
    exit 2
fi
case $shards in
'' | *[!0-9]* | 0*)
    echo "submit.sh: SHARDS must be a positive number, not '$shards'" >&2
    exit 2
    ;;
esac
for arg in "$@"; do
    case $arg in
    -shard | -results | -pgnout)
        echo "submit.sh: $arg is set per shard (pass the match's other arguments)" >&2
        exit 2
        ;;
    esac
done

mkdir -p "$RESULTS_DIR"
RESULTS_DIR=$(cd "$RESULTS_DIR" && pwd)
TURNCOAT=${TURNCOAT:-turncoat}
case $TURNCOAT in
*/*) TURNCOAT=$(cd "$(dirname "$TURNCOAT")" && pwd)/$(basename "$TURNCOAT") ;;
esac
export RESULTS_DIR TURNCOAT
export SHARDS=$shards

array_opts=(--parsable --array="0-$((shards - 1))${ARRAY_LIMIT:+%$ARRAY_LIMIT}"
    --output="$RESULTS_DIR/match-%A_%a.out")
if [ -n "${CPUS_PER_TASK:-}" ]; then
    array_opts+=(--cpus-per-task="$CPUS_PER_TASK")
fi
array=$(sbatch "${array_opts[@]}" "$here/match.sbatch" "$@")
array=${array%%;*}
merge=$(sbatch --parsable --dependency="afterok:$array" \
    --output="$RESULTS_DIR/merge-%j.out" "$here/merge.sbatch")
merge=${merge%%;*}
echo "array job $array ($shards shards)"
echo "merge job $merge"
echo "results in $RESULTS_DIR: shard-K.jsonl, match-${array}_K.out; then report.txt, merged.pgn, merge-$merge.out"
