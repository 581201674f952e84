# The default build is the product (tests/quickstart.sh): the programs in the
# build folder's root, where the README runs them, and a build configured
# without options builds no tests (no cmocka needed).
if(TARGET gsat)
  gsat_add_script_test(quickstart SCRIPT quickstart.sh TIMEOUT 300
    ARGS ${CMAKE_COMMAND} ${PROJECT_SOURCE_DIR} ${PROJECT_BINARY_DIR}
         $<TARGET_FILE:gsat> $<TARGET_FILE:gsat-gen>)
endif()

# The CI rule of tests/run_all.sh (CI=true): a skipped test that is not
# labelled gpu fails the run (tests/ci_skips.sh, on made-up ctest outputs).
gsat_add_script_test(ci_skips SCRIPT ci_skips_test.sh SKIP ARGS ${PROJECT_BINARY_DIR})
