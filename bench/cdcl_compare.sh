#!/usr/bin/env bash
# Runs solvers side by side over corpus instances and prints one TSV row per
# (instance, solver): path, family, solver, answer (10/20/0), CPU seconds
# (user + sys, from /usr/bin/time, so that a loaded machine's waiting is not
# counted), propagations (gsat --stats, MiniSat's own line; "-" otherwise).
#   bench/cdcl_compare.sh LIMIT REGEX_SKIP NAME=COMMAND... > out.tsv
# e.g. bench/cdcl_compare.sh 60 'uf|flat|pigeon|quirks' \
#        "vsids=build-c/solver/gsat --search=cdcl --stats" "minisat=minisat"
set -u
limit=$1 skip=$2
shift 2
manifest=$(dirname "$0")/../../shared/bench/manifest.tsv
base=$(dirname "$manifest")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf 'path\tfamily\tsolver\tanswer\tcpu_s\tpropagations\n'
while IFS=$'\t' read -r path family vars clauses answer rest; do
  [ "$path" = path ] && continue
  [[ $path =~ $skip ]] && continue
  for spec in "$@"; do
    name=${spec%%=*} cmd=${spec#*=}
    f=$base/$path
    if [[ $name == minisat* || $name == cadical* ]] && [[ $f == *.gz ]]; then
      gzip -dc "$f" >"$tmp/in.cnf"
      f=$tmp/in.cnf
    fi
    # shellcheck disable=SC2086
    /usr/bin/time -f '%U %S' -o "$tmp/time" timeout -s KILL "$limit" $cmd "$f" \
      >"$tmp/out" 2>/dev/null </dev/null
    rc=$?
    [ $rc = 10 ] || [ $rc = 20 ] || rc=0
    cpu=$(awk 'END { printf "%.3f", $1 + $2 }' "$tmp/time" 2>/dev/null)
    props=$(grep -E '^c propagations +[0-9]+$|^propagations +:' "$tmp/out" | head -1 |
      awk '{ for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+$/) { print $i; exit } }')
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$path" "$family" "$name" "$rc" "$cpu" "${props:--}"
  done
done <"$manifest"
