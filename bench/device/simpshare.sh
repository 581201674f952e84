#!/usr/bin/env bash
# Plain `gsat FILE` (the CPU+GPU portfolio) with the portfolio's shared
# preprocessing (docs/simplify.md, "The CPU+GPU portfolio") on the GPU
# machine: every answer checked by check-answers (models against the input
# file, answers against the manifest), for each GPU member kind, each
# searching the simplified formula:
#   walk      plain `gsat` (the GPU walkers beside CPU CDCL)
#   gpu-cdcl  --no-portfolio-gpu-walk (GPU CDCL, clauses exchanged)
#   gpu-dpll  --no-portfolio-gpu-walk --no-portfolio-gpu-cdcl (GPU DPLL)
#   nosimp    --no-simplify (neither member simplifies)
#   base      $BASE_GSAT when set (e.g. main's build: .device/guard/build-base/gsat
#             after guard.sh), plain
# RUNS (default 2) passes over the instances, the variants alternating in
# each; per variant: passed / failed / unknown, the sum and geometric mean
# (floor 10 ms) of the wall seconds, how often the GPU member answered.
# Run from the repository root on the GPU machine, with .device/bench carried:
#   bash bench/device/stage.sh --only='^cnf/(app09|pigeonhole)/'   # here
#   bash bench/device/simpshare.sh                                 # there
# Environment (optional): ONLY=REGEX (default '^cnf/app09/'), LIMIT=S per
# run (default 30), RUNS, BUDGET=S (default 540: a pass that would start
# later is skipped), OUT (default bench/out/simpshare), GSAT, BASE_GSAT.
# Output: $OUT/runs.tsv (variant run path status seconds answered-by),
# $OUT/summary.txt.  Exit 1 when any answer failed its check.
set -u
OUT=${OUT:-bench/out/simpshare}
BUDGET=${BUDGET:-540}
. "$(dirname "$0")/common.sh" # cd to the repository root; solver_setup
solver_setup
CA=$CORPUS/check-answers
[ -x "$CA" ] || CA=../shared/tools/check-answers
[ -x "$CA" ] || { echo "simpshare.sh: no check-answers (stage.sh stages it)"; exit 2; }
declare -A ARGS=([walk]="" [gpu-cdcl]="--no-portfolio-gpu-walk"
  [gpu-dpll]="--no-portfolio-gpu-walk --no-portfolio-gpu-cdcl" [nosimp]="--no-simplify")
VARIANTS="walk gpu-cdcl gpu-dpll nosimp"
[ -n "${BASE_GSAT:-}" ] && [ -x "$BASE_GSAT" ] && { VARIANTS+=" base"; ARGS[base]=""; }
# the wrapper check-answers runs: gsat --stats, its answering member logged
wrap=$OUT/gsat-wrap.sh
cat >"$wrap" <<'EOF'
#!/usr/bin/env bash
out=$("$WRAP_BIN" --stats "$@"); rc=$?
printf '%s\n' "$out"
by=$(printf '%s\n' "$out" | awk '/^c answered by/ { print $NF }')
printf '%s\t%s\n' "${!#}" "${by:-none}" >>"$WRAP_LOG"
exit $rc
EOF
chmod +x "$wrap"
echo -e "variant\trun\tpath\tstatus\tseconds\tby" >"$OUT/runs.tsv"
fails=0
for ((r = 1; r <= ${RUNS:-2}; r++)); do
  order=$VARIANTS
  [ $((r % 2)) = 0 ] && order=$(echo "$VARIANTS" | tr ' ' '\n' | tac | paste -sd' ')
  for v in $order; do
    [ "$(left 60)" -gt 0 ] || { echo "simpshare.sh: budget spent, run $r $v skipped"; continue; }
    bin=$GSAT
    [ "$v" = base ] && bin=$BASE_GSAT
    : >"$OUT/by.tsv"
    # shellcheck disable=SC2086
    WRAP_BIN=$bin WRAP_LOG=$OUT/by.tsv "$CA" -t "${LIMIT:-30}" -f "${ONLY:-^cnf/app09/}" \
      "$CORPUS/manifest.tsv" -- "$wrap" ${ARGS[$v]} >"$OUT/$v.$r.log" 2>&1 || fails=$((fails + 1))
    tail -1 "$OUT/$v.$r.log" | sed "s/^/$v run $r: /"
    # check-answers rows: status seconds path detail
    awk -v v="$v" -v r="$r" 'NR == FNR { by[$1] = $2; next }
      $3 ~ /^cnf\// { p = $3; b = "none"; for (k in by) if (index(k, p)) b = by[k]
        printf "%s\t%s\t%s\t%s\t%s\t%s\n", v, r, p, $1, $2, b }' \
      "$OUT/by.tsv" "$OUT/$v.$r.log" >>"$OUT/runs.tsv"
  done
done
awk -F'\t' 'NR > 1 { k = $1; n[k]++; st[k, $4]++; s[k] += $5; t = $5 < 0.01 ? 0.01 : $5
    lg[k] += log(t); if ($6 == "gpu") g[k]++ }
  END { printf "%-9s %5s %6s %6s %7s %9s %8s %8s\n", "variant", "runs", "passed", "failed",
          "unknown", "sum s", "gm s", "by gpu"
    for (k in n) printf "%-9s %5d %6d %6d %7d %9.2f %8.3f %8d\n", k, n[k], st[k, "PASS"] + 0,
      st[k, "FAIL"] + 0, st[k, "UNKNOWN"] + 0, s[k], exp(lg[k] / n[k]), g[k] + 0 }' \
  "$OUT/runs.tsv" | tee "$OUT/summary.txt"
echo "simpshare.sh: $fails check-answers runs failed; rows in $OUT/runs.tsv"
[ "$fails" = 0 ]
