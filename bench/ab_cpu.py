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
same search can differ by 30%.  Each file's line also names the answers of
each set (exit code 10 SAT, 20 UNSAT, else unknown) when a run did not
answer, and the end counts the files a set left unanswered.  With
AB_COUNTERS='NAME,NAME' in the environment, gsat runs with --stats and each
file's line adds those --stats rows (as printed, e.g. 'vivified clauses') of
each set's first run; when 'propagations' is one of them, the end adds the
geometric mean of B / A of the propagations per CPU second (the first run's
count over the minimum time) over the files where both minima reach 0.1 s.
With 'propagations,search time,search propagations' it also adds the gm of
B / A of the search's rate outside simplification (the highest of each set's
runs: their 'search propagations' row, or propagations over the search time
where simplification did not run and the row is absent; as the minimum time,
the best run is what survives the load) over the same files.
"""
import gzip
import math
import os
import resource
import shutil
import subprocess
import sys
import tempfile


COUNTERS = [c for c in os.environ.get('AB_COUNTERS', '').split(',') if c]
ANSWERS = {10: 'SAT', 20: 'UNSAT'}


def cpu(args):
    """CPU seconds of one run, its answer and its counters (COUNTERS)."""
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    p = subprocess.run(args + (['--stats'] if COUNTERS else []), stdout=subprocess.PIPE,
                       stderr=subprocess.DEVNULL, check=False, text=True)
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    got = {}
    for line in p.stdout.splitlines() if COUNTERS else []:
        for c in COUNTERS:
            rest = line[2:].split() if line.startswith('c ' + c + ' ') else []
            if len(rest) > len(c.split()) and c not in got:
                got[c] = rest[len(c.split())]
    answer = ANSWERS.get(p.returncode, 'UNKNOWN')
    return (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime), answer, got


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
    rates, search_rates = [], []
    unknown = [0, 0]
    with tempfile.TemporaryDirectory() as tmp:
        for path in sys.argv[5:]:
            f = plain(path, tmp)
            t, answers, counts = [[], []], [set(), set()], [None, None]
            best = [0.0, 0.0]  # the highest search rate of each set's runs
            for r in range(reps):
                for k in ((0, 1) if r % 2 == 0 else (1, 0)):
                    sec, answer, got = cpu(base + sets[k].split() + [f])
                    t[k].append(sec)
                    answers[k].add(answer)
                    counts[k] = counts[k] or got
                    best[k] = max(best[k], search_rate(got))
            mins = [max(min(x), 0.01) for x in t]
            meds = [max(sorted(x)[len(x) // 2], 0.01) for x in t]
            logs['min'].append(math.log(mins[1] / mins[0]))
            logs['median'].append(math.log(meds[1] / meds[0]))
            extra = ''
            if 'propagations' in COUNTERS and min(mins) >= 0.1:
                r = [float(counts[k].get('propagations', 0)) / mins[k] for k in (0, 1)]
                if min(r) > 0:
                    rates.append(math.log(r[1] / r[0]))
                    extra += f'; props/s A {r[0] / 1e6:.2f} M, B {r[1] / 1e6:.2f} M'
            if 'search propagations' in COUNTERS and min(mins) >= 0.1:
                r = best
                if min(r) > 0:
                    search_rates.append(math.log(r[1] / r[0]))
                    extra += f'; search props/s A {r[0] / 1e6:.2f} M, B {r[1] / 1e6:.2f} M'
            for k, name in enumerate('AB'):
                unknown[k] += 'UNKNOWN' in answers[k]
                if 'UNKNOWN' in answers[k]:
                    extra += f'; {name} answers ' + '/'.join(sorted(answers[k]))
                if COUNTERS:
                    extra += f'; {name} ' + ', '.join(f'{c} {counts[k].get(c, 0)}' for c in COUNTERS)
            print(f'{os.path.basename(path)}: A min {mins[0]:.3f} med {meds[0]:.3f}, '
                  f'B min {mins[1]:.3f} med {meds[1]:.3f}{extra}', flush=True)
    for k, v in logs.items():
        print(f'gm B/A of the {k}: {math.exp(sum(v) / len(v)):.3f} ({len(v)} files)')
    print(f'files with an unanswered run: A {unknown[0]}, B {unknown[1]}')
    if rates:
        print(f'gm B/A of the propagations per CPU second: {math.exp(sum(rates) / len(rates)):.3f} '
              f'({len(rates)} files of at least 0.1 s)')

    if search_rates:
        print(f'gm B/A of the search propagations per second (outside simplification): '
              f'{math.exp(sum(search_rates) / len(search_rates)):.3f} '
              f'({len(search_rates)} files of at least 0.1 s)')


def search_rate(got):
    """The search's propagations per second outside simplification, from one run's rows."""
    if float(got.get('search propagations', 0)) > 0:
        return float(got['search propagations'])
    t = float(got.get('search time', 0))
    return float(got.get('propagations', 0)) / t if t > 0 else 0.0


if __name__ == '__main__':
    main()
