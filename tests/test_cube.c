/* Cubes of a CDCL team (core/cube.h) with the termination counting of
 * term.h: the queue (FIFO, full, empty, laps; every node once across
 * threads), splitting (paths, refusal when the nodes or the queue are full,
 * the open-leaf count), closing (a parent closes with its last child, the
 * root last), and a threaded run of split-and-refute workers that answers
 * UNSAT exactly when every leaf is refuted, each inner node closed once. */
#include <pthread.h>
#include <sched.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/cube.h"
#include "core/term.h"

static void *arena;

static void cubes_new(gsat_cubes *c, unsigned node_log2, unsigned queue_log2) {
  size_t bytes = gsat_cubes_bytes(node_log2, queue_log2);
  assert_true(bytes > 0);
  arena = malloc(bytes);
  assert_non_null(arena);
  assert_int_equal(gsat_cubes_init(c, arena, node_log2, queue_log2, NULL), GSAT_OK);
}

static void cubes_free(void) {
  free(arena);
  arena = NULL;
}

static void test_plan(void **state) {
  (void)state;
  assert_int_equal(gsat_cubes_bytes(0, 4), 0);
  assert_int_equal(gsat_cubes_bytes(4, 32), 0);
  gsat_cubes c;
  gsat_error err;
  assert_int_equal(gsat_cubes_init(&c, NULL, 4, 4, &err), GSAT_USAGE);
  char buf[16];
  assert_int_equal(gsat_cubes_init(&c, buf, 40, 4, &err), GSAT_USAGE);
  cubes_new(&c, 4, 2);
  assert_int_equal(c.node_count, 1); /* the root */
  assert_int_equal(c.parent[0], GSAT_CUBE_NONE);
  assert_int_equal(c.open[0], 0);
  cubes_free();
}

/* FIFO order over several laps of a 4-slot queue; full at 4, empty at 0. */
static void test_queue(void **state) {
  (void)state;
  gsat_cubes c;
  cubes_new(&c, 4, 2);
  uint32_t x, next = 0, given = 0;
  assert_int_equal(gsat_cubes_take(&c, &x), 0);
  for (int lap = 0; lap < 5; lap++) {
    for (int k = 0; k < 4; k++) assert_int_equal(gsat_cubes_push(&c, given++), 1);
    assert_int_equal(gsat_cubes_push(&c, 99), 0); /* full */
    assert_int_equal(gsat_cubes_queued(&c), 4);
    for (int k = 0; k < 3; k++) {
      assert_int_equal(gsat_cubes_take(&c, &x), 1);
      assert_int_equal(x, next++);
    }
    assert_int_equal(gsat_cubes_push(&c, given++), 1); /* one slot free again */
    for (int k = 0; k < 2; k++) {
      assert_int_equal(gsat_cubes_take(&c, &x), 1);
      assert_int_equal(x, next++);
    }
    assert_int_equal(gsat_cubes_queued(&c), 0);
    assert_int_equal(gsat_cubes_take(&c, &x), 0);
  }
  assert_int_equal(next, given);
  cubes_free();
}

/* Splits, paths and closing on a small tree:
 *   root -d-> A (kept) / B = NOT d (queued); A -e-> C (kept) / D (queued).
 * Refuting C then D closes A (returned by the close of D), then B closes the
 * root: the open-leaf count reaches 0 only with the last leaf. */
static void test_split_and_close(void **state) {
  (void)state;
  gsat_cubes c;
  gsat_term t;
  gsat_term_init(&t);
  cubes_new(&c, 4, 3);
  const gsat_lit d = GSAT_LIT(3, 0), e = GSAT_LIT(5, 1);
  uint32_t a = 0, cc = 0, b = 0, dd = 0;
  c.idle = 1;
  assert_true(gsat_cubes_hungry(&c));
  assert_int_equal(gsat_cubes_split(&c, &t, 0, d, &a), 1);
  assert_false(gsat_cubes_hungry(&c)); /* one idle, one queued */
  assert_int_equal(t.open_cubes, 2);
  assert_int_equal(c.open[0], 2);
  gsat_lit path[8];
  assert_int_equal(gsat_cubes_path(&c, a, path, 8), 1);
  assert_int_equal(path[0], d);
  assert_int_equal(gsat_cubes_split(&c, &t, a, e, &cc), 1);
  assert_int_equal(t.open_cubes, 3);
  assert_int_equal(gsat_cubes_path(&c, cc, path, 8), 2);
  assert_int_equal(path[0], d);
  assert_int_equal(path[1], e);
  assert_int_equal(gsat_cubes_take(&c, &b), 1);
  assert_int_equal(gsat_cubes_path(&c, b, path, 8), 1);
  assert_int_equal(path[0], GSAT_NOT(d));
  assert_int_equal(gsat_cubes_take(&c, &dd), 1);
  assert_int_equal(gsat_cubes_path(&c, dd, path, 8), 2);
  assert_int_equal(path[0], d);
  assert_int_equal(path[1], GSAT_NOT(e));
  assert_int_equal(c.splits, 2);
  /* refute C: A still has D open */
  assert_int_equal(gsat_cubes_close(&c, cc), GSAT_CUBE_NONE);
  assert_int_equal(gsat_term_cube_refuted(&t, 0), 0);
  /* refute D: A closes (its parent, the root, still has B) */
  assert_int_equal(gsat_cubes_close(&c, dd), a);
  assert_int_equal(gsat_cubes_close(&c, a), GSAT_CUBE_NONE);
  assert_int_equal(gsat_term_cube_refuted(&t, 1), 0);
  assert_false(gsat_term_stopped(&t));
  /* refute B: the root closes, the last leaf answers UNSAT */
  assert_int_equal(gsat_cubes_close(&c, b), 0);
  assert_int_equal(gsat_cubes_close(&c, 0), GSAT_CUBE_NONE);
  assert_int_equal(gsat_term_cube_refuted(&t, 2), 1);
  assert_int_equal(t.answer, GSAT_TERM_UNSAT);
  assert_int_equal(t.winner, 2);
  assert_true(gsat_term_stopped(&t));
  cubes_free();
}

/* A full node array or queue refuses a split and leaves the count alone. */
static void test_split_refused(void **state) {
  (void)state;
  gsat_cubes c;
  gsat_term t;
  gsat_term_init(&t);
  cubes_new(&c, 2, 1); /* 4 nodes, 2 queue slots */
  uint32_t k1 = 0, k2 = 0;
  assert_int_equal(gsat_cubes_split(&c, &t, 0, GSAT_LIT(0, 0), &k1), 1);
  assert_int_equal(gsat_cubes_split(&c, &t, k1, GSAT_LIT(1, 0), &k2), 0); /* nodes */
  assert_int_equal(c.node_count, 3);
  assert_int_equal(c.open[k1], 0);
  assert_int_equal(t.open_cubes, 2);
  assert_int_equal(c.refused, 1);
  cubes_free();
  gsat_term_init(&t);
  cubes_new(&c, 6, 1); /* 64 nodes, 2 queue slots */
  assert_int_equal(gsat_cubes_split(&c, &t, 0, GSAT_LIT(0, 0), &k1), 1);
  assert_int_equal(gsat_cubes_split(&c, &t, k1, GSAT_LIT(1, 0), &k2), 1);
  uint32_t k3 = 0;
  assert_int_equal(gsat_cubes_split(&c, &t, k2, GSAT_LIT(2, 0), &k3), 0); /* queue */
  assert_int_equal(c.open[k2], 0);
  assert_int_equal(t.open_cubes, 3);
  assert_int_equal(c.refused, 1);
  cubes_free();
}

/* ---- threads ------------------------------------------------------------------ */

#define WORKERS 4
#define DEPTH   9 /* leaves deeper than this are refuted, shallower ones split */

static gsat_cubes tc;
static gsat_term tt;
static uint32_t closed_inner[1 << 12]; /* times each inner node was closed */
static uint32_t refuted_leaves[WORKERS];

/* Worker w: takes cubes (worker 0 starts with the root), splits while above
 * DEPTH and others are hungry, refutes at DEPTH, closes the ancestors. */
static void *worker_main(void *p) {
  uint32_t w = (uint32_t)(uintptr_t)p, node = w == 0 ? 0 : GSAT_CUBE_NONE;
  gsat_lit path[DEPTH + 1];
  while (!gsat_term_stopped(&tt)) {
    if (node == GSAT_CUBE_NONE) {
      if (!gsat_cubes_take(&tc, &node)) {
        sched_yield();
        continue;
      }
      gsat_fetch_add_u32(&tc.idle, (uint32_t)-1);
    }
    uint32_t depth = gsat_cubes_path(&tc, node, path, DEPTH + 1);
    uint32_t kept;
    if (depth < DEPTH && gsat_cubes_split(&tc, &tt, node, GSAT_LIT(depth, 0), &kept)) {
      node = kept;
      continue;
    }
    refuted_leaves[w]++;
    for (uint32_t x = gsat_cubes_close(&tc, node); x != GSAT_CUBE_NONE;
         x = gsat_cubes_close(&tc, x))
      gsat_fetch_add_u32(&closed_inner[x], 1);
    node = GSAT_CUBE_NONE;
    gsat_fetch_add_u32(&tc.idle, 1);
    gsat_term_cube_refuted(&tt, w);
  }
  return NULL;
}

static void test_threads(void **state) {
  (void)state;
  size_t bytes = gsat_cubes_bytes(12, 3);
  arena = malloc(bytes);
  assert_non_null(arena);
  assert_int_equal(gsat_cubes_init(&tc, arena, 12, 3, NULL), GSAT_OK);
  gsat_term_init(&tt);
  tc.idle = WORKERS - 1;
  memset(closed_inner, 0, sizeof closed_inner);
  pthread_t th[WORKERS];
  for (uintptr_t w = 0; w < WORKERS; w++)
    assert_int_equal(pthread_create(&th[w], NULL, worker_main, (void *)w), 0);
  for (int w = 0; w < WORKERS; w++) pthread_join(th[w], NULL);
  assert_int_equal(tt.answer, GSAT_TERM_UNSAT);
  assert_int_equal(tt.disagree, 0);
  assert_int_equal(tt.open_cubes, 0);
  uint32_t leaves = 0;
  for (int w = 0; w < WORKERS; w++) leaves += refuted_leaves[w];
  /* a full binary tree: leaves = splits + 1, every split node closed once */
  assert_int_equal(leaves, (uint32_t)tc.splits + 1);
  /* refused splits (queue full) leak their two nodes */
  assert_true(tc.node_count >= 2 * leaves - 1 && tc.node_count <= 2 * leaves - 1 + 2 * tc.refused);
  uint32_t inner = 0;
  for (uint32_t x = 0; x < tc.node_count && x < (1u << 12); x++) {
    assert_true(closed_inner[x] <= 1);
    inner += closed_inner[x];
  }
  assert_int_equal(inner, (uint32_t)tc.splits);
  assert_int_equal(closed_inner[0], 1); /* the root, closed by the last leaf */
  assert_int_equal(gsat_cubes_queued(&tc), 0);
  assert_int_equal(tc.idle, WORKERS);
  free(arena);
  arena = NULL;
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_plan),
      cmocka_unit_test(test_queue),
      cmocka_unit_test(test_split_and_close),
      cmocka_unit_test(test_split_refused),
      cmocka_unit_test(test_threads),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
