#!/usr/bin/env bash
# The CPU+GPU portfolio (--backend=auto, issue 18) on the device machine: wall
# times measured from outside the process (bash EPOCHREALTIME around each
# run), the portfolio's knobs and the stop paths.  Layout (carried to the
# device): $D/gsat (a CUDA build), $D/bench (a copy of ../shared/bench),
# $D/check-answers (../shared/tools), $D/hole11.cnf (`gsat-gen php 11`);
# D defaults to .device/portfolio.
#   bash bench/device/portfolio.sh walls   gsat FILE vs --backend=cpu vs
#        --backend=gpu on uf20/uf50, uuf250, hole10/11 and structured
#        instances; --stats of auto; the CUDA phase times against the wall;
#        CUDA_MODULE_LOADING; SIGTERM and -t on the GPU and on auto;
#        check-answers over a subset with the defaults
#   bash bench/device/portfolio.sh knobs   auto with --threads=16,
#        --portfolio-gpu-delay=0.02/0.05, --fast-exit=-1 against the
#        defaults; --backend=gpu with --fast-exit=1/-1
set -u
D=${D:-.device/portfolio}
mode=${1:-walls}
G=$D/gsat
C=$D/bench/cnf
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "cores $(nproc)"
wall() {
  local t0=$EPOCHREALTIME out rc
  out=$("$@" 2>&1); rc=$?
  local t1=$EPOCHREALTIME
  local s=$(printf '%s\n' "$out" | grep -m1 '^s ' | cut -c3-)
  awk -v a="$t0" -v b="$t1" -v rc="$rc" -v s="$s" 'BEGIN{printf "%.4f %d %s\n", b-a, rc, s}'
}
# med REPS CMD...: median wall of REPS runs, with the rc and answer of the last
med() {
  local n=$1; shift; local all=() last
  for ((i = 0; i < n; i++)); do last=$(wall "$@"); all+=("${last%% *}"); done
  local m=$(printf '%s\n' "${all[@]}" | sort -g | awk '{a[NR]=$1} END{print a[int((NR+1)/2)]}')
  echo "$m ${last#* } [$(echo ${all[@]})]"
}
$G --backend=gpu -q $C/uf20/uf20-01.cnf >/dev/null # warm the driver files once
if [ "$mode" = walls ]; then
echo "== wall time (s), median of 3 unless noted; rc; answer; [all runs]"
printf '%-26s %-34s %-34s %-34s\n' instance auto cpu gpu
row() { # row NAME FILE GPUREPS GPULIMIT CPUREPS CPULIMIT
  local a=$(med 3 $G -n -t 30 "$2") c=$(med "$5" $G -n --backend=cpu -t "$6" "$2") g=$(med "$3" $G -n --backend=gpu -t "$4" "$2")
  printf '%-26s %-34s %-34s %-34s\n' "$1" "$a" "$c" "$g"
}
for f in uf20/uf20-01 uf20/uf20-010 uf50/uf50-01 uf50/uf50-010 uuf50/uuf50-01; do row ${f#*/} $C/$f.cnf 3 30 3 30; done
for f in uuf250-01 uuf250-02 uuf250-010; do row $f $C/uuf250/$f.cnf 3 30 3 30; done
row hole10 $C/pigeonhole/hole10.cnf 3 30 1 20
row hole11 $D/hole11.cnf 3 30 1 20
for f in bmc/bmc-ibm-2.cnf.gz ssa/ssa2670-130.cnf.gz logistics/logistics.a.cnf.gz flat/flat200-1.cnf.gz hanoi/hanoi4.cnf.gz dubois/dubois50.cnf; do
  row $(basename ${f%%.cnf*}) $C/$f 1 10 3 30; done
echo "== --stats of auto (members)"
for f in $C/uf20/uf20-01.cnf $C/uuf250/uuf250-01.cnf $D/hole11.cnf $C/bmc/bmc-ibm-2.cnf.gz; do
  echo "-- $f"; $G -n --stats $f | grep -E '^c (backend|portfolio|member|answered| *(cpu|gpu) )|^s '; done
echo "== -v --backend=gpu uf20-01 (phase times inside) and wall outside"
for i in 1 2 3; do t0=$EPOCHREALTIME; $G -v -n --backend=gpu $C/uf20/uf20-01.cnf | grep '^c times'; t1=$EPOCHREALTIME; awk -v a=$t0 -v b=$t1 'BEGIN{printf "   wall outside %.4f s\n", b-a}'; done
echo "== CUDA_MODULE_LOADING (--backend=gpu uf20-01, median of 5)"
for m in LAZY EAGER; do echo "$m $(CUDA_MODULE_LOADING=$m med 5 $G -n --backend=gpu $C/uf20/uf20-01.cnf)"; done
echo "== stops: SIGTERM / time limit (wall, rc, answer)"
echo "uuf250-01 --backend=gpu SIGTERM@2s: $(wall timeout -k 5 -s TERM 2 $G -n --backend=gpu $C/uuf250/uuf250-01.cnf)"
echo "uuf250-010 --backend=gpu SIGTERM@1s: $(wall timeout -k 5 -s TERM 1 $G -n --backend=gpu $C/uuf250/uuf250-010.cnf)"
echo "uuf250-01 --backend=gpu -t 2: $(wall timeout -k 5 10 $G -n --backend=gpu -t 2 $C/uuf250/uuf250-01.cnf)"
echo "hole11 --backend=gpu SIGTERM@1s: $(wall timeout -k 5 -s TERM 1 $G -n --backend=gpu $D/hole11.cnf)"
for t in 0.02 0.1 0.3 1.5; do echo "hole11 auto SIGTERM@${t}s: $(wall timeout -k 5 -s TERM $t $G -n $D/hole11.cnf)"; done
for t in 0.05 0.3 1.5; do echo "hole11 auto -t $t: $(wall timeout -k 5 10 $G -n -t $t $D/hole11.cnf)"; done
echo "hole11 auto SIGINT@0.3s stats:"; timeout -k 5 -s INT 0.3 $G -n --stats $D/hole11.cnf | grep -E '^c (stopped|portfolio|member| *(cpu|gpu) )|^s '
echo "== check-answers, auto, subset"
$D/check-answers -q -t 20 -f 'uf50/|uuf50/|pigeonhole/hole[6-9]|aim-50|dubois2|pret60|ssa|bmc-ibm-[25]|logistics|flat200' $D/bench/manifest.tsv -- $G 2>&1 | tail -5
else
echo "== auto: default (CPU threads = cores - 1) vs --threads=16, GPU delay, fast exit; median of 3"
printf '%-14s %-30s %-30s %-30s %-30s %-30s\n' instance default threads16 delay0.02 delay0.05 fastexit-1
for f in uf20/uf20-01.cnf bmc/bmc-ibm-2.cnf.gz ssa/ssa2670-130.cnf.gz logistics/logistics.a.cnf.gz hanoi/hanoi4.cnf.gz uuf250/uuf250-01.cnf uuf250/uuf250-010.cnf pigeonhole/hole10.cnf; do
  r=()
  for o in "" "--threads=16" "--portfolio-gpu-delay=0.02" "--portfolio-gpu-delay=0.05" "--fast-exit=-1"; do r+=("$(med 3 $G -n $o -t 30 $C/$f | cut -d' ' -f1-3)"); done
  printf '%-14s %-30s %-30s %-30s %-30s %-30s\n' $(basename ${f%%.cnf*}) "${r[@]}"
done
for o in "" "--threads=16" "--portfolio-gpu-delay=0.05"; do echo "hole11 $o: $(med 3 $G -n $o -t 30 $D/hole11.cnf)"; done
echo "== auto --stats uuf250-01 (member start times, context)"
$G -n --stats $C/uuf250/uuf250-01.cnf | grep -E '^c (portfolio|member| *(cpu|gpu) )'
$G -n --stats --portfolio-gpu-delay=0.05 $C/uuf250/uuf250-01.cnf | grep -E '^c (portfolio|member| *(cpu|gpu) )'
echo "== --backend=gpu uf20-01: fast exit 1 vs -1 (median of 5)"
for fe in 1 -1; do echo "fast-exit=$fe $(med 5 $G -n --backend=gpu --fast-exit=$fe $C/uf20/uf20-01.cnf)"; done
echo "== stops, auto, hole11"
for t in 0.1 1.5; do echo "SIGTERM@${t}s: $(wall timeout -k 5 -s TERM $t $G -n $D/hole11.cnf)"; done
echo "-t 1: $(wall timeout -k 5 10 $G -n -t 1 $D/hole11.cnf)"
echo "== check-answers, auto, subset"
$D/check-answers -q -t 20 -f 'uf50/|uuf50/|pigeonhole/hole[6-9]|aim-50|dubois2|pret60|ssa|bmc-ibm-[25]|logistics|flat200' $D/bench/manifest.tsv -- $G 2>&1 | tail -3
fi
