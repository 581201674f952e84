#!/usr/bin/env python3
"""Checks bench/ab_cpu.py's gm of the search rate outside simplification: it
takes each set's highest rate over the runs (as the minimum time), not its
first run's.  A stand-in gsat burns 0.15 s of CPU per run and prints the
--stats rows; set A's first run reads a rate of 1 M/s and every other run
2 M/s, so the gm B/A must be 1.000 (the first run's rate would give 2.000).

Usage: ab_cpu_check.py SOURCE_DIR"""
import os
import re
import subprocess
import sys
import tempfile

FAKE = r'''#!/usr/bin/env python3
import os, sys, time
runs = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'runs')
n = len(open(runs).read()) if os.path.exists(runs) else 0
with open(runs, 'a') as f:
    f.write('x')
t = time.process_time()
while time.process_time() - t < 0.15:
    pass
rate = 1000000 if n == 0 else 2000000  # run 0 is set A's first
print('c search time %14.3f s' % 0.5)
print('c propagations %14d' % 800000)
print('c search propagations %14d /s' % rate)
sys.exit(20)
'''


def main():
    src = sys.argv[1]
    with tempfile.TemporaryDirectory() as tmp:
        gsat = os.path.join(tmp, 'gsat')
        with open(gsat, 'w') as f:
            f.write(FAKE)
        os.chmod(gsat, 0o755)
        cnf = os.path.join(tmp, 'f.cnf')
        with open(cnf, 'w') as f:
            f.write('p cnf 1 1\n1 0\n')
        env = dict(os.environ, AB_COUNTERS='propagations,search time,search propagations')
        out = subprocess.run([sys.executable, os.path.join(src, 'bench', 'ab_cpu.py'), gsat, '2',
                              '-t 60', '-t 60 --no-simplify', cnf], env=env, check=True,
                             capture_output=True, text=True).stdout
    print(out, end='')
    m = re.search(r'gm B/A of the search propagations per second [^:]*: ([0-9.]+) \(1 files', out)
    if not m or m.group(1) != '1.000':
        sys.exit('expected the gm B/A of the search rate 1.000 (the best run of each set)')


if __name__ == '__main__':
    main()
