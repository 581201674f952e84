/* The host reference sort of the device sort checks (gsat_sort_host_radix,
 * tests/support/sort_inputs.h): stable, ascending, for 64- and 32-bit keys.
 * Host only, so it runs in every build; the device checks that use it are in
 * tests/test_bcfsort_gpu.c. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "tests/support/sort_inputs.h"

/* Equal keys keep their order (values 0 and 2 under key 5, 1 and 5 under
 * key 1); a key above 2^32 sorts last. */
static void test_radix_stable_64(void **state) {
  (void)state;
  uint64_t key[6] = {5, 1, 5, 0, (uint64_t)1 << 40, 1}, tk[6];
  uint32_t val[6] = {0, 1, 2, 3, 4, 5}, tv[6];
  gsat_sort_host_radix(key, val, 6, 64, tk, tv);
  const uint64_t want_key[6] = {0, 1, 1, 5, 5, (uint64_t)1 << 40};
  const uint32_t want_val[6] = {3, 1, 5, 0, 2, 4};
  assert_memory_equal(key, want_key, sizeof key);
  assert_memory_equal(val, want_val, sizeof val);
}

/* 32-bit keys differing in each of their four digits, keys only. */
static void test_radix_keys_32(void **state) {
  (void)state;
  uint64_t key[5] = {0xff000000u, 0x00010000u, 0x00000100u, 0x00000001u, 0}, tk[5];
  gsat_sort_host_radix(key, NULL, 5, 32, tk, NULL);
  const uint64_t want[5] = {0, 0x00000001u, 0x00000100u, 0x00010000u, 0xff000000u};
  assert_memory_equal(key, want, sizeof key);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_radix_stable_64),
      cmocka_unit_test(test_radix_keys_32),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
