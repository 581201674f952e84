#!/usr/bin/env bash
# The CDCL preprocessing and inprocessing (docs/simplify.md) on the GPU
# machine's 16-core host, where nothing else runs, in about 8 minutes, in two
# bench/solver_bench.sh runs:
#  1. app09 (ONLY), single-threaded configurations JOBS (15) at once, then
#     plain `gsat FILE` alone:
#       gsat-cdcl1          gsat --search=cdcl --backend=cpu --threads=1
#                           (preprocessing, BVA behind its gate, vivification)
#       gsat-cdcl1-noinproc the same with --no-inprocess (preprocessing only)
#       gsat-cdcl1-nobound  the same with --inprocess-bound=0 (no clause growth)
#       gsat-cdcl1-nosimp   the same with --no-simplify --no-vivify
#       gsat-cdcl1-vivirred gsat-cdcl1 with --vivify-irred (irredundant clauses vivified too)
#       kissat              .device/refs/bin/kissat (when there)
#       minisat, cadical    carried by bench/device/stage.sh
#       gsat                plain `gsat FILE` (the CPU+GPU portfolio, alone)
#  2. the UNSAT instances of app09 (from the manifest): plain `gsat FILE`
#     and gimsatul --threads=16 (.device/refs/bin/gimsatul), both alone.
# Run from the repository root on the GPU machine, with .device/bench and
# .device/refs carried (.device/ is git-ignored; ../shared does not travel):
#   bash bench/device/stage.sh --only='^cnf/app09/'    # here, before the call
#   bash bench/device/simp.sh                          # there
# Environment (all optional): LIMIT=S per run (default 60), ONLY=REGEX of the
# first run (default '^cnf/app09/'), BUDGET=S for both runs (default 470),
# JOBS=N (default 15), OUT (default bench/out/simp), REFS (default
# .device/refs/bin), BENCH_BIN, CORPUS, GSAT: as cdcl_gpu.sh.  $OUT/single
# and $OUT/unsat: runs.csv, summary.txt (solved, PAR-2, time ratios to Kissat
# and gimsatul, propagations/s, gsat-cdcl1 against -noinproc, -nosimp and
# -vivirred), env.txt, bench.log; the first run's per-instance times on
# stdout.  With the pigeonhole family too (hole10 is
# answered by gsat CDCL with BVA only):
#   bash bench/device/stage.sh --only='^cnf/(app09|pigeonhole)/'   # here
#   ONLY='^cnf/(app09|pigeonhole)/' bash bench/device/simp.sh     # there
set -u
OUT=${OUT:-bench/out/simp}
BUDGET=${BUDGET:-470}
. "$(dirname "$0")/common.sh" # cd to the repository root; solver_setup, left
T0=$SECONDS
solver_setup
refs=${REFS:-.device/refs/bin}
[ -d "$refs" ] && refs=$(cd "$refs" && pwd)
cdcl1="gsat --search=cdcl --backend=cpu --threads=1 --stats"
single=(--solver="gsat-cdcl1-noinproc=$cdcl1 --no-inprocess"
        --solver="gsat-cdcl1-nobound=$cdcl1 --inprocess-bound=0"
        --solver="gsat-cdcl1-nosimp=$cdcl1 --no-simplify --no-vivify"
        --solver="gsat-cdcl1-vivirred=$cdcl1 --vivify-irred")
ref_list=minisat
if [ -x "$refs/kissat" ]; then
  single+=(--solver="kissat=$refs/kissat -q")
  ref_list=kissat,minisat
else
  echo "simp.sh: no $refs/kissat: the ratios are to MiniSat"
fi
run() { # NAME BUDGET ARGS...: one solver_bench run into $OUT/NAME
  local name=$1 budget=$2
  shift 2
  mkdir -p "$OUT/$name"
  bench/solver_bench.sh -o "$OUT/$name" -t "${LIMIT:-60}" --proofs=none --budget="$budget" "$@" \
    "$CORPUS" >"$OUT/$name/bench.log" 2>&1
  local rc=$?
  echo "================ simp $name: solver_bench rc=$rc at $((SECONDS - T0)) s ($OUT/$name) ================"
  grep -E '^(gpu|gsat|config|phases):' "$OUT/$name/env.txt" 2>/dev/null
  cat "$OUT/$name/summary.txt" 2>/dev/null || tail -20 "$OUT/$name/bench.log"
}
# the first run gets what the second leaves: 7 UNSAT instances, 2 runs each
run single "$(left 130)" -j "${JOBS:-15}" -f "${ONLY:-^cnf/app09/}" \
  --solvers=gsat-cdcl1,gsat,minisat,cadical "${single[@]}" --refs="$ref_list" \
  --compare=gsat-cdcl1:gsat-cdcl1-noinproc,gsat-cdcl1:gsat-cdcl1-nobound,gsat-cdcl1:gsat-cdcl1-nosimp,\
gsat-cdcl1:gsat-cdcl1-vivirred
runs_table "$OUT/single/runs.csv"
unsat=$(awk -F'\t' 'NR > 1 && $1 ~ /^cnf\/app09\// && $5 == "UNSAT" { print $1 }' "$CORPUS/manifest.tsv" |
  sed 's/\./\\./g' | paste -sd'|')
if [ -x "$refs/gimsatul" ] && [ -n "$unsat" ]; then
  run unsat "$(left 10)" -f "^($unsat)\$" --solvers=gsat \
    --solver="gimsatul:alone=$refs/gimsatul --threads=16" --refs=gimsatul
else
  echo "simp.sh: no $refs/gimsatul or no UNSAT app09 instance in $CORPUS/manifest.tsv: the second run skipped"
fi
echo "simp.sh: done in $((SECONDS - T0)) s"
