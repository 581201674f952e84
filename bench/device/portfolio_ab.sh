#!/usr/bin/env bash
# Two option sets of plain `gsat FILE` (the CPU+GPU portfolio), OPTS_A and OPTS_B, on
# the GPU machine's 16-core host, every run alone (wall s), LIMIT (30) s a
# run, over the families ONLY selects (default app09 and the structured
# SAT-race, bmc, qg and ssa files); with CPU=1 also `--backend=cpu` with
# each set.  For a default to change: A the candidate, B the present.
#   OPTS_A='--portfolio-gpu-delay=0.25' OPTS_B='--portfolio-gpu-delay=0.02' \
#     bash bench/device/portfolio_ab.sh
#   OPTS_A='--cdcl-cubes=off' OPTS_B='--cdcl-cubes=on' CPU=1 bash bench/device/portfolio_ab.sh
# Carry .device/bench (bench/device/stage.sh).  Prints solver_bench's summary
# (gm wall ratio A / B) and the per-instance times; OUT (default
# bench/out/portfolio_ab) holds runs.csv.
set -u
A=${OPTS_A:-} Bopts=${OPTS_B:-} # (common.sh sets B, the build folder)
OUT=${OUT:-bench/out/portfolio_ab}
. "$(dirname "$0")/common.sh" # cd to the repository root; solver_setup, runs_table
solver_setup
solvers=(--solver="gsat-A:alone=gsat $A" --solver="gsat-B:alone=gsat $Bopts")
compare=gsat-A:gsat-B
if [ "${CPU:-0}" = 1 ]; then
  solvers+=(--solver="cpu-A:alone=gsat --backend=cpu $A"
    --solver="cpu-B:alone=gsat --backend=cpu $Bopts")
  compare=$compare,cpu-A:cpu-B
fi
mkdir -p "$OUT/runs"
bench/solver_bench.sh -o "$OUT/runs" -t "${LIMIT:-30}" --proofs=none --budget="${BUDGET:-300}" \
  -f "${ONLY:-^cnf/(app09|satcomp|bmc|qg|ssa)/}" --solvers= "${solvers[@]}" \
  --compare="$compare" "$CORPUS" >"$OUT/bench.log" 2>&1
echo "portfolio_ab.sh: A='$A' B='$Bopts': solver_bench rc=$?"
cat "$OUT/runs/summary.txt" 2>/dev/null || tail -20 "$OUT/bench.log"
runs_table "$OUT/runs/runs.csv"
