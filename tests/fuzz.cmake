# Fuzz harnesses (tests/fuzz/, docs/testing.md).  In every build, each harness
# is linked with tests/fuzz/replay.c and replays its seed corpus and the crash
# regressions as a CTest test (label unit).  With -DGSAT_FUZZ=ON and clang, the
# harnesses are also built as libFuzzer programs (fuzz_dimacs, fuzz_solve) with
# AddressSanitizer and UndefinedBehaviorSanitizer; the code under test is
# compiled into them so that it carries the coverage instrumentation.
option(GSAT_FUZZ "build the libFuzzer harnesses in tests/fuzz (clang only)" OFF)

set(GSAT_FUZZ_DIR ${CMAKE_CURRENT_SOURCE_DIR}/fuzz)
# The reader harness runs on a 7-byte chunk buffer: tokens straddle chunks.
set(GSAT_FUZZ_DIMACS_DEFS GSAT_DIMACS_CHUNK=7 ${GSAT_COMPRESS_DEFS})
set(GSAT_FUZZ_DIMACS_SOURCES ${PROJECT_SOURCE_DIR}/dimacs/dimacs.c
  ${PROJECT_SOURCE_DIR}/dimacs/input.c ${PROJECT_SOURCE_DIR}/dimacs/codec.c)

# Absolute paths of the sources of the given library targets.
function(gsat_fuzz_sources out)
  set(all "")
  foreach(t ${ARGN})
    get_target_property(src ${t} SOURCES)
    get_target_property(dir ${t} SOURCE_DIR)
    foreach(s ${src})
      if(IS_ABSOLUTE ${s})
        list(APPEND all ${s})
      else()
        list(APPEND all ${dir}/${s})
      endif()
    endforeach()
  endforeach()
  set(${out} ${all} PARENT_SCOPE)
endfunction()

function(gsat_fuzz_replay_test name harness)
  cmake_parse_arguments(R "" "" "SOURCES;DEFS;LIBS;INPUTS" ${ARGN})
  add_executable(${name} ${GSAT_FUZZ_DIR}/replay.c ${GSAT_FUZZ_DIR}/${harness}
    ${R_SOURCES})
  target_include_directories(${name} PRIVATE ${PROJECT_SOURCE_DIR})
  target_compile_definitions(${name} PRIVATE ${R_DEFS})
  target_link_libraries(${name} PRIVATE ${R_LIBS})
  gsat_target_defaults(${name})
  if(GSAT_HAVE_CUDA)
    set_target_properties(${name} PROPERTIES LINKER_LANGUAGE CUDA)
  endif()
  add_test(NAME ${name} COMMAND ${name} ${R_INPUTS}
    WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
  set_tests_properties(${name} PROPERTIES LABELS unit TIMEOUT 600)
endfunction()

if(TARGET gsat_dimacs)
  set(GSAT_FUZZ_SEEDS tests/dimacs/good tests/dimacs/bad tests/fuzz/seeds)
  gsat_fuzz_replay_test(fuzz_dimacs_replay fuzz_dimacs.c
    SOURCES ${GSAT_FUZZ_DIMACS_SOURCES} DEFS ${GSAT_FUZZ_DIMACS_DEFS}
    LIBS gsat_core ZLIB::ZLIB ${GSAT_COMPRESS_LIBS}
    INPUTS ${GSAT_FUZZ_SEEDS} tests/fuzz/regressions/dimacs)
  gsat_fuzz_replay_test(fuzz_solve_replay fuzz_solve.c
    LIBS gsat_api gsat_dimacs
    INPUTS ${GSAT_FUZZ_SEEDS} tests/fuzz/regressions/solve)
endif()

if(GSAT_FUZZ)
  if(NOT CMAKE_C_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "GSAT_FUZZ needs clang (libFuzzer): configure with "
      "-DCMAKE_C_COMPILER=clang")
  endif()
  set(GSAT_FUZZ_FLAGS -fsanitize=fuzzer,address,undefined
    -fno-sanitize-recover=all -fno-omit-frame-pointer -g)
  function(gsat_fuzz_target name harness)
    cmake_parse_arguments(F "" "" "SOURCES;DEFS;LIBS" ${ARGN})
    add_executable(${name} ${GSAT_FUZZ_DIR}/${harness} ${F_SOURCES})
    target_include_directories(${name} PRIVATE ${PROJECT_SOURCE_DIR})
    target_compile_definitions(${name} PRIVATE ${F_DEFS})
    target_compile_options(${name} PRIVATE ${GSAT_FUZZ_FLAGS})
    target_link_options(${name} PRIVATE ${GSAT_FUZZ_FLAGS})
    target_link_libraries(${name} PRIVATE ${F_LIBS})
    gsat_target_defaults(${name})
    set_target_properties(${name} PROPERTIES RUNTIME_OUTPUT_DIRECTORY
      ${PROJECT_BINARY_DIR}/fuzz)
  endfunction()
  gsat_fuzz_sources(GSAT_FUZZ_CORE gsat_core)
  gsat_fuzz_target(fuzz_dimacs fuzz_dimacs.c
    SOURCES ${GSAT_FUZZ_DIMACS_SOURCES} ${GSAT_FUZZ_CORE}
    DEFS ${GSAT_FUZZ_DIMACS_DEFS} LIBS ZLIB::ZLIB ${GSAT_COMPRESS_LIBS} m)
  gsat_fuzz_sources(GSAT_FUZZ_SOLVE gsat_core gsat_dimacs gsat_cpu gsat_api)
  gsat_fuzz_target(fuzz_solve fuzz_solve.c
    SOURCES ${GSAT_FUZZ_SOLVE} ${PROJECT_SOURCE_DIR}/gpu/search_none.c
    DEFS ${GSAT_COMPRESS_DEFS}
    LIBS ZLIB::ZLIB ${GSAT_COMPRESS_LIBS} Threads::Threads m)
endif()
