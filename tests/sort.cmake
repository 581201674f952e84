# Bank-conflict-free sort (issue 4): host replay and plan (unit, runs in CI),
# device checks against a host sort (gpu, skip without a device), occurrence
# lists (unit host reference, gpu builder).
gsat_add_test(test_bcfsort_sim LABELS unit
  SOURCES test_bcfsort_sim.c ${PROJECT_SOURCE_DIR}/bench/sort_inputs.c
  LIBS gsat_gpu)
