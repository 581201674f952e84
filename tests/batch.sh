#!/bin/bash
# gsat --batch (CTest test `batch`): many files, one process.
#   tests/batch.sh GSAT
# 1. Blocks against single runs: every file of a mixed set (SAT, UNSAT, an
#    empty clause, no clauses, 1000 declared variables, different variable
#    counts, gzip, a parse error, a missing file, corrupt gzip, zstd (not
#    supported); directories: tests/edges.sh;
#    corpus files when ../shared is present) gives a block `c file PATH` ...
#    `c exit N` whose lines (the timing lines aside) are those of `gsat
#    FILE`, whose N is that run's exit code, whose error line is the message
#    the single run prints on stderr; every model is checked against its
#    file here; the summary counts them; the batch exits 9 (errors) or 0.
# 2. --batch=LIST (CRLF and empty lines, '-' for standard input) gives the
#    same blocks; usage errors (no files, files and a list, --proof, a
#    missing list) exit 1 or 3 before any file.  -q and -n.
# 3. The time limit applies per file: a hard file stops at the limit
#    (s UNKNOWN), the easy files after it are answered; a limit that cuts a
#    model's v lines gives that block exit 8 and the batch goes on.
# 4. SIGINT and SIGTERM mid-batch: the current file gets s UNKNOWN, the rest
#    are not started, the summary follows, exit 130 or 143.
# 5. 240 files through one process (the reuse path; under ASan in
#    tests/run_all.sh): every block's exit code is its file's.
set -u
gsat=$1
source "$(dirname "$0")/check_lib.sh"
bg_pid=""
trap '[ -n "$bg_pid" ] && kill "$bg_pid" 2>/dev/null; rm -rf "$tmp"' EXIT
d=$tmp/f
mkdir -p "$d"

# php N: the pigeonhole formula, N+1 pigeons in N holes (UNSAT).
php() {
  awk -v n="$1" 'BEGIN {
    m = n + 1; printf "p cnf %d %d\n", m * n, m + n * m * (m - 1) / 2
    for (i = 0; i < m; i++) { for (j = 0; j < n; j++) printf "%d ", i * n + j + 1; print 0 }
    for (j = 0; j < n; j++) for (i = 0; i < m; i++) for (k = i + 1; k < m; k++)
      printf "-%d -%d 0\n", i * n + j + 1, k * n + j + 1
  }'
}
# planted V C SEED: a random 3-CNF satisfied by all-true (SAT).
planted() {
  awk -v v="$1" -v c="$2" -v seed="$3" 'BEGIN {
    srand(seed); printf "p cnf %d %d\n", v, c
    for (i = 0; i < c; i++) {
      a = int(rand() * v) + 1; b = int(rand() * v) + 1; e = int(rand() * v) + 1
      printf "%d %s%d %s%d 0\n", a, rand() < 0.5 ? "-" : "", b, rand() < 0.5 ? "-" : "", e
    }
  }'
}
printf 'p cnf 2 2\n1 2 0\n-1 0\n' >"$d/sat.cnf"
printf 'p cnf 1 2\n1 0\n-1 0\n' >"$d/unsat.cnf"
php 4 >"$d/php4.cnf"
planted 50 200 7 >"$d/planted50.cnf"
planted 9 30 3 >"$d/planted9.cnf"
printf 'p cnf 5 2\n1 2 0\n0\n' >"$d/empty-clause.cnf"
printf 'p cnf 0 0\n' >"$d/no-clauses.cnf"
printf 'p cnf 1000 1\n1000 0\n' >"$d/wide.cnf"
printf 'p cnf 3 1\n1 x 0\n' >"$d/bad.cnf"
printf '\037\213\010\000garbage, not deflate data\n' >"$d/corrupt.cnf.gz"
printf '\050\265\057\375 zstd frame\n' >"$d/input.cnf.zst"
files="sat.cnf unsat.cnf php4.cnf planted50.cnf bad.cnf empty-clause.cnf missing.cnf
  no-clauses.cnf wide.cnf corrupt.cnf.gz input.cnf.zst planted9.cnf sat.cnf"
if command -v gzip >/dev/null; then
  gzip -c "$d/planted9.cnf" >"$d/planted9.cnf.gz"
  files="$files planted9.cnf.gz"
fi
corpus=$(dirname "$0")/../../shared/bench/cnf
for f in uf20/uf20-01.cnf uuf50/uuf50-01.cnf uf50/uf50-01.cnf; do
  [ -f "$corpus/$f" ] && cp "$corpus/$f" "$d/" && files="$files $(basename "$f")"
done
paths=()
for f in $files; do paths+=("$d/$f"); done

# The lines to compare: all but the timing lines (and the batch's error line).
comparable() { grep -v -E '^c (parsed in |search |error: )'; }

# model_ok CNF OUT: OUT's v lines end with "v 0" and satisfy every clause of
# CNF (plain or gzip; a '%' line ends the clauses, as in SATLIB's files).
model_ok() {
  { case $1 in *.gz) gzip -dc "$1" ;; *) cat "$1" ;; esac; echo "=== model"; cat "$2"; } | awk '
    BEGIN { nc = 0 }
    /^=== model$/ { model = 1; next }
    /^%/ { ended = 1 } # the SATLIB end marker
    !model && !ended && /^[-0-9]/ { for (k = 1; k <= NF; k++) if ($k != 0) cl[nc] = cl[nc] " " $k; else nc++ }
    model && /^v/ { for (k = 2; k <= NF; k++) { if ($k == 0) end = 1; else val[$k] = 1 } }
    END {
      if (!end) { print "no v 0"; exit 1 }
      for (c = 0; c < nc; c++) {
        n = split(cl[c], l, " "); ok = 0
        for (k = 1; k <= n; k++) if (val[l[k]]) ok = 1
        if (!ok) { print "clause " c + 1 " falsified"; exit 1 }
      }
    }'
}

# block OUT I: the lines of the I-th block (1-based) of batch output OUT,
# from `c file` to `c exit`.
block() {
  awk -v want="$2" '/^c file / { n++ } n == want { print } n == want && /^c exit / { exit }' "$1"
}

# 1. Blocks against single runs.
declare -a want_rc
sat=0 unsat=0 unknown=0 errors=0
for i in "${!paths[@]}"; do
  "$gsat" --threads=1 "${paths[$i]}" >"$tmp/single.$i" 2>"$tmp/single-err.$i" </dev/null
  want_rc[$i]=$?
  case ${want_rc[$i]} in 10) sat=$((sat + 1)) ;; 20) unsat=$((unsat + 1)) ;;
    0) unknown=$((unknown + 1)) ;; *) errors=$((errors + 1)) ;; esac
done
"$gsat" --batch --threads=1 "${paths[@]}" >"$tmp/batch" 2>"$tmp/batch-err" </dev/null
rc=$?
n=${#paths[@]}
[ "$(grep -c '^c file ' "$tmp/batch")" = "$n" ] && [ "$(grep -c '^c exit ' "$tmp/batch")" = "$n" ] &&
  pass "$n files: $n blocks" || fail "$n files: $(grep -c '^c file ' "$tmp/batch") blocks"
for i in "${!paths[@]}"; do
  p=${paths[$i]}
  name=$(basename "$p")
  block "$tmp/batch" $((i + 1)) >"$tmp/block"
  head -n 1 "$tmp/block" >"$tmp/first"
  tail -n 1 "$tmp/block" >"$tmp/last"
  sed '1d;$d' "$tmp/block" >"$tmp/body"
  what="block $((i + 1)) ($name)"
  if [ "$(cat "$tmp/first")" != "c file $p" ] || [ "$(cat "$tmp/last")" != "c exit ${want_rc[$i]}" ]; then
    fail "$what: '$(cat "$tmp/first")' ... '$(cat "$tmp/last")', want exit ${want_rc[$i]}"
    continue
  fi
  if ! diff <(comparable <"$tmp/body") <(comparable <"$tmp/single.$i") >"$tmp/diff"; then
    fail "$what: differs from the single run: $(head -c 600 "$tmp/diff")"
    continue
  fi
  case ${want_rc[$i]} in
    10)
      why=$(model_ok "$p" "$tmp/body") && pass "$what: exit 10, the single run's lines, model satisfies the file" ||
        fail "$what: model: $why" ;;
    20 | 0) pass "$what: exit ${want_rc[$i]}, the single run's lines" ;;
    *)
      msg=$(sed -n 's/^gsat: error: //p' "$tmp/single-err.$i")
      if [ -n "$msg" ] && grep -qxF "c error: $msg" "$tmp/body" && ! grep -q '^s ' "$tmp/body"; then
        pass "$what: exit ${want_rc[$i]}, 'c error: $msg'"
      else
        fail "$what: exit ${want_rc[$i]}, want 'c error: $msg' in $(cat "$tmp/body")"
      fi ;;
  esac
done
sum="c batch: $n files, $sat SAT, $unsat UNSAT, $unknown UNKNOWN, $errors errors, "
last=$(tail -n 1 "$tmp/batch")
[[ $last == "$sum"*" s" ]] && [ $rc = 9 ] && [ "$errors" -ge 4 ] &&
  pass "summary '$last', exit 9 (errors)" || fail "summary '$last' (want '$sum... s'), rc $rc"
"$gsat" --batch --threads=1 "$d/sat.cnf" "$d/unsat.cnf" "$d/php4.cnf" >"$tmp/out" 2>&1 </dev/null
rc=$?
[ $rc = 0 ] && tail -n 1 "$tmp/out" | grep -q '^c batch: 3 files, 1 SAT, 2 UNSAT, 0 UNKNOWN, 0 errors, ' &&
  pass "no errors: exit 0" || fail "no errors: rc $rc, $(tail -n 1 "$tmp/out")"

# 2. Lists, usage errors, -q, -n.
printf '%s\r\n\n%s\n%s' "$d/sat.cnf" "$d/bad.cnf" "$d/php4.cnf" >"$tmp/list"
"$gsat" --batch --threads=1 "$d/sat.cnf" "$d/bad.cnf" "$d/php4.cnf" 2>/dev/null </dev/null | comparable >"$tmp/args"
"$gsat" --batch="$tmp/list" --threads=1 2>/dev/null </dev/null | comparable >"$tmp/fromlist"
rc=$?
"$gsat" --batch=- --threads=1 <"$tmp/list" 2>/dev/null | comparable >"$tmp/fromstdin"
if diff <(grep -v '^c batch' "$tmp/args") <(grep -v '^c batch' "$tmp/fromlist") >/dev/null &&
   diff <(grep -v '^c batch' "$tmp/args") <(grep -v '^c batch' "$tmp/fromstdin") >/dev/null &&
   [ "$(grep -c '^c file' "$tmp/fromlist")" = 3 ]; then
  pass "--batch=LIST (CRLF, an empty line, no final newline) and --batch=-: the blocks of the file arguments"
else
  fail "--batch=LIST: $(diff "$tmp/args" "$tmp/fromlist" | head -c 400)"
fi
printf '%s\n-\n' "$d/sat.cnf" | "$gsat" --batch=- -q >"$tmp/out" 2>"$tmp/err"
rc=$?
grep -qx "c error: '-' (standard input) holds the batch list itself" "$tmp/out" && [ $rc = 9 ] &&
  [ "$(cat "$tmp/err")" = "gsat: error: '-' (standard input) holds the batch list itself" ] &&
  pass "'-' in a list read from standard input: an error block, the message on stderr too" ||
  fail "'-' in a stdin list: rc $rc $(cat "$tmp/out"), stderr '$(cat "$tmp/err")'"
# the summary says "1 file" and "1 error" in the singular
"$gsat" --batch -q "$d/bad.cnf" >"$tmp/out" 2>/dev/null </dev/null
tail -n 1 "$tmp/out" | grep -q '^c batch: 1 file, 0 SAT, 0 UNSAT, 0 UNKNOWN, 1 error, ' &&
  pass "one file: '$(tail -n 1 "$tmp/out")'" || fail "one file: '$(tail -n 1 "$tmp/out")'"
printf 'p cnf 1 1\n-1 0\n' | "$gsat" --batch -q "$d/unsat.cnf" - >"$tmp/out" 2>&1
[ "$(grep -v '^c batch:' "$tmp/out")" = "$(printf 'c file %s\ns UNSATISFIABLE\nc exit 20\nc file -\ns SATISFIABLE\nv -1\nv 0\nc exit 10' "$d/unsat.cnf")" ] &&
  pass "-q: only the delimiters, s and v lines, and the summary; '-' reads standard input" ||
  fail "-q: $(cat "$tmp/out")"
"$gsat" --batch -n "$d/sat.cnf" "$d/wide.cnf" >"$tmp/out" 2>&1 </dev/null
[ $? = 0 ] && ! grep -q '^v' "$tmp/out" && [ "$(grep -c '^s SATISFIABLE' "$tmp/out")" = 2 ] &&
  pass "-n: no v lines" || fail "-n: $(grep '^[sv]' "$tmp/out" | head -5)"
usage() {
  "$gsat" "$@" </dev/null >"$tmp/out" 2>"$tmp/err"
  rc=$?
}
for spec in \
  "--batch|--batch needs files (or --batch=LIST)" \
  "--batch=$tmp/list $d/sat.cnf|--batch=LIST takes its files from LIST: no file arguments" \
  "--batch --proof=$tmp/p.drat $d/sat.cnf $d/unsat.cnf|--proof names one proof file: it cannot be used with --batch (solve a file alone to get its proof)" \
  "--batch=|--batch= needs a list file ('-' for standard input)"; do
  # shellcheck disable=SC2086
  usage ${spec%%|*}
  want="gsat: error: ${spec#*|} (try --help)"
  [ $rc = 1 ] && [ "$(cat "$tmp/err")" = "$want" ] && [ ! -s "$tmp/out" ] && [ ! -e "$tmp/p.drat" ] &&
    pass "[${spec%%|*}]: exit 1, ${spec#*|}" || fail "[${spec%%|*}]: rc $rc, '$(cat "$tmp/err")'"
done
usage --batch="$tmp/no-such-list"
[ $rc = 3 ] && grep -q "cannot open the batch list '$tmp/no-such-list'" "$tmp/err" && [ ! -s "$tmp/out" ] &&
  pass "a missing list: exit 3, $(cat "$tmp/err")" || fail "a missing list: rc $rc $(cat "$tmp/err")"
"$gsat" --help | grep -q -- '--batch=LIST' && pass "--help describes --batch" || fail "--help: no --batch"

# 3. The time limit per file: php 10 takes far longer than 0.5 s.
php 10 >"$d/php10.cnf"
"$gsat" --batch --threads=1 -t 0.5 "$d/sat.cnf" "$d/php10.cnf" "$d/sat.cnf" "$d/php10.cnf" \
  "$d/unsat.cnf" >"$tmp/out" 2>&1 </dev/null
rc=$?
codes=$(sed -n 's/^c exit //p' "$tmp/out" | tr '\n' ' ')
if [ $rc = 0 ] && [ "$codes" = "10 0 10 0 20 " ] &&
   [ "$(grep -c '^c stopped: time limit of 0.5 s reached' "$tmp/out")" = 2 ] &&
   [ "$(block "$tmp/out" 4 | grep -c '^s UNKNOWN')" = 1 ] &&
   tail -n 1 "$tmp/out" | grep -q '^c batch: 5 files, 2 SAT, 1 UNSAT, 2 UNKNOWN, 0 errors, '; then
  pass "-t 0.5 per file: exits $codes(the files after a stopped one answered)"
else
  fail "-t 0.5 per file: rc $rc, exits $codes, $(grep -E '^(c stopped|c batch|s )' "$tmp/out" | tr '\n' '|')"
fi

# The time limit cuts a file's model output (2^31 - 1 declared variables,
# about 23 GB of v lines): that block ends with exit 8 and its c line, the
# next files are answered.
printf 'p cnf 2147483647 2\n2147483647 -1 0\n1 0\n' >"$d/huge.cnf"
"$gsat" --batch --backend=cpu -t 0.5 "$d/huge.cnf" "$d/sat.cnf" "$d/unsat.cnf" </dev/null 2>&1 |
  grep -v '^v ' >"$tmp/out"
rc=${PIPESTATUS[0]}
codes=$(sed -n 's/^c exit //p' "$tmp/out" | tr '\n' ' ')
if [ "$rc" = 9 ] && [ "$codes" = "8 10 20 " ] &&
   block "$tmp/out" 1 | grep -qx 'c model output interrupted by the time limit of 0.5 s: the v lines are incomplete' &&
   tail -n 1 "$tmp/out" | grep -q '^c batch: 3 files, 1 SAT, 1 UNSAT, 0 UNKNOWN, 1 error, '; then
  pass "-t 0.5 cuts a model: exit 8 in its block, the next files answered, batch exit 9"
else
  fail "-t 0.5 cutting a model: rc $rc, exits $codes, $(grep -E '^(c model|c batch)' "$tmp/out" | tr '\n' '|')"
fi

# 4. A signal mid-batch, while php 10 is searched (after its `c parsed` line).
signal_mid_batch() {
  local sig=$1 num=$2
  rm -f "$tmp/out"
  "$gsat" --batch --threads=1 "$d/sat.cnf" "$d/php10.cnf" "$d/sat.cnf" "$d/unsat.cnf" \
    >"$tmp/out" 2>"$tmp/err" </dev/null &
  bg_pid=$!
  local n=0
  while ! block "$tmp/out" 2 2>/dev/null | grep -q '^c parsed' && [ $n -lt 1000 ]; do
    sleep 0.01
    n=$((n + 1))
  done
  sleep 0.2
  kill -"$sig" $bg_pid
  n=0
  while kill -0 $bg_pid 2>/dev/null && [ $n -lt 1000 ]; do
    sleep 0.01
    n=$((n + 1))
  done
  if kill -0 $bg_pid 2>/dev/null; then
    fail "SIG$sig mid-batch: still running 10 s later"
    kill -KILL $bg_pid
  fi
  wait $bg_pid
  rc=$?
  bg_pid=""
  local codes
  codes=$(sed -n 's/^c exit //p' "$tmp/out" | tr '\n' ' ')
  if [ $rc = $((128 + num)) ] && [ "$codes" = "10 0 " ] &&
     block "$tmp/out" 2 | grep -qx 's UNKNOWN' &&
     block "$tmp/out" 2 | grep -qx "c stopped by signal $num (SIG$sig)" &&
     grep -qx "c batch stopped by signal $num (SIG$sig): 2 of 4 files started" "$tmp/out" &&
     tail -n 1 "$tmp/out" | grep -q '^c batch: 2 files, 1 SAT, 0 UNSAT, 1 UNKNOWN, 0 errors, ' &&
     [ ! -s "$tmp/err" ]; then
    pass "SIG$sig mid-batch: s UNKNOWN for the file, the rest not started, summary, exit $rc"
  else
    fail "SIG$sig mid-batch: rc $rc, exits $codes, $(grep -E '^(c stopped|c batch|s )' "$tmp/out" | tr '\n' '|') $(cat "$tmp/err")"
  fi
}
signal_mid_batch INT 2
signal_mid_batch TERM 15

# 5. 240 files through one process.
small=(sat.cnf unsat.cnf php4.cnf planted50.cnf empty-clause.cnf wide.cnf no-clauses.cnf bad.cnf planted9.cnf)
declare -A code_of
for f in "${small[@]}"; do
  "$gsat" --threads=1 -q "$d/$f" >/dev/null 2>&1 </dev/null
  code_of[$f]=$?
done
: >"$tmp/many"
: >"$tmp/want"
for i in $(seq 0 239); do
  f=${small[$((i * 7 % ${#small[@]}))]}
  echo "$d/$f" >>"$tmp/many"
  echo "${code_of[$f]}" >>"$tmp/want"
done
"$gsat" --batch="$tmp/many" --threads=1 -q >"$tmp/out" 2>/dev/null </dev/null
rc=$?
sed -n 's/^c exit //p' "$tmp/out" >"$tmp/got"
bad_models=$(awk '/^c file / { f = $3 } /^s SATISFIABLE/ { s = 1 } /^c exit / { if (s && !v0) print f; s = v0 = 0 } /^v 0$/ { v0 = 1 }' "$tmp/out" | head -3)
if [ $rc = 9 ] && cmp -s "$tmp/want" "$tmp/got" && [ -z "$bad_models" ] &&
   tail -n 1 "$tmp/out" | grep -q '^c batch: 240 files, '; then
  pass "240 files in one process: every exit code is the file's alone, $(tail -n 1 "$tmp/out")"
else
  fail "240 files: rc $rc, $(diff "$tmp/want" "$tmp/got" | head -5) ${bad_models:+unfinished models: $bad_models}"
fi

finish
