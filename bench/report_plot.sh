#!/usr/bin/env bash
# bench/report plot [OUT]: PNG plots (gnuplot) and OUT/report.md from the CSVs
# that `bench/report run` wrote.  Each plot is skipped with a message when its
# CSV is missing or empty; report.md is written even without gnuplot.
#   checks_per_s.png      (a) literal checks/s per family and configuration
#   time_to_solution.png  (b) time to solution per instance, gsat and others
#   bmmc.png              (c) permutation bandwidth as a fraction of copy
#   sort.png              (d) sort keys/s against CUB merge and radix sort
set -u
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
OUT=${1:-bench/out}
[ -d "$OUT" ] || { echo "bench/report plot: $OUT: no such directory" >&2; exit 1; }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
MD=$OUT/report.md
has() { [ -f "$OUT/$1" ] && [ "$(wc -l <"$OUT/$1")" -gt 1 ]; }

GP=0
if command -v gnuplot >/dev/null; then GP=1; else
  echo "bench/report plot: gnuplot not found: report.md only, no PNGs"
fi
TERM_PNG="pngcairo enhanced font 'Sans,14' linewidth 1.5"
if [ "$GP" = 1 ] && ! gnuplot -e "set terminal pngcairo" 2>/dev/null; then
  TERM_PNG="png enhanced font 'Sans,12'"
fi
plot() { # name gnuplot-script
  local png=$OUT/$1.png
  rm -f "$png"
  [ "$GP" = 1 ] || return 0
  if printf '%s\n' "set terminal $TERM_PNG size ${SIZE:-1500,800}" \
    "set output '$png'" "$2" | gnuplot 2>"$T/$1.err" && [ -s "$png" ]; then
    echo "bench/report plot: wrote $png"
  else
    echo "bench/report plot: $1.png failed:"
    cat "$T/$1.err"
  fi
}
env_line() { sed -n "s/^$1: //p" "$OUT/env.txt" 2>/dev/null | head -1; }

# ---- header of report.md --------------------------------------------------
{
  echo "# Benchmark report"
  echo
  echo "Written by \`bench/report plot $OUT\` from the CSV files of \`bench/report run\`."
  echo
  if [ -f "$OUT/env.txt" ]; then
    line() { [ -n "${2// /}" ] && echo "- $1: $2"; }
    line Date "$(env_line date)"
    line Commit "$(env_line commit)"
    line GPU "$(env_line gpu)"
    line CPU "$(env_line cpu) ($(env_line cpus))"
    line OS "$(env_line os)"
    line "Time limits" "CaDiCaL, MiniSat and gsat GPU $(env_line solver_time_limit_s) s per instance; gsat CPU $(env_line gsat_cpu_time_limit_s) s per run (the throughput reference)"
    line "CaDiCaL/MiniSat runs at once" "$(env_line solver_jobs) (one per physical core, never beside gsat runs)"
    sed -n 's/^solver: /- Solver: /p' "$OUT/env.txt"
    sed -n 's/^note: /- Note: /p' "$OUT/env.txt"
  else
    echo "- env.txt missing: machine unknown"
  fi
  echo
} >"$MD"

# ---- (a), (b): search.csv and solvers.csv ---------------------------------
args=()
has search.csv && args+=(kind=search "$OUT/search.csv")
has solvers.csv && args+=(kind=solvers "$OUT/solvers.csv")
if [ ${#args[@]} -gt 0 ]; then
  awk -F, -v T="$T" -v MD="$T/search.md" -f "$here/report_search.awk" "${args[@]}"
  cat "$T/search.md" >>"$MD"
else
  echo "No search.csv or solvers.csv: sections 1-3 empty." >>"$MD"
fi
if [ -s "$T/a.dat" ] && [ "$(wc -l <"$T/a.dat")" -gt 1 ]; then
  n=$(head -1 "$T/a.dat" | awk -F'\t' '{ print NF }')
  plot checks_per_s "
set title 'gsat literal checks per second, GPU vs CPU (median per family; higher is better)'
set ylabel 'literal checks per second (log scale)'
set xlabel 'instance family (instances in brackets)'
set logscale y
set format y '%.0s%c'
set yrange [*:*]
set grid ytics mytics
set key outside below center horizontal box maxrows 2
set bmargin 6
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set datafile separator '\t'
set datafile missing '?'
set xtics nomirror
plot for [i=2:$n] '$T/a.dat' using i:xtic(1) title columnheader(i)"
else
  echo "bench/report plot: no search rows: checks_per_s.png skipped"
fi
if [ -s "$T/b.dat" ] && [ "$(wc -l <"$T/b.dat")" -gt 1 ]; then
  nb=$(($(wc -l <"$T/b.dat") - 1))
  w=$((300 + 60 * nb))
  [ "$w" -lt 1500 ] && w=1500
  SIZE=$w,800 plot time_to_solution "
set title 'Time to solution per instance (lower is better)'
set ylabel 'seconds (log scale)'
set logscale y
set format y '%g'
set grid ytics
set key below horizontal box maxrows 2 width 1
set datafile separator '\t'
set datafile missing '?'
set xrange [0.5:$nb+0.5]
set xtics rotate by -45 left nomirror
set for [i=1:$nb-1] arrow from first i+0.5, graph 0 to first i+0.5, graph 1 nohead lc rgb '#cccccc'
set pointsize 2
set style line 1 lc rgb '#d62728' pt 7
set style line 2 lc rgb '#1f77b4' pt 5
set style line 3 lc rgb '#2ca02c' pt 9
set style line 4 lc rgb '#9467bd' pt 11
set style line 5 lc rgb '#ff7f0e' pt 13
plot '$T/b.dat' using 1:(NaN):xtic(2) notitle, \
     '' using (\$1-0.24):3 ls 1 title 'gsat GPU (fastest mapping)', \
     '' using (\$1-0.24):4 ls 1 pt 6 notitle, \
     '' using (\$1-0.12):5 ls 2 title 'gsat CPU, 1 thread', '' using (\$1-0.12):6 ls 2 pt 4 notitle, \
     '' using 1:7 ls 3 title 'gsat CPU, all cores', '' using 1:8 ls 3 pt 8 notitle, \
     '' using (\$1+0.12):9 ls 4 title 'CaDiCaL', '' using (\$1+0.12):10 ls 4 pt 10 notitle, \
     '' using (\$1+0.24):11 ls 5 title 'MiniSat', '' using (\$1+0.24):12 ls 5 pt 12 notitle, \
     NaN with points lc rgb 'black' pt 6 title 'open symbol: stopped at the time limit'"
else
  echo "bench/report plot: no search or solver rows: time_to_solution.png skipped"
fi

# ---- (c): bmmc.csv ---------------------------------------------------------
if has bmmc.csv; then
  awk -F, -v T="$T" -v MD="$T/bmmc.md" '
    NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
    {
      name = $col["case"]; g = "n=" $col["n"] ", " $col["elem_bytes"] " B"
      if (!(g in gs)) { gs[g] = 1; grp[++ng] = g }
      if (name ~ /^copy/) {
        if ($col["gbps"] + 0 > copy[g]) { copy[g] = $col["gbps"] + 0; copyname[g] = name }
        next
      }
      if (name ~ /^sweep/) next
      if (!(name in vs)) { vs[name] = 1; var[++nv] = name }
      f[g, name] = $col["frac_of_fastest_copy"] * 100
      bw[g, name] = $col["gbps"]
    }
    END {
      out = T "/c.dat"
      printf "group" > out
      for (v = 1; v <= nv; v++) printf "\t\"%s\"", var[v] > out
      print "" > out
      for (i = 1; i <= ng; i++) {
        printf "\"%s\"", grp[i] > out
        for (v = 1; v <= nv; v++) printf "\t%s", ((grp[i], var[v]) in f ? f[grp[i], var[v]] : "?") > out
        print "" > out
      }
      print "## 4. BMMC/BPC permutations (bmmc_bench)\n" > MD
      print "Effective bandwidth 2 N x element size / time as a percentage of the " \
        "fastest copy kernel at the same size (CUDA events, median).\n" > MD
      h = "| variant |"; s = "|---|"
      for (i = 1; i <= ng; i++) { h = h " " grp[i] " |"; s = s "---:|" }
      print h "\n" s > MD
      l = "| fastest copy (GB/s) |"
      for (i = 1; i <= ng; i++) l = l " " sprintf("%.0f", copy[grp[i]]) " |"
      print l > MD
      for (v = 1; v <= nv; v++) {
        l = "| " var[v] " |"
        for (i = 1; i <= ng; i++)
          l = l " " ((grp[i], var[v]) in f ? sprintf("%.1f%%", f[grp[i], var[v]]) : "-") " |"
        print l > MD
      }
      print "" > MD
    }' "$OUT/bmmc.csv"
  cat "$T/bmmc.md" >>"$MD"
  n=$(head -1 "$T/c.dat" | awk -F'\t' '{ print NF }')
  plot bmmc "
set title 'BMMC/BPC permutations: effective bandwidth as a fraction of the fastest copy (higher is better)'
set ylabel 'bandwidth, % of the fastest copy at that size'
set xlabel 'array size: 2^n elements, element size'
set yrange [0:115]
set ytics 0,10,100
set grid ytics
set key outside right top box
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set datafile separator '\t'
set datafile missing '?'
set arrow from graph 0, first 100 to graph 1, first 100 nohead dt 2 lc rgb 'black'
set linetype 9 lc rgb '#8c564b'
set linetype 10 lc rgb '#17becf'
plot for [i=2:$n] '$T/c.dat' using i:xtic(1) title columnheader(i) lt (i - 1)"
else
  echo "bench/report plot: no bmmc.csv: bmmc.png skipped"
  printf '## 4. BMMC/BPC permutations\n\nNo bmmc.csv (no GPU run).\n\n' >>"$MD"
fi

# ---- (d): sort.csv ---------------------------------------------------------
if has sort.csv; then
  awk -F, -v T="$T" -v MD="$T/sort.md" '
    function lg(n, l) { l = 0; while (2 ^ l < n) l++; return l }
    NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
    {
      k = $col["kind"]; a = $col["algo"]; n = lg($col["n"])
      if (!(k in ks)) { ks[k] = 1; kind[++nk] = k }
      if (!((k, a) in as)) { as[k, a] = 1; algo[k, ++na[k]] = a }
      if (!((k, n) in ns)) { ns[k, n] = 1; size[k, ++nn[k]] = n }
      g[k, a, n] = $col["gkeys_per_s"]
      vm[k, a, n] = $col["vs_cub_merge"]; vr[k, a, n] = $col["vs_cub_radix"]
    }
    END {
      print "## 5. Bank-conflict-free sort (sort_bench)\n" > MD
      print "Keys (or pairs) per second, CUDA events, median; `vs merge`/`vs radix`: " \
        "speed of the default `bcf` sort relative to CUB merge sort / radix sort.\n" > MD
      print "| kind | n | bcf (Gkeys/s) | best bcf variant | CUB merge | CUB radix | bcf vs merge | bcf vs radix |" > MD
      print "|---|---:|---:|---|---:|---:|---:|---:|" > MD
      for (i = 1; i <= nk; i++) {
        k = kind[i]; file = k; gsub(/[^A-Za-z0-9]/, "_", file)
        out = T "/d_" file ".dat"
        printf "log2n" > out
        for (j = 1; j <= na[k]; j++) printf "\t\"%s\"", algo[k, j] > out
        print "" > out
        for (s = 1; s <= nn[k]; s++) {
          n = size[k, s]
          printf "%d", n > out
          for (j = 1; j <= na[k]; j++) printf "\t%s", ((k, algo[k, j], n) in g ? g[k, algo[k, j], n] : "?") > out
          print "" > out
          best = ""; bv = 0
          for (j = 1; j <= na[k]; j++) {
            a = algo[k, j]
            if (a ~ /^bcf/ && (k, a, n) in g && g[k, a, n] > bv) { bv = g[k, a, n]; best = a }
          }
          printf "| %s | 2^%d | %s | %s | %s | %s | %s | %s |\n", k, n,
            ((k, "bcf", n) in g ? g[k, "bcf", n] : "-"), (best == "" ? "-" : best " (" bv ")"),
            ((k, "cub-merge", n) in g ? g[k, "cub-merge", n] : "-"),
            ((k, "cub-radix", n) in g ? g[k, "cub-radix", n] : "-"),
            ((k, "bcf", n) in vm ? vm[k, "bcf", n] "x" : "-"),
            ((k, "bcf", n) in vr ? vr[k, "bcf", n] "x" : "-") > MD
        }
        close(out)
        print k > (T "/d_kinds")
      }
      print "" > MD
    }' "$OUT/sort.csv"
  cat "$T/sort.md" >>"$MD"
  script="
set multiplot layout 1,$(wc -l <"$T/d_kinds") title 'Sort throughput against CUB (higher is better)' font ',15'
set ylabel 'Gkeys per second'
set xlabel 'n (log2 of the number of keys)'
set xtics 2
set offsets 0.3, 0.3, 0, 0
set grid
set yrange [0:*]
set key top left box opaque font ',11'
set datafile separator '\t'
set datafile missing '?'
set style line 1 lw 3 lc rgb '#d62728' pt 7
set style line 9 lw 2 dt 2 lc rgb 'black' pt 5
set style line 10 lw 2 dt 4 lc rgb '#555555' pt 9"
  while read -r kind; do
    f=$T/d_${kind//[^A-Za-z0-9]/_}.dat
    IFS=$'\t' read -r -a algos <"$f"
    elems=() c=2
    for ((i = 1; i < ${#algos[@]}; i++)); do
      a=${algos[$i]//\"/}
      case $a in
        bcf) st="ls 1" ;;
        cub-merge) st="ls 9" ;;
        cub-radix) st="ls 10" ;;
        *) c=$((c + 1)); st="lw 1.5 lc $c pt $((c + 2))" ;;
      esac
      elems+=("'$f' using 1:$((i + 1)) with linespoints $st title '$a'")
    done
    script+="
set title '$kind'
plot $(IFS=,; echo "${elems[*]}")"
  done <"$T/d_kinds"
  SIZE=1800,700 plot sort "$script
unset multiplot"
else
  echo "bench/report plot: no sort.csv: sort.png skipped"
  printf '## 5. Bank-conflict-free sort\n\nNo sort.csv (no GPU run).\n\n' >>"$MD"
fi

{
  echo "## Figures"
  echo
  for p in checks_per_s:"(a) literal checks/s per family and configuration, log scale" \
    time_to_solution:"(b) time to solution per instance: gsat GPU, gsat CPU 1 thread and all cores, CaDiCaL, MiniSat; open symbols are runs stopped at the time limit" \
    bmmc:"(c) permutation bandwidth as a fraction of the fastest copy, per n and kernel variant" \
    sort:"(d) sort keys/s against CUB merge and radix sort, per size and key type"; do
    [ -f "$OUT/${p%%:*}.png" ] && echo "- \`${p%%:*}.png\`: ${p#*:}"
  done
  echo
} >>"$MD"
echo "bench/report plot: wrote $MD"
