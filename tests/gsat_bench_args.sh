#!/bin/bash
# gsat-bench's --configs (CTest test `gsat_bench_args`):
#   tests/gsat_bench_args.sh GSAT_BENCH
# An unknown configuration is refused (exit 1, a message naming it) before
# anything is printed or the --csv file is created.
set -u
bench=$1
source "$(dirname "$0")/check_lib.sh"
"$bench" --configs=cpu1,nosuch --csv="$tmp/x.csv" /dev/null >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc = 1 ] && [ ! -s "$tmp/out" ] && [ ! -e "$tmp/x.csv" ] &&
  grep -q "unknown configuration 'nosuch'" "$tmp/err"; then
  pass "--configs=cpu1,nosuch -> 1, nothing printed, no CSV"
else
  fail "--configs=cpu1,nosuch -> rc $rc, stdout: $(head -c 100 "$tmp/out")"
fi
finish
