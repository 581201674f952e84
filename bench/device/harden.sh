#!/usr/bin/env bash
# Hardening checks of the GPU path (issue 7) on the device machine.  Run from the
# repository root after a build in build-dev:  bash bench/device/harden.sh
#   signals     tests/signals.sh with GSAT_SIGNAL_BACKEND=gpu: SIGINT/SIGTERM
#               while parsing, early (context creation, upload) and during the
#               search with both mappings: s UNKNOWN, exit 0, statistics, and
#               the milliseconds from the signal to the exit (goal: < 1000)
#   node-limit  --node-limit=200000 on php 12 with both mappings: s UNKNOWN, and
#               the nodes actually made (the supervisor polls the counters about
#               every 10 ms, so some overshoot is expected)
#   ulimit-auto --backend=auto under a 4 GiB address-space limit: whether CUDA
#               initialises, or the CPU takes over with a clear reason
#   limits      tests/limits.sh (host memory limits, bad input) on this build
set -u
cd "$(dirname "$0")/../.."
. bench/device/common.sh
B=build-dev
step signals 300 env GSAT_SIGNAL_BACKEND=gpu bash tests/signals.sh "$B/solver/gsat" "$B/gsat-gen"
"$B/gsat-gen" php 12 >"$OUT/php12.cnf"
for map in lane warp; do
  step node-limit-$map 120 "$B/solver/gsat" --backend=gpu --gpu-map=$map --node-limit=200000 \
    --stats "$OUT/php12.cnf"
done
"$B/gsat-gen" rand 3 100 420 1 >"$OUT/small.cnf"
step ulimit-auto 60 bash -c "ulimit -v 4194304 && exec $B/solver/gsat --stats $OUT/small.cnf"
step limits 600 bash tests/limits.sh "$B/solver/gsat" "$B/gsat-gen" .
echo "-- signals:"; grep -E '^(ok|FAIL)' "$OUT/signals.log"
for map in lane warp; do
  echo "-- node limit, $map:"; grep -E '^s |^c nodes  |^gsat: error' "$OUT/node-limit-$map.log"
done
echo "-- ulimit -v 4 GiB, --backend=auto:"; grep -E '^s |^c backend|^gsat: error' "$OUT/ulimit-auto.log"
echo "-- limits:"; grep -E '^(ok|FAIL|skip)' "$OUT/limits.log"
summary
