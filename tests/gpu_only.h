/* Entry point of a cmocka test program whose every case needs a CUDA device.
 *
 *   return GSAT_RUN_GPU_ONLY_TESTS(tests);   instead of cmocka_run_group_tests
 *
 * Without a usable device (gsat_gpu_usable(), as the solver decides: a
 * driver, the device, compute capability 9.0 or newer) it runs nothing,
 * prints "N GPU tests skipped: why" and returns
 * GSAT_TEST_SKIPPED (77), which CTest reports as skipped for a test
 * registered with gsat_add_test(... GPU_ONLY) (SKIP_RETURN_CODE 77); the
 * cases themselves need no skip().  A program that also has host-only cases
 * keeps cmocka_run_group_tests() and a skip() in each device case, so that
 * its host cases run everywhere. */
#ifndef GSAT_TESTS_GPU_ONLY_H
#define GSAT_TESTS_GPU_ONLY_H

#include <stddef.h>
#include <stdio.h>

#include "gpu/search.h"
#include "tests/test_skip.h"

/* Whether device 0 is usable (gsat_gpu_usable: a driver, the device, compute
 * capability 9.0 or newer, which the kernels are built for); when not, says
 * why and that n tests are skipped. */
static inline int gsat_test_have_gpu(size_t n) {
  char reason[128] = "";
  if (gsat_gpu_usable(0, reason, sizeof reason)) return 1;
  printf("%zu GPU test%s skipped: %s\n", n, n == 1 ? "" : "s", reason);
  fflush(stdout);
  return 0;
}

#define GSAT_RUN_GPU_ONLY_TESTS(tests)                                                             \
  (gsat_test_have_gpu(sizeof(tests) / sizeof((tests)[0]))                                          \
       ? cmocka_run_group_tests(tests, NULL, NULL)                                                 \
       : GSAT_TEST_SKIPPED)

#endif
