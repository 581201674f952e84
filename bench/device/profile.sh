#!/usr/bin/env bash
# Correctness tools and hardware counters, in one device call after final.sh
# (reuses build-dev): compute-sanitizer memcheck and racecheck on the GPU search
# (both mappings, small grids) and on the permutation and sort checks; Nsight
# Compute shared-memory bank conflicts of the BMMC tiled kernels and the sort
# kernels; warp-state statistics of the search's warp kernel.  Logs in
# $OUT/profile.tgz, a summary on stdout.
set -u
cd "$(dirname "$0")/../.."
export OUT=${OUT:-bench/out/profile}
L=$OUT/plogs
mkdir -p "$L"
budget=${BUDGET:-250}
start=$SECONDS
B=build-dev
C=.device/bench
t() { # name limit cmd...
  local name=$1 lim=$2; shift 2
  local left=$((budget - (SECONDS - start)))
  if [ "$left" -lt 15 ]; then echo "== $name skipped"; return; fi
  [ "$lim" -gt "$left" ] && lim=$((left - 5))
  timeout -k 3 "$lim" "$@" >"$L/$name.log" 2>&1
  echo "== $name rc=$? at $SECONDS s: $(grep -hE 'ERROR SUMMARY|^s |check:|passed' "$L/$name.log" | tr '\n' ' ' | cut -c1-150)"
}
S="compute-sanitizer --error-exitcode 3"
t mc-warp 40 $S --tool memcheck $B/solver/gsat --backend=gpu --gpu-map=warp --gpu-blocks=2 --gpu-threads=64 -q $C/cnf/pigeonhole/hole6.cnf
t mc-lane 40 $S --tool memcheck $B/solver/gsat --backend=gpu --gpu-map=lane --gpu-blocks=2 --gpu-threads=64 -q $C/cnf/uf50/uf50-01.cnf
t rc-warp 40 $S --tool racecheck $B/solver/gsat --backend=gpu --gpu-map=warp --gpu-blocks=2 --gpu-threads=64 -q $C/cnf/uuf50/uuf50-01.cnf
t rc-lane 40 $S --tool racecheck $B/solver/gsat --backend=gpu --gpu-map=lane --gpu-blocks=2 --gpu-threads=64 -q $C/cnf/uf50/uf50-01.cnf
M=l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum
M+=,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum
M+=,smsp__inst_executed_op_shared_ld.sum,smsp__inst_executed_op_shared_st.sum
t ncu-bmmc 60 ncu --clock-control none -k regex:bmmc_tiled --metrics "$M" --csv --page raw $B/bench/bmmc_bench --profile 22
t ncu-sort 60 ncu --clock-control none -k regex:'tile_sort_kernel|merge_kernel|DeviceMergeSort' --metrics "$M" --csv --page raw $B/bench/sort_bench --profile 20
t ncu-warp 60 ncu --clock-control none --section WarpStateStats --section SchedulerStats --section Occupancy -k regex:warp_kernel -c 1 $B/solver/gsat --backend=gpu --gpu-map=warp -q $C/cnf/pigeonhole/hole8.cnf
t mc-bmmc 40 $S --tool memcheck $B/bench/bmmc_bench --check 12
t mc-sort 40 $S --tool memcheck $B/bench/sort_bench --check-quick 15
echo "-- bank conflicts (kernel, conflicts ld, st, wavefronts ld, st, instr ld, st):"
for f in ncu-bmmc ncu-sort; do
  awk -F'","' '/^"ID"/ { for (i = 1; i <= NF; i++) col[$i] = i; next }
    col["Kernel Name"] { printf "  %-40s %s %s %s %s %s %s\n", substr($col["Kernel Name"],1,40),
      $col["l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum"], $col["l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum"],
      $col["l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum"], $col["l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum"],
      $col["smsp__inst_executed_op_shared_ld.sum"], $col["smsp__inst_executed_op_shared_st.sum"] }' "$L/$f.log" | sort | uniq -c | head -12
done
echo "-- warp kernel:"
grep -E "Warp Cycles Per Issued|Issued Warp|No Eligible|Active Warps Per|Achieved Occupancy|Theoretical Occupancy|stall|Stall" "$L/ncu-warp.log" | head -14
tar czf "$OUT/profile.tgz" -C "$OUT" plogs && rm -rf "$L"
echo "done at $SECONDS s"
