#!/usr/bin/env bash
# The bank-conflict-free sort on the GPU machine: device checks and timings
# against CUB.  Run from the repository root (it builds what it needs):
#   bash bench/device/sort.sh [full]                  (about 3 minutes)
#   bash bench/device/sort.sh round [VARIANTS] [SIZES] (a tuning round)
# full: build of sort_bench and device_check; sass (registers, spills, shared
#   memory per kernel, cuobjdump); check (device_check sort 24: u32/u64 keys,
#   u32/u64 pairs with stability, every named variant, occurrence lists,
#   against host references, PASS/FAIL per case); bench (sort_bench: the
#   default sorts, and the named variants in GSAT_SORT_VARIANT, against CUB
#   merge and radix sort at n = 2^20..2^28); occ (occurrence lists of a random
#   3-SAT CNF, BCF sort vs CUB radix sort).
#   $OUT (default bench/out/sort): sort_bench.csv and one log per step.
# round: device_check sort-quick 21 (every variant), then sort_bench --sizes
#   SIZES (default 24,28) for VARIANTS (comma-separated; empty: every named
#   variant), and the fastest BCF variant per kind at the largest size (the
#   candidates for GSAT_SORT_DEFAULT_VARIANT_* in kernels/bcfsort.h).
#   $OUT: round.csv and one log per step.
# Bank conflicts, per-kernel profiles and the sanitizers: profile.sh.
set -u
export OUT=${OUT:-bench/out/sort}
. "$(dirname "$0")/common.sh" # cd to the repository root, B=build-dev
BIN=$B/bench/sort_bench
CHECK=$B/tests/support/device_check
mode=${1:-full}
case $mode in full | round) ;; *)
  echo "usage: bash bench/device/sort.sh [full | round [VARIANTS] [SIZES]]" >&2
  exit 2 ;;
esac
step build 300 bash bench/device/build.sh sort_bench device_check
if [ "$mode" = full ]; then
  step sass 30 bash -c "cuobjdump -res-usage $BIN | grep -A1 -E \
    'tile_sort|merge_kernel|cut_kernel|sample_sort|occ_' | grep -v '^--'"
  step check 150 "$CHECK" sort 24
  step bench 150 "$BIN" --csv "$OUT/sort_bench.csv"
  step occ 60 "$BIN" --occ
  summary
  echo "-- registers/spills (sass):"
  grep -E 'Function|REG' "$OUT/sass.log" | paste - - | sed -E \
    's/.*Function ([^:]*):.*REG:([0-9]+).*STACK:([0-9]+).*SHARED:([0-9]+).*LOCAL:([0-9]+).*/  REG \2 STACK \3 SHARED \4 LOCAL \5  \1/' |
    c++filt | sed 's/gsat_bcf::(anonymous namespace):://' | cut -c1-120 | head -24
  echo "-- check:"; grep -E '^(FAIL|sort check)' "$OUT/check.log" | head -20
  echo "-- bench:"
  grep -E '^(kind|keys|pairs|device)' "$OUT/bench.log" | grep -E ' (20|24|28) |kind|device'
  sed -n '/^TARGETS/,$p' "$OUT/bench.log"
  echo "-- occ:"; grep -E '^occ' "$OUT/occ.log"
else # round
  step check 60 "$CHECK" sort-quick 21
  step bench 90 env GSAT_SORT_VARIANT="${2:-}" "$BIN" --sizes "${3:-24,28}" --csv "$OUT/round.csv"
  summary
  grep -E '^FAIL|^sort check' "$OUT/check.log" | head -12
  # Gkeys/s; x = time of CUB merge sort / time of this row; then the best
  # BCF row per kind at the largest size
  [ -s "$OUT/round.csv" ] && awk -F, 'NR > 1 { lg = int(log($2) / log(2) + 0.5)
      printf "%-20s %-9s 2^%-3d %8.2f Gkeys/s  x%-5.2f vs CUB merge (radix x%.2f)\n", $3, $1, lg, $5, $6, $7
      if (lg > top) { top = lg; delete best }
      if ($3 ~ /^bcf/ && lg == top && $5 > best[$1]) { best[$1] = $5; name[$1] = $3; ratio[$1] = $6 }
    }
    END {
      print "-- best at 2^" top " (target x1.20 vs CUB merge):"
      for (k in best) printf "  %-9s %-20s %.2f Gkeys/s  x%.2f\n", k, name[k], best[k], ratio[k]
    }' "$OUT/round.csv"
fi
