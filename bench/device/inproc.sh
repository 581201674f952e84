#!/usr/bin/env bash
# Inprocessing schedules of the one-thread CPU CDCL search (cpu/cdcl_inproc.h)
# against each other and against none, on the GPU machine's 16-core host,
# JOBS (15) single-threaded runs at once, LIMIT (60) s each:
#   gsat-cdcl1      the defaults (a round after 2000 conflicts, then 4000,
#                   6000, ... more; effort 100 per mille; elimination bound 16)
#   noinproc        --no-inprocess
#   lazy            --inprocess-interval=10000 --inprocess-effort=50
#   nobound         --inprocess-bound=0 (elimination never adds clauses)
#   lazy-nobound    lazy and nobound
# Run from the repository root with .device/bench carried (stage.sh):
#   ONLY='^cnf/(app09|satcomp|bmc|qg)/' bash bench/device/inproc.sh
# Prints solver_bench's summary and the per-instance times (runs_table);
# OUT (default bench/out/inproc) holds runs.csv.
set -u
OUT=${OUT:-bench/out/inproc}
. "$(dirname "$0")/common.sh" # cd to the repository root; solver_setup, runs_table
solver_setup
c="gsat --search=cdcl --backend=cpu --threads=1 --stats"
mkdir -p "$OUT/runs"
bench/solver_bench.sh -o "$OUT/runs" -t "${LIMIT:-60}" --proofs=none --budget="${BUDGET:-240}" \
  -j "${JOBS:-15}" -f "${ONLY:-^cnf/app09/}" --solvers=gsat-cdcl1 \
  --solver="noinproc=$c --no-inprocess" \
  --solver="lazy=$c --inprocess-interval=10000 --inprocess-effort=50" \
  --solver="nobound=$c --inprocess-bound=0" \
  --solver="lazy-nobound=$c --inprocess-interval=10000 --inprocess-effort=50 --inprocess-bound=0" \
  --refs=gsat-cdcl1 --compare=gsat-cdcl1:noinproc,lazy:noinproc,nobound:noinproc,lazy-nobound:noinproc \
  "$CORPUS" >"$OUT/bench.log" 2>&1
echo "inproc.sh: solver_bench rc=$?"
cat "$OUT/runs/summary.txt" 2>/dev/null || tail -20 "$OUT/bench.log"
runs_table "$OUT/runs/runs.csv"
