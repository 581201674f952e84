#!/usr/bin/env bash
# Every named sort variant against CUB at 2^24 and 2^28 (issue 4; the variant
# table of bench/RESULTS.md section 3): one round of bench/device/sortround.sh
# over all variants, files in $OUT (else bench/out/sortperf), timings in
# round.csv.  Run from anywhere:  bash bench/device/sortperf.sh
export OUT=${OUT:-bench/out/sortperf}
exec bash "$(dirname "$0")/sortround.sh" "" 24,28
