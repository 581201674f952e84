#!/usr/bin/env bash
# Random differential test of the CDCL preprocessing (core/simp.h)
# against MiniSat and CaDiCaL: N generated circuit formulas (Tseitin AND, OR,
# XOR and equivalence gates over a few inputs, random side clauses over the
# gates, duplicate and subsumed clauses, a unit on an output; in every
# second a pairwise at-most-one over some variables and a product block, every
# clause (k R) of a few literals k and remainders R, for bounded variable
# addition; in the formulas of the congruence sets copies of gates over
# the copies of their inputs), so that subsumption, strengthening, gates, elimination, probing
# and BVA all fire; each solved by gsat --search=cdcl --backend=cpu under one
# of twenty-two option sets in turn (the defaults, where the presearch answers
# most, then with the presearch off (--presearch=0): each technique off, everything
# off, a tight occurrence limit, a tiny effort, the portfolio of 2 splitting
# cubes over the simplified formula, --bva alone (no sweeping) without its gate and
# with every clause size, and gated in the portfolio, no hyper-binary
# resolution, no BVA and no SAT sweeping, and an inprocessing round every few conflicts in
# five: one thread in three (one with --equiv-learned: the rounds'
# equivalences take the learned binary clauses), the portfolio of 2
# splitting cubes and of 3 not; vivification off in one, every few conflicts
# in three; SAT sweeping (--sweep, the default: every set but one sweeps) (where it must prove an
# equivalence in a tenth of the formulas) and in inprocessing rounds with
# environments of 8 clauses; congruence closure (--congruence) alone, in
# inprocessing rounds and without elimination and subsumption (where it
# must prove an equivalence or a unit in some formula); a presearch of 3 conflicts before the preprocessing, its lemmas
# in the proof); then N/20 random 3-SAT formulas at the threshold (40 to 80
# variables: they take conflicts) under the five inprocessing sets without
# sweeping (whose small solver would solve them whole), where
# rounds must run in more than half.  Answers must agree with the reference, every SAT
# model is checked here against the ORIGINAL formula (after the model was
# extended to the eliminated variables), every UNSAT answer with
# preprocessing on writes a DRAT proof that drat-trim must verify, and a
# pigeonhole proof cut in half must be rejected, with and without --bva (whose gate
# must let the pigeonhole formula through); BVA must add variables to a
# quarter of the block formulas and hyper-binary resolution fire in a tenth
# of the formulas solved with the defaults less the presearch, where every UNSAT proof (with
# hyper binaries in it) must be verified too, as must the proof of a
# pigeonhole formula beside a chain whose probe adds three hyper binaries,
# which it must add and delete.  Skips (77) without python3
# or without both minisat and cadical.
# Usage: simp_diff.sh GSAT GSAT_GEN [N [DRAT_TRIM]]
set -u
gsat=$1 gen=$2 n=${3:-2000} drat=${4:-}
here=$(cd "$(dirname "$0")" && pwd)
source "$here/check_lib.sh"
minisat=$(command -v minisat) cadical=$(command -v cadical)
if [ -z "$minisat" ] && [ -z "$cadical" ] || ! command -v python3 >/dev/null; then
  echo "simp_diff skipped: no minisat/cadical or no python3"
  exit 77
fi
sets=(
  ""
  "--presearch=0 --no-elim"
  "--presearch=0 --no-subsume"
  "--presearch=0 --no-probe --no-equiv --no-vivify"
  "--no-simplify"
  "--presearch=0 --simp-occ-limit=3"
  "--presearch=0 --simp-effort=1 --cdcl-reduce=5 --vivify-interval=2 --vivify-irred"
  "--presearch=0 --bva --bva-share=0 --bva-size=0 --no-probe --no-equiv --no-sweep"
  "--presearch=0 --threads=2 --cdcl-cubes=on --vivify-interval=3"
  "--presearch=0 --bva --no-elim --threads=2 --cdcl-cubes=on"
  "--presearch=0 --no-hbr --no-bva --no-sweep"
  "--presearch=0 --threads=1 --inprocess-interval=1 --inprocess-effort=100000 --no-bva"
  "--presearch=0 --threads=1 --inprocess-interval=2 --inprocess-effort=100000 --no-elim --cdcl-reduce=5 --vivify-irred"
  "--presearch=0 --threads=2 --cdcl-cubes=on --inprocess-interval=1 --inprocess-effort=100000 --no-bva"
  "--presearch=0 --threads=3 --cdcl-cubes=off --inprocess-interval=3 --inprocess-effort=100000"
  "--presearch=3"
  "--presearch=0 --threads=1 --inprocess-interval=1 --inprocess-effort=100000 --equiv-learned --no-bva"
  "--presearch=0 --sweep"
  "--presearch=0 --threads=1 --inprocess-interval=1 --inprocess-effort=100000 --sweep --sweep-clauses=8 --no-bva"
  "--presearch=0 --congruence"
  "--presearch=0 --threads=1 --inprocess-interval=1 --inprocess-effort=100000 --congruence --no-bva"
  "--presearch=0 --congruence --no-elim --no-subsume"
)
inproc=(11 12 13 14 16 20) # the sets with an inprocessing round every few conflicts
# circuits N DIR: N circuit formulas in DIMACS, DIR/I.cnf for I in 0..N-1.
circuits() {
  python3 - "$1" "$2" <<'EOF'
import random, sys
for seed in range(int(sys.argv[1])):
  r = random.Random(seed)
  out = open("%s/%d.cnf" % (sys.argv[2], seed), "w")
  ni = r.randint(3, 10); ng = r.randint(3, 30)
  cls = []; nv = ni; gates = []; twin = {}
  def gate(kind, x, ins):
      if kind == "E":
          a = ins[0]; cls.extend([[-x, a], [x, -a]])
      elif kind == "A":
          cls.extend([[-x, a] for a in ins] + [[x] + [-a for a in ins]])
      elif kind == "O":
          cls.extend([[x, -a] for a in ins] + [[-x] + ins])
      else:
          a, b = ins
          cls.extend([[-x, a, b], [-x, -a, -b], [x, -a, b], [x, a, -b]])
  for g in range(ng):
      nv += 1; x = nv
      kind = r.choice("AOXEA")
      k = 1 if kind == "E" else (2 if kind == "X" else r.randint(2, 4))
      ins = [r.choice([1, -1]) * r.randint(1, nv - 1) for _ in range(k)]
      if len(set(abs(i) for i in ins)) < len(ins): ins = ins[:1]; kind = "E"
      gate(kind, x, ins); gates.append((kind, x, ins))
  if seed % 22 >= 19: # the congruence sets: gates copied over the copies of their inputs
      for kind, x, ins in gates[:r.randint(1, len(gates))]:
          if kind == "E" or r.random() < 0.3: continue
          nv += 1; twin[x] = nv
          gate(kind, nv, [twin.get(abs(i), abs(i)) * (1 if i > 0 else -1) for i in ins])
  for _ in range(r.randint(0, nv // 2)):
      k = r.randint(2, 4)
      cls.append([r.choice([1, -1]) * r.randint(1, nv) for _ in range(k)])
  for _ in range(r.randint(0, 6)):
      c = r.choice(cls)
      cls.append(c + [r.choice([1, -1]) * r.randint(1, nv)] if r.random() < 0.7 else list(c))
  cls.append([r.choice([1, -1]) * r.randint(nv - 2, nv)])
  if seed % 2 == 1: # on new variables (the unit fixes many old ones): an
      # exactly-one (pairwise at-most-one) and a product block, for BVA, tied
      # to the circuit by a few clauses
      nn = r.randint(6, 10); new = list(range(nv + 1, nv + nn + 1)); nv += nn
      amo = r.sample(new, r.randint(5, nn))
      cls += [[-a, -b] for i, a in enumerate(amo) for b in amo[i + 1:]] + [amo]
      ks = [r.choice([1, -1]) * v for v in r.sample(new, r.randint(2, 3))]
      rest = [v for v in new if all(abs(k) != v for k in ks)]
      for _ in range(r.randint(3, 5)):
          cls += [[k] + [r.choice([1, -1]) * v for v in r.sample(rest, r.randint(1, 2))] for k in ks]
      for _ in range(3):
          cls.append([r.choice([1, -1]) * r.randint(1, nv) for _ in range(3)])
  cls = [sorted(set(c)) for c in cls]
  print("p cnf %d %d" % (nv, len(cls)), file=out)
  for c in cls: print(" ".join(map(str, c)), 0, file=out)
  out.close()
EOF
}
agree=0 sat=0 unsat=0 proofs=0
mkdir "$tmp/f"
circuits "$n" "$tmp/f"
for ((i = 0; i < n; i++)); do
  f=$tmp/f/$i.cnf
  opts=${sets[$((i % ${#sets[@]}))]}
  ref=$minisat
  if [ -n "$cadical" ] && { [ $((i % 3)) = 0 ] || [ -z "$minisat" ]; }; then ref=$cadical; fi
  "$ref" "$f" >/dev/null 2>&1 </dev/null
  want=$?
  proof=0
  if [ -n "$drat" ] && [ $want = 20 ] && [[ $opts != *no-simplify* ]]; then proof=1; fi
  diff_check "formula $i (circuit $i, $opts)" "$f" "$ref" "$want" $proof "$opts"
done
fired=0 blocks=0 # the block formulas with a fresh variable under --bva
for ((i = 7; i < n; i += 10)); do
  blocks=$((blocks + 1))
  "$gsat" --search=cdcl --backend=cpu --stats ${sets[7]} "$tmp/f/$i.cnf" 2>&1 | grep -q 'bva vars' &&
    fired=$((fired + 1))
done
hyper=0 defaults=0 hyper_proofs=0 # hyper-binary resolvents under the defaults, UNSAT proofs with them
for ((i = 0; i < n; i += ${#sets[@]})); do
  defaults=$((defaults + 1))
  f=$tmp/f/$i.cnf
  "$gsat" --search=cdcl --backend=cpu --stats --presearch=0 --proof="$tmp/h.drat" "$f" >"$tmp/h.out" 2>&1
  rc=$?
  grep -q 'hyper binaries' "$tmp/h.out" || continue
  hyper=$((hyper + 1))
  [ -n "$drat" ] && [ $rc = 20 ] || continue
  if "$drat" "$f" "$tmp/h.drat" -t 60 </dev/null 2>&1 | tr '\r' '\n' | grep -q '^s VERIFIED'; then
    hyper_proofs=$((hyper_proofs + 1))
  else
    fail "formula $i: the proof with hyper binaries is not verified"
  fi
done
swept=0 sweeps=0 # the formulas of the --sweep set where sweeping proved an equivalence
for ((i = 17; i < n; i += ${#sets[@]})); do
  sweeps=$((sweeps + 1))
  # shellcheck disable=SC2086
  "$gsat" --search=cdcl --backend=cpu --stats ${sets[17]} "$tmp/f/$i.cnf" 2>&1 | grep -q 'sweep equivs' &&
    swept=$((swept + 1))
done
echo "simp_diff: sweeping (${sets[17]}) proved an equivalence in $swept of $sweeps formulas"
[ $sweeps = 0 ] || [ $swept -gt $((sweeps / 10)) ] || fail "sweeping proved an equivalence in $swept of $sweeps formulas only"
congruent=0 congs=0 # the formulas of the --congruence sets where congruence closure proved something
for ((i = 19; i < n; i += ${#sets[@]})); do
  for j in 0 2; do
    [ $((i + j)) -lt "$n" ] || continue
    congs=$((congs + 1))
    # shellcheck disable=SC2086
    "$gsat" --search=cdcl --backend=cpu --stats ${sets[$((19 + j))]} "$tmp/f/$((i + j)).cnf" 2>&1 |
      grep -Eq 'congruent equivs|congruence units' && congruent=$((congruent + 1))
  done
done
echo "simp_diff: congruence closure proved an equivalence or unit in $congruent of $congs formulas"
[ $congs = 0 ] || [ $congruent -gt $((congs / 10)) ] || fail "congruence closure proved something in $congruent of $congs formulas only"
rounds=0 tried=0 # inprocessing rounds need conflicts: random 3-SAT at the threshold
for ((i = 0; i < n / 20; i++)); do
  v=$((40 + i % 5 * 10)) f=$tmp/r$i.cnf
  "$gen" rand 3 $v $((v * 426 / 100)) $((i + 1)) >"$f"
  ref=${minisat:-$cadical}
  "$ref" "$f" >/dev/null 2>&1 </dev/null
  want=$?
  # no sweeping: its small solver would refute or solve these whole in the preprocessing
  opts="${sets[${inproc[$((i % ${#inproc[@]}))]}]} --no-sweep"
  tried=$((tried + 1))
  diff_check "random 3-SAT $i ($opts)" "$f" "$ref" "$want" $([ -n "$drat" ] && echo 1 || echo 0) "$opts"
  # shellcheck disable=SC2086
  "$gsat" --search=cdcl --backend=cpu --stats $opts "$f" 2>&1 | grep -q 'inproc rounds' &&
    rounds=$((rounds + 1))
done
echo "simp_diff: inprocessing rounds ran in $rounds of $tried random 3-SAT formulas"
[ $rounds -gt $((tried / 2)) ] || fail "inprocessing rounds ran in $rounds of $tried random formulas only"
echo "simp_diff: $agree of $((n + tried)) agree ($sat SAT with models checked, $unsat UNSAT, $proofs proofs verified; --bva added variables to $fired of the $blocks block formulas that ${sets[7]} solved; hyper-binary resolution fired in $hyper of the $defaults formulas solved with the defaults, $hyper_proofs of them UNSAT with a proof verified)"
[ $blocks = 0 ] || [ $fired -gt $((blocks / 4)) ] || fail "--bva added variables to $fired of $blocks block formulas only"
[ $defaults = 0 ] || [ $hyper -gt $((defaults / 10)) ] || fail "hyper-binary resolution fired in $hyper of $defaults formulas only"
[ $sat -gt $((n / 10)) ] && [ $unsat -gt $((n / 10)) ] || fail "too few of one answer: $sat SAT, $unsat UNSAT"
if [ -n "$drat" ]; then # a proof cut in half is rejected (BVA's: RAT lemmas on fresh variables)
  "$gen" php 6 >"$tmp/php.cnf"
  for bva in --no-bva --bva; do
    "$gsat" -q --search=cdcl --backend=cpu --presearch=0 --proof-format=text --proof="$tmp/p.txt" $bva \
      "$tmp/php.cnf" >/dev/null 2>&1
    [ $? = 20 ] || fail "php 6 $bva: not UNSAT"
    lines=$(wc -l <"$tmp/p.txt")
    head -n $((lines / 2)) "$tmp/p.txt" >"$tmp/half.txt"
    "$drat" "$tmp/php.cnf" "$tmp/p.txt" -t 60 </dev/null 2>&1 | tr '\r' '\n' | grep -q '^s VERIFIED' ||
      fail "php 6 $bva: the whole proof ($lines lines) is not verified"
    "$drat" "$tmp/php.cnf" "$tmp/half.txt" -t 60 </dev/null 2>&1 | tr '\r' '\n' | grep -q '^s VERIFIED' &&
      fail "php 6 $bva: half of the proof ($((lines / 2)) of $lines lines) was verified"
  done
  # php 4 on variables 7.. beside test_simp's hyper_binary_chain on 1..6
  "$gen" php 4 | awk '/^c/ { next } /^p/ { print "p cnf", $3 + 6, $4 + 5; print "-1 2 0\n-1 6 0\n-2 -6 3 0";
    print "-3 -2 4 0\n-4 -3 5 0"; next } { for (i = 1; i < NF; i++) $i += $i > 0 ? 6 : -6; print }' \
    >"$tmp/chain.cnf"
  "$gsat" --search=cdcl --backend=cpu --stats --presearch=0 --no-bva --no-sweep --proof-format=text \
    --proof="$tmp/c.txt" "$tmp/chain.cnf" >"$tmp/c.out" 2>&1
  [ $? = 20 ] || fail "chain + php 4: not UNSAT"
  grep -q 'hyper binaries *3$' "$tmp/c.out" || fail "chain + php 4: not 3 hyper binaries"
  for u in 3 4 5; do
    grep -q "^-1 $u 0$" "$tmp/c.txt" && grep -q "^d -1 $u 0$" "$tmp/c.txt" ||
      fail "chain + php 4: the hyper binary (-1 $u) not added and deleted in the proof"
  done
  "$drat" "$tmp/chain.cnf" "$tmp/c.txt" -t 60 </dev/null 2>&1 | tr '\r' '\n' | grep -q '^s VERIFIED' ||
    fail "chain + php 4: the proof with hyper binaries is not verified"
  "$gsat" --search=cdcl --backend=cpu --stats --presearch=0 --bva "$tmp/php.cnf" 2>&1 | grep -q 'bva vars' ||
    fail "php 6 --bva: no fresh variable (the gate refused a pigeonhole formula)"
  "$gsat" --search=cdcl --backend=cpu --stats --presearch=0 --bva --proof="$tmp/p.txt" "$tmp/php.cnf" 2>&1 |
    grep -q 'bva vars' || fail "php 6 --bva: no fresh variable"
fi
finish
