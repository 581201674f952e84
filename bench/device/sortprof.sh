#!/usr/bin/env bash
# Where the sort's time goes (issue 4): Nsight Compute per-kernel duration,
# occupancy, issue and pipe utilisation of one sort of each kind
# (sort_bench --profile LOG2: u32 keys, u64 keys, u32/u32 pairs, CUB merge
# sort keys).  Run from the repository root on the GPU machine:
#   bash bench/device/sortprof.sh [LOG2 (26)]     (about 2 minutes)
# Builds sort_bench (incrementally, bench/device/build.sh); the raw CSV goes
# to $OUT/sortprof.csv, a table (one row per kernel launch) to stdout.
set -u
cd "$(dirname "$0")/../.."
OUT=${OUT:-bench/out/sortprof}
mkdir -p "$OUT"
LOG2=${1:-26}
BIN=build-dev/bench/sort_bench
timeout -k 5 150 bash bench/device/build.sh sort_bench >"$OUT/build.log" 2>&1 ||
  { tail -20 "$OUT/build.log"; exit 1; }
M=gpu__time_duration.sum,sm__warps_active.avg.pct_of_peak_sustained_active
M+=,smsp__issue_active.avg.pct_of_peak_sustained_active
M+=,sm__pipe_alu_cycles_active.avg.pct_of_peak_sustained_active
M+=,sm__pipe_fp64_cycles_active.avg.pct_of_peak_sustained_active
M+=,sm__inst_executed_pipe_lsu.avg.pct_of_peak_sustained_active
M+=,l1tex__data_pipe_lsu_wavefronts_mem_shared.avg.pct_of_peak_sustained_elapsed
M+=,dram__throughput.avg.pct_of_peak_sustained_elapsed
M+=,launch__registers_per_thread,launch__occupancy_limit_shared_mem
M+=,launch__occupancy_limit_registers
timeout -k 5 ${PROF_LIMIT:-200} ncu --clock-control none --metrics "$M" --csv --page raw \
  "$BIN" --profile "$LOG2" >"$OUT/sortprof.csv" 2>"$OUT/ncu.err"
echo "ncu rc=$?"; tail -3 "$OUT/ncu.err"
python3 bench/device/ncu_table.py pipes "$OUT/sortprof.csv"
