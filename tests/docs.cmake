# docs/options.md's reference is generated from the option table
# (docs/gen_options.py); the test fails when the file is stale.
find_program(GSAT_PYTHON3 python3)
if(GSAT_PYTHON3)
  add_test(NAME docs_options COMMAND ${GSAT_PYTHON3}
    ${PROJECT_SOURCE_DIR}/docs/gen_options.py --check ${PROJECT_SOURCE_DIR})
  gsat_test_properties(docs_options "" "" 60 FALSE)
else()
  gsat_skipped_test(docs_options REASON no python3 found at configure time)
endif()
