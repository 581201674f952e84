#!/usr/bin/env bash
# Bank-conflict-free sort on the GPU machine (issue 4).  Run from the
# repository root:  bash bench/device/sort.sh   (logs go to $OUT, else
# bench/out/sort).  Steps (each runs even when an earlier one failed; about
# 3-4 minutes in all):
#   build      Release build of sort_bench (no cmocka needed)
#   sass       registers, spills and shared memory per kernel (cuobjdump)
#   check      sort_bench --check 24: u32/u64 keys, u32/u64 pairs, occurrence
#              lists against host references, PASS/FAIL per case
#   bench      sort_bench: the default BCF sorts (and the named variants in
#              GSAT_SORT_VARIANT) vs CUB merge and radix sort at
#              n = 2^20..2^28, CSV
#   occ        occurrence lists of a random 3-SAT CNF, BCF vs CUB radix
#   ncu        bank conflicts, wavefronts and shared ld/st instructions of the
#              tile sort (page sort + in-block merges) and merge kernels, and
#              of CUB's merge sort, at n = 2^20
#   ncu-sol    speed-of-light, pipe utilisation and occupancy sections of
#              the first tile-sort and merge launches at n = 2^24 (skipped
#              when SORT_FAST is set)
#   memcheck   compute-sanitizer memcheck on sort_bench --check-quick 15
#   racecheck  compute-sanitizer racecheck on sort_bench --race (every
#              kernel once, 70001 keys)
# The bench step times the default variants and those named in
# GSAT_SORT_VARIANT (comma-separated; unset: every named variant).
set -u
cd "$(dirname "$0")/../.."
export OUT=${OUT:-bench/out/sort}
. bench/device/common.sh
BUILD=build-dev
BIN=$BUILD/bench/sort_bench

step build 300 bash bench/device/build.sh sort_bench
step sass 30 bash -c "cuobjdump -res-usage $BIN | grep -A1 -E \
  'tile_sort|merge_kernel|cut_kernel|sample_sort|occ_' | grep -v '^--'"
step check 150 "$BIN" --check 24
step bench 150 "$BIN" --csv "$OUT/sort_bench.csv"
step occ 60 "$BIN" --occ

METRICS=l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum
METRICS+=,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum
METRICS+=,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum
METRICS+=,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum
METRICS+=,smsp__inst_executed_op_shared_ld.sum
METRICS+=,smsp__inst_executed_op_shared_st.sum
METRICS+=,gpu__time_duration.sum
step ncu 60 ncu --clock-control none \
  -k regex:'tile_sort_kernel|merge_kernel|DeviceMergeSort' \
  --metrics "$METRICS" --csv --page raw --log-file "$OUT/ncu.csv" \
  "$BIN" --profile 20

# Where the time goes (pipes, DRAM, occupancy) at n = 2^24, for tuning.
[ -z "${SORT_FAST:-}" ] && step ncu-sol 90 ncu --clock-control none \
  -k regex:'tile_sort_kernel|merge_kernel' --launch-count 8 \
  --section SpeedOfLight --section ComputeWorkloadAnalysis \
  --section Occupancy "$BIN" --profile 24

step memcheck 60 compute-sanitizer --tool memcheck --error-exitcode 3 \
  "$BIN" --check-quick 15
step racecheck 90 compute-sanitizer --tool racecheck --error-exitcode 3 \
  "$BIN" --race

echo
echo "================ BCF sort summary ($OUT) ================"
printf '%s\n' "${SUMMARY[@]}"
echo "-- registers/spills (sass):"
grep -E 'Function|REG' "$OUT/sass.log" | paste - - | sed -E \
  's/.*Function ([^:]*):.*REG:([0-9]+).*STACK:([0-9]+).*SHARED:([0-9]+).*LOCAL:([0-9]+).*/  REG \2 STACK \3 SHARED \4 LOCAL \5  \1/' |
  c++filt | sed 's/gsat_bcf::(anonymous namespace):://' | cut -c1-120 |
  head -24
echo "-- check:"
grep -E '^(FAIL|sort check)' "$OUT/check.log" | head -20
echo "-- bench:"
grep -E '^(kind|keys|pairs|device)' "$OUT/bench.log" | grep -E ' (20|24|28) |kind|device'
sed -n '/^TARGETS/,$p' "$OUT/bench.log"
echo "-- occ:"
grep -E '^occ' "$OUT/occ.log"
echo "-- ncu at n = 2^20 (per launch: conflicts ld/st, wavefronts ld/st, shared instr ld/st, time):"
if [ -f "$OUT/ncu.csv" ]; then
  awk -F'","' '
    { gsub(/^"|"$/, "") }
    /^ID/ { for (i = 1; i <= NF; i++) col[$i] = i; next }
    col["Kernel Name"] && /tile_sort|merge_kernel|DeviceMergeSort/ {
      name = $col["Kernel Name"]
      if (match(name, /(tile_sort_kernel|merge_kernel|DeviceMergeSort[A-Za-z]*)(<[^(]*)?/))
        name = substr(name, RSTART, RLENGTH)
      printf "  %-44s confl %s/%s  wavef %s/%s  instr %s/%s  %s ns\n",
        substr(name, 1, 44),
        $col["l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum"],
        $col["l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum"],
        $col["l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum"],
        $col["l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum"],
        $col["smsp__inst_executed_op_shared_ld.sum"],
        $col["smsp__inst_executed_op_shared_st.sum"],
        $col["gpu__time_duration.sum"]
    }' "$OUT/ncu.csv" | head -40
fi
echo "-- ncu-sol (per kernel: SM and DRAM throughput, ALU/FMA pipes, occupancy):"
grep -E '^  [a-z_]+.*(kernel|Kernel)|SM Throughput|DRAM Throughput|Duration|ALU|FMA|Achieved Occupancy' \
  "$OUT/ncu-sol.log" 2>/dev/null | head -60
echo "-- sanitizers:"
grep -E 'ERROR SUMMARY|RACECHECK SUMMARY|sort check|race run' \
  "$OUT/memcheck.log" "$OUT/racecheck.log" |
  head -6
