#!/bin/bash
# The CLI's walkers (--search=walk, CTest test `walk_cli`):
#   tests/walk.sh GSAT GSAT_GEN
# A satisfiable random 3-SAT formula: s SATISFIABLE (exit 10) with a checked
# model, the walk's summary and --stats rows; an UNSAT one (php 4): never
# UNSAT, s UNKNOWN (exit 0) at the time limit and at the flip limit
# (--node-limit), with progress lines of flips; --search=walk with a proof
# is a usage error (exit 1).
set -u
gsat=$1 gen=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
check() { # name, condition result (0 = pass)
  if [ "$2" -ne 0 ]; then echo "FAIL: $1"; fail=1; else echo "ok: $1"; fi
}

"$gen" rand 3 300 1000 4 > "$tmp/sat.cnf"
out=$("$gsat" --search=walk --threads=2 --stats "$tmp/sat.cnf"); rc=$?
check "SAT exit 10" $([ $rc -eq 10 ]; echo $?)
check "s SATISFIABLE" $(grep -q '^s SATISFIABLE$' <<<"$out"; echo $?)
check "model checked" $(grep -q '^c model checked against every input clause' <<<"$out"; echo $?)
check "walk summary" $(grep -q '^c search .* flips/s, .* best 0 unsatisfied' <<<"$out"; echo $?)
check "stats flips row" $(grep -q '^c flips  ' <<<"$out"; echo $?)

"$gen" php 4 > "$tmp/php4.cnf"
out=$("$gsat" --search=walk --threads=2 --time-limit=1.2 --progress=0.3 "$tmp/php4.cnf"); rc=$?
check "UNSAT formula: exit 0 at the time limit" $([ $rc -eq 0 ]; echo $?)
check "UNSAT formula: s UNKNOWN" $(grep -q '^s UNKNOWN$' <<<"$out"; echo $?)
check "UNSAT formula: never s UNSATISFIABLE" $(! grep -q 'UNSATISFIABLE' <<<"$out"; echo $?)
check "progress lines of flips" $(grep -q '^c progress .* flips .* flips/s .* best unsatisfied' <<<"$out"; echo $?)
check "best 1 unsatisfied" $(grep -q 'best 1 unsatisfied$' <<<"$out"; echo $?)

out=$("$gsat" --search=walk --threads=1 --node-limit=20000 "$tmp/php4.cnf"); rc=$?
check "flip limit: exit 0, s UNKNOWN" $([ $rc -eq 0 ] && grep -q '^s UNKNOWN$' <<<"$out"; echo $?)

err=$("$gsat" --search=walk --proof="$tmp/p.drat" "$tmp/php4.cnf" 2>&1); rc=$?
check "--proof refused (exit 1)" $([ $rc -eq 1 ] && grep -q 'walkers' <<<"$err"; echo $?)
exit $fail
