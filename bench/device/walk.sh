#!/usr/bin/env bash
# The walkers (--search=walk) on the GPU machine, side by side in one run:
#   [BUDGET=330] [LIMIT=5] [SEEDS=2] [REFS=.device/refs/bin] bash bench/device/walk.sh
# 1. Flips per second on one random 3-SAT instance (n = 10^5, ratio 4.2,
#    FLIPS_SECONDS=5 s each, the start included): the GPU grid, the CPU
#    walkers on 1 thread and on every core, and probSAT/yalsat on one thread
#    (their own flips/s lines) when REFS holds them.
# 2. Time to solution on random k-SAT from `gsat-gen rand K N M SEED`: 3-SAT
#    at ratio 4.2 with n = 1000, 10000, 100000; 5-SAT at ratio 20 with n =
#    200, 400, 600; 7-SAT at ratio 85 with n = 80, 140, 200; SEEDS seeds each,
#    LIMIT seconds per run.  Per instance: the GPU walkers alone, the CPU
#    walkers on every core alone, then side by side (one core each) the CPU
#    walker on 1 thread and yalsat, probSAT and kissat from REFS (each only
#    when present).  Not every generated instance is satisfiable: only those
#    that some solver solved count (the table says how many).
# BUDGET (seconds for the whole script, default 330) skips what no longer
# fits.  Everything goes to $OUT (default bench/out/device): walk_runs.tsv
# (instance, solver, status SAT/UNSAT/UNKNOWN, or ERRrc for a gsat error such
# as a model failing its check, with its log kept; seconds), walk_flips.tsv
# and the table that ends the output.  Builds gsat and gsat-gen (bench/device/build.sh), or takes
# them from the build folder WALK_BUILD (a CPU-only trial: the GPU rows fail).
source "$(dirname "$0")/common.sh"
BUDGET=${BUDGET:-330}
LIMIT=${LIMIT:-5}
SEEDS=${SEEDS:-2}
REFS=${REFS:-.device/refs/bin}
FLIPS_SECONDS=${FLIPS_SECONDS:-5}
CORES=$(nproc)
if [ -n "${WALK_BUILD:-}" ]; then B=$WALK_BUILD; else step build 300 bash bench/device/build.sh gsat gsat-gen; fi
GSAT=$B/gsat
GEN=$B/gsat-gen
[ -x "$GSAT" ] && [ -x "$GEN" ] || { summary; echo "walk.sh: no build ($OUT/build.log)"; exit 1; }
CNF=$OUT/walk_cnf
mkdir -p "$CNF"
RUNS=$OUT/walk_runs.tsv
FLIPS=$OUT/walk_flips.tsv
printf 'instance\tsolver\tstatus\tseconds\n' >"$RUNS"
printf 'solver\tflips_per_second\n' >"$FLIPS"
ref() { [ -x "$REFS/$1" ] && echo "$REFS/$1"; }
budget_left() { echo $((BUDGET - (SECONDS - STEP_START))); }

# run NAME INSTANCE CMD...: runs CMD (LIMIT s), appends its row to $RUNS.
run() {
  local name=$1 inst=$2
  shift 2
  local t0 t1 rc status
  t0=$(date +%s.%N)
  timeout -k 2 "$LIMIT" "$@" >"$OUT/walk_last_$name.log" 2>&1
  rc=$?
  t1=$(date +%s.%N)
  status=UNKNOWN
  [ $rc -eq 10 ] && status=SAT
  [ $rc -eq 20 ] && status=UNSAT
  # gsat: an error (a model that fails the check, a CUDA error) is neither
  if [ $rc -ne 0 ] && [ $rc -ne 10 ] && [ $rc -ne 20 ] && [ $rc -ne 124 ] && [ "${name#gsat}" != "$name" ]; then
    status=ERR$rc
    cp "$OUT/walk_last_$name.log" "$OUT/walk_err_$(basename "$inst" .cnf)_$name.log"
  fi
  printf '%s\t%s\t%s\t%.3f\n' "$(basename "$inst" .cnf)" "$name" "$status" \
    "$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')" >>"$RUNS"
}

# 1. flips per second
FI=$CNF/flips_3sat_100000.cnf
"$GEN" rand 3 100000 420000 1 >"$FI"
rate() { sed -n 's/^c search .* flips, \([0-9.e+]*\) flips\/s.*/\1/p' | head -1; }
printf 'gsat-gpu\t%s\n' "$("$GSAT" --search=walk --backend=gpu --time-limit="$FLIPS_SECONDS" \
  --no-model "$FI" | rate)" >>"$FLIPS"
printf 'gsat-cpu-1\t%s\n' "$("$GSAT" --search=walk --backend=cpu --threads=1 \
  --time-limit="$FLIPS_SECONDS" --no-model "$FI" | rate)" >>"$FLIPS"
printf 'gsat-cpu-%s\t%s\n' "$CORES" "$("$GSAT" --search=walk --backend=cpu --threads="$CORES" \
  --time-limit="$FLIPS_SECONDS" --no-model "$FI" | rate)" >>"$FLIPS"
if p=$(ref probSAT); then
  printf 'probSAT-1\t%s\n' "$(timeout "$FLIPS_SECONDS" "$p" "$FI" 1 2>&1 |
    sed -n 's/^c flips\/sec *: *\([0-9]*\).*/\1/p')" >>"$FLIPS"
fi
if y=$(ref yalsat); then
  printf 'yalsat-1\t%s\n' "$(timeout -s INT "$FLIPS_SECONDS" "$y" -v "$FI" 1 2>&1 |
    sed -n 's/^c [0-9]* flips, \([0-9.]*\) thousand flips per second.*/\1e3/p')" >>"$FLIPS"
fi

# 2. time to solution
# interleaved, so that a budget cut leaves every k a size or two
CLASSES="3:4.2:1000 5:20:200 7:85:80 3:4.2:10000 5:20:400 7:85:140 3:4.2:100000 5:20:600 7:85:200"
for cls in $CLASSES; do
  IFS=: read -r k ratio n <<<"$cls"
  m=$(awk -v r="$ratio" -v n="$n" 'BEGIN { printf "%d", r * n }')
  for seed in $(seq 1 "$SEEDS"); do
    if [ "$(budget_left)" -lt $((3 * LIMIT + 10)) ]; then
      SUMMARY+=("$(printf '%-16s skipped from k%s n%s seed %s on: budget' time "$k" "$n" "$seed")")
      break 2
    fi
    inst=$CNF/k${k}_n${n}_s${seed}.cnf
    "$GEN" rand "$k" "$n" "$m" "$seed" >"$inst"
    run gsat-gpu "$inst" "$GSAT" --search=walk --backend=gpu --seed="$seed" --no-model "$inst"
    run gsat-cpu-$CORES "$inst" "$GSAT" --search=walk --backend=cpu --seed="$seed" --no-model "$inst"
    run gsat-cpu-1 "$inst" "$GSAT" --search=walk --backend=cpu --threads=1 --seed="$seed" \
      --no-model "$inst" &
    if y=$(ref yalsat); then run yalsat "$inst" "$y" "$inst" "$seed" & fi
    if p=$(ref probSAT); then run probSAT "$inst" "$p" "$inst" "$seed" & fi
    if q=$(ref kissat); then run kissat "$inst" "$q" -q "$inst" & fi
    wait
  done
done
SUMMARY+=("$(printf '%-16s %s runs in %s, %s gsat errors (walk_err_*.log)' time \
  "$(($(wc -l <"$RUNS") - 1))" "$RUNS" "$(grep -c $'\tERR' "$RUNS")")")
summary
echo "---- flips per second (3-SAT n=100000 ratio 4.2, ${FLIPS_SECONDS} s each)"
awk -F'\t' '{ printf "%-24s %s\n", $1, $2 }' "$FLIPS"
echo "---- time to solution (limit ${LIMIT} s; instances some solver solved)"
awk -F'\t' -v names="gsat-gpu gsat-cpu-$CORES gsat-cpu-1 yalsat probSAT kissat" 'BEGIN {
    ns = split(names, solvers, " "); for (s = 1; s <= ns; s++) sv[solvers[s]] = 1
  }
  NR > 1 {
    split($1, a, "_"); cls = a[1] "_" a[2]; key = $1
    if ($3 == "SAT") { solved[key] = 1 }
    row[NR] = $0; classof[key] = cls
    if (!(cls in seen)) { seen[cls] = 1; order[++nc] = cls }
    if (!($2 in sv)) { sv[$2] = 1; solvers[++ns] = $2 }
  }
  END {
    printf "%-10s %5s", "class", "sat"
    for (s = 1; s <= ns; s++) printf " %16s", solvers[s]
    printf "\n"
    for (c = 1; c <= nc; c++) {
      cls = order[c]; nsat = 0
      for (key in classof) if (classof[key] == cls && key in solved) nsat++
      printf "%-10s %5d", cls, nsat
      for (s = 1; s <= ns; s++) {
        n = 0; k = 0; delete t
        for (i in row) {
          split(row[i], f, "\t"); split(f[1], a, "_")
          if (a[1] "_" a[2] != cls || f[2] != solvers[s] || !(f[1] in solved)) continue
          n++
          if (f[3] == "SAT") t[++k] = f[4]
        }
        # median of the solved times, the unsolved counted as above the limit
        for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++) if (t[j] + 0 < t[i] + 0) { x = t[i]; t[i] = t[j]; t[j] = x }
        idx = int((n + 1) / 2)
        med = (n && idx <= k) ? sprintf("%.2f", t[idx]) : (n ? ">lim" : "-")
        printf " %9s %2d/%-2d", med, k, n
      }
      printf "\n"
    }
  }' "$RUNS"
echo "(each cell: median seconds over the class's solved instances, unsolved counting as over the limit; solved/instances)"
