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
# docs/design.md's floor table is tests/layering.py's floor list (written by
# layering.py --write-doc); the test fails when they differ.
if(GSAT_PYTHON3)
  add_test(NAME docs_floors COMMAND ${GSAT_PYTHON3}
    ${PROJECT_SOURCE_DIR}/tests/layering.py --check-doc ${PROJECT_SOURCE_DIR}/docs/design.md)
  gsat_test_properties(docs_floors "" "" 60 FALSE)
else()
  gsat_skipped_test(docs_floors REASON no python3 found at configure time)
endif()
