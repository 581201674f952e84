# The walkers (local-search.md): the step code and the CPU walkers
# (test_walk), the CLI's --search=walk (walk.sh).
gsat_add_test(test_walk SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/test_walk.c LIBS gsat_cpu_ref)
if(TARGET gsat)
  gsat_add_script_test(walk_cli SCRIPT walk.sh TIMEOUT 60 ARGS $<TARGET_FILE:gsat>
    $<TARGET_FILE:gsat-gen>)
endif()
