#!/usr/bin/env bash
# Plain `gsat FILE` (the defaults: on the GPU machine the CPU+GPU portfolio)
# on random k-SAT from gsat-gen, one instance at a time, against the same
# with --backend=cpu: the answer, the wall seconds and who answered.
# Run from the repository root after `bash bench/device/build.sh gsat gsat-gen`:
#   bash bench/device/rand_plain.sh K N M SEEDS [LIMIT]
# (gsat-gen rand K N M SEED for SEED in 1..SEEDS, LIMIT s per run, default 5).
# CONFIGS: the configurations (default "plain cpu"); BUDGET: seconds for the
# whole script (default 300; runs that would pass it are skipped); RAND_BUILD:
# the build folder (default build-dev).  Output: $OUT/rand_plain.csv
# (instance,config,answer,seconds,answered_by; answer 10 SAT, 20 UNSAT, 0
# unknown) and a table.  Exit status 0.
set -u
. "$(dirname "$0")/common.sh"
k=$1 n=$2 m=$3 seeds=$4 limit=${5:-5}
BUDGET=${BUDGET:-300}
B=${RAND_BUILD:-$B}
[ -x "$B/gsat" ] && [ -x "$B/gsat-gen" ] || bash bench/device/build.sh gsat gsat-gen >"$OUT/build.log" 2>&1
dir=$OUT/rand_plain
mkdir -p "$dir"
csv=$OUT/rand_plain.csv
[ -f "$csv" ] || echo "instance,config,answer,seconds,answered_by" >"$csv"
for s in $(seq 1 "$seeds"); do
  name=r$k-$n-$m-s$s f=$dir/r$k-$n-$m-s$s.cnf
  "$B/gsat-gen" rand "$k" "$n" "$m" "$s" >"$f"
  for config in ${CONFIGS:-plain cpu}; do
    left=$((BUDGET - (SECONDS - STEP_START) - 3))
    [ "$left" -lt "$limit" ] && { echo "$name,$config,-,-,-" >>"$csv"; continue; }
    case $config in
      plain) opts=() ;;
      cpu) opts=(--backend=cpu) ;;
      *) read -r -a opts <<<"${config//,/ }" ;;
    esac
    log=$dir/$name.$config.log
    t0=$(date +%s.%N)
    timeout -k 5 $((limit + 5)) "$B/gsat" "${opts[@]}" --stats -n --time-limit="$limit" "$f" >"$log" 2>&1
    t1=$(date +%s.%N)
    ans=0
    grep -q '^s SATISFIABLE' "$log" && ans=10
    grep -q '^s UNSATISFIABLE' "$log" && ans=20
    by=$(awk '$1 == "c" && $2 == "answered" && $3 == "by" { print $4; exit }' "$log")
    secs=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }')
    echo "$name,$config,$ans,$secs,${by:-}" >>"$csv"
  done
done
echo "================ plain gsat on rand $k $n $m, ${limit}s per run ================"
awk -F, '{ printf "%-18s %-8s %-6s %-8s %s\n", $1, $2, $3, $4, $5 }' "$csv"
