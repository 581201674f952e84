# bench/report plot on synthetic fixture CSVs (tests/report.sh); skipped
# (exit 77) when gnuplot is not installed.
gsat_add_script_test(report SCRIPT report.sh SKIP TIMEOUT 120
  ARGS ${PROJECT_SOURCE_DIR})
