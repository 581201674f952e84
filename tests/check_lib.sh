# Shared by the shell tests (tests/*.sh; source it after `set -u`): a
# temporary directory $tmp removed on exit, with the helper processes whose
# ids a script adds to $helpers (killed on exit), pass and fail reporting
# (fail counts in $failures), and finish, which prints the count and returns
# 0 when nothing failed (end a script with it); waiting for a process or an
# output line, and the model check of a gsat output.
tmp=$(mktemp -d)
helpers=""
cleanup() {
  for p in $helpers; do kill "$p" 2>/dev/null; done
  rm -rf "$tmp"
}
trap cleanup EXIT
failures=0
fail() {
  echo "FAIL: $*"
  failures=$((failures + 1))
}
pass() { echo "ok: $*"; }
finish() {
  echo "$failures failure(s)"
  [ "$failures" = 0 ]
}
# The corpus (../shared/bench): corpus_ci, its CI subset (an extended regex
# over the manifest's paths: the families and sizes that plain DPLL finishes
# in well under a second, bench/RESULTS.md; at least some of every
# structured family it can solve); have_corpus SHARED: whether SHARED has the
# manifest and check-answers; need_corpus SHARED WHAT: exits 77 (skipped),
# naming WHAT, when it has not; answer_counts FILE: line, passed and failed
# from the summary line of check-answers' output FILE.
corpus_ci='uf20/|uf50/|uuf50/|uf75/|uuf75/|uf100/|uuf100/|uf125/|uuf125/|pigeonhole/hole[678]|'
corpus_ci+='aim-50|ais|bms/|rti/|jnh|flat(30|50|75|100)-|par8|pret60|bw/|ssa0432|'
corpus_ci+='beijing/2bitcomp|qg[3-7]|ii8b|ii32[bc]'
have_corpus() { [ -f "$1/bench/manifest.tsv" ] && [ -x "$1/tools/check-answers" ]; }
need_corpus() {
  have_corpus "$1" && return
  echo "$2 skipped: $1/bench not found"
  exit 77
}
answer_counts() {
  line=$(grep '^check-answers:' "$1")
  passed=$(echo "$line" | sed -E 's/.* ([0-9]+) passed.*/\1/')
  failed=$(echo "$line" | sed -E 's/.* ([0-9]+) failed.*/\1/')
}

# The search choice's pair (core/choose.c): DIR/php4.cnf, pigeonhole
# with 5 pigeons and 4 holes (UNSAT, picked for DPLL), and DIR/ring6.cnf, a
# 3-colouring of a 6-ring of the same shape (one "some colour" clause per
# vertex, each variable once, the rest binary; SAT, picked for CDCL).
choice_formulas() {
  awk 'BEGIN { n = 4; p = n + 1; print "p cnf", p * n, p + n * p * (p - 1) / 2
    for (i = 0; i < p; i++) { s = ""; for (h = 1; h <= n; h++) s = s (i * n + h) " "; print s "0" }
    for (h = 1; h <= n; h++) for (i = 0; i < p; i++) for (j = i + 1; j < p; j++)
      print -(i * n + h), -(j * n + h), 0 }' >"$1/php4.cnf"
  awk 'BEGIN { v = 6; k = 3; print "p cnf", v * k, v + v * 3 + v * k
    for (i = 0; i < v; i++) print i * k + 1, i * k + 2, i * k + 3, 0
    for (i = 0; i < v; i++) for (a = 1; a <= k; a++) for (b = a + 1; b <= k; b++)
      print -(i * k + a), -(i * k + b), 0
    for (i = 0; i < v; i++) for (c = 1; c <= k; c++)
      print -(i * k + c), -(((i + 1) % v) * k + c), 0 }' >"$1/ring6.cnf"
}

# Milliseconds since $1 (an $EPOCHREALTIME value).
ms_since() { awk -v a="$1" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.0f", 1000 * (b - a) }'; }

# Waits at most 10 s (of wall time) for pid $1 to exit: sets rc and returns 0,
# or reports "$2: still running 10 s after $3", kills it and returns 1.
await_exit() {
  local pid=$1 end=$((${EPOCHREALTIME/./} + 10000000)) # microseconds: 10 s
  while kill -0 "$pid" 2>/dev/null && [ "${EPOCHREALTIME/./}" -lt $end ]; do
    sleep 0.01
  done
  if kill -0 "$pid" 2>/dev/null; then
    fail "$2: still running 10 s after $3"
    kill -KILL "$pid"
    wait "$pid" 2>/dev/null
    return 1
  fi
  wait "$pid"
  rc=$?
  return 0
}

# Waits (at most 20 s) until $tmp/out has a line matching $1.
wait_for_line() {
  local n=0
  while ! grep -q "$1" "$tmp/out" 2>/dev/null && [ $n -lt 2000 ]; do
    sleep 0.01
    n=$((n + 1))
  done
}

# check_model CNF OUT: prints nothing when the v lines of the gsat output OUT
# satisfy every clause of CNF, else the first falsified clause (or that no
# clause was read).
check_model() {
  { grep '^v' "$2" | sed 's/^v/V/'; cat "$1"; } | awk '
    /^V/ { for (i = 2; i <= NF; i++) m[$i + 0] = 1; next }
    /^[cp]/ { next }
    { for (i = 1; i <= NF; i++) { x = $i + 0
        if (x == 0) { c++; if (!sat) { print "clause " c " falsified"; exit } sat = 0; continue }
        if (x in m) sat = 1 } }
    END { if (!c) print "no clauses read" }'
}

# The CDCL differential tests' check of one formula (cdcl_diff.sh,
# simp_diff.sh): diff_check LABEL FILE REF WANT PROOF OPTS solves FILE by
# `$gsat -q --search=cdcl --backend=cpu OPTS` (with --proof=$tmp/p.drat when
# PROOF is 1), compares its exit code with WANT (REF's), checks a model
# against FILE and a proof with $drat; counts in $sat, $unsat, $proofs and
# $agree, a failure named by LABEL.
diff_check() {
  local label=$1 f=$2 ref=$3 want=$4 proof=() got bad
  [ "$5" = 1 ] && proof=(--proof="$tmp/p.drat")
  # shellcheck disable=SC2086
  "$gsat" -q --search=cdcl --backend=cpu $6 "${proof[@]}" "$f" >"$tmp/out" 2>"$tmp/err" </dev/null
  got=$?
  if [ $got != "$want" ]; then
    fail "$label: gsat $got, $(basename "$ref") $want $(head -c 200 "$tmp/err")"
    return
  fi
  if [ $got = 10 ]; then
    bad=$(check_model "$f" "$tmp/out")
    [ -z "$bad" ] || { fail "$label: model: $bad"; return; }
    sat=$((sat + 1))
  elif [ $got = 20 ]; then
    unsat=$((unsat + 1))
    if [ ${#proof[@]} = 1 ]; then
      if "$drat" "$f" "$tmp/p.drat" -t 60 </dev/null 2>&1 | tr '\r' '\n' | grep -q '^s VERIFIED'; then
        proofs=$((proofs + 1))
      else
        fail "$label: proof not verified"
      fi
    fi
  fi
  agree=$((agree + 1))
}
