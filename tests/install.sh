#!/bin/bash
# The installed library (CTest test `install`):
#   tests/install.sh CMAKE BUILD_DIR CC LIBDIR SHARED
# installs BUILD_DIR into a temporary prefix (cmake --install --prefix), checks
# the files (bin/gsat, include/gsat.h with the counter table it includes,
# include/solver/core/counters.h, and ipasir.h when the tree has one,
# LIBDIR/libgsat.a, libgsat.so when SHARED is ON, the pkg-config files), then
# builds tests/install_app.c with CC through pkg-config, against libgsat.so
# (gsat.pc) and against libgsat.a (gsat-static.pc), and runs each on tiny
# formulas (built in, plain and gzip DIMACS; SAT and UNSAT), checking the
# answer and the model.  The shared library must export exactly the functions
# that the installed headers declare.  Exit 77 (skipped) without pkg-config.
set -u
cmake=$1 build=$2 cc=$3 libdir=$4 shared=$5
src=$(cd "$(dirname "$0")/.." && pwd)
source "$(dirname "$0")/check_lib.sh"
if ! command -v pkg-config >/dev/null; then
  echo "skip: no pkg-config (Debian: apt-get install pkg-config)"
  exit 77
fi
prefix=$tmp/prefix
if "$cmake" --install "$build" --prefix "$prefix" >"$tmp/install.log" 2>&1; then
  pass "cmake --install --prefix \$tmp"
else
  fail "cmake --install: $(tail -n 5 "$tmp/install.log")"
  finish
  exit
fi
want="bin/gsat include/gsat.h include/solver/core/counters.h $libdir/libgsat.a $libdir/pkgconfig/gsat.pc $libdir/pkgconfig/gsat-static.pc"
[ "$shared" = ON ] && want="$want $libdir/libgsat.so"
[ -e "$src/solver/api/ipasir.h" ] && want="$want include/ipasir.h"
for f in $want; do
  [ -e "$prefix/$f" ] && pass "installed $f" || fail "not installed: $f"
done
export PKG_CONFIG_PATH=$prefix/$libdir/pkgconfig

printf 'p cnf 3 3\n1 2 0\n-1 0\n-2 3 0\n' >"$tmp/sat.cnf"
gzip -c "$tmp/sat.cnf" >"$tmp/sat.cnf.gz"
printf 'p cnf 2 4\n1 2 0\n-1 2 0\n1 -2 0\n-1 -2 0\n' >"$tmp/unsat.cnf"

# check_app NAME: runs $tmp/NAME on each formula and checks answer and model.
check_app() {
  local app=$tmp/$1 out rc
  for input in "" "$tmp/sat.cnf" "$tmp/sat.cnf.gz" "$tmp/unsat.cnf"; do
    out=$("$app" $input 2>&1)
    rc=$?
    case "$input" in
      "") want="s SATISFIABLE|v -1 2|c gsat " want_rc=10 ;;
      *unsat*) want="s UNSATISFIABLE|c gsat " want_rc=20 ;;
      *) want="s SATISFIABLE|v -1 2 3|c gsat " want_rc=10 ;;
    esac
    got=$(echo "$out" | tr '\n' '|' | sed 's/c gsat .*/c gsat /')
    if [ $rc = $want_rc ] && [ "$got" = "$want" ]; then
      pass "$1 ${input:+on $(basename "$input")}: exit $rc, ${want//|/ / }"
    else
      fail "$1 ${input:+on $(basename "$input")}: rc $rc (want $want_rc), output '$got' (want '$want')"
    fi
  done
}

# Static: gsat-static.pc names libgsat.a and what it needs.
flags=$(pkg-config --cflags --libs gsat-static) || fail "pkg-config gsat-static"
if "$cc" "$src/tests/install_app.c" -o "$tmp/app_static" $flags 2>"$tmp/cc.log"; then
  pass "cc app.c \$(pkg-config --cflags --libs gsat-static): $flags"
  readelf -d "$tmp/app_static" | grep -q 'NEEDED.*libgsat' &&
    fail "app_static needs libgsat.so" || check_app app_static
else
  fail "static link: $(head -c 600 "$tmp/cc.log")"
fi

# Shared: gsat.pc (-lgsat finds libgsat.so before libgsat.a).
if [ "$shared" = ON ]; then
  flags=$(pkg-config --cflags --libs gsat) || fail "pkg-config gsat"
  if "$cc" "$src/tests/install_app.c" -o "$tmp/app_shared" $flags \
    -Wl,-rpath,"$prefix/$libdir" 2>"$tmp/cc.log"; then
    pass "cc app.c \$(pkg-config --cflags --libs gsat): $flags"
    readelf -d "$tmp/app_shared" | grep -q 'NEEDED.*libgsat\.so' &&
      check_app app_shared || fail "app_shared does not load libgsat.so"
  else
    fail "shared link: $(head -c 600 "$tmp/cc.log")"
  fi
  # The exports: the functions declared in the installed headers, no more.
  declared=$(cat "$prefix"/include/gsat.h "$prefix"/include/ipasir.h 2>/dev/null |
    grep -oE '^(GSAT_API|IPASIR_API|const|void|int)[^;]*[ *](gsat|ipasir)_[a-z0-9_]+ *\(' |
    grep -oE '(gsat|ipasir)_[a-z0-9_]+ *\($' | tr -d ' (' | sort -u)
  exported=$(nm -D --defined-only "$prefix/$libdir/libgsat.so" | awk '$2 == "T" { print $3 }' | sort -u)
  if [ -n "$declared" ] && [ "$declared" = "$exported" ]; then
    pass "libgsat.so exports the $(echo "$declared" | wc -l) declared functions, nothing else"
  else
    fail "exports differ from the declarations: $(diff <(echo "$declared") <(echo "$exported") | head -20 | tr '\n' ' ')"
  fi
  nm -D --defined-only "$prefix/$libdir/libgsat.so" | awk '$2 != "T" && $2 != "A"' | grep -q . &&
    fail "libgsat.so exports data: $(nm -D --defined-only "$prefix/$libdir/libgsat.so" | awk '$2 != "T" && $2 != "A"' | head -5 | tr '\n' ' ')" ||
    pass "libgsat.so exports no data symbols"
fi
finish
