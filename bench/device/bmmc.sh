#!/usr/bin/env bash
# BMMC/BPC permutations on the GPU machine (issue 3).  Run from the repository
# root:  bash bench/device/bmmc.sh   (logs go to $OUT, else bench/out/bmmc).
# Steps (each runs even when an earlier one failed; ~3-4 minutes in all):
#   build      Release build of bmmc_bench (no cmocka needed)
#   check      bmmc_bench --check 28: every kernel variant against the CPU
#              scatter, PASS/FAIL per case
#   bench      bmmc_bench: copies and permutations at n = 24..30, CSV
#   ncu        shared-memory bank conflicts, wavefronts, instructions and
#              global sectors/requests of the tiled kernels at n = 22
#   sass       registers/spills (cuobjdump -res-usage) and memory opcodes
#   memcheck   compute-sanitizer memcheck on bmmc_bench --check 15
#   racecheck  compute-sanitizer racecheck on bmmc_bench --check 10
set -u
cd "$(dirname "$0")/../.."
export OUT=${OUT:-bench/out/bmmc}
. bench/device/common.sh
BUILD=build-dev
BIN=$BUILD/bench/bmmc_bench

step build 300 bash bench/device/build.sh bmmc_bench

step check 200 "$BIN" --check 28
step bench 200 "$BIN" --csv "$OUT/bmmc_bench.csv"

METRICS=l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum
METRICS+=,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum
METRICS+=,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum
METRICS+=,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum
METRICS+=,smsp__inst_executed_op_shared_ld.sum
METRICS+=,smsp__inst_executed_op_shared_st.sum
METRICS+=,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum
METRICS+=,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum
METRICS+=,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum
METRICS+=,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum
METRICS+=,gpu__time_duration.sum
step ncu 180 ncu --clock-control none -k regex:bmmc_tiled --metrics "$METRICS" \
  --csv --page raw --log-file "$OUT/ncu.csv" "$BIN" --profile 22

step sass 60 bash bench/device/bmmc_sass.sh "$BIN" "$OUT"

step memcheck 90 compute-sanitizer --tool memcheck --error-exitcode 3 "$BIN" --check 15
step racecheck 90 compute-sanitizer --tool racecheck --error-exitcode 3 "$BIN" --check 10

echo
echo "================ BMMC summary ($OUT) ================"
printf '%s\n' "${SUMMARY[@]}"
echo "-- check:"
grep -E '^(FAIL|bmmc check)' "$OUT/check.log" | head -20
echo "-- bench (n=28):"
sed -n '/^TARGETS/,$p' "$OUT/bench.log"
if [ -f "$OUT/bmmc_bench.csv" ]; then
  echo "-- best sweep configurations at n=28 (case, elem bytes, GB/s, of copy):"
  grep -E '^sweep' "$OUT/bmmc_bench.csv" | sort -t, -k5 -g -r |
    awk -F, '{print "  " $1, $3 "B", $5, $6}' | head -12
fi
echo "-- ncu (per launch: conflicts ld/st, wavefronts ld/st, shared instr ld/st):"
grep -E '^launch' "$OUT/ncu.log" | head -20
awk -F'","' '
  /^"ID"/ { for (i = 1; i <= NF; i++) col[$i] = i; next }
  /bmmc_tiled/ {
    printf "  %-44s confl %s/%s  wavef %s/%s  instr %s/%s  ld sect/req %s/%s  st sect/req %s/%s  %s\n",
      substr($col["Kernel Name"], 1, 44),
      $col["l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum"],
      $col["l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum"],
      $col["l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum"],
      $col["l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum"],
      $col["smsp__inst_executed_op_shared_ld.sum"],
      $col["smsp__inst_executed_op_shared_st.sum"],
      $col["l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum"],
      $col["l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum"],
      $col["l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum"],
      $col["l1tex__t_requests_pipe_lsu_mem_global_op_st.sum"],
      $col["gpu__time_duration.sum"] }' "$OUT/ncu.csv" 2>/dev/null | head -20
echo "-- sass:"
grep -vE '^==' "$OUT/sass.log" | head -70
echo "-- sanitizers:"
grep -E 'ERROR SUMMARY|bmmc check' "$OUT/memcheck.log" "$OUT/racecheck.log" | head -6
