#!/usr/bin/env bash
# The --stats line `search propagations` (api/report.c) where the GPU races:
# plain `gsat --stats FILE` (the CPU+GPU portfolio, one shared preprocessing),
# `--search=cdcl` (both members CDCL) and `--backend=gpu --search=cdcl`; each
# run's line is checked: present exactly when the search was CDCL and
# `preprocess us` or `inproc us` is shown, equal (to the 1 ms of the printed
# search time) to propagations / (search time - preprocess us/1e6 - inproc
# us/1e6/workers), never negative, and `preprocess us` within the search time.
# Prints one line per run (-t 10; OK or BAD, the answering member, the numbers).
# Run from the repository root on the GPU machine (inputs from gsat-gen, or
# FILEs staged into a git-ignored .device/ folder and carried):
#   bash bench/device/search_rate.sh [FILE...]
set -u
. "$(dirname "$0")/common.sh" # cd to the repository root; B=build-dev
[ -x "$B/gsat" ] || bash bench/device/build.sh gsat gsat-gen >"$OUT/build.log" 2>&1 ||
  echo "build failed: $OUT/build.log"
gen=$OUT/search_rate
mkdir -p "$gen"
"$B/gsat-gen" php 9 >"$gen/php9.cnf"
"$B/gsat-gen" php 10 >"$gen/php10.cnf"
"$B/gsat-gen" rand 3 200 852 1 >"$gen/r200.cnf"
"$B/gsat-gen" rand 3 20000 80000 3 >"$gen/r20000.cnf"
for f in "$gen"/*.cnf "$@"; do
  for cfg in "" "--search=cdcl" "--search=cdcl --inprocess-interval=50" "--backend=gpu --search=cdcl"; do
    # shellcheck disable=SC2086
    timeout 60 "$B/gsat" --stats -n -t 10 $cfg "$f" 2>&1 | python3 -c '
import re, sys
out = sys.stdin.read()
row = lambda k, d="0": (re.findall(r"^c %s +(\S+)" % re.escape(k), out, re.M) or [d])[0]
search = (re.findall(r"^c search {2,}(\S+) \(", out, re.M) or ["?"])[0]
sp = re.findall(r"^c search propagations +(\S+) /s", out, re.M)
st, pre, inp = float(row("search time", "nan")), int(row("preprocess us")), int(row("inproc us"))
w, props = max(int(row("workers", "1")), 1), int(row("propagations"))
bad = []
if len(sp) != (search == "cdcl" and (pre > 0 or inp > 0)): bad.append("line shown wrongly")
if pre / 1e6 > st + 5e-4: bad.append("preprocess us over the search time")
if sp:
    got, outside = float(sp[0]), st - pre / 1e6 - inp / 1e6 / w
    if got < 0 or got != got: bad.append("negative or NaN")
    if outside > 0.002 and not props / (outside + 6e-4) - 1 <= got <= props / (outside - 6e-4) + 1:
        bad.append("value off: want %.0f" % (props / outside))
print("%s %-14s answered by %-6s w=%d st=%.3f pre=%d inp=%d props=%d sp=%s %s :: %s" % (
    "BAD" if bad else "OK ", (re.findall(r"^s (\S+)", out, re.M) or ["-"])[0],
    row("answered by", "-"), w, st, pre, inp, props, sp[0] if sp else "-", "; ".join(bad),
    sys.argv[1]))' "$(basename "$f") $cfg"
  done
done
