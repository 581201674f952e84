# bench/report plot on synthetic fixture CSVs (tests/report.sh); skipped
# (exit 77) when gnuplot is not installed.
find_program(GSAT_BASH bash)
if(GSAT_BASH)
  add_test(NAME report COMMAND ${GSAT_BASH} ${CMAKE_CURRENT_SOURCE_DIR}/report.sh
    ${PROJECT_SOURCE_DIR})
  set_tests_properties(report PROPERTIES LABELS unit SKIP_RETURN_CODE 77 TIMEOUT 120)
endif()
