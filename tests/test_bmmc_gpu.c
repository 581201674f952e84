/* Device checks of the BMMC kernels against the CPU scatter (skipped, exit
 * 77, without a device).  The checks themselves live in
 * tests/support/bmmc_check.c so that the H200 machine, which has no cmocka,
 * runs them through `device_check bmmc`. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <cmocka.h>

#include "tests/support/bmmc_check.h"
#include "tests/gpu_only.h"

static void test_bmmc_device(void **state) {
  (void)state;
  gsat_bmmc_check_result res;
  gsat_error err;
  gsat_error_clear(&err);
  gsat_status s = gsat_bmmc_check_run(28, stdout, &res, &err);
  if (s != GSAT_OK) fail_msg("%s", err.message);
  assert_int_equal(res.failed, 0);
  assert_true(res.passed > 100);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_bmmc_device),
  };
  return GSAT_RUN_GPU_ONLY_TESTS(tests);
}
