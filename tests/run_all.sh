#!/usr/bin/env bash
# Builds gsat and runs the whole test suite twice: a release build (with the CUDA
# backend when nvcc is found; GPU tests skip without a device) and an
# AddressSanitizer + UndefinedBehaviorSanitizer build of the host code.  The corpus
# test runs when ../shared/bench exists and skips otherwise.  The sanitizer pass
# leaves out the corpus tests and the `heavy` ones (tests/CMakeLists.txt).
# With CI=true (.ci/run), a pass that skipped any test not labelled gpu fails
# with the list (tests/ci_skips.sh): CI installs what every other test needs.
# Usage: bash tests/run_all.sh        (from anywhere; builds in build-test, build-asan)
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc 2>/dev/null || echo 2)
if ! command -v nvcc >/dev/null && [ -x /usr/local/cuda/bin/nvcc ]; then
  export PATH=/usr/local/cuda/bin:$PATH
fi
echo "== release build (tests, CUDA if found)"
cmake -S . -B build-test -DCMAKE_BUILD_TYPE=Release -DGSAT_TESTS=ON -DGSAT_WERROR=ON
cmake --build build-test -j"$jobs"
# run_ctest DIR ARGS...: ctest on DIR; with CI=true, then the skip rule.
run_ctest() {
  local dir=$1 log
  shift
  log=$(mktemp)
  ctest --test-dir "$dir" --output-on-failure -j"$jobs" "$@" 2>&1 | tee "$log"
  local rc=${PIPESTATUS[0]}
  if [ "$rc" = 0 ] && [ "${CI:-}" = true ]; then
    bash tests/ci_skips.sh "$dir" "$log" || rc=1
  fi
  rm -f "$log"
  return "$rc"
}
run_ctest build-test
echo "== ASan + UBSan build (host code)"
cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DGSAT_TESTS=ON -DGSAT_SANITIZE=ON -DGSAT_CUDA=OFF
cmake --build build-asan -j"$jobs"
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
  run_ctest build-asan -LE 'corpus|heavy'
echo "== all tests passed"
