#!/usr/bin/env bash
# The Release build every device script starts with: configure build-dev
# without tests (the GPU machine has no cmocka) and build the given targets
# with all cores.  Run from anywhere:
#   bash bench/device/build.sh TARGET...     (exit status: cmake's)
# Targets the scripts use: gsat, gsat-gen, gsat-bench, layout_check,
# sort_bench, bmmc_bench (bench/) and device_check (tests/support/, the
# device checks of the sort and the permutations).  Writes nothing to $OUT.
set -eu
cd "$(dirname "$0")/../.."
[ $# -gt 0 ] || { echo "usage: bash bench/device/build.sh TARGET..." >&2; exit 2; }
cmake -S . -B build-dev -DGSAT_TESTS=OFF -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build-dev -j"$(nproc)" --target "$@"
