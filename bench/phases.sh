#!/usr/bin/env bash
# bench/phases.sh: CDCL with and without the CPU walker's phases
# (--cdcl-walk, docs/phases.md), run after run on each instance (so that a
# shared machine's load falls on both alike), one CDCL thread, CPU seconds.
#
#   bench/phases.sh [-g GSAT] [-t LIMIT] [-w PERMILLE] [-f REGEX] [-a SAT|UNSAT]
#                   [-e ARGS] [-o OUT.tsv] [-P] [MANIFEST.tsv]
#
# Default manifest ../shared/bench/manifest.tsv; -a picks the instances of
# that answer (default SAT), -f those whose family matches REGEX (default:
# every family but uniform random uf*/uuf*).  Each instance runs
#   gsat --backend=cpu --search=cdcl --threads=1 --stats --no-model
#        --time-limit=LIMIT --cdcl-walk=W FILE
# with W = 0 and W = PERMILLE (default 20; -e ARGS: more options of that
# run, e.g. --no-cdcl-walk-answers), in turn; a wrong answer (against
# the manifest) stops the script.  -P (a machine with a GPU): plain
#   gsat --stats --no-model --time-limit=LIMIT FILE
# (the CPU+GPU portfolio, the GPU member's walkers trading phases with the
# CPU searchers) with --no-portfolio-phases (walk column 0) and
# --portfolio-phases (1) instead.  OUT.tsv (default bench/out/phases.tsv)
# gets one row per run: path family walk answer conflicts cpu_s flips
# phases_in; then the summary (bench/phases_summary.awk) is printed.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
gsat=$here/../build/gsat
limit=60
walk=20
families='^(?!uu?f[0-9])'
answer=SAT
out=$here/out/phases.tsv
extra=
portfolio=0
while getopts "g:t:w:f:a:e:o:P" o; do
  case $o in
    g) gsat=$OPTARG ;;
    t) limit=$OPTARG ;;
    w) walk=$OPTARG ;;
    f) families=$OPTARG ;;
    a) answer=$OPTARG ;;
    e) extra=$OPTARG ;;
    P) portfolio=1 ;;
    o) out=$OPTARG ;;
    *) exit 2 ;;
  esac
done
shift $((OPTIND - 1))
manifest=${1:-$here/../../shared/bench/manifest.tsv}
root=$(dirname "$manifest")
mkdir -p "$(dirname "$out")"
printf 'path\tfamily\twalk\tanswer\tconflicts\tcpu_s\tflips\tphases_in\n' > "$out"
TIMEFORMAT='cpu %U %S' # bash's time: the CPU seconds of the run
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
tail -n +2 "$manifest" | while IFS=$'\t' read -r path family _ _ expect _; do
  [ "$expect" = "$answer" ] || continue
  printf '%s\n' "$family" | grep -qP "$families" || continue
  ons=("$walk")
  [ $portfolio = 1 ] && ons=(1)
  for w in 0 "${ons[@]}"; do
    if [ $portfolio = 1 ]; then
      args=(--no-portfolio-phases)
      [ "$w" = 0 ] || args=(--portfolio-phases)
    else
      args=(--backend=cpu --search=cdcl --threads=1 --cdcl-walk="$w")
    fi
    # shellcheck disable=SC2206 # extra: words
    [ "$w" = 0 ] || args+=($extra)
    { time "$gsat" --stats --no-model --time-limit="$limit" "${args[@]}" "$root/$path" \
        > "$tmp" 2>&1 || true; } 2>> "$tmp"
    got=$(awk '/^s /{print $2}' "$tmp")
    if [ "$got" = SATISFIABLE ] && [ "$expect" = UNSAT ] ||
       [ "$got" = UNSATISFIABLE ] && [ "$expect" = SAT ]; then
      echo "wrong answer $got on $path (walk $w)" >&2
      exit 1
    fi
    awk -v p="$path" -v f="$family" -v w="$w" -v a="${got:-NONE}" '
      /^c conflicts /&&!c{c=$3} /^c flips /&&!fl{fl=$3} /^c phases in /{pi=$4}
      /^cpu /{t=$2+$3}
      END{printf "%s\t%s\t%s\t%s\t%d\t%.3f\t%d\t%d\n", p, f, w, a, c, t, fl, pi}' "$tmp" >> "$out"
  done
done
awk -f "$here/phases_summary.awk" "$out"
