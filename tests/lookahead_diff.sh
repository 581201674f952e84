#!/usr/bin/env bash
# Random differential test of the look-ahead DPLL search against MiniSat: N
# small uniform random k-SAT formulas (gsat-gen; k 3, 5 and 7 in turn, ratios
# around their thresholds, so that both answers occur), each solved by
# gsat --search=dpll --backend=cpu --decide=lookahead with 1 thread, or 2
# (every other formula: the workers give cubes away, dpll.h donate).  Answers
# must agree with MiniSat's and every SAT model is checked against the formula.
# Then 12 larger 5- and 7-SAT formulas the same way, and gsat --cubes: the
# formula with its cubes negated must be UNSAT (gsat's CPU search and MiniSat).  Skips (77) when minisat is not installed.
# Usage: lookahead_diff.sh GSAT GSAT_GEN [N]
set -u
gsat=$1 gen=$2 n=${3:-300}
here=$(cd "$(dirname "$0")" && pwd)
source "$here/check_lib.sh"
minisat=$(command -v minisat)
if [ -z "$minisat" ]; then
  echo "lookahead_diff skipped: minisat is not installed"
  exit 77
fi
agree=0 sat=0 unsat=0
rng=4711
for ((i = 0; i < n; i++)); do
  rng=$(( (rng * 1103515245 + 12345) % 2147483648 ))
  case $((i % 3)) in
    0) k=3 v=$(( 10 + (rng / 4) % 70 )) r10=43 ;;
    1) k=5 v=$(( 8 + (rng / 4) % 30 )) r10=211 ;;
    2) k=7 v=$(( 9 + (rng / 4) % 20 )) r10=880 ;;
  esac
  c=$(( v * (r10 * (80 + (rng / 256) % 40) / 100) / 10 + 1 ))
  f=$tmp/f.cnf
  "$gen" rand $k $v $c $i >"$f"
  threads=$(( 1 + i % 2 ))
  "$minisat" "$f" >/dev/null 2>&1 </dev/null
  want=$?
  "$gsat" -q --search=dpll --backend=cpu --decide=lookahead --threads=$threads "$f" \
    >"$tmp/out" 2>"$tmp/err" </dev/null
  got=$?
  if [ $got != $want ]; then
    fail "formula $i (rand $k $v $c $i, $threads threads): gsat $got, minisat $want $(head -c 200 "$tmp/err")"
    continue
  fi
  if [ $got = 10 ]; then
    bad=$(check_model "$f" "$tmp/out")
    [ -z "$bad" ] || { fail "formula $i (rand $k $v $c $i): model: $bad"; continue; }
    sat=$((sat + 1))
  elif [ $got = 20 ]; then
    unsat=$((unsat + 1))
  fi
  agree=$((agree + 1))
done
echo "lookahead_diff: $agree of $n agree ($sat SAT with models checked, $unsat UNSAT)"
# Larger 5- and 7-SAT at their thresholds (deeper trees: many rounds of the
# reduced formula and its clause counts), 1 and 2 threads.
for ((i = 0; i < 12; i++)); do
  if [ $((i % 2)) = 0 ]; then k=5 v=$((34 + i)) c=$(( (34 + i) * 211 / 10 )); else k=7 v=$((20 + i)) c=$(( (20 + i) * 88 )); fi
  f=$tmp/l.cnf
  "$gen" rand $k $v $c $((500 + i)) >"$f"
  "$minisat" "$f" >/dev/null 2>&1 </dev/null
  want=$?
  "$gsat" -q --search=dpll --backend=cpu --decide=lookahead --threads=$((1 + i % 2)) "$f" \
    >"$tmp/out" 2>"$tmp/err" </dev/null
  got=$?
  if [ $got = 10 ] && [ $want = 10 ]; then
    bad=$(check_model "$f" "$tmp/out")
    [ -z "$bad" ] && pass "rand $k $v $c: SAT, model checked" || fail "rand $k $v $c: model: $bad"
  else
    [ $got = $want ] && [ $got = 20 ] && pass "rand $k $v $c: UNSAT as MiniSat" ||
      fail "rand $k $v $c: gsat $got, minisat $want $(head -c 200 "$tmp/err")"
  fi
done
# gsat --cubes on random 3- and 5-SAT: the formula with every cube negated is
# UNSAT by gsat's CPU DPLL search and by MiniSat; no cube left: s UNSATISFIABLE.
for ((i = 0; i < 12; i++)); do
  if [ $((i % 2)) = 0 ]; then k=3 v=$((40 + 5 * i)) c=$(( (40 + 5 * i) * 42 / 10 )); else k=5 v=$((20 + 2 * i)) c=$(( (20 + 2 * i) * 21 )); fi
  f=$tmp/c.cnf
  "$gen" rand $k $v $c $((100 + i)) >"$f"
  "$gsat" --cubes=$((3 + 7 * i)) "$f" >"$tmp/cubes" 2>"$tmp/err" </dev/null
  got=$?
  cubes=$(grep -c '^a ' "$tmp/cubes")
  if [ $got = 20 ]; then
    [ "$cubes" = 0 ] && grep -q '^s UNSATISFIABLE' "$tmp/cubes" && pass "cubes $i: no cube left, UNSAT" ||
      fail "cubes $i: exit 20 with $cubes cubes"
    continue
  fi
  [ $got = 0 ] && [ "$cubes" -ge 1 ] || { fail "cubes $i: exit $got, $cubes cubes $(head -c 200 "$tmp/err")"; continue; }
  { sed -n 's/^p cnf \([0-9]*\) \([0-9]*\)/p cnf \1 '$((c + cubes))'/p' "$f"; grep -v '^[pc]' "$f"
    sed -n 's/^a //p' "$tmp/cubes" | awk '{ for (j = 1; j < NF; j++) printf "%d ", -$j; print 0 }'; } >"$tmp/neg.cnf"
  "$gsat" -q --search=dpll --backend=cpu --threads=1 "$tmp/neg.cnf" >/dev/null 2>&1 </dev/null
  a=$?
  "$minisat" "$tmp/neg.cnf" >/dev/null 2>&1 </dev/null
  b=$?
  [ $a = 20 ] && [ $b = 20 ] && pass "cubes $i: rand $k $v $c, $cubes cubes, negated: UNSAT" ||
    fail "cubes $i (rand $k $v $c, $cubes cubes): formula and negated cubes: gsat $a, minisat $b"
done
[ $sat -gt $((n / 10)) ] && [ $unsat -gt $((n / 10)) ] || fail "too few of one answer: $sat SAT, $unsat UNSAT"
finish
