/* The GPU CDCL search's clause port without a GPU (gpu/cdcl_port.h): its
 * round (gsat_gpu_cdcl_port_step, the GSAT_HD code the port's kernel runs)
 * on a sharing ring in host memory, as the device searchers see it (they
 * import what the port pushed, the port pulls what they exported and never
 * its own), the record format and its limits, the conflict flag; and the
 * relay that bridges two rings (gsat_share_relay, core/share.h), the
 * building block of the portfolio's exchange. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gpu/cdcl_port.h"
#include "core/share.h"

#define V 64

/* A sharing ring of 2^ring_log2 slots over V variables, and the port's
 * reader of it. */
typedef struct ring {
  gsat_share s;
  void *arena;
  gsat_share_reader port;
} ring;

static void ring_new(ring *r, unsigned ring_log2) {
  r->arena = malloc(gsat_share_bytes(ring_log2, 12, V));
  assert_non_null(r->arena);
  assert_int_equal(gsat_share_init(&r->s, r->arena, ring_log2, 12, V, 8, 2, NULL), GSAT_OK);
  gsat_share_reader_init(&r->port, &r->s, GSAT_GPU_CDCL_PORT_ID);
}

/* Frees r's arena and a test's record buffers in and out (either may be NULL). */
static void ring_free(ring *r, uint32_t *in, uint32_t *out) {
  free(in);
  free(out);
  free(r->arena);
}

static uint32_t *records(uint32_t n) {
  uint32_t *b = calloc((size_t)n * GSAT_GPU_CDCL_PORT_RECORD, sizeof *b);
  assert_non_null(b);
  return b;
}

/* Clause k: 2 + k % 5 literals over variables k, k + 1, ... (mod V). */
static uint32_t clause(uint32_t k, gsat_lit *lits) {
  uint32_t n = 2 + k % 5;
  for (uint32_t i = 0; i < n; i++) lits[i] = GSAT_LIT((k + i) % V, (k >> i) & 1);
  return n;
}

static void records_are_length_then_literals_and_bounded(void **state) {
  (void)state;
  uint32_t *b = records(2), count = 0;
  gsat_lit lits[GSAT_SHARE_MAX_LEN + 1] = {3, 4, 5};
  assert_int_equal(gsat_gpu_cdcl_port_record(b, 2, &count, lits, 3), 1);
  assert_int_equal(count, 1);
  assert_int_equal(b[0], 3);
  assert_int_equal(b[1], 3);
  assert_int_equal(b[3], 5);
  assert_int_equal(gsat_gpu_cdcl_port_record(b, 2, &count, lits, 0), 0); /* no empty clause */
  assert_int_equal(gsat_gpu_cdcl_port_record(b, 2, &count, lits, GSAT_SHARE_MAX_LEN + 1), 0);
  assert_int_equal(gsat_gpu_cdcl_port_record(b, 2, &count, lits, 1), 1);
  assert_int_equal(b[GSAT_GPU_CDCL_PORT_RECORD], 1);
  assert_int_equal(gsat_gpu_cdcl_port_record(b, 2, &count, lits, 2), 0); /* full */
  assert_int_equal(count, 2);
  free(b);
}

/* Searchers 0 and 1 export; the port's round pulls units first, then the
 * clauses, never what it pushed itself; searcher 0 imports what the port
 * pushed and searcher 1's clauses, not its own. */
static void a_round_pushes_for_the_searchers_and_pulls_theirs(void **state) {
  (void)state;
  ring r;
  ring_new(&r, 6);
  gsat_share_reader searcher0;
  gsat_share_reader_init(&searcher0, &r.s, 0);
  gsat_lit lits[GSAT_SHARE_MAX_LEN];
  for (uint32_t k = 0; k < 6; k++) {
    uint32_t n = clause(k, lits);
    assert_int_equal(gsat_share_export(&r.s, k & 1, lits, n), GSAT_SHARE_ADDED);
  }
  gsat_lit unit = GSAT_LIT(40, 1);
  assert_int_equal(gsat_share_export(&r.s, 1, &unit, 1), GSAT_SHARE_ADDED);
  uint32_t *in = records(4), *out = records(GSAT_GPU_CDCL_PORT_PULL_MAX), n_in = 0;
  for (uint32_t k = 10; k < 13; k++) {
    uint32_t n = clause(k, lits);
    assert_int_equal(gsat_gpu_cdcl_port_record(in, 4, &n_in, lits, n), 1);
  }
  gsat_lit pushed_unit = GSAT_LIT(50, 0);
  assert_int_equal(gsat_gpu_cdcl_port_record(in, 4, &n_in, &pushed_unit, 1), 1);
  gsat_gpu_cdcl_port_round round;
  gsat_gpu_cdcl_port_step(&r.s, &r.port, in, n_in, out, GSAT_GPU_CDCL_PORT_PULL_MAX, &round);
  assert_int_equal(round.pushed, 4);
  assert_int_equal(round.refused, 0);
  assert_int_equal(round.pulled, 7); /* the unit and the six clauses, not the four pushed */
  assert_int_equal(round.conflict, 0);
  assert_int_equal(out[0], 1);
  assert_int_equal(out[1], unit);
  for (uint32_t k = 0; k < 6; k++) {
    const uint32_t *rec = out + (size_t)(k + 1) * GSAT_GPU_CDCL_PORT_RECORD;
    uint32_t n = clause(k, lits);
    assert_int_equal(rec[0], n);
    assert_memory_equal(rec + 1, lits, n * sizeof *lits);
  }
  /* searcher 0: the units (searcher 1's, the port's), searcher 1's clauses
   * (k = 1, 3, 5) and the port's three */
  uint32_t n, got = 0;
  gsat_lit u;
  while (gsat_share_import_unit(&r.s, &searcher0, &u)) got++;
  assert_int_equal(got, 2);
  while (gsat_share_import(&r.s, &searcher0, lits, &n)) got++;
  assert_int_equal(got, 2 + 3 + 3);
  /* the next round: nothing new, and the pushed duplicate is refused */
  n_in = 0;
  n = clause(10, lits);
  gsat_gpu_cdcl_port_record(in, 4, &n_in, lits, n);
  gsat_gpu_cdcl_port_step(&r.s, &r.port, in, n_in, out, GSAT_GPU_CDCL_PORT_PULL_MAX, &round);
  assert_int_equal(round.pushed, 0);
  assert_int_equal(round.refused, 1);
  assert_int_equal(round.pulled, 0);
  ring_free(&r, in, out);
}

/* A round takes at most out_max; the rest comes in the next one, in order. */
static void a_full_outbox_leaves_the_rest_for_the_next_round(void **state) {
  (void)state;
  ring r;
  ring_new(&r, 6);
  gsat_lit lits[GSAT_SHARE_MAX_LEN];
  for (uint32_t k = 0; k < 20; k++) {
    uint32_t n = clause(k, lits);
    assert_int_equal(gsat_share_export(&r.s, 3, lits, n), GSAT_SHARE_ADDED);
  }
  uint32_t *out = records(8);
  gsat_gpu_cdcl_port_round round;
  uint32_t seen = 0;
  for (int pass = 0; pass < 3; pass++) {
    gsat_gpu_cdcl_port_step(&r.s, &r.port, NULL, 0, out, 8, &round);
    assert_int_equal(round.pulled, pass < 2 ? 8 : 4);
    for (uint32_t i = 0; i < round.pulled; i++, seen++) {
      uint32_t n = clause(seen, lits);
      assert_int_equal(out[(size_t)i * GSAT_GPU_CDCL_PORT_RECORD], n);
      assert_memory_equal(out + (size_t)i * GSAT_GPU_CDCL_PORT_RECORD + 1, lits, n * sizeof *lits);
    }
  }
  assert_int_equal(seen, 20);
  ring_free(&r, NULL, out);
}

/* A pushed unit that contradicts one a searcher shared: the round says so. */
static void complementary_units_raise_the_conflict(void **state) {
  (void)state;
  ring r;
  ring_new(&r, 4);
  gsat_lit a = GSAT_LIT(7, 0), na = GSAT_LIT(7, 1);
  assert_int_equal(gsat_share_export(&r.s, 0, &a, 1), GSAT_SHARE_ADDED);
  uint32_t *in = records(1), n_in = 0;
  gsat_gpu_cdcl_port_record(in, 1, &n_in, &na, 1);
  uint32_t *out = records(4);
  gsat_gpu_cdcl_port_round round;
  gsat_gpu_cdcl_port_step(&r.s, &r.port, in, n_in, out, 4, &round);
  assert_int_equal(round.refused, 1);
  assert_int_equal(round.conflict, 1);
  ring_free(&r, in, out);
}

/* Two rings bridged by two relays (one each way, as portfolio.c's exchange):
 * each side gets the other's units and clauses once, never its own back. */
static void relays_bridge_two_rings_without_echo(void **state) {
  (void)state;
  ring a, b;
  ring_new(&a, 6);
  ring_new(&b, 6);
  gsat_share_reader a_out, b_out; /* read a and b, skipping what came over */
  gsat_share_reader_init(&a_out, &a.s, GSAT_SHARE_REMOTE);
  gsat_share_reader_init(&b_out, &b.s, GSAT_SHARE_REMOTE);
  gsat_lit lits[GSAT_SHARE_MAX_LEN];
  for (uint32_t k = 0; k < 5; k++) {
    uint32_t n = clause(k, lits);
    gsat_share_export(&a.s, 0, lits, n);
    n = clause(20 + k, lits);
    gsat_share_export(&b.s, 1, lits, n);
  }
  gsat_lit u = GSAT_LIT(60, 1);
  gsat_share_export(&a.s, 0, &u, 1);
  for (int round = 0; round < 3; round++) {
    uint64_t ab = gsat_share_relay(&a.s, &a_out, &b.s, GSAT_SHARE_REMOTE);
    uint64_t ba = gsat_share_relay(&b.s, &b_out, &a.s, GSAT_SHARE_REMOTE);
    assert_int_equal(ab, round == 0 ? 6 : 0); /* five clauses and the unit, once */
    assert_int_equal(ba, round == 0 ? 5 : 0); /* b's own five: what came from a is skipped */
  }
  /* a searcher of b (id 1) sees a's six; one of a (id 0) b's five */
  gsat_share_reader r1, r0;
  gsat_share_reader_init(&r1, &b.s, 1);
  gsat_share_reader_init(&r0, &a.s, 0);
  uint32_t n, got1 = 0, got0 = 0;
  gsat_lit x;
  while (gsat_share_import_unit(&b.s, &r1, &x) || gsat_share_import(&b.s, &r1, lits, &n)) got1++;
  while (gsat_share_import_unit(&a.s, &r0, &x) || gsat_share_import(&a.s, &r0, lits, &n)) got0++;
  assert_int_equal(got1, 6);
  assert_int_equal(got0, 5);
  assert_int_equal(b.s.unit_value[60], 2);
  ring_free(&a, NULL, NULL);
  ring_free(&b, NULL, NULL);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(records_are_length_then_literals_and_bounded),
      cmocka_unit_test(a_round_pushes_for_the_searchers_and_pulls_theirs),
      cmocka_unit_test(a_full_outbox_leaves_the_rest_for_the_next_round),
      cmocka_unit_test(complementary_units_raise_the_conflict),
      cmocka_unit_test(relays_bridge_two_rings_without_echo),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
