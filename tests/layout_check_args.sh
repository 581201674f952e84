#!/bin/bash
# layout_check's instance names (CTest test `layout_check_args`):
#   tests/layout_check_args.sh LAYOUT_CHECK
# A name that is not php:N, rand:K:VARS:CLAUSES:SEED or a readable file gives
# exit 2 before the device is looked for, so this runs without a GPU.
set -u
check=$1
source "$(dirname "$0")/check_lib.sh"
for a in php:x php:6x php: rand:3:50 rand:3:50:218:1x /nonexistent.cnf; do
  "$check" "$a" >/dev/null 2>"$tmp/err"
  rc=$?
  if [ $rc = 2 ] && grep -qF "'$a' is not php:N" "$tmp/err"; then
    pass "[$a] -> 2"
  else
    fail "[$a] -> rc $rc, stderr: $(head -c 200 "$tmp/err")"
  fi
done
finish
