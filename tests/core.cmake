gsat_add_test(test_options SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/test_options.c LIBS gsat_core)
gsat_add_test(test_db SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/test_db.c LIBS gsat_core)
