#!/bin/bash
# The gsat command line's conventions and messages (CTest test `cli`):
#   tests/cli.sh GSAT
# 1. Messages: an unknown option is named as typed (with its dashes), a bad
#    value's option too, with its --name when that differs ("-t
#    (--time-limit)"); integer options say "integer", real ones "number"; a
#    number beyond a double (1e400, 1e-400) is out of range; --help and
#    --version take no value; --no- only for booleans; numbers are decimal
#    (0x10, inf, nan refused); empty, negative and huge values, '-' as the
#    proof, --proof beside a second file argument.  All exit 1 before any
#    input is read.  Repeated options (the last counts), an option after the
#    file, '-' for standard input; --help names CDCL and the node limit's
#    exit 0, which a node limit gives.
#    The short options (-n, -s, -t N, --time=N, -v, -vv, -q) do what the
#    README says, and --help lists them; a second file argument is the proof
#    file (the bytes of --proof=FILE).  An empty --proof= is refused; a bad
#    GSAT_<NAME> leaves --help working but not an unknown option before it;
#    standard output to /dev/full is exit 3 with a message (--help too);
#    -vv's progress interval is marked in `c options`; counts of 1 take the
#    singular; a header that undercounts the clauses is a parse error with
#    --proof; a proof FIFO whose reader exits is exit 3 with a message, and
#    the search stops then (php 11 does not run on to its answer); SIGINT
#    ends gsat within a second when the FIFO's reader stops reading (exit 3)
#    and while the FIFO waits for a reader (s UNKNOWN, exit 0).
# 2. The model output is bounded: a formula declaring 2^31 - 1 variables has
#    about 23 GB of v lines; SIGINT, SIGTERM or --time-limit while they are
#    printed must end the output within 10 s (else a hang is reported) after a
#    whole v line, without `v 0`, with a last line `c model output interrupted
#    by ...` and exit 8 (SAT, model cut), also under -q; a second SIGINT ends
#    gsat at once when the first cannot finish (a reader that stopped).
# 3. A fractional --time-limit holds while parsing: --time-limit=0.25 on a
#    pipe that sends a formula 0.5 s after gsat starts reading must stop while
#    parsing (`c interrupted while parsing`); with a timer rounded up to whole
#    seconds (alarm) the formula arrives first and is solved.
# 4. --progress lines show the search's own columns: under CDCL (one
#    searcher, the portfolio of two) conflicts, propagations/s, learned,
#    restarts, the conflicts never decreasing and at most the final count;
#    under DPLL nodes, checks/s, cubes left (php 9 under --time-limit=1, from
#    gsat-gen, the second argument: skipped without it).
set -u
gsat=$1
gen=${2:-}
source "$(dirname "$0")/check_lib.sh" # also await_exit, wait_for_line, ms_since

# run ARGS... (standard input from /dev/null): out, err, rc
run() {
  "$gsat" "$@" </dev/null >"$tmp/out" 2>"$tmp/err"
  rc=$?
}

# usage_error_argv MESSAGE ARG...: usage_error with the arguments as given
# (blanks kept).
usage_error_argv() {
  local want="gsat: error: $1"
  shift
  run "$@"
  if [ $rc = 1 ] && [ "$(cat "$tmp/err")" = "$want" ] && [ ! -s "$tmp/out" ]; then
    pass "[$*]: exit 1, $want"
  else
    fail "[$*]: rc $rc, stderr '$(cat "$tmp/err")', want '$want'; stdout $(head -c 200 "$tmp/out")"
  fi
}

# usage_error "ARGS" MESSAGE: exit 1, exactly MESSAGE on stderr, nothing out.
usage_error() {
  # shellcheck disable=SC2086
  run $1
  local want="gsat: error: $2"
  if [ $rc = 1 ] && [ "$(cat "$tmp/err")" = "$want" ] && [ ! -s "$tmp/out" ]; then
    pass "[$1]: exit 1, $2"
  else
    fail "[$1]: rc $rc, stderr '$(cat "$tmp/err")', want '$want'; stdout $(head -c 200 "$tmp/out")"
  fi
}

# 1. Messages.
usage_error "--no-witness" "unknown option '--no-witness' (try --help)"
usage_error "--frobnicate=3 x.cnf" "unknown option '--frobnicate' (try --help)"
usage_error "-x" "unknown option '-x' (try --help)"
usage_error "--help=1" "option --help takes no value (try --help)"
usage_error "--version=false" "option --version takes no value (try --help)"
usage_error "--no-threads" \
  "'--no-threads' is not an option: only boolean options have a --no- form (try --help)"
usage_error "--no-partial=1" "option --no-partial takes no value (try --help)"
usage_error "--stats=maybe" "option --stats takes true or false (yes/no, on/off, 1/0), not 'maybe'"
usage_error "-s=1" "unknown option '-s=1' (try --help)"
for bad in 0x10 0X1p3 inf nan 1e 5s; do
  usage_error "--time-limit=$bad" "option --time-limit takes a number, not '$bad'"
done
# integers are digits only (the option table's INT and UINT64 rows)
for bad in 1e3 1E3 1.0 4e0; do
  usage_error "--threads=$bad" "option --threads takes an integer (digits only), not '$bad'"
done
usage_error "--node-limit=1e6" "option --node-limit takes an integer (digits only), not '1e6'"
usage_error "--threads=4097" "option --threads must be in 0..4096, not '4097'"
usage_error "a.cnf b.cnf c.cnf" "more than two file arguments (the input and the proof) (try --help)"
# a bad value names the option as typed, and its --name when that differs
usage_error "-t" "option -t (--time-limit) needs a value in 0..1000000000"
usage_error "-t abc" "option -t (--time-limit) takes a number, not 'abc'"
usage_error "--time=0x10" "option --time (--time-limit) takes a number, not '0x10'"
usage_error "--time-limit=abc" "option --time-limit takes a number, not 'abc'"
usage_error "--time-limit abc" "option --time-limit takes a number, not 'abc'"
usage_error "--time_limit=abc" "option --time_limit (--time-limit) takes a number, not 'abc'"
# an integer option given a non-integer says integer; a real one says number
usage_error "--threads=abc" "option --threads takes an integer (digits only), not 'abc'"
usage_error "--threads=1.5" "option --threads takes an integer (digits only), not '1.5'"
usage_error "--seed=x" "option --seed takes an integer (digits only), not 'x'"
usage_error "--progress=abc" "option --progress takes a number, not 'abc'"
# beyond a double (strtod's ERANGE): out of range, not "not a number"
usage_error "-t 1e-400" \
  "option -t (--time-limit) must be in 0..1000000000, not '1e-400' (too close to 0 for a double)"
usage_error "-t 1e400" "option -t (--time-limit) must be in 0..1000000000, not '1e400'"
usage_error "--progress=-1e400" "option --progress must be in 0..1000000000, not '-1e400'"
usage_error "--progress=1e-310" \
  "option --progress must be in 0..1000000000, not '1e-310' (too close to 0 for a double)"
usage_error "--mpi-share-interval=1e-400" \
  "option --mpi-share-interval must be in 0.001..1000, not '1e-400' (too close to 0 for a double)"
big=$(printf '9%.0s' $(seq 400))
usage_error "--threads=$big" "option --threads must be in 0..4096, not '$big'"
# what a new user may type: empty values, negative and huge numbers, ...
usage_error "--threads=" \
  "option --threads needs a value in 0..4096, not an empty one (the value goes right after '=', without a blank)"
usage_error "--threads" "option --threads needs a value in 0..4096"
usage_error "--time=" \
  "option --time (--time-limit) needs a value in 0..1000000000, not an empty one (the value goes right after '=', without a blank)"
# a blank after '=' leaves the value empty (the number becomes a file
# argument); a blank inside the value is named, being hard to see
usage_error "--threads= 1 x.cnf" \
  "option --threads needs a value in 0..4096, not an empty one (the value goes right after '=', without a blank)"
usage_error_argv "option --threads takes an integer (digits only), not '1 ' (a blank is not part of a number)" \
  "--threads=1 " x.cnf
usage_error_argv "option --threads takes an integer (digits only), not ' 1' (a blank is not part of a number)" \
  --threads " 1" x.cnf
usage_error_argv "option -t (--time-limit) takes a number, not '5 ' (a blank is not part of a number)" \
  -t "5 " x.cnf
usage_error "--threads=-1" "option --threads must be in 0..4096, not '-1'"
usage_error "-t -5 x.cnf" "option -t (--time-limit) must be in 0..1000000000, not '-5'"
usage_error "--threads=99999999999999999999" \
  "option --threads must be in 0..4096, not '99999999999999999999'"
usage_error "--node-limit=99999999999999999999" \
  "option --node-limit must be in 0..1000000000000000, not '99999999999999999999'"
usage_error "--search=" \
  "option --search takes one of auto|dpll|cdcl|walk, not '' (the value goes right after '=', without a blank)"
# an empty proof path would write no proof, silently: refused as any empty value
usage_error "--proof= $tmp/missing.cnf" \
  "option --proof needs a value, not an empty one (the value goes right after '=', without a blank)"
usage_error_argv "option --proof needs a value, not an empty one" --proof "" "$tmp/missing.cnf"
usage_error_argv "the proof file argument is empty: name a file (try --help)" "$tmp/missing.cnf" ""
usage_error "--=x" "unknown option '--=x' (try --help)"
usage_error "x.cnf --frobnicate" "unknown option '--frobnicate' (try --help)"
usage_error "- -" \
  "the proof file '-': a proof cannot go to standard output, where the answer is printed; name a file"
(cd "$tmp" && GSAT_THREADS=1.5 "$gsat" x.cnf </dev/null >out 2>err; echo $? >rc)
[ "$(cat "$tmp/rc")" = 1 ] && [ "$(cat "$tmp/err")" = \
  "gsat: error: environment variable GSAT_THREADS: option --threads takes an integer (digits only), not '1.5'" ] &&
  pass "GSAT_THREADS=1.5: exit 1, $(cat "$tmp/err")" || fail "GSAT_THREADS=1.5: rc $(cat "$tmp/rc"), $(cat "$tmp/err")"
# --help and --version work whatever the environment holds; a bad variable
# is named otherwise, and so is GSAT_SEARCH=dpll beside a proof
for arg in --help -h --version; do
  GSAT_THREADS=abc "$gsat" -q $arg </dev/null >"$tmp/out" 2>"$tmp/err"
  rc=$?
  [ $rc = 0 ] && [ -s "$tmp/out" ] && [ ! -s "$tmp/err" ] && pass "GSAT_THREADS=abc $arg: exit 0" ||
    fail "GSAT_THREADS=abc $arg: rc $rc, $(cat "$tmp/err")"
done
# ... but an unknown option before --help stays a usage error, as without
# the variable (the options are read in order; --help first wins)
GSAT_THREADS=abc "$gsat" --bogus --help </dev/null >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 1 ] && [ ! -s "$tmp/out" ] && [ "$(cat "$tmp/err")" = "gsat: error: unknown option '--bogus' (try --help)" ] &&
  pass "GSAT_THREADS=abc --bogus --help: exit 1, $(cat "$tmp/err")" ||
  fail "GSAT_THREADS=abc --bogus --help: rc $rc, $(cat "$tmp/err")"
GSAT_THREADS=abc "$gsat" --help --bogus </dev/null >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 0 ] && [ -s "$tmp/out" ] && [ ! -s "$tmp/err" ] && pass "GSAT_THREADS=abc --help --bogus: exit 0, as without it" ||
  fail "GSAT_THREADS=abc --help --bogus: rc $rc, $(cat "$tmp/err")"
GSAT_SEARCH=foo "$gsat" x.cnf </dev/null >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 1 ] && [ "$(cat "$tmp/err")" = \
  "gsat: error: environment variable GSAT_SEARCH: option --search takes one of auto|dpll|cdcl|walk, not 'foo'" ] &&
  pass "GSAT_SEARCH=foo: exit 1, $(cat "$tmp/err")" || fail "GSAT_SEARCH=foo: rc $rc, $(cat "$tmp/err")"
GSAT_SEARCH=dpll "$gsat" --proof="$tmp/p.drat" x.cnf </dev/null >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 1 ] && [ "$(cat "$tmp/err")" = "gsat: error: a proof (--proof) needs CDCL: DPLL writes none (use \
--search=cdcl or auto; the environment variable GSAT_SEARCH is dpll)" ] &&
  pass "GSAT_SEARCH=dpll --proof: exit 1, $(cat "$tmp/err")" || fail "GSAT_SEARCH=dpll --proof: rc $rc, $(cat "$tmp/err")"
usage_error "-n=1" "unknown option '-n=1' (try --help)"
usage_error "-q -v" "--quiet (-q) and --verbose (-v) exclude each other (try --help)"
usage_error "-vx" "unknown option '-vx' (try --help)"
run --help
[ $rc = 0 ] && grep -q '^usage: gsat' "$tmp/out" && grep -q ' 8 SAT but the model output was cut' "$tmp/out" &&
  pass "--help: exit 0, usage with exit code 8" || fail "--help: rc $rc"
grep -q '^--search=cdcl, --search=dpll, or auto' "$tmp/out" && grep -q 'with CDCL$' "$tmp/out" &&
  grep -q '^exit codes: 10 SAT, 20 UNSAT, 0 UNKNOWN (time limit, node limit, SIGINT,$' "$tmp/out" &&
  pass "--help: CDCL and --search named, exit 0 for the node limit" ||
  fail "--help: $(head -12 "$tmp/out") $(grep -A1 '^exit codes' "$tmp/out")"
# --help names a boolean's values (true/false, yes/no, on/off, 1/0)
run --help
grep -q '=true/false (or yes/no, on/off, 1/0)' "$tmp/out" && grep -q -- '-s, -v take no value' "$tmp/out" &&
  pass "--help: the boolean values and the forms without a value" ||
  fail "--help: $(grep -i -A1 boolean "$tmp/out")"
for spelling in "--model, --no-model (-n)" "-q, --quiet" "-s, --stats" "-cpu-lim=N, -t, --time, --time-limit" "-v, -verb=N, --verbose"; do
  grep -q -- "^  $spelling" "$tmp/out" && pass "--help lists '$spelling'" ||
    fail "--help does not list '$spelling': $(grep -- "${spelling##* }" "$tmp/out")"
done
run --version
[ $rc = 0 ] && grep -qE '^[0-9]+\.[0-9]+\.[0-9]+$' "$tmp/out" && pass "--version: exit 0" ||
  fail "--version: rc $rc $(cat "$tmp/out")"
printf 'p cnf 2 2\n1 2 0\n-1 0\n' >"$tmp/tiny.cnf"
# A failed write of standard output (/dev/full) is an I/O error, exit 3 with
# one message, after --help and --version too; in a batch the batch's 9
# stands (its files' blocks could not be written).
printf 'p cnf 2 4\n1 2 0\n-1 2 0\n1 -2 0\n-1 -2 0\n' >"$tmp/unsat.cnf"
if [ -w /dev/full ]; then
  for args in --help --version "$tmp/tiny.cnf" "-q $tmp/tiny.cnf" "-n $tmp/tiny.cnf" "$tmp/unsat.cnf" \
    "--batch $tmp/tiny.cnf $tmp/unsat.cnf"; do
    want=3
    [ "${args%% *}" = --batch ] && want=9
    # shellcheck disable=SC2086
    "$gsat" $args </dev/null >/dev/full 2>"$tmp/err"
    rc=$?
    [ $rc = $want ] && [ "$(cat "$tmp/err")" = "gsat: error: cannot write standard output: No space left on device" ] &&
      pass "[$args] >/dev/full: exit $want, $(cat "$tmp/err")" ||
      fail "[$args] >/dev/full: rc $rc, want $want, stderr '$(cat "$tmp/err")'"
  done
else
  echo "skip: standard output to /dev/full (no /dev/full)"
fi
# a boolean's value: true/false, yes/no, on/off, 1/0, any case
for v in yes on 1 TRUE; do
  run -q --stats=$v --no-model "$tmp/tiny.cnf"
  [ $rc = 10 ] && grep -q '^c ---- \[ statistics' "$tmp/out" && pass "--stats=$v: statistics" ||
    fail "--stats=$v: rc $rc $(cat "$tmp/err")"
done
run -q --time-limit=1e1 --threads 1 "$tmp/tiny.cnf"
[ $rc = 10 ] && [ "$(cat "$tmp/out")" = "$(printf 's SATISFIABLE\nv -1 2\nv 0')" ] &&
  pass "--time-limit=1e1 --threads 1: decimal exponent, separate value" ||
  fail "--time-limit=1e1 --threads 1: rc $rc $(cat "$tmp/out" "$tmp/err")"
# An option only the GPU reads (option_table.h's GSAT_GPU_ONLY) beside an
# explicit --backend=cpu is a usage error naming it, before the input is
# read; with --backend=auto (a GPU present or not) or GSAT_BACKEND=cpu it runs.
gpu_only="is read only by the GPU: not with --backend=cpu (drop one of them, or use --backend=auto, which accepts it with or without a GPU)"
usage_error "--backend=cpu --gpu-blocks=4 $tmp/missing.cnf" "--gpu-blocks $gpu_only"
usage_error "--search=walk --gpu-walk-mapping=lane --backend=cpu $tmp/missing.cnf" \
  "--gpu-walk-mapping $gpu_only"
usage_error "--device=0 --backend=cpu $tmp/tiny.cnf" "--device $gpu_only"
usage_error "--backend=cpu --portfolio-gpu-delay=0 $tmp/tiny.cnf" "--portfolio-gpu-delay $gpu_only"
for args in "--backend=auto --gpu-blocks=4 --device=0" "--gpu-walk-mapping=lane --search=walk"; do
  # shellcheck disable=SC2086
  run -q $args "$tmp/tiny.cnf"
  [ $rc = 10 ] && [ "$(head -1 "$tmp/out")" = "s SATISFIABLE" ] && pass "[$args]: runs, exit 10" ||
    fail "[$args]: rc $rc $(cat "$tmp/out" "$tmp/err")"
done
GSAT_BACKEND=cpu "$gsat" -q --gpu-blocks=4 "$tmp/tiny.cnf" </dev/null >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 10 ] && [ ! -s "$tmp/err" ] && pass "GSAT_BACKEND=cpu --gpu-blocks=4: runs, exit 10" ||
  fail "GSAT_BACKEND=cpu --gpu-blocks=4: rc $rc $(cat "$tmp/err")"

# Short options: -n (no v lines), -s (statistics), -t N and --time=N (time
# limit), -v and -vv (more c lines).
run -n -q "$tmp/tiny.cnf"
[ $rc = 10 ] && [ "$(cat "$tmp/out")" = "s SATISFIABLE" ] && pass "-n: s SATISFIABLE, no v lines, exit 10" ||
  fail "-n: rc $rc $(cat "$tmp/out" "$tmp/err")"
run --no-model "$tmp/tiny.cnf"
[ $rc = 10 ] && ! grep -q '^v' "$tmp/out" && grep -q '^c model checked' "$tmp/out" &&
  pass "--no-model: no v lines, the model still checked" || fail "--no-model: rc $rc"
run -s "$tmp/tiny.cnf"
[ $rc = 10 ] && grep -q '^c ---- \[ statistics \]' "$tmp/out" && pass "-s: statistics" ||
  fail "-s: rc $rc, no statistics"
for args in "-t 7" "--time=7" "--time 7" "-t7x"; do
  # shellcheck disable=SC2086
  run -v $args "$tmp/tiny.cnf"
  if [ "$args" = "-t7x" ]; then
    [ $rc = 1 ] && pass "-t7x: unknown option" || fail "-t7x: rc $rc"
  elif [ $rc = 10 ] && grep -q '^c options: .*--time-limit=7' "$tmp/out"; then
    pass "$args: --time-limit=7 (shown by -v)"
  else
    fail "$args: rc $rc $(grep '^c options' "$tmp/out") $(cat "$tmp/err")"
  fi
done
run "$tmp/tiny.cnf"
plain=$(grep -c '^c' "$tmp/out")
run -v --threads=1 "$tmp/tiny.cnf"
if [ $rc = 10 ] && grep -qx 'c options: --threads=1 --verbose=1' "$tmp/out" &&
   grep -qx 'c formula: 2 variables, 1 clause of length >= 2, 2 literals, 1 unit (after normalisation)' "$tmp/out" &&
   grep -q '^c times: parse .* s, build .* s, search .* s.*, total .* s$' "$tmp/out" &&
   ! grep -q '^c ---- \[ statistics' "$tmp/out"; then
  pass "-v: options, formula and times lines ($plain c lines without it, $(grep -c '^c' "$tmp/out") with it)"
else
  fail "-v: rc $rc: $(grep '^c' "$tmp/out" | head -20)"
fi
run -vv "$tmp/tiny.cnf"
if [ $rc = 10 ] && grep -qx 'c options: --progress=1 (by -vv) --verbose=2' "$tmp/out" &&
   grep -q '^c ---- \[ statistics \]' "$tmp/out" && grep -q '^c formula' "$tmp/out"; then
  pass "-vv: level 2, progress every second, statistics"
else
  fail "-vv: rc $rc: $(grep '^c' "$tmp/out" | head -20)"
fi
run -v -v -v "$tmp/tiny.cnf"
[ $rc = 10 ] && grep -qx 'c options: --progress=1 (by -vv) --verbose=2' "$tmp/out" &&
  pass "-v -v -v: at most level 2" || fail "-v -v -v: rc $rc $(grep '^c options' "$tmp/out")"
run -vvv "$tmp/tiny.cnf"
[ $rc = 10 ] && grep -qx 'c options: --progress=1 (by -vv) --verbose=2' "$tmp/out" &&
  pass "-vvv: at most level 2" || fail "-vvv: rc $rc $(grep '^c options' "$tmp/out")"
run -vv --progress=2 "$tmp/tiny.cnf"
[ $rc = 10 ] && grep -qx 'c options: --progress=2 --verbose=2' "$tmp/out" &&
  pass "-vv --progress=2: the user's interval, unmarked" || fail "-vv --progress=2: rc $rc $(grep '^c options' "$tmp/out")"
run --help
grep -q 'each -v adds one (-vvv is 2)' "$tmp/out" && pass "--help: -v adds one level, at most 2" ||
  fail "--help: $(grep -- '--verbose' "$tmp/out")"
run -q "$tmp/tiny.cnf"
[ $rc = 10 ] && ! grep -q '^c' "$tmp/out" && pass "-q: no c lines" || fail "-q: rc $rc"

# Repeated options (the last one counts), an option after the file name,
# '-' for standard input.
run -v --threads=1 --threads=2 "$tmp/tiny.cnf"
[ $rc = 10 ] && grep -qx 'c options: --threads=2 --verbose=1' "$tmp/out" &&
  pass "--threads=1 --threads=2: the last one counts" || fail "repeated --threads: rc $rc $(grep '^c options' "$tmp/out")"
run "$tmp/tiny.cnf" -q
[ $rc = 10 ] && [ "$(cat "$tmp/out")" = "$(printf 's SATISFIABLE\nv -1 2\nv 0')" ] &&
  pass "f.cnf -q: an option after the file" || fail "f.cnf -q: rc $rc $(cat "$tmp/out" "$tmp/err")"
"$gsat" -q - <"$tmp/tiny.cnf" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 10 ] && [ "$(cat "$tmp/out")" = "$(printf 's SATISFIABLE\nv -1 2\nv 0')" ] &&
  pass "gsat -q - <f.cnf: standard input" || fail "gsat - <f.cnf: rc $rc $(cat "$tmp/out" "$tmp/err")"
# '-' as the proof is refused before standard input is read
printf 'p cnf 1 1\n1 0\n' | { "$gsat" - - >"$tmp/out" 2>"$tmp/err"; echo $? >"$tmp/rc"; cat >"$tmp/left"; }
[ "$(cat "$tmp/rc")" = 1 ] && grep -q "proof cannot go to standard output" "$tmp/err" &&
  [ "$(cat "$tmp/left")" = "$(printf 'p cnf 1 1\n1 0')" ] && [ ! -s "$tmp/out" ] &&
  pass "gsat - -: exit 1 before standard input is read" ||
  fail "gsat - -: rc $(cat "$tmp/rc"), $(cat "$tmp/err"), left '$(cat "$tmp/left")'"
# --proof-format without a proof: a format of nothing, refused before the
# input is read; with --proof or the second file argument it is fine, and
# GSAT_PROOF_FORMAT alone (a default in the environment) is not refused
for fmt in text binary; do
  usage_error "--proof-format=$fmt $tmp/missing.cnf" \
    "--proof-format without a proof: name the proof file (--proof=FILE or a second file argument) (try --help)"
done
run -q --proof-format=text "$tmp/tiny.cnf" "$tmp/fmt.txt"
[ $rc = 10 ] && pass "--proof-format=text with a second file argument: exit 10" ||
  fail "--proof-format=text with a proof file argument: rc $rc $(cat "$tmp/err")"
GSAT_PROOF_FORMAT=text "$gsat" -q "$tmp/tiny.cnf" </dev/null >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 10 ] && pass "GSAT_PROOF_FORMAT=text alone: exit 10" || fail "GSAT_PROOF_FORMAT=text: rc $rc $(cat "$tmp/err")"
# --proof and a second file argument: two proofs asked for, neither written
usage_error "-q --proof=$tmp/p1.drat $tmp/tiny.cnf $tmp/p2.drat" \
  "two proof files: --proof and the second file argument '$tmp/p2.drat' (try --help)"
[ ! -e "$tmp/p1.drat" ] && [ ! -e "$tmp/p2.drat" ] && pass "two proof files: none written" ||
  fail "two proof files: $(ls "$tmp"/*.drat)"

# A second file argument names the proof, as --proof=FILE does: the same
# bytes for the same run; with --search=dpll it is refused (exit 1).
printf 'p cnf 2 4\n1 2 0\n-1 2 0\n1 -2 0\n-1 -2 0\n' >"$tmp/unsat.cnf"
run -q --threads=1 "$tmp/unsat.cnf" "$tmp/positional.drat"
rc1=$rc
run -q --threads=1 --proof="$tmp/option.drat" "$tmp/unsat.cnf"
if [ $rc1 = 20 ] && [ $rc = 20 ] && [ -s "$tmp/positional.drat" ] &&
   cmp -s "$tmp/positional.drat" "$tmp/option.drat"; then
  pass "gsat f.cnf proof.drat: exit 20, the proof --proof=FILE writes ($(wc -c <"$tmp/option.drat") bytes)"
else
  fail "positional proof: rc $rc1 and $rc, $(ls -l "$tmp"/*.drat 2>&1 | tr '\n' ' ') $(cat "$tmp/err")"
fi
# A header that declares fewer clauses than the file holds: without a
# proof a warning and the whole file solved; with one a parse error at the
# first extra clause's 0 (drat-trim reads only the declared clauses and
# rejects the proof: "conflict claimed, but not detected"), no proof file.
printf 'p cnf 2 2\n1 2 0\n-1 2 0\n1 -2 0\n-1 -2 0\n' >"$tmp/under.cnf"
run --threads=1 "$tmp/under.cnf"
[ $rc = 20 ] && grep -q "^c WARNING: .*under.cnf:4: 4 clauses, more than the 2 declared" "$tmp/out" &&
  pass "more clauses than declared: a warning, exit 20" || fail "more clauses than declared: rc $rc $(grep WARNING "$tmp/out")"
run -q --threads=1 --proof="$tmp/under.drat" "$tmp/under.cnf"
[ $rc = 2 ] && [ ! -e "$tmp/under.drat" ] && [ ! -s "$tmp/out" ] && [ "$(cat "$tmp/err")" = "gsat: error: $tmp/under.cnf:4:6: \
a clause beyond the 2 clauses the header declares: a proof is written, and a proof checker reads only \
the declared clauses, not this one or any after it (fix the header's clause count)" ] &&
  pass "more clauses than declared, --proof: exit 2, $(cat "$tmp/err")" ||
  fail "more clauses than declared, --proof: rc $rc, $(cat "$tmp/err"), $(ls "$tmp"/under.*)"
# The proof file must not be the input (kissat's two-file form read as
# MiniSat's `solver in out` would destroy the formula): exit 1, file intact.
cp "$tmp/unsat.cnf" "$tmp/same.cnf"
run -q "$tmp/same.cnf" "$tmp/same.cnf"
cmp -s "$tmp/unsat.cnf" "$tmp/same.cnf" && [ $rc = 1 ] && grep -q 'is the input file' "$tmp/err" &&
  pass "gsat f.cnf f.cnf: exit 1, the input kept, $(cat "$tmp/err")" ||
  fail "gsat f.cnf f.cnf: rc $rc, $(cat "$tmp/err"), input $(cmp -s "$tmp/unsat.cnf" "$tmp/same.cnf" && echo kept || echo overwritten)"
# Likewise when the input is standard input redirected from the proof's file.
cp "$tmp/unsat.cnf" "$tmp/same.cnf"
"$gsat" -q --proof="$tmp/same.cnf" <"$tmp/same.cnf" >"$tmp/out" 2>"$tmp/err"
rc=$?
cmp -s "$tmp/unsat.cnf" "$tmp/same.cnf" && [ $rc = 1 ] && grep -q 'is the input file' "$tmp/err" &&
  pass "gsat --proof=f.cnf < f.cnf: exit 1, the input kept" ||
  fail "gsat --proof=f.cnf < f.cnf: rc $rc, $(cat "$tmp/err"), input $(cmp -s "$tmp/unsat.cnf" "$tmp/same.cnf" && echo kept || echo overwritten)"
(cd "$tmp" && "$gsat" -q --proof=- unsat.cnf </dev/null >out 2>err; echo $? >rc)
[ "$(cat "$tmp/rc")" = 1 ] && [ ! -e "$tmp/-" ] && grep -q "proof cannot go to standard output" "$tmp/err" &&
  pass "--proof=-: exit 1, no file '-', $(cat "$tmp/err")" ||
  fail "--proof=-: rc $(cat "$tmp/rc"), $(cat "$tmp/err"), $(ls "$tmp")"
# ... nor standard output, by any name (a pipe's /dev/stdout, the file stdout
# goes to): the proof and the answer would interleave; /dev/null is fine
"$gsat" -q --proof=/dev/stdout "$tmp/unsat.cnf" </dev/null 2>"$tmp/err" | cat >"$tmp/out"
rc=${PIPESTATUS[0]}
[ $rc = 1 ] && [ ! -s "$tmp/out" ] && [ "$(cat "$tmp/err")" = "gsat: error: the proof file \
'/dev/stdout' is standard output, where the answer is printed: the two would interleave; name another file" ] &&
  pass "--proof=/dev/stdout | cat: exit 1, $(cat "$tmp/err")" ||
  fail "--proof=/dev/stdout | cat: rc $rc, $(cat "$tmp/err"), out $(head -c 100 "$tmp/out" | od -c | head -2)"
"$gsat" -q --proof="$tmp/both.txt" "$tmp/unsat.cnf" </dev/null >"$tmp/both.txt" 2>"$tmp/err"
rc=$?
[ $rc = 1 ] && grep -q "both.txt' is standard output" "$tmp/err" &&
  pass "--proof=F >F: exit 1" || fail "--proof=F >F: rc $rc, $(cat "$tmp/err")"
"$gsat" -q --proof=/dev/null "$tmp/unsat.cnf" </dev/null >/dev/null 2>"$tmp/err"
rc=$?
[ $rc = 20 ] && [ ! -s "$tmp/err" ] && pass "--proof=/dev/null >/dev/null: exit 20" ||
  fail "--proof=/dev/null >/dev/null: rc $rc, $(cat "$tmp/err")"
run -q --proof="$tmp/./same.cnf" "$tmp/same.cnf"
cmp -s "$tmp/unsat.cnf" "$tmp/same.cnf" && [ $rc = 1 ] &&
  pass "--proof=DIR/./f.cnf f.cnf: exit 1, the input kept" ||
  fail "--proof naming the input by another path: rc $rc, $(cat "$tmp/err")"
# ... a usage error before the input is read: a missing input is not what
# is reported, and no proof file is made
for args in "--search=dpll --proof=$tmp/dpll.drat $tmp/missing.cnf" \
  "--search=dpll $tmp/missing.cnf $tmp/dpll.drat"; do
  usage_error "$args" "a proof (--proof) needs CDCL: DPLL writes none (use --search=cdcl or auto)"
  [ ! -e "$tmp/dpll.drat" ] || fail "[$args] made the proof file"
done
run --search=dpll "$tmp/unsat.cnf" "$tmp/dpll.drat"
[ $rc = 1 ] && grep -q 'needs CDCL' "$tmp/err" && ! grep -q '^s ' "$tmp/out" &&
  pass "--search=dpll with a proof file: exit 1, $(cat "$tmp/err")" ||
  fail "--search=dpll with a proof file: rc $rc $(cat "$tmp/err")"


# The search choice (core/choose.c): without a GPU, pigeonhole goes to CDCL
# after BVA (its at-most-one constraints re-encoded), to DPLL with --no-bva;
# graph colouring with the same shape (one "some colour" clause per vertex,
# each variable once, the rest binary) to CDCL: a colouring once went to
# DPLL, which left sw100-1 unanswered for 10 s where CDCL takes 9 ms.
choice_formulas "$tmp"
for f in php4:cdcl:20 php4:dpll:20:--no-bva ring6:cdcl:10; do
  IFS=: read -r name want code opt <<<"$f"
  # shellcheck disable=SC2086
  run --backend=cpu -s -n $opt "$tmp/$name.cnf"
  got=$(awk '$1 == "c" && $2 == "search" && $3 ~ /^(dpll|cdcl)$/ { print $3; exit }' "$tmp/out")
  [ $rc = "$code" ] && [ "$got" = "$want" ] && pass "search choice: $name goes to $want, exit $rc" ||
    fail "search choice: $name: rc $rc, search '$got', want $want and $code"
done

# An option of one search (option_table.h's GSAT_OPTION_READERS) beside an
# explicit --search of another is a usage error (--cubes is the DPLL
# look-ahead's); where --search=auto chose a search that does not read it,
# one note line on stderr names it (none under -q, none for an option the
# search read); so does one for --inprocess* options where no inprocessing
# round runs (--no-simplify; the GPU's CDCL).  --backend=cpu: no GPU races, so auto takes CDCL for
# pigeonhole (php4) and DPLL for uniform 3-SAT (4 clauses per variable) on
# every machine.
usage_error "--search=walk --cubes=10 $tmp/tiny.cnf" \
  "--cubes is read only by --search=dpll: not with --search=walk (drop one of them, or use --search=auto)"
usage_error "--search=cdcl --decide=lookahead $tmp/tiny.cnf" \
  "--decide is read only by --search=dpll: not with --search=cdcl (drop one of them, or use --search=auto)"
usage_error "--search=dpll --no-vivify $tmp/tiny.cnf" \
  "--vivify is read only by --search=cdcl: not with --search=dpll (drop one of them, or use --search=auto)"
printf 'p cnf 4 16\n' >"$tmp/r3.cnf"
for c in "1 2 3" "2 3 4"; do
  for signs in "+++" "++-" "+-+" "+--" "-++" "-+-" "--+" "---"; do
    set -- $c
    printf '%s%s %s%s %s%s 0\n' "${signs:0:1}" $1 "${signs:1:1}" $2 "${signs:2:1}" $3 | tr -d + >>"$tmp/r3.cnf"
  done
done
note="gsat: note: ignored by the search that ran"
inproc="gsat: note: --inprocess* unused: inprocessing rounds run only in the CDCL search on the CPU, with --simplify and --inprocess"
for t in "php4.cnf --decide=lookahead|20|$note, cdcl (--search=auto): --decide (read only by --search=dpll)" \
  "r3.cnf --no-vivify --seed=3|20|$note, dpll (--search=auto): --seed (read only by --search=cdcl or walk), --vivify (read only by --search=cdcl)" \
  "r3.cnf --cubes=4 --no-bva|20|$note, dpll (--search=auto): --bva (read only by --search=cdcl)" \
  "r3.cnf --decide=moms|20|" "php4.cnf --no-vivify|20|" "php4.cnf -q --decide=moms|20|" \
  "php4.cnf --search=cdcl --threads=2 --inprocess-interval=5|20|" \
  "php4.cnf --search=cdcl --threads=3 --no-simplify --inprocess|20|$inproc" \
  "php4.cnf --search=cdcl --threads=1 --no-simplify --inprocess-bound=3|20|$inproc" \
  "php4.cnf --search=cdcl --threads=1 --inprocess-interval=5|20|" \
  "php4.cnf --search=cdcl --threads=2 --no-inprocess|20|" \
  "php4.cnf --search=cdcl --threads=2 --no-simplify --no-inprocess|20|" \
  "php4.cnf --search=cdcl --threads=2 --no-inprocess --inprocess-interval=5|20|$inproc"; do
  IFS='|' read -r args want_rc want <<<"$t"
  # shellcheck disable=SC2086
  run --backend=cpu -n $tmp/$args
  [ "$rc" = "$want_rc" ] && [ "$(cat "$tmp/err")" = "$want" ] &&
    pass "[--backend=cpu $args]: exit $rc, stderr '$want'" ||
    fail "[--backend=cpu $args]: rc $rc (want $want_rc), stderr '$(cat "$tmp/err")', want '$want'"
done

# The node limit: s UNKNOWN, exit 0, as --help and the README say.
run --backend=cpu --search=dpll --threads=1 --node-limit=1 "$tmp/php4.cnf"
[ $rc = 0 ] && grep -qx 'c stopped: node limit of 1 decision reached' "$tmp/out" &&
  grep -qE '^c search .* s, 1 node, ' "$tmp/out" &&
  pass "--node-limit=1: 'node limit of 1 decision', '1 node' (the singular)" ||
  fail "--node-limit=1: rc $rc $(grep -E '^c (stopped|search)' "$tmp/out")"
run --backend=cpu --search=dpll --threads=1 --node-limit=3 "$tmp/php4.cnf"
[ $rc = 0 ] && grep -qx 's UNKNOWN' "$tmp/out" && grep -qx 'c stopped: node limit of 3 decisions reached' "$tmp/out" &&
  pass "--node-limit=3: s UNKNOWN, exit 0" || fail "--node-limit=3: rc $rc $(grep -v '^c  ' "$tmp/out" | tail -5)"
run --backend=cpu --search=walk --threads=1 --node-limit=1000 "$tmp/php4.cnf" # UNSAT: the walkers stop
[ $rc = 0 ] && grep -qx 's UNKNOWN' "$tmp/out" && grep -qx 'c stopped: node limit of 1000 flips reached' "$tmp/out" &&
  pass "walkers at --node-limit: 'node limit of 1000 flips'" || fail "walkers at --node-limit: rc $rc $(grep -E '^c (stopped|search)' "$tmp/out")"
# The CPU walker member on uniform random 3-SAT (4 threads): one line names
# every member, the answering one and the search it ran.
if [ -n "$gen" ] && "$gen" rand 3 300 1200 3 >"$tmp/r300.cnf"; then
  run --backend=cpu --threads=4 -n "$tmp/r300.cnf"
  [ $rc = 10 ] && grep -qx 'c portfolio member cpu: dpll, walk: walk' "$tmp/out" &&
    grep -qE '^c portfolio: (walk|cpu) answered( \(the walk member never started\))?$' "$tmp/out" &&
    pass "walker member: 'c portfolio member cpu: dpll, walk: walk', SAT" ||
    fail "walker member: rc $rc $(grep '^c portfolio' "$tmp/out")"
fi

# 2. A signal or the time limit while the model is printed.  The output goes
# through a FIFO to `tail`, which keeps the last 16 KiB (more than three v lines) (the model streams at
# hundreds of MB/s).
printf 'p cnf 2147483647 2\n2147483647 -1 0\n1 0\n' >"$tmp/huge.cnf"

# whole_v_lines FILE NEED: every v line of FILE after its first line (which tail
# -c may have cut at the front) is whole: "v" and literals, the variables
# consecutive within and across lines, and full (the next literal would not
# fit in the 4096 characters of a line; all but variable 1 are negative
# here), so a line cut short fails; NEED 1: at least one such line.
whole_v_lines() {
  awk 'NR > 1 && /^v/ {
    if ($0 !~ /^v( -?[1-9][0-9]*)+$/) { print "not literals: line " NR; bad = 1; exit }
    for (k = 2; k <= NF; k++) {
      v = $k < 0 ? -$k : $k
      if (prev && v != prev + 1) { print "variable " v " after " prev ", line " NR; bad = 1; exit }
      prev = v
    }
    if (length($0) + 2 + length(prev + 1 "") <= 4096) { # next: " -N"
      print "line " NR " of " length($0) " characters ends early at " prev; bad = 1; exit
    }
    lines++
  } END { if (!bad && !lines && need) print "no v line"; exit bad || (need && !lines) }' need="$2" "$1"
}

# cut_model WHAT WANT ARGS...: starts gsat ARGS on the huge formula into the
# FIFO; WHAT is a signal name (sent once 64 KiB of output arrived, so that
# whole v lines were written whatever the machine's load) or "limit" (ARGS
# hold the limit; the timer may fire before the first v line is complete,
# which the contract allows: s line, then the c line); checks the end of the
# output against WANT (the c line's cause).
cut_model() {
  local what=$1 want=$2
  shift 2
  rm -f "$tmp/fifo" "$tmp/head" "$tmp/tail"
  mkfifo "$tmp/fifo"
  rm -f "$tmp/head"
  if [ "$what" = limit ]; then
    tail -c 16384 <"$tmp/fifo" >"$tmp/tail" &
  else
    { head -c 65536 >"$tmp/head"; tail -c 16384; } <"$tmp/fifo" >"$tmp/tail" &
  fi
  local tailpid=$!
  helpers="$helpers $tailpid"
  "$gsat" "$@" "$tmp/huge.cnf" >"$tmp/fifo" 2>"$tmp/err" &
  local pid=$!
  local t0=$EPOCHREALTIME
  if [ "$what" != limit ]; then
    local waited=0
    while [ "$(stat -c %s "$tmp/head" 2>/dev/null || echo 0)" -lt 65536 ] &&
      kill -0 "$pid" 2>/dev/null && [ $waited -lt 1000 ]; do
      sleep 0.01
      waited=$((waited + 1))
    done
    kill -"$what" "$pid"
  fi
  await_exit $pid "model output, $what [$*]" "the start" || return
  wait $tailpid
  local ms
  ms=$(ms_since "$t0")
  local last
  last=$(tail -n 1 "$tmp/tail")
  local before whole
  before=$(tail -n 2 "$tmp/tail" | head -n 1)
  whole=$(whole_v_lines "$tmp/tail" $([ "$what" = limit ] && echo 0 || echo 1))
  if [ $rc = 8 ] && [ -z "$whole" ] && [ "$last" = "c model output interrupted by $want: the v lines are incomplete" ] &&
     { [[ $before == "v "* ]] || { [ "$what" = limit ] && [ "$before" = "s SATISFIABLE" ]; }; } &&
     [ "$before" != "v 0" ] && ! grep -qx 'v 0' "$tmp/tail" &&
     [ ! -s "$tmp/err" ]; then
    pass "model output, $what [$*]: exit 8, whole v lines, then '$last' ($ms ms from the start)"
  else
    fail "model output, $what [$*]: rc $rc, ${whole:+$whole, }last lines "$(echo "$before" | head -c 100)" / "$(echo "$last" | tail -c 160)", stderr $(cat "$tmp/err")"
  fi
}
cut_model INT "signal 2 (SIGINT)" --backend=cpu
cut_model TERM "signal 15 (SIGTERM)" --backend=cpu -q
cut_model limit "the time limit of 1 s" --backend=cpu --time-limit=1
cut_model limit "the time limit of 1.5 s" --backend=cpu -q --time-limit=1.5

# A reader that stops reading: the first SIGINT cannot finish the stop (the
# block being written waits for the reader), a second more than 1 s later
# ends gsat at once by the signal's default action (exit status 130; one
# sooner is the same request, below).
rm -f "$tmp/fifo" "$tmp/head"
mkfifo "$tmp/fifo"
{ head -c 100 >"$tmp/head"; exec sleep 60; } <"$tmp/fifo" &
stalled=$!
helpers="$helpers $stalled"
"$gsat" --backend=cpu "$tmp/huge.cnf" >"$tmp/fifo" 2>"$tmp/err" &
pid=$!
n=0
while [ ! -s "$tmp/head" ] && [ $n -lt 2000 ]; do
  sleep 0.01
  n=$((n + 1))
done
sleep 0.2
kill -INT $pid
sleep 1.2
kill -INT $pid
if await_exit $pid "a stalled reader, two SIGINTs" "the second"; then
  [ $rc = 130 ] && pass "a stalled reader: the second SIGINT ends gsat (status 130)" ||
    fail "a stalled reader, two SIGINTs: rc $rc $(cat "$tmp/err")"
fi
kill $stalled 2>/dev/null

# 3. A fractional time limit while parsing.  The formula is sent 0.5 s after
# gsat says it is reading (its timer is armed before that line).
rm -f "$tmp/out"
(wait_for_line '^c reading' && sleep 0.5 && printf 'p cnf 2 2\n1 2 0\n-1 0\n') |
  "$gsat" --backend=cpu --time-limit=0.25 - >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc = 0 ] && grep -qx 'c interrupted while parsing' "$tmp/out" &&
   grep -qx 'c stopped: time limit of 0.25 s reached' "$tmp/out" && grep -qx 's UNKNOWN' "$tmp/out"; then
  pass "--time-limit=0.25 stops the parsing of a pipe silent for 0.5 s"
else
  fail "--time-limit=0.25, formula after 0.5 s: rc $rc: $(grep -v '^c  ' "$tmp/out" | head -c 400) $(cat "$tmp/err")"
fi

# A signal repeated within 1 s is the same request: coreutils `timeout`
# sends its signal to gsat and again to gsat's process group, which once
# ended gsat by the default action with no s line (exit 143).  Two SIGTERMs
# 10 ms apart, and `timeout --preserve-status 0.5` itself (which passes
# gsat's exit status on), give `s UNKNOWN` and exit 0.
if [ -n "$gen" ] && "$gen" php 11 >"$tmp/php11.cnf"; then
  for how in kill timeout; do
    for i in 1 2 3 4 5; do
      if [ $how = kill ]; then
        "$gsat" -q --backend=cpu --search=dpll "$tmp/php11.cnf" >"$tmp/out" 2>"$tmp/err" &
        pid=$!
        sleep 0.3
        kill -TERM $pid
        sleep 0.01
        kill -TERM $pid 2>/dev/null
        await_exit $pid "two SIGTERMs 10 ms apart" "them" || continue
      else
        timeout --preserve-status 0.5 "$gsat" -q --backend=cpu --search=dpll "$tmp/php11.cnf" >"$tmp/out" 2>"$tmp/err"
        rc=$?
      fi
      if [ $rc != 0 ] || [ "$(grep -c '^s UNKNOWN$' "$tmp/out")" != 1 ]; then
        fail "$how: a repeated signal (run $i): rc $rc, out '$(head -c 200 "$tmp/out")' $(cat "$tmp/err")"
        continue 2
      fi
    done
    pass "$how: a signal repeated within 1 s gives s UNKNOWN and exit 0 (5 of 5 runs)"
  done
else
  echo "skip: repeated signals (no gsat-gen)"
fi

# SIGHUP (the terminal went away) stops gsat as SIGTERM does; a reader that
# closes the pipe (`gsat f.cnf | head -1`) ends gsat quietly at its next
# write, by SIGPIPE's default action (status 141, nothing on stderr).
if [ -n "$gen" ] && [ -s "$tmp/php11.cnf" ]; then
  "$gsat" --backend=cpu --search=dpll "$tmp/php11.cnf" >"$tmp/out" 2>"$tmp/err" &
  pid=$!
  sleep 0.3
  kill -HUP $pid
  if await_exit $pid "SIGHUP" "the signal"; then
    [ $rc = 0 ] && grep -qx 's UNKNOWN' "$tmp/out" && grep -qx 'c stopped by signal 1 (SIGHUP)' "$tmp/out" &&
      pass "SIGHUP: s UNKNOWN, exit 0, 'c stopped by signal 1 (SIGHUP)'" ||
      fail "SIGHUP: rc $rc, $(grep -v '^c  ' "$tmp/out" | tail -3) $(cat "$tmp/err")"
  fi
  timeout 20 "$gsat" --backend=cpu --search=dpll --progress=0.1 "$tmp/php11.cnf" 2>"$tmp/err" | head -n 1 >"$tmp/out"
  rc=${PIPESTATUS[0]}
  [ $rc = 141 ] && [ ! -s "$tmp/err" ] && [ "$(wc -l <"$tmp/out")" = 1 ] &&
    pass "gsat | head -1: ended by SIGPIPE (status 141), quietly" ||
    fail "gsat | head -1: rc $rc, stderr $(cat "$tmp/err")"
fi
# A proof to a FIFO whose reader exits: an I/O error with a message (exit
# 3), not a silent death by SIGPIPE; SIGPIPE is held off only while the
# proof is written (the `| head -1` case above stays quiet).
if [ -n "$gen" ] && "$gen" php 8 >"$tmp/php8p.cnf"; then # a proof of 0.9 MB
  rm -f "$tmp/pfifo"
  mkfifo "$tmp/pfifo"
  head -c 10 <"$tmp/pfifo" >/dev/null &
  helpers="$helpers $!"
  timeout 20 "$gsat" -q --search=cdcl --threads=1 --proof="$tmp/pfifo" "$tmp/php8p.cnf" >"$tmp/out" 2>"$tmp/err"
  rc=$?
  [ $rc = 3 ] && [ "$(cat "$tmp/err")" = "gsat: error: cannot write the proof: Broken pipe" ] && [ ! -s "$tmp/out" ] &&
    pass "--proof=FIFO, its reader gone: exit 3, $(cat "$tmp/err")" ||
    fail "--proof=FIFO, its reader gone: rc $rc, stderr $(cat "$tmp/err"), out $(head -c 200 "$tmp/out")"
fi
# The failed proof write stops the search: php 11 (seconds with BVA, minutes without, of CDCL search on
# one or two threads) ends with that error, not with an unproven answer.
if [ -n "$gen" ] && "$gen" php 11 >"$tmp/php11p.cnf"; then
  for th in 1 2; do
    rm -f "$tmp/pfifo"
    mkfifo "$tmp/pfifo"
    head -c 10 <"$tmp/pfifo" >/dev/null &
    helpers="$helpers $!"
    timeout 120 "$gsat" --search=cdcl --threads=$th --proof="$tmp/pfifo" "$tmp/php11p.cnf" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    [ $rc = 3 ] && grep -qx "gsat: error: cannot write the proof: Broken pipe" "$tmp/err" && ! grep -q '^s ' "$tmp/out" &&
      pass "--proof=FIFO, its reader gone, php 11, $th thread(s): the search stops, exit 3" ||
      fail "--proof=FIFO, its reader gone, php 11, $th thread(s): rc $rc (124: ran on), stderr $(head -c 300 "$tmp/err")"
  done
fi
# A proof FIFO whose reader holds it open and never reads: SIGINT stops gsat
# within a second (exit 3, the proof is cut), it does not wait for the
# reader; and SIGINT while the FIFO waits for a reader to open it: s UNKNOWN,
# exit 0, stopped by the signal.
if [ -n "$gen" ] && [ -s "$tmp/php11p.cnf" ]; then
  rm -f "$tmp/pfifo"
  mkfifo "$tmp/pfifo"
  sleep 30 <"$tmp/pfifo" &
  helpers="$helpers $!"
  "$gsat" --search=cdcl --threads=2 --proof="$tmp/pfifo" "$tmp/php11p.cnf" >"$tmp/out" 2>"$tmp/err" &
  pid=$!
  sleep 1.5
  kill -INT $pid
  start=$(date +%s%N)
  waited=0
  while kill -0 $pid 2>/dev/null && [ $waited -lt 50 ]; do sleep 0.1; waited=$((waited + 1)); done
  ms=$((($(date +%s%N) - start) / 1000000))
  kill -KILL $pid 2>/dev/null
  wait $pid
  rc=$?
  [ $rc = 3 ] && [ $ms -lt 2000 ] && grep -q "cannot write the proof: the search was stopped while its reader was not reading" "$tmp/err" &&
    pass "--proof=FIFO, its reader not reading, SIGINT: exit 3 after $ms ms" ||
    fail "--proof=FIFO, its reader not reading, SIGINT: rc $rc after $ms ms, stderr $(head -c 300 "$tmp/err")"
  rm -f "$tmp/pfifo"
  mkfifo "$tmp/pfifo"
  "$gsat" --search=cdcl --proof="$tmp/pfifo" "$tmp/php11p.cnf" >"$tmp/out" 2>"$tmp/err" &
  pid=$!
  sleep 0.5
  kill -INT $pid
  waited=0
  while kill -0 $pid 2>/dev/null && [ $waited -lt 50 ]; do sleep 0.1; waited=$((waited + 1)); done
  kill -KILL $pid 2>/dev/null
  wait $pid
  rc=$?
  [ $rc = 0 ] && grep -qx 's UNKNOWN' "$tmp/out" && grep -q '^c stopped by signal 2' "$tmp/out" && [ ! -s "$tmp/err" ] &&
    pass "--proof=FIFO with no reader yet, SIGINT: s UNKNOWN, exit 0" ||
    fail "--proof=FIFO with no reader yet, SIGINT: rc $rc, stderr $(head -c 300 "$tmp/err"), out $(tail -2 "$tmp/out")"
  rm -f "$tmp/pfifo"
fi

# 4. The --progress columns.  progress_lines SEARCH THREADS: runs php 9 for
# at most 1 s with a report every 0.02 s; $tmp/progress holds the lines.
# CDCL without BVA, which would answer php 9 within the second, and with a
# presearch of 5000 conflicts, whose lines come first (1 busy): the lines
# after it go on from its time and counts.
progress_lines() {
  local hard=
  [ "$1" = cdcl ] && hard="--no-bva --presearch=5000"
  "$gsat" --search="$1" --backend=cpu --threads="$2" --progress=0.02 --time-limit=1 $hard \
    "$tmp/php9.cnf" >"$tmp/out" 2>"$tmp/err"
  rc=$?
  grep '^c progress' "$tmp/out" >"$tmp/progress"
}
num='[0-9][0-9.e+-]*'
if [ -z "$gen" ] || ! "$gen" php 9 >"$tmp/php9.cnf"; then
  echo "skip: the --progress columns (no gsat-gen)"
else
  for threads in 1 2; do
    progress_lines cdcl $threads
    want="^c progress +$num s +[0-9]+ conflicts +$num propagations/s +[0-9]+ learned +[0-9]+ restarts +(1|$threads) busy\$"
    final=$(sed -n 's/^c search .* s, \([0-9]*\) conflicts, .*/\1/p' "$tmp/out")
    if [ $rc = 0 ] && [ -s "$tmp/progress" ] && ! grep -Evq "$want" "$tmp/progress" &&
       [ -n "$final" ] &&
       awk -v final="$final" '{ if ($5 < last || $5 > final || $3 < secs) bad = 1
                                last = $5; secs = $3 }
                              END { exit bad || last == 0 }' "$tmp/progress"; then
      pass "--progress under CDCL, $threads thread(s): $(wc -l <"$tmp/progress") lines of conflicts, propagations/s, learned, restarts (the last $(tail -1 "$tmp/progress" | awk '{print $5}') of $final)"
    else
      fail "--progress under CDCL, $threads thread(s): rc $rc, final '$final': $(head -c 600 "$tmp/progress") $(cat "$tmp/err")"
    fi
  done
  progress_lines dpll 1
  want="^c progress +$num s +[0-9]+ nodes +$num checks/s +[0-9]+ cubes left +1 busy\$"
  if [ $rc = 0 ] && [ -s "$tmp/progress" ] && ! grep -Evq "$want" "$tmp/progress"; then
    pass "--progress under DPLL: nodes, checks/s, cubes left"
  else
    fail "--progress under DPLL: rc $rc: $(head -c 600 "$tmp/progress") $(cat "$tmp/err")"
  fi
fi

finish
