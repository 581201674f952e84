gsat_add_test(test_options SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/test_options.c LIBS gsat_core)
gsat_add_test(test_config_options SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/test_config_options.c
  LIBS gsat_core)
gsat_add_test(test_db SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/test_db.c LIBS gsat_core)
gsat_add_test(test_counters LABELS unit SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/test_counters.c
  LIBS gsat_api gsat_dimacs Threads::Threads)
if(GSAT_HAVE_CUDA)
  set_target_properties(test_counters PROPERTIES LINKER_LANGUAGE CUDA)
endif()
