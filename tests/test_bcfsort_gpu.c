/* Device checks of the bank-conflict-free sort (issue 4) against a stable
 * host radix sort: bench/sort_check.c, shared with `sort_bench --check`.
 * Skips without a CUDA device. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <cmocka.h>

#include "bench/sort_check.h"
#include "gpu/device.h"

static void test_sort_on_device(void **state) {
  (void)state;
  if (gsat_gpu_device_count() == 0) skip();
  gsat_sort_check_result res;
  gsat_error err;
  gsat_status s = gsat_sort_check_run((size_t)1 << 24, 0, stdout, &res, &err);
  if (s != GSAT_OK) fail_msg("sort check: %s", err.message);
  assert_int_equal(res.failed, 0);
  assert_true(res.passed > 300);
}

/* The host reference itself: stable, ascending. */
static void test_reference_radix(void **state) {
  (void)state;
  uint64_t key[6] = {5, 1, 5, 0, (uint64_t)1 << 40, 1}, tk[6];
  uint32_t val[6] = {0, 1, 2, 3, 4, 5}, tv[6];
  gsat_sort_check_radix(key, val, 6, 64, tk, tv);
  const uint64_t want_key[6] = {0, 1, 1, 5, 5, (uint64_t)1 << 40};
  const uint32_t want_val[6] = {3, 1, 5, 0, 2, 4};
  assert_memory_equal(key, want_key, sizeof key);
  assert_memory_equal(val, want_val, sizeof val);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_reference_radix),
      cmocka_unit_test(test_sort_on_device),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
