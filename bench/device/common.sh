# Helpers of the device scripts (sourced; bash).  Changes to the repository
# root, sets B=build-dev (bench/device/build.sh's build) and creates OUT
# (default bench/out/device).
#   step NAME LIMIT CMD...  runs CMD with a limit of LIMIT seconds, its output
#            in $OUT/NAME.log, and adds "NAME rc=RC Ns" to the summary; a
#            failing step never stops the next one.  With BUDGET set (seconds
#            for the whole script, counted from sourcing this file) the limit
#            is cut to the time left minus 8 s, and a step with less than 10 s
#            left is skipped (and says so in the summary).
#   summary  prints the summary lines.
#   ref_solvers  Kissat and gimsatul from REFS as solver_bench configurations
#            (below).
#   SMEM_METRICS  the Nsight Compute metrics of shared-memory bank conflicts,
#            wavefronts and instructions (ld and st) and the kernel time, for
#            `ncu --metrics "$SMEM_METRICS" --csv --page raw`; tabulated by
#            `python3 bench/device/ncu_table.py smem FILE`.
#   STALL_METRICS  the kernel time, occupancy, issue and the warps stalled
#            per issued instruction by reason; tabulated by `ncu_table.py
#            stalls FILE` (its six largest reasons).
cd "$(dirname "${BASH_SOURCE[0]}")/../.." || exit 1
B=build-dev
OUT=${OUT:-bench/out/device}
mkdir -p "$OUT"
SUMMARY=()
STEP_START=$SECONDS
step() {
  local name=$1 limit=$2
  shift 2
  if [ -n "${BUDGET:-}" ]; then
    local left=$((BUDGET - (SECONDS - STEP_START) - 8))
    if [ "$left" -lt 10 ]; then
      SUMMARY+=("$(printf '%-16s skipped, %ss left' "$name" "$left")")
      return 0
    fi
    [ "$limit" -gt "$left" ] && limit=$left
  fi
  local t0=$SECONDS
  echo "== $name: $*" | tee "$OUT/$name.log"
  timeout -k 5 "$limit" "$@" >>"$OUT/$name.log" 2>&1
  local rc=$?
  local dt=$((SECONDS - t0))
  echo "== $name: rc=$rc in ${dt}s" | tee -a "$OUT/$name.log"
  SUMMARY+=("$(printf '%-16s rc=%-3s %4ss' "$name" "$rc" "$dt")")
  return 0
}
summary() {
  echo "================ summary ($OUT) ================"
  printf '%s\n' "${SUMMARY[@]}"
}
SMEM_METRICS=l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum
SMEM_METRICS+=,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum
SMEM_METRICS+=,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum
SMEM_METRICS+=,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum
SMEM_METRICS+=,smsp__inst_executed_op_shared_ld.sum
SMEM_METRICS+=,smsp__inst_executed_op_shared_st.sum
SMEM_METRICS+=,gpu__time_duration.sum
STALL_METRICS=gpu__time_duration.sum,sm__warps_active.avg.pct_of_peak_sustained_active
STALL_METRICS+=,smsp__issue_active.avg.pct_of_peak_sustained_active
for r in short_scoreboard long_scoreboard barrier membar math_pipe_throttle \
  mio_throttle lg_throttle wait not_selected selected dispatch_stall \
  no_instruction branch_resolving drain sleeping tex_throttle misc; do
  STALL_METRICS+=,smsp__average_warps_issue_stalled_${r}_per_issue_active.ratio
done
unset r
# solver_setup: what the solver benchmarks (cdcl_gpu.sh, wall.sh) share:
#   BENCH_BIN (default .device/bench/bin: bench/device/stage.sh's binaries),
#   CORPUS (.device/bench, else ../shared/bench), GSAT (GSAT, else
#   BENCH_BIN/gsat, else build-dev's, built by build.sh when missing, its log
#   in $OUT/build.log); all exported for bench/solver_bench.sh.
# left N: seconds of BUDGET (default 480) left, minus N.
solver_setup() {
  BUDGET=${BUDGET:-480}
  export BENCH_BIN=${BENCH_BIN:-.device/bench/bin}
  [ -d "$BENCH_BIN" ] && BENCH_BIN=$(cd "$BENCH_BIN" && pwd)
  CORPUS=${CORPUS:-}
  for c in .device/bench ../shared/bench; do
    [ -z "$CORPUS" ] && [ -f "$c/manifest.tsv" ] && CORPUS=$c
  done
  [ -n "$CORPUS" ] || echo "solver_setup: no corpus (.device/bench from bench/device/stage.sh)"
  if [ -z "${GSAT:-}" ] && [ -x "$BENCH_BIN/gsat" ]; then GSAT=$BENCH_BIN/gsat; fi
  if [ -z "${GSAT:-}" ]; then
    [ -x "$B/gsat" ] || bash bench/device/build.sh gsat >"$OUT/build.log" 2>&1 ||
      echo "solver_setup: the build failed ($OUT/build.log): $(grep -m1 -i error "$OUT/build.log")"
    GSAT=$PWD/$B/gsat
  fi
  export GSAT
  echo "gsat: $GSAT: $("$GSAT" --version 2>&1 | head -1); $(command -v nvidia-smi >/dev/null &&
    nvidia-smi -L 2>&1 | head -1 || echo 'no nvidia-smi')"
}
# ref_solvers: the reference solvers in REFS (default .device/refs/bin) as
# bench/solver_bench.sh configurations: REF_SOLVERS (an array of --solver=
# arguments: Kissat on one thread, gimsatul on 16 threads alone, each where
# its binary is there) and REF_LIST (their names, comma-separated, for --refs).
ref_solvers() {
  local refs=${REFS:-.device/refs/bin}
  [ -d "$refs" ] && refs=$(cd "$refs" && pwd)
  REF_SOLVERS=() REF_LIST=
  if [ -x "$refs/kissat" ]; then
    REF_SOLVERS+=(--solver="kissat=$refs/kissat -q")
    REF_LIST=kissat
  fi
  if [ -x "$refs/gimsatul" ]; then
    REF_SOLVERS+=(--solver="gimsatul:alone=$refs/gimsatul --threads=16")
    REF_LIST=${REF_LIST:+$REF_LIST,}gimsatul
  fi
}
left() { echo $((BUDGET - (SECONDS - STEP_START) - ${1:-0})); }

# runs_table RUNS_CSV (bench/solver_bench.sh's): one line per instance, the seconds of each configuration
# ("-": not answered), to stdout (the device returns few files).
runs_table() {
  awk -F, 'NR > 1 { i = $1; sub(/^cnf\//, "", i); sub(/\.cnf(\.gz)?$/, "", i); if (!(i in seen)) { seen[i] = 1; order[++n] = i }
    if (!($4 in s)) { s[$4] = 1; cols[++m] = $4 }
    t[i, $4] = ($7 == "ok" && ($6 == "SAT" || $6 == "UNSAT")) ? $9 : "-" }
    END { printf "instance"; for (j = 1; j <= m; j++) printf " %s", cols[j]; print ""
      for (k = 1; k <= n; k++) { printf "%s", order[k]; for (j = 1; j <= m; j++) { v = t[order[k], cols[j]]; printf " %s", v == "" ? "." : v }; print "" } }' "$1"
}
