/* The host's wait for a GPU search kernel (gpu/kernel_wait.h) without a GPU:
 * the supervision loop of gpu/search.cu (DPLL) and gpu/cdcl_search.cu (CDCL)
 * replayed on a simulated clock against simulated kernels (one that ends by
 * itself, one that stops soon after the request, one that never stops): when the stop is sent
 * (once, whichever of the CDCL loop's sources comes first: the limit, the stop flag, the clause
 * port's verdict), that a kernel stopping within the grace period is waited for, and that a stuck
 * one is given up on at the end of the grace period (gsat_kernel_wait_give_up: a CUDA error naming
 * the workers that have not left) and counted for the process.  The report itself: counts by phase,
 * the workers named, cut at whole entries. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "gpu/kernel_wait.h"

/* A worker's phase as the kernels store it (gsat_cdcl_gpu_at's layout). */
typedef struct fake_at {
  unsigned where, round;
} fake_at;

#define FAKE_WORKERS 6

/* A simulated kernel: ends by itself at `ends`, or `stops_after` seconds after
 * it sees the stop flag (< 0: never); `sent` is the host's stop flag.  Its
 * workers search (round 7) until it ends, when they leave; a stuck one's
 * workers 1 and 4 stay in search, the others leave when it sees the flag. */
typedef struct fake_kernel {
  double ends, stops_after, saw_stop;
  int sent;
  fake_at at[FAKE_WORKERS];
} fake_kernel;

static void fake_leave(fake_kernel *k, int all) {
  for (int i = 0; i < FAKE_WORKERS; i++)
    if (all || (i != 1 && i != 4)) k->at[i].where = GSAT_GPU_AT_LEFT;
}

static int fake_done(fake_kernel *k, double now) {
  if (k->at[0].where == GSAT_GPU_AT_NOT_STARTED)
    for (int i = 0; i < FAKE_WORKERS; i++) k->at[i] = (fake_at){GSAT_GPU_AT_SEARCH, 7};
  int done = now >= k->ends;
  if (!done && k->sent && k->stops_after >= 0) {
    if (k->saw_stop < 0) k->saw_stop = now;
    done = now - k->saw_stop >= k->stops_after;
  }
  if (done)
    fake_leave(k, 1);
  else if (k->sent)
    fake_leave(k, 0);
  return done;
}

/* The outcome of one supervision. */
typedef struct wait_end {
  int stuck;      /* given up on */
  double at;      /* simulated seconds when the loop ended */
  double sent_at; /* when the stop was sent, -1 never */
  gsat_error err; /* stuck: the error given */
} wait_end;

/* When the loop's stop sources come (simulated seconds; < 0: never): the
 * time limit, the stop flag (a signal, the portfolio's other member), the
 * clause port's verdict (the CDCL search). */
typedef struct stop_sources {
  double limit, flag, port;
} stop_sources;

static int due(double at, double now) {
  return at >= 0 && now >= at;
}

/* The searches' loop: poll the kernel every 0.5 ms, ask for a stop once a
 * source is due, give up on STUCK with the workers' phases.  Bounded by 1e6
 * polls (500 simulated s): a loop that never ends fails. */
static wait_end supervise_when(fake_kernel *k, stop_sources src, double grace) {
  gsat_kernel_wait w;
  gsat_kernel_wait_init(&w, grace);
  wait_end e = {0, 0, -1, {0}};
  double now = 0;
  for (long i = 0; i < 1000000; i++) {
    if (fake_done(k, now)) {
      e.at = now;
      e.sent_at = w.sent_at;
      return e;
    }
    now += 0.0005;
    const int wanted = due(src.limit, now) || due(src.flag, now) || due(src.port, now);
    gsat_kernel_wait_action a = gsat_kernel_wait_step(&w, now, wanted);
    if (a == GSAT_KERNEL_WAIT_SEND_STOP) {
      assert_false(k->sent); /* once */
      k->sent = 1;
    } else if (a == GSAT_KERNEL_WAIT_STUCK) {
      const gsat_kernel_where where = {
          &k->at[0].where, &k->at[0].round, sizeof k->at[0], FAKE_WORKERS, 4, "worker"};
      assert_int_equal(gsat_kernel_wait_give_up(&w, &where, &e.err), GSAT_CUDA);
      e.stuck = 1;
      e.at = now;
      e.sent_at = w.sent_at;
      return e;
    }
  }
  fail_msg("the supervision loop did not end");
  return e;
}

/* With a time limit only (< 0: none). */
static wait_end supervise(fake_kernel *k, double limit, double grace) {
  const stop_sources src = {limit, -1, -1};
  return supervise_when(k, src, grace);
}

static void a_kernel_that_ends_is_never_stopped(void **state) {
  (void)state;
  fake_kernel k = {1.25, -1, -1, 0, {{0}}};
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
  fake_kernel k = {1e9, 1.9, -1, 0, {{0}}};
  wait_end e = supervise(&k, 10, 0);
  assert_false(e.stuck);
  assert_true(k.sent);
  assert_true(e.sent_at >= 10 && e.sent_at < 10.001);
  assert_true(e.at >= 11.9 && e.at < 11.91);
  assert_int_equal(gsat_gpu_stuck_kernels(), 0);
}

static void a_stuck_kernel_is_given_up_after_the_grace(void **state) {
  (void)state;
  fake_kernel k = {1e9, -1, -1, 0, {{0}}}; /* two workers ignore the stop flag */
  wait_end e = supervise(&k, 10, 0);
  assert_true(e.stuck);
  assert_true(k.sent);
  assert_true(e.at - e.sent_at >= GSAT_GPU_STOP_GRACE);
  assert_true(e.at - e.sent_at < GSAT_GPU_STOP_GRACE + 0.001);
  assert_int_equal(gsat_gpu_stuck_kernels(), 1);
  assert_int_equal(e.err.status, GSAT_CUDA);
  assert_string_equal(e.err.message,
                      "GPU kernel did not stop within 2 s of the stop request (left running; no "
                      "further GPU search in this process); 2 of 6 workers not left: search 2; "
                      "the first, worker 1 (block 0), in search at round 7; also worker 4 "
                      "(block 1) in search at round 7");
  /* the hidden option's grace instead of the default */
  fake_kernel k2 = {1e9, -1, -1, 0, {{0}}};
  e = supervise(&k2, 0.5, 0.25);
  assert_true(e.stuck);
  assert_true(e.at - e.sent_at >= 0.25 && e.at - e.sent_at < 0.2510);
  assert_int_equal(gsat_gpu_stuck_kernels(), 2);
}

/* The CDCL loop's three sources, one after another: the stop is sent once,
 * at the first (asserted in the loop), and the grace counts from it. */
static void the_first_stop_source_sends_the_stop_once(void **state) {
  (void)state;
  const int before = gsat_gpu_stuck_kernels();
  fake_kernel k = {1e9, 0.5, -1, 0, {{0}}};
  const stop_sources port_first = {3, 2.5, 2};
  wait_end e = supervise_when(&k, port_first, 0);
  assert_false(e.stuck);
  assert_true(e.sent_at >= 2 && e.sent_at < 2.001);
  assert_true(e.at >= 2.5 && e.at < 2.51);
  fake_kernel k2 = {1e9, -1, -1, 0, {{0}}};
  const stop_sources flag_first = {3, 1, -1};
  e = supervise_when(&k2, flag_first, 0.5);
  assert_true(e.stuck);
  assert_true(e.sent_at >= 1 && e.sent_at < 1.001);
  assert_true(e.at - e.sent_at >= 0.5 && e.at - e.sent_at < 0.501);
  assert_non_null(strstr(e.err.message, "within 0.5 s of the stop request"));
  assert_int_equal(gsat_gpu_stuck_kernels(), before + 1);
}

/* A report cut with ", and N more" at its end: the workers it names plus
 * N. */
static unsigned named_and_more(const char *out) {
  const char *more = strstr(out, ", and ");
  assert_non_null(more);
  assert_string_equal(more + strlen(more) - 5, " more");
  unsigned named = 0, left = 0;
  for (const char *p = out; (p = strstr(p, "worker ")) != NULL; p++) named++;
  assert_int_equal(sscanf(more, ", and %u more", &left), 1);
  return named + left;
}

/* The report: a worker not started counts as such, phases out of range too;
 * 5000 workers not left are cut at whole entries, with the rest counted, in
 * the error message's size; without the phases (the copy did not come back)
 * the message names nobody. */
static void the_report_is_cut_at_whole_entries(void **state) {
  (void)state;
  static fake_at at[5000];
  for (int i = 0; i < 5000; i++) at[i] = (fake_at){GSAT_GPU_AT_PUBLISH, (unsigned)i};
  at[0].where = GSAT_GPU_AT_LEFT;
  at[1].where = GSAT_GPU_AT_NOT_STARTED;
  at[2].where = 999;
  const gsat_kernel_where k = {&at[0].where, &at[0].round, sizeof at[0], 5000, 128, "worker"};
  char out[GSAT_ERROR_MESSAGE_SIZE] = "GPU kernel did not stop";
  gsat_kernel_wait_report(&k, out, sizeof out);
  const char *want = "GPU kernel did not stop; 4999 of 5000 workers not left: not started 2, "
                     "publish 4997; the first, worker 1 (block 0), in not started at round 1; "
                     "also worker 2 (block 0) in ? at round 2, worker 3 (block 0) in publish at "
                     "round 3, ";
  assert_memory_equal(out, want, strlen(want));
  assert_true(strlen(out) < sizeof out);
  assert_int_equal(named_and_more(out), 4999);
  /* every worker left: the counts only */
  for (int i = 0; i < 5000; i++) at[i].where = GSAT_GPU_AT_LEFT;
  out[0] = 0;
  gsat_kernel_wait_report(&k, out, sizeof out);
  assert_string_equal(out, "; 0 of 5000 workers not left:");
  gsat_kernel_wait w;
  gsat_kernel_wait_init(&w, 0);
  gsat_error err;
  assert_int_equal(gsat_kernel_wait_give_up(&w, NULL, &err), GSAT_CUDA);
  assert_string_equal(err.message, "GPU kernel did not stop within 2 s of the stop request (left "
                                   "running; no further GPU search in this process)");
  assert_string_equal(gsat_gpu_where_name(GSAT_GPU_AT_RETIRED), "retired");
  assert_string_equal(gsat_gpu_where_name(GSAT_GPU_AT_SLEEP), "sleep");
  assert_string_equal(gsat_gpu_where_name(GSAT_GPU_AT_REDUCE), "reduce");
  assert_string_equal(gsat_gpu_where_name(GSAT_GPU_AT_COUNT), "?");
}

/* Order matters: the process-wide count only grows (the last cases). */
int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(a_kernel_that_ends_is_never_stopped),
      cmocka_unit_test(a_kernel_that_stops_within_the_grace_is_waited_for),
      cmocka_unit_test(a_stuck_kernel_is_given_up_after_the_grace),
      cmocka_unit_test(the_first_stop_source_sends_the_stop_once),
      cmocka_unit_test(the_report_is_cut_at_whole_entries),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
