#!/usr/bin/env bash
# Cubes or a plain portfolio (--cdcl-cubes=on|off) for the CDCL search with
# --threads=T, side by side in one run: each instance is solved REPS times in
# each mode, interleaved (off, on, off, on, ...), so that a loaded machine
# loads both alike.  Instances: the structured UNSAT ones of the corpus that
# take CDCL more than a few milliseconds (manol-pipe-f6n, pret150_25,
# dubois100, qg4-08), multiplier miters of 6, 7 and 8 bits (bench/gen_miter.py,
# structured UNSAT), and two uniform random UNSAT ones for comparison.
# With SET=sat (the fifth argument) the corpus's harder SAT instances
# instead (bmc, satcomp, qg, uf250), to see what cubes cost a portfolio
# whose diversity finds models.
# Prints one TSV row per run: instance, mode, rep, answer, CPU s (user + sys
# of all threads, /usr/bin/time), wall s; then per instance and mode the
# median CPU and wall seconds and the ratio on/off of the medians.
#   bench/cubes_compare.sh GSAT [T [REPS [LIMIT [unsat|sat]]]]
set -u
gsat=$1 threads=${2:-2} reps=${3:-3} limit=${4:-120} set=${5:-unsat}
here=$(cd "$(dirname "$0")" && pwd)
bench=$here/../../shared/bench/cnf
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for n in 6 7 8; do python3 "$here/gen_miter.py" $n >"$tmp/miter$n.cnf"; done
files=("$bench/satcomp/manol-pipe-f6n.cnf.gz" "$bench/pret/pret150_25.cnf"
       "$bench/dubois/dubois100.cnf" "$bench/qg/qg4-08.cnf.gz"
       "$tmp/miter6.cnf" "$tmp/miter7.cnf" "$tmp/miter8.cnf"
       "$bench/uuf200/uuf200-04.cnf" "$bench/uuf250/uuf250-05.cnf")
[ "$set" = sat ] &&
  files=("$bench/bmc/bmc-galileo-8.cnf.gz" "$bench/bmc/bmc-ibm-11.cnf.gz"
         "$bench/satcomp/32bits_11.dimacs.cnf.gz" "$bench/qg/qg1-08.cnf.gz"
         "$bench/uf250/uf250-02.cnf" "$bench/uf250/uf250-07.cnf")
printf 'instance\tmode\trep\tanswer\tcpu_s\twall_s\n' >"$tmp/rows"
for f in "${files[@]}"; do
  [ -f "$f" ] || { echo "absent: $f" >&2; continue; }
  name=$(basename "$f")
  for ((r = 1; r <= reps; r++)); do
    for mode in off on; do
      /usr/bin/time -f '%U %S %e' -o "$tmp/time" timeout -s KILL "$limit" "$gsat" -q -n \
        --search=cdcl --threads="$threads" --cdcl-cubes=$mode --relaxed "$f" \
        >/dev/null 2>&1 </dev/null
      rc=$?
      read -r u s e < <(tail -n 1 "$tmp/time")
      printf '%s\t%s\t%d\t%d\t%.2f\t%.2f\n' "$name" $mode $r $rc \
        "$(echo "$u + $s" | bc)" "$e" >>"$tmp/rows"
    done
  done
done
cat "$tmp/rows"
echo
python3 - "$tmp/rows" <<'PY'
import statistics, sys, math
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1])][1:]
by = {}
for inst, mode, rep, ans, cpu, wall in rows:
    by.setdefault(inst, {}).setdefault(mode, []).append((float(cpu), float(wall), ans))
print("instance\tcpu_off\tcpu_on\tcpu on/off\twall_off\twall_on\tanswers")
logs = []
for inst, m in by.items():
    if "off" not in m or "on" not in m: continue
    c = {k: statistics.median(x[0] for x in v) for k, v in m.items()}
    w = {k: statistics.median(x[1] for x in v) for k, v in m.items()}
    answers = ",".join(sorted({x[2] for v in m.values() for x in v}))
    ratio = c["on"] / c["off"] if c["off"] > 0 else float("nan")
    if c["off"] >= 0.1 and c["on"] >= 0.1: logs.append((inst, math.log(ratio)))
    print(f"{inst}\t{c['off']:.2f}\t{c['on']:.2f}\t{ratio:.2f}\t{w['off']:.2f}\t{w['on']:.2f}\t{answers}")
if logs:
    print("geometric mean cpu on/off over instances >= 0.1 s: %.2f (%s)" %
          (math.exp(sum(x for _, x in logs) / len(logs)), ", ".join(i for i, _ in logs)))
PY
