#!/usr/bin/env bash
# The benchmark report (issue 6) on the GPU machine, in one device call:
# `bench/report run` with a budget (BUDGET seconds for everything, default
# 450), then the logs packed, so that $OUT holds 6 files: search.csv,
# solvers.csv, bmmc.csv, sort.csv, env.txt and logs.tgz.  Plot them where
# gnuplot is:  bench/report plot DIR  (PNGs and report.md).
# Carry the corpus (.device/bench: manifest.tsv, cnf/pigeonhole, cnf/uf250,
# cnf/uuf250, cnf/flat) and the solvers staged on the development machine with
# `bench/report stage-solvers .device/solvers`; both are optional (generated
# instances, solvers skipped with a note).
#   bash bench/device/report.sh
set -u
cd "$(dirname "$0")/../.." || exit 1
OUT=${OUT:-bench/out/report}
export GSAT_REPORT_BUDGET=${BUDGET:-450}
mkdir -p "$OUT"
bench/report run "$OUT"
rc=$?
tar czf "$OUT/logs.tgz" -C "$OUT" logs && rm -rf "$OUT/logs"
echo "================ report run rc=$rc ($OUT) ================"
grep -vE '^(date|host|os|gcc|cmake|memory):' "$OUT/env.txt"
if [ -s "$OUT/search.csv" ]; then
  echo "-- search (instance, config, answer, search s, checks/s, solve s):"
  awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    { sub(/\.cnf(\.gz)?$/, "", $c["instance"])
      printf "  %-10s %-6s %-7s %8s %10s %8s\n", $c["instance"], $c["config"],
        $c["answer"], $c["seconds"], $c["checks_per_s"], $c["solve_seconds"] }' \
    "$OUT/search.csv"
fi
if [ -s "$OUT/solvers.csv" ]; then
  echo "-- solvers (instance: solver answer seconds ...):"
  awk -F, 'NR > 1 { sub(/\.cnf$/, "", $1); r[$1] = r[$1] "  " $3 " " $4 " " $5
      if (!($1 in seen)) { seen[$1] = 1; o[++n] = $1 } }
    END { for (i = 1; i <= n; i++) printf "  %-10s%s\n", o[i], r[o[i]] }' "$OUT/solvers.csv"
fi
[ -s "$OUT/sort.csv" ] && echo "-- sort at the largest n:" &&
  awk -F, 'NR > 1 { last = $2; row[NR] = $0 } END { for (i in row) { split(row[i], f, ","); if (f[2] == last) print "  " row[i] } }' \
    "$OUT/sort.csv" | sort
[ -s "$OUT/bmmc.csv" ] && echo "-- bmmc at n = 28 (no sweep):" &&
  grep -E '^[a-z-]+,28,' "$OUT/bmmc.csv" | grep -v '^sweep' | cut -d, -f1-6 | sed 's/^/  /'
ls -l "$OUT"
