# Helpers for the device scripts: step NAME TIMEOUT CMD... runs a command with a
# time limit, logs it to $OUT/NAME.log and records a summary line; a failing step
# never stops the next one.
OUT=${OUT:-bench/out/device}
mkdir -p "$OUT"
SUMMARY=()
step() {
  local name=$1 limit=$2
  shift 2
  local t0=$SECONDS
  echo "== $name: $*" | tee "$OUT/$name.log"
  timeout -k 5 "$limit" "$@" >>"$OUT/$name.log" 2>&1
  local rc=$?
  local dt=$((SECONDS - t0))
  echo "== $name: rc=$rc in ${dt}s" | tee -a "$OUT/$name.log"
  SUMMARY+=("$(printf '%-16s rc=%-3s %4ss' "$name" "$rc" "$dt")")
  return 0
}
summary() {
  echo "================ summary ($OUT) ================"
  printf '%s\n' "${SUMMARY[@]}"
}
