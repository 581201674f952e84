# The look-ahead decisions of the DPLL search (core/dpll_lookahead.h):
# hand-made formulas on the CPU instance, and the random differential test of
# --decide=lookahead against MiniSat (k = 3, 5, 7; 1 and 2 threads, the second
# giving cubes away).
gsat_add_test(test_lookahead LABELS unit SOURCES test_lookahead.c LIBS gsat_cpu)
gsat_add_script_test(lookahead_diff SCRIPT lookahead_diff.sh SKIP LABELS unit TIMEOUT 600
  ARGS $<TARGET_FILE:gsat> $<TARGET_FILE:gsat-gen> 150)
