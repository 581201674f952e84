#!/bin/bash
# DIMACS parsing speed: gsat's reader against CaDiCaL's parser, in the same run,
# on a generated random 3-SAT CNF of about 200 MB, plain and gzipped.
#   bench/parse_vs_cadical.sh [BUILD_DIR] [WORK_DIR]
# Environment: GSAT_PARSE_VARS (2000000), GSAT_PARSE_CLAUSES (8400000),
# GSAT_PARSE_REPEAT (3: best of that many runs), CADICAL (cadical).
# Columns, best of the runs:
#   gsat read        gsat-parse-bench: gsat_dimacs_read_path alone (wall time)
#   gsat read+build  the gsat CLI's parse time plus its search-database build
#                    (normalisation, occurrence streams: what CaDiCaL's parse
#                    also does, roughly: it adds every clause to its own store)
#   cadical parse    CaDiCaL's "parsed N clauses in T seconds" line (-v, with
#                    -c 0 -n: it has no parse-only mode, so it then stops at its
#                    conflict limit; only the parse line is used)
# MB/s counts uncompressed bytes for both inputs.
set -eu
build=${1:-build}
work=${2:-$build/bench-parse}
vars=${GSAT_PARSE_VARS:-2000000}
clauses=${GSAT_PARSE_CLAUSES:-8400000}
repeat=${GSAT_PARSE_REPEAT:-3}
cadical=${CADICAL:-cadical}
gen=$build/gsat-gen
bench=$build/bench/gsat-parse-bench
gsat=$build/gsat
for tool in "$gen" "$bench" "$gsat"; do
  [ -x "$tool" ] || { echo "missing $tool: build first"; exit 1; }
done
command -v "$cadical" >/dev/null || { echo "missing $cadical (apt-get install cadical)"; exit 1; }
mkdir -p "$work"
cnf=$work/rand3-$vars-$clauses.cnf
if [ ! -s "$cnf" ]; then
  echo "generating $cnf"
  "$gen" rand 3 "$vars" "$clauses" 1 >"$cnf"
fi
[ -s "$cnf.gz" ] || gzip -6 -k -c "$cnf" >"$cnf.gz"
raw_mb=$(awk -v b="$(stat -c %s "$cnf")" 'BEGIN { printf "%.1f", b / 1e6 }')

best() { sort -g | head -n 1; }
gsat_read() {
  for _ in $(seq "$repeat"); do
    "$bench" "$1" | sed -n 's/^[^:]*: \([0-9.]*\) s,.*/\1/p'
  done | best
}
gsat_read_build() {
  for _ in $(seq "$repeat"); do
    "$gsat" --backend=cpu --threads=1 --node-limit=1 --stats "$1" |
      awk '/^c parse time/ { p = $4 } /^c build time/ { b = $4 } END { print p + b }'
  done | best
}
cadical_parse() {
  for _ in $(seq "$repeat"); do
    "$cadical" -v -c 0 -n "$1" 2>&1 |
      sed -n 's/^c parsed [0-9]* clauses in \([0-9.]*\) seconds.*/\1/p'
  done | best
}
rate() { awk -v mb="$raw_mb" -v s="$1" 'BEGIN { printf "%.0f", (s > 0 ? mb / s : 0) }'; }

echo "random 3-SAT, $vars variables, $clauses clauses: $raw_mb MB plain," \
  "$(awk -v b="$(stat -c %s "$cnf.gz")" 'BEGIN { printf "%.1f", b / 1e6 }') MB gzipped;" \
  "best of $repeat; $(nproc) cores, $(uname -m);" \
  "cadical $(dpkg-query -W -f '${Version}' cadical 2>/dev/null || "$cadical" --version 2>&1 | head -n 1)"
printf '| %-6s | %-18s | %-18s | %-19s | %-12s |\n' input "gsat read" "gsat read+build" \
  "cadical parse" "read speedup"
printf '|--------|--------------------|--------------------|---------------------|--------------|\n'
for input in "$cnf" "$cnf.gz"; do
  kind=plain
  [ "${input%.gz}" != "$input" ] && kind=gzip
  r=$(gsat_read "$input")
  rb=$(gsat_read_build "$input")
  c=$(cadical_parse "$input")
  printf '| %-6s | %6.2f s %4s MB/s | %6.2f s %4s MB/s | %6.2f s %5s MB/s | %11.1fx |\n' \
    "$kind" "$r" "$(rate "$r")" "$rb" "$(rate "$rb")" "$c" "$(rate "$c")" \
    "$(awk -v a="$c" -v b="$r" 'BEGIN { print (b > 0 ? a / b : 0) }')"
done
