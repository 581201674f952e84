/* The GPU search's CNF layouts on the host (gpu/slot_layout.h): bucket plans,
 * the slot-major reference against every clause, the GPU pipeline's steps
 * (width partition, clause-major scatter, BPC transpose) replayed on the host
 * with the same index functions and permutation, and the stream gather against
 * core/db.c's streams.  The device build is checked against the same
 * references by bench/layout_check (bench/device/layout.sh). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "kernels/bmmc.h"
#include "gpu/occ.h"
#include "gpu/slot_layout.h"
#include "core/cnf.h"
#include "core/db.h"

static uint64_t next(uint64_t *s) {
  *s ^= *s << 13;
  *s ^= *s >> 7;
  *s ^= *s << 17;
  return *s;
}

/* A random CNF over vars variables with clause lengths drawn from lens[]
 * (duplicates, tautologies and units included, as db.c must normalise). */
static void random_cnf(gsat_cnf *cnf, uint64_t seed, int vars, int clauses, const int *lens,
                       int nlens) {
  gsat_cnf_init(cnf);
  for (int c = 0; c < clauses; c++) {
    int len = lens[next(&seed) % (uint64_t)nlens];
    for (int k = 0; k < len; k++) {
      int64_t v = (int64_t)(next(&seed) % (uint64_t)vars) + 1;
      gsat_cnf_add_lit(cnf, gsat_lit_from_dimacs(next(&seed) & 1 ? v : -v), NULL);
    }
    gsat_cnf_end_clause(cnf, NULL);
  }
}

static void width_log_table(void **state) {
  (void)state;
  const uint32_t len[] = {1, 2, 3, 4, 5, 8, 9, 16, 17, 33, 1000, 1024, 1025};
  const uint32_t w[] = {0, 1, 2, 2, 3, 3, 4, 4, 5, 6, 10, 10, 11};
  for (size_t i = 0; i < sizeof len / sizeof len[0]; i++)
    assert_int_equal(gsat_slot_width_log(len[i]), w[i]);
}

/* Plans, the reference array and the compacted buckets of one database. */
static void check_plan_and_reference(const gsat_db *db) {
  gsat_slot_plan plan;
  gsat_error err;
  assert_int_equal(
      gsat_slot_plan_init(&plan, db->clause_start, db->num_clauses, db->num_vars, &err), GSAT_OK);
  assert_int_equal(plan.pad_lit, 2 * db->num_vars);
  assert_int_equal(plan.lits, db->clause_start[db->num_clauses]);
  uint32_t want[GSAT_SLOT_MAX_BUCKETS] = {0};
  for (uint32_t c = 0; c < db->num_clauses; c++)
    want[gsat_slot_width_log(db->clause_start[c + 1] - db->clause_start[c])]++;
  uint64_t at = 0, compact = 0, clauses = 0;
  for (uint32_t j = 0; j < plan.num_buckets; j++) {
    const gsat_slot_bucket *b = &plan.bucket[j];
    assert_true(b->count > 0);
    assert_int_equal(b->count, want[b->width_log]);
    assert_int_equal(plan.of_width[b->width_log], (int)j);
    assert_true(b->rows_log >= GSAT_SLOT_MIN_ROWS_LOG);
    assert_true(((uint64_t)1 << b->rows_log) >= b->count);
    assert_true(b->rows_log == GSAT_SLOT_MIN_ROWS_LOG ||
                ((uint64_t)1 << (b->rows_log - 1)) < b->count);
    assert_int_equal(b->stride, 1u << b->rows_log);
    assert_int_equal(b->offset, at);
    if (j) assert_true(b->width_log > plan.bucket[j - 1].width_log);
    at += (uint64_t)1 << (b->rows_log + b->width_log);
    compact += (uint64_t)b->count << b->width_log;
    clauses += b->count;
  }
  assert_int_equal(clauses, db->num_clauses);
  assert_int_equal(plan.size, at);
  assert_int_equal(plan.compact_size, compact);

  uint32_t *slot = malloc((plan.size ? plan.size : 1) * sizeof *slot);
  assert_non_null(slot);
  gsat_slot_build_host(&plan, db->clause_start, db->clause_lits, db->num_clauses, slot);
  /* Every real literal where the reader looks, padding everywhere else. */
  uint8_t *seen = calloc(plan.size ? plan.size : 1, 1);
  uint32_t rank[GSAT_SLOT_MAX_BUCKETS] = {0};
  for (uint32_t c = 0; c < db->num_clauses; c++) {
    uint32_t len = db->clause_start[c + 1] - db->clause_start[c];
    int j = plan.of_width[gsat_slot_width_log(len)];
    assert_true(j >= 0);
    const gsat_slot_bucket *b = &plan.bucket[j];
    assert_true(len <= (1u << b->width_log));
    assert_true(len > (1u << b->width_log) / 2);
    uint32_t r = rank[j]++;
    for (uint32_t k = 0; k < (1u << b->width_log); k++) {
      uint64_t i = gsat_slot_index(b, k, r);
      assert_true(i < plan.size);
      assert_int_equal(slot[i], k < len ? db->clause_lits[db->clause_start[c] + k] : plan.pad_lit);
      seen[i] = 1;
    }
  }
  for (uint64_t i = 0; i < plan.size; i++)
    if (!seen[i]) assert_int_equal(slot[i], plan.pad_lit); /* padding rows */

  /* The compacted copy (shared memory): same rows, no padding rows. */
  gsat_slot_bucket cb[GSAT_SLOT_MAX_BUCKETS];
  gsat_slot_compact_buckets(&plan, cb);
  uint64_t cat = 0;
  for (uint32_t j = 0; j < plan.num_buckets; j++) {
    assert_int_equal(cb[j].offset, cat);
    assert_int_equal(cb[j].stride, plan.bucket[j].count);
    assert_int_equal(cb[j].count, plan.bucket[j].count);
    assert_int_equal(cb[j].width_log, plan.bucket[j].width_log);
    cat += (uint64_t)cb[j].count << cb[j].width_log;
  }
  assert_int_equal(cat, plan.compact_size);

  /* The GPU pipeline on the host: clauses partitioned by width with the
   * occurrence-list builder (key = width), clause-major rows, then the BPC
   * transpose of each bucket. */
  const uint32_t C = db->num_clauses;
  uint32_t *ident = malloc(((size_t)C + 1) * sizeof *ident);
  uint32_t *key = malloc((C ? C : 1) * sizeof *key);
  uint32_t *sorted = malloc((C ? C : 1) * sizeof *sorted);
  uint32_t wstart[GSAT_SLOT_MAX_BUCKETS + 1];
  uint32_t *cm = malloc((plan.size ? plan.size : 1) * sizeof *cm);
  uint32_t *moved = malloc((plan.size ? plan.size : 1) * sizeof *moved);
  assert_true(ident && key && sorted && cm && moved);
  for (uint32_t c = 0; c <= C; c++) ident[c] = c;
  for (uint32_t c = 0; c < C; c++)
    key[c] = gsat_slot_width_log(db->clause_start[c + 1] - db->clause_start[c]);
  gsat_occ_build_host(ident, key, C, GSAT_SLOT_MAX_BUCKETS, wstart, sorted);
  for (uint64_t i = 0; i < plan.size; i++) cm[i] = plan.pad_lit;
  for (uint32_t i = 0; i < C; i++) {
    uint32_t c = sorted[i], b0 = db->clause_start[c];
    uint32_t len = db->clause_start[c + 1] - b0, w = gsat_slot_width_log(len);
    gsat_slot_scatter_row(&plan.bucket[plan.of_width[w]], i - wstart[w], db->clause_lits + b0, len,
                          plan.pad_lit, cm);
  }
  for (uint32_t j = 0; j < plan.num_buckets; j++) {
    const gsat_slot_bucket *b = &plan.bucket[j];
    gsat_bmmc perm;
    gsat_bmmc_transpose(&perm, b->rows_log, b->width_log);
    uint64_t n = (uint64_t)1 << (b->rows_log + b->width_log);
    for (uint64_t x = 0; x < n; x++)
      moved[b->offset + gsat_bmmc_apply(&perm, x)] = cm[b->offset + x];
    /* The permutation takes (r, k) clause-major to the reader's (k, r). */
    for (uint32_t r = 0; r < b->stride; r += 7)
      for (uint32_t k = 0; k < (1u << b->width_log); k++)
        assert_int_equal(b->offset +
                             gsat_bmmc_apply(&perm, gsat_slot_cm_index(b, r, k) - b->offset),
                         gsat_slot_index(b, k, r));
  }
  assert_memory_equal(moved, slot, plan.size * sizeof *slot);
  free(ident);
  free(key);
  free(sorted);
  free(cm);
  free(moved);
  free(seen);
  free(slot);
}

/* The stream gather (occurrence lists, prefix sums) against db.c. */
static void check_streams(const gsat_db *db) {
  const uint32_t L = 2 * db->num_vars;
  const uint32_t total = gsat_db_stream_size(db);
  uint32_t *start = malloc(((size_t)L + 1) * sizeof *start);
  uint32_t *stream = malloc((total ? total : 1) * sizeof *stream);
  assert_true(start && stream);
  assert_int_equal(
      gsat_slot_streams_host(db->clause_start, db->clause_lits, db->num_clauses, L, start, stream),
      total);
  assert_memory_equal(start, db->occ_start, ((size_t)L + 1) * sizeof *start);
  if (total) assert_memory_equal(stream, db->occ_stream, total * sizeof *stream);
  free(start);
  free(stream);
}

static void check_cnf(gsat_cnf *cnf) {
  gsat_db db;
  gsat_error err;
  assert_int_equal(gsat_db_build(&db, cnf, &err), GSAT_OK);
  check_plan_and_reference(&db);
  check_streams(&db);
  gsat_db_free(&db);
  gsat_cnf_free(cnf);
}

static void three_sat(void **state) {
  (void)state;
  const int lens[] = {3};
  gsat_cnf cnf;
  random_cnf(&cnf, 11, 50, 218, lens, 1);
  check_cnf(&cnf);
}

static void mixed_lengths(void **state) {
  (void)state;
  const int lens[] = {1, 2, 2, 3, 4, 5, 7, 8, 9, 16, 17, 33, 70};
  for (uint64_t seed = 1; seed <= 5; seed++) {
    gsat_cnf cnf;
    random_cnf(&cnf, seed * 7919, 120, 40 + 130 * (int)seed, lens, 13);
    check_cnf(&cnf);
  }
}

/* More than 2^5 rows in one bucket, so that rows_log grows past the minimum. */
static void many_binary(void **state) {
  (void)state;
  const int lens[] = {2, 2, 2, 6};
  gsat_cnf cnf;
  random_cnf(&cnf, 99, 400, 1500, lens, 4);
  check_cnf(&cnf);
}

static void no_clauses(void **state) {
  (void)state;
  gsat_cnf cnf;
  gsat_cnf_init(&cnf);
  gsat_cnf_add_lit(&cnf, gsat_lit_from_dimacs(1), NULL);
  gsat_cnf_end_clause(&cnf, NULL);
  check_cnf(&cnf); /* a unit only: no buckets, empty streams */
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(width_log_table), cmocka_unit_test(three_sat),
      cmocka_unit_test(mixed_lengths),   cmocka_unit_test(many_binary),
      cmocka_unit_test(no_clauses),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
