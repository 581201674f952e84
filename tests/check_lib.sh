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
