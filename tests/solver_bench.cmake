# bench/solver_bench.sh on a fixture corpus (tests/solver_bench.sh): answer and
# model checks, the clean copy, DRAT proofs (with the drat-trim of
# tests/proof.cmake), the budget and usage errors.  Skipped (exit 77) without
# ../shared/tools/check-answers or python3.
if(TARGET gsat_drat_trim)
  gsat_add_script_test(solver_bench SCRIPT solver_bench.sh SKIP TIMEOUT 300
    ARGS ${PROJECT_SOURCE_DIR} $<TARGET_FILE:gsat> $<TARGET_FILE:gsat_drat_trim>)
else()
  gsat_add_script_test(solver_bench SCRIPT solver_bench.sh SKIP TIMEOUT 300
    ARGS ${PROJECT_SOURCE_DIR} $<TARGET_FILE:gsat>)
endif()
