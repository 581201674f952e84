# bench/ab_cpu.py's gm of the search rate takes each set's best run
# (tests/ab_cpu_check.py, a stand-in gsat).
find_program(GSAT_PYTHON3 python3)
if(GSAT_PYTHON3)
  add_test(NAME ab_cpu COMMAND ${GSAT_PYTHON3}
    ${PROJECT_SOURCE_DIR}/tests/ab_cpu_check.py ${PROJECT_SOURCE_DIR})
  gsat_test_properties(ab_cpu "" "" 60 FALSE)
else()
  gsat_skipped_test(ab_cpu REASON no python3 found at configure time)
endif()
