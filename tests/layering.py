#!/usr/bin/env python3
"""Checks that no #include runs up a floor (ARCHITECTURE.md, "Who may include whom").

Usage: layering.py ROOT        (exit 0: clean; 1: violations, one line each)

Floors, lowest first; a file may include files of its own folder and of lower
floors only, never a higher floor nor another folder on its own floor:
  0 base   GSAT_HD, status codes, the stop flag, the clock
  1 core   literal encoding, databases, step code, tables
  2 dimacs
  3 cpu, gpu  (neither includes the other)
  4 mpi   the distributed search over MPI (called by the API)
  5 api    the public API and the CLI
  6 bench         drivers
tests/ may include anything; nothing outside tests/ includes tests/.  The
permutation and sort code in gpu/ (bmmc*, bcfsort*, f2*) knows nothing of SAT:
of gsat outside its own files it includes base and kernels/cuda_check.cuh,
kernels/device.h only.  A quoted include is resolved against the including file's
folder first, then against ROOT (the project's include directory)."""
import os
import re
import sys

FLOORS = [("base", 0), ("core", 1), ("dimacs", 2), ("cpu", 3),
          ("gpu", 3), ("mpi", 4), ("api", 5), ("bench", 6),
          ("tests", 7)]
KERNELS = re.compile(r"^gpu/(bmmc|bcfsort|f2)[^/]*$")
KERNEL_DEPS = re.compile(r"^(base/|gpu/(bmmc|bcfsort|f2)[^/]*$|gpu/cuda_check\.cuh$|gpu/device\.h$)")
SOURCE = re.compile(r"\.(c|h|cu|cuh|cpp)$")
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def folder_of(path):
    for folder, floor in FLOORS:
        if path == folder or path.startswith(folder + "/"):
            return folder, floor
    return None, None


def resolve(root, src, target):
    local = os.path.normpath(os.path.join(os.path.dirname(src), target))
    if os.path.exists(os.path.join(root, local)):
        return local
    return os.path.normpath(target)


def check_file(root, src):
    problems = []
    folder, floor = folder_of(src)
    if folder is None or folder == "tests":
        return problems
    with open(os.path.join(root, src), errors="replace") as f:
        for lineno, line in enumerate(f, 1):
            m = INCLUDE.match(line)
            if not m:
                continue
            dst = resolve(root, src, m.group(1))
            dfolder, dfloor = folder_of(dst)
            where = "%s:%d: includes %s" % (src, lineno, dst)
            if dfolder is None:
                continue  # outside gsat's folders (a generated or system header)
            if dfolder == "tests":
                problems.append(where + " (nothing in the product includes tests/)")
            elif KERNELS.match(src) and not KERNEL_DEPS.match(dst):
                problems.append(where + " (the permutation and sort code uses base only)")
            elif dfolder != folder and dfloor >= floor:
                problems.append("%s (floor %d %s may not include floor %d %s)"
                                % (where, floor, folder, dfloor, dfolder))
    return problems


def main(argv):
    if len(argv) != 2:
        print(__doc__.splitlines()[2], file=sys.stderr)
        return 2
    root = argv[1]
    problems, files = [], 0
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith((".", "build"))]
        for name in filenames:
            if SOURCE.search(name):
                src = os.path.relpath(os.path.join(dirpath, name), root)
                files += 1
                problems += check_file(root, src)
    for p in sorted(problems):
        print(p)
    print("layering: %d files, %d includes running up a floor" % (files, len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
