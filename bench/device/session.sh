#!/usr/bin/env bash
# One device call: builds the GPU targets once, then runs the named parts in
# order while time is left (BUDGET seconds in all, default 540), so that the call
# ends inside the device tool's 10-minute limit with every log under $OUT.
#   bash bench/device/session.sh search-probe sort bmmc ...
# Parts: search-check, search-probe, search-perf, search-ncu, sort, sort-full,
#        bmmc, bmmc-full.
set -u
cd "$(dirname "$0")/../.."
export OUT=${OUT:-bench/out/device}
. bench/device/common.sh
budget=${BUDGET:-540}
start=$SECONDS
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader
step build 200 bash bench/device/build.sh gsat gsat-bench bmmc_bench sort_bench
grep -E "error|spill" "$OUT/build.log" | head -5
for part in "$@"; do
  left=$((budget - (SECONDS - start)))
  if [ "$left" -lt 30 ]; then echo "== $part: skipped, ${left}s left"; continue; fi
  case $part in
    search-check) bash bench/device/search.sh check 5 ;;
    search-probe) bash bench/device/search.sh probe 8 ;;
    search-perf) bash bench/device/search.sh perf 20 ;;
    search-ncu) bash bench/device/search.sh ncu ;;
    sort)
      step sort-check $((left < 90 ? left : 90)) build-dev/bench/sort_bench --check-quick 22
      step sort-bench 120 build-dev/bench/sort_bench --csv "$OUT/sort_bench.csv"
      tail -25 "$OUT/sort-bench.log" ;;
    bmmc)
      step bmmc-check 90 build-dev/bench/bmmc_bench --check 26
      step bmmc-bench 120 build-dev/bench/bmmc_bench --csv "$OUT/bmmc_bench.csv"
      grep -E '^FAIL|bmmc check' "$OUT/bmmc-check.log" | head
      sed -n '/^TARGETS/,$p' "$OUT/bmmc-bench.log" ;;
    sort-full) bash bench/device/sort.sh ;;
    bmmc-full) bash bench/device/bmmc.sh ;;
    *) echo "unknown part $part" ;;
  esac
done
summary
