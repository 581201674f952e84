/* The pigeonhole formula for the tests that build a formula literal by
 * literal through a solver interface (gsat.h, IPASIR): test_add_php(s, add,
 * n) passes n + 1 pigeons in n holes (UNSAT; pigeon p in hole h is variable
 * p n + h + 1) to add(s, lit) as DIMACS literals, each clause ended by 0, in
 * the order of gsat_gen_php: each pigeon's clause, then hole by hole the
 * binary clauses of each pair of pigeons. */
#ifndef GSAT_TESTS_PHP_ADD_H
#define GSAT_TESTS_PHP_ADD_H

#include <stdint.h>

static inline void test_add_php(void *s, void (*add)(void *s, int32_t lit), int n) {
  for (int p = 0; p <= n; p++) {
    for (int h = 0; h < n; h++) add(s, p * n + h + 1);
    add(s, 0);
  }
  for (int h = 0; h < n; h++)
    for (int p = 0; p <= n; p++)
      for (int q = p + 1; q <= n; q++) {
        add(s, -(p * n + h + 1));
        add(s, -(q * n + h + 1));
        add(s, 0);
      }
}

/* Clauses that test_add_php's binaries subsume, to add after them: per hole,
 * not all of pigeons 0, 1 and 2 in it (redundant irredundant clauses, which
 * vivification deletes). */
static inline void test_add_php_weak(void *s, void (*add)(void *s, int32_t lit), int n) {
  for (int h = 0; h < n; h++) {
    for (int p = 0; p < 3; p++) add(s, -(p * n + h + 1));
    add(s, 0);
  }
}

#endif
