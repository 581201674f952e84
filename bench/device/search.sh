#!/usr/bin/env bash
# The GPU tree search on the device machine (issue 5).  Run from the repository
# root after a build in build-dev:  bash bench/device/search.sh check|perf [limit]
# The corpus must be in .device/bench (manifest.tsv, cnf/, check-answers), copied
# there from ../shared before the call; .device/check.txt lists the instances of
# the check (one manifest path per line).
#   check  gsat-bench on every listed instance with the 1-thread CPU and both GPU
#          mappings: answers against the manifest, models (checked inside
#          gsat_solve), and for UNSAT with the static order equal node counts;
#          then check-answers over the gsat CLI with each mapping on a subset.
#   perf   gsat-bench with cpu1, cpuall, lane and warp on the benchmark instances.
set -u
cd "$(dirname "$0")/../.."
. bench/device/common.sh
B=build-dev
C=.device/bench
mode=${1:-check}
limit=${2:-10}
if [ "$mode" = check ]; then
  files=$(sed "s|^|$C/|" .device/check.txt)
  step search-check 330 "$B/bench/gsat-bench" --configs=cpu1,lane,warp --time-limit="$limit" \
    --manifest="$C/manifest.tsv" --csv="$OUT/search_check.csv" $files
  step cli-warp 60 "$C/check-answers" -q -t 20 -f 'uf50/|uuf50/|pigeonhole/hole[6-8]|aim-50|dubois2|pret60' \
    "$C/manifest.tsv" -- "$B/solver/gsat" --backend=gpu --gpu-map=warp
  step cli-lane 60 "$C/check-answers" -q -t 20 -f 'uf50/|uuf50/|pigeonhole/hole[6-8]|aim-50|dubois2|pret60' \
    "$C/manifest.tsv" -- "$B/solver/gsat" --backend=gpu --gpu-map=lane
  echo "-- gsat-bench failures:"; grep -E '^gsat-bench' "$OUT/search-check.log" | tail -15
  echo "-- check-answers:"; grep -hE 'FAIL|check-answers:' "$OUT/cli-warp.log" "$OUT/cli-lane.log" | head -20
fi
if [ "$mode" = perf ]; then
  files="$C/cnf/pigeonhole/hole9.cnf $C/cnf/pigeonhole/hole10.cnf $C/cnf/uf250/uf250-01.cnf
         $C/cnf/uuf250/uuf250-01.cnf $C/cnf/uuf250/uuf250-02.cnf $C/cnf/flat/flat200-1.cnf.gz"
  step search-perf 400 "$B/bench/gsat-bench" --configs=${3:-cpu1,cpuall,lane,warp} \
    --time-limit="$limit" --manifest="$C/manifest.tsv" --csv="$OUT/search_perf.csv" $files
  column -s, -t "$OUT/search_perf.csv" | cut -c1-200
fi
summary
