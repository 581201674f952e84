#!/usr/bin/env bash
# Walker phases for CDCL (docs/phases.md) on the GPU machine: bench/phases.sh
# over the staged corpus, alternating each instance's runs:
#   portfolio_sat, portfolio_unsat   plain `gsat FILE` (the CPU+GPU portfolio:
#       the GPU walkers beside the CPU CDCL searchers on 15 cores) with
#       --no-portfolio-phases and with --portfolio-phases (the default):
#       conflicts to solution on the satisfiable structured families, CPU
#       seconds on the UNSAT families
#   cpu_sat, cpu_unsat   one CPU CDCL searcher with and without a CPU walker
#       beside it (--cdcl-walk=WALK, default 20), as on the development
#       machine
# Run from the repository root with .device/bench carried (staged here by
# `bash bench/device/stage.sh`):
#   [LIMIT=10] [WALK=20] [BUDGET=560] bash bench/device/phases.sh
# Builds gsat (bench/device/build.sh).  $OUT (default bench/out/phases): one
# table per step (NAME.tsv, the rows so far when the step's limit cut it),
# the summaries (bench/phases_summary.awk) at the end of the output.
OUT=${OUT:-bench/out/phases}
BUDGET=${BUDGET:-560}
LIMIT=${LIMIT:-10}
WALK=${WALK:-20}
source "$(dirname "$0")/common.sh"
step build 200 bash bench/device/build.sh gsat
M=.device/bench/manifest.tsv
if [ ! -x "$B/gsat" ] || [ ! -f "$M" ]; then
  summary
  echo "phases.sh: no build or no $M"
  exit 1
fi
step portfolio_sat 150 bash bench/phases.sh -g "$B/gsat" -P -t "$LIMIT" -o "$OUT/portfolio_sat.tsv" "$M"
step portfolio_unsat 150 bash bench/phases.sh -g "$B/gsat" -P -a UNSAT -t "$LIMIT" -o "$OUT/portfolio_unsat.tsv" "$M"
step cpu_sat 100 bash bench/phases.sh -g "$B/gsat" -w "$WALK" -t "$LIMIT" -o "$OUT/cpu_sat.tsv" "$M"
step cpu_unsat 100 bash bench/phases.sh -g "$B/gsat" -w "$WALK" -a UNSAT -t "$LIMIT" -o "$OUT/cpu_unsat.tsv" "$M"
for n in portfolio_sat portfolio_unsat cpu_sat cpu_unsat; do # (a step cut by its limit: its rows so far)
  echo "== $n"
  [ -f "$OUT/$n.tsv" ] && awk -f bench/phases_summary.awk "$OUT/$n.tsv"
done
summary
