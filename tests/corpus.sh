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
source "$here/check_lib.sh"
need_corpus "$shared" "corpus test"
"$shared/tools/check-answers" -q -t 10 -f "$corpus_ci" "$shared/bench/manifest.tsv" -- \
  "$gsat" "$@" | tee "$tmp/out"
answer_counts "$tmp/out"
echo "corpus: $passed passed, $failed failed (need >= 150 passed, 0 failed)"
[ "$failed" = 0 ] && [ "$passed" -ge 150 ]
