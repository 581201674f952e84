#!/usr/bin/env bash
# The include-floor check (tests/layering.py) passes on this tree and fails on
# copies of it with one include injected that runs up a floor (ground floor ->
# API, gpu -> cpu, cpu -> the distributed search, the distributed
# search -> API, the sort -> the ground floor's literal encoding, the
# product -> tests).  Usage: layering.sh [PYTHON]
set -u
. "$(dirname "$0")/check_lib.sh"
root=$(cd "$(dirname "$0")/.." && pwd)
py=${1:-python3}
check="$root/tests/layering.py"
if out=$("$py" "$check" "$root"); then pass "tree is layered: ${out##*$'\n'}"; else fail "tree: $out"; fi
inject() { # file include-line what
  rm -rf "$tmp/tree" && mkdir "$tmp/tree"
  (cd "$root" && git ls-files -z -- '*.c' '*.h' '*.cu' '*.cuh' '*.cpp' 2>/dev/null |
    xargs -0 cp --parents -t "$tmp/tree") || (cd "$root" && find solver dimacs cpu gpu bench tests \
      -name '*.[ch]' -o -name '*.cu' -o -name '*.cuh' -o -name '*.cpp' | xargs cp --parents -t "$tmp/tree")
  printf '%s\n' "$2" >> "$tmp/tree/$1"
  if out=$("$py" "$check" "$tmp/tree"); then
    fail "$3: not caught"
  elif grep -q "^$1:.*includes" <<<"$out"; then
    pass "$3: caught"
  else
    fail "$3: failed without naming $1: $out"
  fi
}
inject core/db.h '#include "api/gsat.h"' "ground floor includes the API"
inject base/status.h '#include "core/literal.h"' "base includes the ground floor"
inject gpu/search.h '#include "cpu/cpu_ref.h"' "gpu includes cpu"
inject kernels/bcfsort_index.h '#include "core/literal.h"' "the sort includes the literal encoding"
inject dimacs/dimacs.h '#include "gpu/search.h"' "dimacs includes gpu"
inject cpu/cpu_ref.h '#include "mpi/dist.h"' "cpu includes the distributed search"
inject mpi/dist.h '#include "api/gsat.h"' "the distributed search includes the API"
inject core/db.c '#include "tests/test_skip.h"' "the product includes tests/"
finish
