#!/usr/bin/env bash
# The GPU tree search on the device machine: correctness, throughput, and the
# stop paths.  Run from the repository root after
# `bash bench/device/build.sh gsat gsat-gen gsat-bench`:
#   bash bench/device/search.sh check|perf|limits [LIMIT] [CONFIGS]
# check and perf need the corpus in .device/bench (manifest.tsv, cnf/,
# check-answers), copied there from ../shared before the call; .device/check.txt
# lists the instances of the check (one manifest path per line).
#   check   gsat-bench (cpu1, warp; LIMIT s each, default 10) on every
#           listed instance: answers against the manifest, models (checked
#           inside gsat_solve), and for UNSAT equal node counts; then
#           check-answers over the gsat CLI on the GPU on a subset.
#           $OUT: search_check.csv, search-check.log, cli-warp.log
#   perf    gsat-bench with CONFIGS (default cpu1,cpuall,warp) on hole9,
#           hole10, uf250-01, uuf250-01, uuf250-02 and flat200-1, LIMIT s per
#           run.  $OUT: search_perf.csv, search-perf.log
#   limits  tests/signals.sh with GSAT_SIGNAL_BACKEND=gpu (SIGINT/SIGTERM while
#           parsing and searching, two block shapes: s UNKNOWN, exit 0, the
#           milliseconds to the exit); --node-limit=200000 on php 12;
#           --backend=auto under ulimit -v 4 GiB (CUDA fails to initialise,
#           the CPU takes over); tests/limits.sh.  No corpus.
#           $OUT: signals.log, node-limit-warp.log, ulimit-auto.log, limits.log
# A summary (one line per step: rc, seconds) ends the output.  Exit status 0;
# the logs say what failed.
set -u
. "$(dirname "$0")/common.sh" # cd to the repository root, B=build-dev
C=.device/bench
mode=${1:-check}
limit=${2:-10}
if [ "$mode" = check ]; then
  files=$(sed "s|^|$C/|" .device/check.txt)
  step search-check 330 "$B/bench/gsat-bench" --configs=cpu1,warp --time-limit="$limit" \
    --manifest="$C/manifest.tsv" --csv="$OUT/search_check.csv" $files
  step cli-warp 60 "$C/check-answers" -q -t 20 -f 'uf50/|uuf50/|pigeonhole/hole[6-8]|aim-50|dubois2|pret60' \
    "$C/manifest.tsv" -- "$B/gsat" --backend=gpu
  echo "-- gsat-bench failures:"; grep -E '^gsat-bench' "$OUT/search-check.log" | tail -15
  echo "-- check-answers:"; grep -hE 'FAIL|check-answers:' "$OUT/cli-warp.log" | head -20
elif [ "$mode" = perf ]; then
  files="$C/cnf/pigeonhole/hole9.cnf $C/cnf/pigeonhole/hole10.cnf $C/cnf/uf250/uf250-01.cnf
         $C/cnf/uuf250/uuf250-01.cnf $C/cnf/uuf250/uuf250-02.cnf $C/cnf/flat/flat200-1.cnf.gz"
  step search-perf 400 "$B/bench/gsat-bench" --configs=${3:-cpu1,cpuall,warp} \
    --time-limit="$limit" --manifest="$C/manifest.tsv" --csv="$OUT/search_perf.csv" $files
  column -s, -t "$OUT/search_perf.csv" | cut -c1-200
elif [ "$mode" = limits ]; then
  step signals 300 env GSAT_SIGNAL_BACKEND=gpu bash tests/signals.sh "$B/gsat" "$B/gsat-gen"
  "$B/gsat-gen" php 12 >"$OUT/php12.cnf"
  step node-limit-warp 120 "$B/gsat" --backend=gpu --node-limit=200000 --stats "$OUT/php12.cnf"
  "$B/gsat-gen" rand 3 100 420 1 >"$OUT/small.cnf"
  step ulimit-auto 60 bash -c "ulimit -v 4194304 && exec $B/gsat --stats $OUT/small.cnf"
  step limits 600 bash tests/limits.sh "$B/gsat" "$B/gsat-gen" .
  rm -f "$OUT/php12.cnf" "$OUT/small.cnf"
  echo "-- signals:"; grep -E '^(ok|FAIL)' "$OUT/signals.log"
  echo "-- node limit:"; grep -E '^s |^c nodes  |^gsat: error' "$OUT/node-limit-warp.log"
  echo "-- ulimit -v 4 GiB, --backend=auto:"; grep -E '^s |^c backend|^gsat: error' "$OUT/ulimit-auto.log"
  echo "-- limits:"; grep -E '^(ok|FAIL|skip)' "$OUT/limits.log"
else
  echo "usage: bash bench/device/search.sh check|perf|limits [LIMIT] [CONFIGS]" >&2
  exit 2
fi
summary
