#!/usr/bin/env bash
# bench/solver_bench.sh: gsat configurations, MiniSat and CaDiCaL side by side
# in one run over a corpus; every answer checked; DRAT proofs of the UNSAT
# answers checked by drat-trim; CSV, a summary and a plot.
#
#   bench/solver_bench.sh [option...] [MANIFEST.tsv | DIR]
#
# The corpus: a manifest (tab-separated: path family vars clauses answer ...,
# paths relative to its folder; default ../shared/bench/manifest.tsv, else
# .device/bench/manifest.tsv), or a folder (its manifest.tsv, else every
# *.cnf[.gz|.xz|.bz2] under it: family = parent folder, answer unknown).
# Options:
#   -t S, --limit=S      limit per run, seconds of wall time (default 60)
#   -j N                 runs of single-threaded configurations at once
#                        (default 1); the configurations marked "alone" run
#                        one at a time after them, with nothing beside them
#   -o DIR, --out=DIR    output folder (default bench/out/solvers)
#   -f REGEX, -x REGEX   only / skip the instances whose path matches
#   --per-family=N[,FAMILY=M...]  at most N instances per family (the first
#                        in version order; 0: all), M for the named families.
#                        The runs take the families in turn (the first
#                        instance of each, then the second...), so that a
#                        budget cuts every family alike
#   --solvers=LIST       configurations, comma-separated (default
#                        gsat-cdcl1,gsat-cdcl,gsat-dpll1,minisat,cadical):
#       gsat-cdcl1       gsat --search=cdcl --backend=cpu --threads=1 --stats
#       gsat-cdcl        the same on all cores (--threads=0; alone)
#       gsat-dpll1       gsat --search=dpll --backend=cpu --threads=1 --stats
#       gsat-dpll        DPLL on all cores (alone)
#       gsat-gpu-cdcl    gsat --search=cdcl --backend=gpu --stats (alone)
#       gsat-gpu-dpll    gsat --search=dpll --backend=gpu --stats (alone)
#       gsat-gpu-auto    gsat --search=auto --backend=gpu --stats (alone)
#       gsat             gsat FILE, the defaults (alone)
#       gsat-cpu         gsat --backend=cpu (alone)
#       gsat-gpu         gsat --backend=gpu (alone)
#       minisat, cadical the reference solvers (single-threaded)
#   --solver='NAME[:alone]=COMMAND ARG...'  one more configuration (the file
#                        is appended; words split at blanks; a first word
#                        gsat, minisat or cadical means the binary chosen
#                        below; repeatable)
#   --alone=LIST         run these configurations alone too
#   --proofs=LIST|none   configurations (gsat only) whose UNSAT answers within
#                        the limit are solved again with --proof and checked
#                        by drat-trim (default gsat-cdcl1 when it runs)
#   --drat-limit=S       drat-trim's limit per proof (default 300)
#   --proof-limit=S      wall-time limit of a proof run (default twice the
#                        limit: the run writes the proof, and a CPU-time answer
#                        within the limit may need more wall time)
#   --budget=S           start no run after S seconds (its row says skipped;
#                        the summary keeps the instances every configuration ran)
#   --clock=auto|wall|cpu  time of a run: auto = CPU time (user + sys) of the
#                        single-threaded runs, wall time of the alone ones
#   --plot=cactus|instance  the plot (default cactus)
#   --refs=LIST          reference solvers of the time ratios (minisat,cadical)
#   --wall               the summary adds the wall-time lines of issue 18
#   --compare=A:B,...    the summary compares A with B (rates, time ratio)
#   -h, --help
# Binaries, by environment variable, else BENCH_BIN/NAME, else the default:
#   GSAT       build-dev, build or build-c /gsat, else gsat on PATH
#   MINISAT, CADICAL   on PATH;   DRAT_TRIM   built into OUT from
#              ../shared/tools/drat-trim/drat-trim.c, else on PATH
#   BENCH_BIN  a folder of carried binaries (gsat, minisat, cadical,
#              drat-trim; default .device/bench/bin when present); MiniSat and
#              CaDiCaL from there run with BENCH_BIN/../lib in LD_LIBRARY_PATH
#              (the libraries `bench/report stage-solvers` copies)
#   CHECK_ANSWERS  ../shared/tools/check-answers (or BENCH_BIN/../check-answers):
#              its model check (verify_model) checks every SAT model
# gsat reads the files as they are; MiniSat, CaDiCaL and drat-trim read a
# clean copy (one clause per line, the token stream up to a '%' line, exact
# p line, no lone 0 after the declared clauses), the formula gsat reads.  MiniSat writes its model to a result file.
# Writes OUT/runs.csv (one row per instance and configuration), OUT/proofs.csv,
# OUT/summary.txt (bench/solver_summary.py), OUT/time.png (gnuplot, when
# installed), OUT/env.txt, and OUT/failures/ (the output of every wrong,
# badly modelled or failed run).  Exit status: 0 when no answer was wrong, no
# model bad and no proof rejected; 1 otherwise; 2 a usage error.
set -u
SELF=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/$(basename "${BASH_SOURCE[0]}")
ROOT=$(cd "$(dirname "$SELF")/.." && pwd)

# ---- one run (called through xargs: __job SOLVER INSTANCE) -----------------
field() { awk -F'\t' -v n="$2" -v c="$3" '$1 == n { print $c; exit }' "$1"; }
count() { # FILE REGEX: the first number after the label on the first matching line
  grep -m1 -E "$2" "$1" 2>/dev/null | sed -E 's/^[^0-9]*([0-9]+).*/\1/'
}
csv_clean() { tr ',\n\r"' ';   ' | cut -c1-200; }

job() {
  local s=$1 i=$2 name mode kind input cmdline path file fam exp
  name=$(field "$WORK/solvers.tsv" "$s" 2) mode=$(field "$WORK/solvers.tsv" "$s" 3)
  kind=$(field "$WORK/solvers.tsv" "$s" 4) input=$(field "$WORK/solvers.tsv" "$s" 5)
  cmdline=$(field "$WORK/solvers.tsv" "$s" 6)
  path=$(field "$WORK/inst.tsv" "$i" 2) file=$(field "$WORK/inst.tsv" "$i" 3)
  fam=$(field "$WORK/inst.tsv" "$i" 4) exp=$(field "$WORK/inst.tsv" "$i" 5)
  local row=$WORK/rows/$s-$i.csv j=$WORK/job-$s-$i
  if [ "$(date +%s)" -ge "$DEADLINE" ]; then
    echo "$path,$fam,$exp,$name,$mode,-,skipped,-,,,,$LIMIT,,,,,,budget" >"$row"
    return 0
  fi
  [ "$input" = clean ] && file=$WORK/clean/$i.cnf
  local -a cmd
  read -ra cmd <<<"$cmdline"
  cmd+=("$file")
  [ "$kind" = minisat ] && cmd+=("$j.res")
  local TIMEFORMAT='%3R %3U %3S' rc
  { time timeout -k 2 "$LIMIT" "${cmd[@]}" >"$j.out" 2>"$j.err" </dev/null; } 2>"$j.time"
  rc=$?
  local wall cpu t
  read -r wall u sy <"$j.time"
  cpu=$(awk -v a="$u" -v b="$sy" 'BEGIN { printf "%.3f", a + b }')
  t=$wall
  { [ "$CLOCK" = cpu ] || { [ "$CLOCK" = auto ] && [ "$mode" = par ]; }; } && t=$cpu
  local ans=- verdict detail=''
  if [ $rc = 124 ] || [ $rc = 137 ]; then
    verdict=timeout
  elif [ "$kind" = minisat ]; then
    case $rc in
      10) ans=SAT; { echo "s SATISFIABLE"; sed -n '2s/^/v /p' "$j.res"; } >"$j.model" ;;
      20) ans=UNSAT ;;
    esac
  else
    local s_line ns
    s_line=$(grep -E '^s ' "$j.out") ns=$(grep -cE '^s ' "$j.out")
    if [ "$ns" = 1 ] && [ "$s_line" = "s SATISFIABLE" ] && [ $rc = 10 ]; then ans=SAT
    elif [ "$ns" = 1 ] && [ "$s_line" = "s UNSATISFIABLE" ] && [ $rc = 20 ]; then ans=UNSAT
    elif [ "$ns" = 1 ] && [ "$s_line" = "s UNKNOWN" ] && [ $rc = 0 ]; then verdict=unknown
    fi
    cp "$j.out" "$j.model" 2>/dev/null
  fi
  if [ -z "${verdict:-}" ]; then
    if [ $ans = SAT ] && [ "$exp" = UNSAT ]; then verdict=wrong detail='SAT on an UNSAT instance'
    elif [ $ans = UNSAT ] && [ "$exp" = SAT ]; then verdict=wrong detail='UNSAT on a SAT instance'
    elif [ $ans = SAT ]; then
      if detail=$(verify_model "$ORIG" "$j.model" 2>&1); then verdict=ok detail=''
      else verdict=badmodel detail="model: $detail"; fi
    elif [ $ans = UNSAT ]; then verdict=ok
    elif [ "$kind" = gsat ] && [ $rc = 7 ]; then verdict=nogpu detail=$(head -c 300 "$j.err")
    else verdict=error detail="exit $rc: $(cat "$j.err" "$j.out" | grep -m1 -iE 'error|abort|fail|unsupported' |
      head -c 300) $(tail -c 200 "$j.err")"
    fi
  fi
  local props confl dec workers ctx
  cat "$j.out" "$j.err" >"$j.all"
  props=$(count "$j.all" '^c propagations +[0-9]+$|^propagations +:|^c propagations: ')
  confl=$(count "$j.all" '^c conflicts +[0-9]+$|^conflicts +:|^c conflicts: ')
  dec=$(count "$j.all" '^c decisions +[0-9]+$|^decisions +:|^c decisions: ')
  workers=$(count "$j.all" '^c gpu cdcl searchers +[0-9]+ warps')
  [ -n "$workers" ] || workers=$(count "$j.all" '^c workers +[0-9]+$')
  ctx=$(grep -m1 -E '^c context time ' "$j.all" | awk '{ print $4 }')
  echo "$path,$fam,$exp,$name,$mode,$ans,$verdict,$rc,$t,$wall,$cpu,$LIMIT,$props,$confl,$dec,$workers,$ctx,$(
    printf '%s' "$detail" | csv_clean)" >"$row"
  case $verdict in
    wrong | badmodel | error)
      mkdir -p "$OUTDIR/failures"
      { echo "# $name on $path: $verdict, exit $rc: ${cmd[*]}"; cat "$j.all"; } |
        head -c 200000 >"$OUTDIR/failures/$name-$(basename "$path").log" ;;
  esac
  rm -f "$j".*
}

# ---- one proof (__proof SOLVER INSTANCE): solve again with --proof, drat-trim
proof() {
  local s=$1 i=$2 name cmdline path fam
  name=$(field "$WORK/solvers.tsv" "$s" 2) cmdline=$(field "$WORK/solvers.tsv" "$s" 6)
  path=$(field "$WORK/inst.tsv" "$i" 2) fam=$(field "$WORK/inst.tsv" "$i" 4)
  local file row=$WORK/prows/$s-$i.csv p=$WORK/proof-$s-$i
  file=$(field "$WORK/inst.tsv" "$i" 3)
  if [ "$(date +%s)" -ge "$DEADLINE" ]; then
    echo "$path,$fam,$name,-,,,,skipped,budget" >"$row"
    return 0
  fi
  local -a cmd
  read -ra cmd <<<"$cmdline"
  local TIMEFORMAT='%3R' rc gs ds bytes result detail=''
  { time timeout -k 2 "$PROOF_LIMIT" "${cmd[@]}" --proof="$p.drat" "$file" >"$p.out" 2>&1 </dev/null; } 2>"$p.time"
  rc=$?
  gs=$(cat "$p.time") bytes=$(stat -c %s "$p.drat" 2>/dev/null || echo 0)
  if [ $rc != 20 ]; then
    result=unsolved detail="the proof run ended with exit $rc"
    [ $rc = 124 ] && detail="the proof run reached its limit ($PROOF_LIMIT s)"
    ds=''
  else
    { time timeout -k 2 $((DRAT_LIMIT + 5)) "$DRAT_TRIM" "$WORK/clean/$i.cnf" "$p.drat" -t "$DRAT_LIMIT" \
      >"$p.drat-out" 2>&1 </dev/null; } 2>"$p.time"
    ds=$(cat "$p.time")
    if tr '\r' '\n' <"$p.drat-out" | grep -q '^s VERIFIED'; then result=verified
    elif tr '\r' '\n' <"$p.drat-out" | grep -q -E '^s NOT VERIFIED'; then
      result=rejected detail=$(tr '\r' '\n' <"$p.drat-out" | grep -E '^c' | tail -3 | tr '\n' ' ')
    else result=timeout detail="drat-trim: $(tr '\r' '\n' <"$p.drat-out" | tail -2 | tr '\n' ' ')"; fi
  fi
  echo "$path,$fam,$name,$rc,$bytes,$gs,$ds,$result,$(printf '%s' "$detail" | csv_clean)" >"$row"
  if [ "$result" = rejected ]; then
    mkdir -p "$OUTDIR/failures"
    cat "$p.out" "$p.drat-out" | tr '\r' '\n' | tail -c 100000 >"$OUTDIR/failures/proof-$name-$(basename "$path").log"
  fi
  rm -f "$p".*
}

# The clean copy (__clean INSTANCE): tokens up to a '%' line, one clause per
# line, exact p line (the largest of the header's and the used variables); a
# lone 0 after the declared clauses is dropped where only comments or '%' follow
# it, and is an empty clause elsewhere, as gsat reads it (docs/dimacs.md).
clean() {
  local i=$1 file cat=cat
  file=$(field "$WORK/inst.tsv" "$i" 3)
  case $file in *.gz) cat="gzip -dc" ;; *.xz | *.lzma) cat="xz -dc" ;; *.bz2) cat="bzip2 -dc" ;; esac
  $cat "$file" | awk -v body="$WORK/clean/$i.body" '
    /^%/ { exit }
    /^c/ { next }
    /^p/ { v = $3 + 0; decl = $4 + 0; next }
    { for (k = 1; k <= NF; k++) {
        if ($k !~ /^[-+]?[0-9]+$/) continue
        x = $k + 0
        if (x == 0 && cur == "" && n >= decl) { if (pend) { print "0" >body; n++ }; pend = 1; continue }
        if (pend) { print "0" >body; n++; pend = 0 }
        if (x == 0) { print cur "0" >body; n++; cur = ""; continue }
        cur = cur x " "; a = x < 0 ? -x : x; if (a > v) v = a } }
    END { if (cur != "") { print cur "0" >body; n++ }
          close(body); printf "p cnf %d %d\n", v, n }' >"$WORK/clean/$i.cnf"
  cat "$WORK/clean/$i.body" >>"$WORK/clean/$i.cnf" 2>/dev/null
  rm -f "$WORK/clean/$i.body"
}

load_checker() {
  local ca=${CHECK_ANSWERS:-}
  for c in "$ca" "${BENCH_BIN:+$BENCH_BIN/../check-answers}" "$ROOT/../shared/tools/check-answers" \
    "$ROOT/.device/bench/check-answers"; do
    [ -n "$c" ] && [ -f "$c" ] && { ca=$c; break; }
  done
  [ -n "$ca" ] && [ -f "$ca" ] && eval "$(sed -n '/^verify_model() {/,/^}/p' "$ca")"
  declare -F verify_model >/dev/null || {
    echo "solver_bench: no model checker: set CHECK_ANSWERS to ../shared/tools/check-answers" >&2
    return 1
  }
  CHECK_ANSWERS=$ca
}

if [ "${1:-}" = __job ] || [ "${1:-}" = __proof ] || [ "${1:-}" = __clean ]; then
  load_checker || exit 1
  what=${1#__}
  shift
  if [ "$what" = job ]; then
    ORIG=$(field "$WORK/inst.tsv" "$2" 3)
    job "$@"
  else
    "$what" "$@"
  fi
  exit 0
fi

# ---- the run ----------------------------------------------------------------
usage() { sed -n '2,/^set -u/p' "$SELF" | sed -e '$d' -e 's/^# \{0,1\}//'; }
die() { echo "solver_bench: $*" >&2; exit 2; }
LIMIT=60 JOBS=1 OUTDIR=$ROOT/bench/out/solvers ONLY='' SKIP='' PER_FAMILY=0
SOLVERS=gsat-cdcl1,gsat-cdcl,gsat-dpll1,minisat,cadical EXTRA=() ALONE='' PROOFS=default
DRAT_LIMIT=300 BUDGET=0 CLOCK=auto PLOT=cactus REFS=minisat,cadical WALL=0 CORPUS=''
COMPARE= PROOF_LIMIT=''
while [ $# -gt 0 ]; do
  a=$1
  case $a in
    --*=*) v=${a#*=} a=${a%%=*} ;;
    -t | -j | -o | -f | -x) [ $# -ge 2 ] || die "$a needs a value"; v=$2; shift ;;
    -[tjofx]?*) v=${a:2} a=${a:0:2} ;;
    *) v='' ;;
  esac
  case $a in
    -h | --help) usage; exit 0 ;;
    -t | --limit) LIMIT=$v ;;
    -j | --jobs) JOBS=$v ;;
    -o | --out) OUTDIR=$v ;;
    -f | --only) ONLY=$v ;;
    -x | --skip) SKIP=$v ;;
    --per-family) PER_FAMILY=$v ;;
    --solvers) SOLVERS=$v ;;
    --solver) EXTRA+=("$v") ;;
    --alone) ALONE=$v ;;
    --proofs) PROOFS=$v ;;
    --drat-limit) DRAT_LIMIT=$v ;;
    --proof-limit) PROOF_LIMIT=$v ;;
    --budget) BUDGET=$v ;;
    --clock) CLOCK=$v ;;
    --plot) PLOT=$v ;;
    --refs) REFS=$v ;;
    --wall) WALL=1 ;;
    --compare) COMPARE=$v ;;
    -*) die "unknown option $a (try --help)" ;;
    *) [ -z "$CORPUS" ] || die "one corpus only (got $CORPUS and $a)"; CORPUS=$a ;;
  esac
  shift
done
[[ $PER_FAMILY =~ ^[0-9]+(,[A-Za-z0-9_.-]+=[0-9]+)*$ ]] || die "--per-family=N[,FAMILY=N...]: $PER_FAMILY"
for n in "$LIMIT" "$JOBS" "$DRAT_LIMIT" "$BUDGET"; do
  [[ $n =~ ^[0-9]+$ ]] || die "not a whole number of seconds or jobs: $n"
done
[ "$LIMIT" -ge 1 ] && [ "$JOBS" -ge 1 ] || die "the limit and -j must be at least 1"
PROOF_LIMIT=${PROOF_LIMIT:-$((2 * LIMIT))}
[[ $PROOF_LIMIT =~ ^[1-9][0-9]*$ ]] || die "--proof-limit=S: $PROOF_LIMIT"
case $CLOCK in auto | wall | cpu) ;; *) die "--clock=auto|wall|cpu" ;; esac
case $PLOT in cactus | instance) ;; *) die "--plot=cactus|instance" ;; esac

# Binaries.
BENCH_BIN=${BENCH_BIN:-}
[ -z "$BENCH_BIN" ] && [ -d "$ROOT/.device/bench/bin" ] && BENCH_BIN=$ROOT/.device/bench/bin
[ -n "$BENCH_BIN" ] && BENCH_BIN=$(cd "$BENCH_BIN" && pwd)
pick() { # NAME ENVVALUE DEFAULT...: the first that exists
  local name=$1 env=$2 c
  shift 2
  if [ -n "$env" ]; then command -v "$env" || echo "$env"; return; fi
  for c in "${BENCH_BIN:+$BENCH_BIN/$name}" "$@"; do
    [ -n "$c" ] && [ -x "$c" ] && [ -f "$c" ] && { echo "$c"; return; }
  done
  command -v "$name" || echo "$name"
}
GSAT=$(pick gsat "${GSAT:-}" "$ROOT/build-dev/gsat" "$ROOT/build/gsat" "$ROOT/build-c/gsat")
MINISAT=$(pick minisat "${MINISAT:-}")
CADICAL=$(pick cadical "${CADICAL:-}")
# Carried reference solvers run with the libraries carried beside them (only
# they: a gsat built on the machine needs the machine's own libstdc++).
if [ -n "$BENCH_BIN" ]; then
  for l in "$BENCH_BIN/../lib" "$BENCH_BIN/lib"; do
    [ -d "$l" ] || continue
    l=$(cd "$l" && pwd)
    [ "$MINISAT" = "$BENCH_BIN/minisat" ] && MINISAT="env LD_LIBRARY_PATH=$l${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH} $MINISAT"
    [ "$CADICAL" = "$BENCH_BIN/cadical" ] && CADICAL="env LD_LIBRARY_PATH=$l${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH} $CADICAL"
    break
  done
fi

# The corpus.
if [ -z "$CORPUS" ]; then
  for c in "$ROOT/../shared/bench/manifest.tsv" "$ROOT/.device/bench/manifest.tsv"; do
    [ -f "$c" ] && { CORPUS=$c; break; }
  done
  [ -n "$CORPUS" ] || die "no corpus: give a manifest or a folder"
fi
[ -d "$CORPUS" ] && [ -f "$CORPUS/manifest.tsv" ] && CORPUS=$CORPUS/manifest.tsv
[ -e "$CORPUS" ] || die "no corpus $CORPUS"
mkdir -p "$OUTDIR" || die "cannot create $OUTDIR"
OUTDIR=$(cd "$OUTDIR" && pwd)
rm -rf "$OUTDIR/failures"
WORK=$(mktemp -d "${TMPDIR:-/tmp}/solver_bench.XXXXXX") || exit 1
[ -n "${BENCH_KEEP:-}" ] && echo "solver_bench: work folder $WORK kept" >&2 || trap 'rm -rf "$WORK"' EXIT
mkdir -p "$WORK/rows" "$WORK/prows" "$WORK/clean"
load_checker || exit 2

# inst.tsv: index, path, file, family, expected answer.
if [ -d "$CORPUS" ]; then
  base=$(cd "$CORPUS" && pwd)
  find "$base" -type f \( -name '*.cnf' -o -name '*.cnf.gz' -o -name '*.cnf.xz' -o -name '*.cnf.bz2' \) |
    sed "s|^$base/||" | sort | awk '{ n = split($0, p, "/"); f = n > 1 ? p[n - 1] : "-"
      printf "%s\t%s\t0\t0\tUNKNOWN\n", $0, f }' >"$WORK/manifest"
else
  base=$(cd "$(dirname "$CORPUS")" && pwd)
  awk -F'\t' 'NF >= 2 && $1 != "path" && $1 !~ /^#/' "$CORPUS" >"$WORK/manifest"
fi
awk -F'\t' -v only="$ONLY" -v skip="$SKIP" '
  (only == "" || $1 ~ only) && (skip == "" || $1 !~ skip) { print $1 "\t" $2 "\t" $5 }' "$WORK/manifest" |
  sort -t$'\t' -k2,2 -k1,1V |
  awk -F'\t' -v per="$PER_FAMILY" -v base="$base" '
    BEGIN { k = split(per, p, ","); cap = p[1] + 0
      for (j = 2; j <= k; j++) { split(p[j], q, "="); over[q[1]] = q[2] + 0 } }
    { c = ($2 in over) ? over[$2] : cap; r = ++seen[$2] }
    c > 0 && r > c { next }
    { printf "%d\t%d\t%s\t%s/%s\t%s\t%s\n", r, NR, $1, base, $1, $2, ($3 == "" ? "-" : $3) }' |
  sort -t$'\t' -k1,1n -k2,2n | cut -f3- |
  awk -F'\t' '{ printf "%d\t%s\n", NR, $0 }' >"$WORK/inst.tsv"
NINST=$(wc -l <"$WORK/inst.tsv")
[ "$NINST" -gt 0 ] || die "no instance selected from $CORPUS"

# solvers.tsv: index, name, mode (par|alone), kind, input (raw|clean), command.
G="$GSAT"
declare -A PRESET=(
  [gsat-cdcl1]="par=$G --search=cdcl --backend=cpu --threads=1 --stats"
  [gsat-cdcl]="alone=$G --search=cdcl --backend=cpu --threads=0 --stats"
  [gsat-dpll1]="par=$G --search=dpll --backend=cpu --threads=1 --stats"
  [gsat-dpll]="alone=$G --search=dpll --backend=cpu --threads=0 --stats"
  [gsat-gpu-cdcl]="alone=$G --search=cdcl --backend=gpu --stats"
  [gsat-gpu-dpll]="alone=$G --search=dpll --backend=gpu --stats"
  [gsat-gpu-auto]="alone=$G --search=auto --backend=gpu --stats"
  [gsat]="alone=$G"
  [gsat-cpu]="alone=$G --backend=cpu"
  [gsat-gpu]="alone=$G --backend=gpu"
  [minisat]="par=$MINISAT"
  [cadical]="par=$CADICAL"
)
specs=()
IFS=, read -ra names <<<"$SOLVERS"
for n in "${names[@]}"; do
  [ -n "$n" ] || continue
  [ -n "${PRESET[$n]:-}" ] || die "unknown configuration $n (see --help; --solver='NAME=CMD' adds one)"
  specs+=("$n:${PRESET[$n]%%=*}=${PRESET[$n]#*=}")
done
for e in "${EXTRA[@]}"; do
  [[ $e == *=* ]] || die "--solver='NAME[:alone]=COMMAND': $e"
  n=${e%%=*} c=${e#*=}
  case $c in # a first word gsat, minisat or cadical: the binary chosen above
    gsat | gsat\ *) c=$G${c#gsat} ;;
    minisat | minisat\ *) c=$MINISAT${c#minisat} ;;
    cadical | cadical\ *) c=$CADICAL${c#cadical} ;;
  esac
  e=$n=$c
  if [[ $n == *:alone ]]; then specs+=("${n%:alone}:alone=${e#*=}"); else specs+=("$n:par=${e#*=}"); fi
done
[ ${#specs[@]} -gt 0 ] || die "no configuration"
: >"$WORK/solvers.tsv"
k=0
for sp in "${specs[@]}"; do
  n=${sp%%:*} rest=${sp#*:} mode=${rest%%=*} cmd=${rest#*=}
  [[ ,$ALONE, == *,$n,* ]] && mode=alone
  kind=other
  for w in $cmd; do
    case $(basename "$w") in minisat*) kind=minisat ;; cadical*) kind=cadical ;; gsat*) kind=gsat ;; esac
    [ $kind != other ] && break
  done
  input=raw
  [ $kind = minisat ] || [ $kind = cadical ] && input=clean
  k=$((k + 1))
  printf '%d\t%s\t%s\t%s\t%s\t%s\n' $k "$n" "$mode" "$kind" "$input" "$cmd" >>"$WORK/solvers.tsv"
done
if [ "$PROOFS" = default ]; then
  PROOFS=''
  [[ ,$SOLVERS, == *,gsat-cdcl1,* ]] && PROOFS=gsat-cdcl1
fi
[ "$PROOFS" = none ] && PROOFS=''
DRAT_TRIM=${DRAT_TRIM:-}
if [ -n "$PROOFS" ]; then
  if [ -z "$DRAT_TRIM" ] && [ -n "$BENCH_BIN" ] && [ -x "$BENCH_BIN/drat-trim" ]; then
    DRAT_TRIM=$BENCH_BIN/drat-trim
  elif [ -z "$DRAT_TRIM" ] && [ -f "$ROOT/../shared/tools/drat-trim/drat-trim.c" ]; then
    DRAT_TRIM=$OUTDIR/drat-trim
    [ "$DRAT_TRIM" -nt "$ROOT/../shared/tools/drat-trim/drat-trim.c" ] ||
      cc -O2 -w -std=gnu99 -o "$DRAT_TRIM" "$ROOT/../shared/tools/drat-trim/drat-trim.c" ||
      die "cannot build drat-trim from ../shared/tools/drat-trim/drat-trim.c"
  elif [ -z "$DRAT_TRIM" ]; then
    DRAT_TRIM=$(command -v drat-trim) || die "no drat-trim (set DRAT_TRIM or --proofs=none)"
  fi
  [ -x "$DRAT_TRIM" ] || die "drat-trim $DRAT_TRIM is not executable"
fi

START=$(date +%s)
DEADLINE=$((BUDGET > 0 ? START + BUDGET : START + 100000000))
export WORK LIMIT CLOCK DEADLINE OUTDIR DRAT_TRIM DRAT_LIMIT PROOF_LIMIT CHECK_ANSWERS
NS=$(wc -l <"$WORK/solvers.tsv")
{
  echo "date: $(date -u '+%Y-%m-%d %H:%M:%S UTC')"
  echo "host: $(uname -n), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
  echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "commit: $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown)"
  echo "corpus: $CORPUS, $NINST instances${ONLY:+, only /$ONLY/}${SKIP:+, skip /$SKIP/}$(
    [ "$PER_FAMILY" != 0 ] && echo ", at most $PER_FAMILY per family")"
  echo "limit: $LIMIT s wall per run; -j $JOBS; clock $CLOCK; budget ${BUDGET:-0} s; proofs: ${PROOFS:-none} (runs $PROOF_LIMIT s, drat-trim $DRAT_LIMIT s)"
  echo "gsat: $GSAT ($("$GSAT" --version 2>&1 | head -1))"
  echo "minisat: $MINISAT; cadical: $CADICAL ($($CADICAL --version 2>&1 | head -1))"
  [ -n "$PROOFS" ] && echo "drat-trim: $DRAT_TRIM"
  echo "model check: verify_model of $CHECK_ANSWERS"
  if command -v nvidia-smi >/dev/null; then
    echo "gpu: $(nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader 2>&1 | head -1)"
  else
    echo "gpu: none (no nvidia-smi)"
  fi
  awk -F'\t' '{ printf "config %s (%s, %s input): %s\n", $2, $3, $5, $6 }' "$WORK/solvers.tsv"
} >"$OUTDIR/env.txt"
cat "$OUTDIR/env.txt"

# Clean copies for MiniSat, CaDiCaL and drat-trim.
if awk -F'\t' '$5 == "clean" { f = 1 } END { exit !f }' "$WORK/solvers.tsv" || [ -n "$PROOFS" ]; then
  cut -f1 "$WORK/inst.tsv" | xargs -r -P "$JOBS" -n 1 bash "$SELF" __clean
fi
# The single-threaded runs, JOBS at once; then the alone ones, one by one.
# Both instance-major, so that a budget cuts every configuration at the same
# instances.
t0=$(date +%s)
for i in $(seq "$NINST"); do
  awk -F'\t' -v i="$i" '$3 == "par" { print $1, i }' "$WORK/solvers.tsv"
done | xargs -r -P "$JOBS" -L 1 bash "$SELF" __job
t1=$(date +%s)
if awk -F'\t' '$3 == "alone" { f = 1 } END { exit !f }' "$WORK/solvers.tsv"; then
  for i in $(seq "$NINST"); do
    for s in $(awk -F'\t' '$3 == "alone" { print $1 }' "$WORK/solvers.tsv"); do
      bash "$SELF" __job "$s" "$i"
    done
  done
fi
t2=$(date +%s)
HDR=instance,family,expected,solver,mode,answer,verdict,exit,time_s,wall_s,cpu_s,limit_s
HDR+=,propagations,conflicts,decisions,workers,context_s,detail
{ echo "$HDR"; for s in $(seq "$NS"); do cat "$WORK/rows/$s-"*.csv 2>/dev/null; done |
  sort -s -t, -k1,1V; } >"$OUTDIR/runs.csv"

# Proofs: every UNSAT answer (ok, within the limit) of the proof configurations.
echo "instance,family,solver,exit,proof_bytes,proof_run_s,drat_s,result,detail" >"$OUTDIR/proofs.csv"
if [ -n "$PROOFS" ]; then
  IFS=, read -ra plist <<<"$PROOFS"
  for pn in "${plist[@]}"; do
    s=$(awk -F'\t' -v n="$pn" '$2 == n { print $1 }' "$WORK/solvers.tsv")
    [ -n "$s" ] || { echo "solver_bench: --proofs: $pn is not a configuration of this run" >&2; continue; }
    [ "$(field "$WORK/solvers.tsv" "$s" 4)" = gsat ] || { echo "solver_bench: --proofs: $pn is not gsat" >&2; continue; }
    pj=$JOBS
    [ "$(field "$WORK/solvers.tsv" "$s" 3)" = alone ] && pj=1
    awk -F, -v n="$pn" -v lim="$LIMIT" 'NR > 1 && $4 == n && $6 == "UNSAT" && $7 == "ok" && $9 + 0 <= lim { print $1 }' \
      "$OUTDIR/runs.csv" | while read -r p; do
      echo "$s $(awk -F'\t' -v p="$p" '$2 == p { print $1; exit }' "$WORK/inst.tsv")"
    done | xargs -r -P "$pj" -L 1 bash "$SELF" __proof
  done
  cat "$WORK"/prows/*.csv 2>/dev/null | sort -t, -k1,1V >>"$OUTDIR/proofs.csv"
fi
t3=$(date +%s)
echo "phases: single-threaded runs $((t1 - t0)) s, alone runs $((t2 - t1)) s, proofs $((t3 - t2)) s" |
  tee -a "$OUTDIR/env.txt"

# Summary and plot.
sargs=(--refs="$REFS" --plot="$PLOT" --png="$OUTDIR/time.png" --compare="$COMPARE")
[ "$WALL" = 1 ] && sargs+=(--wall)
if command -v python3 >/dev/null; then
  python3 "$ROOT/bench/solver_summary.py" "${sargs[@]}" --proofs="$OUTDIR/proofs.csv" \
    "$OUTDIR/runs.csv" | tee "$OUTDIR/summary.txt"
  rc=${PIPESTATUS[0]}
else
  echo "solver_bench: no python3 here: run bench/solver_summary.py $OUTDIR/runs.csv elsewhere" |
    tee "$OUTDIR/summary.txt"
  rc=0
  grep -qE ',(wrong|badmodel),' "$OUTDIR/runs.csv" && rc=1
  grep -q ',rejected,' "$OUTDIR/proofs.csv" && rc=1
fi
echo "solver_bench: $OUTDIR: runs.csv proofs.csv summary.txt env.txt$([ -f "$OUTDIR/time.png" ] && echo ' time.png')"
exit "$rc"
