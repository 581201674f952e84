# The walkers (local-search.md): the step code and the CPU walkers
# (test_walk), the CLI's --search=walk (walk.sh).
gsat_add_test(test_walk SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/test_walk.c LIBS gsat_cpu)
if(TARGET gsat)
  gsat_add_script_test(walk_cli SCRIPT walk.sh TIMEOUT 60 ARGS $<TARGET_FILE:gsat>
    $<TARGET_FILE:gsat-gen>)
endif()
# The GPU walkers on host threads (simt_host.h), as tests/gpu_emulated.cmake.
if(CMAKE_CXX_COMPILER AND GSAT_CCCL_INCLUDE)
  gsat_add_test(test_walk_emulated SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/test_walk_emulated.cpp
    ${PROJECT_SOURCE_DIR}/gpu/walk_plan.c LIBS gsat_core Threads::Threads TIMEOUT 300)
  set_target_properties(test_walk_emulated PROPERTIES CXX_STANDARD 17 CXX_STANDARD_REQUIRED ON)
else()
  gsat_skipped_test(test_walk_emulated REASON no C++ compiler)
endif()
# The phase exchange between the walkers and the CDCL searchers
# (core/phases.h, phases_cdcl.h), the CPU walker beside the CDCL
# searchers and the portfolio's walker member (test_phases).
gsat_add_test(test_phases SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/test_phases.c
  LIBS gsat_api gsat_dimacs Threads::Threads)
if(GSAT_HAVE_CUDA)
  set_target_properties(test_phases PROPERTIES LINKER_LANGUAGE CUDA)
endif()
