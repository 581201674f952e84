#!/usr/bin/env python3
"""Shared-memory wavefronts per SASS instruction from an Nsight Compute source
page (ncu -i REPORT --page source --print-source sass --csv > FILE), against
the kernel-level counters: were any of a kernel's bank conflicts caused by the
addresses of one of its instructions?

  ncu -k regex:KERNEL -c 1 --section SourceCounters --metrics \\
      l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,\\
      l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum -o REPORT BIN ...
  ncu -i REPORT.ncu-rep --page source --print-source sass --csv > FILE
  python3 bench/device/smem_source.py FILE

Prints, per opcode (LDS, STS, ...), the instructions, their wavefronts and
the ideal wavefronts, then every instruction with excessive wavefronts.
"""
import collections
import csv
import sys


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    rows = list(csv.reader(open(sys.argv[1])))
    at = next(i for i, r in enumerate(rows) if r and r[0] == "Address")
    col = {n: k for k, n in enumerate(rows[at])}

    def num(r, k):
        return float(r[col[k]].replace(",", "") or 0)

    total = collections.defaultdict(lambda: [0.0, 0.0, 0.0])
    excess = []
    for r in rows[at + 1:]:
        if len(r) != len(rows[at]):
            continue
        words = r[col["Source"]].split()
        if not words:
            continue
        op = (words[1] if words[0].startswith("@") else words[0]).split(".")[0]
        wf = num(r, "L1 Wavefronts Shared")
        if not wf:
            continue
        t = total[op]
        t[0] += num(r, "Instructions Executed")
        t[1] += wf
        t[2] += num(r, "L1 Wavefronts Shared Ideal")
        if num(r, "L1 Wavefronts Shared Excessive"):
            excess.append((num(r, "L1 Wavefronts Shared Excessive"),
                           r[col["Address"]], r[col["Source"]].strip()))
    for op, (n, wf, ideal) in sorted(total.items()):
        print("%-6s %12.0f instructions %12.0f wavefronts %12.0f ideal" %
              (op, n, wf, ideal))
    print("%d instructions with excessive wavefronts" % len(excess))
    for e, addr, src in sorted(excess, reverse=True)[:20]:
        print("  %10.0f %s %s" % (e, addr, src))


if __name__ == "__main__":
    main()
