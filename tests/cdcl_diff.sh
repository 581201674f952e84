#!/usr/bin/env bash
# Random differential test of the CDCL search against MiniSat and CaDiCaL:
# N small uniform random k-SAT formulas (gsat-gen; k 2..5, 3..60 variables,
# clause/variable ratios around the thresholds, so that both answers occur),
# each solved by gsat --search=cdcl under one of ten option sets in turn
# (VSIDS and VMTF, the three restart policies, both BCP variants, reductions
# every few conflicts so that reduction and compaction run, seeded phases,
# the portfolio of 2 and 4 searchers splitting the work as cubes; vivification
# off, and every few conflicts on learned and irredundant clauses; a CPU
# walker beside the searchers trading phases with them, its models left to
# them or answering).
# Answers must agree with the reference (MiniSat; CaDiCaL for every 5th
# formula), every SAT model is checked here against the formula, and every
# 4th UNSAT answer writes a DRAT proof that drat-trim must verify (when given).
# Skips (77) when neither minisat nor cadical is installed.
# Usage: cdcl_diff.sh GSAT GSAT_GEN [N [DRAT_TRIM]]
set -u
gsat=$1 gen=$2 n=${3:-2000} drat=${4:-}
here=$(cd "$(dirname "$0")" && pwd)
source "$here/check_lib.sh"
minisat=$(command -v minisat) cadical=$(command -v cadical)
if [ -z "$minisat" ] && [ -z "$cadical" ]; then
  echo "cdcl_diff skipped: neither minisat nor cadical is installed"
  exit 77
fi
sets=(
  "--cdcl-decide=vsids --cdcl-restart=switch --no-vivify"
  "--cdcl-decide=vmtf --cdcl-restart=switch"
  "--cdcl-decide=vsids --cdcl-restart=glucose --cdcl-reduce=10 --vivify-interval=3"
  "--cdcl-decide=vmtf --cdcl-restart=luby --cdcl-reduce=5 --cdcl-target=always"
  "--cdcl-bcp=streams"
  "--cdcl-bcp=streams --cdcl-decide=vmtf --cdcl-reduce=8 --vivify-interval=2 --vivify-effort=1000"
  "--seed=7 --cdcl-reduce=3 --cdcl-target=off --vivify-interval=2 --vivify-irred"
  "--seed=99 --cdcl-bcp=streams --cdcl-restart=luby --cdcl-reduce=4"
  "--threads=2 --cdcl-cubes=on --cdcl-reduce=6 --vivify-interval=4 --vivify-irred"
  "--threads=4 --cdcl-cubes=on --seed=3"
  "--cdcl-walk=1000 --no-cdcl-walk-answers --cdcl-reduce=7"
  "--threads=2 --cdcl-walk=500"
)
agree=0 sat=0 unsat=0 proofs=0
rng=12345
for ((i = 0; i < n; i++)); do
  rng=$(( (rng * 1103515245 + 12345) % 2147483648 ))
  k=$(( 2 + rng % 4 ))
  if [ $k -le 3 ]; then v=$(( k + 1 + (rng / 4) % 58 )); else v=$(( k + 1 + (rng / 4) % 28 )); fi
  case $k in 2) r10=10 ;; 3) r10=43 ;; 4) r10=99 ;; 5) r10=211 ;; esac
  c=$(( v * (r10 * (70 + (rng / 256) % 60) / 100) / 10 + 1 ))
  f=$tmp/f.cnf
  "$gen" rand $k $v $c $i >"$f"
  opts=${sets[$((i % ${#sets[@]}))]}
  ref=$minisat
  if [ -n "$cadical" ] && { [ $((i % 5)) = 0 ] || [ -z "$minisat" ]; }; then ref=$cadical; fi
  "$ref" "$f" >/dev/null 2>&1 </dev/null
  want=$?
  proof=0
  if [ -n "$drat" ] && [ $want = 20 ] && [ $((unsat % 4)) = 0 ]; then proof=1; fi
  diff_check "formula $i (rand $k $v $c $i, $opts)" "$f" "$ref" "$want" $proof "$opts"
done
echo "cdcl_diff: $agree of $n agree ($sat SAT with models checked, $unsat UNSAT, $proofs proofs verified)"
[ $sat -gt $((n / 10)) ] && [ $unsat -gt $((n / 10)) ] || fail "too few of one answer: $sat SAT, $unsat UNSAT"
finish
