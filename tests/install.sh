#!/bin/bash
# The installed library (CTest test `install`):
#   tests/install.sh CMAKE BUILD_DIR CC LIBDIR SHARED
# installs BUILD_DIR into a temporary prefix (cmake --install --prefix), checks
# the files (bin/gsat, bin/gsat-gen, include/gsat/gsat.h with the counter
# table it includes, include/gsat/core/counters.h, and
# include/gsat/ipasir.h when the tree has one; nothing else under include/;
# LIBDIR/libgsat.a, libgsat.so when SHARED is ON, the pkg-config files) and
# the install's ldconfig line, then builds tests/install_app.c with CC
# through pkg-config, against libgsat.so (gsat.pc) and against libgsat.a
# (gsat-static.pc), and runs each on tiny formulas (built in, plain and gzip
# DIMACS; SAT and UNSAT), checking the answer and the model.  The shared
# library must export exactly the functions that the installed headers
# declare.  The loader without LD_LIBRARY_PATH: a program linked without an
# rpath, as a user links it, must fail to start before the library's
# directory is registered, and run once ldconfig has registered it: ldconfig
# writes a cache of the prefix's LIBDIR (-C, -f: no system file changes) and
# the program runs in a private mount namespace (unshare -rm) where that cache
# is bind-mounted on /etc/ld.so.cache, which is what `ldconfig` after
# `cmake --install --prefix /usr/local` gives; skipped with a message where
# user namespaces are not allowed.  Exit 77 (skipped) without pkg-config.
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
want="bin/gsat bin/gsat-gen include/gsat/gsat.h include/gsat/core/counters.h $libdir/libgsat.a $libdir/pkgconfig/gsat.pc $libdir/pkgconfig/gsat-static.pc"
[ "$shared" = ON ] && want="$want $libdir/libgsat.so"
[ -e "$src/api/ipasir.h" ] && want="$want include/gsat/ipasir.h"
for f in $want; do
  [ -e "$prefix/$f" ] && pass "installed $f" || fail "not installed: $f"
done
others=$(cd "$prefix/include" && ls -A | grep -vx gsat)
[ -z "$others" ] && pass "include/ holds only gsat/" || fail "include/ holds more than gsat/: $others"
if [ "$shared" = ON ]; then
  grep -qE -- "-- gsat: .*(the loader finds|ldconfig).*libgsat|-- gsat: .*ldconfig" "$tmp/install.log" &&
    pass "the install says how the loader finds libgsat.so: $(grep -- '-- gsat: ' "$tmp/install.log" | head -1)" ||
    fail "the install prints no ldconfig line"
fi
"$prefix/bin/gsat-gen" php 3 | "$prefix/bin/gsat" -q >/dev/null
[ $? = 20 ] && pass "bin/gsat-gen php 3 | bin/gsat: UNSAT" || fail "installed gsat-gen | gsat did not answer UNSAT"
export PKG_CONFIG_PATH=$prefix/$libdir/pkgconfig

printf 'p cnf 3 3\n1 2 0\n-1 0\n-2 3 0\n' >"$tmp/sat.cnf"
gzip -c "$tmp/sat.cnf" >"$tmp/sat.cnf.gz"
printf 'p cnf 2 4\n1 2 0\n-1 2 0\n1 -2 0\n-1 -2 0\n' >"$tmp/unsat.cnf"

# check_app NAME [RUNNER...]: runs $tmp/NAME (through RUNNER) on each formula
# and checks answer and model.
check_app() {
  local name=$1 app=$tmp/$1 out rc
  shift
  for input in "" "$tmp/sat.cnf" "$tmp/sat.cnf.gz" "$tmp/unsat.cnf"; do
    out=$(env -u LD_LIBRARY_PATH "$@" "$app" $input 2>&1)
    rc=$?
    case "$input" in
      "") want="s SATISFIABLE|v -1 2|c gsat " want_rc=10 ;;
      *unsat*) want="s UNSATISFIABLE|c gsat " want_rc=20 ;;
      *) want="s SATISFIABLE|v -1 2 3|c gsat " want_rc=10 ;;
    esac
    got=$(echo "$out" | tr '\n' '|' | sed 's/c gsat .*/c gsat /')
    if [ $rc = $want_rc ] && [ "$got" = "$want" ]; then
      pass "$name${1:+ (through $*)} ${input:+on $(basename "$input")}: exit $rc, ${want//|/ / }"
    else
      fail "$name ${input:+on $(basename "$input")}: rc $rc (want $want_rc), output '$got' (want '$want')"
    fi
  done
}

# check_loader: the program linked as a user links it (no rpath) against the
# installed libgsat.so: not found before ldconfig registers the prefix's
# LIBDIR, found after (header comment).
check_loader() {
  local conf=$tmp/ld.so.conf cache=$tmp/ld.so.cache
  if ! "$cc" "$src/tests/install_app.c" -o "$tmp/app_plain" $(pkg-config --cflags --libs gsat) 2>"$tmp/cc.log"; then
    fail "link without rpath: $(head -c 600 "$tmp/cc.log")"
    return
  fi
  readelf -d "$tmp/app_plain" | grep -qE 'RPATH|RUNPATH' && fail "app_plain has an rpath" ||
    pass "app_plain: no rpath, no runpath"
  env -u LD_LIBRARY_PATH "$tmp/app_plain" >"$tmp/plain.out" 2>&1
  grep -q 'libgsat.so.*cannot open shared object' "$tmp/plain.out" &&
    pass "before ldconfig: the loader does not find libgsat.so in the temporary prefix" ||
    fail "app_plain ran or failed otherwise before ldconfig: $(head -c 300 "$tmp/plain.out")"
  local ldconfig
  ldconfig=$(PATH=$PATH:/sbin:/usr/sbin command -v ldconfig)
  if [ -z "$ldconfig" ]; then
    echo "skip: the loader check (no ldconfig)"
    return
  fi
  echo "$prefix/$libdir" >"$conf"
  "$ldconfig" -f "$conf" -C "$cache" 2>"$tmp/ldconfig.log" ||
    { fail "ldconfig -f -C: $(head -c 300 "$tmp/ldconfig.log")"; return; }
  "$ldconfig" -C "$cache" -p | grep -q "libgsat.so.[0-9]* .*=> $prefix/$libdir/libgsat.so" &&
    pass "ldconfig registers libgsat.so's soname from the prefix" ||
    fail "ldconfig's cache lacks libgsat.so: $("$ldconfig" -C "$cache" -p | head -5)"
  if ! unshare -rm sh -c "mount --bind '$cache' /etc/ld.so.cache" 2>"$tmp/unshare.log"; then
    echo "skip: running with the new loader cache (unshare -rm: $(head -c 200 "$tmp/unshare.log"))"
    return
  fi
  printf '#!/bin/sh
mount --bind "%s" /etc/ld.so.cache && exec "$@"
' "$cache" >"$tmp/with_cache"
  check_app app_plain unshare -rm sh "$tmp/with_cache"
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
  declared=$(cat "$prefix"/include/gsat/gsat.h "$prefix"/include/gsat/ipasir.h 2>/dev/null |
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
  check_loader
fi
finish
