#!/usr/bin/env bash
# The GPU CDCL search (issue 17) on the device machine: correctness, memcheck
# and a rate table.  Run from the repository root with gsat (a CUDA build) and
# the corpus in $D (default .device/gpucdcl: gsat, check-answers, bench/
# with manifest.tsv and cnf/):
#   BUDGET=420 bash bench/device/cdcl.sh
# Steps (each runs even when an earlier one failed):
#   smoke    --stats on uf50-01 (SAT) and hole6 (UNSAT)
#   check-a, check-b  check-answers -q -t 10 over the CI subset (the pick of
#            tests/corpus.sh) with --search=cdcl --backend=gpu, in two shards
#            run at once (odd and even rows)
#   memcheck compute-sanitizer --tool memcheck on uf50-01 and hole6
#            (8 searchers)
#   rates    --stats --time-limit=$RATE_LIMIT (8) on a few structured instances
#            with each configuration of $RATES (comma-separated; default GPU
#            CDCL and CPU CDCL on 16 threads): propagations/s and conflicts/s
# $OUT (default bench/out/cdcl): one log per step, rates.txt.
set -u
D=${D:-.device/gpucdcl}
export OUT=${OUT:-bench/out/cdcl}
. "$(dirname "$0")/common.sh"
D=$PWD/$D
G=$D/gsat
# the libraries of a binary built on another machine travel in $D/lib
[ -d "$D/lib" ] && export LD_LIBRARY_PATH=$D/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export PATH=$PATH:/usr/local/cuda/bin
CNF=$D/bench/cnf
pick='uf20/|uf50/|uuf50/|uf75/|uuf75/|uf100/|uuf100/|uf125/|uuf125/|pigeonhole/hole[678]|'
pick+='aim-50|ais|bms/|rti/|jnh|flat(30|50|75|100)-|par8|pret60|bw/|ssa0432|'
pick+='beijing/2bitcomp|qg[3-7]|ii8b|ii32[bc]'
nvidia-smi -L
smoke() {
  for f in uf50/uf50-01.cnf pigeonhole/hole6.cnf; do
    "$G" --search=cdcl --backend=gpu --stats --no-model "$CNF/$f"; echo "exit $?"
  done
}
shard() { # $1: 0 or 1, the rows kept
  awk -v k="$1" 'NR == 1 || NR % 2 == k' "$D/bench/manifest.tsv" > "$D/bench/shard$1.tsv"
  "$D/check-answers" -q -t 10 -f "$pick" "$D/bench/shard$1.tsv" -- "$G" --search=cdcl --backend=gpu
}
memcheck() {
  for f in uf50/uf50-01.cnf pigeonhole/hole6.cnf; do
    compute-sanitizer --tool memcheck --error-exitcode 99 "$G" --search=cdcl --backend=gpu \
      --gpu-cdcl-searchers=8 --no-model "$CNF/$f" | grep -E '^s |ERROR SUMMARY|Invalid'
    echo "exit ${PIPESTATUS[0]}"
  done
}
rates() {
  for f in satcomp/manol-pipe-f6n.cnf.gz satcomp/32bits_11.dimacs.cnf.gz bmc/bmc-galileo-8.cnf.gz \
           beijing/e0ddr2-10-by-5-4.cnf.gz pigeonhole/hole9.cnf; do
    for cfg in "${CONFIGS[@]}"; do
      /usr/bin/time -f "wall %e s" "$G" --search=cdcl $cfg --stats --no-model --time-limit=$LIMIT \
        "$CNF/$f" > "$OUT/rate.out" 2>&1
      props=$(awk '/^c propagations /{print $3; exit}' "$OUT/rate.out")
      confl=$(awk '/^c conflicts /{print $3; exit}' "$OUT/rate.out")
      st=$(awk '/^c search time /{print $4; exit}' "$OUT/rate.out")
      ans=$(awk '/^s /{print $2; exit}' "$OUT/rate.out")
      echo "$f|$cfg|$ans|$st|$props|$confl" | tee -a "$OUT/rates.txt"
      grep -E '^c (gpu cdcl|workers|context|kernel|shared)' "$OUT/rate.out"
    done
  done
}
step smoke 60 bash -c "$(declare -f smoke); G=$G CNF=$CNF smoke"
(step check-a 170 bash -c "$(declare -f shard); D=$D G=$G pick='$pick' shard 0") &
step check-b 170 bash -c "$(declare -f shard); D=$D G=$G pick='$pick' shard 1"
wait
step memcheck 60 bash -c "$(declare -f memcheck); G=$G CNF=$CNF memcheck"
# RATES: the configurations of the rate table, separated by commas
RATES=${RATES:---backend=gpu,--backend=cpu --threads=16}
step rates 100 bash -c "$(declare -f rates); IFS=, read -ra CONFIGS <<< '$RATES'; \
  G=$G CNF=$CNF OUT=$OUT LIMIT=${RATE_LIMIT:-8} rates"
summary
echo "-- smoke:"; grep -E '^(s |exit|c (search time|conflicts|propagations|gpu cdcl|workers))' "$OUT/smoke.log"
echo "-- check-answers:"; grep -hE 'FAIL|check-answers:' "$OUT/check-a.log" "$OUT/check-b.log" | head -20
echo "-- memcheck:"; cat "$OUT/memcheck.log" | tail -8
echo "-- rates (instance|config|answer|search s|propagations|conflicts):"; cat "$OUT/rates.txt" 2>/dev/null
