#!/usr/bin/env bash
# Cubes for the GPU CDCL search (issue 17, cdcl.md section 4) on the device
# machine, and --search=auto with --backend=gpu.  Run from the repository root
# with $D (default .device/gpucubes) holding gsat (a CUDA build), lib/,
# check-answers, backend.sh + check_lib.sh, and bench/ (manifest.tsv, cnf/:
# bench/device/stage.sh --dest=...):
#   BUDGET=108 bash bench/device/cdcl_cubes.sh
# Steps (each runs even when an earlier one failed):
#   check-a, -b, -c  check-answers -t 10 over the CI subset (the pick of
#            tests/corpus.sh) with --search=cdcl --backend=gpu --cdcl-cubes=on,
#            three shards at once
#   onoff    --cdcl-cubes=on against off (--stats --time-limit=$LIMIT, 3) on
#            the subset's structured UNSAT instances, hole8/9, manol-pipe-f6n
#            and uuf250-01: answer, search s, conflicts, cubes taken, refuted
#   auto     --search=auto --backend=gpu against --search=dpll --backend=gpu on
#            hole10 and uuf250-01 (the choice and the search time)
#   backend  tests/backend.sh (its --search=auto --backend=gpu choices)
# $OUT (default bench/out/cdcl_cubes): one log per step, onoff.txt, auto.txt.
set -u
D=$(cd "${D:-.device/gpucubes}" && pwd)
export OUT=${OUT:-bench/out/cdcl_cubes}
. "$(dirname "$0")/common.sh"
G=$D/gsat
[ -d "$D/lib" ] && export LD_LIBRARY_PATH=$D/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
CNF=$D/bench/cnf
LIMIT=${LIMIT:-3}
pick='uf20/|uf50/|uuf50/|uf75/|uuf75/|uf100/|uuf100/|uf125/|uuf125/|pigeonhole/hole[678]|'
pick+='aim-50|ais|bms/|rti/|jnh|flat(30|50|75|100)-|par8|pret60|bw/|ssa0432|'
pick+='beijing/2bitcomp|qg[3-7]|ii8b|ii32[bc]'
nvidia-smi -L
shard() { # $1: 0, 1 or 2, the rows kept
  awk -v k="$1" 'NR == 1 || NR % 3 == k' "$D/bench/manifest.tsv" > "$D/bench/shard$1.tsv"
  "$D/check-answers" -t 10 -f "$pick" "$D/bench/shard$1.tsv" -- \
    "$G" --search=cdcl --backend=gpu --cdcl-cubes=on
}
# one line: instance|config|answer|search s|conflicts|cubes taken|refuted
one() { # $1 file, $2.. options
  local f=$1
  shift
  "$G" "$@" --stats --no-model --time-limit=$LIMIT "$CNF/$f" > "$OUT/one.out" 2>&1
  awk -v f="$f" -v cfg="$*" '
    /^s / { ans = $2 } /^c search time / { st = $4 } /^c conflicts / && !c { c = $3 }
    /^c cubes / { cu = $3 } /^c gpu cdcl cubes / { ref = $5 }
    /^c search  / && !srch { srch = $3 }
    END { printf "%s|%s|%s|%s|%s|%s|%s|%s\n", f, cfg, ans, st, c, cu, ref, srch }' "$OUT/one.out"
}
onoff() {
  local files
  files=$(awk -F'\t' -v p="$pick" 'NR > 1 && $1 ~ p && $1 !~ /uu?f[0-9]+\// && $5 == "UNSAT" {
    sub(/^cnf\//, "", $1); print $1 }' "$D/bench/manifest.tsv")
  for f in $files pigeonhole/hole9.cnf satcomp/manol-pipe-f6n.cnf.gz uuf250/uuf250-01.cnf; do
    for mode in on off; do
      one "$f" --search=cdcl --backend=gpu --cdcl-cubes=$mode | tee -a "$OUT/onoff.txt"
    done
  done
}
autochoice() {
  for f in pigeonhole/hole10.cnf uuf250/uuf250-01.cnf; do
    one "$f" --search=auto --backend=gpu | tee -a "$OUT/auto.txt"
    grep -E '^c (backend|search  )' "$OUT/one.out"
    one "$f" --search=dpll --backend=gpu | tee -a "$OUT/auto.txt"
  done
}
(step check-a 45 bash -c "$(declare -f shard); D=$D G=$G pick='$pick' shard 0") &
(step check-c 45 bash -c "$(declare -f shard); D=$D G=$G pick='$pick' shard 2") &
step check-b 45 bash -c "$(declare -f shard); D=$D G=$G pick='$pick' shard 1"
wait
step auto 20 bash -c "$(declare -f one autochoice); G=$G CNF=$CNF OUT=$OUT LIMIT=5 autochoice"
step backend 10 bash "$D/backend.sh" "$G"
step onoff 30 bash -c "$(declare -f one onoff); D=$D G=$G CNF=$CNF OUT=$OUT LIMIT=$LIMIT \
  pick='$pick' onoff"
summary
echo "-- check-answers:"; for k in a b c; do
  echo "shard $k: $(grep -cE '^PASS' "$OUT/check-$k.log") rows PASS, $(grep -cE '^FAIL' "$OUT/check-$k.log") FAIL, $(grep -cE '^UNKNOWN' "$OUT/check-$k.log") UNKNOWN"; done
grep -hE '^FAIL|check-answers:' "$OUT"/check-?.log | tail -8
echo "-- auto (instance|config|answer|search s|conflicts|cubes|refuted|search):"; cat "$OUT/auto.txt" 2>/dev/null
echo "-- backend:"; grep -E 'search=auto|failure' "$OUT/backend.log"
echo "-- on/off (instance|config|answer|search s|conflicts|cubes|refuted):"; cat "$OUT/onoff.txt" 2>/dev/null
