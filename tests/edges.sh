#!/bin/bash
# Edges a new user hits (CTest test `edges`):
#   tests/edges.sh GSAT GSAT_GEN [DRAT_TRIM]
# 1. A lone 0 in DIMACS (docs/dimacs.md): an empty clause wherever anything
#    but blanks, comments or a '%' line follows it (UNSAT, exit 20, also
#    under -q, which hides the warnings), dropped only at the end (the SATLIB
#    artefact); --strict refuses it beyond the declared clauses; with a proof
#    a kept one is a parse error, a dropped one is not and the proof checks.
# 2. With a proof, a variable above the header's count is a parse error that
#    names file:line:column (drat-trim refuses such a proof); with the header
#    fixed, drat-trim verifies the proof (skipped without DRAT_TRIM).
# 3. GSAT_<NAME> variables (docs/environment.md): the command line overrides
#    them (GSAT_QUIET=1 gsat -v runs verbose), a conflict between variables or
#    with --batch names them.
# 4. --batch DIR (docs/batch.md): the files under DIR, sorted, recognised by
#    content, subdirectories recursively, links to directories not followed,
#    the skipped ones in `c skipped` lines; a directory of nothing is exit 1.
# 5. MiniSat's spellings -verb=N and -cpu-lim=N; --conflicts=N (CDCL: s
#    UNKNOWN with `c stopped: conflict limit`; refused for DPLL, the walkers
#    and the GPU).
# 6. --cubes with a proof: a usage error.
# 7. An option of one search with an explicit --search of another: a usage
#    error (both given on the command line; the environment's are defaults).
set -u
abs() { case $1 in /* | "") echo "$1" ;; *) echo "$PWD/$1" ;; esac; }
gsat=$(abs "$1")
gen=$(abs "$2")
drat=$(abs "${3:-}")
source "$(dirname "$0")/check_lib.sh"
cd "$tmp" || exit 1

# expect NAME RC PATTERN [ENV=VALUE...] -- ARGS...: runs gsat (stdin
# /dev/null) and checks the exit code and that stdout+stderr match the
# extended regex PATTERN.
expect() {
  local name=$1 want=$2 pattern=$3
  shift 3
  local envs=()
  while [ "$1" != "--" ]; do envs+=("$1"); shift; done
  shift
  env "${envs[@]}" "$gsat" "$@" </dev/null >out 2>err
  rc=$?
  if [ "$rc" = "$want" ] && cat out err | grep -qE -- "$pattern"; then
    pass "$name: exit $rc, /$pattern/"
  else
    fail "$name: exit $rc (want $want), /$pattern/ not in: $(cat out err | head -c 500)"
  fi
}

# verified CNF PROOF: drat-trim verifies PROOF against CNF.
verified() {
  "$drat" "$1" "$2" -t 60 </dev/null 2>&1 | tr '\r' '\n' | grep -q '^s VERIFIED'
}

# 1. A lone 0.
printf 'p cnf 2 1\n1 2 0\n0\n2 0\n' >middle.cnf
printf 'p cnf 2 2\n0\n1 2 0\n' >start.cnf
printf 'p cnf 2 1\n1 2 0\n0\n' >end.cnf
printf 'p cnf 2 1\n1 2 0\n0\nc a comment after it\n\n' >comment.cnf
printf 'p cnf 2 1\n1 2 0\n%%\n0\n' >percent.cnf
printf 'p cnf 2 1\n1 2 0\n0\n%%\n0\n' >beforepercent.cnf
printf 'p cnf 2 1\n1 2 0 0 2 0\n' >inline.cnf
printf 'p cnf 2 1\n1 2 0\n0\n0\n' >twice.cnf
expect "lone 0 in the middle, -q" 20 '^s UNSATISFIABLE$' -- -q middle.cnf
[ "$(cat out)" = "s UNSATISFIABLE" ] && pass "-q: the s line only" || fail "-q printed: $(cat out)"
expect "lone 0 in the middle: the warning" 20 'middle.cnf:3: the lone 0 on line 3, .* is an empty clause' -- middle.cnf
expect "lone 0 inside a line of extra clauses" 20 '^s UNSATISFIABLE$' -- -q inline.cnf
expect "two lone 0s at the end: the first is a clause" 20 '^s UNSATISFIABLE$' -- -q twice.cnf
expect "lone 0 first (a declared clause)" 20 '^s UNSATISFIABLE$' -- -q start.cnf
expect "lone 0 first, --strict" 20 '^s UNSATISFIABLE$' -- -q --strict start.cnf
expect "lone 0 at the end: dropped" 10 'end.cnf:3: an empty clause \(a lone 0\) after the 1 clause declared in the header was ignored' -- end.cnf
expect "lone 0 before a comment: dropped" 10 '^s SATISFIABLE$' -- comment.cnf
expect "lone 0 before %: dropped" 10 '^s SATISFIABLE$' -- beforepercent.cnf
expect "lone 0 after %: never read" 10 '^s SATISFIABLE$' -- percent.cnf
expect "lone 0 in the middle, --strict" 2 'middle.cnf:3:1: more clauses than the 1 declared' -- --strict middle.cnf
expect "lone 0 at the end, --strict" 2 'end.cnf:3:1: more clauses than the 1 declared' -- --strict end.cnf
expect "lone 0 in the middle, a proof" 2 'middle.cnf:3:1: an empty clause \(a lone 0 with more after it\) beyond the 1 clause the header declares' -- middle.cnf p.drat
expect "lone 0 inline, a proof" 2 'inline.cnf:2:7: an empty clause' -- inline.cnf p.drat
printf 'p cnf 1 2\n1 0\n-1 0\n0\nc end\n' >trailer-unsat.cnf
expect "lone 0 at the end, a proof" 20 '^s UNSATISFIABLE$' -- trailer-unsat.cnf p.drat
expect "lone 0 first, a proof" 20 '^s UNSATISFIABLE$' -- start.cnf start.drat
expect "lone 0 in the middle, --strict and a proof" 2 'middle.cnf:3:1: more clauses than the 1 declared' -- --strict middle.cnf p.drat
if [ -n "$drat" ] && [ -x "$drat" ]; then
  verified trailer-unsat.cnf p.drat && pass "drat-trim verifies the proof of a file ending in a lone 0" ||
    fail "drat-trim rejects the proof of trailer-unsat.cnf"
  verified start.cnf start.drat && pass "drat-trim verifies the proof of a file starting with a lone 0" ||
    fail "drat-trim rejects the proof of start.cnf"
else
  echo "skip: drat-trim checks (no DRAT_TRIM; built from ../shared/tools/drat-trim)"
fi

# 2. A variable above the header's count, with a proof.
printf 'p cnf 2 4\n1 7 0\n1 -7 0\n-1 7 0\n-1 -7 0\n' >above.cnf
expect "variable above the count, no proof" 20 'variable 7 \(line 2, column 3\) is above the 2 declared' -- above.cnf
expect "variable above the count, a proof" 2 'above.cnf:2:3: variable 7 is above the 2 declared in the header: a proof is written' -- above.cnf above.drat
expect "variable above the count, --proof=" 2 'above.cnf:2:3: variable 7' -- --proof=above.drat above.cnf
sed '1s/.*/p cnf 7 4/' above.cnf >fixed.cnf
expect "the header fixed, a proof" 20 '^s UNSATISFIABLE$' -- fixed.cnf fixed.drat
if [ -n "$drat" ] && [ -x "$drat" ]; then
  verified fixed.cnf fixed.drat && pass "drat-trim verifies the proof of the fixed header" ||
    fail "drat-trim rejects fixed.drat"
  # what the error prevents: drat-trim refuses the formula's variable 7
  "$drat" above.cnf fixed.drat -t 60 </dev/null 2>&1 | tr '\r' '\n' | grep -q '^s VERIFIED' &&
    fail "drat-trim verified a proof against a header that undercounts the variables" ||
    pass "drat-trim refuses a proof against above.cnf (what the parse error spares the user)"
fi

# 3. The environment.
printf 'p cnf 3 2\n1 2 0\n-1 3 0\n' >f.cnf
expect "GSAT_QUIET=1 gsat -v" 10 '^c options: --verbose=1$' GSAT_QUIET=1 -- -v f.cnf
grep -q '^c options:.*quiet' out && fail "-v kept GSAT_QUIET" || pass "-v overrides GSAT_QUIET (not in c options)"
expect "GSAT_THREADS=1 gsat -v: c options names the variable" 10 '^c options: --threads=1 \(by GSAT_THREADS\) --verbose=1$' GSAT_THREADS=1 -- -v f.cnf
expect "GSAT_THREADS=1 gsat -v --threads=2" 10 '^c options: --threads=2 --verbose=1$' GSAT_THREADS=1 -- -v --threads=2 f.cnf
expect "GSAT_VERBOSE=2 gsat -q" 10 '^s SATISFIABLE$' GSAT_VERBOSE=2 -- -q f.cnf
grep -q '^c' out && fail "-q printed c lines under GSAT_VERBOSE=2: $(head -3 out)" || pass "-q overrides GSAT_VERBOSE"
expect "GSAT_RELAXED=1 gsat --strict" 2 'more clauses than the 1 declared' GSAT_RELAXED=1 -- --strict middle.cnf
expect "GSAT_STRICT=1 gsat --relaxed" 20 '^s UNSATISFIABLE$' GSAT_STRICT=1 -- --relaxed middle.cnf
expect "GSAT_QUIET=1 GSAT_VERBOSE=1" 1 '^gsat: error: --quiet \(-q\) and --verbose \(-v\) exclude each other \(--quiet: the environment variable GSAT_QUIET=1\) \(--verbose: the environment variable GSAT_VERBOSE=1\)' GSAT_QUIET=1 GSAT_VERBOSE=1 -- f.cnf
expect "GSAT_QUIET=1 gsat -v -q" 1 'exclude each other \(try --help\)$' GSAT_QUIET=1 -- -v -q f.cnf
rm -f env.drat arg.drat
expect "GSAT_PROOF and a second file argument" 20 '^s UNSATISFIABLE$' GSAT_PROOF=env.drat -- fixed.cnf arg.drat
[ -s arg.drat ] && [ ! -e env.drat ] && pass "the second file argument overrides GSAT_PROOF" ||
  fail "proof files: $(ls -- *.drat)"
expect "--proof and a second file argument" 1 "two proof files: --proof and the second file argument 'arg.drat'" -- --proof=x.drat fixed.cnf arg.drat
expect "GSAT_PROOF with --batch" 1 '^gsat: error: --proof names one proof file: .* \(--proof: the environment variable GSAT_PROOF=env.drat\)' GSAT_PROOF=env.drat -- --batch f.cnf
expect "GSAT_PROOF with GSAT_SEARCH=dpll" 1 'needs CDCL.*GSAT_SEARCH is dpll.*\(--proof: the environment variable GSAT_PROOF=env.drat\)' GSAT_PROOF=env.drat GSAT_SEARCH=dpll -- f.cnf

# 4. --batch DIR.
mkdir -p dir/sub/deeper dir/empty other
cp f.cnf dir/b
cp fixed.cnf dir/a.txt # DIMACS by content, not by name
gzip -c f.cnf >dir/sub/z
printf 'c just a comment\np cnf 1 1\n1 0\n' >dir/sub/deeper/c.cnf
echo "not a formula" >dir/README.cnf
: >dir/zero-bytes
ln -s "$tmp/dir" dir/loop
ln -s "$tmp/f.cnf" dir/link.cnf
expect "--batch DIR" 0 '^c batch: 5 files, 4 SAT, 1 UNSAT, 0 UNKNOWN, 0 errors' -- --batch -q dir
got=$(grep -E '^c (file|skipped) ' out | tr '\n' '|')
want="c skipped dir/README.cnf: neither DIMACS nor compressed data|c skipped dir/empty: an empty directory|"
want+="c skipped dir/loop: a link to a directory (not followed)|c skipped dir/zero-bytes: neither DIMACS nor compressed data|"
want+="c file dir/a.txt|c file dir/b|c file dir/link.cnf|c file dir/sub/deeper/c.cnf|c file dir/sub/z|"
[ "$got" = "$want" ] && pass "--batch DIR: sorted, by content, recursive, skips named" ||
  fail "--batch DIR: got '$got', want '$want'"
expect "--batch DIR/ (a trailing slash)" 0 '^c file dir/b$' -- --batch -q dir/
expect "--batch FILE DIR FILE keeps the order" 0 '^c batch: 7 files' -- --batch -q f.cnf dir f.cnf
grep '^c file' out | head -1 | grep -q '^c file f.cnf$' && grep '^c file' out | tail -1 | grep -q '^c file f.cnf$' &&
  pass "a directory's files at its place in the arguments" || fail "order: $(grep '^c file' out | tr '\n' ' ')"
printf '%s\n' dir/sub >list
expect "--batch=LIST with a directory line" 0 '^c batch: 2 files, 2 SAT' -- --batch=list -q
expect "--batch on an empty directory" 1 '^gsat: error: --batch has no file to solve: .*other: an empty directory' -- --batch other

# 5. MiniSat's spellings and the conflict limit.
expect "-verb=1" 10 '^c options: --verbose=1$' -- -verb=1 f.cnf
expect "-verb=0" 10 '^s SATISFIABLE$' -- -verb=0 f.cnf
grep -q '^c options' out && fail "-verb=0 printed c options" || pass "-verb=0 is verbosity 0"
expect "-cpu-lim=5" 10 '^c options: --time-limit=5 --verbose=1$' -- -cpu-lim=5 -v f.cnf
expect "-verb without =" 1 "^gsat: error: option -verb takes a value after '=': -verb=N" -- -verb f.cnf
expect "-cpu-lim=x" 1 "^gsat: error: option -cpu-lim \(--time-limit\)" -- -cpu-lim=x f.cnf
expect "--help lists -verb=N, -cpu-lim=N and --conflicts" 0 '-cpu-lim=N, -t, --time, --time-limit=' -- --help
grep -q -- '-v, -verb=N, --verbose=' out && grep -q -- '--conflicts=' out && pass "--help: -verb=N, --conflicts" ||
  fail "--help lacks -verb=N or --conflicts"
"$gen" php 9 >php9.cnf
"$gen" php 6 >php6.cnf
expect "--conflicts=100 on php 9" 0 '^c stopped: conflict limit of 100 conflicts reached$' -- --conflicts=100 --threads=1 php9.cnf
grep -q '^s UNKNOWN$' out && pass "--conflicts: s UNKNOWN" || fail "--conflicts: no s UNKNOWN"
n=$(sed -nE 's/^c search .*, ([0-9]+) conflicts?,.*/\1/p' out)
[ -n "$n" ] && [ "$n" -ge 100 ] && [ "$n" -lt 200 ] && pass "--conflicts=100: $n conflicts" ||
  fail "--conflicts=100: '$n' conflicts"
expect "--conflicts=100, 2 threads" 0 '^c stopped: conflict limit of 100 conflicts reached$' -- --conflicts=100 --threads=2 php9.cnf
expect "--conflicts=1 -q" 0 '^s UNKNOWN$' -- --conflicts=1 -q php9.cnf
expect "--conflicts not reached" 20 '^s UNSATISFIABLE$' -- --conflicts=100000000 php6.cnf
expect "--conflicts picks CDCL" 20 'search cdcl \(auto: a conflict limit \(--conflicts\) was set\)' -- --conflicts=100000000 php6.cnf
expect "--conflicts with DPLL" 1 '^gsat: error: --conflicts limits the CDCL search: DPLL learns no clauses' -- --conflicts=10 --search=dpll f.cnf
expect "--conflicts with GSAT_SEARCH=dpll" 1 'DPLL learns no clauses.*\(--search: the environment variable GSAT_SEARCH=dpll\)' GSAT_SEARCH=dpll -- --conflicts=10 f.cnf
expect "--conflicts with the GPU" 1 '^gsat: error: --conflicts limits the CPU CDCL search: not with --backend=gpu' -- --conflicts=10 --backend=gpu f.cnf
expect "--conflicts with the walkers" 1 '^gsat: error: --conflicts limits the CDCL search: the walkers count no conflicts' -- --conflicts=10 --search=walk f.cnf

# 6. --cubes writes no proof: --proof (or a second file, or GSAT_PROOF) with
#    it is a usage error, and no proof file is created.
cubes_err='^gsat: error: --cubes writes cubes, not a proof: not with --proof'
rm -f c.drat
expect "--cubes with --proof" 1 "$cubes_err" -- --cubes=4 --proof=c.drat f.cnf
expect "--cubes with a second file argument" 1 "$cubes_err" -- --cubes=4 f.cnf c.drat
expect "--cubes with GSAT_PROOF" 1 "$cubes_err.*\(--proof: the environment variable GSAT_PROOF=c.drat\)" GSAT_PROOF=c.drat -- --cubes=4 f.cnf
[ ! -e c.drat ] && pass "--cubes with a proof: no proof file" || fail "--cubes with a proof wrote c.drat"
expect "--cubes alone" 0 '^a -?1 0$' -- --cubes=4 f.cnf

# 7. An option that only some searches read (option_table.h's readers), given
#    with an explicit --search that does not read it: a usage error naming
#    both; with its own search, --search=auto, or either one from the
#    environment only, it runs.
foreign() { # NAME OPTION READERS SEARCH ARGS...
  expect "$1 with --search=$4" 1 "^gsat: error: $2 is read only by --search=$3: not with --search=$4" -- "${@:5}" f.cnf
}
foreign "--decide=lookahead" --decide dpll cdcl --decide=lookahead --search=cdcl
foreign "--no-vivify" --vivify cdcl dpll --no-vivify --search=dpll
foreign "--cdcl-restart=luby" --cdcl-restart cdcl walk --search=walk --cdcl-restart=luby
foreign "--seed=3" --seed "cdcl or walk" dpll --search=dpll --seed=3
foreign "--gpu-walk-global, --backend=cpu," --gpu-walk-global walk cdcl --search=cdcl --backend=cpu --gpu-walk-global
expect "--no-vivify --search=cdcl" 10 '^s SATISFIABLE$' -- --no-vivify --search=cdcl f.cnf
expect "--seed=3 --search=walk" 10 '^s SATISFIABLE$' -- --seed=3 --search=walk f.cnf
expect "--decide=lookahead --search=dpll" 10 '^s SATISFIABLE$' -- --decide=lookahead --search=dpll f.cnf
expect "--decide=lookahead --search=auto" 10 '^s SATISFIABLE$' -- --decide=lookahead --search=auto f.cnf
expect "--no-vivify with GSAT_SEARCH=dpll" 10 '^s SATISFIABLE$' GSAT_SEARCH=dpll -- --no-vivify f.cnf
expect "GSAT_VIVIFY=0 with --search=dpll" 10 '^s SATISFIABLE$' GSAT_VIVIFY=0 -- --search=dpll f.cnf
finish
