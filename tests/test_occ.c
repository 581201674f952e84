/* Host reference of the occurrence lists (gpu/occ.h); the device builder is
 * checked against it in tests/test_bcfsort_gpu.c (tests/support/sort_check.c).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "tests/support/sort_inputs.h"
#include "gpu/occ.h"

/* Clauses {0 2} {} {3 0 0} {2}: literal 1 occurs nowhere. */
static void test_small(void **state) {
  (void)state;
  const uint32_t cs[5] = {0, 2, 2, 5, 6}, lits[6] = {0, 2, 3, 0, 0, 2};
  uint32_t start[5], clause[6];
  gsat_occ_build_host(cs, lits, 4, 4, start, clause);
  const uint32_t want_start[5] = {0, 3, 3, 5, 6};
  const uint32_t want_clause[6] = {0, 2, 2, 0, 3, 2};
  assert_memory_equal(start, want_start, sizeof start);
  assert_memory_equal(clause, want_clause, sizeof clause);
}

/* Random CNFs against a scan of every clause for every literal. */
static void test_random_against_scan(void **state) {
  (void)state;
  uint64_t seed = 3;
  enum { VARS = 40, CLAUSES = 300 };
  uint32_t cs[CLAUSES + 1], lits[CLAUSES * 5], start[2 * VARS + 1];
  uint32_t clause[CLAUSES * 5];
  cs[0] = 0;
  for (int c = 0; c < CLAUSES; ++c) {
    cs[c + 1] = cs[c] + (uint32_t)(gsat_sort_rand(&seed) % 6);
    for (uint32_t p = cs[c]; p < cs[c + 1]; ++p)
      lits[p] = (uint32_t)(gsat_sort_rand(&seed) % (2 * VARS));
  }
  gsat_occ_build_host(cs, lits, CLAUSES, 2 * VARS, start, clause);
  uint32_t at = 0;
  for (uint32_t l = 0; l < 2 * VARS; ++l) {
    assert_int_equal(start[l], at);
    for (uint32_t c = 0; c < CLAUSES; ++c)
      for (uint32_t p = cs[c]; p < cs[c + 1]; ++p)
        if (lits[p] == l) assert_int_equal(clause[at++], c);
  }
  assert_int_equal(start[2 * VARS], cs[CLAUSES]);
  assert_int_equal(at, cs[CLAUSES]);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_small),
      cmocka_unit_test(test_random_against_scan),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
