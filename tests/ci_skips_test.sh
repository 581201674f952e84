#!/bin/bash
# tests/ci_skips.sh on made-up ctest outputs (CTest test `ci_skips`):
#   tests/ci_skips_test.sh BUILD_DIR
# a run that skipped only tests labelled gpu passes; one that also skipped
# `layering` and `solver_bench` fails and names both; one that skipped nothing
# passes.
set -u
build=$1
here=$(dirname "$0")
source "$here/check_lib.sh"
gpu=$(ctest --test-dir "$build" -N -L '^gpu$' | sed -nE 's/^ *Test +#[0-9]+: (.*)$/\1/p' | head -1)
[ -n "$gpu" ] || { echo "skip: no test labelled gpu in $build"; exit 77; }
printf 'Total Test time (real) = 1.00 sec\n\nThe following tests did not run:\n\t  8 - %s (Skipped)\n' "$gpu" >"$tmp/gpu.log"
cp "$tmp/gpu.log" "$tmp/more.log"
printf '\t 12 - layering (Skipped)\n\t 51 - solver_bench (Skipped)\n' >>"$tmp/more.log"
printf '100%% tests passed, 0 tests failed out of 3\n' >"$tmp/none.log"
bash "$here/ci_skips.sh" "$build" "$tmp/gpu.log" >"$tmp/out" 2>&1 &&
  grep -q '^CI: 1 GPU-only tests skipped' "$tmp/out" && pass "only $gpu skipped: passes" ||
  fail "only $gpu skipped: $(cat "$tmp/out")"
bash "$here/ci_skips.sh" "$build" "$tmp/more.log" >"$tmp/out" 2>&1
rc=$?
[ $rc = 1 ] && grep -q '^  layering (Skipped)$' "$tmp/out" && grep -q '^  solver_bench (Skipped)$' "$tmp/out" &&
  ! grep -q "^  $gpu " "$tmp/out" && pass "layering and solver_bench skipped: exit 1 naming both" ||
  fail "layering and solver_bench skipped: rc $rc, $(cat "$tmp/out")"
bash "$here/ci_skips.sh" "$build" "$tmp/none.log" >"$tmp/out" 2>&1 && pass "nothing skipped: passes" ||
  fail "nothing skipped: $(cat "$tmp/out")"
finish
