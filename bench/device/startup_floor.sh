#!/usr/bin/env bash
# Plain `gsat FILE` beside the GPU against the CPU alone on short instances
# (issue 32's "at least as fast as Kissat on one thread, per instance": on
# app09 plain gsat stays above ~0.2 s where --backend=cpu takes 0.08 s).
# Each FILE: the minimum of 5 wall times (ms, from outside the process) of
#   plain      gsat -n -q FILE (the CPU+GPU portfolio)
#   cpu        --backend=cpu (all cores)
#   delay5     --portfolio-gpu-delay=5 (the GPU member waits 5 s before it
#              touches CUDA: what the GPU's start costs the CPU member)
#   delay.02   --portfolio-gpu-delay=0.02 (the GPU walkers' delay beside
#              CDCL before it became 0.25 s)
#   nophases   --no-portfolio-phases (no phase exchange with the GPU walkers)
#   cpu15      --backend=cpu --threads=15 (the CPU member's thread count)
# then, per FILE, plain's times and members' table (-v --stats) beside its
# wall ms.  Run from the repository root on the GPU machine, the files staged
# into a git-ignored folder:
#   mkdir -p .device/floor && cp ../shared/bench/cnf/app09/{een-tip-uns-nusmv-t5.B,AProVE09-11,AProVE09-25,minor032}.cnf.gz .device/floor/
#   bash bench/device/startup_floor.sh .device/floor/*.cnf.gz      (carry .device/floor)
set -u
. "$(dirname "$0")/common.sh" # cd to the repository root; B=build-dev
[ -x "$B/gsat" ] || bash bench/device/build.sh gsat >"$OUT/build.log" 2>&1 || echo "build failed: $OUT/build.log"
printf '%-28s %8s %8s %8s %8s %8s %8s\n' file plain cpu delay5 delay.02 nophases cpu15
for f in "$@"; do
  line=$(printf '%-28s' "$(basename "$f" | sed 's/\.cnf.*//')")
  for cfg in "" "--backend=cpu" "--portfolio-gpu-delay=5" "--portfolio-gpu-delay=0.02" "--no-portfolio-phases" "--backend=cpu --threads=15"; do
    best=
    for _ in 1 2 3 4 5; do
      t0=$(date +%s%N)
      # shellcheck disable=SC2086
      "$B/gsat" -n -q $cfg "$f" >/dev/null 2>&1
      t=$((($(date +%s%N) - t0) / 1000000))
      if [ -z "$best" ] || [ "$t" -lt "$best" ]; then best=$t; fi
    done
    line="$line $(printf '%8s' "$best")"
  done
  echo "$line"
done
for f in "$@"; do # where plain's time goes: the process's own times and the members' table
  echo "== $(basename "$f"): plain -v --stats"
  t0=$(date +%s%N)
  "$B/gsat" -n -v --stats "$f" 2>&1 | grep -E '^c (times|backend|search |answered by| +member| +(cpu|gpu|walk) )'
  echo "wall $((($(date +%s%N) - t0) / 1000000)) ms"
done
