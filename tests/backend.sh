#!/bin/bash
# --backend through the gsat CLI (CTest test `backend_cli`):
#   tests/backend.sh GSAT
# --backend=gpu (option or GSAT_BACKEND) without a usable GPU fails with exit 7
# and "backend gpu (...): no usable GPU" before the input is read: a missing file
# or malformed input is not what is reported, and no c or s line is printed.
# auto still falls back to the CPU, and cpu and auto read the input first.
# With a usable GPU, --backend=gpu solves on it (its c backend line says so)
# and reads the input: a missing file is exit 3.
set -u
gsat=$1
source "$(dirname "$0")/check_lib.sh"
# run ARGS... (stdin from $tmp/in): out, err, rc
run() {
  "$gsat" "$@" <"$tmp/in" >"$tmp/out" 2>"$tmp/err"
  rc=$?
}
nogpu='^gsat: error: backend gpu \(--backend=gpu or GSAT_BACKEND=gpu\): no usable GPU: .* \(use --backend=cpu or auto\)$'

printf 'p cnf 2 2\n1 2 0\n-1 0\n' >"$tmp/tiny.cnf"
printf 'p cnf 2 1\n1 x 0\n' >"$tmp/in" # a parse error (exit 2 when read)
missing=$tmp/does-not-exist.cnf

run --backend=gpu "$tmp/tiny.cnf"
if [ $rc = 10 ]; then
  # Solved: only right if the GPU did it (a silent CPU fallback would also
  # exit 10, and would skip the no-GPU checks below).
  # (tiny.cnf goes to GPU CDCL under --search=auto: "requested: CDCL, ...")
  grep -qE '^c backend gpu \(requested[):]' "$tmp/out" &&
    pass "a usable GPU: --backend=gpu solves on the GPU" ||
    fail "--backend=gpu solved, but not on the GPU: $(grep '^c backend' "$tmp/out")"
  run --backend=gpu "$missing"
  [ $rc = 3 ] && grep -q 'cannot open' "$tmp/err" &&
    pass "GPU: --backend=gpu, missing file: exit 3" ||
    fail "GPU: --backend=gpu, missing file: rc $rc $(cat "$tmp/err")"
else
  # No usable GPU: the device check comes before the input.
  for args in "--backend=gpu $missing" "-q --backend=gpu $missing" \
    "--backend gpu -" "--backend=gpu --strict -"; do
    # shellcheck disable=SC2086
    run $args
    if [ $rc = 7 ] && grep -qE "$nogpu" "$tmp/err" && [ "$(wc -l <"$tmp/err")" = 1 ] &&
       [ ! -s "$tmp/out" ]; then
      pass "[$args]: exit 7 before reading: $(cat "$tmp/err")"
    else
      fail "[$args]: rc $rc, stderr: $(head -c 300 "$tmp/err"), stdout: $(head -c 200 "$tmp/out")"
    fi
  done
  GSAT_BACKEND=gpu run "$missing"
  [ $rc = 7 ] && grep -qE "$nogpu" "$tmp/err" && [ ! -s "$tmp/out" ] &&
    pass "GSAT_BACKEND=gpu, missing file: exit 7" ||
    fail "GSAT_BACKEND=gpu, missing file: rc $rc $(cat "$tmp/err")"
  # auto falls back to the CPU, and says so.
  run --backend=auto "$tmp/tiny.cnf"
  [ $rc = 10 ] && grep -q '^c backend cpu (auto: ' "$tmp/out" && [ ! -s "$tmp/err" ] &&
    pass "--backend=auto: the CPU, exit 10" ||
    fail "--backend=auto: rc $rc $(cat "$tmp/err")"
fi
# GPU CDCL (--search=cdcl --backend=gpu): solves on the GPU, or exit 7 without
# one (before anything else), also with a proof request.
run --search=cdcl --backend=gpu "$tmp/tiny.cnf"
if [ $rc = 10 ]; then
  grep -q '^c backend gpu (requested: CDCL' "$tmp/out" &&
    pass "--search=cdcl --backend=gpu solves on the GPU" ||
    fail "--search=cdcl --backend=gpu: $(grep '^c backend' "$tmp/out")"
else
  [ $rc = 7 ] && grep -qE "$nogpu" "$tmp/err" &&
    pass "--search=cdcl --backend=gpu without a GPU: exit 7" ||
    fail "--search=cdcl --backend=gpu: rc $rc $(cat "$tmp/err")"
fi
run --search=cdcl --backend=gpu --proof="$tmp/proof" "$tmp/tiny.cnf"
if [ $rc = 10 ]; then
  [ -e "$tmp/proof" ] && pass "--proof with --backend=gpu: solved on the GPU, proof written" ||
    fail "--proof with --backend=gpu: exit 10 but no proof file"
else
  [ $rc = 7 ] && grep -qE "$nogpu" "$tmp/err" && [ ! -e "$tmp/proof" ] &&
    pass "--proof with --backend=gpu without a GPU: exit 7, no proof file" ||
    fail "--proof with --backend=gpu: rc $rc $(cat "$tmp/err")"
fi
# --search=auto with --backend=gpu picks GPU DPLL or GPU CDCL by the GPU's
# rule (core/choose.c): pigeonhole goes to DPLL, a graph colouring of
# the same shape to CDCL (with its cubes line in --stats); exit 7 without a GPU.
choice_formulas "$tmp"
for f in php4:dpll:20 ring6:cdcl:10; do
  IFS=: read -r name want code <<<"$f"
  run --search=auto --backend=gpu -s "$tmp/$name.cnf"
  if [ $rc = 7 ]; then
    grep -qE "$nogpu" "$tmp/err" && pass "--search=auto --backend=gpu, $name, no GPU: exit 7" ||
      fail "--search=auto --backend=gpu, $name: exit 7 but $(cat "$tmp/err")"
    continue
  fi
  got=$(awk '$1 == "c" && $2 == "search" && $3 ~ /^(dpll|cdcl)$/ { print $3; exit }' "$tmp/out")
  cubes=1
  [ "$want" = cdcl ] && ! grep -q '^c gpu cdcl cubes ' "$tmp/out" && cubes=0
  [ $rc = "$code" ] && [ "$got" = "$want" ] && [ $cubes = 1 ] &&
    grep -q '^c backend gpu' "$tmp/out" &&
    pass "--search=auto --backend=gpu: $name goes to GPU $want, exit $rc" ||
    fail "--search=auto --backend=gpu: $name: rc $rc, search '$got' (want $want, $code), $(grep '^c backend' "$tmp/out")"
done
# cpu and auto never check early: the input is read first.
for backend in cpu auto; do
  run --backend=$backend "$missing"
  [ $rc = 3 ] && grep -q 'cannot open' "$tmp/err" &&
    pass "--backend=$backend, missing file: exit 3" ||
    fail "--backend=$backend, missing file: rc $rc $(cat "$tmp/err")"
  run --backend=$backend -
  [ $rc = 2 ] && pass "--backend=$backend, malformed input: exit 2" ||
    fail "--backend=$backend, malformed input: rc $rc $(cat "$tmp/err")"
done

finish
