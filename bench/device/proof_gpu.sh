#!/usr/bin/env bash
# DRAT proofs of the GPU CDCL search (issue 17, cdcl.md section 5), run ON THE
# GPU MACHINE from the repository root of the device copy:
#   D=.device/gpuproof bash bench/device/proof_gpu.sh
# D (staged on the development machine, see --stage) holds bin/gsat (a CUDA
# build), bin/drat-trim, lib/ (liblzma.so.5, libbz2.so.1.0) and cnf/ with the
# UNSAT instances of the CI subset (tests/proof_cdcl.sh's pick), plain CNF.
# Every instance: `gsat --search=cdcl --backend=gpu --time-limit=LIMIT
# --proof=...`; each proof of an UNSAT answer goes to drat-trim (-t CHECK,
# JOBS at once, while the next instances are solved); then the NOPROOF
# instances that took longest run again without --proof.  Writes to $OUT
# (or /tmp): solve.tsv (instance, rc, wall s, search s, proof bytes,
# records), check.tsv (instance, verdict, checker s), noproof.tsv, and
# prints the summary tables.  BUDGET: seconds for the solving loop.
# On the development machine, `bash bench/device/proof_gpu.sh --stage
# [GSAT]` fills /work/main/.device/gpuproof (GSAT: default build-cuda/gsat).
set -u
if [ "${1:-}" = --stage ]; then
  root=$(cd "$(dirname "$0")/../.." && pwd)
  dest=/work/main/.device/gpuproof
  gsat=${2:-$root/build-cuda/gsat}
  rm -rf "$dest" && mkdir -p "$dest/bin" "$dest/lib" "$dest/cnf" || exit 1
  cp "$gsat" "$dest/bin/gsat" && cp "$root/build-c/tests/drat-trim" "$dest/bin/" || exit 1
  cp "$0" "$dest/proof_gpu.sh"
  for l in liblzma.so.5 libbz2.so.1.0; do
    cp -L "$(ldconfig -p | awk -v l=$l '$1 == l {print $NF; exit}')" "$dest/lib/" || exit 1
  done
  ci='uf20/|uf50/|uuf50/|uf75/|uuf75/|uf100/|uuf100/|uf125/|uuf125/|pigeonhole/hole[678]|'
  ci+='aim-50|ais|bms/|rti/|jnh|flat(30|50|75|100)-|par8|pret60|bw/|ssa0432|'
  ci+='beijing/2bitcomp|qg[3-7]|ii8b|ii32[bc]'
  awk -F'\t' '$5 == "UNSAT" {print $1}' "$root/../shared/bench/manifest.tsv" | grep -E "$ci" |
    while read -r p; do
      n=$(basename "$p" .gz)
      if [[ $p == *.gz ]]; then gzip -dc "$root/../shared/bench/$p" >"$dest/cnf/$n"
      else cp "$root/../shared/bench/$p" "$dest/cnf/$n"; fi
    done
  mkdir -p "$dest/extra" && "$root/build-c/gsat-gen" php 10 >"$dest/extra/hole10.cnf" || exit 1
  du -sh "$dest"
  exit 0
fi
D=${D:-.device/gpuproof}
export LD_LIBRARY_PATH=$D/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
gsat=$D/bin/gsat
drat=$D/bin/drat-trim
out=${OUT:-/tmp}
work=/tmp/proof_gpu
LIMIT=${LIMIT:-10} CHECK=${CHECK:-60} JOBS=${JOBS:-12} BUDGET=${BUDGET:-150} NOPROOF=${NOPROOF:-8}
rm -rf "$work" && mkdir -p "$work" "$out" || exit 1
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader >"$out/env.txt" 2>&1
"$gsat" --version >>"$out/env.txt" 2>&1
stat_of() { awk -v k="$2" '$0 ~ "^c " k " " {for (i = 2; i <= NF; i++) if ($i ~ /^[0-9.]+$/) {print $i; exit}}' "$1"; }
check() { # instance: drat-trim verdict and time
  local n=$1 t0 t1 v
  t0=$(date +%s.%N)
  timeout $((CHECK + 15)) "$drat" "$D/cnf/$n" "$work/$n.drat" -t "$CHECK" </dev/null >"$work/$n.chk" 2>&1
  t1=$(date +%s.%N)
  if tr '\r' '\n' <"$work/$n.chk" | grep -q '^s VERIFIED'; then v=verified
  elif tr '\r' '\n' <"$work/$n.chk" | grep -qi 'timeout'; then v=timeout
  elif awk -v a="$t0" -v b="$t1" -v c="$CHECK" 'BEGIN {exit !(b - a >= c)}'; then v=timeout
  else v=failed; fi
  printf '%s\t%s\t%.2f\n' "$n" "$v" "$(awk -v a="$t0" -v b="$t1" 'BEGIN {print b - a}')" >>"$out/check.tsv"
  rm -f "$work/$n.drat"
}
: >"$out/solve.tsv"
: >"$out/check.tsv"
start=$SECONDS
for f in "$D"/cnf/*; do
  n=$(basename "$f")
  if [ $((SECONDS - start)) -ge "$BUDGET" ]; then printf '%s\tskipped\n' "$n" >>"$out/solve.tsv"; continue; fi
  t0=$(date +%s.%N)
  timeout $((LIMIT + 15)) "$gsat" --search=cdcl --backend=gpu --time-limit="$LIMIT" --stats \
    --proof="$work/$n.drat" "$f" >"$work/$n.out" 2>&1
  rc=$?
  t1=$(date +%s.%N)
  size=$(stat -c %s "$work/$n.drat" 2>/dev/null || echo 0)
  printf '%s\t%s\t%.3f\t%s\t%s\t%s\n' "$n" "$rc" "$(awk -v a="$t0" -v b="$t1" 'BEGIN {print b - a}')" \
    "$(stat_of "$work/$n.out" 'search time')" "$size" "$(stat_of "$work/$n.out" 'gpu cdcl proof')" \
    >>"$out/solve.tsv"
  if [ "$rc" = 20 ] && grep -q 'more than the .* declared' "$work/$n.out"; then
    # drat-trim reads only the declared clauses (tests/proof_cdcl.sh skips it too)
    printf '%s\tnot-checked-undeclared-clauses\t0\n' "$n" >>"$out/check.tsv"
  elif [ "$rc" = 20 ]; then
    while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do wait -n; done
    check "$n" &
  else
    rm -f "$work/$n.drat"
  fi
done
wait
# Extras: a 1 KiB ring (the smallest: searchers wait for the host), the text
# format (15 s limits), and stops with that ring on php 10 (a time limit of
# 1 s, SIGINT after 1 s): instance, options, rc, wall s, verdict.
extra() {
  local n=$1 f=$2 t0 t1 rc v=-
  shift 2
  t0=$(date +%s.%N)
  timeout 30 "$gsat" --search=cdcl --backend=gpu --proof="$work/$n.drat" "$@" "$f" >"$work/$n.out" 2>&1
  rc=$?
  t1=$(date +%s.%N)
  if [ $rc = 20 ]; then
    "$drat" "$f" "$work/$n.drat" -t "$CHECK" </dev/null 2>&1 | tr '\r' '\n' | grep -q '^s VERIFIED' &&
      v=verified || v=failed
  fi
  printf '%s\t%s\t%s\t%.3f\t%s\n' "$n" "$*" "$rc" "$(awk -v a="$t0" -v b="$t1" 'BEGIN {print b - a}')" \
    "$v" >>"$out/extra.tsv"
  rm -f "$work/$n.drat"
}
: >"$out/extra.tsv"
extra hole8-ring1k "$D/cnf/hole8.cnf" --gpu-cdcl-proof-ring=1 --stats --time-limit=15
extra hole8-text "$D/cnf/hole8.cnf" --proof-format=text --time-limit=15
extra hole10-limit1 "$D/extra/hole10.cnf" --gpu-cdcl-proof-ring=1 --time-limit=1
t0=$(date +%s.%N)
timeout -s INT 1 "$gsat" --search=cdcl --backend=gpu --gpu-cdcl-proof-ring=1 --proof="$work/int.drat" \
  "$D/extra/hole10.cnf" >"$work/int.out" 2>&1
rc=$?
t1=$(date +%s.%N)
printf 'hole10-sigint1\tSIGINT after 1 s, 1 KiB ring\t%s\t%.3f\t%s\n' "$rc" \
  "$(awk -v a="$t0" -v b="$t1" 'BEGIN {print b - a}')" "$(grep '^s ' "$work/int.out")" >>"$out/extra.tsv"
grep '^c gpu cdcl proof' "$work/hole8-ring1k.out" >>"$out/extra.tsv"
# Without the proof: the NOPROOF UNSAT instances with the longest search.
: >"$out/noproof.tsv"
awk -F'\t' '$2 == 20' "$out/solve.tsv" | sort -t$'\t' -k4,4gr | head -n "$NOPROOF" |
  while IFS=$'\t' read -r n rc wall search size rec; do
    timeout $((LIMIT + 15)) "$gsat" --search=cdcl --backend=gpu --time-limit="$LIMIT" --stats \
      "$D/cnf/$n" >"$work/$n.np" 2>&1
    printf '%s\t%s\t%s\t%s\t%s\n' "$n" "$?" "$search" "$(stat_of "$work/$n.np" 'search time')" "$size" \
      >>"$out/noproof.tsv"
  done
echo "== env"; cat "$out/env.txt"
echo "== extras (instance options rc wall verdict)"; cat "$out/extra.tsv"
echo "== solve (instance rc wall search bytes records)"; cat "$out/solve.tsv"
echo "== check"; cat "$out/check.tsv"
echo "== without proof (instance rc search-with search-without bytes)"; cat "$out/noproof.tsv"
echo "== summary"
awk -F'\t' '{rc[$2]++} END {for (r in rc) printf "gsat rc %s: %d\n", r, rc[r]}' "$out/solve.tsv"
awk -F'\t' '{v[$2]++; t[$2] += $3; if ($3 > m[$2]) m[$2] = $3}
  END {for (k in v) printf "drat-trim %s: %d (total %.1f s, max %.1f s)\n", k, v[k], t[k], m[k]}' "$out/check.tsv"
awk -F'\t' '$2 == 20 {s += $5; if ($5 > m) m = $5; n++} END {printf "proofs: %d, %.1f MB in all, largest %.1f MB\n", n, s / 1e6, m / 1e6}' "$out/solve.tsv"
