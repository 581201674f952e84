#!/bin/bash
# GPU ranks over MPI on the lent machine (issue 19): one process against
# mpirun -np 1 and -np 2 with --backend=gpu, both ranks on its one GPU.
#   bash bench/device/mpi_gpu.sh BUNDLE CNFDIR
# BUNDLE: bench/device/mpi_bundle.sh's folder (gsat built with CUDA and MPI,
# and the Open MPI runtime); CNFDIR: the instances.  Writes $OUT/mpi_gpu.tsv
# (instance, run, exit code, wall s, nodes, per-rank rows) and every run's
# output in $OUT/all.log.
set -u
bundle=$(cd "$1" && pwd) cnf=$(cd "$2" && pwd)
OUT=${OUT:-bench/out/device}
mkdir -p "$OUT"
source "$bundle/env.sh"
g=$bundle/bin/gsat
nvidia-smi -L
tsv=$OUT/mpi_gpu.tsv
printf 'instance\trun\trc\twall_s\tnodes\tranks (nodes/cubes/donations/steals/given)\n' >"$tsv"
run() { # name label limit cmd...
  local name=$1 label=$2 limit=$3
  shift 3
  local log=$OUT/run.log
  local t0=$EPOCHREALTIME
  timeout -k 3 "$limit" "$@" >"$log" 2>&1
  local rc=$?
  local t1=$EPOCHREALTIME
  local wall=$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')
  local nodes=$(sed -nE 's/^c nodes +([0-9]+)$/\1/p' "$log" | head -1)
  local ranks=$(awk '$1 == "c" && $2 ~ /^[0-9]+$/ && NF == 12 { printf "%s%s/%s/%s/%s/%s", sep, $4, $6, $7, $8, $9; sep = " " }' "$log")
  printf '%s\t%s\t%s\t%.3f\t%s\t%s\n' "$name" "$label" "$rc" "$wall" "$nodes" "$ranks" | tee -a "$tsv"
  { echo "== $name, $label: rc $rc, $wall s: $*"; cat "$log"; } >>"$OUT/all.log"
}
for spec in "hole10.cnf --decide=static" "hole11.cnf --decide=static" "uuf250-01.cnf" \
            "uf250-01.cnf" "hanoi4.cnf" "bmc-ibm-2.cnf" "flat200-1.cnf" "dubois20.cnf"; do
  set -- $spec
  f=$cnf/$1
  shift
  [ -f "$f" ] || { echo "missing $f"; continue; }
  n=$(basename "$f" .cnf)
  o=(--backend=gpu --search=dpll --stats --time-limit=20 "$@")
  run "$n" "1 process" 30 "$g" "${o[@]}" "$f"
  run "$n" "np 1" 30 mpirun_bundle -np 1 "$g" "${o[@]}" "$f"
  run "$n" "np 2" 30 mpirun_bundle -np 2 "$g" "${o[@]}" "$f"
  case $n in hole1[01]|uuf250-01)
    run "$n" "np 2 queue 16" 30 mpirun_bundle -np 2 "$g" "${o[@]}" --mpi-cube-queue=16 "$f" ;;
  esac
done
# GPU CDCL ranks: clauses exchanged in rounds through the GPU clause port
for f in "$cnf/bmc-ibm-2.cnf" "$cnf/uf250-01.cnf"; do
  n=$(basename "$f" .cnf)
  run "$n" "cdcl 1 process" 30 "$g" --backend=gpu --search=cdcl --stats --time-limit=20 "$f"
  run "$n" "cdcl np 2" 30 mpirun_bundle -np 2 "$g" --backend=gpu --search=cdcl --stats --time-limit=20 "$f"
done
rm -f "$OUT/run.log"
cat "$tsv"
