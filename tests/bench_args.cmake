# gsat-bench refuses an unknown configuration before printing anything (exit
# 1, no CSV header on stdout, no --csv file).
if(TARGET gsat-bench)
  add_test(NAME gsat_bench_args COMMAND bash -c
    "d=$(mktemp -d); out=$(\"$0\" --configs=cpu1,nosuch --csv=$d/x.csv /dev/null 2>$d/err); rc=$?; [ $rc = 1 ] && [ -z \"$out\" ] && [ ! -e $d/x.csv ] && grep -q \"unknown configuration 'nosuch'\" $d/err; ok=$?; rm -rf $d; exit $ok"
    $<TARGET_FILE:gsat-bench>)
  set_tests_properties(gsat_bench_args PROPERTIES LABELS unit TIMEOUT 60)
endif()
