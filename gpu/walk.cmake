# The GPU walkers (local-search.md): the memory plan is plain C (always built,
# used by the SIMT emulation test); the kernel and its host side are CUDA,
# with a C stub when CUDA is off.
list(APPEND GSAT_GPU_C_SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/walk_plan.c)
list(APPEND GSAT_GPU_CU_SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/walk_search.cu)
list(APPEND GSAT_GPU_STUB_SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/walk_none.c)
