#!/bin/bash
# Checks that the C, C++ and CUDA sources are formatted by the repository's
# .clang-format (docs/testing.md, "Formatting"):
#   tests/format.sh ROOT [CLANG_FORMAT]
# Exits 0 when every file is formatted, 1 naming the files that are not (run
# `clang-format -i FILE` on them), 77 (skipped) without clang-format 14: other
# majors format some constructs differently, so only 14 (Debian 12's) decides.
set -u
root=$1 cf=${2:-clang-format}
if ! command -v "$cf" >/dev/null 2>&1; then
  echo "format: $cf not found (apt-get install clang-format)"
  exit 77
fi
major=$("$cf" --version | sed -nE 's/.*version ([0-9]+).*/\1/p')
if [ "$major" != 14 ]; then
  echo "format: $cf is version ${major:-unknown}; the sources are formatted by clang-format 14"
  exit 77
fi
cd "$root" || exit 2
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  files=$(git ls-files '*.c' '*.h' '*.cu' '*.cuh' '*.cpp')
else
  files=$(find . -path './build*' -prune -o -path './.*' -prune -o \
    \( -name '*.c' -o -name '*.h' -o -name '*.cu' -o -name '*.cuh' -o -name '*.cpp' \) -print)
fi
bad=""
for f in $files; do
  [ -f "$f" ] || continue
  "$cf" --dry-run --Werror "$f" >/dev/null 2>&1 || bad+=" $f"
done
if [ -n "$bad" ]; then
  echo "format: not formatted by .clang-format (clang-format -i FILE...):$bad"
  exit 1
fi
echo "format: $(echo $files | wc -w) files formatted"
