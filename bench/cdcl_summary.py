#!/usr/bin/env python3
"""Summarises bench/cdcl_compare.sh output: per solver the instances solved,
PAR-2 (seconds; unsolved count 2 x LIMIT), the geometric mean of the time
ratio to a reference solver over instances both solve (times floored at
10 ms), and propagations per second (sum over solved instances with a count).
Usage: cdcl_summary.py FILE.tsv LIMIT [REFERENCE [REFERENCE2]]"""
import math, sys
rows = [l.rstrip('\n').split('\t') for l in open(sys.argv[1]) if not l.startswith('path')]
limit = float(sys.argv[2])
refs = sys.argv[3:] or ['minisat']
by = {}
for path, fam, solver, ans, cpu, props in rows:
    by.setdefault(solver, {})[path] = (ans, float(cpu or 0), props)
paths = set.intersection(*(set(d) for d in by.values()))
print(f"{len(paths)} instances, limit {limit:g} s")
hdr = "solver      solved   PAR-2 s  " + "  ".join(f"gm/{r:8s}" for r in refs) + "  props/s"
print(hdr)
for solver, d in by.items():
    solved = [p for p in paths if d[p][0] in ('10', '20') and d[p][1] <= limit]
    par2 = sum(d[p][1] if p in solved else 2 * limit for p in paths)
    gms = []
    for r in refs:
        if r not in by:
            gms.append('-')
            continue
        both = [p for p in solved if by[r][p][0] in ('10', '20') and by[r][p][1] <= limit]
        if not both:
            gms.append('-')
            continue
        lg = sum(math.log(max(d[p][1], 0.01) / max(by[r][p][1], 0.01)) for p in both)
        gms.append(f"{math.exp(lg / len(both)):.3f} ({len(both)})")
    pp = [(int(d[p][2]), d[p][1]) for p in solved if d[p][2] not in ('-', '')]
    rate = sum(a for a, _ in pp) / max(sum(b for _, b in pp), 1e-9) if pp else 0
    wrong = [p for p in paths if d[p][0] in ('10', '20') and any(
        by[o][p][0] in ('10', '20') and by[o][p][0] != d[p][0] for o in by)]
    print(f"{solver:10s} {len(solved):6d} {par2:9.1f}  " + "  ".join(f"{g:>14s}" for g in gms) +
          f"  {rate:9.3g}" + (f"  DISAGREE {len(wrong)}" if wrong else ""))
