/* Tests' small formulas: a search database from DIMACS literals (include
 * after cmocka.h). */
#ifndef GSAT_TESTS_DB_OF_H
#define GSAT_TESTS_DB_OF_H

#include <stdint.h>

#include "core/cnf.h"
#include "core/db.h"

/* cnf (initialised here) from DIMACS clauses, each ended by 0, the list
 * ended by a second 0. */
static inline void cnf_of(gsat_cnf *cnf, const int64_t *lits) {
  gsat_cnf_init(cnf);
  for (; *lits; lits++) {
    for (; *lits; lits++)
      assert_int_equal(gsat_cnf_add_lit(cnf, gsat_lit_from_dimacs(*lits), NULL), GSAT_OK);
    assert_int_equal(gsat_cnf_end_clause(cnf, NULL), GSAT_OK);
  }
}

/* Builds db from DIMACS clauses (cnf_of); every variable 1..V must occur,
 * so internal variable v is DIMACS v + 1 (asserted). */
static inline void build(gsat_db *db, const int64_t *lits) {
  gsat_cnf cnf;
  cnf_of(&cnf, lits);
  gsat_error err;
  assert_int_equal(gsat_db_build(db, &cnf, &err), GSAT_OK);
  for (uint32_t v = 0; v < db->num_vars; v++) assert_int_equal(db->ext_var[v], v);
  gsat_cnf_free(&cnf);
}

/* Builds db from the clauses as given (gsat_db_build_clauses: no
 * normalisation), for the simplification's tests; numbered as build's. */
static inline void build_clauses(gsat_db *db, const int64_t *lits) {
  gsat_cnf cnf;
  cnf_of(&cnf, lits);
  gsat_error err;
  assert_int_equal(gsat_db_build_clauses(db, &cnf, NULL, 0, &err), GSAT_OK);
  gsat_cnf_free(&cnf);
}

/* The internal literal of DIMACS literal d (with build's numbering). */
static inline gsat_lit L(int64_t d) {
  return gsat_lit_from_dimacs(d);
}

#endif
