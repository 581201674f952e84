# The GPU CDCL search: the plan is plain C (always built, used by
# the SIMT emulation test); the kernel and its host side are CUDA, with a C
# stub when CUDA is off (search_none.c, beside the GPU DPLL search's).
list(APPEND GSAT_GPU_C_SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/cdcl_plan.c)
list(APPEND GSAT_GPU_CU_SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/cdcl_search.cu
     ${CMAKE_CURRENT_SOURCE_DIR}/cdcl_port.cu)
