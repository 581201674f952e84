# BMMC/BPC permutation benchmark; run on the GPU machine through
# bench/device/bmmc.sh (its device checks are test support: device_check bmmc).
if(GSAT_HAVE_CUDA)
  add_executable(bmmc_bench ${CMAKE_CURRENT_SOURCE_DIR}/bmmc_bench.cu)
  target_link_libraries(bmmc_bench PRIVATE gsat_kernels)
  target_compile_options(bmmc_bench PRIVATE
    $<$<COMPILE_LANGUAGE:CUDA>:-lineinfo -Xptxas=-warn-spills>)
  gsat_target_defaults(bmmc_bench)
endif()
