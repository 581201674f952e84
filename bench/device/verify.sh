#!/usr/bin/env bash
# Verification run after changes to the search kernels, in one device call:
# compute-sanitizer racecheck and memcheck on both mappings, the lane mapping's
# table rows, and the warp mapping over the check list (answers, models, node
# counts against the 1-thread CPU) plus hole10/hole11 timings with the defaults.
set -u
cd "$(dirname "$0")/../.."
export OUT=${OUT:-bench/out/verify}
L=$OUT/vlogs
mkdir -p "$L"
B=build-dev
C=.device/bench
G=$B/bench/gsat-bench
bash bench/device/build.sh gsat gsat-bench gsat-gen >"$L/build.log" 2>&1
echo "build rc=$? at $SECONDS s"
S="compute-sanitizer --error-exitcode 3"
for m in warp lane; do
  for tool in racecheck memcheck; do
    timeout 60 $S --tool $tool $B/solver/gsat --backend=gpu --gpu-map=$m --gpu-blocks=2 \
      --gpu-threads=64 -q $C/cnf/uuf50/uuf50-01.cnf >"$L/$tool-$m.log" 2>&1
    echo "$tool $m rc=$?: $(grep -hE 'SUMMARY|^s ' "$L/$tool-$m.log" | tr '\n' ' ')"
  done
done
timeout 70 $G --configs=cpu1,lane --time-limit=8 $C/cnf/pigeonhole/hole8.cnf $C/cnf/pigeonhole/hole9.cnf \
  $C/cnf/uf250/uf250-01.cnf $C/cnf/uuf250/uuf250-01.cnf $C/cnf/flat/flat200-1.cnf.gz >"$OUT/lane.csv" 2>"$L/lane.err"
echo "lane rc=$? at $SECONDS s"; tail -2 "$L/lane.err"
GSAT_GPU_THREADS=512 timeout 20 $G --configs=lane --time-limit=8 $C/cnf/pigeonhole/hole9.cnf >>"$OUT/lane.csv" 2>>"$L/lane.err"
timeout 150 $G --configs=cpu1,warp --time-limit=3 --manifest=$C/manifest.tsv \
  $(sed "s|^|$C/|" .device/check.txt) >"$L/check.csv" 2>"$L/check.err"
echo "check rc=$? at $SECONDS s"; grep -E "^gsat-bench" "$L/check.err" | tail -8
$B/gsat-gen php 11 >/tmp/hole11.cnf
timeout 60 $G --configs=warp --time-limit=20 $C/cnf/pigeonhole/hole10.cnf /tmp/hole11.cnf \
  $C/cnf/uuf250/uuf250-01.cnf $C/cnf/uuf250/uuf250-09.cnf >"$OUT/warp.csv" 2>"$L/warp.err"
echo "warp rc=$? at $SECONDS s"; tail -1 "$L/warp.err"
cut -d, -f1,2,6,7,8,10,11,12,13,14,15,16,17 "$OUT/lane.csv" "$OUT/warp.csv"
tar czf "$OUT/vlogs.tgz" -C "$OUT" vlogs && rm -rf "$L"
echo "done at $SECONDS s"
