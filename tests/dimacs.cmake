# DIMACS reader, writer and generator tests (dimacs/).
if(TARGET gsat_dimacs)
  set(GSAT_DIMACS_TEST_LIBS gsat_dimacs ZLIB::ZLIB Threads::Threads)
  gsat_add_test(test_dimacs LABELS unit
    SOURCES test_dimacs.c dimacs_util.c LIBS ${GSAT_DIMACS_TEST_LIBS})
  gsat_add_test(test_dimacs_io LABELS unit
    SOURCES test_dimacs_io.c dimacs_util.c LIBS ${GSAT_DIMACS_TEST_LIBS})
  gsat_add_test(test_gen LABELS unit
    SOURCES test_gen.c dimacs_util.c LIBS ${GSAT_DIMACS_TEST_LIBS})
  target_compile_definitions(test_gen PRIVATE
    GSAT_GEN_PATH="$<TARGET_FILE:gsat-gen>")
  add_dependencies(test_gen gsat-gen)
  # The benchmark corpus in ../shared/bench (skipped, exit 77, when absent).
  gsat_add_test(test_dimacs_corpus SKIP LABELS unit
    SOURCES test_dimacs_corpus.c dimacs_util.c LIBS ${GSAT_DIMACS_TEST_LIBS})
endif()
