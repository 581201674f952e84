# gsat-parse-bench: DIMACS parse speed (gsat_dimacs_read_path) on given files.
if(TARGET gsat_dimacs)
  add_executable(gsat-parse-bench ${CMAKE_CURRENT_LIST_DIR}/parse.c)
  target_link_libraries(gsat-parse-bench PRIVATE gsat_dimacs)
  gsat_target_defaults(gsat-parse-bench)
endif()
