#!/bin/bash
# The default build is the product (CTest test `quickstart`):
#   tests/quickstart.sh CMAKE SOURCE_DIR BUILD_DIR GSAT GSAT_GEN
# 1. The programs are where the README's quick start runs them: GSAT is
#    BUILD_DIR/gsat and GSAT_GEN BUILD_DIR/gsat-gen, and `gsat-gen php 4 |
#    gsat` answers UNSAT there.
# 2. A build configured with no options, as the quick start configures it
#    (here with -DGSAT_CUDA=OFF -DGSAT_MPI=OFF, only to be quick), builds no
#    tests: GSAT_TESTS is OFF, cmocka is not looked for, and its targets are
#    gsat, gsat-gen and the library, no test_* or fuzz_* target.
set -u
cmake=$1 src=$2 build=$3 gsat=$4 gen=$5
source "$(dirname "$0")/check_lib.sh"
[ "$gsat" = "$build/gsat" ] && pass "gsat is $build/gsat" || fail "gsat is $gsat, not $build/gsat"
[ "$gen" = "$build/gsat-gen" ] && pass "gsat-gen is $build/gsat-gen" || fail "gsat-gen is $gen"
"$build/gsat-gen" php 4 | "$build/gsat" -q >"$tmp/out"
rc=$?
[ $rc = 20 ] && [ "$(cat "$tmp/out")" = "s UNSATISFIABLE" ] && pass "build/gsat-gen php 4 | build/gsat: UNSAT" ||
  fail "build/gsat-gen php 4 | build/gsat: rc $rc, $(head -c 200 "$tmp/out")"
if ! "$cmake" -S "$src" -B "$tmp/b" -DGSAT_CUDA=OFF -DGSAT_MPI=OFF >"$tmp/configure.log" 2>&1; then
  fail "configure with the defaults: $(tail -n 5 "$tmp/configure.log")"
  finish
  exit
fi
grep -qx 'GSAT_TESTS:BOOL=OFF' "$tmp/b/CMakeCache.txt" && pass "GSAT_TESTS defaults to OFF" ||
  fail "GSAT_TESTS: $(grep GSAT_TESTS "$tmp/b/CMakeCache.txt")"
grep -v "^//" "$tmp/b/CMakeCache.txt" | grep -qi cmocka && fail "the default build looks for cmocka" ||
  pass "the default build does not look for cmocka"
"$cmake" --build "$tmp/b" --target help >"$tmp/targets" 2>&1
targets=$(grep -oE '(test|fuzz)_[A-Za-z0-9_]+' "$tmp/targets" | sort -u | tr '\n' ' ')
grep -qE '\.\.\. gsat$' "$tmp/targets" && grep -qE '\.\.\. gsat-gen$' "$tmp/targets" && [ -z "$targets" ] &&
  pass "the default build's targets: gsat, gsat-gen, the library; no test or fuzz target" ||
  fail "the default build's targets: test/fuzz '$targets'; $(grep -cE '\.\.\. gsat(-gen)?$' "$tmp/targets") of gsat, gsat-gen"
finish
