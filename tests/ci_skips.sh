#!/bin/bash
# A CI run may skip only the GPU-only tests (tests/run_all.sh with CI=true):
#   tests/ci_skips.sh BUILD_DIR CTEST_OUTPUT [CTEST]
# reads the list "The following tests did not run:" of a ctest run's output
# CTEST_OUTPUT and the tests labelled gpu in BUILD_DIR (ctest -N -L gpu:
# the device tests, which skip without a usable GPU, and the placeholders of
# tests that only a CUDA build has); prints and exits 1 when any other test
# was skipped, naming each with ctest's note, else prints how many GPU-only
# tests were skipped and exits 0.
set -u
build=$1 log=$2 ctest=${3:-ctest}
gpu_only=$("$ctest" --test-dir "$build" -N -L '^gpu$' | sed -nE 's/^ *Test +#[0-9]+: (.*)$/\1/p' | sort -u)
skipped=$(sed -n '/^The following tests did not run:/,/^[^[:space:]]/p' "$log" |
  sed -nE 's/^[[:space:]]+[0-9]+ - ([^ ]+) \((.*)\)$/\1 \2/p')
bad=""
n=0
while read -r name why; do
  [ -n "$name" ] || continue
  if echo "$gpu_only" | grep -qxF "$name"; then
    n=$((n + 1))
  else
    bad+="  $name ($why)"$'\n'
  fi
done <<<"$skipped"
if [ -n "$bad" ]; then
  echo "CI: tests skipped that are not GPU-only (install what they need; ctest -V -R NAME says what):"
  printf '%s' "$bad"
  exit 1
fi
echo "CI: $n GPU-only tests skipped, no other test skipped"
