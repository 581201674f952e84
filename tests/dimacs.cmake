# DIMACS reader, writer and generator tests (dimacs/).
if(TARGET gsat_dimacs)
  set(GSAT_DIMACS_TEST_LIBS gsat_dimacs ZLIB::ZLIB Threads::Threads)
  gsat_add_test(test_dimacs LABELS unit
    SOURCES test_dimacs.c dimacs_util.c LIBS ${GSAT_DIMACS_TEST_LIBS})
endif()
