#!/bin/sh
# Wall seconds of the CPU searches on each FILE, for the CPU-only share of
# --search=auto (core/choose.c gsat_choose_search with on_gpu 0).
# Usage: bench/search_cpu.sh GSAT REPS LIMIT FILE...
# Each FILE is solved REPS times with --search=dpll and --search=cdcl (the
# two alternating), --backend=cpu and the default threads, at most LIMIT
# seconds a run; prints per file the answer and the minimum wall seconds of
# each search (LIMIT when it gave no answer).
gsat=$1 reps=$2 limit=$3
shift 3
wall() { # SEARCH FILE: "ANSWER SECONDS"
  t0=$(date +%s.%N)
  a=$("$gsat" -n -q --backend=cpu --search="$1" --time-limit="$limit" "$2" 2>/dev/null | sed -n 's/^s //p')
  t1=$(date +%s.%N)
  echo "$a $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", b - a }')"
}
min() { awk -v a="$1" -v b="$2" 'BEGIN { print (a + 0 < b + 0) ? a : b }'; } # (no bc on the GPU machine)
printf '%-28s %-14s %9s %9s\n' file answer dpll cdcl
for f in "$@"; do
  best_d=999999 best_c=999999 ans=
  r=0
  while [ "$r" -lt "$reps" ]; do
    for s in dpll cdcl; do
      set -- $(wall "$s" "$f")
      [ "$1" = UNKNOWN ] && set -- UNKNOWN "$limit"
      [ "$1" != UNKNOWN ] && ans=$1
      if [ "$s" = dpll ]; then best_d=$(min "$2" "$best_d")
      else best_c=$(min "$2" "$best_c"); fi
    done
    r=$((r + 1))
  done
  printf '%-28s %-14s %9.3f %9.3f\n' "$(basename "$f")" "${ans:-UNKNOWN}" "$best_d" "$best_c"
done
