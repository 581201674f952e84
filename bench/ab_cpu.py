#!/usr/bin/env python3
"""A/B timing of two gsat option sets on a loaded machine.

Usage: ab_cpu.py GSAT REPS 'OPTS_A' 'OPTS_B' FILE...

Each FILE (.cnf or .cnf.gz) is solved REPS times with each option set
(gsat --search=cdcl --backend=cpu --threads=1 OPTS), the two alternating and
the first of a pair switching each round, and the CPU time (user + sys) of
every run is taken from the children's resource usage.  Prints per file the
minimum and median of each set, then the geometric means of B / A over the
files (times floored at 10 ms).  The minimum of several alternating runs is
what survives other processes sharing the cores, where a single run of the
same search can differ by 30%.
"""
import gzip
import math
import os
import resource
import shutil
import subprocess
import sys
import tempfile


def cpu(args):
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)


def plain(path, tmp):
    if not path.endswith('.gz'):
        return path
    out = os.path.join(tmp, 'f.cnf')
    with gzip.open(path) as i, open(out, 'wb') as o:
        shutil.copyfileobj(i, o)
    return out


def main():
    if len(sys.argv) < 6:
        sys.exit(__doc__)
    gsat, reps, sets = sys.argv[1], int(sys.argv[2]), sys.argv[3:5]
    base = [gsat, '--search=cdcl', '--backend=cpu', '--threads=1']
    logs = {'min': [], 'median': []}
    with tempfile.TemporaryDirectory() as tmp:
        for path in sys.argv[5:]:
            f = plain(path, tmp)
            t = [[], []]
            for r in range(reps):
                for k in ((0, 1) if r % 2 == 0 else (1, 0)):
                    t[k].append(cpu(base + sets[k].split() + [f]))
            mins = [max(min(x), 0.01) for x in t]
            meds = [max(sorted(x)[len(x) // 2], 0.01) for x in t]
            logs['min'].append(math.log(mins[1] / mins[0]))
            logs['median'].append(math.log(meds[1] / meds[0]))
            print(f'{os.path.basename(path)}: A min {mins[0]:.3f} med {meds[0]:.3f}, '
                  f'B min {mins[1]:.3f} med {meds[1]:.3f}', flush=True)
    for k, v in logs.items():
        print(f'gm B/A of the {k}: {math.exp(sum(v) / len(v)):.3f} ({len(v)} files)')


if __name__ == '__main__':
    main()
