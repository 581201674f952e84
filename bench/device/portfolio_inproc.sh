#!/usr/bin/env bash
# Inprocessing in the CDCL portfolio (cpu/cdcl_inproc.h: rounds in every
# searcher) on the GPU machine's 16-core host: plain `gsat FILE` (the CPU+GPU
# portfolio) and `gsat --backend=cpu` (the CPU portfolio on every core),
# each with its rounds (the default) and with --no-inprocess, all alone,
# beside Kissat on one thread (JOBS at once) and gimsatul on 16 threads
# (alone), LIMIT (60) s a run:
#   gsat, gsat-cpu            the defaults
#   gsat-noinproc             gsat --no-inprocess
#   gsat-cpu-noinproc         gsat --backend=cpu --no-inprocess
#   kissat                    .device/refs/bin/kissat -q (when there)
#   gimsatul                  .device/refs/bin/gimsatul --threads=16 (when there)
# Run from the repository root with .device/bench and .device/refs carried:
#   bash bench/device/stage.sh --only='^cnf/(app09|satcomp)/'   # here
#   ONLY='^cnf/(app09|satcomp)/' bash bench/device/portfolio_inproc.sh   # there
# Prints solver_bench's summary (wall-time ratios of gsat and gsat-cpu to
# their --no-inprocess runs, and of each to Kissat and gimsatul) and the
# per-instance times (runs_table); OUT (default bench/out/portfolio_inproc)
# holds runs.csv.
set -u
OUT=${OUT:-bench/out/portfolio_inproc}
. "$(dirname "$0")/common.sh" # cd to the repository root; solver_setup, ref_solvers, runs_table
solver_setup
ref_solvers
mkdir -p "$OUT/runs"
bench/solver_bench.sh -o "$OUT/runs" -t "${LIMIT:-60}" --proofs=none --budget="${BUDGET:-300}" \
  -j "${JOBS:-15}" -f "${ONLY:-^cnf/app09/}" --solvers=gsat,gsat-cpu \
  --solver="gsat-noinproc:alone=gsat --stats --no-inprocess" \
  --solver="gsat-cpu-noinproc:alone=gsat --backend=cpu --stats --no-inprocess" "${REF_SOLVERS[@]}" \
  ${REF_LIST:+--refs=$REF_LIST} --compare=gsat:gsat-noinproc,gsat-cpu:gsat-cpu-noinproc \
  "$CORPUS" >"$OUT/bench.log" 2>&1
echo "portfolio_inproc.sh: solver_bench rc=$?"
cat "$OUT/runs/summary.txt" 2>/dev/null || tail -20 "$OUT/bench.log"
runs_table "$OUT/runs/runs.csv"
