#!/usr/bin/env bash
# Sanitizers and Nsight Compute on the GPU machine, for the search, the sort
# and the permutations.  Run from the repository root (it builds what it
# needs); the search runs need the corpus in .device/bench (cnf/uf50,
# cnf/uuf50, cnf/pigeonhole):
#   bash bench/device/profile.sh [PART...]      (default: sanitize ncu)
# Parts:
#   sanitize      compute-sanitizer memcheck and racecheck of the GPU DPLL
#                 search (small grids: --gpu-blocks=2 --gpu-threads=64;
#                 hole6, uf50-01, uuf50-01); memcheck of device_check
#                 sort-quick 15 and bmmc 12, racecheck of bmmc 10 and of
#                 sort_bench --race (every sort kernel once)
#   ncu           shared-memory bank conflicts, wavefronts and instructions per
#                 launch (SMEM_METRICS) of the BMMC tiled kernels (n = 2^22),
#                 the sort's tile-sort and merge kernels and CUB's merge sort
#                 (n = 2^20); warp-state, scheduler and occupancy sections of
#                 the search's warp kernel (hole8)
#   sort-kernels [LOG2]  per kernel of one sort of each kind at 2^LOG2 (26):
#                 time, occupancy, issue and pipe use; then the six largest
#                 stall reasons
# $OUT (default bench/out/profile): one log per step; ncu-bmmc.csv,
# ncu-sort.csv, sort-pipes.csv, sort-stalls.csv (raw ncu CSV, tabulated on
# stdout by ncu_table.py).  BUDGET (seconds, default 400) bounds the whole run.
set -u
export OUT=${OUT:-bench/out/profile}
export BUDGET=${BUDGET:-400}
. "$(dirname "$0")/common.sh" # cd to the repository root, B=build-dev
C=.device/bench/cnf
S="compute-sanitizer --error-exitcode 3"
CHECK=$B/tests/support/device_check
NCU="ncu --clock-control none"

sanitize() {
  step memcheck-warp 40 $S --tool memcheck $B/gsat --backend=gpu \
    --gpu-blocks=2 --gpu-threads=64 -q $C/pigeonhole/hole6.cnf
  step memcheck-warp-uf 40 $S --tool memcheck $B/gsat --backend=gpu \
    --gpu-blocks=2 --gpu-threads=64 -q $C/uf50/uf50-01.cnf
  step racecheck-warp 40 $S --tool racecheck $B/gsat --backend=gpu \
    --gpu-blocks=2 --gpu-threads=64 -q $C/uuf50/uuf50-01.cnf
  step memcheck-sort 60 $S --tool memcheck "$CHECK" sort-quick 15
  step racecheck-sort 90 $S --tool racecheck $B/bench/sort_bench --race
  step memcheck-bmmc 90 $S --tool memcheck "$CHECK" bmmc 12
  step racecheck-bmmc 90 $S --tool racecheck "$CHECK" bmmc 10
  echo "-- sanitizers (log: summary lines, answers):"
  for f in "$OUT"/memcheck-*.log "$OUT"/racecheck-*.log; do
    echo "  ${f##*/}: $(grep -hE 'ERROR SUMMARY|RACECHECK SUMMARY|^s |check:|race run' "$f" | tr '\n' ' ')"
  done
}

ncu_part() {
  step ncu-bmmc 90 $NCU -k regex:bmmc_tiled --metrics "$SMEM_METRICS" --csv --page raw \
    --log-file "$OUT/ncu-bmmc.csv" $B/bench/bmmc_bench --profile 22
  step ncu-sort 90 $NCU -k regex:'tile_sort_kernel|merge_kernel|DeviceMergeSort' \
    --metrics "$SMEM_METRICS" --csv --page raw --log-file "$OUT/ncu-sort.csv" \
    $B/bench/sort_bench --profile 20
  step ncu-warp 90 $NCU --section WarpStateStats --section SchedulerStats --section Occupancy \
    -k regex:warp_kernel -c 1 $B/gsat --backend=gpu -q $C/pigeonhole/hole8.cnf
  local f
  for f in bmmc sort; do
    echo "-- bank conflicts, $f (per launch: time, conflicts, wavefronts, instructions; ld/st):"
    [ -s "$OUT/ncu-$f.csv" ] && python3 bench/device/ncu_table.py smem "$OUT/ncu-$f.csv" | head -40
  done
  echo "-- warp kernel:"
  grep -E "Warp Cycles Per Issued|Issued Warp|No Eligible|Active Warps Per|Achieved Occupancy|Theoretical Occupancy|Stall" \
    "$OUT/ncu-warp.log" | head -14
}

sort_kernels() {
  local log2=$1 m r
  m=gpu__time_duration.sum,sm__warps_active.avg.pct_of_peak_sustained_active
  m+=,smsp__issue_active.avg.pct_of_peak_sustained_active
  local stalls=$STALL_METRICS
  m+=,sm__pipe_alu_cycles_active.avg.pct_of_peak_sustained_active
  m+=,sm__pipe_fp64_cycles_active.avg.pct_of_peak_sustained_active
  m+=,sm__inst_executed_pipe_lsu.avg.pct_of_peak_sustained_active
  m+=,l1tex__data_pipe_lsu_wavefronts_mem_shared.avg.pct_of_peak_sustained_elapsed
  m+=,dram__throughput.avg.pct_of_peak_sustained_elapsed
  m+=,launch__registers_per_thread
  step sort-pipes 150 $NCU --metrics "$m" --csv --page raw --log-file "$OUT/sort-pipes.csv" \
    $B/bench/sort_bench --profile "$log2"
  step sort-stalls 150 $NCU --metrics "$stalls" -k regex:'merge_kernel|tile_sort_kernel' \
    --csv --page raw --log-file "$OUT/sort-stalls.csv" $B/bench/sort_bench --profile "$log2"
  for r in pipes stalls; do
    echo "-- sort kernels at 2^$log2, $r:"
    [ -s "$OUT/sort-$r.csv" ] && python3 bench/device/ncu_table.py $r "$OUT/sort-$r.csv"
  done
}

[ $# -gt 0 ] || set -- sanitize ncu
for part in "$@"; do
  case $part in sanitize | ncu | sort-kernels | [0-9]*) ;; *)
    echo "profile.sh: unknown part '$part' (sanitize, ncu, sort-kernels [LOG2])" >&2
    exit 2 ;;
  esac
done
step build 300 bash bench/device/build.sh gsat gsat-bench sort_bench bmmc_bench device_check
while [ $# -gt 0 ]; do
  case $1 in
    sanitize) sanitize ;;
    ncu) ncu_part ;;
    sort-kernels)
      log2=26
      [[ ${2:-} =~ ^[0-9]+$ ]] && log2=$2 && shift
      sort_kernels "$log2" ;;
    *) echo "profile.sh: '$1' follows no sort-kernels" >&2 ;;
  esac
  shift
done
summary
