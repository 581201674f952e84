#!/bin/bash
# SIGINT and SIGTERM through the gsat CLI (CTest test `signals`).
#   tests/signals.sh GSAT GSAT_GEN
# GSAT_SIGNAL_BACKEND=gpu runs the same checks on the GPU backend (on the device
# machine: `bench/device/search.sh limits`), with blocks of 512 and of 128 threads
# instead of 1 and 2 CPU workers.
# While gsat parses (a FIFO or pipe that stays silent, plain or gzip), while it
# searches (php 12, one and two workers), and at several moments of a large
# random instance (parse, database build or search), a signal must give
# `s UNKNOWN`, exit 0 and, with --stats, the statistics.  The time from the
# signal to the exit is printed (the goal is under a second); the test fails
# only when gsat has not exited after 10 s (a hang), not on timing.  Also
# thousands of CDCL searchers and DPLL workers on 2 cores: -t 1 and SIGINT.
set -u
gsat=$1 gen=$2
backend=${GSAT_SIGNAL_BACKEND:-cpu}
if [ "$backend" = gpu ]; then
  configs="--gpu-threads=512 --gpu-threads=128"
else
  configs="--threads=1 --threads=2"
fi
source "$(dirname "$0")/check_lib.sh" # also await_exit, wait_for_line, ms_since

# Sends signal $2 to pid $1 and waits for it (at most 10 s); checks the output.
signal_and_check() {
  local pid=$1 sig=$2 what=$3
  local t0=$EPOCHREALTIME
  kill -"$sig" "$pid"
  await_exit "$pid" "$what" "SIG$sig" || return
  local ms=$(ms_since "$t0")
  if [ $rc = 0 ] && grep -qx 's UNKNOWN' "$tmp/out" && [ "$(grep -c '^s ' "$tmp/out")" = 1 ] &&
     grep -q '^c ---- \[ statistics \]' "$tmp/out" && ! grep -q '^v' "$tmp/out"; then
    echo "ok: $what, SIG$sig: s UNKNOWN, exit 0, statistics, after $ms ms"
  else
    fail "$what, SIG$sig: rc $rc after $ms ms: $(grep -v '^c  ' "$tmp/out" | head -c 400) $(cat "$tmp/err")"
  fi
}

# Writes a header and a clause to $1 (a FIFO), then keeps it open, silent.
silent_writer() {
  (printf 'p cnf 3 2\n1 -2 0\n' && exec sleep 60) >"$1" 2>/dev/null &
  helpers="$helpers $!"
}

# Once gsat (pid $1) is reading, sends signal $2 (what: $3).
signal_while_reading() {
  wait_for_line '^c reading'
  sleep 0.3
  signal_and_check "$@"
}

# 1. During parsing: a FIFO that sends a header and then nothing, and standard
# input holding gzip data that has not arrived yet (gzip writes when its input
# ends).
for sig in INT TERM; do
  rm -f "$tmp/fifo" "$tmp/raw"
  mkfifo "$tmp/fifo" "$tmp/raw"
  "$gsat" --stats --backend=$backend "$tmp/fifo" >"$tmp/out" 2>"$tmp/err" &
  pid=$!
  silent_writer "$tmp/fifo"
  signal_while_reading $pid $sig "parsing a silent FIFO"
  rm -f "$tmp/fifo"
  mkfifo "$tmp/fifo"
  "$gsat" --stats --backend=$backend - <"$tmp/fifo" >"$tmp/out" 2>"$tmp/err" &
  pid=$!
  gzip <"$tmp/raw" >"$tmp/fifo" 2>/dev/null &
  helpers="$helpers $!"
  silent_writer "$tmp/raw"
  signal_while_reading $pid $sig "parsing silent gzip standard input"
done

# 2. During the search of a hard instance.
"$gen" php 12 >"$tmp/php12.cnf"
for config in $configs; do
  for sig in INT TERM; do
    "$gsat" --stats --backend=$backend $config "$tmp/php12.cnf" >"$tmp/out" 2>"$tmp/err" &
    pid=$!
    wait_for_line '^c parsed'
    sleep 0.5
    signal_and_check $pid $sig "searching php 12 ($backend, $config)"
  done
done

# 3. A large instance, signalled at different moments (parse, build, search).
"$gen" rand 3 1000000 4200000 7 >"$tmp/big.cnf"
for delay in 0.2 0.8 1.5 3; do
  "$gsat" --stats --backend=$backend "$tmp/big.cnf" >"$tmp/out" 2>"$tmp/err" &
  pid=$!
  sleep $delay
  phase=$(grep -q '^c parsed' "$tmp/out" && echo "after parsing" || echo "parsing")
  signal_and_check $pid INT "1M-variable 3-SAT after $delay s ($phase)"
done

# 4. --time-limit also bounds parsing and the database build (an alarm raises
# the same stop request): the big instance with a 1 s limit.
# limit_and_check WHAT ARGS...: gsat --stats --time-limit=1 ARGS must end (within
# 10 s) with s UNKNOWN, exit 0 and the time limit named.
limit_and_check() {
  local what=$1 t0=$EPOCHREALTIME
  shift
  "$gsat" --stats --time-limit=1 "$@" >"$tmp/out" 2>"$tmp/err" &
  await_exit $! "$what, --time-limit=1" "the start" || return
  local ms=$(ms_since "$t0")
  if [ $rc = 0 ] && grep -qx 's UNKNOWN' "$tmp/out" && grep -q '^c stopped: time limit of 1 s' "$tmp/out"; then
    echo "ok: $what, --time-limit=1: s UNKNOWN, exit 0, the cause named, $ms ms after the start"
  else
    fail "$what, --time-limit=1: rc $rc: $(grep -v '^c  ' "$tmp/out" | head -c 400) $(cat "$tmp/err")"
  fi
}
limit_and_check "the 1M-variable instance" --backend=$backend "$tmp/big.cnf"

# 5. Far more CDCL searchers and DPLL workers than cores (CPU only, cubes off
# for CDCL): each of them checks the stop flag and the limits between its
# slices, and no thread is started once the search has stopped, so the time
# limit and a signal end the run while the calling thread, starved, is still
# starting the others or waiting for the DPLL workers' lock.  Before, only
# that thread checked: on 2 cores -t 1 took CDCL 32 s at 2048 threads and
# minutes at 4096, DPLL 5-30 s at 2048-4096 (337 s on a loaded machine);
# SIGINT to 4096 DPLL workers starting 21 s, to 2048 busy ones 0.1-75 s.
if [ "$backend" = cpu ]; then
  many="--search=cdcl --threads=2048 --cdcl-cubes=off"
  limit_and_check "2048 CDCL threads" $many "$tmp/php12.cnf"
  "$gsat" --stats $many "$tmp/php12.cnf" >"$tmp/out" 2>"$tmp/err" &
  pid=$!
  wait_for_line '^c parsed'
  sleep 0.3
  signal_and_check $pid INT "2048 CDCL threads starting"
  limit_and_check "4096 DPLL workers" --search=dpll --threads=4096 "$tmp/php12.cnf"
  "$gsat" --stats --search=dpll --threads=4096 "$tmp/php12.cnf" >"$tmp/out" 2>"$tmp/err" &
  pid=$!
  wait_for_line '^c parsed'
  sleep 0.3
  signal_and_check $pid INT "4096 DPLL workers starting"
  "$gsat" --stats --search=dpll --threads=2048 "$tmp/php12.cnf" >"$tmp/out" 2>"$tmp/err" &
  pid=$!
  wait_for_line '^c parsed'
  sleep 2
  signal_and_check $pid INT "2048 busy DPLL workers"
  # Creating the CDCL searchers (each loads and watches all 420k clauses:
  # about 50 ms here) checks the limit between searchers: 64 of them on
  # 100k variables took 3.5 s under -t 0.5 before, all 64 created.
  "$gen" rand 3 100000 420000 5 >"$tmp/mid.cnf"
  "$gsat" --stats --search=cdcl --cdcl-cubes=off --threads=64 --cdcl-memory=1048576 -t 0.5 \
    "$tmp/mid.cnf" >"$tmp/out" 2>"$tmp/err" &
  await_exit $! "64 CDCL searchers being created, -t 0.5" "the start" && {
    made=$(awk '$2 == "workers" {print $3}' "$tmp/out")
    if [ $rc = 0 ] && grep -qx 's UNKNOWN' "$tmp/out" && [ -n "$made" ] && [ "$made" -lt 64 ]; then
      echo "ok: 64 CDCL searchers being created, -t 0.5: s UNKNOWN after $made of them"
    else
      fail "64 CDCL searchers being created, -t 0.5: rc $rc, workers '$made': $(grep -v '^c  ' "$tmp/out" | head -c 300)"
    fi
  }
  # Searchers beyond the memory they may take (--cdcl-memory, MiB; by default
  # half of what is available) are not started, and a c line says so.
  "$gsat" --search=cdcl --threads=16 --cdcl-memory=1 "$tmp/php12.cnf" -t 0.5 >"$tmp/out" 2>&1
  if grep -Eq '^c [0-9]+ CDCL searchers? of the 16 asked for: no more fit in memory$' "$tmp/out" &&
    grep -qx 's UNKNOWN' "$tmp/out"; then
    echo "ok: 16 CDCL searchers in 1 MiB: $(grep -E '^c [0-9]+ CDCL searchers?' "$tmp/out")"
  else
    fail "16 CDCL searchers in 1 MiB: $(head -c 400 "$tmp/out")"
  fi
fi

finish
