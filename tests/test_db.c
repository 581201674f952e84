/* The search database: renumbering, normalisation, occurrence streams, order.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "core/cnf.h"
#include "core/db.h"
#include "base/clock.h"

static void add_clause(gsat_cnf *cnf, const int64_t *lits) {
  for (; *lits; lits++)
    assert_int_equal(gsat_cnf_add_lit(cnf, gsat_lit_from_dimacs(*lits), NULL), GSAT_OK);
  assert_int_equal(gsat_cnf_end_clause(cnf, NULL), GSAT_OK);
}

/* A fresh cnf of the clauses in dimacs: n literals, each clause ended by 0. */
static void cnf_from(gsat_cnf *cnf, const int64_t *dimacs, size_t n) {
  gsat_cnf_init(cnf);
  for (size_t i = 0, start = 0; i < n; i++)
    if (!dimacs[i]) {
      add_clause(cnf, dimacs + start); /* reads up to this 0 */
      start = i + 1;
    }
}

static void normalisation(void **state) {
  (void)state;
  gsat_cnf cnf;
  gsat_cnf_init(&cnf);
  cnf.declared_vars = 10;
  add_clause(&cnf, (int64_t[]){5, -7, 5, 0}); /* duplicate literal */
  add_clause(&cnf, (int64_t[]){2, -2, 9, 0}); /* tautology */
  add_clause(&cnf, (int64_t[]){-9, 0});       /* unit */
  add_clause(&cnf, (int64_t[]){-9, -9, 0});   /* the same unit again */
  add_clause(&cnf, (int64_t[]){7, 5, -9, 0});
  gsat_db db;
  gsat_error err;
  assert_int_equal(gsat_db_build(&db, &cnf, &err), GSAT_OK);
  /* variables 2, 5, 7, 9 occur (2 only in the tautology) */
  assert_int_equal(db.num_vars, 4);
  assert_int_equal(db.ext_var[0], 1);
  assert_int_equal(db.ext_var[1], 4);
  assert_int_equal(db.ext_var[2], 6);
  assert_int_equal(db.ext_var[3], 8);
  assert_int_equal(db.ext_vars, 10);
  assert_int_equal(db.num_clauses, 2);
  assert_int_equal(db.clause_start[1], 2); /* 5 -7 */
  assert_int_equal(db.clause_lits[0], GSAT_LIT(1, 0));
  assert_int_equal(db.clause_lits[1], GSAT_LIT(2, 1));
  assert_int_equal(db.num_units, 1);
  assert_int_equal(db.units[0], GSAT_LIT(3, 1));
  assert_false(db.empty_clause);
  /* stream of literal 5 (internal var 1, positive): both clauses, whole. */
  gsat_lit five = GSAT_LIT(1, 0);
  uint32_t b = db.occ_start[five], e = db.occ_start[five + 1];
  assert_int_equal(e - b, 5);
  assert_int_equal(db.occ_stream[b + 1], GSAT_LIT(2, 1) | GSAT_STREAM_END);
  assert_int_equal(db.occ_stream[b + 4] & GSAT_STREAM_END, GSAT_STREAM_END);
  assert_int_equal(db.occ_stream[b + 2], GSAT_LIT(2, 0));
  /* order: 5 and 7 occur twice, 9 once; 2 never (not in the order) */
  assert_int_equal(db.order_len, 3);
  assert_int_equal(GSAT_VAR(db.order[0]), 1);
  assert_int_equal(GSAT_VAR(db.order[1]), 2);
  assert_int_equal(GSAT_VAR(db.order[2]), 3);
  assert_int_equal(db.order[0], GSAT_LIT(1, 0)); /* 5 positive twice, negative never */
  assert_int_equal(db.order[1], GSAT_LIT(2, 1)); /* 7: once each way: negative on ties */
  assert_int_equal(db.features.binary_fraction * 2, 1);
  gsat_db_free(&db);
  gsat_cnf_free(&cnf);
}

static void empty_clause_and_sparse_variables(void **state) {
  (void)state;
  gsat_cnf cnf;
  const int64_t clauses[] = {2147483647, -1, 0, 0}; /* the second is empty */
  cnf_from(&cnf, clauses, sizeof clauses / sizeof *clauses);
  gsat_db db;
  gsat_error err;
  assert_int_equal(gsat_db_build(&db, &cnf, &err), GSAT_OK);
  assert_true(db.empty_clause);
  assert_int_equal(db.num_vars, 2); /* no table of 2^31 entries: sparse map */
  assert_int_equal(db.ext_var[1], 2147483646u);
  assert_int_equal(db.ext_vars, 2147483647u);
  gsat_db_free(&db);
  gsat_cnf_free(&cnf);
}

static void model_check(void **state) {
  (void)state;
  gsat_cnf cnf;
  const int64_t clauses[] = {1, 2, 0, -1, 0};
  cnf_from(&cnf, clauses, sizeof clauses / sizeof *clauses);
  uint8_t model[2] = {0, 1};
  assert_int_equal(gsat_cnf_first_falsified(&cnf, model, 2), SIZE_MAX);
  model[1] = 0;
  assert_int_equal(gsat_cnf_first_falsified(&cnf, model, 2), 0);
  model[0] = 1;
  assert_int_equal(gsat_cnf_first_falsified(&cnf, model, 2), 1);
  assert_int_equal(gsat_cnf_first_falsified(&cnf, model, 0), 0); /* all false */
  gsat_cnf_free(&cnf);
}

/* The build stops with INTERRUPTED (db left empty) on a raised flag or a
 * passed deadline, and runs to the end with a deadline still ahead. */
static void build_stops_on_flag_or_deadline(void **state) {
  (void)state;
  gsat_cnf cnf;
  const int64_t clauses[] = {1, -2, 0, 2, 3, 0};
  cnf_from(&cnf, clauses, sizeof clauses / sizeof *clauses);
  gsat_db db;
  gsat_error err;
  gsat_flag raised = 1, lowered = 0;
  assert_int_equal(gsat_db_build_stoppable(&db, &cnf, &raised, 0, &err), GSAT_INTERRUPTED);
  assert_null(db.clause_start);
  const double now = gsat_seconds();
  assert_int_equal(gsat_db_build_stoppable(&db, &cnf, &lowered, now - 1, &err), GSAT_INTERRUPTED);
  assert_null(db.clause_start);
  assert_int_equal(gsat_db_build_stoppable(&db, &cnf, NULL, now + 3600, &err), GSAT_OK);
  assert_int_equal(db.num_clauses, 2);
  gsat_db_free(&db);
  gsat_cnf_free(&cnf);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(normalisation),
      cmocka_unit_test(empty_clause_and_sparse_variables),
      cmocka_unit_test(model_check),
      cmocka_unit_test(build_stops_on_flag_or_deadline),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
