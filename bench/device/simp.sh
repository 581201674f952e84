#!/usr/bin/env bash
# The CDCL preprocessing (docs/simplify.md) on the GPU machine's
# 16-core host, where nothing else runs: app09 (and optionally more of the
# corpus) through bench/solver_bench.sh, with
#   gsat-cdcl1          gsat --search=cdcl --backend=cpu --threads=1 (preprocessing on)
#   gsat-cdcl1-nosimp   the same with --no-simplify
#   gsat-cpu16 / gsat-cpu16-nosimp  the CPU portfolio on 16 threads (alone)
#   gsat                plain `gsat FILE` (the CPU+GPU portfolio, alone: the
#                       CPU member preprocesses, the GPU member runs walkers;
#                       with --no-portfolio-gpu-walk the CPU member exchanges
#                       clauses with the GPU CDCL member and does not)
#   minisat, cadical    carried (bench/device/stage.sh)
#   kissat, gimsatul    when .device/refs/bin/kissat and gimsatul are there
#                       (gimsatul --threads=16, alone)
# Run from the repository root on the GPU machine, with .device/bench (staged
# by `bash bench/device/stage.sh --only='app09'`) and .device/refs carried:
#   bash bench/device/simp.sh
# Environment (all optional): LIMIT=S (default 60), ONLY=REGEX (default
# '^cnf/app09/'), BUDGET=S (default 560), JOBS=N single-threaded runs at once
# (default 4), OUT (default bench/out/simp), BENCH_BIN, CORPUS, GSAT: as
# cdcl_gpu.sh.  $OUT: runs.csv, summary.txt (solved, PAR-2, ratios to Kissat
# and MiniSat, propagations/s, gsat-cdcl1 against gsat-cdcl1-nosimp and
# gsat-cpu16 against gsat-cpu16-nosimp), env.txt, bench.log.
set -u
OUT=${OUT:-bench/out/simp}
BUDGET=${BUDGET:-560}
. "$(dirname "$0")/common.sh" # cd to the repository root; solver_setup, left
T0=$SECONDS
solver_setup
refs=.device/refs/bin
solvers=(--solver="gsat-cdcl1-nosimp=gsat --search=cdcl --backend=cpu --threads=1 --stats --no-simplify"
         --solver="gsat-cpu16:alone=gsat --search=cdcl --backend=cpu --threads=16 --stats"
         --solver="gsat-cpu16-nosimp:alone=gsat --search=cdcl --backend=cpu --threads=16 --stats --no-simplify")
ref_list=minisat
if [ -x "$refs/kissat" ]; then
  solvers+=(--solver="kissat=$refs/kissat -q")
  ref_list=kissat,minisat
fi
[ -x "$refs/gimsatul" ] && solvers+=(--solver="gimsatul:alone=$refs/gimsatul --threads=16")
bench/solver_bench.sh -o "$OUT" -t "${LIMIT:-60}" -j "${JOBS:-4}" -f "${ONLY:-^cnf/app09/}" \
  --solvers=gsat-cdcl1,gsat,minisat,cadical "${solvers[@]}" --proofs=none --refs="$ref_list" \
  --budget="$(left 20)" --compare=gsat-cdcl1:gsat-cdcl1-nosimp,gsat-cpu16:gsat-cpu16-nosimp \
  "$CORPUS" >"$OUT/bench.log" 2>&1
rc=$?
echo "================ simp: solver_bench rc=$rc in $((SECONDS - T0)) s ($OUT) ================"
grep -E '^(gpu|gsat|config|phases):' "$OUT/env.txt"
cat "$OUT/summary.txt" 2>/dev/null || tail -20 "$OUT/bench.log"
