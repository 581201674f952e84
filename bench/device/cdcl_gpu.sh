#!/usr/bin/env bash
# Issue 17's benchmark in one device call: gsat GPU CDCL (--search=cdcl
# --backend=gpu), gsat GPU DPLL, gsat CPU CDCL on 1 thread and on all host
# cores, MiniSat and CaDiCaL (carried), over the structured families plus
# pigeonhole (and php hole11), uf250 and uuf250, through bench/solver_bench.sh.
# Run from the repository root on the GPU machine, with the folder that
# `bash bench/device/stage.sh` filled carried (.device/bench):
#   bash bench/device/cdcl_gpu.sh
# Environment (all optional):
#   LIMIT=S        per-run limit (default 10)
#   PER_FAMILY=N   instances per family (default 5; 0: every instance)
#   ONLY=REGEX     instances (paths) to run (default: the families above)
#   BUDGET=S       seconds for the whole script (default 480: the runs stop
#                  starting then, so the call ends within about BUDGET + LIMIT
#                  + 20 s); a build of gsat counts against it
#   JOBS=N         single-threaded runs at once (default: the cores)
#   SOLVERS=LIST   solver_bench configurations (default gsat-gpu-cdcl,
#                  gsat-gpu-dpll,gsat-cdcl1,gsat-cdcl,minisat,cadical)
#   PROOFS=LIST    configurations whose UNSAT answers get drat-trim (default none)
#   EXTRA='NAME:alone=gsat OPTION...'  one more configuration (solver_bench
#                  --solver; "gsat" is the gsat chosen), e.g. the search choice
#                  on the GPU: SOLVERS=gsat-gpu-dpll EXTRA='auto:alone=gsat
#                  --search=auto --backend=gpu --stats' ONLY='^cnf/(pigeonhole|php|uuf250)/'
#   BENCH_BIN=DIR  carried binaries (default .device/bench/bin); gsat from
#                  there, else GSAT=PATH, else built here in build-dev
#   CORPUS=DIR     (default .device/bench, else ../shared/bench)
#   OUT=DIR        (default bench/out/cdcl_gpu)
# The default (LIMIT 10, 5 per family: about 100 instances) fits one call;
# the whole selection at 60 s does not: run it in parts, e.g.
#   LIMIT=60 PER_FAMILY=0 ONLY='^cnf/(aim|ais|beijing|bf|bmc|bms|bw|crafted|dubois|hanoi)/' BUDGET=540 ...
#   LIMIT=60 PER_FAMILY=0 ONLY='^cnf/(ii|jnh|logistics|par|pret|qg|quirks|rti|satcomp|ssa|sw100)/' ...
#   LIMIT=60 PER_FAMILY=0 ONLY='^cnf/(pigeonhole|php|uf250|uuf250)/' ...
# and merge: python3 bench/solver_summary.py --refs=cadical,minisat A/runs.csv B/runs.csv C/runs.csv
# $OUT: runs.csv (one row per instance and configuration: answer, verdict,
# time, propagations, conflicts, workers, CUDA context seconds), proofs.csv,
# summary.txt (solved, PAR-2, ratios, propagations/s, conflicts/s in total
# and per worker, the groups), env.txt, build.log, time.png where gnuplot is
# (else plot here: python3 bench/solver_summary.py --png=time.png runs.csv).
# Without a GPU the GPU rows say "no GPU" (exit 7) or the error gsat gives.
set -u
OUT=${OUT:-bench/out/cdcl_gpu}
. "$(dirname "$0")/common.sh" # cd to the repository root; solver_setup, left
T0=$SECONDS
solver_setup
only=${ONLY:-'^cnf/(aim|ais|beijing|bf|bmc|bms|bw|crafted|dubois|hanoi|ii|jnh|logistics|par|pret|qg|quirks|rti|satcomp|ssa|sw100|pigeonhole|php|uf250|uuf250)/'}
bench/solver_bench.sh -o "$OUT" -t "${LIMIT:-10}" -j "${JOBS:-$(nproc)}" --per-family="${PER_FAMILY:-5}" \
  -f "$only" --solvers="${SOLVERS:-gsat-gpu-cdcl,gsat-gpu-dpll,gsat-cdcl1,gsat-cdcl,minisat,cadical}" \
  --proofs="${PROOFS:-none}" --refs=cadical,minisat --budget="$(left 20)" ${EXTRA:+--solver="$EXTRA"} \
  --compare=gsat-gpu-cdcl:gsat-cdcl,gsat-gpu-cdcl:cadical,gsat-gpu-cdcl:gsat-gpu-dpll,gsat-cdcl:cadical \
  "$CORPUS" >"$OUT/bench.log" 2>&1
rc=$?
echo "================ cdcl_gpu: solver_bench rc=$rc in $((SECONDS - T0)) s ($OUT) ================"
grep -E '^(gpu|gsat|config|phases):' "$OUT/env.txt"
cat "$OUT/summary.txt" 2>/dev/null || tail -20 "$OUT/bench.log"
ls -l "$OUT"
