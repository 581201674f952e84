#!/usr/bin/env bash
# Issue 18's benchmark in one device call: the wall time of each process,
# measured from outside (start to exit, bash's `time` around `timeout`: 1 ms
# of fork and exec included), of `gsat FILE` (the defaults), `gsat
# --backend=cpu`, `gsat --backend=gpu`, CaDiCaL and MiniSat (carried) over the
# corpus, through bench/solver_bench.sh --clock=wall; then the batch mode
# (`gsat --batch FILE...`, one process) and its per-file overhead.
# Run from the repository root on the GPU machine, with the folder that
# `bash bench/device/stage.sh` filled carried (.device/bench):
#   bash bench/device/wall.sh
# Environment (all optional):
#   LIMIT=S        per-run limit (default 10)
#   PER_FAMILY=SPEC  instances per family (default 3,uf20=0,uf50=0,uuf250=0,php=0:
#                  3 of each family, every uf20, uf50, uuf250 and hole11;
#                  0: the whole corpus)
#   ONLY=REGEX     instances (paths) to run (default: all)
#   BUDGET=S       seconds for the whole script (default 480; the runs stop
#                  starting at BUDGET - 100, the batch runs get the rest)
#   JOBS=N         CaDiCaL and MiniSat runs at once (default 4 of the 16
#                  cores; the gsat runs are alone); JOBS=1 for none beside
#   SOLVERS=LIST   (default gsat,gsat-cpu,gsat-gpu,cadical,minisat)
#   EXTRA='NAME:alone=gsat OPTION...'  one more configuration (as cdcl_gpu.sh)
#   BATCH_OPTS=..  gsat options of the batch runs (default --backend=gpu for
#                  the overhead and uuf250 rows; the corpus row uses none)
#   BENCH_BIN, CORPUS, OUT (default bench/out/wall), GSAT: as cdcl_gpu.sh
# php 12 (issue 18: at most 70 s wall): stage it (stage.sh --php12), then
#   LIMIT=75 ONLY=hole12 SOLVERS=gsat,gsat-gpu BUDGET=400 bash bench/device/wall.sh
# The whole corpus at 60 s: LIMIT=60 PER_FAMILY=0 BUDGET=560, in parts by ONLY
# (the unsolved instances cost 60 s per configuration), merged with
#   python3 bench/solver_summary.py --wall --refs=cadical,minisat A/runs.csv B/runs.csv
# $OUT: runs.csv, batch.csv (name, files, wall_s, per_file_ms, answers),
# summary.txt (solved, PAR-2; median and total wall, uf20/uf50 max, uuf250
# median, hole11, the unsolved not unsolved by CaDiCaL; the batch rows),
# env.txt, bench.log, time.png where gnuplot is.
# Batch rows: overhead-NAME = (wall of 101 copies of uf20-01 - wall of 1) /
# 100 per file; uuf250-NAME = wall / files over the uuf250 instances;
# corpus-defaults = every instance of the run in one process, against the sum
# of the separate `gsat` processes.  Each file's block ("c file", s line,
# model, "c exit N") is checked: the answer against the manifest, the exit
# code against the answer, a SAT model against the file (check-answers's
# verify_model).  A gsat without --batch gives one row saying so.
set -u
OUT=${OUT:-bench/out/wall}
. "$(dirname "$0")/common.sh" # cd to the repository root; solver_setup, left
T0=$SECONDS
solver_setup
LIMIT=${LIMIT:-10}
bench/solver_bench.sh -o "$OUT" -t "$LIMIT" -j "${JOBS:-4}" --clock=wall --wall \
  --per-family="${PER_FAMILY:-3,uf20=0,uf50=0,uuf250=0,php=0}" ${ONLY:+-f "$ONLY"} \
  --solvers="${SOLVERS:-gsat,gsat-cpu,gsat-gpu,cadical,minisat}" --proofs=none \
  --refs=cadical,minisat --budget="$(left 100)" ${EXTRA:+--solver="$EXTRA"} "$CORPUS" >"$OUT/bench.log" 2>&1
rc=$?

# ---- batch mode ---------------------------------------------------------------
base=$CORPUS
expected() { # manifest path -> SAT/UNSAT/-
  awk -F'\t' -v p="$1" '$1 == p { print $5; found = 1; exit } END { if (!found) print "-" }' "$base/manifest.tsv"
}
# batch NAME OPTS FILE...: one `gsat --batch` process; prints "wall s_lines"
batch() {
  local name=$1 opts=$2 TIMEFORMAT='%3R' t
  shift 2
  local lim=$(($(left 15)))
  [ "$lim" -ge 5 ] || { echo "skipped 0"; return; }
  # shellcheck disable=SC2086
  { time timeout -k 2 "$lim" "$GSAT" --batch $opts --time-limit="$LIMIT" "$@" \
    >"$OUT/batch-$name.out" 2>"$OUT/batch-$name.err" </dev/null; } 2>"$OUT/batch-$name.time"
  echo "$?" >"$OUT/batch-$name.rc"
  t=$(tail -1 "$OUT/batch-$name.time")
  echo "$t $(grep -cE '^s ' "$OUT/batch-$name.out")"
}
# The model check of check-answers (as bench/solver_bench.sh uses it).
for ca in "${CHECK_ANSWERS:-}" "$CORPUS/check-answers" ../shared/tools/check-answers; do
  [ -n "$ca" ] && [ -f "$ca" ] && { eval "$(sed -n '/^verify_model() {/,/^}/p' "$ca")"; break; }
done
answers() { # NAME PATH...: each file's block ("c file", its s line and model,
  # "c exit N") against the manifest; SAT models checked against the file
  local name=$1 k=0 sat=0 uns=0 unk=0 err=0 wrong=0 bad=0 e rc a x
  shift
  local o=$OUT/batch-$name.out blk=$OUT/batch-$name.blk
  rc=$(cat "$OUT/batch-$name.rc")
  local nb
  nb=$(grep -c '^c file ' "$o")
  if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
    echo "cut at the budget after $nb of $# files"
    return
  fi
  if [ "$nb" != $# ]; then
    echo "$nb file blocks for $# files (exit $rc): not checked$(
      head -1 "$OUT/batch-$name.err" | cut -c1-160 | sed 's/^./: &/')"
    return
  fi
  mkdir -p "$blk"
  awk -v d="$blk" '/^c file / { n++ } n { print > (d "/" n) }' "$o"
  for p in "$@"; do
    k=$((k + 1))
    e=$(expected "$p")
    a=$(grep -m1 -E '^s ' "$blk/$k" | cut -c3-)
    x=$(grep -E '^c exit [0-9]+$' "$blk/$k" | tail -1 | cut -d' ' -f3)
    case $a in
      SATISFIABLE) sat=$((sat + 1)); [ "$e" = UNSAT ] && wrong=$((wrong + 1))
        if declare -F verify_model >/dev/null && ! verify_model "$base/$p" "$blk/$k" >/dev/null; then
          bad=$((bad + 1))
        fi ;;
      UNSATISFIABLE) uns=$((uns + 1)); [ "$e" = SAT ] && wrong=$((wrong + 1)) ;;
      UNKNOWN) unk=$((unk + 1)) ;;
      *) err=$((err + 1)) ;;
    esac
    case $a:$x in SATISFIABLE:10 | UNSATISFIABLE:20 | UNKNOWN:0 | :[1-9]*) ;; *) wrong=$((wrong + 1)) ;; esac
  done
  rm -rf "$blk"
  echo "$sat SAT $uns UNSAT $unk unknown $err errors; $wrong wrong answers or exit codes; $bad bad models$(
    declare -F verify_model >/dev/null || echo ' (models not checked: no check-answers)')"
}
echo "name,files,wall_s,per_file_ms,answers" >"$OUT/batch.csv"
"$GSAT" --batch --help >"$OUT/batch-probe.out" 2>&1
if grep -qiE "unknown option '?-?-?batch" "$OUT/batch-probe.out"; then
  echo "batch,0,,,not supported by this gsat: $(head -1 "$OUT/batch-probe.out" | tr ',' ';')" >>"$OUT/batch.csv"
else
  one=cnf/uf20/uf20-01.cnf
  for b in "gpu:${BATCH_OPTS:---backend=gpu}" "defaults:"; do
    n=${b%%:*} o=${b#*:}
    read -r t1 _ <<<"$(batch "$n-1" "$o" "$base/$one")"
    files=()
    for _ in $(seq 101); do files+=("$base/$one"); done
    read -r t101 ns <<<"$(batch "$n-101" "$o" "${files[@]}")"
    if [ "$t1" != skipped ] && [ "$t101" != skipped ]; then
      ms=$(awk -v a="$t1" -v b="$t101" 'BEGIN { printf "%.3f", (b - a) * 1000 / 100 }')
      echo "overhead-$n,101,$t101,$ms,$(answers "$n-101" $(for _ in $(seq 101); do echo $one; done) | tr ',' ';') (1 file: $t1 s)" >>"$OUT/batch.csv"
    fi
  done
  mapfile -t uuf < <(awk -F, 'NR > 1 && $1 ~ /^cnf\/uuf250\// { print $1 }' "$OUT/runs.csv" | sort -uV)
  if [ ${#uuf[@]} -gt 0 ]; then
    read -r t ns <<<"$(batch uuf250-gpu "${BATCH_OPTS:---backend=gpu}" "${uuf[@]/#/$base/}")"
    [ "$t" != skipped ] && echo "uuf250-gpu,${#uuf[@]},$t,$(awk -v a="$t" -v n=${#uuf[@]} 'BEGIN { printf "%.1f", a * 1000 / n }'),$(
      answers uuf250-gpu "${uuf[@]}" | tr ',' ';')" >>"$OUT/batch.csv"
  fi
  mapfile -t all < <(awk -F, 'NR > 1 && $7 != "skipped" { print $1 }' "$OUT/runs.csv" | sort -uV)
  if [ ${#all[@]} -gt 0 ]; then
    read -r t ns <<<"$(batch corpus-defaults "" "${all[@]/#/$base/}")"
    sep=$(awk -F, 'NR > 1 && $4 == "gsat" && $7 != "skipped" { s += $10 } END { printf "%.1f", s }' "$OUT/runs.csv")
    [ "$t" != skipped ] && echo "corpus-defaults,${#all[@]},$t,$(awk -v a="$t" -v n=${#all[@]} 'BEGIN { printf "%.1f", a * 1000 / n }'),$(
      answers corpus-defaults "${all[@]}" | tr ',' ';'); separate gsat processes $sep s" >>"$OUT/batch.csv"
  fi
fi
rm -f "$OUT"/batch-*.out "$OUT"/batch-*.time "$OUT"/batch-*.rc "$OUT/batch-probe.out"
for f in "$OUT"/batch-*.err; do
  if [ -s "$f" ]; then head -c 4000 "$f" >"$f.tmp" && mv "$f.tmp" "$f"; else rm -f "$f"; fi
done
if command -v python3 >/dev/null; then
  python3 bench/solver_summary.py --wall --refs=cadical,minisat --png="$OUT/time.png" --batch="$OUT/batch.csv" \
    "$OUT/runs.csv" >"$OUT/summary.txt"
fi
echo "================ wall: solver_bench rc=$rc, $((SECONDS - T0)) s in all ($OUT) ================"
grep -E '^(gpu|gsat|config|phases|limit):' "$OUT/env.txt"
cat "$OUT/summary.txt" 2>/dev/null || tail -20 "$OUT/bench.log"
ls -l "$OUT"
