# The GPU search kernels on host threads (simt_host.h): C++ on the host compiler,
# CUDA headers (libcu++ atomics) from the toolkit when present.
include(CheckLanguage)
check_language(CXX)
find_path(GSAT_CCCL_INCLUDE cuda/atomic
  HINTS ${CUDAToolkit_INCLUDE_DIRS} /usr/local/cuda/include/cccl /usr/local/cuda/include
  PATH_SUFFIXES cccl)
if(CMAKE_CXX_COMPILER AND GSAT_CCCL_INCLUDE)
  enable_language(CXX)
  gsat_add_test(test_gpu_emulated SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/test_gpu_emulated.cpp
    ${PROJECT_SOURCE_DIR}/gpu/slot_layout.c ${PROJECT_SOURCE_DIR}/gpu/occ_host.c
    LIBS gsat_cpu gsat_dimacs gsat_core Threads::Threads TIMEOUT 900)
  set_target_properties(test_gpu_emulated PROPERTIES CXX_STANDARD 17 CXX_STANDARD_REQUIRED ON)
  target_include_directories(test_gpu_emulated PRIVATE ${GSAT_CCCL_INCLUDE})
  # The GPU CDCL searchers (gpu/cdcl_warp.cuh) on host threads.
  # Its proofs are checked by drat-trim (tests/proof.cmake builds it from
  # ../shared/tools/drat-trim; without it those cases skip with a message).
  gsat_add_test(test_gpu_cdcl_emulated SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/test_gpu_cdcl_emulated.cpp
    ${PROJECT_SOURCE_DIR}/gpu/cdcl_plan.c ${PROJECT_SOURCE_DIR}/gpu/kernel_wait.c
    LIBS gsat_cpu gsat_dimacs gsat_core Threads::Threads TIMEOUT 900)
  set_target_properties(test_gpu_cdcl_emulated PROPERTIES CXX_STANDARD 17 CXX_STANDARD_REQUIRED ON)
  target_include_directories(test_gpu_cdcl_emulated PRIVATE ${GSAT_CCCL_INCLUDE})
  if(EXISTS ${PROJECT_SOURCE_DIR}/../shared/tools/drat-trim/drat-trim.c)
    target_compile_definitions(test_gpu_cdcl_emulated PRIVATE
      GSAT_DRAT_TRIM="$<TARGET_FILE:gsat_drat_trim>")
    add_dependencies(test_gpu_cdcl_emulated gsat_drat_trim)
  else()
    target_compile_definitions(test_gpu_cdcl_emulated PRIVATE GSAT_DRAT_TRIM="")
  endif()
else()
  message(STATUS "gsat: no C++ compiler or no libcu++ headers: GPU search emulation test skipped")
  gsat_skipped_test(test_gpu_cdcl_emulated REASON no C++ compiler or no libcu++ headers)
  gsat_skipped_test(test_gpu_emulated REASON no C++ compiler or no libcu++ headers
    "(cuda/atomic, from the CUDA toolkit)" at configure time)
endif()
