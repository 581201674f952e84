# The host's wait for a GPU search kernel (gpu/kernel_wait.h: the stop
# request's grace period, the stuck-kernel count) on a simulated clock (unit,
# runs in CI).
gsat_add_test(test_kernel_wait LABELS unit SOURCES test_kernel_wait.c LIBS gsat_gpu gsat_core)
