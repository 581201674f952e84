#!/usr/bin/env bash
# Sort variants on the GPU machine (issue 4, performance).  Run from the
# repository root:  bash bench/device/sortperf.sh   (files go to $OUT, else
# bench/out/sortperf; at most 4 minutes).  Steps, each under its own timeout
# and each run even when an earlier one failed:
#   build  Release build of sort_bench only (-DGSAT_TESTS=OFF)  -> build.log
#   check  sort_bench --check-quick 21: the default and every named variant
#          (gsat_sort_variant) on u32/u64 keys and u32/u64 pairs, random and
#          few-distinct keys, n up to 2^20 + 7, against host sorts
#                                                              -> check.log
#   bench  sort_bench --sizes 24,28: every variant, CUB merge and radix sort,
#          u32 keys, u64 keys, u32/u32 pairs                -> sortperf.csv
# Then prints one table: variant, type, log2 n, Gkeys/s, ratio to CUB merge
# sort (and to radix), and the best variant per type at 2^28.  The lead sets
# GSAT_SORT_DEFAULT_VARIANT_32 / _64 in gpu/bcfsort.h to the winners.
set -u
cd "$(dirname "$0")/../.."
OUT=${OUT:-bench/out/sortperf}
mkdir -p "$OUT"
BUILD=build-dev
BIN=$BUILD/bench/sort_bench
T0=$SECONDS

echo "== build"
timeout -k 5 140 bash bench/device/build.sh sort_bench >"$OUT/build.log" 2>&1
echo "build rc=$? ($((SECONDS - T0))s)"
grep -E 'error|spill' "$OUT/build.log" | grep -v ' 0 bytes spill' | head -8

echo "== check"
timeout -k 5 40 "$BIN" --check-quick 21 >"$OUT/check.log" 2>&1
echo "check rc=$? ($((SECONDS - T0))s)"
grep -E '^FAIL' "$OUT/check.log" | head -12
grep -E '^(sort check|FAIL infra)' "$OUT/check.log"
echo "variants with failures:" \
  "$(awk '/^FAIL/ {print $2}' "$OUT/check.log" | sort -u | tr '\n' ' ')"

echo "== bench"
timeout -k 5 55 "$BIN" --sizes 24,28 --csv "$OUT/sortperf.csv" |
  grep -E '^(device|TARGETS|  )'
echo "bench rc=${PIPESTATUS[0]} ($((SECONDS - T0))s)"

echo "== table (Gkeys/s; x = time of CUB merge sort / time of this row)"
if [ -s "$OUT/sortperf.csv" ]; then
  awk -F, 'NR > 1 {
      lg = int(log($2) / log(2) + 0.5)
      printf "%-18s %-9s 2^%-3d %8.2f  x%-5.2f (radix x%.2f)\n",
        $3, $1, lg, $5, $6, $7
      if ($3 ~ /^bcf/ && lg == 28 && $5 > best[$1]) {
        best[$1] = $5; name[$1] = $3; ratio[$1] = $6
      }
    }
    END {
      print "-- best at 2^28 (target x1.20 vs CUB merge):"
      for (k in best)
        printf "  %-9s %-18s %.2f Gkeys/s  x%.2f\n", k, name[k], best[k],
          ratio[k]
    }' "$OUT/sortperf.csv"
fi
echo "total $((SECONDS - T0))s"
