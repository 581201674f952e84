#!/usr/bin/env bash
# Lane walkers against warp walkers and the CPU walkers, side by side in one
# run (gpu/walk_plan.h, docs/walk.md):
#   [BUDGET=300] [LIMIT=3] [SEEDS=3] [SOLVERS="lane warp cpu"] [WALK_BUILD=dir] \
#     bash bench/device/walk_lanes.sh
# Solvers (gsat --search=walk, LIMIT seconds a run):
#   lane         --backend=gpu --gpu-walk-mapping=lane (one walker per thread,
#                the compact state where the formula fits it, the plan's count)
#   warp         --backend=gpu --gpu-walk-mapping=warp (one walker per warp)
#   cpu          --backend=cpu --threads=$(nproc) (one walker per thread)
#   and, when SOLVERS names them: auto (--backend=gpu, the plan's rule),
#   lane-wide (lane with --gpu-walk-wide: the 32-bit state), lane-global
#   (lane with --gpu-walk-global: the state in global memory, L2-planned),
#   lane-dense (lane with --gpu-walk-lane-dense: a block's lane walkers 32
#   a warp, not one a warp), lane-dram (lane-global with --gpu-blocks=2112: 16 blocks an SM on an
#   H100, of the L2 plan's lanes each, state far beyond the L2).
# Classes (`gsat-gen rand K N M SEED`, seeds 1..SEEDS, the first seed of
# every class first): 5-SAT at ratio 20 with n = 200, 400; 7-SAT at ratio 85
# with n = 80, 140; 3-SAT at ratio 4.2 with n = 1000, 10000.  Per run: the
# wall time (the process: parse, CUDA context, plan, upload, search), the
# search time and flips/s of gsat's summary line, the walkers (the GPU's from
# its summary line; the CPU's: its threads), the mapping, where the state is
# and its width.  Models are checked by gsat (a failing check is ERRrc, its
# log kept).  BUDGET (seconds for the whole script, the build included)
# skips the runs that no longer fit.  Results go to $OUT (default
# bench/out/device): walk_lanes.tsv and the two tables that end the output
# (per run, and per class and solver: solved/runs, median wall and search
# time to solution, unsolved counted as above the limit, median flips/s of
# the grid and per walker); the instances to $TMPDIR (default /tmp).
# Builds gsat and gsat-gen (bench/device/build.sh) unless WALK_BUILD names a
# build folder that has them.
source "$(dirname "$0")/common.sh"
BUDGET=${BUDGET:-300}
LIMIT=${LIMIT:-3}
SEEDS=${SEEDS:-3}
SOLVERS=${SOLVERS:-lane warp cpu}
source "$(dirname "$0")/walk_common.sh"
walk_setup walk_lanes
TSV=$OUT/walk_lanes.tsv
printf 'instance\tsolver\tstatus\twall_s\tsearch_s\tflips_per_s\twalkers\tmapping\tmemory\tstate\n' >"$TSV"

# args SOLVER: gsat's options for SOLVER.
args() {
  case $1 in
  lane) echo --backend=gpu --gpu-walk-mapping=lane ;;
  warp) echo --backend=gpu --gpu-walk-mapping=warp ;;
  auto) echo --backend=gpu ;;
  lane-wide) echo --backend=gpu --gpu-walk-mapping=lane --gpu-walk-wide ;;
  lane-global) echo --backend=gpu --gpu-walk-mapping=lane --gpu-walk-global ;;
  lane-dense) echo --backend=gpu --gpu-walk-mapping=lane --gpu-walk-lane-dense ;;
  lane-dram) echo --backend=gpu --gpu-walk-mapping=lane --gpu-walk-global --gpu-blocks=2112 ;;
  cpu) echo --backend=cpu --threads="$CORES" ;;
  *) echo "walk_lanes.sh: unknown solver $1" >&2 && return 1 ;;
  esac
}

# run SOLVER INSTANCE SEED: gsat --search=walk on INSTANCE (LIMIT s), its
# row appended to $TSV.
run() {
  local name=$1 inst=$2 seed=$3 opts log walkers=$CORES mapping=cpu memory=- state=-
  opts=$(args "$name") || return
  # shellcheck disable=SC2086 # opts: several words
  walk_gsat walk_lanes "$name" "$inst" --seed="$seed" $opts
  log=$WALK_LOG
  if [ "$name" != cpu ]; then
    # c device NAME, mapping lane, layout csr, ...
    mapping=$(sed -n 's/^c device .*, mapping \([a-z]*\), .*/\1/p' "$log" | head -1)
    # c walkers' state in shared memory, 25 per SM, compact, 3300 walkers
    local re="^c walkers' state in \([a-z]*\) memory, [0-9]* per SM, \([a-z]*\), \([0-9]*\) walkers"
    memory=$(sed -n "s/$re.*/\1/p" "$log" | head -1)
    state=$(sed -n "s/$re.*/\2/p" "$log" | head -1)
    walkers=$(sed -n "s/$re.*/\3/p" "$log" | head -1)
  fi
  printf '%s\t%s\t%s\t%.3f\t%s\t%s\t%s\t%s\t%s\t%s\n' "$(basename "$inst" .cnf)" "$name" "$STATUS" \
    "$WALL" "${SEARCH:--}" "${RATE:--}" \
    "${walkers:--}" "${mapping:--}" "${memory:--}" "${state:--}" >>"$TSV"
}

CLASSES="5:20:200 7:85:80 3:4.2:1000 5:20:400 7:85:140 3:4.2:10000"
NSOLVERS=$(echo "$SOLVERS" | wc -w)
for seed in $(seq 1 "$SEEDS"); do
  for cls in $CLASSES; do
    IFS=: read -r k ratio n <<<"$cls"
    if [ $((BUDGET - (SECONDS - STEP_START))) -lt $((NSOLVERS * (LIMIT + 2) + 5)) ]; then
      SUMMARY+=("$(printf '%-16s skipped from k%s n%s seed %s on: budget' runs "$k" "$n" "$seed")")
      break 2
    fi
    m=$(awk -v r="$ratio" -v n="$n" 'BEGIN { printf "%d", r * n }')
    inst=$CNF/k${k}_n${n}_s${seed}.cnf
    "$GEN" rand "$k" "$n" "$m" "$seed" >"$inst"
    for s in $SOLVERS; do run "$s" "$inst" "$seed"; done
  done
done
walk_count walk_lanes "$TSV"
summary
echo "---- per run (limit ${LIMIT} s; wall: the whole process; per walker: flips/s of the grid / walkers)"
awk -F'\t' 'NR == 1 { printf "%-13s %-11s %-7s %7s %8s %10s %7s %10s %-5s %-6s %s\n", "instance",
    "solver", "status", "wall_s", "search_s", "flips/s", "walkers", "per walker", "map", "memory",
    "state"; next }
  { pw = ($6 != "-" && $7 > 0) ? sprintf("%.3g", $6 / $7) : "-"
    printf "%-13s %-11s %-7s %7.2f %8s %10s %7s %10s %-5s %-6s %s\n", $1, $2, $3, $4, $5, $6, $7,
      pw, $8, $9, $10 }' "$TSV"
echo "---- by class and solver (medians over the seeds; time to solution: unsolved as >lim)"
awk -F'\t' -v solvers="$SOLVERS" '
  function sort(a, m,    i, j, x) {
    for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++)
      if (a[j] + 0 < a[i] + 0) { x = a[i]; a[i] = a[j]; a[j] = x }
  }
  NR > 1 {
    split($1, p, "_"); cls = p[1] "_" p[2]
    if (!(cls in seen)) { seen[cls] = 1; order[++nc] = cls }
    key = cls SUBSEP $2; n[key]++
    if ($3 == "SAT") { k[key]++; tw[key, k[key]] = $4; ts[key, k[key]] = $5 }
    if ($6 != "-") { r[key]++; fr[key, r[key]] = $6; if ($7 > 0) pw[key, r[key]] = $6 / $7 }
    if ($7 != "-") wk[key] = $7
    if ($8 != "-") how[key] = $8 "/" $9 "/" $10
  }
  END {
    ns = split(solvers, sv, " ")
    printf "%-10s %-11s %6s %8s %8s %10s %10s %7s %s\n", "class", "solver", "solved", "wall_s",
      "search_s", "flips/s", "per walker", "walkers", "map/memory/state"
    for (c = 1; c <= nc; c++) for (s = 1; s <= ns; s++) {
      key = order[c] SUBSEP sv[s]; if (!n[key]) continue
      m = k[key] + 0; delete a; delete b
      for (i = 1; i <= m; i++) { a[i] = tw[key, i]; b[i] = ts[key, i] }
      sort(a, m); sort(b, m)
      idx = int((n[key] + 1) / 2)
      w = idx <= m ? sprintf("%.2f", a[idx]) : ">lim"
      t = idx <= m ? sprintf("%.3f", b[idx]) : ">lim"
      q = r[key] + 0; delete f; delete g
      for (i = 1; i <= q; i++) { f[i] = fr[key, i]; g[i] = pw[key, i] }
      sort(f, q); sort(g, q)
      mi = int((q + 1) / 2)
      fs = q ? sprintf("%.3g", f[mi]) : "-"; gs = q ? sprintf("%.3g", g[mi]) : "-"
      printf "%-10s %-11s %2d/%-3d %8s %8s %10s %10s %7s %s\n", order[c], sv[s], m, n[key], w, t,
        fs, gs, (key in wk) ? wk[key] : "-", (key in how) ? how[key] : "-"
    }
  }' "$TSV"
