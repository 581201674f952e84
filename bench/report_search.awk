# Part of bench/report plot: reads search.csv (gsat-bench rows, columns found
# by their header names, extra columns ignored) and solvers.csv (CaDiCaL and
# MiniSat), writes the data files of plots (a) and (b) into T and the markdown
# of sections 1-3 of report.md to MD.
#   awk -F, -v T=dir -v MD=file -f report_search.awk kind=search search.csv \
#       kind=solvers solvers.csv
# Either file may be missing or empty; the sections say so.

function family(name) {
  sub(/\.gz$/, "", name)
  sub(/\.cnf$/, "", name)
  if (name ~ /^hole/) return "pigeonhole"
  sub(/-[^-]*$/, "", name)
  return name
}
function short(name) {
  sub(/\.gz$/, "", name)
  sub(/\.cnf$/, "", name)
  return name
}
function rate(x) {
  if (x == "" || x <= 0) return "-"
  if (x >= 1e9) return sprintf("%.2f G/s", x / 1e9)
  if (x >= 1e6) return sprintf("%.0f M/s", x / 1e6)
  return sprintf("%.0f K/s", x / 1e3)
}
function secs(x) {
  if (x == "") return "-"
  if (x < 0.01) return sprintf("%.2f ms", x * 1000)
  if (x < 0.1) return sprintf("%.3f s", x)
  if (x < 10) return sprintf("%.2f s", x)
  return sprintf("%.1f s", x)
}
function ratio(a, b) {
  if (a == "" || b == "" || a <= 0 || b <= 0) return "-"
  r = a / b
  return r >= 10 ? sprintf("%.0fx", r) : sprintf("%.2fx", r)
}
function median(list, n, v, i, j, t) {
  n = split(list, v, " ")
  if (n == 0) return ""
  for (i = 2; i <= n; i++) {
    t = v[i] + 0
    for (j = i - 1; j >= 1 && v[j] + 0 > t; j--) v[j + 1] = v[j]
    v[j + 1] = t
  }
  return n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
}
function commas(n, s) {
  if (n !~ /^[0-9]+$/) return n
  s = ""
  while (length(n) > 3) { s = "," substr(n, length(n) - 2) s; n = substr(n, 1, length(n) - 3) }
  return n s
}
function grpname(name, n, c) {
  n = grp_n[name SUBSEP cfgs[1]]
  for (c = 2; c <= ncfg; c++) if (grp_n[name SUBSEP cfgs[c]] > n) n = grp_n[name SUBSEP cfgs[c]]
  return n > 1 ? name " (" n ")" : name
}
function solved(a) { return a == "SAT" || a == "UNSAT" }

FNR == 1 {
  split("", col)
  for (i = 1; i <= NF; i++) col[$i] = i
  next
}
kind == "search" {
  inst = short($col["instance"])
  cfg = $col["config"]
  be = $col["backend"]
  if (!(cfg in cfg_seen)) {
    cfg_seen[cfg] = 1
    cfgs[++ncfg] = cfg
    cfg_backend[cfg] = be
  }
  if (be == "cpu" && $col["threads"] + 0 > cfg_threads[cfg]) cfg_threads[cfg] = $col["threads"] + 0
  if (!(inst in inst_seen)) { inst_seen[inst] = 1; insts[++ninst] = inst }
  k = inst SUBSEP cfg
  have[k] = 1
  ans[k] = $col["answer"]
  cps[k] = $col["checks_per_s"] + 0
  tts[k] = $col["solve_seconds"] + 0
  nodes[k] = $col["nodes"]
  # a layout column (if gsat-bench has one) is shown in the per-instance cells
  lay[k] = ("layout" in col && $col["layout"] != "-") ? $col["layout"] : ""
  if (be == "gpu") gpu_rows = 1
  if (solved(ans[k])) answer[inst] = ans[k]
  grp = family(inst) == "pigeonhole" ? inst : family(inst)
  if (!(grp in grp_seen)) { grp_seen[grp] = 1; grps[++ngrp] = grp }
  grp_n[grp SUBSEP cfg]++
  if (cps[k] > 0) grp_v[grp SUBSEP cfg] = grp_v[grp SUBSEP cfg] " " cps[k]
  next
}
kind == "solvers" {
  s = $col["solver"]
  if ($col["answer"] == "ABSENT") { absent[s] = 1; next }
  inst = short($col["instance"])
  if (!(inst in inst_seen)) { inst_seen[inst] = 1; insts[++ninst] = inst }
  sv[inst SUBSEP s] = $col["answer"]
  st[inst SUBSEP s] = $col["seconds"]
  if ($col["limit_s"] + 0 > slimit) slimit = $col["limit_s"] + 0
  if ($col["expected"] == "SAT" || $col["expected"] == "UNSAT") expect[inst] = $col["expected"]
  solver_rows = 1
}

function label(c) {
  if (c == "cpu1") return "gsat CPU, 1 thread"
  if (c == "cpuall") return "gsat CPU, " cfg_threads[c] " threads"
  return "gsat " toupper(cfg_backend[c]) " " c
}
# Best GPU result of instance i: sets B_t (seconds), B_to (1: nobody answered),
# B_cfg, B_cps (highest checks/s of any GPU configuration).
function best_gpu(i, c, k) {
  B_t = ""; B_to = 0; B_cfg = ""; B_cps = 0
  for (c = 1; c <= ncfg; c++) {
    k = i SUBSEP cfgs[c]
    if (!(k in have) || cfg_backend[cfgs[c]] != "gpu") continue
    if (cps[k] > B_cps) B_cps = cps[k]
    if (solved(ans[k])) {
      if (B_t == "" || B_to || tts[k] < B_t) { B_t = tts[k]; B_cfg = cfgs[c]; B_to = 0 }
    } else if (B_t == "" || (B_to && tts[k] > B_t)) {
      B_t = tts[k]; B_cfg = cfgs[c]; B_to = 1
    }
  }
}
function cell_time(t, to) {
  if (t == "") return "-"
  return to ? "> " secs(t) " (limit)" : secs(t)
}
# Time to solution columns of instance i into TT[1..5], TO[1..5] ("" = none).
function times(i, k, j, s) {
  for (j = 1; j <= 5; j++) { TT[j] = ""; TO[j] = 0 }
  best_gpu(i)
  TT[1] = B_t; TO[1] = B_to; TCFG = B_cfg
  k = i SUBSEP "cpu1"
  if (k in have) { TT[2] = tts[k]; TO[2] = !solved(ans[k]) }
  k = i SUBSEP "cpuall"
  if (k in have) { TT[3] = tts[k]; TO[3] = !solved(ans[k]) }
  j = 3
  for (s = 1; s <= 2; s++) {
    k = i SUBSEP (s == 1 ? "cadical" : "minisat")
    j++
    if (k in sv && (solved(sv[k]) || sv[k] == "TIMEOUT")) {
      TT[j] = st[k]; TO[j] = sv[k] == "TIMEOUT"
    }
  }
}

END {
  if (ncfg == 0) {
    print "No search.csv rows: the solver benchmark did not run.\n" > MD
  } else {
    # ---- plot (a): median checks/s per group and configuration
    out = T "/a.dat"
    printf "group" > out
    for (c = 1; c <= ncfg; c++) printf "\t\"%s\"", label(cfgs[c]) > out
    print "" > out
    for (g = 1; g <= ngrp; g++) {
      name = grps[g]
      printf "\"%s\"", grpname(name) > out
      for (c = 1; c <= ncfg; c++) {
        m = median(grp_v[name SUBSEP cfgs[c]])
        printf "\t%s", (m == "" ? "?" : m) > out
      }
      print "" > out
    }
    close(out)

    # ---- section 1: per instance
    print "## 1. Literal checks per second (gsat-bench)\n" > MD
    print "Each cell: literal checks per second over the search, then the search time " \
      "(and the clause layout in brackets where gsat-bench reports one); runs stopped by the time limit (answer UNKNOWN) still give their checks/s. " \
      "Ratios are checks/s between runs of the same instance in one process.\n" > MD
    hdr = "| instance | answer | nodes |"
    sep = "|---|---|---:|"
    for (c = 1; c <= ncfg; c++) { hdr = hdr " " label(cfgs[c]) " |"; sep = sep "---:|" }
    if (gpu_rows) { hdr = hdr " GPU / CPU 1 | GPU / CPU all |"; sep = sep "---:|---:|" }
    else { hdr = hdr " CPU all / CPU 1 |"; sep = sep "---:|" }
    print hdr > MD
    print sep > MD
    for (i = 1; i <= ninst; i++) {
      inst = insts[i]
      if (!((inst SUBSEP cfgs[1]) in have) && !((inst SUBSEP "cpu1") in have)) {
        anyrow = 0
        for (c = 1; c <= ncfg; c++) if ((inst SUBSEP cfgs[c]) in have) anyrow = 1
        if (!anyrow) continue
      }
      nd = "-"
      for (c = ncfg; c >= 1; c--) {
        k = inst SUBSEP cfgs[c]
        if (k in have && ans[k] == "UNSAT") nd = commas(nodes[k])
      }
      line = "| " inst " | " (inst in answer ? answer[inst] : "UNKNOWN") " | " nd " |"
      for (c = 1; c <= ncfg; c++) {
        k = inst SUBSEP cfgs[c]
        if (!(k in have)) { line = line " - |"; continue }
        line = line " " rate(cps[k]) ", " (solved(ans[k]) ? secs(tts[k]) : "stopped at " secs(tts[k])) \
          (lay[k] != "" ? " [" lay[k] "]" : "") " |"
      }
      c1 = cps[inst SUBSEP "cpu1"]; ca = cps[inst SUBSEP "cpuall"]
      if (gpu_rows) {
        best_gpu(inst)
        line = line " " ratio(B_cps, c1) " | " ratio(B_cps, ca) " |"
      } else line = line " " ratio(ca, c1) " |"
      print line > MD
    }

    # ---- section 2: per family
    print "\n## 2. Per family (median literal checks/s)\n" > MD
    print "Pigeonhole instances are shown one by one (their size changes the rate); " \
      "other families give the median over their instances (count in brackets).\n" > MD
    hdr = "| family |"; sep = "|---|"
    for (c = 1; c <= ncfg; c++) { hdr = hdr " " label(cfgs[c]) " |"; sep = sep "---:|" }
    if (gpu_rows) { hdr = hdr " best GPU / CPU 1 | best GPU / CPU all |"; sep = sep "---:|---:|" }
    print hdr > MD
    print sep > MD
    for (g = 1; g <= ngrp; g++) {
      name = grps[g]
      line = "| " grpname(name) " |"
      bg = 0
      for (c = 1; c <= ncfg; c++) {
        m = median(grp_v[name SUBSEP cfgs[c]])
        line = line " " rate(m) " |"
        if (cfg_backend[cfgs[c]] == "gpu" && m > bg) bg = m
      }
      if (gpu_rows)
        line = line " " ratio(bg, median(grp_v[name SUBSEP "cpu1"])) " | " \
          ratio(bg, median(grp_v[name SUBSEP "cpuall"])) " |"
      print line > MD
    }
    print "" > MD
  }

  # ---- plot (b) and section 3: time to solution
  out = T "/b.dat"
  print "idx\tinstance\tgpu\tgpu_to\tcpu1\tcpu1_to\tcpuall\tcpuall_to\tcadical\tcadical_to\tminisat\tminisat_to" > out
  ref = gpu_rows ? 1 : 3
  refname = gpu_rows ? "gsat GPU" : "gsat CPU all cores"
  cname[1] = "gsat GPU"; cname[2] = "gsat CPU 1 thread"; cname[3] = "gsat CPU all cores"
  cname[4] = "CaDiCaL"; cname[5] = "MiniSat"
  print "## 3. Time to solution\n" > MD
  print "gsat: parse to answer (gsat-bench `solve_seconds`; the CUDA context, about " \
    "0.1-0.2 s once per process, is not included); GPU: the fastest GPU configuration. " \
    "CaDiCaL and MiniSat: wall time of the process (parse included) on a plain copy " \
    "without the SATLIB `%` end line, one run per physical core at a time, " \
    "never beside a gsat run. `> T (limit)`: stopped at the time limit without an answer.\n" > MD
  for (s in absent) print "- " (s == "cadical" ? "CaDiCaL" : "MiniSat") " was not found or does not run here: its column is empty." > MD
  print "| instance | answer | gsat GPU | gsat CPU 1 thread | gsat CPU all cores | CaDiCaL | MiniSat |" > MD
  print "|---|---|---:|---:|---:|---:|---:|" > MD
  nb = 0
  for (i = 1; i <= ninst; i++) {
    inst = insts[i]
    times(inst)
    a = inst in answer ? answer[inst] : (inst in expect ? expect[inst] : "UNKNOWN")
    for (s = 1; s <= 2; s++) {
      k = inst SUBSEP (s == 1 ? "cadical" : "minisat")
      if (k in sv && solved(sv[k]) && a != "UNKNOWN" && sv[k] != a) {
        bad = bad "\n- **disagreement** on " inst ": " cname[s + 3] " says " sv[k] ", gsat/manifest " a
      }
      if (k in sv && solved(sv[k]) && a == "UNKNOWN") a = sv[k]
    }
    line = "| " inst " | " a " | " cell_time(TT[1], TO[1]) (TCFG != "" && !TO[1] ? " (" TCFG ")" : "") " |"
    for (j = 2; j <= 5; j++) line = line " " cell_time(TT[j], TO[j]) " |"
    print line > MD
    row = ++nb "\t\"" inst "\""
    for (j = 1; j <= 5; j++) {
      row = row "\t" (TT[j] != "" && !TO[j] ? TT[j] : "?") "\t" (TT[j] != "" && TO[j] ? TT[j] : "?")
      if (TT[j] != "" && !TO[j]) nsolved[j]++
      if (TT[j] != "") nrun[j]++
    }
    print row > out
    # key ratios against the reference (gsat GPU, else gsat CPU all cores)
    if (TT[ref] == "" || TO[ref]) continue
    for (j = 1; j <= 5; j++) {
      if (j == ref || TT[j] == "") continue
      if (TO[j]) { beaten_to[j]++; continue }
      both[j]++
      lr[j] += log(TT[j] / (TT[ref] > 1e-4 ? TT[ref] : 1e-4))
      if (TT[ref] < TT[j]) faster[j]++
    }
  }
  close(out)
  if (bad != "") print bad > MD
  print "\nKey ratios (" refname " against each; geometric mean of time ratios over the " \
    "instances both solved):\n" > MD
  for (j = 1; j <= 5; j++) {
    if (j == ref || !nrun[j]) continue
    line = "- " cname[j] ": solved " nsolved[j] + 0 " of " nrun[j] " within its limit; "
    g = both[j] ? exp(lr[j] / both[j]) : 0
    if (both[j]) line = line sprintf("%s is %.2fx %s (%d instances both solved; %s faster on %d)", refname, g >= 1 ? g : 1 / g, g >= 1 ? "faster" : "slower", both[j], refname, faster[j])
    else line = line "no instance that both solved"
    if (beaten_to[j]) line = line "; " refname " also solved " beaten_to[j] " that " cname[j] " did not"
    print line "." > MD
  }
  if (nrun[ref]) print "- " refname ": solved " nsolved[ref] + 0 " of " nrun[ref] "." > MD
  print "" > MD
}
