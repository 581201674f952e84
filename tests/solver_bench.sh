#!/usr/bin/env bash
# bench/solver_bench.sh on a fixture corpus: answers and models checked (a
# fake solver's wrong answer and bad model are caught, exit 1, logs kept),
# the clean copy that MiniSat, CaDiCaL and drat-trim read (a SATLIB '%'
# trailer; a stray '0' after the declared clauses dropped, as gsat drops it), DRAT
# proofs verified by drat-trim, the budget (later runs skipped, the summary
# keeps the instances every configuration ran), usage errors (exit 2).
# Skips (77) without ../shared/tools/check-answers (the model check it reuses).
# Usage: solver_bench.sh SOURCE_DIR GSAT [DRAT_TRIM]
set -u
src=$1 gsat=$2 drat=${3:-}
bench=$src/bench/solver_bench.sh
ca=$src/../shared/tools/check-answers
if [ ! -f "$ca" ] || ! command -v python3 >/dev/null; then
  echo "solver_bench test skipped: no $ca or no python3"
  exit 77
fi
source "$src/tests/check_lib.sh"
c=$tmp/corpus
mkdir -p "$c/cnf/a" "$c/cnf/b"
printf 'c SAT, SATLIB trailer\np cnf 3 2\n1 2 0\n-1 3 0\n%%\n0\n\n' >"$c/cnf/a/sat1.cnf"
printf 'p cnf 2 4\n1 2 0\n-1 2 0\n1 -2 0\n-1 -2 0\n' >"$c/cnf/a/unsat1.cnf"
printf 'p cnf 2 4\n1 2\n0 -1 2 0 1\n-2 0 -1 -2\n0\n0\n' >"$c/cnf/b/stray.cnf" # 4 clauses across lines, then a stray 0
printf 'p cnf 3 2\n1 -2 0\n2 3 0\n' | gzip >"$c/cnf/b/sat2.cnf.gz"
{
  printf 'path\tfamily\tvars\tclauses\tanswer\n'
  printf 'cnf/a/sat1.cnf\ta\t3\t2\tSAT\n'
  printf 'cnf/a/unsat1.cnf\ta\t2\t4\tUNSAT\n'
  printf 'cnf/b/stray.cnf\tb\t2\t4\tUNSAT\n'
  printf 'cnf/b/sat2.cnf.gz\tb\t3\t2\tSAT\n'
} >"$c/manifest.tsv"
export CHECK_ANSWERS=$ca GSAT=$gsat
[ -n "$drat" ] && export DRAT_TRIM=$drat
refs=''
command -v minisat >/dev/null && refs+=,minisat
command -v cadical >/dev/null && refs+=,cadical
proofs=gsat-cdcl1
[ -n "$drat" ] || proofs=none

# 1. gsat (and the reference solvers where installed): every answer right.
out=$tmp/o1
"$bench" -t 20 -o "$out" --solvers=gsat-cdcl1,gsat-dpll1$refs --proofs=$proofs "$c/manifest.tsv" >"$tmp/log1" 2>&1
rc=$?
[ $rc = 0 ] && pass "a run with right answers exits 0" || fail "run 1 exit $rc: $(tail -5 "$tmp/log1")"
n=$(awk -F, 'NR > 1 && $7 == "ok"' "$out/runs.csv" | wc -l)
want=$((4 * (2 + $(echo "$refs" | tr -cd , | wc -c))))
[ "$n" = "$want" ] && pass "$n of $want runs ok (answers checked, models checked)" ||
  fail "$n of $want runs ok: $(awk -F, '$7 != "ok"' "$out/runs.csv")"
for r in ${refs//,/ }; do
  v=$(awk -F, -v r="$r" '$1 == "cnf/a/sat1.cnf" && $4 == r { print $6 }' "$out/runs.csv")
  [ "$v" = SAT ] && pass "$r reads the clean copy of a file with a % trailer" || fail "$r on sat1.cnf: $v"
done
grep -qE '^gsat-cdcl1 +4 +2 +2 ' "$out/summary.txt" && pass "summary: gsat-cdcl1 solved 4 (2 SAT, 2 UNSAT)" ||
  fail "summary line of gsat-cdcl1: $(grep '^gsat-cdcl1' "$out/summary.txt" | head -1)"
if [ -n "$drat" ]; then
  v=$(awk -F, 'NR > 1 && $8 == "verified"' "$out/proofs.csv" | wc -l)
  [ "$v" = 2 ] && pass "2 DRAT proofs verified (one of a formula with an empty clause)" ||
    fail "proofs: $(cat "$out/proofs.csv")"
  grep -q 'DRAT proofs of gsat-cdcl1: 2 UNSAT solved within the limit, 2 proof runs, 2 verified' "$out/summary.txt" &&
    pass "summary: the proofs" || fail "summary proofs: $(grep -A2 DRAT "$out/summary.txt")"
fi

# 2. A wrong answer and a bad model are caught.
cat >"$tmp/fake.sh" <<'EOF'
case $1 in
  *unsat1.cnf) printf 's UNSATISFIABLE\n'; exit 20 ;;
  *sat1.cnf) printf 's SATISFIABLE\nv -1 -2 3 0\n'; exit 10 ;;
  *sat2.cnf.gz) printf 's UNSATISFIABLE\n'; exit 20 ;;
  *) printf 's UNKNOWN\n'; exit 0 ;;
esac
EOF
out=$tmp/o2
"$bench" -t 20 -o "$out" --solvers=gsat-cdcl1 --solver="fake=bash $tmp/fake.sh" "$c/manifest.tsv" >"$tmp/log2" 2>&1
rc=$?
[ $rc = 1 ] && pass "a wrong answer makes exit 1" || fail "run 2 exit $rc"
v=$(awk -F, '$4 == "fake" { printf "%s:%s ", $1, $7 }' "$out/runs.csv")
[ "$v" = "cnf/a/sat1.cnf:badmodel cnf/a/unsat1.cnf:ok cnf/b/sat2.cnf.gz:wrong cnf/b/stray.cnf:unknown " ] &&
  pass "verdicts of the fake solver: $v" || fail "verdicts of the fake solver: $v"
ls "$out/failures/fake-sat1.cnf.log" "$out/failures/fake-sat2.cnf.gz.log" >/dev/null 2>&1 &&
  pass "failures/ keeps their output" || fail "failures/: $(ls "$out/failures" 2>&1)"
grep -q '^WRONG fake cnf/a/sat1.cnf: badmodel model: clause 1 falsified' "$out/summary.txt" &&
  pass "the summary names the bad model" || fail "summary: $(grep WRONG "$out/summary.txt")"

# 3. The budget: runs that would start after it are skipped, the summary
# keeps the instances both configurations ran.
printf 'sleep 4; printf "s UNKNOWN\\n"\n' >"$tmp/slow.sh"
out=$tmp/o3
"$bench" -t 20 -o "$out" --budget=3 --solvers=gsat-dpll1 --solver="slow=bash $tmp/slow.sh" \
  --proofs=none "$c/manifest.tsv" >"$tmp/log3" 2>&1
rc=$?
sk=$(awk -F, '$7 == "skipped"' "$out/runs.csv" | wc -l)
[ $rc = 0 ] && [ "$sk" -ge 4 ] && pass "budget: $sk runs skipped, exit 0" || fail "budget: exit $rc, $sk skipped"
head -1 "$out/summary.txt" | grep -qE '^[01] instances .*left out' && pass "budget: the summary leaves them out" ||
  fail "budget summary: $(head -1 "$out/summary.txt")"

# 4. Usage errors.
for bad in --solvers=nosuch --per-family=x -t0 --clock=never "$tmp/none.tsv"; do
  "$bench" -o "$tmp/o4" "$bad" "$c/manifest.tsv" >/dev/null 2>&1
  rc=$?
  [ $rc = 2 ] && pass "usage error $bad: exit 2" || fail "usage error $bad: exit $rc"
done
finish
