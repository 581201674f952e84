# Limits through the public API (node limit, huge variable indices, terminate).
if(TARGET gsat_dimacs)
  gsat_add_test(test_limits LABELS unit SOURCES test_limits.c
    LIBS gsat_api gsat_dimacs Threads::Threads)
  if(GSAT_HAVE_CUDA)
    set_target_properties(test_limits PROPERTIES LINKER_LANGUAGE CUDA)
  endif()
endif()
