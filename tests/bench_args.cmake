# gsat-bench refuses an unknown configuration before printing anything
# (gsat_bench_args.sh).
if(TARGET gsat-bench)
  gsat_add_script_test(gsat_bench_args SCRIPT gsat_bench_args.sh
    ARGS $<TARGET_FILE:gsat-bench>)
endif()
