#!/usr/bin/env bash
# The CNF layout A/B (--gpu-layout csr against slot) on the GPU machine, in one
# device call of about 4 minutes (BUDGET seconds, default 230).  Run from the
# repository root (it builds what it needs); needs the corpus in .device/bench
# (carry .device):  bash bench/device/layout.sh
# Steps: build; check (layout_check: the GPU-built occurrence streams
# bit-identical to the host's, slot-major buckets equal to the host
# reference, radix and bcf sorts, 12 instances); verify-auto, verify-moms
# (gsat-bench: answers, models and UNSAT node counts of both layouts against
# the 1-thread CPU and the manifest, with --decide=auto and forced MOMS, which
# reads the buckets); memcheck-warp (compute-sanitizer memcheck of a slot
# run); ab-warp (the A/B: literal checks/s of each layout on pigeonhole,
# uf250/uuf250 and flat200, with the layout build times).
# $OUT (default bench/out/layout): layout_ab.csv, layout_verify.csv and
# layout_logs.tgz (the step logs).
set -u
FINAL=${OUT:-bench/out/layout}
export OUT=$FINAL/llogs
export BUDGET=${BUDGET:-230}
. "$(dirname "$0")/common.sh" # cd to the repository root, B=build-dev
C=.device/bench/cnf
G=$B/bench/gsat-bench
K=$B/bench/layout_check
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader
step build 150 bash bench/device/build.sh gsat gsat-bench layout_check gsat-gen
grep -E "error|spill" "$OUT/build.log" | head -5
$B/gsat-gen php 11 >/tmp/hole11.cnf 2>/dev/null

# 1. Device build against the host, radix and bcf sorts.
step check 40 $K $C/pigeonhole/hole10.cnf $C/uf250/uf250-01.cnf $C/uuf250/uuf250-01.cnf \
  $C/flat/flat200-1.cnf.gz $C/ii/ii8a1.cnf.gz $C/bw/bw_large.a.cnf.gz $C/ssa/ssa0432-003.cnf.gz \
  $C/ais/ais10.cnf php:12 rand:5:200:4000:7 rand:3:20000:85000:9 rand:7:300:9000:5
grep -E "^FAIL|^SKIP|layout_check:" "$OUT/check.log" | head -8

# 2. Answers, models, node counts: both layouts, decide auto and forced MOMS.
V="cpu1,warp-csr,warp-slot"
step verify-auto 45 $G --configs=$V --time-limit=3 --manifest=.device/bench/manifest.tsv \
  --csv="$FINAL/layout_verify.csv" $C/uuf50/uuf50-01.cnf $C/uf50/uf50-01.cnf \
  $C/pigeonhole/hole7.cnf $C/aim/aim-50-1_6-no-1.cnf $C/jnh/jnh1.cnf $C/flat/flat50-1.cnf.gz \
  $C/ii/ii8a1.cnf.gz $C/bms/BMS_k3_n100_m429_0.cnf $C/par/par8-1-c.cnf $C/pret/pret60_25.cnf
step verify-moms 40 $G --configs=$V --time-limit=3 --decide=moms \
  --manifest=.device/bench/manifest.tsv --csv="$OUT/verify-moms.csv" $C/uuf50/uuf50-010.cnf \
  $C/pigeonhole/hole6.cnf $C/ais/ais6.cnf $C/ii/ii8a1.cnf.gz $C/flat/flat50-1.cnf.gz \
  $C/uf75/uf75-01.cnf
sed 1d "$OUT/verify-moms.csv" >>"$FINAL/layout_verify.csv" 2>/dev/null
grep -hE "^gsat-bench" "$OUT/verify-auto.log" "$OUT/verify-moms.log" | tail -6

# 3. memcheck of the layout build and the slot readers.
S="compute-sanitizer --error-exitcode 3 --tool memcheck"
step memcheck-warp 30 $S $B/gsat --backend=gpu --gpu-layout=slot \
  --decide=moms --gpu-blocks=2 --gpu-threads=64 -q $C/uuf50/uuf50-01.cnf
grep -hE "ERROR SUMMARY|^s " "$OUT/memcheck-warp.log" | tr '\n' ' '
echo

# 4. The A/B (literal checks/s per layout; layout build time).
U=$C/uuf250/uuf250
step ab-warp 60 $G --configs=warp-csr,warp-slot --time-limit=15 --stats --csv="$FINAL/layout_ab.csv" \
  $C/pigeonhole/hole10.cnf /tmp/hole11.cnf $C/uf250/uf250-01.cnf $C/uf250/uf250-02.cnf \
  $C/uf250/uf250-03.cnf $U-01.cnf $U-02.cnf $U-03.cnf $U-04.cnf $U-05.cnf \
  $C/flat/flat200-1.cnf.gz $C/flat/flat200-2.cnf.gz
cut -d, -f1,2,5,7,8,9,10,11,18,19 "$FINAL/layout_ab.csv" | column -s, -t
grep -h "^c .*layout build" "$OUT"/ab-*.log | head -12
summary | tee "$OUT/summary.txt"
tar czf "$FINAL/layout_logs.tgz" -C "$FINAL" llogs && rm -rf "$OUT"
ls -la "$FINAL"
