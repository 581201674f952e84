# Helpers of the walker device scripts (walk_layouts.sh, walk_lanes.sh;
# sourced after common.sh; bash).
#   walk_setup NAME  sets CORES, GSAT and GEN (gsat and gsat-gen of the build
#            folder WALK_BUILD, else of the build step, bench/device/build.sh)
#            and CNF (${TMPDIR:-/tmp}/NAME_cnf, created: not in $OUT, few
#            files come back from the GPU machine); without the programs it
#            prints the summary and exits 1.
#   walk_gsat NAME TAG INSTANCE ARGS...  runs gsat --search=walk ARGS on
#            INSTANCE with --time-limit=$LIMIT, its log $OUT/NAME_last.log;
#            sets WALL (seconds of the process), STATUS (SAT, UNKNOWN, or
#            ERRrc for a gsat error such as a model failing its check, its log
#            kept as $OUT/NAME_err_INSTANCE_TAG.log), SEARCH and RATE (search
#            seconds and flips/s of gsat's summary line, empty without it).
#   walk_count NAME TSV  adds to the summary the runs in TSV (a header line,
#            then one row a run) and how many ended in a gsat error.
walk_setup() {
  CORES=$(nproc)
  if [ -n "${WALK_BUILD:-}" ]; then B=$WALK_BUILD; else step build 200 bash bench/device/build.sh gsat gsat-gen; fi
  GSAT=$B/gsat
  GEN=$B/gsat-gen
  [ -x "$GSAT" ] && [ -x "$GEN" ] || { summary; echo "$1.sh: no build ($OUT/build.log)"; exit 1; }
  CNF=${TMPDIR:-/tmp}/$1_cnf
  mkdir -p "$CNF"
}
walk_gsat() {
  local name=$1 tag=$2 inst=$3 t0 t1 rc
  shift 3
  WALK_LOG=$OUT/${name}_last.log
  t0=$(date +%s.%N)
  timeout -k 2 $((LIMIT + 5)) "$GSAT" --search=walk --time-limit="$LIMIT" --no-model "$@" "$inst" \
    >"$WALK_LOG" 2>&1
  rc=$?
  t1=$(date +%s.%N)
  WALL=$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')
  case $rc in
  10) STATUS=SAT ;;
  0 | 124) STATUS=UNKNOWN ;;
  *)
    STATUS=ERR$rc
    cp "$WALK_LOG" "$OUT/${name}_err_$(basename "$inst" .cnf)_$tag.log"
    ;;
  esac
  # c search 1.505 s, 16871424 flips, 1.12e+07 flips/s, ...
  SEARCH=$(sed -n 's/^c search \([0-9.]*\) s, .* flips, .*/\1/p' "$WALK_LOG" | head -1)
  RATE=$(sed -n 's/^c search .* flips, \([0-9.e+]*\) flips\/s.*/\1/p' "$WALK_LOG" | head -1)
}
walk_count() {
  SUMMARY+=("$(printf '%-16s %s runs in %s, %s gsat errors (%s_err_*.log)' runs \
    "$(($(wc -l <"$2") - 1))" "$2" "$(grep -c $'\tERR' "$2")" "$1")")
}
