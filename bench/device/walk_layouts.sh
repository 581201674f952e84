#!/usr/bin/env bash
# The warp walkers' two layouts side by side in one run (gpu/walk_plan.h):
# each walker's state in its block's shared memory (the default where it
# fits: a few walkers per SM) against global memory (--gpu-walk-global:
# 48 walkers per SM), the CPU walkers on every core, and the race of both
# (plain `gsat --search=walk`, --backend=auto: CPU walkers on all cores but
# one against the GPU walkers, the first checked model wins):
#   [BUDGET=280] [LIMIT=4] [SEEDS=2] [WALK_BUILD=dir] bash bench/device/walk_layouts.sh
# On the classes of bench/RESULTS.md's walker table (`gsat-gen rand K N M
# SEED`): 5-SAT at ratio 20 with n = 200, 400, 600; 7-SAT at ratio 85 with
# n = 80, 140; 3-SAT at ratio 4.2 with n = 10000; SEEDS seeds each, LIMIT
# seconds per run.  Per run: the wall time (the process: parse, CUDA
# context, plan, upload, search), the search time and flips/s of gsat's
# summary line, the walkers and where their state is; flips/s per walker is
# the grid's over the walkers.  Models are checked by gsat (a failing check
# is an error, ERRrc, its log kept).  Results go to $OUT (default
# bench/out/device): walk_layouts.tsv and the table that ends the output; the
# instances to $TMPDIR (default /tmp).
# Builds gsat and gsat-gen (bench/device/build.sh) unless WALK_BUILD names a
# build folder that has them.
source "$(dirname "$0")/common.sh"
BUDGET=${BUDGET:-280}
LIMIT=${LIMIT:-4}
SEEDS=${SEEDS:-2}
source "$(dirname "$0")/walk_common.sh"
walk_setup walk_layouts
TSV=$OUT/walk_layouts.tsv
printf 'instance\tsolver\tstatus\twall_s\tsearch_s\tflips_per_s\twalkers\tmemory\tper_sm\n' >"$TSV"

# run NAME INSTANCE ARGS...: gsat --search=walk ARGS on INSTANCE (LIMIT s),
# its row appended to $TSV.
run() {
  local name=$1 inst=$2
  shift 2
  walk_gsat walk_layouts "$name" "$inst" "$@"
  local log=$WALK_LOG walkers memory per_sm
  # c walkers' state in shared memory, 3 per SM, wide, 396 walkers
  walkers=$(sed -n "s/^c walkers' state in .*, \([0-9]*\) walkers$/\1/p" "$log" | head -1)
  memory=$(sed -n "s/^c walkers' state in \([a-z]*\) memory, \([0-9]*\) per SM.*/\1/p" "$log" | head -1)
  [ "$name" = race ] && memory=$(sed -n 's/^c portfolio: \([a-z]*\) answered.*/by-\1/p' "$log" | head -1)
  per_sm=$(sed -n "s/^c walkers' state in \([a-z]*\) memory, \([0-9]*\) per SM.*/\2/p" "$log" | head -1)
  [ "$name" = cpu ] && walkers=$CORES
  printf '%s\t%s\t%s\t%.3f\t%s\t%s\t%s\t%s\t%s\n' "$(basename "$inst" .cnf)" "$name" "$STATUS" \
    "$WALL" "${SEARCH:--}" "${RATE:--}" \
    "${walkers:--}" "${memory:--}" "${per_sm:--}" >>"$TSV"
}

CLASSES="5:20:200 7:85:80 3:4.2:10000 5:20:400 7:85:140 5:20:600"
for seed in $(seq 1 "$SEEDS"); do
  for cls in $CLASSES; do
    IFS=: read -r k ratio n <<<"$cls"
    if [ $((BUDGET - (SECONDS - STEP_START))) -lt $((4 * LIMIT + 15)) ]; then
      SUMMARY+=("$(printf '%-16s skipped from k%s n%s seed %s on: budget' runs "$k" "$n" "$seed")")
      break 2
    fi
    m=$(awk -v r="$ratio" -v n="$n" 'BEGIN { printf "%d", r * n }')
    inst=$CNF/k${k}_n${n}_s${seed}.cnf
    "$GEN" rand "$k" "$n" "$m" "$seed" >"$inst"
    run gpu-shared "$inst" --backend=gpu --gpu-walk-mapping=warp --seed="$seed"
    run gpu-global "$inst" --backend=gpu --gpu-walk-mapping=warp --seed="$seed" --gpu-walk-global
    run cpu "$inst" --backend=cpu --threads="$CORES" --seed="$seed"
    run race "$inst" --seed="$seed"
  done
done
walk_count walk_layouts "$TSV"
summary
echo "---- per run (limit ${LIMIT} s; wall: the whole process; flips/s per walker: the grid's / walkers)"
awk -F'\t' 'NR == 1 { printf "%-14s %-10s %-7s %7s %8s %10s %7s %10s %-6s %s\n", "instance", "solver",
    "status", "wall_s", "search_s", "flips/s", "walkers", "per walker", "memory", "per_sm"; next }
  { pw = ($6 != "-" && $7 > 0) ? sprintf("%.3g", $6 / $7) : "-"
    printf "%-14s %-10s %-7s %7.2f %8s %10s %7s %10s %-6s %s\n", $1, $2, $3, $4, $5, $6, $7, pw, $8, $9 }' "$TSV"
echo "---- time to solution by class (median wall s over SEEDS, unsolved as >lim; solved/runs)"
awk -F'\t' 'NR > 1 {
    split($1, a, "_"); cls = a[1] "_" a[2]
    if (!(cls in seen)) { seen[cls] = 1; order[++nc] = cls }
    key = cls SUBSEP $2; n[key]++
    if ($3 == "SAT") { k[key]++; t[key, k[key]] = $4 }
  }
  END {
    split("gpu-shared gpu-global cpu race", sv, " ")
    printf "%-10s %18s %18s %18s %18s\n", "class", "gpu-shared", "gpu-global", "cpu", "race"
    for (c = 1; c <= nc; c++) {
      printf "%-10s", order[c]
      for (s = 1; s <= 4; s++) {
        key = order[c] SUBSEP sv[s]; m = k[key] + 0
        for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++)
          if (t[key, j] + 0 < t[key, i] + 0) { x = t[key, i]; t[key, i] = t[key, j]; t[key, j] = x }
        idx = int((n[key] + 1) / 2)
        med = (n[key] && idx <= m) ? sprintf("%.2f", t[key, idx]) : (n[key] ? ">lim" : "-")
        printf " %11s %2d/%-3d", med, m, n[key]
      }
      printf "\n"
    }
  }' "$TSV"
