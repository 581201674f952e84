#!/bin/bash
# Resource limits and bad input through the gsat CLI (CTest test `limits`).
#   tests/limits.sh GSAT GSAT_GEN SOURCE_DIR
# Checks: a header declaring 2^31 - 1 variables with few clauses is solved under
# a 256 MiB address-space limit (nothing is allocated per declared variable;
# the v lines stream); a large random instance under `ulimit -v` limits that
# break parsing, the database build or the occurrence streams ends with exit 4,
# a message and no s line; every file of tests/dimacs/bad gives exit 2 with
# file:line:column on stderr and no s line; damaged gzip data and missing files
# give exit 3, and xz, lzma and bzip2 files (made by the tools when they are
# installed) give the plain file's answer, and exit 3 when cut short; two
# clauses of 70,000 literals are solved by CDCL within 512 MiB (no streams).
set -u
gsat=$1 gen=$2 src=$3
source "$(dirname "$0")/check_lib.sh"

# AddressSanitizer reserves terabytes of shadow address space: under it (a
# GSAT_SANITIZE build) `ulimit -v` cannot work, and the out-of-memory checks are
# skipped; everything else runs without the limit.
can_limit=1
if ! (ulimit -v 262144 && exec "$gsat" --version) >/dev/null 2>&1; then
  can_limit=0
  echo "skip: gsat cannot run under ulimit -v (a sanitizer build?): no address-space limits"
fi
limit_to() { [ $can_limit = 1 ] && ulimit -v "$1"; }

# Runs gsat under an address-space limit (KiB): out, err, rc.
run_limited() {
  local limit=$1
  shift
  (limit_to "$limit"; exec "$gsat" "$@") >"$tmp/out" 2>"$tmp/err"
  rc=$?
}

no_s_line() { ! grep -q '^s ' "$tmp/out"; }

# 1. Huge declared variable counts.
printf 'p cnf 2147483647 2\n1 -2147483647 0\n2147483647 0\n' >"$tmp/huge.cnf"
run_limited 262144 -q --partial "$tmp/huge.cnf"
if [ $rc = 10 ] && [ "$(cat "$tmp/out")" = "$(printf 's SATISFIABLE\nv 1 2147483647\nv 0')" ]; then
  pass "2^31-1 declared, --partial, 256 MiB"
else
  fail "2^31-1 declared, --partial: rc $rc: $(head -c 300 "$tmp/out" "$tmp/err")"
fi
# Every declared variable is printed (streamed): look at the first 64 KiB only.
(limit_to 262144; exec "$gsat" -q "$tmp/huge.cnf") 2>"$tmp/err" |
  head -c 65536 >"$tmp/out"
if head -n 2 "$tmp/out" | grep -q '^v 1 -2 -3 -4 ' && [ ! -s "$tmp/err" ]; then
  pass "2^31-1 declared, full model streams"
else
  fail "2^31-1 declared, full model: $(head -c 300 "$tmp/out" "$tmp/err")"
fi
printf 'p cnf 2147483647 2\n7 0\n-7 0\n' >"$tmp/huge-unsat.cnf"
run_limited 262144 -q "$tmp/huge-unsat.cnf"
[ $rc = 20 ] && pass "2^31-1 declared, UNSAT" ||
  fail "2^31-1 declared, UNSAT: rc $rc $(cat "$tmp/err")"
# 10^7 declared: all values, in lines of at most 4096 characters, then v 0
# (DPLL, whose deterministic model the check below spells out).
printf 'p cnf 10000000 2\n1 -10000000 0\n5 0\n' >"$tmp/ten.cnf"
(limit_to 262144; exec "$gsat" -q --search=dpll "$tmp/ten.cnf") >"$tmp/out" 2>"$tmp/err"
rc=$?
summary=$(awk '/^v/ { if (length($0) > 4096) long++; for (i = 2; i <= NF; i++) { if ($i == 0) zero++; else n++ } }
               END { print n + 0, zero + 0, long + 0 }' "$tmp/out")
if [ $rc = 10 ] && [ "$summary" = "10000000 1 0" ] && [ "$(tail -n 1 "$tmp/out")" = "v 0" ] &&
   grep -q ' -10000000$' "$tmp/out" && grep -q '^v 1 -2 -3 -4 5 ' "$tmp/out"; then
  pass "10^7 declared, every value printed"
else
  fail "10^7 declared: rc $rc, values/zeros/long lines $summary"
fi

# 2. Out of memory at different phases: exit 4, a message, no s line.
# A run that would not run out of memory is bounded by CPU time (ulimit -t:
# killed by SIGXCPU, so not exit 4, a failure), not by --time-limit: wall time
# grows with the machine's load (parse 17 s + build 43 s at 11% CPU seen), the
# CPU time of parsing and the build does not.
limits="150000 700000 1500000"
[ $can_limit = 1 ] || limits=""
for limit in $limits; do
  "$gen" rand 3 5000000 21000000 1 |
    (ulimit -v $limit && ulimit -t 120 && exec "$gsat" --backend=cpu -) >"$tmp/out" 2>"$tmp/err"
  rc=$?
  if [ $rc = 4 ] && grep -q '^gsat: error: .*out of memory' "$tmp/err" && no_s_line; then
    pass "ulimit -v $limit: $(head -c 120 "$tmp/err")"
  else
    fail "ulimit -v $limit: rc $rc: $(head -c 300 "$tmp/err") $(grep '^s ' "$tmp/out")"
  fi
done

# 3. Bad input: exit 2, file:line:column, no s line (--strict for the files
# that only strict mode rejects).
for f in "$src"/tests/dimacs/bad/*.cnf; do
  name=$(basename "$f")
  mode=""
  case $name in toomanyclauses.cnf | varabovedeclared.cnf) mode=--strict ;; esac
  run_limited 1048576 --backend=cpu $mode "$f"
  if [ $rc = 2 ] && grep -qE "^gsat: error: [^ ]*$name:[0-9]+:[0-9]+: " "$tmp/err" && no_s_line; then
    :
  else
    fail "bad/$name: rc $rc: $(head -c 200 "$tmp/err")"
  fi
done
pass "tests/dimacs/bad: exit 2 with file:line:column"

# 4. Damaged gzip, compressed files and missing files: exit 3, no s line.
"$gen" rand 3 200 850 3 | gzip >"$tmp/ok.cnf.gz"
head -c $(($(wc -c <"$tmp/ok.cnf.gz") - 5)) "$tmp/ok.cnf.gz" >"$tmp/cut.cnf.gz"
run_limited 1048576 "$tmp/cut.cnf.gz"
[ $rc = 3 ] && grep -q 'truncated gzip data' "$tmp/err" && no_s_line &&
  pass "truncated gzip" || fail "truncated gzip: rc $rc $(cat "$tmp/err")"
# xz, lzma and bzip2 (made by the tools, when installed): the same answer and
# model as the plain file, from a file and from standard input; cut short:
# exit 3 naming the format, no s line.  A gsat built without the library
# must say so (exit 3) instead.
"$gen" rand 3 200 850 3 >"$tmp/ok.cnf"
run_limited 1048576 -q "$tmp/ok.cnf"
plain_rc=$rc
cp "$tmp/out" "$tmp/plain.out"
for tool in xz:xz lzma:lzma bzip2:bzip2; do
  prog=${tool%%:*} fmt=${tool#*:}
  if ! command -v "$prog" >/dev/null; then
    echo "skip: no $prog: $fmt input through the CLI not checked"
    continue
  fi
  "$prog" -c "$tmp/ok.cnf" >"$tmp/ok.$fmt"
  run_limited 1048576 -q "$tmp/ok.$fmt"
  if [ $rc = 3 ] && grep -q "$fmt-compressed input, but this gsat was built without" "$tmp/err"; then
    no_s_line && pass "$fmt not built in: exit 3 naming it" || fail "$fmt not built in: an s line"
    continue
  fi
  [ $rc = $plain_rc ] && cmp -s "$tmp/out" "$tmp/plain.out" &&
    pass "$fmt file: the plain file's answer and model" || fail "$fmt file: rc $rc $(cat "$tmp/err")"
  (limit_to 1048576; exec "$gsat" -q - <"$tmp/ok.$fmt") >"$tmp/out" 2>"$tmp/err"
  rc=$?
  [ $rc = $plain_rc ] && cmp -s "$tmp/out" "$tmp/plain.out" &&
    pass "$fmt on standard input: the same" || fail "$fmt stdin: rc $rc $(cat "$tmp/err")"
  head -c $(($(wc -c <"$tmp/ok.$fmt") - 3)) "$tmp/ok.$fmt" >"$tmp/cut.$fmt"
  run_limited 1048576 "$tmp/cut.$fmt"
  [ $rc = 3 ] && grep -q "truncated $fmt data" "$tmp/err" && no_s_line &&
    pass "truncated $fmt: exit 3" || fail "truncated $fmt: rc $rc $(cat "$tmp/err")"
done
run_limited 1048576 "$tmp/does-not-exist.cnf"
[ $rc = 3 ] && no_s_line && pass "missing file" || fail "missing file: rc $rc"
run_limited 1048576 "$tmp"
[ $rc = 3 ] && no_s_line && pass "directory" || fail "directory: rc $rc $(cat "$tmp/err")"

# 5. Usage: options checked on every backend (exit 1, no s line); "--" ends
# the options, so a file name may start with a dash.
"$gen" rand 3 20 80 1 >"$tmp/-dash.cnf"
run_limited 1048576 --gpu-threads=33 "$tmp/ok.cnf.gz"
[ $rc = 1 ] && grep -q 'gpu-threads takes a multiple of 32' "$tmp/err" && no_s_line &&
  pass "--gpu-threads=33 refused" || fail "--gpu-threads=33: rc $rc $(cat "$tmp/err")"
gsat_abs=$(cd "$(dirname "$gsat")" && pwd)/$(basename "$gsat")
(cd "$tmp" && { limit_to 1048576; exec "$gsat_abs" -q -- -dash.cnf; }) >"$tmp/out" 2>"$tmp/err"
rc=$?
{ [ $rc = 10 ] || [ $rc = 20 ]; } && grep -q '^s ' "$tmp/out" &&
  pass "-- then a file named -dash.cnf" || fail "--: rc $rc $(cat "$tmp/err")"

# 6. Very long clauses: CDCL with watched BCP builds no occurrence streams
# (a clause of n literals costs n^2 entries), so two clauses of 70,000
# literals are solved within 512 MiB, one thread or two, as --search=auto
# picks too; forcing every x_i false by binaries over y makes it UNSAT, and a
# streams request falls back to watched BCP.  DPLL needs the streams (exit 4).
awk 'BEGIN { n = 70000; print "p cnf", n, 2
  for (s = 1; s >= -1; s -= 2) { l = ""; for (v = 1; v <= n; v++) l = l (s * v) " "; print l "0" } }' \
  >"$tmp/long-sat.cnf"
{ sed 's/^p cnf 70000 2$/p cnf 70001 140002/' "$tmp/long-sat.cnf"
  awk 'BEGIN { n = 70000; for (v = 1; v <= n; v++) print -v, n + 1, 0; for (v = 1; v <= n; v++) print -v, -(n + 1), 0 }'
} >"$tmp/long-unsat.cnf"
for args in "--search=cdcl --threads=1" "--search=cdcl --threads=2" "--threads=1" \
            "--search=cdcl --threads=1 --cdcl-bcp=streams"; do
  # shellcheck disable=SC2086
  run_limited 524288 -q -n $args "$tmp/long-sat.cnf"
  [ $rc = 10 ] && grep -qx 's SATISFIABLE' "$tmp/out" &&
    pass "two 70,000-literal clauses, $args, 512 MiB: SAT" ||
    fail "two 70,000-literal clauses, $args: rc $rc $(head -c 300 "$tmp/err")"
  # shellcheck disable=SC2086
  run_limited 524288 -q $args "$tmp/long-unsat.cnf"
  [ $rc = 20 ] && grep -qx 's UNSATISFIABLE' "$tmp/out" &&
    pass "70,000-literal clauses forced false, $args, 512 MiB: UNSAT" ||
    fail "70,000-literal clauses forced false, $args: rc $rc $(head -c 300 "$tmp/err")"
done
run_limited 524288 -q --search=dpll "$tmp/long-sat.cnf"
[ $rc = 4 ] && grep -q 'occurrence streams need' "$tmp/err" && no_s_line &&
  pass "two 70,000-literal clauses, DPLL: exit 4 (streams)" ||
  fail "two 70,000-literal clauses, DPLL: rc $rc $(head -c 300 "$tmp/err")"

finish
