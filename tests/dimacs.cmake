# DIMACS reader, writer and generator tests (dimacs/).
if(TARGET gsat_dimacs)
  set(GSAT_DIMACS_TEST_LIBS gsat_dimacs ZLIB::ZLIB Threads::Threads)
  gsat_add_test(test_dimacs LABELS unit
    SOURCES test_dimacs.c dimacs_util.c LIBS ${GSAT_DIMACS_TEST_LIBS})
  gsat_add_test(test_dimacs_io LABELS unit
    SOURCES test_dimacs_io.c dimacs_util.c LIBS ${GSAT_DIMACS_TEST_LIBS})
  gsat_add_test(test_dimacs_compress LABELS unit
    SOURCES test_dimacs_compress.c dimacs_util.c LIBS ${GSAT_DIMACS_TEST_LIBS})
  # The same tests against the reader built without liblzma and libbz2: such
  # input must be an I/O error that names the format and the library.
  set(GSAT_DIMACS_DIR ${PROJECT_SOURCE_DIR}/dimacs)
  add_library(test_dimacs_bare STATIC ${GSAT_DIMACS_DIR}/dimacs.c
    ${GSAT_DIMACS_DIR}/input.c ${GSAT_DIMACS_DIR}/codec.c
    ${GSAT_DIMACS_DIR}/write.c ${GSAT_DIMACS_DIR}/generate.c)
  target_link_libraries(test_dimacs_bare PUBLIC gsat_core ZLIB::ZLIB)
  gsat_target_defaults(test_dimacs_bare)
  gsat_add_test(test_dimacs_compress_bare LABELS unit
    SOURCES test_dimacs_compress.c dimacs_util.c
    LIBS test_dimacs_bare ZLIB::ZLIB Threads::Threads)
  gsat_add_test(test_gen LABELS unit
    SOURCES test_gen.c dimacs_util.c LIBS ${GSAT_DIMACS_TEST_LIBS})
  target_compile_definitions(test_gen PRIVATE
    GSAT_GEN_PATH="$<TARGET_FILE:gsat-gen>")
  add_dependencies(test_gen gsat-gen)
  # The benchmark corpus in ../shared/bench (skipped, exit 77, when absent).
  gsat_add_test(test_dimacs_corpus SKIP LABELS unit
    SOURCES test_dimacs_corpus.c dimacs_util.c LIBS ${GSAT_DIMACS_TEST_LIBS})
endif()
