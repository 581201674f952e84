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
# MODES (environment) lists the modes to compare instead of "off on": a
# value of --cdcl-cubes, lookahead:N for --cdcl-cubes=lookahead
# --cdcl-cube-count=N; ratios are against the first mode.  THREADS=1 with
# lookahead modes conquers the cubes on one searcher.
# Prints one TSV row per run: instance, mode, rep, answer, CPU s (user + sys
# of all threads, /usr/bin/time), wall s; then per instance and mode the
# median CPU and wall seconds and the ratio on/off of the medians.
#   bench/cubes_compare.sh GSAT [T [REPS [LIMIT [unsat|sat]]]]
set -u
gsat=$1 threads=${2:-2} reps=${3:-3} limit=${4:-120} set=${5:-unsat}
read -r -a modes <<<"${MODES:-off on}"
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
    for mode in "${modes[@]}"; do
      opts=(--cdcl-cubes="${mode%%:*}")
      [ "${mode#*:}" != "$mode" ] && opts+=(--cdcl-cube-count="${mode#*:}")
      /usr/bin/time -f '%U %S %e' -o "$tmp/time" timeout -s KILL "$limit" "$gsat" -q -n \
        --search=cdcl --threads="$threads" "${opts[@]}" --relaxed "$f" \
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
python3 - "$tmp/rows" "${modes[@]}" <<'PY'
import statistics, sys, math
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1])][1:]
modes = sys.argv[2:]
base, others = modes[0], modes[1:]
by = {}
for inst, mode, rep, ans, cpu, wall in rows:
    by.setdefault(inst, {}).setdefault(mode, []).append((float(cpu), float(wall), ans))
print("instance\t" + "\t".join("cpu_" + m for m in modes) + "\t" +
      "\t".join(f"cpu {m}/{base}" for m in others) + "\t" +
      "\t".join("wall_" + m for m in modes) + "\tanswers")
logs = {m: [] for m in others}
for inst, m in by.items():
    if any(x not in m for x in modes): continue
    c = {k: statistics.median(x[0] for x in v) for k, v in m.items()}
    w = {k: statistics.median(x[1] for x in v) for k, v in m.items()}
    answers = ",".join(sorted({x[2] for v in m.values() for x in v}))
    ratios = []
    for o in others:
        r = c[o] / c[base] if c[base] > 0 else float("nan")
        ratios.append(f"{r:.2f}")
        if c[base] >= 0.1 and c[o] >= 0.1: logs[o].append((inst, math.log(r)))
    print(f"{inst}\t" + "\t".join(f"{c[k]:.2f}" for k in modes) + "\t" + "\t".join(ratios) +
          "\t" + "\t".join(f"{w[k]:.2f}" for k in modes) + f"\t{answers}")
for o in others:
    if logs[o]:
        print("geometric mean cpu %s/%s over instances >= 0.1 s: %.2f (%s)" %
              (o, base, math.exp(sum(x for _, x in logs[o]) / len(logs[o])),
               ", ".join(i for i, _ in logs[o])))
PY
