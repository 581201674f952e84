#!/usr/bin/env bash
# The GPU speed guard: a base commit and the working tree, built the same way,
# run side by side on the GPU machine, alternating the two binaries; a table of
# median ratios (new over base, > 1 is faster) and a non-zero exit when a row is
# more than 3% slower or an UNSAT node count differs.
#
# Two steps, because the GPU machine has neither git history nor ../shared:
#   here:   bash bench/device/guard.sh --stage BASE
#           writes .device/guard/: base.tar (git archive of BASE), base.commit,
#           new.commit (HEAD, "+dirty" when the tree has changes) and cnf/
#           (the corpus files the rows read)
#   there:  bash bench/device/guard.sh [--runs=N] [--rows=REGEX] [--quick] BASE
#           (device call with carry [".device/guard"]); builds both in
#           .device/guard/build-base and build-guard (Release, no tests, all
#           cores), prints the table, writes $OUT/guard.csv (every run) and
#           $OUT/guard.txt (the table).
# BASE must be the commit staged (checked against base.commit).  --runs: runs of
# each binary per row (default 3; the GPU CDCL rows take 2 more, the wall and
# batch rows twice as many and 3 more); --rows: only rows whose name matches;
# --quick: one run per row (a smoke test of the script).
# Rows (metric, what "slower" means):
#   dpll-warp NAME       literal checks/s of `--backend=gpu --search=dpll`
#                        (search time only); node counts must be equal (UNSAT)
#   dpll-look NAME       search seconds of the same with --decide=lookahead
#                        (its literal checks count only the clauses it reads);
#                        node counts must be equal
#   cdcl-gpu NAME        conflicts/s of `--backend=gpu --search=cdcl -t 1.5`
#   walk-gpu, walk-cpu1  flips/s of `--search=walk -t 1.5` on the GPU and on
#                        one CPU thread (random 3-SAT n=5000 at ratio 4.6)
#   wall NAME            wall seconds of plain `gsat -n FILE` (the portfolio),
#                        measured from outside the process
#                        (GUARD_WALL: more corpus paths, the same at --stage
#                        and there; GUARD_WALL_ARGS: more options of these runs)
#   batch uuf250         wall seconds per file of `gsat --batch -n` over the
#                        ten uuf250 files
# Exit status: 0 every row within 3% and node counts equal, 1 a regression or a
# node count that differs, 2 usage or build error, 77 no GPU.
set -u
cd "$(dirname "${BASH_SOURCE[0]}")/../.." || exit 2
G=.device/guard
runs=3 rows='' quick=0 stage='' base=''
for a in "$@"; do
  case $a in
    --stage) stage=1 ;;
    --runs=*) runs=${a#*=} ;;
    --rows=*) rows=${a#*=} ;;
    --quick) quick=1 runs=1 ;;
    -h | --help) sed -n '2,/^set -u/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "guard.sh: unknown option $a" >&2; exit 2 ;;
    *) base=$a ;;
  esac
done
[ -n "$base" ] || { echo "usage: bash bench/device/guard.sh [--stage] [--runs=N] [--rows=REGEX] BASE" >&2; exit 2; }

# The instances: relative to the corpus root (../shared/bench here, $G there).
UUF="cnf/uuf250/uuf250-01.cnf cnf/uuf250/uuf250-02.cnf cnf/uuf250/uuf250-03.cnf"
CDCL="cnf/satcomp/manol-pipe-f6n.cnf.gz cnf/app09/cmu-bmc-longmult15.cnf.gz
  cnf/app09/schup-l2s-abp4-1-k31.cnf.gz cnf/app09/manol-pipe-c9.cnf.gz cnf/app09/minor032.cnf.gz"
WALL="cnf/uf20/uf20-01.cnf cnf/uuf250/uuf250-01.cnf cnf/bmc/bmc-ibm-5.cnf.gz
  cnf/ssa/ssa2670-130.cnf.gz cnf/qg/qg1-08.cnf.gz ${GUARD_WALL:-}"

if [ -n "$stage" ]; then
  shared=../shared/bench
  full=$(git rev-parse --verify "$base^{commit}") || exit 2
  rm -rf "$G" && mkdir -p "$G/cnf" || exit 2
  git archive --format=tar -o "$G/base.tar" "$full" || exit 2
  echo "$full" >"$G/base.commit"
  dirty=$(git status --porcelain --untracked-files=no | grep -q . && echo +dirty)
  echo "$(git rev-parse HEAD)$dirty" >"$G/new.commit"
  for f in $CDCL $WALL $(cd "$shared" && ls cnf/uuf250/*.cnf); do
    mkdir -p "$G/$(dirname "$f")" && cp "$shared/$f" "$G/$f" || exit 2
  done
  du -sh "$G"
  exit 0
fi

command -v nvidia-smi >/dev/null && nvidia-smi -L >/dev/null 2>&1 || { echo "guard.sh: no GPU"; exit 77; }
[ -f "$G/base.tar" ] || { echo "guard.sh: $G/base.tar missing: run 'bash bench/device/guard.sh --stage $base' first and carry $G" >&2; exit 2; }
staged=$(cat "$G/base.commit")
case $staged in "$base"*) ;; *) echo "guard.sh: $G holds $staged, not $base" >&2; exit 2 ;; esac
OUT=${OUT:-bench/out/guard}
mkdir -p "$OUT"
card=$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | head -1)

# build DIR SRC: a Release build without tests; prints the gsat binary's path.
build() {
  rm -rf "$1"
  cmake -S "$2" -B "$1" -DCMAKE_BUILD_TYPE=Release -DGSAT_TESTS=OFF ${GUARD_CMAKE_ARGS:-} >"$1.log" 2>&1 &&
    cmake --build "$1" -j"$(nproc)" --target gsat gsat-gen >>"$1.log" 2>&1 ||
    { echo "guard.sh: build of $2 failed, see $1.log:" >&2; grep -m5 -iE 'error' "$1.log" >&2; return 1; }
  local p
  for p in "$1/gsat" "$1/solver/gsat"; do [ -x "$p" ] && { echo "$p"; return 0; }; done
  echo "guard.sh: no gsat binary in $1" >&2; return 1
}
rm -rf "$G/base-src" && mkdir -p "$G/base-src" && tar -xf "$G/base.tar" -C "$G/base-src" || exit 2
t0=$SECONDS
build "$G/build-base" "$G/base-src" >"$G/base.bin" &
NEW_BIN=$(build "$G/build-guard" .) || exit 2
wait $! || exit 2
BASE_BIN=$(cat "$G/base.bin")
GEN=$(dirname "$NEW_BIN")/gsat-gen
[ -x "$GEN" ] || GEN=$G/build-guard/gsat-gen
echo "built both in $((SECONDS - t0)) s"
"$GEN" php 10 >"$G/php10.cnf" && "$GEN" php 11 >"$G/php11.cnf" &&
  "$GEN" rand 3 400 1704 2 >"$G/rand3-400.cnf" && "$GEN" rand 3 5000 23000 1 >"$G/rand3-5000.cnf" || exit 2
"$NEW_BIN" --backend=gpu -q -n "$G/cnf/uf20/uf20-01.cnf" >/dev/null # warm the driver

CSV=$OUT/guard.csv
echo "row,binary,run,value,nodes,answer,rc" >"$CSV"
# one BIN ROW KIND FILE ARGS...: one run; appends "value nodes answer rc" to CSV.
one() {
  local bin=$1 row=$2 kind=$3 file=$4; shift 4
  local t0=$EPOCHREALTIME out rc
  out=$("${!bin}" "$@" "$file" 2>&1); rc=$?
  local t1=$EPOCHREALTIME
  printf '%s\n' "$out" | awk -v kind="$kind" -v a="$t0" -v b="$t1" -v rc="$rc" '
    /^c nodes / && $NF != "/s" { nodes = $3 }
    /^c literal checks .* \/s$/ { checks = $(NF-1) }
    /^c conflicts .* \/s$/ { confl = $(NF-1) }
    /^c search time / { search = $(NF-1) }
    /^c search .* flips\/s/ { for (i = 2; i <= NF; i++) if ($i ~ /^flips\/s/) flips = $(i-1) }
    /^s / { ans = $2 }
    END {
      v = kind == "checks" ? checks : kind == "conflicts" ? confl : kind == "search" ? search : kind == "flips" ? flips : b - a
      printf "%s %s %s %s\n", v == "" ? "NA" : v, nodes == "" ? "-" : nodes, ans == "" ? "-" : ans, rc }'
}
FAILS=()
TABLE=()
# row NAME KIND FILE ARGS...: runs both binaries alternately, tabulates the medians.
row() {
  local name=$1 kind=$2 file=$3; shift 3
  [ -n "$rows" ] && ! [[ $name =~ $rows ]] && return 0
  local n=$runs r order b res
  [ "$kind" = wall ] && n=$((2 * runs + 3))
  [ "$kind" = conflicts ] || [ "$kind" = flips ] && n=$((runs + 2)) # noisier rates
  [ "$quick" = 1 ] && n=1
  local -a vb=() vn=() nb=() nn=()
  for ((r = 1; r <= n; r++)); do
    order="BASE_BIN NEW_BIN"
    [ $((r % 2)) = 0 ] && order="NEW_BIN BASE_BIN"
    for b in $order; do
      res=$(one "$b" "$name" "$kind" "$file" "$@")
      echo "$name,${b%_BIN},$r,${res// /,}" >>"$CSV"
      if [ "$b" = BASE_BIN ]; then vb+=("${res%% *}"); nb+=("$(echo "$res" | cut -d' ' -f2)")
      else vn+=("${res%% *}"); nn+=("$(echo "$res" | cut -d' ' -f2)"); fi
    done
  done
  local mb mn
  mb=$(printf '%s\n' "${vb[@]}" | sort -g | awk '{a[NR]=$1} END{print a[int((NR+1)/2)]}')
  mn=$(printf '%s\n' "${vn[@]}" | sort -g | awk '{a[NR]=$1} END{print a[int((NR+1)/2)]}')
  local nodes=- line
  if [ "$kind" = checks ] || [ "$kind" = search ]; then
    nodes=equal
    [ "$(printf '%s\n' "${nb[@]}" "${nn[@]}" | sort -u | wc -l)" = 1 ] || nodes="DIFFER(${nb[0]}/${nn[0]})"
  fi
  line=$(awk -v name="$name" -v kind="$kind" -v b="$mb" -v n="$mn" -v nodes="$nodes" 'BEGIN {
    if (b == "NA" || n == "NA" || b <= 0 || n <= 0) { r = "NA" }
    else r = (kind == "wall" || kind == "batch" || kind == "search") ? b / n : n / b
    unit = kind == "checks" ? "checks/s" : kind == "conflicts" ? "confl/s" : kind == "flips" ? "flips/s" : kind == "batch" ? "s/file" : kind == "search" ? "search s" : "s"
    verdict = (r == "NA" || r < 0.97 || nodes ~ /DIFFER/) ? "FAIL" : "ok"
    printf "%-28s %-9s %12.4g %12.4g %7s %-8s %s", name, unit, b, n, r == "NA" ? "NA" : sprintf("%.3f", r), nodes, verdict }')
  TABLE+=("$line")
  echo "$line"
  [[ $line == *FAIL ]] && FAILS+=("$name")
  return 0
}
batch_row() {
  local name=$1; shift
  [ -n "$rows" ] && ! [[ $name =~ $rows ]] && return 0
  local n=$((2 * runs + 3)) r b res
  [ "$quick" = 1 ] && n=1
  local -a vb=() vn=()
  for ((r = 1; r <= n; r++)); do
    for b in BASE_BIN NEW_BIN; do
      local t0=$EPOCHREALTIME
      "${!b}" --batch -q -n "$@" >/dev/null 2>&1
      res=$(awk -v a="$t0" -v b="$EPOCHREALTIME" -v k=$# 'BEGIN{printf "%.5f", (b-a)/k}')
      echo "$name,${b%_BIN},$r,$res,-,-,-" >>"$CSV"
      if [ "$b" = BASE_BIN ]; then vb+=("$res"); else vn+=("$res"); fi
    done
  done
  local mb mn line
  mb=$(printf '%s\n' "${vb[@]}" | sort -g | awk '{a[NR]=$1} END{print a[int((NR+1)/2)]}')
  mn=$(printf '%s\n' "${vn[@]}" | sort -g | awk '{a[NR]=$1} END{print a[int((NR+1)/2)]}')
  line=$(awk -v name="$name" -v b="$mb" -v n="$mn" 'BEGIN { r = b / n
    printf "%-28s %-9s %12.4g %12.4g %7.3f %-8s %s", name, "s/file", b, n, r, "-", r < 0.97 ? "FAIL" : "ok" }')
  TABLE+=("$line"); echo "$line"
  [[ $line == *FAIL ]] && FAILS+=("$name")
}

echo "guard: base $(cut -c1-12 "$G/base.commit") against new $(cat "$G/new.commit" 2>/dev/null | cut -c1-18) on $card, $(nproc) cores"
printf '%-28s %-9s %12s %12s %7s %-8s %s\n' row metric base new ratio nodes verdict
DPLL="--backend=gpu --search=dpll -n --stats --progress=0 -t 120"
# The kernel's speed by one heuristic each (what --decide=auto took before it
# chose look-ahead for these): the static order on pigeonhole, MOMS on random.
for f in php10 php11; do row "dpll-warp $f" checks "$G/$f.cnf" $DPLL --decide=static; done
row "dpll-warp rand3-400" checks "$G/rand3-400.cnf" $DPLL --decide=moms
for f in $UUF; do row "dpll-warp $(basename "$f" .cnf)" checks "$G/$f" $DPLL --decide=moms; done
row "dpll-look php11" search "$G/php11.cnf" $DPLL --decide=lookahead
for f in $CDCL; do
  row "cdcl-gpu $(basename "${f%%.cnf*}")" conflicts "$G/$f" --backend=gpu --search=cdcl -n --stats --progress=0 -t 1.5
done
# The walkers' speed on a formula they cannot satisfy (ratio 4.6: UNSAT
# with high probability), so that every run walks its whole time.
WALK="--search=walk -n --stats --progress=0 --seed=1 -t 1.5"
row "walk-gpu rand3-5000" flips "$G/rand3-5000.cnf" $WALK --backend=gpu
row "walk-cpu1 rand3-5000" flips "$G/rand3-5000.cnf" $WALK --backend=cpu --threads=1
for f in $WALL; do row "wall $(basename "${f%%.cnf*}")" wall "$G/$f" -n -q -t 60 ${GUARD_WALL_ARGS:-}; done
batch_row "batch uuf250 (10 files)" "$G"/cnf/uuf250/*.cnf

{
  echo "guard: base $(cut -c1-12 "$G/base.commit") against new $(cat "$G/new.commit" | cut -c1-18) on $card; median of $runs runs (GPU CDCL: $((runs + 2)); wall and batch: $((2 * runs + 3))), alternating; ratio > 1: new is faster"
  printf '%-28s %-9s %12s %12s %7s %-8s %s\n' row metric base new ratio nodes verdict
  printf '%s\n' "${TABLE[@]}"
  if [ ${#FAILS[@]} -gt 0 ]; then echo "REGRESSION (more than 3% slower, or node counts differ): ${FAILS[*]}"
  else echo "every row within 3% of the base, node counts equal"; fi
} | tee "$OUT/guard.txt"
[ ${#FAILS[@]} -eq 0 ]
