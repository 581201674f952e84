#!/usr/bin/env bash
# The lane mapping's work exchange on the device machine (branch lanefix).  Run
# from the repository root:  bash bench/device/lane.sh
# Two files in $OUT (else bench/out/lane): lane.log (everything) and lane.csv
# (gsat-bench rows; the GSAT_GPU_THREADS=512 rows have config "lane512").
# ~60-90 s with a warm build-dev (a cold build of gsat-bench may need more than
# its 45 s: run the script again, the build is kept).
#   build   Release gsat-gen and gsat-bench in build-dev (no tests), -j16
#   gen     php 8, php 9, rand 3 200 852 seeds 1..3 (ratio 4.26)
#   bench   gsat-bench cpu1,lane,warp --time-limit=10 --stats (gsat-bench
#           reports a failure when UNSAT node counts differ)
#   lane512 the lane mapping with GSAT_GPU_THREADS=512, --time-limit=5
# Ends with: instance, config, answer, seconds, checks/s, busy_pct per run,
# then gsat-bench's failure lines.
set -u
cd "$(dirname "$0")/../.."
OUT=${OUT:-bench/out/lane}
mkdir -p "$OUT"
LOG=$OUT/lane.log CSV=$OUT/lane.csv B=build-dev G=/tmp/gsat-lane-cnf
: >"$LOG"
run() { # NAME TIMEOUT CMD...
  local name=$1 limit=$2 t0=$SECONDS
  shift 2
  echo "== $name: $*" >>"$LOG"
  timeout -k 3 "$limit" "$@" >>"$LOG" 2>&1
  echo "== $name: rc=$? in $((SECONDS - t0))s" | tee -a "$LOG"
}
run build 45 bash bench/device/build.sh gsat-gen gsat-bench
mkdir -p "$G"
"$B/gsat-gen" php 8 >"$G/php8.cnf"
"$B/gsat-gen" php 9 >"$G/php9.cnf"
for s in 1 2 3; do "$B/gsat-gen" rand 3 200 852 $s >"$G/rand$s.cnf"; done
files="$G/php8.cnf $G/php9.cnf $G/rand1.cnf $G/rand2.cnf $G/rand3.cnf"
run bench 40 "$B/bench/gsat-bench" --configs=cpu1,lane,warp --time-limit=10 \
  --stats --csv="$CSV" $files
run lane512 20 env GSAT_GPU_THREADS=512 "$B/bench/gsat-bench" --configs=lane \
  --time-limit=5 --stats --csv="$G/t512.csv" $files
tail -n +2 "$G/t512.csv" 2>/dev/null | sed 's/,lane,/,lane512,/' >>"$CSV"
hdr=$(head -1 "$CSV")
col() { echo "$hdr" | tr , '\n' | grep -nx "$1" | cut -d: -f1; }
{
  echo "-- instance config answer seconds checks_per_s busy_pct"
  cut -d, -f"$(col instance),$(col config),$(col answer),$(col seconds),$(col checks_per_s),$(col busy_pct)" \
    "$CSV" | tail -n +2 | tr , "\t"
  echo "-- gsat-bench failures:"
  grep -E '^gsat-bench' "$LOG" | head -20
} | tee -a "$LOG"
