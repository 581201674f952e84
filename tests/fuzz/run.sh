#!/bin/sh
# Runs the libFuzzer harnesses (tests/fuzz/, docs/testing.md) side by side.
#   tests/fuzz/run.sh [SECONDS] [HARNESS...]     (default: 600 s, both harnesses)
# Configures and builds build-fuzz/ with clang (-DGSAT_FUZZ=ON, no CUDA) when
# needed.  Each harness keeps a working corpus in build-fuzz/fuzz/corpus-NAME,
# seeded from tests/dimacs/{good,bad}, tests/fuzz/seeds and its regressions;
# crashes, leaks and timeouts land in build-fuzz/fuzz/artifacts-NAME/, logs in
# build-fuzz/fuzz/NAME.log.  Copy each artifact into
# tests/fuzz/regressions/{dimacs,solve}/ once its bug is fixed.
# Environment: GSAT_FUZZ_BUILD (build folder), GSAT_FUZZ_MAX_LEN (4096),
# GSAT_FUZZ_JOBS (libFuzzer -fork: processes per harness, 1).
set -eu
cd "$(dirname "$0")/../.."
seconds=${1:-600}
[ $# -gt 0 ] && shift
harnesses=${*:-dimacs solve}
build=${GSAT_FUZZ_BUILD:-build-fuzz}
max_len=${GSAT_FUZZ_MAX_LEN:-4096}
jobs=${GSAT_FUZZ_JOBS:-1}

if [ ! -f "$build/CMakeCache.txt" ]; then
  CC=clang cmake -S . -B "$build" -DGSAT_FUZZ=ON -DGSAT_CUDA=OFF \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
fi
targets=""
for h in $harnesses; do targets="$targets fuzz_$h"; done
cmake --build "$build" -j2 --target $targets >/dev/null

root=$(pwd)
pids=""
for h in $harnesses; do
  out="$root/$build/fuzz"
  corpus="$out/corpus-$h"
  artifacts="$out/artifacts-$h"
  mkdir -p "$corpus" "$artifacts" "$out/run-$h"
  if [ -z "$(ls -A "$corpus")" ]; then
    for d in tests/dimacs/good tests/dimacs/bad tests/fuzz/seeds \
             "tests/fuzz/regressions/$h"; do
      for f in "$d"/*; do
        [ -f "$f" ] && cp "$f" "$corpus/$(basename "$d")-$(basename "$f")"
      done
    done
  fi
  # Fork mode: a crash, leak, timeout or out-of-memory input is saved and the
  # fuzzing goes on (children write fuzz-N.log files into run-NAME/).
  (cd "$out/run-$h" && exec "$out/fuzz_$h" "$corpus" \
    -dict="$root/tests/fuzz/dimacs.dict" -max_len="$max_len" -timeout=10 \
    -rss_limit_mb=2048 -max_total_time="$seconds" -fork="$jobs" \
    -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
    -artifact_prefix="$artifacts/") >"$out/$h.log" 2>&1 &
  pids="$pids $!"
  echo "fuzz_$h: pid $!, log $out/$h.log"
done
status=0
for p in $pids; do wait "$p" || status=1; done
for h in $harnesses; do
  out="$root/$build/fuzz"
  # Fork mode reports "#EXECUTIONS: cov: ..." lines; the last one is the total.
  execs=$(grep -o '^#[0-9]*' "$out/$h.log" | tail -n 1 | tr -d '#')
  found=$(ls "$out/artifacts-$h" | wc -l)
  echo "fuzz_$h: ${execs:-0} executions, $found artifacts in $out/artifacts-$h"
done
exit $status
