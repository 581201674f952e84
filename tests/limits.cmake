# Limits: through the public API (node limit, huge variable indices, terminate,
# a reader stopped on a silent pipe), and through the CLI: resource limits and
# bad input (limits.sh), SIGINT and SIGTERM (signals.sh).
if(TARGET gsat_dimacs)
  gsat_add_test(test_limits LABELS unit SOURCES test_limits.c
    LIBS gsat_api gsat_dimacs Threads::Threads)
  if(GSAT_HAVE_CUDA)
    set_target_properties(test_limits PROPERTIES LINKER_LANGUAGE CUDA)
  endif()
  find_program(GSAT_BASH bash)
  if(GSAT_BASH)
    add_test(NAME limits COMMAND ${GSAT_BASH} ${CMAKE_CURRENT_SOURCE_DIR}/limits.sh
      $<TARGET_FILE:gsat> $<TARGET_FILE:gsat-gen> ${PROJECT_SOURCE_DIR})
    add_test(NAME signals COMMAND ${GSAT_BASH} ${CMAKE_CURRENT_SOURCE_DIR}/signals.sh
      $<TARGET_FILE:gsat> $<TARGET_FILE:gsat-gen>)
    set_tests_properties(limits signals PROPERTIES LABELS unit TIMEOUT 600)
  endif()
endif()
