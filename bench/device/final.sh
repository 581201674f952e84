#!/usr/bin/env bash
# The measurement run of the GPU tree search (issue 5), in one device call:
#   1. build; sort and occurrence-list quick check;
#   2. block-shape sweep of the warp mapping on hole10 and of the lane mapping on
#      hole9 (GSAT_GPU_THREADS, GSAT_GPU_SLICE); the fastest is used below;
#   3. the benchmark table: 1-thread CPU, all host cores, lane and warp on
#      pigeonhole hole8-hole11, uf250, uuf250 and flat200 (CPU runs are
#      time-limited: their literal checks per second come from the part they ran);
#   4. hole12 on the warp mapping if time is left.
# All CSV rows go to $OUT/search_final.csv, logs to $OUT/logs.tgz.
set -u
cd "$(dirname "$0")/../.."
export OUT=${OUT:-bench/out/final}
mkdir -p "$OUT/logs"
LOG=$OUT/logs
budget=${BUDGET:-540}
start=$SECONDS
left() { echo $((budget - (SECONDS - start))); }
B=build-dev
C=.device/bench
G=$B/bench/gsat-bench
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader
lscpu | grep -E "^Model name|^CPU\(s\)" 
bash bench/device/build.sh gsat gsat-bench gsat-gen sort_bench bmmc_bench \
  >"$LOG/build.log" 2>&1
echo "build rc=$? at $SECONDS s"
timeout 60 $B/bench/sort_bench --check-quick 22 >"$LOG/sort_check.log" 2>&1
grep -E "FAIL|sort check" "$LOG/sort_check.log" | head -5
$B/dimacs/gsat-gen php 11 >"$OUT/hole11.cnf"
$B/dimacs/gsat-gen php 12 >"$OUT/hole12.cnf"

# 2. sweeps
best=""; best_t=999
for t in 128 256 512; do for sl in 16 64; do
  r=$(GSAT_GPU_THREADS=$t GSAT_GPU_SLICE=$sl timeout 30 $G --configs=warp --time-limit=10 \
      $C/cnf/pigeonhole/hole10.cnf 2>/dev/null | tail -1)
  echo "sweep warp threads=$t slice=$sl: $r" | tee -a "$LOG/sweep.log"
  s=$(echo "$r" | cut -d, -f10)
  if [ -n "$s" ] && awk -v a="$s" -v b="$best_t" 'BEGIN{exit !(a<b)}'; then best_t=$s; best="$t $sl"; fi
done; done
set -- $best; WT=${1:-256}; WS=${2:-16}
echo "warp: best threads=$WT slice=$WS ($best_t s on hole10)"
bestl=""; bestl_t=999
for t in 128 512; do for sl in 16 64; do
  r=$(GSAT_GPU_THREADS=$t GSAT_GPU_SLICE=$sl timeout 20 $G --configs=lane --time-limit=8 \
      $C/cnf/pigeonhole/hole9.cnf 2>/dev/null | tail -1)
  echo "sweep lane threads=$t slice=$sl: $r" | tee -a "$LOG/sweep.log"
  s=$(echo "$r" | cut -d, -f10)
  if [ -n "$s" ] && awk -v a="$s" -v b="$bestl_t" 'BEGIN{exit !(a<b)}'; then bestl_t=$s; bestl="$t $sl"; fi
done; done
set -- $bestl; LT=${1:-128}; LS=${2:-16}
echo "lane: best threads=$LT slice=$LS ($bestl_t s on hole9)"

# 3. the table: one gsat-bench process per configuration group
holes="$C/cnf/pigeonhole/hole8.cnf $C/cnf/pigeonhole/hole9.cnf $C/cnf/pigeonhole/hole10.cnf $OUT/hole11.cnf"
rand="$(ls $C/cnf/uf250/*.cnf) $(ls $C/cnf/uuf250/*.cnf) $C/cnf/flat/flat200-1.cnf.gz $C/cnf/flat/flat200-2.cnf.gz"
M=--manifest=$C/manifest.tsv
run() { # name timeout args...
  local name=$1 lim=$2; shift 2
  if [ "$(left)" -lt 40 ]; then echo "== $name skipped"; return; fi
  [ "$lim" -gt "$(left)" ] && lim=$(( $(left) - 20 ))
  timeout -k 5 "$lim" "$@" >"$LOG/$name.csv" 2>"$LOG/$name.err"
  echo "== $name rc=$? at $SECONDS s"; grep -E "^gsat-bench" "$LOG/$name.err" | tail -4
}
export GSAT_GPU_THREADS=$WT GSAT_GPU_SLICE=$WS
run holes-cpu-warp 150 $G $M --configs=cpu1,cpuall,warp --time-limit=15 $holes
run rand-cpu-warp 150 $G $M --configs=cpu1,cpuall,warp --time-limit=15 $rand
export GSAT_GPU_THREADS=$LT GSAT_GPU_SLICE=$LS
run holes-lane 60 $G $M --configs=cpu1,lane --time-limit=10 $C/cnf/pigeonhole/hole8.cnf $C/cnf/pigeonhole/hole9.cnf
run rand-lane 60 $G $M --configs=cpu1,lane --time-limit=8 $C/cnf/uf250/uf250-01.cnf $C/cnf/uuf250/uuf250-01.cnf $C/cnf/flat/flat200-1.cnf.gz
export GSAT_GPU_THREADS=$WT GSAT_GPU_SLICE=$WS
if [ "$(left)" -gt 150 ]; then
  run hole12-warp 140 $G --configs=warp --time-limit=125 $OUT/hole12.cnf
fi
head -1 "$LOG/holes-cpu-warp.csv" >"$OUT/search_final.csv"
for f in holes-cpu-warp rand-cpu-warp holes-lane rand-lane hole12-warp; do
  [ -f "$LOG/$f.csv" ] && tail -n +2 "$LOG/$f.csv" >>"$OUT/search_final.csv"
done
rm -f "$OUT/hole11.cnf" "$OUT/hole12.cnf"
tar czf "$OUT/logs.tgz" -C "$OUT" logs && rm -rf "$OUT/logs"
cut -d, -f1,2,6,7,8,10,11,12,13,15,16,17 "$OUT/search_final.csv" | column -s, -t
echo "done at $SECONDS s"
