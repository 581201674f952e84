# The GPU tree search: the host's wait for its kernel (the stop request's
# grace period) is plain C (always built, unit-tested in CI); the kernels and
# their host dispatch are CUDA.
list(APPEND GSAT_GPU_C_SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/kernel_wait.c)
list(APPEND GSAT_GPU_CU_SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/search.cu)
# The C stub of both searches, the DPLL and the CDCL one (gpu/cdcl.cmake).
list(APPEND GSAT_GPU_STUB_SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/search_none.c)
