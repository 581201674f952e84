#!/usr/bin/env bash
# Stages what the solver benchmarks (cdcl_gpu.sh, wall.sh, and
# bench/solver_bench.sh itself) need on the GPU machine, which has no ../shared,
# no MiniSat, no CaDiCaL and no internet.  Run it HERE, on the development
# machine, then name the folder in the device call's carry list:
#   bash bench/device/stage.sh [--dest=DIR] [--gsat=PATH] [--only=REGEX] [--php12] [--clean]
# DIR (default /work/main/.device/bench when /work/main exists, the checkout
# the device tool copies; else .device/bench of this checkout) receives:
#   manifest.tsv        the manifest rows of the staged instances, plus
#                       cnf/php/hole11.cnf (and with --php12 hole12.cnf:
#                       `gsat-gen php N`, UNSAT)
#   cnf/...             the instances of ../shared/bench (all of them, 9 MB,
#                       or those whose path matches --only=REGEX)
#   check-answers       ../shared/tools/check-answers (its model check)
#   bin/minisat, bin/cadical, lib/, VERSIONS.txt   `bench/report stage-solvers`
#   bin/drat-trim       built from ../shared/tools/drat-trim/drat-trim.c
#   bin/gsat            only with --gsat=PATH (a CUDA build made here, e.g.
#                       build-test/gsat); without it the device scripts
#                       build gsat there (bench/device/build.sh, about a minute)
# gsat-gen comes from GSAT_GEN, else build-c, build-dev or build.  Checks that
# the folder stays within the device tool's carry limit (64 MiB for every
# carried path together; stops with exit 1 above 60 MiB) and prints the sizes.
# --clean empties DIR first.  Exit status 0 when everything was staged.
set -u
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
SHARED=$ROOT/../shared
dest='' gsat='' only='' php12=0 clean=0
for a in "$@"; do
  case $a in
    --dest=*) dest=${a#*=} ;;
    --gsat=*) gsat=${a#*=} ;;
    --only=*) only=${a#*=} ;;
    --php12) php12=1 ;;
    --clean) clean=1 ;;
    -h | --help) sed -n '2,/^set -u/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "stage.sh: unknown argument $a (try --help)" >&2; exit 2 ;;
  esac
done
if [ -z "$dest" ]; then
  if [ -d /work/main/.git ] || [ -f /work/main/.git ]; then dest=/work/main/.device/bench; else dest=$ROOT/.device/bench; fi
fi
[ -f "$SHARED/bench/manifest.tsv" ] || { echo "stage.sh: no $SHARED/bench/manifest.tsv" >&2; exit 1; }
[ "$clean" = 1 ] && rm -rf "$dest"
mkdir -p "$dest/cnf" "$dest/bin" || exit 1
dest=$(cd "$dest" && pwd)
fail=0

# The corpus and its manifest.
head -1 "$SHARED/bench/manifest.tsv" >"$dest/manifest.tsv"
awk -F'\t' -v only="$only" 'NR > 1 && (only == "" || $1 ~ only)' "$SHARED/bench/manifest.tsv" >"$dest/manifest.rows"
(cd "$SHARED/bench" && cut -f1 "$dest/manifest.rows" | xargs -r cp --parents -t "$dest") || fail=1
cat "$dest/manifest.rows" >>"$dest/manifest.tsv"
rm -f "$dest/manifest.rows"
gen=${GSAT_GEN:-}
for g in "$ROOT/build-c/gsat-gen" "$ROOT/build-dev/gsat-gen" "$ROOT/build/gsat-gen"; do
  [ -z "$gen" ] && [ -x "$g" ] && gen=$g
done
if [ -n "$gen" ]; then
  mkdir -p "$dest/cnf/php"
  for n in 11 $([ "$php12" = 1 ] && echo 12); do
    "$gen" php "$n" >"$dest/cnf/php/hole$n.cnf" || fail=1
    v=$(awk '/^p/ { print $3, $4; exit }' "$dest/cnf/php/hole$n.cnf")
    printf 'cnf/php/hole%s.cnf\tphp\t%s\t%s\tUNSAT\t-\t-\t-\tgsat-gen php %s\n' "$n" "${v% *}" "${v#* }" "$n" \
      >>"$dest/manifest.tsv"
  done
else
  echo "stage.sh: no gsat-gen (set GSAT_GEN or build build-c): hole11 not staged" >&2
  fail=1
fi
cp "$SHARED/tools/check-answers" "$dest/check-answers" || fail=1

# Binaries.
bash "$ROOT/bench/report" stage-solvers "$dest" >"$dest/stage-solvers.log" 2>&1 || fail=1
grep -E 'runs|NOT' "$dest/stage-solvers.log"
cc -O2 -w -std=gnu99 -o "$dest/bin/drat-trim" "$SHARED/tools/drat-trim/drat-trim.c" || fail=1
if [ -n "$gsat" ]; then
  cp -L "$gsat" "$dest/bin/gsat" || fail=1
  echo "gsat: $("$dest/bin/gsat" --version 2>&1 | head -1) (from $gsat)" >>"$dest/VERSIONS.txt"
fi
echo "drat-trim: built from $SHARED/tools/drat-trim/drat-trim.c" >>"$dest/VERSIONS.txt"
rm -f "$dest/stage-solvers.log"

bytes=$(du -sb "$dest" | cut -f1)
echo "stage.sh: $dest: $(($(wc -l <"$dest/manifest.tsv") - 1)) instances, $((bytes / 1024)) KiB in all:"
du -sh "$dest/cnf" "$dest/bin" "$dest/lib" 2>/dev/null | sed 's/^/  /'
ls -l "$dest/bin" | sed 's/^/  /'
if [ "$bytes" -gt $((60 * 1024 * 1024)) ]; then
  echo "stage.sh: $dest is over 60 MiB: too big to carry beside anything else (limit 64 MiB)" >&2
  exit 1
fi
[ "$fail" = 0 ] || echo "stage.sh: something was not staged (above)" >&2
exit "$fail"
