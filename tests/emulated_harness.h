/* What the host-emulation tests of the GPU searchers (test_gpu_emulated.cpp:
 * the DPLL kernels; test_gpu_cdcl_emulated.cpp: the CDCL searchers) share:
 * the formula builders (pigeonhole, random k-SAT, single clauses, the
 * long-clause case), the database build and the model check against the
 * original clauses.  C++; includes cmocka.  Each test keeps its own outcome,
 * reference solve and emulated run. */
#ifndef GSAT_TESTS_EMULATED_HARNESS_H
#define GSAT_TESTS_EMULATED_HARNESS_H

#include <cstdint>
#include <initializer_list>
#include <random>
#include <vector>

extern "C" {
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
}

#include "core/cnf.h"
#include "core/db.h"

/* Appends the clause of DIMACS literals lits to cnf. */
static inline void add(gsat_cnf *cnf, std::initializer_list<int64_t> lits) {
  for (int64_t l : lits) gsat_cnf_add_lit(cnf, gsat_lit_from_dimacs(l), NULL);
  gsat_cnf_end_clause(cnf, NULL);
}

/* n + 1 pigeons, n holes (UNSAT): p(i, j) = i n + j + 1. */
static inline void php(gsat_cnf *cnf, int n) {
  for (int i = 0; i <= n; i++) {
    for (int j = 0; j < n; j++) gsat_cnf_add_lit(cnf, gsat_lit_from_dimacs(i * n + j + 1), NULL);
    gsat_cnf_end_clause(cnf, NULL);
  }
  for (int j = 0; j < n; j++)
    for (int a = 0; a <= n; a++)
      for (int b = a + 1; b <= n; b++) add(cnf, {-(a * n + j + 1), -(b * n + j + 1)});
}

/* `clauses` random clauses of `len` distinct variables out of 1..vars, each
 * literal's sign a fair coin. */
static inline void random_clauses(gsat_cnf *cnf, std::mt19937_64 &rng, int vars, int clauses,
                                  int len) {
  for (int c = 0; c < clauses; c++) {
    std::vector<int> vs;
    while ((int)vs.size() < len) {
      int v = (int)(rng() % vars) + 1;
      bool dup = false;
      for (int w : vs) dup |= w == v;
      if (!dup) vs.push_back(v);
    }
    for (int v : vs) gsat_cnf_add_lit(cnf, gsat_lit_from_dimacs(rng() & 1 ? v : -v), NULL);
    gsat_cnf_end_clause(cnf, NULL);
  }
}

/* A new formula (free it with gsat_cnf_free): php n. */
static inline gsat_cnf php_cnf(int n) {
  gsat_cnf cnf;
  gsat_cnf_init(&cnf);
  php(&cnf, n);
  return cnf;
}

/* A new formula of random_clauses(rng, vars, clauses, len). */
static inline gsat_cnf random_cnf(std::mt19937_64 &rng, int vars, int clauses, int len) {
  gsat_cnf cnf;
  gsat_cnf_init(&cnf);
  random_clauses(&cnf, rng, vars, clauses, len);
  return cnf;
}

/* Round `round` of both tests' long-clause case, a new formula: random 3-SAT
 * over 70 variables plus six clauses longer than a warp's 32 lanes (40 + 7
 * round literals), a unit and a clause with a duplicate literal. */
static inline gsat_cnf long_clauses_cnf(std::mt19937_64 &rng, int round) {
  gsat_cnf cnf = random_cnf(rng, 70, 300, 3);
  random_clauses(&cnf, rng, 70, 6, 40 + round * 7);
  add(&cnf, {5});
  add(&cnf, {-9, -9});
  return cnf;
}

/* Builds db from cnf (asserting GSAT_OK). */
static inline void build_db(gsat_db *db, const gsat_cnf *cnf) {
  gsat_error err;
  assert_int_equal(gsat_db_build(db, cnf, &err), GSAT_OK);
}

/* Asserts that the model m (db's internal variables) satisfies every clause
 * of the original cnf. */
static inline void check_model(const gsat_cnf *cnf, const gsat_db *db,
                               const std::vector<uint8_t> &m) {
  std::vector<uint8_t> ext(cnf->max_var + 1, 0);
  for (uint32_t v = 0; v < db->num_vars; v++) ext[db->ext_var[v]] = m[v];
  assert_int_equal(gsat_cnf_first_falsified(cnf, ext.data(), cnf->max_var), SIZE_MAX);
}

#endif
