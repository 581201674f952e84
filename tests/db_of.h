/* Tests' small formulas: a search database from DIMACS literals (include
 * after cmocka.h). */
#ifndef GSAT_TESTS_DB_OF_H
#define GSAT_TESTS_DB_OF_H

#include <stdint.h>

#include "core/cnf.h"
#include "core/db.h"

/* Builds db from DIMACS clauses, each ended by 0, the list ended by a second
 * 0; every variable 1..V must occur, so internal variable v is DIMACS v + 1
 * (asserted). */
static void build(gsat_db *db, const int64_t *lits) {
  gsat_cnf cnf;
  gsat_cnf_init(&cnf);
  for (; *lits; lits++) {
    for (; *lits; lits++)
      assert_int_equal(gsat_cnf_add_lit(&cnf, gsat_lit_from_dimacs(*lits), NULL), GSAT_OK);
    assert_int_equal(gsat_cnf_end_clause(&cnf, NULL), GSAT_OK);
  }
  gsat_error err;
  assert_int_equal(gsat_db_build(db, &cnf, &err), GSAT_OK);
  for (uint32_t v = 0; v < db->num_vars; v++) assert_int_equal(db->ext_var[v], v);
  gsat_cnf_free(&cnf);
}

/* The internal literal of DIMACS literal d (with build's numbering). */
static gsat_lit L(int64_t d) {
  return gsat_lit_from_dimacs(d);
}

#endif
