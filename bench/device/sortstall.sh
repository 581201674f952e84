#!/usr/bin/env bash
# Stall reasons of the sort kernels (issue 4): Nsight Compute stall reasons
# (warps per issued instruction) of every tile-sort and merge kernel of the
# default sorts at 2^LOG2 (26): u32 keys, u64 keys, 32-bit pairs.
#   bash bench/device/sortstall.sh [LOG2]      (builds sort_bench first)
set -u
cd "$(dirname "$0")/../.."
OUT=${OUT:-bench/out/sortstall}
mkdir -p "$OUT"
BIN=build-dev/bench/sort_bench
timeout -k 5 150 bash bench/device/build.sh sort_bench >"$OUT/build.log" 2>&1 ||
  { tail -20 "$OUT/build.log"; exit 1; }
M=gpu__time_duration.sum,sm__warps_active.avg.pct_of_peak_sustained_active
M+=,smsp__issue_active.avg.pct_of_peak_sustained_active
for r in short_scoreboard long_scoreboard barrier membar math_pipe_throttle \
  mio_throttle lg_throttle wait not_selected selected dispatch_stall \
  no_instruction branch_resolving drain sleeping tex_throttle misc; do
  M+=,smsp__average_warps_issue_stalled_${r}_per_issue_active.ratio
done
timeout -k 5 ${STALL_LIMIT:-120} ncu --clock-control none --metrics "$M" \
  -k regex:'merge_kernel|tile_sort_kernel' --csv --page raw \
  "$BIN" --profile "${1:-26}" >"$OUT/stall.csv" 2>"$OUT/ncu.err"
echo "ncu rc=$?"; tail -2 "$OUT/ncu.err"
# one row per kernel: time, occupancy, issue, the six largest stall reasons
# in warps per issued instruction (the larger, the more that reason costs)
python3 bench/device/ncu_table.py stalls "$OUT/stall.csv"
