#!/usr/bin/env python3
"""Checks that a header was split by pure moves: every paragraph (a run of
non-blank lines) of the old header is in exactly one of the new files,
unchanged, and the new files hold no other code.

Usage: split_check.py OLD NEW...   (OLD: a file, or REV:PATH read with git show)

Lines that only frame a file are left out on both sides: #include lines,
include guards (#ifndef/#define GSAT_..._H and the #endif after them) and the
comment that opens a file.  A new paragraph that is not in the old header is
printed as added; an old paragraph that is in no new file as lost.  Exit 0:
a pure move."""
import collections
import re
import subprocess
import sys

FRAME = re.compile(r"^\s*#\s*(include\b|ifndef GSAT_\w+_H\b|define GSAT_\w+_H\s*$|endif /\* GSAT_\w+_H \*/)")


def read(name):
    if ":" in name and not name.startswith("/"):
        return subprocess.run(["git", "show", name], check=True, capture_output=True,
                              text=True).stdout
    with open(name) as f:
        return f.read()


def paragraphs(text):
    lines = text.split("\n")
    if lines and lines[0].startswith("/*"):  # the opening comment
        end = next(i for i, l in enumerate(lines) if "*/" in l)
        lines = lines[end + 1:]
    guarded = any(re.match(r"#ifndef GSAT_\w+_H\b", l) for l in lines) and \
        not any(re.match(r"#endif /\* GSAT_\w+_H \*/", l) for l in lines)
    last = max((i for i, l in enumerate(lines) if l.strip()), default=-1)
    if guarded and last >= 0 and lines[last].startswith("#endif"):
        lines = lines[:last]  # the guard's #endif
    out, cur = [], []
    for line in lines + [""]:
        if FRAME.match(line):
            continue
        if line.strip():
            cur.append(line)
        elif cur:
            out.append("\n".join(cur))
            cur = []
    return out


def main(argv):
    if len(argv) < 3:
        print(__doc__.splitlines()[4], file=sys.stderr)
        return 2
    old = collections.Counter(paragraphs(read(argv[1])))
    new = collections.Counter()
    for name in argv[2:]:
        new.update(paragraphs(read(name)))
    bad = 0
    for p in (new - old):
        print("added:\n" + p + "\n")
        bad = 1
    for p in (old - new):
        print("lost:\n" + p + "\n")
        bad = 1
    print("%d paragraphs, %s" % (sum(old.values()), "a pure move" if not bad else "NOT a pure move"))
    return bad


if __name__ == "__main__":
    sys.exit(main(sys.argv))
