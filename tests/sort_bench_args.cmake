# The command lines of sort_bench and device_check (sort_bench_args.sh): bad
# arguments are refused with a message and exit 2 before any GPU is needed,
# so this runs in CI.
if(TARGET sort_bench AND TARGET device_check)
  gsat_add_script_test(sort_bench_args SCRIPT sort_bench_args.sh
    ARGS $<TARGET_FILE:sort_bench> $<TARGET_FILE:device_check>)
else()
  gsat_skipped_test(sort_bench_args LABELS gpu REASON ${GSAT_NO_CUDA_REASON})
endif()
