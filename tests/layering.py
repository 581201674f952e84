#!/usr/bin/env python3
"""Checks that no #include runs up a floor (docs/design.md, "Floors").

Usage: layering.py ROOT                  exit 0: clean; 1: violations, one line each
       layering.py --print-floors        the floor table (Markdown) of docs/design.md
       layering.py --check-doc DOC       exit 1 when DOC's floor table is not that table
       layering.py --write-doc DOC       rewrite DOC's floor table from FLOORS

The root folders are the floors; FLOORS below is the one list of them, lowest
first.  A file may include files of its own root folder and of lower floors
only, never a higher floor nor another folder on its own floor (cpu/ and gpu/
share one).  Nothing outside tests/ includes tests/.  A quoted include is
resolved against the including file's folder first, then against ROOT (the
project's include directory)."""
import os
import re
import sys

# (root folder, floor, what lives there): the floor table of docs/design.md.
FLOORS = [
    ("base", 0, "status codes and messages, the clock, the stop flag, atomics, `GSAT_HD`"),
    ("kernels", 1, "GPU kernels that know nothing of SAT: BMMC/BPC permutations and their F2 "
     "algebra, the bank-conflict-free sort, CUDA device discovery and call checks"),
    ("core", 2, "literal encoding, clause and search databases, the DPLL and CDCL step code "
     "for a team, cubes, clause sharing, proofs, simplification, the option and counter "
     "tables, the search choice"),
    ("dimacs", 3, "the DIMACS reader (plain and compressed) and writer, the instance "
     "generators (pigeonhole, random k-SAT)"),
    ("cpu", 4, "the CPU backend (the default): DPLL with pthreads work stealing, the CDCL "
     "portfolio, the walkers"),
    ("gpu", 4, "the SAT searches in CUDA: the DPLL tree search (a subtree per warp), "
     "GPU CDCL (warp searchers, plan, clause port), the walkers, the CNF layouts and "
     "occurrence lists"),
    ("mpi", 5, "the distributed search over MPI, one rank per process (a stub without MPI)"),
    ("api", 6, "the library: the public API (`gsat.h`, `ipasir.h`), the backend choice, "
     "the CPU+GPU portfolio and race, incremental solving, the statistics report"),
    ("app", 7, "the programs: the CLI `gsat` (`main.c`, its batch mode `batch.c`) and "
     "`gsat-gen` (`gen.c`)"),
    ("bench", 8, "benchmark drivers, `bench/report`, the GPU machine's scripts "
     "(`bench/device/`), RESULTS.md"),
    ("tests", 9, "cmocka tests, the GPU kernels emulated on host threads, CLI and limit "
     "scripts, fuzz harnesses, the layering check; `tests/support/` holds host reference sorts "
     "and the device checks"),
]
FLOOR_OF = {folder: floor for folder, floor, _ in FLOORS}
SOURCE = re.compile(r"\.(c|h|cu|cuh|cpp)$")
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')
DOC_BEGIN = "<!-- floors: tests/layering.py --write-doc docs/design.md writes this table -->"
DOC_END = "<!-- end of floors -->"


def folder_of(path):
    """The root folder of a path relative to ROOT, when it is a floor."""
    top = path.split("/", 1)[0]
    return (top, FLOOR_OF[top]) if top in FLOOR_OF else (None, None)


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
            elif dfolder != folder and dfloor >= floor:
                problems.append("%s (floor %d %s/ may not include floor %d %s/)"
                                % (where, floor, folder, dfloor, dfolder))
    return problems


def floor_table():
    lines = ["| floor | folder | what lives there |", "|---|---|---|"]
    for folder, floor, what in FLOORS:
        lines.append("| %d | `%s/` | %s |" % (floor, folder, what))
    return "\n".join(lines) + "\n"


def doc_parts(path):
    """(before, table, after) of the floor table between the markers in path."""
    with open(path) as f:
        text = f.read()
    begin, end = text.find(DOC_BEGIN), text.find(DOC_END)
    if begin < 0 or end < begin:
        raise SystemExit("%s: no floor table between %r and %r" % (path, DOC_BEGIN, DOC_END))
    begin += len(DOC_BEGIN) + 1
    return text[:begin], text[begin:end], text[end:]


def check_tree(root):
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


def main(argv):
    if len(argv) == 2 and argv[1] == "--print-floors":
        sys.stdout.write(floor_table())
        return 0
    if len(argv) == 3 and argv[1] == "--check-doc":
        _, table, _ = doc_parts(argv[2])
        if table != floor_table():
            print("%s: the floor table differs from tests/layering.py's FLOORS; run "
                  "tests/layering.py --write-doc %s" % (argv[2], argv[2]))
            return 1
        print("%s: the floor table is FLOORS (%d floors)" % (argv[2], len(FLOORS)))
        return 0
    if len(argv) == 3 and argv[1] == "--write-doc":
        before, _, after = doc_parts(argv[2])
        with open(argv[2], "w") as f:
            f.write(before + floor_table() + after)
        return 0
    if len(argv) != 2 or argv[1].startswith("-"):
        print("\n".join(__doc__.splitlines()[2:6]), file=sys.stderr)
        return 2
    return check_tree(argv[1])


if __name__ == "__main__":
    sys.exit(main(sys.argv))
