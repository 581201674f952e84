#!/usr/bin/env bash
# bench/report plot on small fixture CSVs.  The numbers below are SYNTHETIC
# (made up for this test, shaped like the real files), never measurements.
# Checks: every PNG exists and is a PNG, report.md holds the ratios computed
# from the fixtures, missing CSVs skip their plot, extra columns are ignored.
# Exit 77 (skipped) without gnuplot.  Usage: tests/report.sh [SOURCE_DIR]
set -u
if ! command -v gnuplot >/dev/null; then
  echo "report test skipped: gnuplot not found"
  exit 77
fi
src=${1:-$(cd "$(dirname "$0")/.." && pwd)}
dir=$(mktemp -d)
[ -n "${KEEP:-}" ] || trap 'rm -rf "$dir"' EXIT; echo "fixtures in $dir"
fail=0
check() { # description command...
  if "${@:2}"; then echo "PASS $1"; else echo "FAIL $1"; fail=1; fi
}
is_png() { [ "$(head -c 8 "$1" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ]; }
md_has() { grep -qF -- "$2" "$1/report.md" || { echo "  missing in report.md: $2"; return 1; }; }

full=$dir/full
mkdir -p "$full"
# SYNTHETIC fixture: gsat-bench header plus a trailing column it may grow.
cat >"$full/search.csv" <<'EOF'
instance,config,backend,mapping,decide,threads,answer,nodes,checks,seconds,checks_per_s,ratio_cpu1,solve_seconds,context_seconds,busy_pct,replay_pct,grid,layout
hole10.cnf,cpu1,cpu,-,static,1,UNKNOWN,10000,2840000000,10.0000,2.84e+08,1.00,10.0010,0.0000,0.0,0.0,0x0,-
hole10.cnf,cpuall,cpu,-,static,16,UNSAT,141745218,8500000000,2.1700,3.93e+09,13.84,2.1710,0.0000,0.0,0.0,0x0,-
hole10.cnf,warp,gpu,warp,static,67584,UNSAT,141745218,8830000000,0.2260,3.91e+10,137.68,0.2300,0.1100,98.4,0.5,132x512,csr
uuf250-01.cnf,cpu1,cpu,-,moms,1,UNSAT,500000,200000000,8.0000,2.5e+07,1.00,8.0010,0.0000,0.0,0.0,0x0,-
uuf250-01.cnf,cpuall,cpu,-,moms,16,UNSAT,500000,200000000,0.6600,3.0e+08,12.00,0.6610,0.0000,0.0,0.0,0x0,-
uuf250-01.cnf,warp,gpu,warp,moms,67584,UNSAT,500000,200000000,0.0400,5.0e+09,200.00,0.0440,0.1200,97.0,1.0,132x512,slot
uuf250-02.cnf,cpu1,cpu,-,moms,1,UNSAT,600000,240000000,10.0000,2.1e+07,1.00,10.0010,0.0000,0.0,0.0,0x0,-
uuf250-02.cnf,cpuall,cpu,-,moms,16,UNSAT,600000,240000000,0.8000,3.0e+08,15.00,0.8010,0.0000,0.0,0.0,0x0,-
uuf250-02.cnf,warp,gpu,warp,moms,67584,UNSAT,600000,240000000,0.0400,7.0e+09,350.00,0.0410,0.1200,97.0,1.0,132x512,slot
flat200-1.cnf.gz,cpu1,cpu,-,moms,1,SAT,195,1600000,0.0130,1.23e+08,1.00,0.0140,0.0000,0.0,0.0,0x0,-
flat200-1.cnf.gz,warp,gpu,warp,moms,67584,SAT,300,2000000,0.0100,2.0e+08,1.63,0.0120,0.1100,50.0,1.0,132x512,csr
EOF
# SYNTHETIC fixture: solver rows, one timeout, flat200 given decompressed.
cat >"$full/solvers.csv" <<'EOF'
instance,family,solver,answer,seconds,limit_s,exit,expected
hole10.cnf,pigeonhole,cadical,TIMEOUT,60.004,60,124,UNSAT
hole10.cnf,pigeonhole,minisat,TIMEOUT,60.010,60,124,UNSAT
uuf250-01.cnf,uuf250,cadical,UNSAT,9.200,60,20,UNSAT
uuf250-01.cnf,uuf250,minisat,UNSAT,4.400,60,20,UNSAT
uuf250-02.cnf,uuf250,cadical,UNSAT,8.200,60,20,UNSAT
uuf250-02.cnf,uuf250,minisat,UNSAT,4.100,60,20,UNSAT
flat200-1.cnf,flat200,cadical,SAT,0.020,60,10,SAT
flat200-1.cnf,flat200,minisat,SAT,0.030,60,10,SAT
EOF
# SYNTHETIC fixture: bmmc_bench --csv (the plan column is quoted, with commas).
cat >"$full/bmmc.csv" <<'EOF'
case,n,elem_bytes,ms,gbps,frac_of_fastest_copy,plan
copy-one,24,4,0.05000,2684.4,0.6500,""
copy-rows-like-tiled,24,4,0.03250,4130.0,1.0000,""
naive-bitrev,24,4,0.75000,179.0,0.0433,"naive, scatter"
tiled-bitrev,24,4,0.03470,3869.0,0.9370,"tiled, h5 m3, swizzle"
two-pass-random-bmmc,24,4,0.06840,1962.0,0.4750,"2 passes"
copy-rows-like-tiled,28,4,0.52000,4130.0,1.0000,""
naive-bitrev,28,4,16.80000,128.0,0.0310,"naive, scatter"
tiled-bitrev,28,4,0.56600,3791.0,0.9180,"tiled, h5 m3, swizzle"
two-pass-random-bmmc,28,4,1.11000,1933.0,0.4680,"2 passes"
sweep-bitrev-h5m2,28,4,0.60000,3500.0,0.8500,"sweep"
copy-rows-like-tiled,28,8,1.04000,4130.0,1.0000,""
tiled-bitrev,28,8,1.10000,3903.0,0.9450,"tiled, 8 B"
EOF
# SYNTHETIC fixture: sort_bench --csv.
cat >"$full/sort.csv" <<'EOF'
kind,n,algo,ms,gkeys_per_s,vs_cub_merge,vs_cub_radix
keys u32,1048576,bcf,0.1000,10.486,1.200,0.500
keys u32,1048576,bcf-8way,0.1100,9.533,1.091,0.455
keys u32,1048576,cub-merge,0.1200,8.738,1.000,0.417
keys u32,1048576,cub-radix,0.0500,20.972,2.400,1.000
keys u32,268435456,bcf,11.6000,23.141,1.100,0.560
keys u32,268435456,bcf-8way,12.0000,22.370,1.063,0.541
keys u32,268435456,cub-merge,12.7600,21.037,1.000,0.509
keys u32,268435456,cub-radix,6.5000,41.298,1.963,1.000
keys u64,1048576,bcf,0.2000,5.243,0.800,0.400
keys u64,1048576,cub-merge,0.1600,6.554,1.000,0.500
keys u64,1048576,cub-radix,0.0800,13.107,2.000,1.000
EOF
cat >"$full/env.txt" <<'EOF'
date: SYNTHETIC fixture
gpu: SYNTHETIC GPU
cpu: SYNTHETIC CPU
gsat_cpu_time_limit_s: 10
solver_time_limit_s: 60
EOF

echo "== plot on the full fixture"
bash "$src/bench/report" plot "$full"
for p in checks_per_s time_to_solution bmmc sort; do
  check "$p.png is a PNG" is_png "$full/$p.png"
done
check "report.md written" test -s "$full/report.md"
# hole10: warp 3.91e10 / cpu1 2.84e8 = 137.7 -> 138x; / cpuall 3.93e9 = 9.95x
check "hole10 GPU/CPU-1 ratio" md_has "$full" "| 138x | 9.95x |"
check "CPU-1 stopped at the limit" md_has "$full" "284 M/s, stopped at 10.0 s"
check "node count with separators" md_has "$full" "| 141,745,218 |"
# uuf250 medians: warp (5e9, 7e9) -> 6.00 G/s; cpu1 (2.5e7, 2.1e7) -> 23 M/s
check "family median" md_has "$full" "| uuf250 (2) | 23 M/s | 300 M/s | 6.00 G/s |"
check "layout column shown" md_has "$full" "7.00 G/s, 0.041 s [slot] |"
check "solver timeout shown" md_has "$full" "> 60.0 s (limit)"
# uuf250-01: cadical 9.2 / 0.044 and 8.2 / 0.041: geometric mean
# sqrt(209.09 * 200) = 204.5; flat200-1: 0.020 / 0.012 = 1.67; over 3 instances
# (209.09 * 200 * 1.667)^(1/3) = 41.15
check "CaDiCaL key ratio" md_has "$full" "gsat GPU is 41.15x faster (3 instances both solved"
check "timeouts counted" md_has "$full" "gsat GPU also solved 1 that CaDiCaL did not"
check "bmmc fraction" md_has "$full" "| tiled-bitrev | 93.7% | 91.8% | 94.5% |"
check "bmmc copy bandwidth" md_has "$full" "| fastest copy (GB/s) | 4130 | 4130 | 4130 |"
check "sort ratios" md_has "$full" "| keys u32 | 2^28 | 23.141 | bcf (23.141) | 21.037 | 41.298 | 1.100x | 0.560x |"

echo "== plot with only search.csv"
part=$dir/part
mkdir -p "$part"
cp "$full/search.csv" "$part/"
bash "$src/bench/report" plot "$part" >"$dir/part.log" 2>&1
cat "$dir/part.log"
check "checks_per_s.png from search.csv alone" is_png "$part/checks_per_s.png"
check "time_to_solution.png from search.csv alone" is_png "$part/time_to_solution.png"
check "bmmc.png skipped" test ! -e "$part/bmmc.png"
check "sort.png skipped" test ! -e "$part/sort.png"
check "skip message" grep -q "no sort.csv: sort.png skipped" "$dir/part.log"

echo "== plot on an empty directory"
mkdir -p "$dir/empty"
check "empty directory: exit 0" bash "$src/bench/report" plot "$dir/empty"
check "empty directory: no PNG" test -z "$(ls "$dir/empty"/*.png 2>/dev/null)"
check "empty directory: report.md" test -s "$dir/empty/report.md"
exit $fail
