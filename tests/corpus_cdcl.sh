#!/usr/bin/env bash
# CDCL over the benchmark corpus through the CLI (--search=cdcl --backend=cpu),
# checked by ../shared/tools/check-answers (answers against the manifest, every
# model against the formula).  Every family, including those plain DPLL cannot
# finish (bmc, logistics, ii16, ssa, bf, aim-200 "no", dubois, pret150, beijing,
# the SAT-race instances), all but the random 3-SAT sizes above 150 variables
# and pigeonhole 9 and 10 (DPLL's ground; bench/RESULTS.md, "CDCL on one CPU core"): 0 failures
# and at least 390 of the 399 answered within 10 s each (all answer in under 3 s
# on the development machine).  The CI subset of corpus.sh is reported apart.
# Skips (exit 77) when ../shared/bench is absent.  Usage: corpus_cdcl.sh GSAT
set -u
gsat=$1
here=$(cd "$(dirname "$0")" && pwd)
shared=$here/../../shared
source "$here/check_lib.sh"
need_corpus "$shared" "corpus_cdcl test"
skip='quirks|uu?f(175|200|250)/|hole(9|10)'
ci=$corpus_ci
out=$tmp/out
"$shared/tools/check-answers" -t 10 -x "$skip" "$shared/bench/manifest.tsv" -- \
  "$gsat" --search=cdcl --backend=cpu >"$out"
grep -v '^PASS' "$out"
answer_counts "$out"
ci_pass=$(grep -E "^PASS .*($ci)" "$out" | wc -l)
ci_all=$(grep -cE "($ci)" "$out")
for fam in $(awk '{print $3}' "$out" | grep '^cnf/' | cut -d/ -f2 | sort -u); do
  printf '  %-12s %s/%s\n' "$fam" "$(grep -cE "^PASS .*cnf/$fam/" "$out")" \
    "$(grep -cE "cnf/$fam/" "$out")"
done
echo "corpus_cdcl: CI subset $ci_pass/$ci_all passed; all picked: $passed passed," \
  "$failed failed (need >= 390 passed, 0 failed)"
[ "$failed" = 0 ] && [ "$passed" -ge 390 ]
