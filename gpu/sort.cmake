# Bank-conflict-free sort (../shared/design/bcfsort.md): the plan and
# the host replay are plain C (always built, unit-tested in CI); the kernels
# are CUDA, with C stubs when CUDA is off.  Occurrence lists sort (literal,
# clause) pairs with it or with CUB's radix sort.
list(APPEND GSAT_GPU_C_SOURCES
  ${CMAKE_CURRENT_SOURCE_DIR}/bcfsort_plan.c
  ${CMAKE_CURRENT_SOURCE_DIR}/bcfsort_sim.c
  ${CMAKE_CURRENT_SOURCE_DIR}/bcfsort_sim_net.c
  ${CMAKE_CURRENT_SOURCE_DIR}/bcfsort_sim_part.c
  ${CMAKE_CURRENT_SOURCE_DIR}/occ_host.c)
list(APPEND GSAT_GPU_CU_SOURCES
  ${CMAKE_CURRENT_SOURCE_DIR}/bcfsort.cu
  ${CMAKE_CURRENT_SOURCE_DIR}/occ.cu)
list(APPEND GSAT_GPU_STUB_SOURCES
  ${CMAKE_CURRENT_SOURCE_DIR}/bcfsort_none.c
  ${CMAKE_CURRENT_SOURCE_DIR}/occ_none.c)
