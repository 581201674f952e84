#!/usr/bin/env bash
# The look-ahead decisions (--decide=lookahead) against MOMS in the GPU DPLL
# search (warp mapping), on the device machine.  Run from the repository root
# after `bash bench/device/build.sh gsat gsat-gen`:
#   bash bench/device/lookahead.sh [LIMIT]
# Instances, in this order: php 10 and 11 (gsat-gen php), then from gsat-gen
# rand (seed 1 unless named) 3-SAT ratio 4.26 n 350 and 400, 5-SAT ratio 21.1
# n 80 (seeds 1, 2), 100 and 120, 7-SAT ratio 88 n 50, 60, 70 and 80.  Each is solved by
# `gsat --backend=gpu --search=dpll --decide=moms` and `--decide=lookahead`
# (LIMIT s each, default 10; php also with --decide=static, its default, as
# the speed guard of the step code's change), then by march_cu -p (plain solving) and kissat from
# .device/refs/bin when they are there (LIMIT s each).  The whole script keeps
# to BUDGET seconds (default 360): runs that would pass it are skipped.
# Output: $OUT/lookahead.csv (instance,solver,answer,seconds,nodes,lookaheads,
# failed) and a table of times and node counts at the end (the answer: 10
# SAT, 20 UNSAT, 0 unknown; "-" not run).  Exit status 0.  BACKEND=cpu runs the
# same on the CPU (a dry run without a GPU).  LOOK_BUILD: a build folder to take
# gsat and gsat-gen from (default build-dev, built when missing); REFS: the
# reference binaries (default .device/refs/bin).  INSTANCES: the instances
# instead of the list above, names phpN (gsat-gen php N) and rK-N-sS
# (gsat-gen rand K N round(N * ratio) S, ratio 4.26, 21.1 or 88 for K 3, 5,
# 7); SOLVERS: the solvers instead of "moms lookahead" and the references
# found (static, moms, lookahead, march_cu, kissat); REFS_PARALLEL=1 runs
# the references (one core each) beside the GPU runs, on the host's other
# cores, so that the budget holds both.  The issue's benchmark at a reduced
# scale (about 6 minutes of device time):
#   INSTANCES="php10 php11 php12 r3-450-s1 r3-450-s2 r3-500-s1 r3-500-s2 r5-80-s1
#   r5-90-s1 r5-100-s1 r7-50-s1 r7-60-s1" SOLVERS="moms lookahead march_cu"
#   REFS_PARALLEL=1 BUDGET=220 bash bench/device/lookahead.sh 12
set -u
. "$(dirname "$0")/common.sh" # cd to the repository root, B=build-dev
limit=${1:-10}
BUDGET=${BUDGET:-360}
B=${LOOK_BUILD:-$B}
gsat=$B/gsat gen=$B/gsat-gen refs=${REFS:-.device/refs/bin}
[ -x "$gsat" ] && [ -x "$gen" ] || bash bench/device/build.sh gsat gsat-gen >"$OUT/build.log" 2>&1
dir=$OUT/lookahead
mkdir -p "$dir"
csv=$OUT/lookahead.csv
echo "instance,solver,answer,seconds,nodes,lookaheads,failed" >"$csv"
inst=()
add() { # NAME GSAT-GEN-ARGS...
  local name=$1
  shift
  "$gen" "$@" >"$dir/$name.cnf" && inst+=("$name")
}
# add_named NAME: phpN or rK-N-sS (above)
add_named() {
  local name=$1 k n seed ratio
  case $name in
    php*) add "$name" php "${name#php}" ;;
    r*-*-s*)
      IFS=- read -r k n seed <<<"${name#r}"
      case $k in 3) ratio=4.26 ;; 5) ratio=21.1 ;; 7) ratio=88 ;; *) echo "no ratio for k=$k" >&2; return ;; esac
      add "$name" rand "$k" "$n" "$(awk -v n="$n" -v r=$ratio 'BEGIN { printf "%d", n * r + 0.5 }')" "${seed#s}" ;;
    *) echo "unknown instance $name" >&2 ;;
  esac
}
for name in ${INSTANCES:-php10 php11 r3-350-s1 r3-400-s1 r5-80-s1 r5-80-s2 r5-100-s1 r5-120-s1 r7-50-s1 r7-60-s1 r7-70-s1 r7-80-s1}; do
  add_named "$name"
done
if [ -n "${SOLVERS:-}" ]; then
  read -r -a solvers <<<"$SOLVERS"
else
  solvers=(moms lookahead)
  [ -x "$refs/march_cu" ] && solvers+=(march_cu)
  [ -x "$refs/kissat" ] && solvers+=(kissat)
fi
# run NAME SOLVER: one run, a csv line
run() {
  local name=$1 solver=$2 f=$dir/$1.cnf log=$dir/$1.$2.log
  local left=$((BUDGET - (SECONDS - STEP_START) - 5))
  if [ "$left" -lt 3 ]; then
    echo "$name,$solver,-,-,-,-,-" >>"$csv"
    return
  fi
  local lim=$limit
  [ "$lim" -gt "$left" ] && lim=$left
  local t0 t1 rc
  t0=$(date +%s.%N)
  case $solver in
    static | moms | lookahead)
      timeout -k 5 $((lim + 10)) "$gsat" --backend="${BACKEND:-gpu}" --search=dpll --decide=$solver --stats \
        --no-model --time-limit="$lim" "$f" >"$log" 2>&1 ;;
    march_cu) timeout -k 2 "$lim" "$refs/march_cu" "$f" -p >"$log" 2>&1 ;; # -p: solve, no cubes
    kissat) timeout -k 2 "$lim" "$refs/kissat" -q -n "$f" >"$log" 2>&1 ;;
  esac
  rc=$?
  t1=$(date +%s.%N)
  local ans=0
  grep -q '^s SATISFIABLE' "$log" && ans=10
  grep -q '^s UNSATISFIABLE' "$log" && ans=20
  local secs nodes la failed
  secs=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }')
  nodes=$(awk '$1 == "c" && $2 == "nodes" && NF == 3 { print $3; exit }' "$log")
  la=$(awk '$1 == "c" && $2 == "look-aheads" && NF == 3 { print $3; exit }' "$log")
  failed=$(awk '$1 == "c" && $2 == "failed" && $3 == "literals" { print $4; exit }' "$log")
  echo "$name,$solver,$ans,$secs,${nodes:-},${la:-},${failed:-}" >>"$csv"
  echo "$name $solver: answer $ans in ${secs}s, nodes ${nodes:-?} (rc $rc)"
}
is_ref() { [ "$1" = march_cu ] || [ "$1" = kissat ]; }
# loop ALL|GSAT|REFS: the runs of those solvers over every instance
loop() {
  for name in "${inst[@]}"; do
    case $name in php*) [ "$1" = REFS ] || run "$name" static ;; esac # the speed guard: php's default
    for solver in "${solvers[@]}"; do
      if [ "$1" = ALL ] || { [ "$1" = REFS ] && is_ref "$solver"; } ||
         { [ "$1" = GSAT ] && ! is_ref "$solver"; }; then
        run "$name" "$solver"
      fi
    done
  done
}
if [ "${REFS_PARALLEL:-0}" = 1 ]; then
  loop REFS &
  refs_pid=$!
  loop GSAT
  wait "$refs_pid"
else
  loop ALL
fi
echo "================ look-ahead vs MOMS, GPU DPLL (warp), ${limit}s per run ================"
awk -F, 'NR > 1 { if (!($1 in seen_i)) { seen_i[$1] = 1; list[++ni] = $1 }
                  if (!($2 in seen_s)) { seen_s[$2] = 1; order[++ns] = $2 }
                  if ($3 == 10 || $3 == 20) ans[$1] = $3
                  t[$1 "," $2] = $4; n[$1 "," $2] = $5 }
         END { printf "%-8s %-4s", "inst", "ans"
               for (j = 1; j <= ns; j++) printf " %18s", order[j] " s/nodes"
               printf "\n"
               for (k = 1; k <= ni; k++) { i = list[k]
                 printf "%-8s %-4s", i, (i in ans) ? ans[i] : "?"
                 for (j = 1; j <= ns; j++) printf " %7s/%-10s", t[i "," order[j]], n[i "," order[j]]
                 printf "\n" } }' "$csv"
