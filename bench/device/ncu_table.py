#!/usr/bin/env python3
"""One line per kernel launch from an Nsight Compute raw CSV (ncu --csv --page
raw --metrics ...), for the device scripts.  ncu prints numbers with
thousands separators and durations in ns; both are handled here.

  python3 bench/device/ncu_table.py smem FILE     time, shared-memory bank
                                                  conflicts, wavefronts and
                                                  instructions, ld / st
                                                  (SMEM_METRICS of common.sh)
  python3 bench/device/ncu_table.py pipes FILE    time, occupancy, issue and
                                                  pipe use
  python3 bench/device/ncu_table.py stalls FILE   time, occupancy, issue and
                                                  the six largest stall reasons
                                                  (warps per issued instruction)
  python3 bench/device/ncu_table.py details NAME=FILE...
                                                  the key values of the
                                                  SpeedOfLight, Memory-
                                                  WorkloadAnalysis, Occupancy,
                                                  LaunchStats, SchedulerStats
                                                  and WarpStateStats sections
                                                  side by side, one column per
                                                  FILE (ncu --csv --page
                                                  details; first launch)
"""
import csv
import re
import signal
import sys

PCT = ".avg.pct_of_peak_sustained_active"
PIPES = [("occ", "sm__warps_active" + PCT),
         ("iss", "smsp__issue_active" + PCT),
         ("alu", "sm__pipe_alu_cycles_active" + PCT),
         ("f64", "sm__pipe_fp64_cycles_active" + PCT),
         ("lsu", "sm__inst_executed_pipe_lsu" + PCT),
         ("smem", "l1tex__data_pipe_lsu_wavefronts_mem_shared"
                  ".avg.pct_of_peak_sustained_elapsed"),
         ("dram", "dram__throughput.avg.pct_of_peak_sustained_elapsed")]
SMEM = [("confl", "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_%s.sum"),
        ("wavef", "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_%s.sum"),
        ("instr", "smsp__inst_executed_op_shared_%s.sum")]


def launches(path):
    """(column index by metric name, rows) of the CSV's launch rows."""
    rows = list(csv.reader(open(path)))
    for i, r in enumerate(rows):
        if r and r[0] == "ID":
            col = {n: k for k, n in enumerate(r)}
            return col, [x for x in rows[i + 2:] if len(x) == len(r)]
    sys.exit("%s: no ncu rows" % path)


# The details page's values shown by `details`, in this order (labels as
# Nsight Compute prints them; a label a version does not print is left out).
DETAILS = ["Duration", "Compute (SM) Throughput", "Memory Throughput",
           "L1/TEX Hit Rate", "L2 Hit Rate", "DRAM Throughput", "Mem Busy",
           "Max Bandwidth", "Mem Pipes Busy", "Grid Size", "Block Size",
           "Registers Per Thread", "Dynamic Shared Memory Per Block",
           "Block Limit Registers", "Block Limit Shared Mem",
           "Theoretical Occupancy", "Achieved Occupancy",
           "Achieved Active Warps Per SM", "Active Warps Per Scheduler",
           "Eligible Warps Per Scheduler", "Issued Warp Per Scheduler",
           "No Eligible", "Warp Cycles Per Issued Instruction",
           "Warp Cycles Per Executed Instruction"]


def details(args):
    """Side by side: DETAILS of each NAME=FILE's first launch."""
    names, tables = [], []
    for a in args:
        name, _, path = a.partition("=")
        rows = list(csv.reader(open(path)))
        head = next((i for i, r in enumerate(rows)
                     if "Metric Name" in r and "Metric Value" in r), None)
        if head is None:
            sys.exit("%s: no ncu details rows" % path)
        col = {n: k for k, n in enumerate(rows[head])}
        first, t = None, {}
        for r in rows[head + 1:]:
            if len(r) != len(rows[head]):
                continue
            first = first or r[col["ID"]]
            if r[col["ID"]] != first:
                break
            label = r[col["Metric Name"]]
            if label in DETAILS and label not in t:
                t[label] = (r[col["Metric Value"]] + " "
                            + r[col["Metric Unit"]]).strip()
        names.append(name)
        tables.append(t)
    print("%-36s" % "metric" + "".join(" %16s" % n[:16] for n in names))
    for label in DETAILS:
        if any(label in t for t in tables):
            print("%-36s" % label
                  + "".join(" %16s" % t.get(label, "-")[:16] for t in tables))


def main():
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # quiet under `| head`
    if len(sys.argv) >= 3 and sys.argv[1] == "details":
        return details(sys.argv[2:])
    if len(sys.argv) != 3 or sys.argv[1] not in ("smem", "pipes", "stalls"):
        sys.exit(__doc__)
    mode = sys.argv[1]
    col, rows = launches(sys.argv[2])

    def num(r, k):
        return float(r[col[k]].replace(",", "")) if k in col else float("nan")

    for r in rows:
        name = r[col["Kernel Name"]]
        m = re.search(r"(\w+(?:<[^()]*>)?)\(", name)  # kernel<args>(
        line = "%-48s %9.1f us" % ((m.group(1) if m else name)[:48],
                                   num(r, "gpu__time_duration.sum") / 1e3)
        if mode == "smem":
            line += "".join(" %s %.0f/%.0f" % (k, num(r, m % "ld"),
                                               num(r, m % "st"))
                            for k, m in SMEM)
        elif mode == "pipes":
            line += "".join(" %s %5.1f" % (k, num(r, m)) for k, m in PIPES
                            if m in col)
            if "launch__registers_per_thread" in col:
                line += " reg %s" % r[col["launch__registers_per_thread"]]
        else:
            line += " occ %5.1f iss %5.1f " % (num(r, PIPES[0][1]),
                                               num(r, PIPES[1][1]))
            stalls = sorted(((num(r, k), k.split("stalled_")[1]
                              .split("_per")[0]) for k in col
                             if "stalled_" in k), reverse=True)[:6]
            line += " ".join("%s %.2f" % (k, v) for v, k in stalls)
        print(line)


if __name__ == "__main__":
    main()
