# Limits: through the public API (node limit, huge variable indices, terminate,
# a reader stopped on a silent pipe), and through the CLI: resource limits and
# bad input (limits.sh), SIGINT and SIGTERM (signals.sh).
if(TARGET gsat_dimacs)
  gsat_add_test(test_limits LABELS unit SOURCES test_limits.c
    LIBS gsat_api gsat_dimacs Threads::Threads)
  if(GSAT_HAVE_CUDA)
    set_target_properties(test_limits PROPERTIES LINKER_LANGUAGE CUDA)
  endif()
  gsat_add_script_test(limits SCRIPT limits.sh TIMEOUT 600
    ARGS $<TARGET_FILE:gsat> $<TARGET_FILE:gsat-gen> ${PROJECT_SOURCE_DIR})
  gsat_add_script_test(signals SCRIPT signals.sh TIMEOUT 600
    ARGS $<TARGET_FILE:gsat> $<TARGET_FILE:gsat-gen>)
endif()
