# layout_check: the GPU-built CNF layouts against the host; no cmocka,
# so it also runs on the GPU machine (bench/device/layout.sh); tests/layout.cmake
# runs it under CTest.
if(TARGET gsat_dimacs)
  add_executable(layout_check ${CMAKE_CURRENT_LIST_DIR}/layout_check.c)
  target_link_libraries(layout_check PRIVATE gsat_gpu gsat_dimacs gsat_core)
  gsat_target_defaults(layout_check)
  if(GSAT_HAVE_CUDA)
    set_target_properties(layout_check PROPERTIES LINKER_LANGUAGE CUDA)
  endif()
endif()
