# Occurrence lists built on the device: (literal, clause) pairs sorted with
# the bank-conflict-free sort (kernels/) or with CUB's radix sort; the host
# reference is plain C (always built, unit-tested in CI).
list(APPEND GSAT_GPU_C_SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/occ_host.c)
list(APPEND GSAT_GPU_CU_SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/occ.cu)
list(APPEND GSAT_GPU_STUB_SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/occ_none.c)
