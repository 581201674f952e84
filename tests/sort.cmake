# Bank-conflict-free sort: host replay and plan (unit, runs in CI),
# device checks against a host sort (gpu, skip without a device), occurrence
# lists (unit host reference, gpu builder), the host reference sort (unit).
# The key distributions, the reference sort and the device checks are test
# support (tests/support/).
gsat_add_test(test_bcfsort_sim LABELS unit
  SOURCES test_bcfsort_sim.c LIBS gsat_sort_inputs gsat_kernels)
gsat_add_device_test(test_bcfsort_gpu SOURCES test_bcfsort_gpu.c LIBS gsat_device_checks)
gsat_add_test(test_occ LABELS unit
  SOURCES test_occ.c LIBS gsat_sort_inputs gsat_gpu)
gsat_add_test(test_sort_ref LABELS unit
  SOURCES test_sort_ref.c LIBS gsat_sort_inputs m)
