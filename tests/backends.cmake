# The backend table (api/backends.h) and the options' flow into the
# search parameters (CDCL policies from the option lists, diversification
# over all of them).
gsat_add_test(test_backends LABELS unit SOURCES test_backends.c LIBS gsat_api)
if(GSAT_HAVE_CUDA)
  set_target_properties(test_backends PROPERTIES LINKER_LANGUAGE CUDA)
endif()
