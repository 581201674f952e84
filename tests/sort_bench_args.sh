#!/bin/bash
# The arguments of sort_bench and of device_check (tests/support/; the sort
# and permutation checks that were sort_bench --check and bmmc_bench --check)
# (CTest test `sort_bench_args`):
#   tests/sort_bench_args.sh SORT_BENCH DEVICE_CHECK
# Every bad argument gives exit 2 and a message naming it, whether or not a
# GPU is present (arguments are checked first); good arguments get past the
# check: exit 77 without a GPU.  With a GPU only the bad ones run.
set -u
bench=$1
check=$2
source "$(dirname "$0")/check_lib.sh"
prog=$bench # the program expect_bad runs
# expect_bad TEXT ARGS...: exit 2, stderr containing TEXT
expect_bad() {
  local text=$1
  shift
  "$prog" "$@" >"$tmp/out" 2>"$tmp/err"
  local rc=$?
  if [ $rc -eq 2 ] && grep -qF -- "$text" "$tmp/err"; then
    pass "[${prog##*/} $*] -> 2, $(head -c 90 "$tmp/err")"
  else
    fail "[${prog##*/} $*] -> rc $rc, stderr: $(head -c 200 "$tmp/err")"
  fi
}
expect_bad "usage" --check 22
expect_bad "usage" --check-quick
expect_bad "not '12abc'" --sizes 12abc
expect_bad "not '99'" --sizes 20,99
expect_bad "usage" --sizes ,
expect_bad "not '19'" --max 19
expect_bad "not 'abc'" --max abc
expect_bad "unknown variant 'nosuch' in --variants" --variants row4-bp,nosuch
expect_bad "usage" --occ extra
expect_bad "usage" --race extra
expect_bad "usage" --profile
expect_bad "not 'x'" --profile x
expect_bad "usage" --bogus
expect_bad "usage" --csv
expect_bad "not ' 12'" --profile " 12"
expect_bad "not '12 '" --profile "12 "
expect_bad "--variants needs a name" --variants ""
expect_bad "--variants needs a name" --variants ,
expect_bad "exclude each other" --max 22 --sizes 20
expect_bad "cannot write $tmp/no/such/dir/x.csv" --csv "$tmp/no/such/dir/x.csv"
expect_bad "cannot write $tmp: a directory" --csv "$tmp"
expect_bad "usage" --help extra
# --help: the usage on stdout, exit 0 (whatever GSAT_SORT_VARIANT holds)
GSAT_SORT_VARIANT=zz "$bench" --help >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc -eq 0 ] && grep -q '^usage: sort_bench' "$tmp/out" && [ ! -s "$tmp/err" ]; then
  pass "[--help] -> 0, usage on stdout"
else
  fail "[--help] -> rc $rc, stdout: $(head -c 100 "$tmp/out")"
fi
GSAT_SORT_VARIANT=zz expect_bad "unknown variant 'zz' in GSAT_SORT_VARIANT"
GSAT_SORT_PROFILE_VARIANT=row4-bp,zz expect_bad \
  "unknown variant 'zz' in GSAT_SORT_PROFILE_VARIANT" --profile 20
prog=$check
expect_bad "not 'abc'" sort abc
expect_bad "not '0'" sort 0
expect_bad "not '99'" sort-quick 99
expect_bad "not '--race'" sort --race
expect_bad "not ' 12'" sort " 12"
expect_bad "not '12 '" sort "12 "
expect_bad "not '34'" bmmc 34
expect_bad "not '-1'" bmmc -1
expect_bad "usage" sort 22 extra
expect_bad "usage" bmmc 20 extra
expect_bad "usage" sorted
expect_bad "usage"
expect_bad "usage" --help extra
"$check" --help >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc -eq 0 ] && grep -q '^usage: device_check' "$tmp/out" && [ ! -s "$tmp/err" ]; then
  pass "[device_check --help] -> 0, usage on stdout"
else
  fail "[device_check --help] -> rc $rc, stdout: $(head -c 100 "$tmp/out")"
fi
export GSAT_SORT_VARIANT=
if "$bench" --race >/dev/null 2>&1; [ $? -eq 77 ]; then
  # no GPU: good arguments pass the check and stop at the device (77)
  for args in "" "--sizes 20,24 --variants row4-bp --csv $tmp/x.csv" \
    "--max 22" "--profile 20" "--occ" "--race" \
    "--profile 12 PV=row4-bp,row4-t8-bp-w1-c2"; do
    # PV=...: GSAT_SORT_PROFILE_VARIANT for this run
    pv=${args##*PV=}
    [ "$pv" = "$args" ] && pv=
    args=${args%% PV=*}
    # shellcheck disable=SC2086
    GSAT_SORT_PROFILE_VARIANT=$pv "$bench" $args >/dev/null 2>"$tmp/err"
    rc=$?
    if [ $rc -eq 77 ]; then
      pass "[$args${pv:+ (GSAT_SORT_PROFILE_VARIANT=$pv)}] -> 77 (no GPU)"
    else
      fail "[$args] -> rc $rc: $(head -c 200 "$tmp/err")"
    fi
  done
  for args in "sort" "sort-quick 12" "bmmc" "bmmc 0"; do
    # shellcheck disable=SC2086
    "$check" $args >"$tmp/out" 2>"$tmp/err"
    rc=$?
    if [ $rc -eq 77 ] && grep -q '^SKIP' "$tmp/out"; then
      pass "[device_check $args] -> 77 (no GPU)"
    else
      fail "[device_check $args] -> rc $rc: $(head -c 200 "$tmp/out" "$tmp/err")"
    fi
  done
  # a run that stops at the device leaves the CSV alone: an existing file
  # keeps its contents, a new one is not created
  echo precious >"$tmp/keep.csv"
  "$bench" --csv "$tmp/keep.csv" >/dev/null 2>&1
  "$bench" --csv "$tmp/new.csv" >/dev/null 2>&1
  if [ "$(cat "$tmp/keep.csv")" = precious ] && [ ! -e "$tmp/new.csv" ]; then
    pass "no GPU: --csv files untouched"
  else
    fail "no GPU: --csv truncated or created a file"
  fi
fi
finish
