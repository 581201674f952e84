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
if [ "$mode" = probe ]; then
  # Experiments on the work exchange: the same instances under several settings.
  hole=$C/cnf/pigeonhole/hole9.cnf uuf=$C/cnf/uuf250/uuf250-01.cnf
  for cfg in "GSAT_GPU_SLICE=16" "GSAT_GPU_SLICE=64" "GSAT_GPU_BLOCKS=1" \
             "GSAT_GPU_BLOCKS=132 GSAT_GPU_THREADS=256"; do
    tag=$(echo "$cfg" | tr -c 'A-Za-z0-9=\n' _ | tr '=' '-')
    step "probe-$tag" 25 env $cfg "$B/bench/gsat-bench" --configs=warp --time-limit="$limit" \
      --csv="$OUT/probe-$tag.csv" $hole $uuf
  done
  step probe-lane 25 "$B/bench/gsat-bench" --configs=lane --time-limit="$limit" \
    --csv="$OUT/probe-lane.csv" $hole $C/cnf/uf250/uf250-01.cnf
  step probe-big 25 "$B/bench/gsat-bench" --configs=cpu1,warp --time-limit="$limit" \
    --csv="$OUT/probe-big.csv" $C/cnf/beijing/ewddr2-10-by-5-8.cnf.gz $C/cnf/beijing/3blocks.cnf.gz
  step probe-stats 20 "$B/solver/gsat" --backend=gpu --stats -q --time-limit="$limit" $hole
  for f in "$OUT"/probe-*.csv; do echo "## $f"; cut -d, -f1,2,7,8,10,11,15,16 "$f"; done
fi
if [ "$mode" = ncu ]; then
  step ncu-warp 90 ncu --clock-control none --section WarpStateStats --section SchedulerStats \
    --section Occupancy --section LaunchStats -k regex:warp_kernel -c 1 \
    "$B/solver/gsat" --backend=gpu --gpu-map=warp -q "$C/cnf/pigeonhole/hole8.cnf"
  grep -E "Warp Cycles|Stall|Issued|Eligible|Active Warps|Achieved|Registers|No Eligible|Theoretical" \
    "$OUT/ncu-warp.log" | head -40
fi
if [ "$mode" = perf ]; then
  files="$C/cnf/pigeonhole/hole9.cnf $C/cnf/pigeonhole/hole10.cnf $C/cnf/uf250/uf250-01.cnf
         $C/cnf/uuf250/uuf250-01.cnf $C/cnf/uuf250/uuf250-02.cnf $C/cnf/flat/flat200-1.cnf.gz"
  step search-perf 400 "$B/bench/gsat-bench" --configs=${3:-cpu1,cpuall,lane,warp} \
    --time-limit="$limit" --manifest="$C/manifest.tsv" --csv="$OUT/search_perf.csv" $files
  column -s, -t "$OUT/search_perf.csv" | cut -c1-200
fi
summary
