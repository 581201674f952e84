/* Device checks of the bank-conflict-free sort against a stable
 * host radix sort: tests/support/sort_check.c, shared with `device_check`.
 * Skipped (exit 77) without a CUDA device; the host reference sort is checked
 * in tests/test_sort_ref.c. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <cmocka.h>

#include "tests/support/sort_check.h"
#include "tests/gpu_only.h"

static void test_sort_on_device(void **state) {
  (void)state;
  gsat_sort_check_result res;
  gsat_error err;
  gsat_status s = gsat_sort_check_run((size_t)1 << 24, 0, stdout, &res, &err);
  if (s != GSAT_OK) fail_msg("sort check: %s", err.message);
  assert_int_equal(res.failed, 0);
  assert_true(res.passed > 300);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_sort_on_device),
  };
  return GSAT_RUN_GPU_ONLY_TESTS(tests);
}
