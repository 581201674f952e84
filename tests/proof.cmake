# DRAT proof writer (core/proof.h) and the clause-sharing ring
# (core/share.h).  The proof checks run drat-trim, built here from
# ../shared/tools/drat-trim when it is present; without it those cases skip
# with a message and the encoding, error and concurrency cases still run.
set(GSAT_DRAT_TRIM_SOURCE ${PROJECT_SOURCE_DIR}/../shared/tools/drat-trim/drat-trim.c)
set(GSAT_DRAT_TRIM_PATH "")
if(EXISTS ${GSAT_DRAT_TRIM_SOURCE})
  add_executable(gsat_drat_trim ${GSAT_DRAT_TRIM_SOURCE})
  # third-party code, built as its README says (C99, its own warnings are not ours)
  set_target_properties(gsat_drat_trim PROPERTIES OUTPUT_NAME drat-trim
    C_STANDARD 99 C_EXTENSIONS ON)
  target_compile_options(gsat_drat_trim PRIVATE -w)
  set(GSAT_DRAT_TRIM_PATH $<TARGET_FILE:gsat_drat_trim>)
endif()

# Test target NAME calls drat-trim: its path as GSAT_DRAT_TRIM, built first.
function(gsat_test_drat_trim name)
  target_compile_definitions(${name} PRIVATE GSAT_DRAT_TRIM="${GSAT_DRAT_TRIM_PATH}")
  if(TARGET gsat_drat_trim)
    add_dependencies(${name} gsat_drat_trim)
  endif()
endfunction()

gsat_add_test(test_proof LABELS unit SOURCES test_proof.c LIBS gsat_core)
gsat_test_drat_trim(test_proof)

gsat_add_test(test_share LABELS unit SOURCES test_share.c LIBS gsat_core)
gsat_add_test(test_cube LABELS unit SOURCES test_cube.c LIBS gsat_core)

# DRAT proofs of the CDCL search over the corpus, checked by drat-trim: one
# searcher (proof_cdcl) and the portfolio of two, one log without deletions
# (proof_cdcl_threads); the thread count comes from GSAT_THREADS.
foreach(threads 1 2)
  set(name proof_cdcl)
  if(threads GREATER 1)
    set(name proof_cdcl_threads)
  endif()
  if(TARGET gsat_drat_trim)
    gsat_add_script_test(${name} SCRIPT proof_cdcl.sh SKIP LABELS corpus TIMEOUT 900
      ARGS $<TARGET_FILE:gsat> $<TARGET_FILE:gsat_drat_trim>)
  else()
    gsat_add_script_test(${name} SCRIPT proof_cdcl.sh SKIP LABELS corpus TIMEOUT 900
      ARGS $<TARGET_FILE:gsat>)
  endif()
  if(TEST ${name})
    set_tests_properties(${name} PROPERTIES ENVIRONMENT GSAT_THREADS=${threads})
  endif()
endforeach()
# The same with a CPU walker beside the one searcher, its phases taken at
# rephase (--cdcl-walk, docs/phases.md): phases never touch the proof.
if(TEST proof_cdcl)
  if(TARGET gsat_drat_trim)
    gsat_add_script_test(proof_cdcl_walk SCRIPT proof_cdcl.sh SKIP LABELS corpus TIMEOUT 900
      ARGS $<TARGET_FILE:gsat> $<TARGET_FILE:gsat_drat_trim>)
  else()
    gsat_add_script_test(proof_cdcl_walk SCRIPT proof_cdcl.sh SKIP LABELS corpus TIMEOUT 900
      ARGS $<TARGET_FILE:gsat>)
  endif()
  set_tests_properties(proof_cdcl_walk PROPERTIES ENVIRONMENT "GSAT_THREADS=1;GSAT_CDCL_WALK=1000")
endif()

if(TARGET gsat_dimacs)
  gsat_add_test(test_portfolio LABELS unit SOURCES test_portfolio.c
    LIBS gsat_cpu gsat_dimacs ZLIB::ZLIB Threads::Threads)
  gsat_test_drat_trim(test_portfolio)
endif()

# The IPASIR library as an application links it: libipasirgsat.a alone.
if(TARGET ipasirgsat)
  gsat_add_test(test_ipasir LABELS unit SOURCES test_ipasir.c LIBS ipasirgsat)
endif()
