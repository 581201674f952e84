# (Named to sort after proof.cmake, which defines the gsat_drat_trim target.)
# CDCL (core/cdcl.h, cpu/cdcl_cpu.c): unit tests of the step code
# and the random differential test against MiniSat and CaDiCaL (2000 small
# formulas, all option sets, models and DRAT proofs checked).
if(TARGET gsat_drat_trim)
  gsat_add_script_test(cdcl_diff SCRIPT cdcl_diff.sh SKIP LABELS unit TIMEOUT 1500
    ARGS $<TARGET_FILE:gsat> $<TARGET_FILE:gsat-gen> 2000 $<TARGET_FILE:gsat_drat_trim>)
else()
  gsat_add_script_test(cdcl_diff SCRIPT cdcl_diff.sh SKIP LABELS unit TIMEOUT 1500
    ARGS $<TARGET_FILE:gsat> $<TARGET_FILE:gsat-gen> 2000)
endif()
gsat_add_test(test_cdcl LABELS unit SOURCES test_cdcl.c LIBS gsat_core)
gsat_add_test(test_vivify LABELS unit SOURCES test_vivify.c LIBS gsat_core)
# The preprocessing (core/simp.h): its unit test and the differential
# test over 2000 generated circuit formulas (models, DRAT proofs, a cut proof).
if(TARGET gsat_drat_trim)
  gsat_add_script_test(simp_diff SCRIPT simp_diff.sh SKIP LABELS unit TIMEOUT 1500
    ARGS $<TARGET_FILE:gsat> $<TARGET_FILE:gsat-gen> 2000 $<TARGET_FILE:gsat_drat_trim>)
else()
  gsat_add_script_test(simp_diff SCRIPT simp_diff.sh SKIP LABELS unit TIMEOUT 1500
    ARGS $<TARGET_FILE:gsat> $<TARGET_FILE:gsat-gen> 2000)
endif()
gsat_add_test(test_simp LABELS unit SOURCES test_simp.c LIBS gsat_core)
# SAT sweeping (--sweep): its equivalences and units, proofs through drat-trim.
gsat_add_test(test_sweep LABELS unit SOURCES test_sweep.c LIBS gsat_core)
gsat_test_drat_trim(test_sweep)
# Congruence closure (--congruence): congruent gates, closure, proofs through drat-trim.
gsat_add_test(test_congruence LABELS unit SOURCES test_congruence.c LIBS gsat_core)
gsat_test_drat_trim(test_congruence)
gsat_add_test(test_inproc LABELS unit SOURCES test_inproc.c LIBS gsat_cpu)
