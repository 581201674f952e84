# The summary of bench/phases.sh's table: per family and over all
# instances that both runs answered, the geometric mean of the ratios
# (conflicts + 1 with the walker) / (conflicts + 1 without) and the ratio
# of the summed CPU seconds with / without.
#   awk -f bench/phases_summary.awk OUT.tsv
NR == 1 { next }
{
  key = $1
  if ($3 == 0) { c0[key] = $5; t0[key] = $6; a0[key] = $4; fam[key] = $2 }
  else { c1[key] = $5; t1[key] = $6; a1[key] = $4 }
}
END {
  for (k in c0) {
    if (!(k in c1)) continue
    f = fam[k]
    if (a0[k] !~ /SATISFIABLE$/ || a1[k] !~ /SATISFIABLE$/) { unsolved[f]++; continue }
    r = log((c1[k] + 1) / (c0[k] + 1))
    n[f]++; lr[f] += r; s0[f] += t0[k]; s1[f] += t1[k]
    N++; LR += r; S0 += t0[k]; S1 += t1[k]
    C0[f] += c0[k]; C1[f] += c1[k]
  }
  printf "%-10s %5s %12s %12s %10s %9s %9s %9s %8s\n", "family", "n", "confl_off", "confl_on",
         "geo_ratio", "cpu_off", "cpu_on", "cpu_ratio", "unsolved"
  for (f in n)
    printf "%-10s %5d %12d %12d %10.3f %9.2f %9.2f %9.3f %8d\n", f, n[f], C0[f], C1[f],
           exp(lr[f] / n[f]), s0[f], s1[f], (s0[f] > 0 ? s1[f] / s0[f] : 0), unsolved[f]
  if (N)
    printf "%-10s %5d %12s %12s %10.3f %9.2f %9.2f %9.3f\n", "all", N, "", "", exp(LR / N),
           S0, S1, (S0 > 0 ? S1 / S0 : 0)
}
