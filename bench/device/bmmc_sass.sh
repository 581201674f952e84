#!/usr/bin/env bash
# Register/spill facts and per-kernel memory opcodes of bmmc_bench (called by
# bench/device/bmmc.sh).  Usage: bmmc_sass.sh BIN OUTDIR
set -u
BIN=$1
OUT=$2
demangle() { if command -v c++filt >/dev/null; then c++filt; else cat; fi; }
echo "-- resource usage (REG = registers, STACK/LOCAL > 0 would mean spills)"
cuobjdump -res-usage "$BIN" 2>&1 | demangle |
  awk '/Function/ { name = $0; next }
       /REG:/ && name ~ /bmmc_tiled|bmmc_naive|copy_/ {
         sub(/^.*Function /, "", name); sub(/\(.*$/, "", name)
         printf "  %-58s %s\n", substr(name, 1, 58), $0 }' |
  sed -E 's/[[:space:]]+/ /g' | sort -u
cuobjdump -sass "$BIN" >"$OUT/bmmc.sass" 2>&1 || exit 1
echo "-- instructions and memory opcodes per kernel (order: first use)"
demangle <"$OUT/bmmc.sass" | awk '
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
  END { flush() }' | grep -E 'bmmc_tiled|bmmc_naive|copy_'
