#!/bin/bash
# Runs the C tests of a build under valgrind memcheck (not part of ctest: it
# takes minutes).  tests/valgrind.sh [BUILD_DIR] [REGEX]
# Every CTest test that runs a test executable (not the shell-script tests) and
# whose name matches REGEX (default: all) runs under memcheck, in its own
# working directory and with its own arguments; then the CLI runs a few cases
# (SAT with a model, UNSAT, two workers, a parse error, gzip input, a node
# limit).  A memcheck error or a definite or indirect leak fails the run; a
# test that exits with its SKIP_RETURN_CODE (77 without a CUDA device) is
# reported as skipped.
# test_gpu_emulated (C++, host threads emulating the GPU) is skipped unless
# GSAT_VALGRIND_ALL=1: it takes about 10 minutes under valgrind, and memcheck
# misreads its lanes, which run on heap-allocated ucontext stacks (swapcontext)
# that tests/simt_host.h does not register with VALGRIND_STACK_REGISTER: it
# reports invalid reads and writes inside those stacks, while the test passes.  Use a build without
# GSAT_SANITIZE (e.g. -DCMAKE_BUILD_TYPE=RelWithDebInfo for line numbers).
set -u
build=$(cd "${1:-build}" && pwd)
regex=${2:-.}
src=$(cd "$(dirname "$0")/.." && pwd)
vg=(valgrind -q --error-exitcode=99 --leak-check=full
    --show-leak-kinds=definite,indirect --errors-for-leak-kinds=definite,indirect)
command -v valgrind >/dev/null || { echo "valgrind not found"; exit 2; }
failures=0 runs=0 skips=0
skip_rc=none # the CTest SKIP_RETURN_CODE of the test that check runs
check() {
  local name=$1 rc
  shift
  runs=$((runs + 1))
  if "$@" >"$build/valgrind-$name.log" 2>&1; then
    echo "ok: $name"
  elif rc=$? && [ "$rc" = "$skip_rc" ]; then
    echo "skip: $name (exit $rc, its SKIP_RETURN_CODE: e.g. no CUDA device)"
    skips=$((skips + 1))
  else
    echo "FAIL: $name (exit $rc), see $build/valgrind-$name.log"
    grep -E '^==[0-9]+== ' "$build/valgrind-$name.log" | head -20
    failures=$((failures + 1))
  fi
}

# The CTest tests, from ctest's JSON description: name, working directory,
# SKIP_RETURN_CODE (none when unset), command.
while IFS=$'\t' read -r name dir skip_rc cmd; do
  [[ $name =~ $regex ]] || continue
  if [ "$name" = test_gpu_emulated ] && [ "${GSAT_VALGRIND_ALL:-0}" != 1 ]; then
    echo "skip: $name (set GSAT_VALGRIND_ALL=1)"
    continue
  fi
  if [ -z "$cmd" ]; then # ctest lists no command for an unbuilt executable
    echo "skip: $name (not built)"
    runs=$((runs + 1)) skips=$((skips + 1))
    continue
  fi
  eval "args=($cmd)"
  case ${args[0]} in */bash | */sh) continue ;; esac
  check "$name" bash -c 'cd "$1" && shift && exec "$@"' _ "$dir" "${vg[@]}" "${args[@]}"
done < <(ctest --test-dir "$build" --show-only=json-v1 | python3 -c '
import json, shlex, sys
for t in json.load(sys.stdin)["tests"]:
    props = {p["name"]: p["value"] for p in t.get("properties", [])}
    print("\t".join([t["name"], props.get("WORKING_DIRECTORY", "."),
                     str(props.get("SKIP_RETURN_CODE", "none")),
                     " ".join(shlex.quote(a) for a in t.get("command", []))]))
')
skip_rc=none

# The CLI.  Exit codes 10/20/0/2 are answers here; memcheck's own is 99.
gsat=$build/gsat gen=$build/gsat-gen
if [[ cli =~ $regex ]] && [ -x "$gsat" ]; then
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  "$gen" rand 3 60 200 1 >"$tmp/sat.cnf"
  "$gen" php 6 >"$tmp/php6.cnf"
  gzip -c "$tmp/sat.cnf" >"$tmp/sat.cnf.gz"
  cli() {
    local want=$1
    shift
    "${vg[@]}" "$gsat" "$@" >/dev/null
    local rc=$?
    [ $rc = "$want" ] || { echo "exit $rc, expected $want"; return 1; }
  }
  check cli-sat cli 10 --backend=cpu --stats "$tmp/sat.cnf"
  check cli-unsat cli 20 --backend=cpu --search=dpll --decide=static "$tmp/php6.cnf"
  check cli-threads cli 20 --backend=cpu --threads=2 "$tmp/php6.cnf"
  check cli-parse-error cli 2 "$src/tests/dimacs/bad/missingzero.cnf"
  check cli-gzip cli 10 --backend=cpu --partial "$tmp/sat.cnf.gz"
  check cli-node-limit cli 0 --backend=cpu --search=dpll --node-limit=50 "$tmp/php6.cnf"
fi
echo "$((runs - skips)) run(s), $skips skipped, $failures failure(s)"
if [ $((runs - skips)) = 0 ]; then
  echo "nothing ran under valgrind (does REGEX '$regex' match a built test?)"
  exit 1
fi
[ $failures = 0 ]
