# The distributed search over MPI on CPU ranks (mpi.sh): skipped with a
# message when gsat is built without MPI or mpirun is missing.  About 11
# minutes on the loaded 2-core development machine (section 8, the GPU
# ranks' cube loop, included).
gsat_add_test(test_dist LABELS unit SOURCES test_dist.c LIBS gsat_mpi)
if(TARGET gsat_dimacs)
  gsat_add_script_test(mpi SCRIPT mpi.sh SKIP TIMEOUT 1800
    ARGS $<TARGET_FILE:gsat> $<TARGET_FILE:gsat-gen> ${GSAT_HAVE_MPI})
endif()
