/* Entry point of a cmocka test program whose every case needs a CUDA device.
 *
 *   return GSAT_RUN_GPU_ONLY_TESTS(tests);   instead of cmocka_run_group_tests
 *
 * Without a device (gsat_gpu_device_count() == 0) it runs nothing, prints
 * "no CUDA device: N GPU tests skipped" and returns GSAT_TEST_SKIPPED (77),
 * which CTest reports as skipped for a test registered with
 * gsat_add_test(... GPU_ONLY) (SKIP_RETURN_CODE 77).  A program that also has
 * host-only cases keeps cmocka_run_group_tests() and a skip() in each device
 * case, so that its host cases run everywhere. */
#ifndef GSAT_TESTS_GPU_ONLY_H
#define GSAT_TESTS_GPU_ONLY_H

#include <stddef.h>
#include <stdio.h>

#include "gpu/device.h"

/* CTest's SKIP_RETURN_CODE for gsat tests (as layout_check and the scripts). */
#define GSAT_TEST_SKIPPED 77

/* Whether a device is present; when not, says that n tests are skipped. */
static inline int gsat_test_have_gpu(size_t n) {
  if (gsat_gpu_device_count() > 0) return 1;
  printf("no CUDA device: %zu GPU test%s skipped\n", n, n == 1 ? "" : "s");
  fflush(stdout);
  return 0;
}

#define GSAT_RUN_GPU_ONLY_TESTS(tests)                                         \
  (gsat_test_have_gpu(sizeof(tests) / sizeof((tests)[0]))                      \
       ? cmocka_run_group_tests(tests, NULL, NULL)                             \
       : GSAT_TEST_SKIPPED)

#endif
