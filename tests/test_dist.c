/* The distributed search's parts that need no launcher (mpi/dist.h):
 * the device of a rank (node-local rank mod visible devices, from --device
 * on) with stand-in rank and device counts, and a process started without
 * mpirun being one rank of one (size 1, rank 0, node-local rank 0). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "mpi/dist.h"

/* 8 ranks on a host of 4 GPUs: two per device, round robin. */
static void test_pick_device_round_robin(void **state) {
  (void)state;
  const int want[8] = {0, 1, 2, 3, 0, 1, 2, 3};
  for (uint32_t local = 0; local < 8; local++)
    assert_int_equal(gsat_dist_pick_device(local, 0, 4), want[local]);
  /* one device: every rank shares it; as many ranks as devices: one each */
  for (uint32_t local = 0; local < 5; local++)
    assert_int_equal(gsat_dist_pick_device(local, 0, 1), 0);
  for (uint32_t local = 0; local < 8; local++)
    assert_int_equal(gsat_dist_pick_device(local, 0, 8), (int)local);
}

/* --device=F shifts the start: ranks 0.. take F, F+1, ... mod visible. */
static void test_pick_device_first(void **state) {
  (void)state;
  assert_int_equal(gsat_dist_pick_device(0, 2, 4), 2);
  assert_int_equal(gsat_dist_pick_device(1, 2, 4), 3);
  assert_int_equal(gsat_dist_pick_device(2, 2, 4), 0);
  assert_int_equal(gsat_dist_pick_device(0, 5, 4), 1); /* beyond the count: wraps */
  assert_int_equal(gsat_dist_pick_device(UINT32_MAX, 1023, 3), (int)((1023ull + UINT32_MAX) % 3));
}

/* No device visible (a CPU host, or CUDA not built): -1 for every rank. */
static void test_pick_device_none(void **state) {
  (void)state;
  for (uint32_t local = 0; local < 4; local++) {
    assert_int_equal(gsat_dist_pick_device(local, 0, 0), -1);
    assert_int_equal(gsat_dist_pick_device(local, 0, -1), -1);
  }
  assert_int_equal(gsat_dist_pick_device(0, -1, 2), -1);
}

/* Not started by a launcher: gsat_dist_init joins nothing. */
static void test_alone(void **state) {
  (void)state;
  gsat_error err;
  gsat_error_clear(&err);
  assert_int_equal(gsat_dist_init(NULL, NULL, &err), GSAT_OK);
  assert_int_equal(gsat_dist_size(), 1);
  assert_int_equal(gsat_dist_rank(), 0);
  assert_int_equal(gsat_dist_local_size(), 1);
  assert_int_equal(gsat_dist_local_rank(), 0);
  gsat_dist_finalize();
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_pick_device_round_robin),
      cmocka_unit_test(test_pick_device_first),
      cmocka_unit_test(test_pick_device_none),
      cmocka_unit_test(test_alone),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
