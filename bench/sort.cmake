# Bank-conflict-free sort benchmark; run on the GPU machine through
# bench/device/sort.sh (its device checks are test support: device_check sort).
if(GSAT_HAVE_CUDA)
  add_executable(sort_bench ${CMAKE_CURRENT_SOURCE_DIR}/sort_bench.cu)
  target_link_libraries(sort_bench PRIVATE gsat_gpu)
  target_compile_options(sort_bench PRIVATE
    $<$<COMPILE_LANGUAGE:CUDA>:-lineinfo>)
  gsat_target_defaults(sort_bench)
endif()
