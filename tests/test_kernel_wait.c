/* The host's wait for a GPU search kernel (gpu/kernel_wait.h) without a GPU:
 * gpu/search.cu's supervision loop replayed on a simulated clock against
 * simulated kernels (one that ends by itself, one that stops soon after the
 * request, one that never stops, as the lane mapping did on the H200): when
 * the stop is sent, that a kernel stopping within the grace period is waited
 * for, and that a stuck one is given up on at the end of the grace period
 * and counted for the process. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "gpu/kernel_wait.h"

/* A simulated kernel: ends by itself at `ends`, or `stops_after` seconds after
 * it sees the stop flag (< 0: never); `sent` is the host's stop flag. */
typedef struct fake_kernel {
  double ends, stops_after, saw_stop;
  int sent;
} fake_kernel;

static int fake_done(fake_kernel *k, double now) {
  if (now >= k->ends) return 1;
  if (!k->sent || k->stops_after < 0) return 0;
  if (k->saw_stop < 0) k->saw_stop = now;
  return now - k->saw_stop >= k->stops_after;
}

/* The outcome of one supervision. */
typedef struct wait_end {
  int stuck;      /* given up on */
  double at;      /* simulated seconds when the loop ended */
  double sent_at; /* when the stop was sent, -1 never */
} wait_end;

/* gpu/search.cu's loop: poll the kernel every 0.5 ms, ask for a stop once
 * `limit` seconds have passed (a time limit; < 0: none), give up on STUCK.
 * Bounded by 1e6 polls (500 simulated s): a loop that never ends fails. */
static wait_end supervise(fake_kernel *k, double limit, double grace) {
  gsat_kernel_wait w;
  gsat_kernel_wait_init(&w, grace);
  wait_end e = {0, 0, -1};
  double now = 0;
  for (long i = 0; i < 1000000; i++) {
    if (fake_done(k, now)) {
      e.at = now;
      e.sent_at = w.sent_at;
      return e;
    }
    now += 0.0005;
    gsat_kernel_wait_action a = gsat_kernel_wait_step(&w, now, limit >= 0 && now >= limit);
    if (a == GSAT_KERNEL_WAIT_SEND_STOP) {
      assert_false(k->sent); /* once */
      k->sent = 1;
    } else if (a == GSAT_KERNEL_WAIT_STUCK) {
      gsat_gpu_note_stuck_kernel();
      e.stuck = 1;
      e.at = now;
      e.sent_at = w.sent_at;
      return e;
    }
  }
  fail_msg("the supervision loop did not end");
  return e;
}

static void a_kernel_that_ends_is_never_stopped(void **state) {
  (void)state;
  fake_kernel k = {1.25, -1, -1, 0};
  wait_end e = supervise(&k, -1, 0);
  assert_false(e.stuck);
  assert_false(k.sent);
  assert_true(e.sent_at < 0);
  assert_true(e.at >= 1.25 && e.at < 1.2510);
  assert_int_equal(gsat_gpu_stuck_kernels(), 0);
}

static void a_kernel_that_stops_within_the_grace_is_waited_for(void **state) {
  (void)state;
  /* the stop at the 10 s limit, the kernel out 1.9 s later (grace 2 s) */
  fake_kernel k = {1e9, 1.9, -1, 0};
  wait_end e = supervise(&k, 10, 0);
  assert_false(e.stuck);
  assert_true(k.sent);
  assert_true(e.sent_at >= 10 && e.sent_at < 10.001);
  assert_true(e.at >= 11.9 && e.at < 11.91);
  assert_int_equal(gsat_gpu_stuck_kernels(), 0);
}

static void a_stuck_kernel_is_given_up_after_the_grace(void **state) {
  (void)state;
  fake_kernel k = {1e9, -1, -1, 0}; /* ignores the stop flag */
  wait_end e = supervise(&k, 10, 0);
  assert_true(e.stuck);
  assert_true(k.sent);
  assert_true(e.at - e.sent_at >= GSAT_GPU_STOP_GRACE);
  assert_true(e.at - e.sent_at < GSAT_GPU_STOP_GRACE + 0.001);
  assert_int_equal(gsat_gpu_stuck_kernels(), 1);
  /* the hidden option's grace instead of the default */
  fake_kernel k2 = {1e9, -1, -1, 0};
  e = supervise(&k2, 0.5, 0.25);
  assert_true(e.stuck);
  assert_true(e.at - e.sent_at >= 0.25 && e.at - e.sent_at < 0.2510);
  assert_int_equal(gsat_gpu_stuck_kernels(), 2);
}

/* Order matters: the process-wide count only grows (the last case). */
int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(a_kernel_that_ends_is_never_stopped),
      cmocka_unit_test(a_kernel_that_stops_within_the_grace_is_waited_for),
      cmocka_unit_test(a_stuck_kernel_is_given_up_after_the_grace),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
