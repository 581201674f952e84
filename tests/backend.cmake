# --backend through the CLI (backend.sh): --backend=gpu without a usable GPU
# fails (exit 7) before the input is read; auto falls back to the CPU.
find_program(GSAT_BASH bash)
if(TARGET gsat AND GSAT_BASH)
  add_test(NAME backend_cli COMMAND ${GSAT_BASH}
    ${CMAKE_CURRENT_SOURCE_DIR}/backend.sh $<TARGET_FILE:gsat>)
  set_tests_properties(backend_cli PROPERTIES LABELS unit TIMEOUT 60)
endif()
