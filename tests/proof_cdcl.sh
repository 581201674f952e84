#!/usr/bin/env bash
# DRAT proofs of the CDCL search checked by drat-trim: every UNSAT instance of
# the CI subset of the corpus (corpus.sh's pick, corpus_ci in check_lib.sh)
# gets a binary proof that drat-trim verifies; a few get a text proof too; and
# for those the proof cut to its first half (which lacks the empty clause and
# most lemmas) must fail.
# Skips (exit 77) with a message when ../shared (corpus or drat-trim) is
# absent.  drat-trim ends its progress line with a carriage return, so its
# output is split at those before the s line is matched.
# Usage: proof_cdcl.sh GSAT DRAT_TRIM
set -u
gsat=$1
drat=${2:-}
here=$(cd "$(dirname "$0")" && pwd)
shared=$here/../../shared
if [ ! -f "$shared/bench/manifest.tsv" ] || [ -z "$drat" ] || [ ! -x "$drat" ]; then
  echo "proof_cdcl test skipped: $shared/bench or drat-trim (from $shared/tools/drat-trim) not found"
  exit 77
fi
source "$here/check_lib.sh"
ci=$corpus_ci
base=$shared/bench
n=0 bytes=0
# verified CNF PROOF: whether drat-trim verifies PROOF of CNF
verified() { "$drat" "$1" "$2" -t 120 </dev/null 2>&1 | tr '\r' '\n' | grep -q '^s VERIFIED'; }
while IFS=$'\t' read -r path family vars clauses answer rest; do
  [ "$answer" = UNSAT ] || continue
  [[ $path =~ $ci ]] || continue
  f=$base/$path
  "$gsat" --search=cdcl --proof="$tmp/p.drat" "$f" >"$tmp/out" 2>"$tmp/err"
  rc=$?
  if [ $rc = 2 ] && grep -q 'a clause beyond the .* the header declares' "$tmp/err"; then
    # drat-trim reads only the declared clauses: gsat refuses a proof of
    # more (a lone 0 after them, as pret60_25 ends, both ignore)
    echo "skipped: $path has more clauses than declared"
    continue
  fi
  if [ $rc != 20 ]; then fail "$path: gsat rc $rc $(head -c 200 "$tmp/err")"; continue; fi
  if [[ $f == *.gz ]]; then gzip -dc "$f" >"$tmp/f.cnf"; f=$tmp/f.cnf; fi # drat-trim reads plain CNF
  if verified "$f" "$tmp/p.drat"; then
    n=$((n + 1))
    bytes=$((bytes + $(stat -c %s "$tmp/p.drat")))
  else
    fail "$path: binary proof not verified"
  fi
done <"$base/manifest.tsv"
# One searcher on look-ahead cubes (the cube portfolio of one, whose log
# takes deletions otherwise): a refuted cube's clause stays in the proof
# until its parent's clause, RUP from both children's, is logged (searcher
# reductions and inprocessing rounds drop learned clauses meanwhile).
for path in cnf/uuf175/uuf175-01.cnf cnf/uuf200/uuf200-01.cnf; do
  for o in --no-inprocess --inprocess-interval=1; do
    "$gsat" -q --search=cdcl --threads=1 --cdcl-cubes=lookahead --cdcl-cube-count=2048 "$o" \
      --proof="$tmp/p.drat" "$base/$path" >/dev/null
    if verified "$base/$path" "$tmp/p.drat"; then
      pass "$path, one searcher on 2048 look-ahead cubes, $o: proof verified"
    else
      fail "$path, one searcher on 2048 look-ahead cubes, $o: proof not verified"
    fi
  done
done
[ $n -gt 100 ] && pass "$n UNSAT instances of the CI subset, binary proofs verified ($bytes bytes)" ||
  fail "only $n binary proofs verified"
for path in cnf/pigeonhole/hole7.cnf cnf/dubois/dubois20.cnf cnf/aim/aim-50-1_6-no-1.cnf \
  cnf/uuf75/uuf75-01.cnf; do
  f=$base/$path
  [ -f "$f" ] || { fail "$path missing"; continue; }
  "$gsat" -q --search=cdcl --proof="$tmp/p.txt" --proof-format=text "$f" >/dev/null
  if verified "$f" "$tmp/p.txt"; then
    pass "$path: text proof verified"
  else
    fail "$path: text proof not verified"
  fi
  lines=$(wc -l <"$tmp/p.txt")
  head -n $((lines / 2)) "$tmp/p.txt" >"$tmp/half.txt"
  if verified "$f" "$tmp/half.txt"; then
    fail "$path: the first half of the proof ($((lines / 2)) of $lines lines) verified"
  else
    pass "$path: the first half of the proof fails the check"
  fi
done
finish
