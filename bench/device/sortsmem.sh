#!/usr/bin/env bash
# Are the sort kernels' bank conflicts in their address patterns (issue 4)?
# For one launch of each default 64-bit and 32-bit sort kernel at 2^LOG2 (20):
# Nsight Compute's kernel-level bank-conflict counters beside the
# per-instruction shared wavefronts of its source page (real vs ideal, from
# the instructions' addresses; bench/device/smem_source.py) and the
# conflicts counted as L1 data-bank arbitration.
#   bash bench/device/sortsmem.sh [LOG2]      (builds sort_bench with -lineinfo)
set -u
cd "$(dirname "$0")/../.."
OUT=${OUT:-bench/out/sortsmem}
mkdir -p "$OUT"
cmake -S . -B build-li -DGSAT_TESTS=OFF -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CUDA_FLAGS=-lineinfo >"$OUT/build.log" 2>&1 &&
  cmake --build build-li -j"$(nproc)" --target sort_bench >>"$OUT/build.log" 2>&1 ||
  { tail -20 "$OUT/build.log"; exit 1; }
M=l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum
M+=,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum
M+=,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum
M+=,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum
M+=,l1tex__data_bank_conflicts_type_arbitration.sum # data-bank arbitration
failed=0
for k in 'merge_kernel<gsat_bcf::fkey' 'merge_kernel<unsigned long' \
  'merge_kernel<unsigned int' 'tile_sort_kernel<gsat_bcf::fkey' \
  'tile_sort_kernel<unsigned long' 'tile_sort_kernel<unsigned int'; do
  echo "== $k"
  rm -f "$OUT/rep.ncu-rep" "$OUT/src.csv" # never report the previous kernel
  timeout -k 5 120 ncu --clock-control none --kernel-name-base demangled \
    -k regex:"$k" -c 1 --section SourceCounters --metrics "$M" -f \
    -o "$OUT/rep" build-li/bench/sort_bench --profile "${1:-20}" \
    >"$OUT/ncu.log" 2>&1 && [ -s "$OUT/rep.ncu-rep" ] &&
    grep -q '^==PROF== Profiling' "$OUT/ncu.log" ||
    { echo "no profile of $k:"; tail -3 "$OUT/ncu.log"; failed=$((failed + 1)); continue; }
  ncu -i "$OUT/rep.ncu-rep" --page details | grep -E 'l1tex__data' |
    sed 's/  */ /g'
  ncu -i "$OUT/rep.ncu-rep" --page source --print-source sass --csv \
    >"$OUT/src.csv" 2>/dev/null
  python3 bench/device/smem_source.py "$OUT/src.csv"
done
[ "$failed" = 0 ]
