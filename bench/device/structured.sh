#!/usr/bin/env bash
# Issue 32's per-instance target on the GPU machine: plain `gsat FILE` (the
# CPU+GPU portfolio, alone) against Kissat on one thread (JOBS at once) and
# gimsatul on 16 threads (alone), over every structured family of the corpus
# and app09 (all but uf*, uuf*, quirks and the staged php/), LIMIT (60) s a
# run, wall time:
#   gsat          gsat FILE (the defaults)
#   gsat-nocong   gsat --no-congruence --no-sweep FILE (without congruence closure
#                 and SAT sweeping, docs/simplify.md: session 11's defaults)
#   kissat        .device/refs/bin/kissat -q (when there)
#   gimsatul      .device/refs/bin/gimsatul --threads=16 (when there)
# Run from the repository root with .device/bench and .device/refs carried:
#   bash bench/device/stage.sh            # here (the whole corpus, 23 MB)
#   bash bench/device/structured.sh       # there
# Environment (optional): SKIP=REGEX (the skipped paths), ONLY=REGEX, MORE='NAME:alone=gsat ARGS'
# (one more configuration), LIMIT, BUDGET (default 420), JOBS (15), OUT
# (default bench/out/structured).  Prints solver_bench's summary (time ratios
# of gsat and gsat-nocong to Kissat and gimsatul) and the per-instance times;
# $OUT/runs holds runs.csv.
set -u
OUT=${OUT:-bench/out/structured}
. "$(dirname "$0")/common.sh" # cd to the repository root; solver_setup, ref_solvers, runs_table
solver_setup
ref_solvers
more=()
[ -n "${MORE:-}" ] && more+=(--solver="$MORE")
mkdir -p "$OUT/runs"
bench/solver_bench.sh -o "$OUT/runs" -t "${LIMIT:-60}" --proofs=none --budget="${BUDGET:-420}" \
  --clock=wall -j "${JOBS:-15}" -x "${SKIP:-^cnf/(uf[0-9]+|uuf[0-9]+|quirks|php)/}" \
  ${ONLY:+-f "$ONLY"} --solvers=gsat --solver="gsat-nocong:alone=gsat --no-congruence --no-sweep" "${more[@]}" "${REF_SOLVERS[@]}" \
  ${REF_LIST:+--refs=$REF_LIST} "$CORPUS" >"$OUT/bench.log" 2>&1
echo "structured.sh: solver_bench rc=$?"
cat "$OUT/runs/summary.txt" 2>/dev/null || tail -20 "$OUT/bench.log"
runs_table "$OUT/runs/runs.csv"
