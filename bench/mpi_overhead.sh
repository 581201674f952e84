#!/bin/bash
# The distributed search's overhead on one machine (bench/RESULTS.md, "gsat
# over MPI"): each instance with one process (1 and 2 threads), mpirun -np 1,
# and 2 and 3 ranks of one thread each; prints one markdown row per run: wall
# time (mpirun's start included), search time, nodes, nodes/s of search time,
# and steals (cubes received) per rank.
#   bench/mpi_overhead.sh GSAT FILE...        (GSAT_MPI_DECIDE=static by default)
# With GSAT_MPI_SEARCH=cdcl it measures CDCL over ranks instead (the portfolio
# with clause exchange rounds): the same five runs, each row with the answer,
# wall time, CPU time (user + system of every gsat process, each run under
# /usr/bin/time, summed over the ranks; mpirun's own time is left out: on a
# loaded machine the fairer side-by-side figure),
# search time, conflicts summed over the ranks, and clauses sent / received
# per rank.
set -u
gsat=$1
shift
decide=${GSAT_MPI_DECIDE:-static}
search=${GSAT_MPI_SEARCH:-dpll}
mpirun=(mpirun -q --oversubscribe --allow-run-as-root)
timing=/tmp/mpi_overhead_time.$$
timed=(/usr/bin/time -a -o "$timing" -f 'cpu %U %S') # one line per gsat process
if [ "$search" = cdcl ]; then
  echo "| instance | run | answer | wall s | CPU s | search s | conflicts | clauses out/in per rank |"
  echo "|---|---|---|---:|---:|---:|---:|---|"
else
  echo "| instance | run | wall s | search s | nodes | nodes/s | steals per rank |"
  echo "|---|---|---:|---:|---:|---:|---|"
fi
row_cdcl() { # name what command...
  local name=$1 what=$2 out=/tmp/mpi_overhead.$$
  shift 2
  local t0=$EPOCHREALTIME
  rm -f "$timing"
  "$@" --backend=cpu --search=cdcl --stats -n --progress=0 >"$out" 2>&1 </dev/null
  local rc=$?
  local wall=$(awk -v a="$t0" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.2f", b - a }')
  local cpu=$(awk '/^cpu/ { s += $2 + $3 } END { printf "%.2f", s }' "$timing")
  local search=$(sed -nE 's/^c search time +([0-9.]+) s$/\1/p' "$out")
  local conflicts=$(sed -nE 's/^c conflicts +([0-9]+)$/\1/p' "$out" | head -1)
  local answer=$(sed -nE 's/^s (SAT|UNSAT|UNKNOWN).*/\1/p' "$out")
  local shared=$(awk '/^c +rank +threads +conflicts/ { t = 1; next }
                      t && /^c +[0-9]+ +[0-9]+ / { s = s (s ? ", " : "") $6 "/" $7 }
                      END { print s ? s : "-" }' "$out")
  echo "| $name | $what | ${answer:-rc $rc} | $wall | $cpu | $search | $conflicts | $shared |"
  rm -f "$out" "$timing"
}
row() { # name what command...
  local name=$1 what=$2
  shift 2
  local t0=$EPOCHREALTIME
  "$@" --backend=cpu --search=dpll --decide="$decide" --stats --progress=0 >/tmp/mpi_overhead.$$ 2>&1 </dev/null
  local wall=$(awk -v a="$t0" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.2f", b - a }')
  local out=/tmp/mpi_overhead.$$
  local search=$(sed -nE 's/^c search time +([0-9.]+) s$/\1/p' "$out")
  local nodes=$(sed -nE 's/^c nodes +([0-9]+)$/\1/p' "$out" | head -1)
  local rate=$(sed -nE 's/^c nodes +([0-9]+) \/s$/\1/p' "$out")
  local steals=$(awk '/^c +rank +threads/ { t = 1; next } t && /^c +[0-9]+ +[0-9]+ / { s = s (s ? "/" : "") $8 }
                      END { print s ? s : "-" }' "$out")
  echo "| $name | $what | $wall | $search | $nodes | $rate | $steals |"
  rm -f "$out"
}
for f in "$@"; do
  name=$(basename "$f")
  if [ "$search" = cdcl ]; then
    row_cdcl "$name" "1 process, 1 thread" "${timed[@]}" "$gsat" --threads=1 "$f"
    row_cdcl "$name" "1 process, 2 threads" "${timed[@]}" "$gsat" --threads=2 "$f"
    row_cdcl "$name" "mpirun -np 1" "${mpirun[@]}" -np 1 "${timed[@]}" "$gsat" --threads=1 "$f"
    row_cdcl "$name" "2 ranks x 1 thread" "${mpirun[@]}" -np 2 "${timed[@]}" "$gsat" --threads=1 "$f"
    row_cdcl "$name" "3 ranks x 1 thread" "${mpirun[@]}" -np 3 "${timed[@]}" "$gsat" --threads=1 "$f"
    continue
  fi
  row "$name" "1 process, 1 thread" "$gsat" --threads=1 "$f"
  row "$name" "1 process, 2 threads" "$gsat" --threads=2 "$f"
  row "$name" "mpirun -np 1" "${mpirun[@]}" -np 1 "$gsat" --threads=1 "$f"
  row "$name" "2 ranks x 1 thread" "${mpirun[@]}" -np 2 "$gsat" --threads=1 "$f"
  row "$name" "3 ranks x 1 thread" "${mpirun[@]}" -np 3 "$gsat" --threads=1 "$f"
done
