# sort_bench's command line (sort_bench_args.sh): bad arguments are refused
# with a message and exit 2 before any GPU is needed, so this runs in CI.
find_program(GSAT_BASH bash)
if(TARGET sort_bench AND GSAT_BASH)
  add_test(NAME sort_bench_args COMMAND ${GSAT_BASH}
    ${CMAKE_CURRENT_SOURCE_DIR}/sort_bench_args.sh $<TARGET_FILE:sort_bench>)
  set_tests_properties(sort_bench_args PROPERTIES LABELS unit TIMEOUT 60)
endif()
