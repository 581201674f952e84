#!/usr/bin/env bash
# One round of sort tuning on the GPU machine (issue 4): Release build of
# sort_bench, the device self-check of every variant (--check-quick), then
# timings at the given sizes for the given variants against CUB, and an
# Nsight Compute per-kernel profile of the default sorts (sortprof.sh).
#   bash bench/device/sortround.sh [VARIANTS (all)] [SIZES (24,28)] [PROFILE_LOG2 (0: none)]
# Files in $OUT: build.log, check.log, bench.log, round.csv, and with a
# profile prof.txt, sortprof.csv, ncu.err.
set -u
cd "$(dirname "$0")/../.."
export OUT=${OUT:-bench/out/sortround}
mkdir -p "$OUT"
VARIANTS=${1:-}
SIZES=${2:-24,28}
PROF=${3:-0}
BIN=build-dev/bench/sort_bench
T0=$SECONDS
timeout -k 5 170 bash bench/device/build.sh sort_bench >"$OUT/build.log" 2>&1
echo "build rc=$? ($((SECONDS - T0))s)"
grep -E 'error' "$OUT/build.log" | head -8
timeout -k 5 ${CHECK_LIMIT:-60} "$BIN" --check-quick 21 >"$OUT/check.log" 2>&1
echo "check rc=$? ($((SECONDS - T0))s)"
grep -E '^FAIL' "$OUT/check.log" | head -12
grep -E '^(sort check|FAIL infra)' "$OUT/check.log"
echo "variants with failures:" \
  "$(awk '/^FAIL/ {print $2}' "$OUT/check.log" | sort -u | tr '\n' ' ')"
export GSAT_SORT_VARIANT=$VARIANTS
timeout -k 5 ${BENCH_LIMIT:-90} "$BIN" --sizes "$SIZES" --csv "$OUT/round.csv" >"$OUT/bench.log" 2>&1
echo "bench rc=$? ($((SECONDS - T0))s)"
# Gkeys/s; x = time of CUB merge sort / time of this row; then the best BCF
# row per kind at the largest size (the lead sets GSAT_SORT_DEFAULT_VARIANT_*
# in gpu/bcfsort.h to the winners)
[ -s "$OUT/round.csv" ] && awk -F, 'NR > 1 { lg = int(log($2) / log(2) + 0.5)
    printf "%-20s %-9s 2^%-3d %8.2f Gkeys/s  x%-5.2f vs CUB merge (radix x%.2f)\n", $3, $1, lg, $5, $6, $7
    if (lg > top) { top = lg; delete best }
    if ($3 ~ /^bcf/ && lg == top && $5 > best[$1]) { best[$1] = $5; name[$1] = $3; ratio[$1] = $6 }
  }
  END {
    print "-- best at 2^" top " (target x1.20 vs CUB merge):"
    for (k in best) printf "  %-9s %-20s %.2f Gkeys/s  x%.2f\n", k, name[k], best[k], ratio[k]
  }' "$OUT/round.csv"
if [ "$PROF" != 0 ]; then
  # sortprof.sh writes sortprof.csv into this $OUT (exported above)
  PROF_LIMIT=100 bash bench/device/sortprof.sh "$PROF" >"$OUT/prof.txt" 2>&1
  echo "profile rc=$? ($((SECONDS - T0))s)"
fi
echo "total $((SECONDS - T0))s"
