#!/bin/bash
# The distributed search's overhead on one machine (bench/RESULTS.md, "gsat
# over MPI"): each instance with one process (1 and 2 threads), mpirun -np 1,
# and 2 and 3 ranks of one thread each; prints one markdown row per run: wall
# time (mpirun's start included), search time, nodes, nodes/s of search time,
# and steals (cubes received) per rank.
#   bench/mpi_overhead.sh GSAT FILE...        (GSAT_MPI_DECIDE=static by default)
set -u
gsat=$1
shift
decide=${GSAT_MPI_DECIDE:-static}
mpirun=(mpirun -q --oversubscribe --allow-run-as-root)
echo "| instance | run | wall s | search s | nodes | nodes/s | steals per rank |"
echo "|---|---|---:|---:|---:|---:|---|"
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
  row "$name" "1 process, 1 thread" "$gsat" --threads=1 "$f"
  row "$name" "1 process, 2 threads" "$gsat" --threads=2 "$f"
  row "$name" "mpirun -np 1" "${mpirun[@]}" -np 1 "$gsat" --threads=1 "$f"
  row "$name" "2 ranks x 1 thread" "${mpirun[@]}" -np 2 "$gsat" --threads=1 "$f"
  row "$name" "3 ranks x 1 thread" "${mpirun[@]}" -np 3 "$gsat" --threads=1 "$f"
done
