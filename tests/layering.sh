#!/usr/bin/env bash
# The include-floor check (tests/layering.py) passes on this tree and fails on
# copies of it with one include injected that runs up a floor (core -> api,
# base -> core, gpu -> cpu, kernels -> core, kernels -> gpu, dimacs -> gpu,
# cpu -> mpi, mpi -> api, api -> app, the product -> tests), and the floor
# table of docs/design.md is checked against the floor list.
# Usage: layering.sh [PYTHON]
set -u
. "$(dirname "$0")/check_lib.sh"
root=$(cd "$(dirname "$0")/.." && pwd)
py=${1:-python3}
check="$root/tests/layering.py"
if out=$("$py" "$check" "$root"); then pass "tree is layered: ${out##*$'\n'}"; else fail "tree: $out"; fi
inject() { # file include-line what
  rm -rf "$tmp/tree" && mkdir "$tmp/tree"
  (cd "$root" && git ls-files -z -- '*.c' '*.h' '*.cu' '*.cuh' '*.cpp' 2>/dev/null |
    xargs -0 cp --parents -t "$tmp/tree") || (cd "$root" && find base kernels core dimacs cpu gpu mpi api app bench tests \
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
inject kernels/bmmc.h '#include "gpu/occ.h"' "kernels include gpu"
inject dimacs/dimacs.h '#include "gpu/search.h"' "dimacs includes gpu"
inject cpu/cpu_ref.h '#include "mpi/dist.h"' "cpu includes the distributed search"
inject mpi/dist.h '#include "api/gsat.h"' "the distributed search includes the API"
inject api/race.h '#include "app/batch.h"' "the library includes the CLI"
inject core/db.c '#include "tests/test_skip.h"' "the product includes tests/"
# The floor table of docs/design.md (CTest docs_floors) is checked, not copied:
# a copy of the doc with one floor's line changed fails the check.
sed 's/^| 0 | `base\/` | .*/| 0 | `base\/` | something else |/' "$root/docs/design.md" > "$tmp/design.md"
if cmp -s "$root/docs/design.md" "$tmp/design.md"; then
  fail "floor table: no base/ row in docs/design.md"
elif "$py" "$check" --check-doc "$tmp/design.md" >/dev/null; then
  fail "floor table: a changed row not caught"
else
  pass "floor table: a changed row caught"
fi
finish
