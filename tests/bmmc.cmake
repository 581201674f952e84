# BMMC/BPC permutations: host algebra, plan building and the host
# replay of the kernels (unit, run in CI); device checks (gpu, skip without a
# device; tests/support/bmmc_check.c, shared with the program device_check).
gsat_add_test(test_f2 LABELS unit SOURCES test_f2.c LIBS gsat_kernels)
gsat_add_test(test_bmmc LABELS unit SOURCES test_bmmc.c LIBS gsat_kernels)
gsat_add_test(test_bmmc_replay LABELS unit SOURCES test_bmmc_replay.c
  LIBS gsat_kernels)
gsat_add_device_test(test_bmmc_gpu SOURCES test_bmmc_gpu.c LIBS gsat_device_checks)
