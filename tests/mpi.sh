#!/bin/bash
# gsat over MPI (mpi/) on CPU ranks: CTest test `mpi`.
#   tests/mpi.sh GSAT GSAT_GEN HAVE_MPI
# Skips (77) with a message when gsat was built without MPI or mpirun is
# missing.  Checks, with mpirun --oversubscribe --allow-run-as-root:
#  1. a subset of the CI corpus pick (tests/corpus.sh; every 6th row) with -np 3,
#     through check-answers (answers and every model; --stdin none, or mpirun
#     would forward check-answers' manifest to rank 0);
#  2. UNSAT node counts under --decide=static with -np 3 and -np 1 equal to
#     one process's, and one process's output under -np 1 (not distributed);
#  3. a formula from standard input, a parse error (exit 2, one message),
#     --proof (a usage error: no proof over ranks), --backend=gpu (exit 7
#     with one message naming the rank on a machine without a usable GPU,
#     UNSAT with one)
#     and the backend line of --backend=auto (rank 0's device);
#  4. --time-limit and --node-limit: s UNKNOWN, exit 0, the c line that
#     names the limit;
#  5. SIGTERM and SIGINT to mpirun once the ranks search (rank 0's first
#     progress line): rank 0 prints s UNKNOWN once (mpirun itself exits 1
#     after forwarding such a signal);
#  6. a rank killed (SIGKILL) once the ranks search: an error exit, no s
#     line, and rank 0's message naming the rank that did not report;
#  7. CDCL over ranks (clause exchange): structured corpus instances, SAT and
#     UNSAT, on 3 and on 2 ranks through check-answers (answers against the
#     manifest, every model checked); generated random 3-SAT formulas on 2
#     and 3 ranks against MiniSat (or CaDiCaL), models checked here, exactly
#     one s line and one banner (one printer); --search=auto choosing CDCL
#     as on one process; clauses exchanged in --stats; --time-limit and
#     SIGTERM giving s UNKNOWN once; a rank killed under CDCL with big,
#     frequent clause rounds: rank 0 still names it (before mpirun's SIGKILL);
#  8. the GPU ranks' cube loop with the CPU search standing in for the GPU
#     search (--mpi-cube-standin, so without a GPU): a DPLL corpus subset on
#     3 ranks through check-answers; UNSAT node counts under --decide=static
#     (and moms on two files, --mpi-cube-queue=1 on one) equal to one
#     process's;
#     random formulas with DPLL and CDCL on 2 and 3 ranks, answers as one
#     process and models checked; CDCL behind the clause port of the GPU
#     CDCL search (the rank's bridge to its exchange ring, which the MPI
#     rounds read and fill): a structured corpus subset on 3 ranks through
#     check-answers, and a 3-rank run whose --stats shows clauses out and in
#     and port clauses out and in on every rank, with the answer of the CPU
#     ranks (section 7); --node-limit (with its c line), --time-limit and
#     SIGTERM.
set -u
gsat=$1 gen=$2 have_mpi=$3
if [ "$have_mpi" != ON ] || ! command -v mpirun >/dev/null; then
  echo "mpi test skipped: gsat built without MPI or no mpirun (Debian: libopenmpi-dev openmpi-bin)"
  exit 77
fi
source "$(dirname "$0")/check_lib.sh"
here=$(cd "$(dirname "$0")" && pwd)
shared=$here/../../shared
# Open MPI's own allocations (in components it loads and unloads) show up as
# leaks under LeakSanitizer (tests/run_all.sh's ASan build): ranks run without
# leak detection; the one-process runs here keep it.
mpirun=(env "ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
        mpirun -q --oversubscribe --allow-run-as-root)
mpi() { "${mpirun[@]}" "$@"; }
stat_of() { sed -nE "s/^c $1 +([0-9]+)\$/\\1/p" "$2" | head -1; }
# corpus WHAT PICK SELECT MIN ARGS...: the manifest rows that match the
# extended regex PICK and the awk condition SELECT, through check-answers
# with `mpirun --stdin none ARGS...` (ARGS: -np N, gsat and its options);
# passes when none failed and at least MIN passed.
corpus() {
  local what=$1 pick=$2 select=$3 min=$4 rows only line passed failed
  shift 4
  rows=$(cut -f1 "$shared/bench/manifest.tsv" | grep -E "$pick" | awk "$select")
  only=$(echo "$rows" | sed 's/[.]/[.]/g' | paste -sd'|')
  "$shared/tools/check-answers" -q -t 60 -f "^($only)\$" "$shared/bench/manifest.tsv" -- \
    "${mpirun[@]}" --stdin none "$@" >"$tmp/corpus"
  answer_counts "$tmp/corpus"
  if [ "$failed" = 0 ] && [ "$passed" -ge "$min" ]; then
    pass "$what: $line"
  else
    fail "$what: $line $(grep -v '^check-answers' "$tmp/corpus" | head -c 600)"
  fi
}

# 1. Answers and models over the corpus subset.
if have_corpus "$shared"; then
  corpus "corpus subset on 3 ranks" "$corpus_ci" 'NR % 6 == 1' 40 \
    -np 3 "$gsat" --backend=cpu --threads=1
  unsat="$shared/bench/cnf/uuf75/uuf75-01.cnf $shared/bench/cnf/pigeonhole/hole8.cnf"
  unsat+=" $(ls "$shared"/bench/cnf/aim/aim-50-*no-1.cnf 2>/dev/null | head -1)"
else
  echo "corpus part skipped: $shared/bench not found"
  unsat=""
fi

# 2. Node counts under the static order: N ranks = one process.
"$gen" php 8 >"$tmp/php8.cnf"
"$gen" php 9 >"$tmp/php9.cnf"
for f in "$tmp/php8.cnf" "$tmp/php9.cnf" $unsat; do
  [ -f "$f" ] || continue
  "$gsat" --backend=cpu --search=dpll --threads=1 --decide=static --stats "$f" >"$tmp/one" 2>&1
  want=$(stat_of nodes "$tmp/one")
  for np in 3 1; do
    mpi -np $np "$gsat" --backend=cpu --search=dpll --threads=1 --decide=static --stats "$f" >"$tmp/out" 2>&1
    rc=$?
    got=$(stat_of nodes "$tmp/out")
    if [ $rc = 20 ] && grep -qx 's UNSATISFIABLE' "$tmp/out" && [ -n "$want" ] && [ "$got" = "$want" ]; then
      pass "$(basename "$f"), -np $np: UNSAT, $got nodes as one process"
    else
      fail "$(basename "$f"), -np $np: rc $rc, $got nodes, one process $want: $(tail -c 300 "$tmp/out")"
    fi
  done
done
mpi -np 3 "$gsat" --backend=cpu --search=dpll --threads=2 --decide=static --stats "$tmp/php9.cnf" >"$tmp/out" 2>&1
got=$(stat_of nodes "$tmp/out")
"$gsat" --backend=cpu --search=dpll --threads=1 --decide=static --stats "$tmp/php9.cnf" >"$tmp/one" 2>&1
want=$(stat_of nodes "$tmp/one")
ranks=$(grep -cE '^c +[0-9]+ +2 +[0-9]+' "$tmp/out")
if [ "$got" = "$want" ] && [ "$ranks" = 3 ] && grep -q '^c ranks  *3 (MPI)' "$tmp/out"; then
  pass "php 9, 3 ranks x 2 threads: $got nodes as one process, 3 rank rows in --stats"
else
  fail "php 9, 3 ranks x 2 threads: $got nodes (one process $want), $ranks rank rows"
fi
mpi -np 1 "$gsat" --backend=cpu --threads=1 "$tmp/php8.cnf" >"$tmp/out" 2>&1
"$gsat" --backend=cpu --threads=1 "$tmp/php8.cnf" >"$tmp/one" 2>&1
# Timing lines differ, and so do the progress lines of a run that takes more
# than 5 s (ASan on a loaded machine): neither is part of the comparison.
if diff <(grep -v '^c \(parsed\|search\|progress\)' "$tmp/out") <(grep -v '^c \(parsed\|search\|progress\)' "$tmp/one") >/dev/null; then
  pass "-np 1: the output of one process"
else
  fail "-np 1 differs from one process: $(diff "$tmp/out" "$tmp/one" | head -c 400)"
fi

# 3. Standard input (rank 0 reads it), a SAT model, a parse error.
"$gen" rand 3 100 400 5 >"$tmp/sat.cnf"
"$gsat" --backend=cpu -q "$tmp/sat.cnf" >"$tmp/one"
want=$?
mpi -np 3 "$gsat" --backend=cpu --threads=1 - <"$tmp/sat.cnf" >"$tmp/out" 2>&1
rc=$?
if [ $rc = $want ] && [ "$(grep -c '^s ' "$tmp/out")" = 1 ] &&
   { [ $rc = 20 ] || [ "$(grep -c '^v 0$' "$tmp/out")" = 1 ]; }; then
  pass "standard input on 3 ranks: exit $rc as one process, one s line"
else
  fail "standard input on 3 ranks: rc $rc (one process $want): $(tail -c 300 "$tmp/out")"
fi
printf 'p cnf 2 1\n1 x 0\n' >"$tmp/bad.cnf"
mpi -np 3 "$gsat" --backend=cpu "$tmp/bad.cnf" >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc = 2 ] && [ "$(grep -c 'error' "$tmp/err")" = 1 ] && ! grep -q '^s ' "$tmp/out"; then
  pass "parse error on 3 ranks: exit 2, one message"
else
  fail "parse error on 3 ranks: rc $rc: $(cat "$tmp/err" | head -c 300)"
fi

mpi -np 3 "$gsat" --backend=cpu --proof="$tmp/p.drat" "$tmp/php8.cnf" >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc = 1 ] && grep -q 'no proof from the distributed search' "$tmp/err" &&
   [ "$(grep -c error "$tmp/err")" = 1 ] && ! grep -q '^s ' "$tmp/out" && [ ! -e "$tmp/p.drat" ]; then
  pass "--proof on 3 ranks: usage error (exit 1), one message, no proof file"
else
  fail "--proof on 3 ranks: rc $rc: $(head -c 300 "$tmp/err")"
fi

# --backend=gpu: this rank's device is its node-local rank mod the visible
# devices; without one, exit 7 before the input is read, one message naming
# the rank (with one, GPU ranks refute php 8).
mpi -np 3 "$gsat" --backend=gpu "$tmp/php8.cnf" >"$tmp/out" 2>"$tmp/err"
rc=$?
if { { [ $rc = 7 ] && grep -q 'rank 0 of 3 (node-local rank 0)' "$tmp/err" &&
       [ "$(grep -c error "$tmp/err")" = 1 ] && ! grep -q '^s ' "$tmp/out"; } ||
     { [ $rc = 20 ] && [ "$(grep -c '^s UNSATISFIABLE$' "$tmp/out")" = 1 ]; }; }; then
  pass "--backend=gpu on 3 ranks: exit $rc ($(head -c 160 "$tmp/err"))"
else
  fail "--backend=gpu on 3 ranks: rc $rc: $(head -c 300 "$tmp/err")"
fi
mpi -np 2 "$gsat" --backend=auto --stats "$tmp/php8.cnf" >"$tmp/out" 2>&1
if grep -qE '^c backend +cpu \(auto: 2 MPI ranks, CPU ranks \((gsat was built without CUDA|--backend=gpu for GPU ranks; rank 0: (no CUDA device visible|device 0 of [0-9]+ \(node-local rank 0\)))\)\)$' "$tmp/out"; then
  pass "--backend=auto on 2 ranks: CPU ranks, rank 0's device in --stats"
else
  fail "--backend=auto on 2 ranks: $(grep '^c backend' "$tmp/out")"
fi

# time_limit WHAT ARGS...: gsat ARGS --time-limit=2 on php 12 over 3 ranks
# gives s UNKNOWN once, exit 0 and the time limit's c line.
time_limit() {
  local what=$1
  shift
  mpi -np 3 "$gsat" "$@" --time-limit=2 "$tmp/php12.cnf" >"$tmp/out" 2>&1
  rc=$?
  if [ $rc = 0 ] && [ "$(grep -c '^s UNKNOWN$' "$tmp/out")" = 1 ] && grep -q '^c stopped: time limit' "$tmp/out"; then
    pass "$what--time-limit=2 on 3 ranks: s UNKNOWN once, exit 0"
  else
    fail "$what--time-limit=2 on 3 ranks: rc $rc: $(tail -c 300 "$tmp/out")"
  fi
}

# node_limit WHAT ARGS...: gsat ARGS --node-limit=300000 on php 12 over 3
# ranks gives s UNKNOWN once, exit 0 after at least 100000 nodes, and the
# node limit's c line.
node_limit() {
  local what=$1 nodes
  shift
  mpi -np 3 "$gsat" "$@" --node-limit=300000 --stats "$tmp/php12.cnf" >"$tmp/out" 2>&1
  rc=$?
  nodes=$(stat_of nodes "$tmp/out")
  if [ $rc = 0 ] && [ "$(grep -c '^s UNKNOWN$' "$tmp/out")" = 1 ] && [ -n "$nodes" ] && [ "$nodes" -ge 100000 ] &&
     grep -q '^c stopped: node limit of 300000 decisions reached' "$tmp/out"; then
    pass "$what--node-limit=300000 on 3 ranks: s UNKNOWN, exit 0 after $nodes nodes, the node limit line"
  else
    fail "$what--node-limit on 3 ranks: rc $rc, $nodes nodes: $(tail -c 300 "$tmp/out")"
  fi
}

# 4. Limits.
"$gen" php 12 >"$tmp/php12.cnf"
time_limit "" --backend=cpu --threads=1
node_limit "" --backend=cpu --threads=1

# Waits (at most 20 s) until mpirun pid $1 has $2 gsat children; prints them.
ranks_of() {
  local n=0 kids=""
  while [ $n -lt 200 ]; do
    kids=$(pgrep -P "$1" -f "$gsat" | tr '\n' ' ')
    [ "$(echo $kids | wc -w)" = "$2" ] && break
    sleep 0.1
    n=$((n + 1))
  done
  echo $kids
}

# searching PID: waits (at most 60 s, while mpirun PID runs) until rank 0
# wrote its first `c progress` line to $tmp/out (the ranks run with
# --progress=1): the ranks have passed MPI start-up and the formula's
# broadcast and search.  A rank that dies in those collectives stalls rank 0
# in them until mpirun's SIGKILL: no answer, but no message either; a loaded
# machine can take seconds to get past them.
searching() {
  local n=0
  while [ $n -lt 600 ] && kill -0 "$1" 2>/dev/null && ! grep -q '^c progress' "$tmp/out"; do
    sleep 0.1
    n=$((n + 1))
  done
}

# kill_rank1 PID: kills rank 1 of the 3-rank mpirun PID once the ranks search
# (searching) and waits for mpirun; sets victim (empty when rank 1 was not
# found) and rc (mpirun's exit status).
kill_rank1() {
  local p
  victim=""
  for p in $(ranks_of $1 3); do
    grep -qz '^OMPI_COMM_WORLD_RANK=1$' /proc/$p/environ 2>/dev/null && victim=$p
  done
  searching $1
  [ -n "$victim" ] && kill -KILL "$victim"
  wait $1
  rc=$?
}

# signal_mpirun WHAT SIG NP ARGS...: SIG to mpirun once its NP ranks of gsat
# ARGS --stats on php 12 search (searching): rank 0 printed progress lines
# (the cube loop's too) and prints s UNKNOWN once, no v line, the statistics
# of NP ranks.
signal_mpirun() {
  local what=$1 sig=$2 np=$3 pid
  shift 3
  : >"$tmp/out" # no progress line of an earlier run
  "${mpirun[@]}" -np $np "$gsat" "$@" --stats --progress=1 "$tmp/php12.cnf" >"$tmp/out" \
    2>"$tmp/err" &
  pid=$!
  searching $pid
  kill -$sig $pid
  wait $pid
  rc=$?
  if [ "$(grep -c '^s UNKNOWN$' "$tmp/out")" = 1 ] && grep -q "^c stopped by signal" "$tmp/out" &&
     grep -q '^c progress ' "$tmp/out" &&
     grep -q "^c ranks  *$np (MPI)" "$tmp/out" && ! grep -q '^v' "$tmp/out"; then
    pass "${what}SIG$sig to mpirun: progress, s UNKNOWN once, statistics of $np ranks (mpirun exit $rc)"
  else
    fail "${what}SIG$sig to mpirun: rc $rc: $(tail -c 300 "$tmp/out") $(head -c 300 "$tmp/err")"
  fi
}

# 5. Signals to mpirun while the ranks search.
for sig in TERM INT; do
  signal_mpirun "" $sig 3 --backend=cpu --threads=1
done

# 6. A rank killed mid-run: an error, never an answer.
: >"$tmp/out"
"${mpirun[@]}" -np 3 "$gsat" --backend=cpu --threads=1 --progress=1 "$tmp/php12.cnf" \
  >"$tmp/out" 2>"$tmp/err" &
kill_rank1 $!
if [ -n "$victim" ] && [ $rc != 0 ] && [ $rc != 10 ] && [ $rc != 20 ] && ! grep -q '^s ' "$tmp/out" &&
   grep -q '^gsat: error: rank 1 of 3 did not report' "$tmp/err"; then
  pass "rank 1 killed: exit $rc, no answer, rank 0 names the missing rank"
else
  fail "rank 1 killed (pid $victim): rc $rc: $(tail -c 300 "$tmp/out") $(head -c 300 "$tmp/err")"
fi

# cdcl_ranks OUT: "ROWS SENT GOT LOW" from the CDCL rank rows of --stats
# (rank, threads, conflicts, conflicts/s, clauses out, clauses in, port out,
# port in, rounds, search s): the rows, clauses sent and received summed over
# the ranks, and the smallest of any rank's four clause counts.
cdcl_ranks() {
  awk '$1 == "c" && $2 ~ /^[0-9]+$/ && NF == 11 && $11 ~ /^[0-9]+[.][0-9]+$/ {
         n++; s += $6; g += $7
         for (i = 6; i <= 9; i++) if (low == "" || $i + 0 < low) low = $i + 0 }
       END { print n + 0, s + 0, g + 0, low == "" ? 0 : low }' "$1"
}

# 7. CDCL over ranks.
cdcl_pick='cnf/(bmc|logistics|ssa|bf|bw|ais)/|hanoi4|ii8|ii16[ab]|ii32e|flat50-|uuf100-0[1-3][.]|'
cdcl_pick+='/uf150-0[1-3][.]|dubois2|pret60|aim-100|par16-1|qg[1-3]'
if have_corpus "$shared"; then
  for np in 3 2; do # every 3rd row, different ones on each
    corpus "CDCL, structured corpus on $np ranks" "$cdcl_pick" "NR % 3 == $np % 3" 18 \
      -np $np "$gsat" --backend=cpu --search=cdcl --threads=1
  done
else
  echo "CDCL corpus part skipped: $shared/bench not found"
fi
# random_answer WHAT BY WANT NP ARGS...: gsat ARGS on $tmp/r.cnf over NP ranks
# exits WANT (the exit code BY gave) with one s line and, when SAT, a model
# of the formula: adds the exit code to $answers; else fails naming WHAT.
random_answer() {
  local what=$1 by=$2 want=$3 np=$4 bad=""
  shift 4
  mpi --stdin none -np $np "$gsat" "$@" "$tmp/r.cnf" >"$tmp/out" 2>&1
  rc=$?
  [ $rc = 10 ] && bad=$(check_model "$tmp/r.cnf" "$tmp/out")
  if [ $rc = $want ] && [ -z "$bad" ] && [ "$(grep -c '^s ' "$tmp/out")" = 1 ]; then
    answers+="$rc "
  else
    fail "$what on $np ranks: rc $rc, $by $want $bad $(tail -c 200 "$tmp/out")"
  fi
}
ref=$(command -v minisat || command -v cadical)
if [ -n "$ref" ]; then
  answers=""
  for i in 1 2 3 4 5 6 7 8; do
    "$gen" rand 3 200 852 $i >"$tmp/r.cnf"
    "$ref" "$tmp/r.cnf" >/dev/null 2>&1 </dev/null
    want=$?
    np=$((2 + i % 2))
    random_answer "CDCL, rand 3 200 852 $i" "$(basename "$ref")" $want $np \
      --backend=cpu --search=cdcl --threads=1
    banners=$(grep -c '^c gsat ' "$tmp/out")
    [ "$banners" = 1 ] || fail "CDCL, rand 3 200 852 $i on $np ranks: $banners banners, not one"
  done
  pass "CDCL, 8 random 3-SAT formulas (200 variables) on 2 and 3 ranks as $(basename "$ref"): $answers"
else
  echo "CDCL differential part skipped: neither minisat nor cadical is installed"
fi
f=$shared/bench/cnf/ssa/ssa0432-003.cnf.gz
[ -f "$f" ] || { "$gen" rand 3 150 640 3 >"$tmp/ssa.cnf"; f=$tmp/ssa.cnf; }
"$gsat" --backend=cpu --stats "$f" >"$tmp/one" 2>&1
want=$?
one=$(sed -nE 's/^c backend .*, search ([a-z]+) [(].*/\1/p' "$tmp/one")
mpi -np 3 "$gsat" --backend=cpu --threads=1 --stats "$f" >"$tmp/out" 2>&1
rc=$?
got=$(sed -nE 's/^c backend .*, search ([a-z]+) [(].*/\1/p' "$tmp/out")
if [ $rc = $want ] && [ "$got" = "$one" ] && [ "$(grep -c '^s ' "$tmp/out")" = 1 ]; then
  pass "--search=auto on 3 ranks picks $got as one process ($(basename "$f"), exit $rc)"
else
  fail "--search=auto on 3 ranks: rc $rc ($want), $got ($one): $(tail -c 300 "$tmp/out")"
fi
"$gen" rand 3 250 1065 11 >"$tmp/u.cnf"
mpi -np 3 "$gsat" --backend=cpu --search=cdcl --threads=1 --stats -n "$tmp/u.cnf" >"$tmp/out" 2>&1
rc=$?
u_rc=$rc
read -r rows sent got low <<<"$(cdcl_ranks "$tmp/out")"
# each rank takes in at most what the 2 others sent
if { [ $rc = 10 ] || [ $rc = 20 ]; } && [ "$rows" = 3 ] && [ "$sent" -gt 0 ] && [ "$got" -gt 0 ] &&
   [ "$got" -le $((2 * sent)) ]; then
  pass "CDCL on 3 ranks, --stats: 3 rank rows, $sent clauses sent, $got received (exit $rc)"
else
  fail "CDCL on 3 ranks, --stats: rc $rc, $rows rank rows, $sent sent, $got received: $(tail -c 400 "$tmp/out")"
fi
time_limit "CDCL, " --backend=cpu --search=cdcl --threads=1
signal_mpirun "CDCL, " TERM 2 --backend=cpu --search=cdcl --threads=1
# A rank killed under CDCL: big, frequent clause rounds (sends to the dead
# rank never complete): still rank 0's line naming it before mpirun's SIGKILL.
"$gen" rand 3 300 1380 7 >"$tmp/u300.cnf" # UNSAT, 7 s on one thread
: >"$tmp/out"
"${mpirun[@]}" -np 3 "$gsat" --backend=cpu --search=cdcl --threads=1 --mpi-share-words=65536 \
  --mpi-share-interval=0.02 --progress=1 "$tmp/u300.cnf" >"$tmp/out" 2>"$tmp/err" &
kill_rank1 $!
if [ -n "$victim" ] && [ $rc != 0 ] && [ $rc != 10 ] && [ $rc != 20 ] && ! grep -q '^s ' "$tmp/out" &&
   grep -qE '^gsat: error: ranks? (.*, )?1(, .*)? of 3 did not report' "$tmp/err"; then
  pass "CDCL, rank 1 killed: exit $rc, no answer, rank 0 names the missing rank"
elif [ -n "$victim" ] && grep -q '^s ' "$tmp/out"; then
  echo "CDCL kill part inconclusive: the ranks answered before the kill (rc $rc)"
else
  fail "CDCL, rank 1 killed (pid $victim): rc $rc: $(tail -c 300 "$tmp/out") $(head -c 300 "$tmp/err")"
fi

# 8. The GPU ranks' cube loop (dist.h: cubes split on the host, one at a time
#    searched to its end) with the CPU search standing in for the GPU
#    (--mpi-cube-standin): answers and models, UNSAT node counts under the
#    static order equal to one process's, the node limit, CDCL's race.
standin=(--backend=cpu --threads=1 --mpi-cube-standin)
if have_corpus "$shared"; then
  pick='uf20/|uf50/|uuf50/|uf75/|uuf75/|uf100/|uuf100/|pigeonhole/hole[678]|aim-50|jnh|dubois'
  corpus "cube loop (stand-in), DPLL corpus subset on 3 ranks" "$pick" 'NR % 8 == 1' 12 \
    -np 3 "$gsat" --search=dpll "${standin[@]}"
fi
# every file under the static order with the default queue; php 9 also
# with a queue of 1, php 9 and the first corpus file under MOMS
runs="static:0:$tmp/php8.cnf static:0:$tmp/php9.cnf static:1:$tmp/php9.cnf moms:0:$tmp/php9.cnf"
first=1
for f in $unsat; do
  runs+=" static:0:$f"
  [ $first = 1 ] && runs+=" moms:0:$f"
  first=0
done
for run in $runs; do
  decide=${run%%:*} q=${run#*:} f=${q#*:} q=${q%%:*}
  [ -f "$f" ] || continue
  {
    "$gsat" --backend=cpu --search=dpll --threads=1 --decide=$decide --stats "$f" >"$tmp/one" 2>&1
    want=$(stat_of nodes "$tmp/one")
    {
      mpi -np 3 "$gsat" "${standin[@]}" --search=dpll --decide=$decide --mpi-cube-queue=$q --stats "$f" >"$tmp/out" 2>&1
      rc=$?
      got=$(stat_of nodes "$tmp/out")
      steals=$(awk '$1 == "c" && $2 ~ /^[0-9]+$/ && NF == 12 { s += $8 } END { print s + 0 }' "$tmp/out")
      if [ $rc = 20 ] && grep -qx 's UNSATISFIABLE' "$tmp/out" && [ -n "$want" ] && [ "$got" = "$want" ] &&
         grep -q "CPU ranks in the GPU ranks' cube loop" "$tmp/out"; then
        pass "cube loop (stand-in), $(basename "$f") --decide=$decide --mpi-cube-queue=$q, -np 3: UNSAT, $got nodes as one process ($steals steals)"
      else
        fail "cube loop (stand-in), $(basename "$f") --decide=$decide queue $q: rc $rc, $got nodes, one process $want: $(tail -c 300 "$tmp/out")"
      fi
    }
  }
done
answers=""
for i in 1 2 3 4 5 6; do
  "$gen" rand 3 120 510 $i >"$tmp/r.cnf"
  "$gsat" --backend=cpu -q "$tmp/r.cnf" >/dev/null
  want=$?
  np=$((2 + i % 2))
  random_answer "cube loop (stand-in), rand 3 120 510 $i" "one process" $want $np \
    "${standin[@]}" --search=dpll
  random_answer "cube loop (stand-in), CDCL, rand 3 120 510 $i" "one process" $want $np \
    "${standin[@]}" --search=cdcl
done
pass "cube loop (stand-in), 6 random 3-SAT formulas, DPLL and CDCL, on 2 and 3 ranks as one process, models checked: $answers"
# CDCL behind the clause port: units and clauses cross between the ranks
# through each rank's bridge (port out / in) and the rounds (clauses out /
# in), on every rank.
if have_corpus "$shared"; then
  corpus "cube loop (stand-in), CDCL behind the clause port, structured corpus on 3 ranks" \
    "$cdcl_pick" 'NR % 6 == 5' 9 -np 3 "$gsat" --search=cdcl "${standin[@]}"
fi
mpi -np 3 "$gsat" "${standin[@]}" --search=cdcl --stats -n "$tmp/u.cnf" >"$tmp/out" 2>&1
rc=$?
read -r rows sent got low <<<"$(cdcl_ranks "$tmp/out")"
if [ $rc = "$u_rc" ] && [ "$(grep -c '^s ' "$tmp/out")" = 1 ] && [ "$rows" = 3 ] && [ "$low" -gt 0 ] &&
   [ "$got" -le $((2 * sent)) ] && grep -q "CDCL: clauses exchanged through the search's clause port" "$tmp/out"; then
  pass "cube loop (stand-in), CDCL behind the clause port on 3 ranks: exit $rc as CPU ranks, every rank's clauses and port clauses out and in non-zero (at least $low; $sent sent, $got received)"
else
  fail "cube loop (stand-in), CDCL behind the clause port on 3 ranks: rc $rc (CPU ranks $u_rc), $rows rank rows, smallest count $low, $sent sent, $got received: $(tail -c 600 "$tmp/out")"
fi
node_limit "cube loop (stand-in), " "${standin[@]}" --search=dpll
time_limit "cube loop (stand-in), " "${standin[@]}" --search=dpll
signal_mpirun "cube loop (stand-in), " TERM 3 "${standin[@]}" --search=dpll
finish
