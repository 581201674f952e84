# Many formulas through one solver and one process: gsat_reset (test_reset,
# cmocka: answers equal a fresh solver's, nothing leaks from one formula to
# the next) and the CLI's --batch (tests/batch.sh: blocks and summary against
# single-file runs, bad files skipped, the time limit per file, signals).
gsat_add_test(test_reset LABELS unit SOURCES test_reset.c LIBS gsat_api)
if(TARGET gsat)
  gsat_add_script_test(batch SCRIPT batch.sh TIMEOUT 300 ARGS $<TARGET_FILE:gsat>)
endif()
