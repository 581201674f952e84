# BMMC/BPC array permutations (../shared/design/bmmc.md): the F2
# algebra and plan building are plain C (always built, unit-tested in CI); the
# kernels are CUDA, with C stubs when CUDA is off.
list(APPEND GSAT_GPU_C_SOURCES
  ${CMAKE_CURRENT_SOURCE_DIR}/f2.c
  ${CMAKE_CURRENT_SOURCE_DIR}/bmmc.c
  ${CMAKE_CURRENT_SOURCE_DIR}/bmmc_plan.c)
list(APPEND GSAT_GPU_CU_SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/bmmc.cu)
list(APPEND GSAT_GPU_STUB_SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/bmmc_none.c)
