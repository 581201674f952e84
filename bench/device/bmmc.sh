#!/usr/bin/env bash
# BMMC/BPC permutations on the GPU machine: device checks and bandwidth
# against copies.  Run from the repository root (it builds what it needs):
#   bash bench/device/bmmc.sh                 (about 3 minutes)
# Steps (each runs even when an earlier one failed):
#   build   Release build of bmmc_bench and device_check (no cmocka needed)
#   check   device_check bmmc 28: every kernel variant against the CPU
#           scatter, n up to 28 and the 64-bit index path at n = 32, 33
#   bench   bmmc_bench: copies and permutations at n = 24..30 with the
#           geometry sweep at n = 28; the targets at n = 28
#   sass    registers and spills (cuobjdump -res-usage) and the memory
#           opcodes of each permutation and copy kernel (cuobjdump -sass)
# $OUT (default bench/out/bmmc): bmmc_bench.csv, bmmc.sass, one log per step.
# Bank conflicts and the sanitizers: profile.sh.
set -u
export OUT=${OUT:-bench/out/bmmc}
. "$(dirname "$0")/common.sh" # cd to the repository root, B=build-dev
BIN=$B/bench/bmmc_bench
KERNELS='bmmc_tiled|bmmc_naive|copy_'

# sass: resource usage and per-kernel memory opcodes (order: first use)
sass() {
  echo "-- resource usage (REG = registers, STACK/LOCAL > 0 would mean spills)"
  cuobjdump -res-usage "$BIN" 2>&1 | c++filt |
    awk -v k="$KERNELS" '/Function/ { name = $0; next }
         /REG:/ && name ~ k { sub(/^.*Function /, "", name); sub(/\(.*$/, "", name)
           printf "  %-58s %s\n", substr(name, 1, 58), $0 }' |
    sed -E 's/[[:space:]]+/ /g' | sort -u
  cuobjdump -sass "$BIN" >"$OUT/bmmc.sass" 2>&1 || return 1
  echo "-- instructions and memory opcodes per kernel"
  c++filt <"$OUT/bmmc.sass" | awk '
    function flush() { if (f != "") printf "  %-58s %4d instr:%s\n", substr(f, 1, 58), n, ops }
    /Function :/ { flush(); f = $0; sub(/^.*Function : /, "", f); sub(/\(.*$/, "", f)
                   n = 0; ops = ""; split("", c); next }
    /^[[:space:]]+\/\*[0-9a-f]+\*\// {
      n++
      if (match($0, /(LDGSTS|LDG|STG|LDS|STS)(\.[A-Z0-9_]+)*/)) {
        op = substr($0, RSTART, RLENGTH)
        if (!(op in c)) ops = ops " " op
        c[op]++
      }
    }
    END { flush() }' | grep -E "$KERNELS"
}

step build 300 bash bench/device/build.sh bmmc_bench device_check
step check 200 "$B/tests/support/device_check" bmmc 28
step bench 200 "$BIN" --csv "$OUT/bmmc_bench.csv"
sass >"$OUT/sass.log" 2>&1
summary
echo "-- check:"; grep -E '^(FAIL|bmmc check)' "$OUT/check.log" | head -20
echo "-- bench (n=28):"; sed -n '/^TARGETS/,$p' "$OUT/bench.log"
if [ -f "$OUT/bmmc_bench.csv" ]; then
  echo "-- best sweep configurations at n=28 (case, elem bytes, GB/s, of copy):"
  grep -E '^sweep' "$OUT/bmmc_bench.csv" | sort -t, -k5 -g -r |
    awk -F, '{print "  " $1, $3 "B", $5, $6}' | head -12
fi
echo "-- sass:"; head -70 "$OUT/sass.log"
