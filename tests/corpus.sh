#!/usr/bin/env bash
# The benchmark corpus through the CLI, checked by ../shared/tools/check-answers
# (answers against the manifest, every model against the formula): at least 150
# instances that the CPU backend finishes within a short limit, 0 failures.
# Skips (exit 77) when ../shared/bench is absent.
# Usage: corpus.sh GSAT_BINARY [GSAT_OPTION...]  (default: --backend=cpu --threads=2)
set -u
gsat=$1
shift
[ $# -gt 0 ] || set -- --backend=cpu --threads=2
here=$(cd "$(dirname "$0")" && pwd)
shared=$here/../../shared
if [ ! -f "$shared/bench/manifest.tsv" ] || [ ! -x "$shared/tools/check-answers" ]; then
  echo "corpus test skipped: $shared/bench not found"
  exit 77
fi
# Families and sizes that plain DPLL finishes in well under a second (measured in
# bench/RESULTS.md); at least some of every structured family it can solve.
pick='uf20/|uf50/|uuf50/|uf75/|uuf75/|uf100/|uuf100/|uf125/|uuf125/|pigeonhole/hole[678]|'
pick+='aim-50|ais|bms/|rti/|jnh|flat(30|50|75|100)-|par8|pret60|bw/|ssa0432|'
pick+='beijing/2bitcomp|qg[3-7]|ii8b|ii32[bc]'
out=$(mktemp)
"$shared/tools/check-answers" -q -t 10 -f "$pick" "$shared/bench/manifest.tsv" -- \
  "$gsat" "$@" | tee "$out"
line=$(grep '^check-answers:' "$out")
rm -f "$out"
passed=$(echo "$line" | sed -E 's/.* ([0-9]+) passed.*/\1/')
failed=$(echo "$line" | sed -E 's/.* ([0-9]+) failed.*/\1/')
echo "corpus: $passed passed, $failed failed (need >= 150 passed, 0 failed)"
[ "$failed" = 0 ] && [ "$passed" -ge 150 ]
