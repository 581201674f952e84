#!/usr/bin/env bash
# Nsight Compute on the GPU walkers' kernel (gsat_walk_gpu_kernel, gpu/walk_warp.cuh, or the lane
# walkers' gsat_walk_lane16_kernel and gsat_walk_lane_kernel, gpu/walk_lane.cuh: --gpu-walk-mapping
# =MAPPING, default auto), one launch per instance, on the GPU machine:
#   [BUDGET=170] [PASS_SECONDS=0.15] [MAPPING=auto|lane|warp] [WALK_BUILD=dir]
#     [NCU_EXTRA='--section SourceCounters'] bash bench/device/walk_ncu.sh
# Instances from gsat-gen (`gsat-gen rand K N M 1`): 5-SAT n=400 at ratio 20 (each walker's state
# in shared memory) and 3-SAT n=10^4 at ratio 4.2 (state in global memory).  Per instance:
#   1. a run without ncu (`--backend=gpu --time-limit=1`): the grid's flips/s and walkers;
#   2. ncu --clock-control none on the first walker launch, sections SpeedOfLight,
#      MemoryWorkloadAnalysis, WarpStateStats, SchedulerStats, Occupancy, LaunchStats and the
#      stall reasons (STALL_METRICS of common.sh).  The kernel runs until a model or a stop, and
#      under ncu the host cannot stop it (the launch returns when every replay pass is done), so
#      the run gets a flip limit of the grid's flips/s x PASS_SECONDS: the kernel keeps it by
#      itself (each walker stops after its share), so every replay pass lasts about PASS_SECONDS
#      or ends sooner at a model.
# $OUT (default bench/out/device): walk_ncu_NAME.ncu-rep (open in Nsight Compute),
# walk_ncu_NAME.txt (the details page), walk_ncu_NAME.csv (raw page), walk_ncu_NAME_details.csv,
# the logs; the table at the end (ncu_table.py details and stalls).  The instances go to $TMPDIR.
# Builds gsat and gsat-gen (bench/device/build.sh) unless WALK_BUILD names a build folder that
# has them.  About 2 minutes with WALK_BUILD, 3 with the build.
source "$(dirname "$0")/common.sh"
BUDGET=${BUDGET:-170}
PASS_SECONDS=${PASS_SECONDS:-0.15}
MAPPING=${MAPPING:-auto}
if [ -n "${WALK_BUILD:-}" ]; then B=$WALK_BUILD; else step build 120 bash bench/device/build.sh gsat gsat-gen; fi
GSAT=$B/gsat
GEN=$B/gsat-gen
[ -x "$GSAT" ] && [ -x "$GEN" ] || { summary; echo "walk_ncu.sh: no build ($OUT/build.log)"; exit 1; }
command -v ncu >/dev/null || { summary; echo "walk_ncu.sh: no ncu on PATH"; exit 1; }
CNF=${TMPDIR:-/tmp}/walk_ncu_cnf
mkdir -p "$CNF"
SECTIONS="--section SpeedOfLight --section MemoryWorkloadAnalysis --section WarpStateStats"
SECTIONS+=" --section SchedulerStats --section Occupancy --section LaunchStats"
NAMES=()
ROWS=()

# profile NAME K N M: the two runs of one instance.
profile() {
  local name=$1 k=$2 n=$3 m=$4
  local inst=$CNF/$name.cnf rep=$OUT/walk_ncu_$name
  "$GEN" rand "$k" "$n" "$m" 1 >"$inst"
  step "walk-$name" 30 "$GSAT" --search=walk --backend=gpu --gpu-walk-mapping="$MAPPING" \
    --time-limit=1 --no-model "$inst"
  local log=$OUT/walk-$name.log rate walkers limit
  # c search 1.000 s, 123456 flips, 1.23e+08 flips/s, ...
  rate=$(sed -n 's/^c search .* flips, \([0-9.e+]*\) flips\/s.*/\1/p' "$log" | head -1)
  # c walkers' state in shared memory, 3 per SM, wide, 396 walkers
  walkers=$(sed -n "s/^c walkers' state in .*, \([0-9]*\) walkers$/\1/p" "$log" | head -1)
  limit=$(awk -v r="${rate:-0}" -v s="$PASS_SECONDS" 'BEGIN { printf "%.0f", r * s }')
  [ "${limit:-0}" -gt 0 ] || limit=$((20000000))
  ROWS+=("$(printf '%-10s %7s walkers  %10s flips/s  %9s per walker  flip limit %s' "$name" \
    "$walkers" "${rate:--}" "$(awk -v r="${rate:-0}" -v w="$walkers" \
      'BEGIN { if (w > 0 && r > 0) printf "%.3g", r / w; else printf "-" }')" "$limit")")
  # shellcheck disable=SC2086 # the section options split on purpose
  step "ncu-$name" 100 ncu --clock-control none --launch-count 1 -k regex:gsat_walk_ \
    $SECTIONS --metrics "$STALL_METRICS" ${NCU_EXTRA:-} --export "$rep" --force-overwrite \
    "$GSAT" --search=walk --backend=gpu --gpu-walk-mapping="$MAPPING" --node-limit="$limit" \
    --time-limit=60 --no-model "$inst"
  [ -s "$rep.ncu-rep" ] || return 0
  ncu --import "$rep.ncu-rep" >"$rep.txt" 2>&1
  ncu --import "$rep.ncu-rep" --csv --page details >"${rep}_details.csv" 2>&1
  ncu --import "$rep.ncu-rep" --csv --page raw >"$rep.csv" 2>&1
  NAMES+=("$name")
}

profile k5_n400 5 400 8000
profile k3_n10000 3 10000 42000
summary
echo "---- the runs without ncu (flips/s over --time-limit=1 or until the model)"
printf '%s\n' "${ROWS[@]}"
[ ${#NAMES[@]} -gt 0 ] || exit 1
echo "---- the walker kernel ($MAPPING mapping), one launch each (ncu --clock-control none)"
args=()
for name in "${NAMES[@]}"; do args+=("$name=$OUT/walk_ncu_${name}_details.csv"); done
python3 bench/device/ncu_table.py details "${args[@]}"
echo "---- stall reasons (warps per issued instruction, the six largest)"
for name in "${NAMES[@]}"; do
  printf '%-10s ' "$name"
  python3 bench/device/ncu_table.py stalls "$OUT/walk_ncu_$name.csv" | head -1
done
