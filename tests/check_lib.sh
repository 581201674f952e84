# Shared by the shell tests (tests/*.sh; source it after `set -u`): a
# temporary directory $tmp removed on exit, pass and fail reporting (fail
# counts in $failures), and finish, which prints the count and returns 0
# when nothing failed (end a script with it).
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
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
# The search choice's pair (solver/core/choose.c): DIR/php4.cnf, pigeonhole
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
