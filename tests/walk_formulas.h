/* Formulas for the walker tests (test_walk.c, test_walk_emulated.cpp):
 * satisfiable random k-SAT with a planted model, and the walkers' formula of
 * a gsat_cnf.  C and C++; header-only. */
#ifndef GSAT_TESTS_WALK_FORMULAS_H
#define GSAT_TESTS_WALK_FORMULAS_H

#include <stdint.h>
#include <string.h>

#include "core/cnf.h"
#include "core/db.h"
#include "core/walk_cnf.h"

/* The next number of the xorshift stream *s. */
static inline uint64_t walk_test_rand(uint64_t *s) {
  *s ^= *s << 13;
  *s ^= *s >> 7;
  *s ^= *s << 17;
  return *s;
}

/* Appends `clauses` random clauses of k distinct variables of 1..vars to
 * cnf, each satisfied by the planted model "variable v true iff v odd"
 * (resampled until it is). */
static inline void walk_test_planted(gsat_cnf *cnf, uint64_t seed, int vars, int clauses, int k) {
  uint64_t s = seed * 0x9e3779b97f4a7c15ull + 1;
  for (int c = 0; c < clauses; c++) {
    int64_t lits[16];
    int sat = 0;
    while (!sat) {
      for (int i = 0; i < k; i++) {
        int64_t v;
        int dup;
        do {
          v = (int64_t)(walk_test_rand(&s) % (uint64_t)vars) + 1;
          dup = 0;
          for (int j = 0; j < i; j++) dup |= lits[j] == v || lits[j] == -v;
        } while (dup);
        lits[i] = walk_test_rand(&s) & 1 ? v : -v;
        sat |= (lits[i] > 0) == (v & 1);
      }
    }
    for (int i = 0; i < k; i++) gsat_cnf_add_lit(cnf, gsat_lit_from_dimacs(lits[i]), NULL);
    gsat_cnf_end_clause(cnf, NULL);
  }
}

/* Appends a random 3-XOR system to cnf: `eqs` equations over three distinct
 * variables of 1..vars, each x + y + z = the planted model's sum (the model
 * "variable v true iff v odd", as walk_test_planted's), as the 4 clauses
 * that forbid the assignments of the other parity.  Satisfiable, and with
 * eqs near vars (200 and 200) beyond a walker's reach for seconds: local
 * search is blind to parity. */
static inline void walk_test_xor(gsat_cnf *cnf, uint64_t seed, int vars, int eqs) {
  uint64_t s = seed * 0x9e3779b97f4a7c15ull + 1;
  for (int e = 0; e < eqs; e++) {
    int x[3], parity = 0;
    for (int k = 0; k < 3; k++) {
      int dup;
      do {
        x[k] = (int)(walk_test_rand(&s) % (uint64_t)vars) + 1;
        dup = 0;
        for (int j = 0; j < k; j++) dup |= x[j] == x[k];
      } while (dup);
      parity ^= x[k] & 1;
    }
    for (int m = 0; m < 8; m++) { /* m: the variables assigned false */
      if ((((m >> 0) ^ (m >> 1) ^ (m >> 2)) & 1) == ((3 - parity) & 1)) continue;
      for (int k = 0; k < 3; k++)
        gsat_cnf_add_lit(cnf, gsat_lit_from_dimacs((m >> k) & 1 ? x[k] : -x[k]), NULL);
      gsat_cnf_end_clause(cnf, NULL);
    }
  }
}

/* Whether the model m (db's internal variables) satisfies every clause of
 * the original cnf. */
static inline int walk_test_model_ok(const gsat_cnf *cnf, const gsat_db *db, const uint8_t *m) {
  uint8_t ext[4096];
  memset(ext, 0, sizeof ext);
  if (cnf->max_var >= sizeof ext) return 0;
  for (uint32_t v = 0; v < db->num_vars; v++) ext[db->ext_var[v]] = m[v];
  return gsat_cnf_first_falsified(cnf, ext, cnf->max_var) == SIZE_MAX;
}

#endif
