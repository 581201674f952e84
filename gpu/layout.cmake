# Coalesced CNF layouts for the GPU search: the index functions and
# host references are plain C (always built, unit-tested in CI); the device
# builder is CUDA, with C stubs when CUDA is off.
list(APPEND GSAT_GPU_C_SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/slot_layout.c)
list(APPEND GSAT_GPU_CU_SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/layout_build.cu)
list(APPEND GSAT_GPU_STUB_SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/layout_build_none.c)
