#!/usr/bin/env bash
# --search=auto without a GPU on the 16-core host (docs/search_auto.md): the
# CPU DPLL and CDCL searches (bench/search_cpu.sh, --backend=cpu, all cores,
# 2 runs each, at most 30 s a run) on pigeonhole (gsat-gen php 9..12) and
# uniform random 3-SAT at 4.26 clauses per variable (rand 3 250 1065 seeds
# 1-4, rand 3 300 1278 seeds 1-2), and the choice plain `gsat` makes with the
# GPU (the portfolio: DPLL for pigeonhole, as before).  Run from the
# repository root:
#   bash bench/device/search_cpu.sh
# Output: $OUT/search_cpu.txt (the table, then the plain runs' search lines).
set -u
. "$(dirname "$0")/common.sh"
[ -x "$B/gsat" ] && [ -x "$B/gsat-gen" ] || bash bench/device/build.sh gsat gsat-gen >"$OUT/build.log" 2>&1
dir=$OUT/search_cpu
mkdir -p "$dir"
files=()
for n in 9 10 11 12; do
  "$B/gsat-gen" php $n >"$dir/php$n.cnf" && files+=("$dir/php$n.cnf")
done
for s in 1 2 3 4; do
  "$B/gsat-gen" rand 3 250 1065 $s >"$dir/r250-$s.cnf" && files+=("$dir/r250-$s.cnf")
done
for s in 1 2; do
  "$B/gsat-gen" rand 3 300 1278 $s >"$dir/r300-$s.cnf" && files+=("$dir/r300-$s.cnf")
done
bash bench/search_cpu.sh "$B/gsat" 2 30 "${files[@]}" | tee "$OUT/search_cpu.txt"
for n in 10 11; do # with the GPU: the portfolio's choice
  echo "plain gsat php$n: $("$B/gsat" -n --stats -t 60 "$dir/php$n.cnf" | grep -E '^c (search|backend) ' | tr -s ' ' | tr '\n' ';')"
done | tee -a "$OUT/search_cpu.txt"
