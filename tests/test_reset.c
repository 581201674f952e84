/* gsat_reset (gsat.h): one solver solves many formulas one after another, as
 * `gsat --batch` does, and nothing of one formula reaches the next.  Random
 * formulas of different sizes go through one solver and each answer is
 * compared with a fresh solver's, every model checked against its own
 * formula; the cases where a leak would change an answer are built on
 * purpose: learned clauses and assumptions of an UNSAT formula before a SAT
 * one, an empty clause, an error pending from gsat_add or a failed read,
 * fewer variables than before.  Options and a terminate request stay (the
 * documented contract).  With a usable GPU, the same through the GPU
 * backend (its arena, buffers and streams reused). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "api/gsat.h"

enum { MAX_CLAUSES = 400, WIDTH = 3 };

typedef struct formula {
  int32_t clause[MAX_CLAUSES][WIDTH];
  int num_clauses, vars;
} formula;

static uint64_t rng = 0x9e3779b97f4a7c15ull;

static uint32_t next(void) {
  rng = rng * 6364136223846793005ull + 1442695040888963407ull;
  return (uint32_t)(rng >> 33);
}

/* A random 3-CNF of `vars` variables and `clauses` clauses. */
static void random_formula(formula *f, int vars, int clauses) {
  assert_true(clauses <= MAX_CLAUSES);
  f->vars = vars;
  f->num_clauses = clauses;
  for (int c = 0; c < clauses; c++)
    for (int k = 0; k < WIDTH; k++) {
      int32_t v = (int32_t)(next() % (uint32_t)vars) + 1;
      f->clause[c][k] = next() & 1 ? -v : v;
    }
}

/* Adds the first n clauses of f. */
static void add_formula(gsat_solver *s, const formula *f, int n) {
  for (int c = 0; c < n; c++) {
    for (int k = 0; k < WIDTH; k++) gsat_add(s, f->clause[c][k]);
    gsat_add(s, 0);
  }
}

/* Every one of the first n clauses of f has a true literal under s's model. */
static void assert_model(gsat_solver *s, const formula *f, int n) {
  for (int c = 0; c < n; c++) {
    int sat = 0;
    for (int k = 0; k < WIDTH; k++) sat |= gsat_value(s, f->clause[c][k]) == f->clause[c][k];
    assert_true(sat);
  }
}

/* The answer of a fresh CPU solver (one thread, `search`) on the first n
 * clauses. */
static int fresh_answer(const formula *f, int n, const char *search) {
  gsat_solver *s = gsat_init();
  assert_non_null(s);
  assert_int_equal(gsat_set_option(s, "threads", "1"), 0);
  assert_int_equal(gsat_set_option(s, "backend", "cpu"), 0);
  assert_int_equal(gsat_set_option(s, "search", search), 0);
  add_formula(s, f, n);
  int r = gsat_solve(s);
  gsat_release(s);
  return r;
}

static gsat_solver *new_solver(const char *search) {
  gsat_solver *s = gsat_init();
  assert_non_null(s);
  assert_int_equal(gsat_set_option(s, "threads", "1"), 0);
  assert_int_equal(gsat_set_option(s, "search", search), 0);
  assert_int_equal(gsat_set_option(s, "backend", "cpu"), 0);
  return s;
}

/* 240 random formulas (5 to 40 variables, clause ratios 2 to 7, DPLL and
 * CDCL alternating) through one solver: each answer equals a fresh
 * solver's, each model satisfies its formula, the largest variable is the
 * formula's own. */
static void test_many_formulas_one_solver(void **state) {
  (void)state;
  gsat_solver *s = new_solver("auto");
  static formula f;
  int sat = 0, unsat = 0;
  for (int i = 0; i < 240; i++) {
    const char *search = i % 2 ? "cdcl" : "dpll";
    int vars = 5 + (int)(next() % 36), clauses = vars * (2 + (int)(next() % 6));
    random_formula(&f, vars, clauses > MAX_CLAUSES ? MAX_CLAUSES : clauses);
    gsat_reset(s);
    assert_int_equal(gsat_set_option(s, "search", search), 0);
    add_formula(s, &f, f.num_clauses);
    int r = gsat_solve(s);
    assert_int_equal(r, fresh_answer(&f, f.num_clauses, search));
    if (r == GSAT_SATISFIABLE) {
      assert_model(s, &f, f.num_clauses);
      sat++;
    } else {
      assert_int_equal(r, GSAT_UNSATISFIABLE);
      unsat++;
    }
    assert_true(gsat_max_variable(s) <= vars);
    assert_true(gsat_get_statistics(s)->vars <= (uint32_t)vars);
  }
  assert_true(sat > 20 && unsat > 20); /* both answers were exercised */
  gsat_release(s);
}

/* An UNSAT formula solved twice with CDCL (the second solve keeps short
 * learned clauses for later solves) and under assumptions, then a SAT
 * subset of it: the old learned clauses (implied by the UNSAT formula only)
 * and the assumptions must be gone. */
static void test_learned_and_assumptions_forgotten(void **state) {
  (void)state;
  static formula f;
  const int half = 60; /* ratio 2: SAT almost always */
  int found = 0;
  for (int tries = 0; tries < 100 && !found; tries++) {
    random_formula(&f, 30, 300); /* ratio 10: UNSAT */
    found = fresh_answer(&f, f.num_clauses, "cdcl") == GSAT_UNSATISFIABLE &&
            fresh_answer(&f, half, "cdcl") == GSAT_SATISFIABLE;
  }
  assert_true(found);
  gsat_solver *s = new_solver("cdcl");
  add_formula(s, &f, f.num_clauses);
  assert_int_equal(gsat_solve(s), GSAT_UNSATISFIABLE);
  assert_int_equal(gsat_solve(s), GSAT_UNSATISFIABLE);
  assert_true(gsat_get_statistics(s)->conflicts > 0 || gsat_get_statistics(s)->units > 0);
  gsat_reset(s);
  add_formula(s, &f, half);
  assert_int_equal(gsat_solve(s), GSAT_SATISFIABLE);
  assert_model(s, &f, half);
  /* Assumptions that contradict the next formula. */
  gsat_reset(s);
  gsat_add(s, 1);
  gsat_add(s, 2);
  gsat_add(s, 0);
  gsat_assume(s, -1);
  gsat_assume(s, -2);
  gsat_reset(s);
  gsat_add(s, 1);
  gsat_add(s, 2);
  gsat_add(s, 0);
  assert_int_equal(gsat_solve(s), GSAT_SATISFIABLE);
  assert_int_equal(gsat_failed(s, -1), 0);
  gsat_release(s);
}

/* An empty clause (UNSAT without search), then SAT formulas; then 100
 * variables, then 3: the model and the largest variable are the new
 * formula's. */
static void test_empty_clause_and_fewer_variables(void **state) {
  (void)state;
  gsat_solver *s = new_solver("auto");
  gsat_add(s, 1);
  gsat_add(s, 0);
  gsat_add(s, 0); /* the empty clause */
  assert_int_equal(gsat_solve(s), GSAT_UNSATISFIABLE);
  gsat_reset(s);
  for (int32_t v = 1; v <= 100; v++) {
    gsat_add(s, v % 2 ? v : -v);
    gsat_add(s, 0);
  }
  assert_int_equal(gsat_solve(s), GSAT_SATISFIABLE);
  assert_int_equal(gsat_max_variable(s), 100);
  assert_int_equal(gsat_value(s, 99), 99);
  gsat_reset(s);
  assert_int_equal(gsat_max_variable(s), 0);
  assert_int_equal(gsat_value(s, 99), 0); /* no model after a reset */
  gsat_add(s, -1);
  gsat_add(s, 3);
  gsat_add(s, 0);
  gsat_add(s, 1);
  gsat_add(s, 0);
  assert_int_equal(gsat_solve(s), GSAT_SATISFIABLE);
  assert_int_equal(gsat_max_variable(s), 3);
  assert_int_equal(gsat_value(s, 1), 1);
  assert_int_equal(gsat_value(s, 3), 3);
  assert_int_equal(gsat_value(s, 99), 0);
  /* No clauses at all: SAT. */
  gsat_reset(s);
  assert_int_equal(gsat_solve(s), GSAT_SATISFIABLE);
  assert_int_equal(gsat_get_statistics(s)->vars, 0);
  gsat_release(s);
}

/* Writes text to a new temporary file; returns its path (static buffer). */
static const char *temp_file(const char *text) {
  static char path[64];
  snprintf(path, sizeof path, "/tmp/gsat-test-reset-XXXXXX");
  int fd = mkstemp(path);
  assert_true(fd >= 0);
  FILE *out = fdopen(fd, "w");
  assert_non_null(out);
  fputs(text, out);
  fclose(out);
  return path;
}

/* Errors do not outlive a reset: an invalid literal pending from gsat_add, a
 * parse error, a missing file; the next formula is solved. */
static void test_errors_then_answers(void **state) {
  (void)state;
  gsat_solver *s = new_solver("auto");
  gsat_add(s, INT32_MIN);
  assert_int_equal(gsat_solve(s), -4);
  assert_true(gsat_last_error(s)[0] != 0);
  gsat_reset(s);
  assert_string_equal(gsat_last_error(s), "");
  gsat_add(s, 2);
  gsat_add(s, 0);
  assert_int_equal(gsat_solve(s), GSAT_SATISFIABLE);
  assert_int_equal(gsat_value(s, 2), 2);

  const char *bad = temp_file("p cnf 2 1\n1 x 0\n");
  gsat_reset(s);
  assert_int_equal(gsat_read_dimacs(s, bad), -2);
  assert_non_null(strstr(gsat_last_error(s), ":2:3:"));
  unlink(bad);
  gsat_reset(s);
  assert_int_equal(gsat_read_dimacs(s, "/nonexistent/gsat-test.cnf"), -3);
  gsat_reset(s);
  const char *good = temp_file("p cnf 3 2\n-1 0\n1 2 3 0\n");
  assert_int_equal(gsat_read_dimacs(s, good), 0);
  assert_int_equal(gsat_solve(s), GSAT_SATISFIABLE);
  assert_int_equal(gsat_value(s, 1), -1);
  assert_int_equal(gsat_max_variable(s), 3);
  unlink(good);
  gsat_release(s);
}

/* Options stay; a terminate request stays until gsat_reset_terminate; the
 * statistics and the state are cleared. */
static void test_kept_and_cleared(void **state) {
  (void)state;
  gsat_solver *s = new_solver("dpll");
  assert_int_equal(gsat_set_option(s, "node_limit", "12345"), 0);
  gsat_add(s, 1);
  gsat_add(s, -2);
  gsat_add(s, 0);
  assert_int_equal(gsat_solve(s), GSAT_SATISFIABLE);
  assert_true(gsat_get_statistics(s)->vars > 0);
  gsat_reset(s);
  assert_int_equal(gsat_get_statistics(s)->vars, 0);
  assert_int_equal(gsat_get_statistics(s)->backend[0], 0);
  assert_int_equal(gsat_get_statistics(s)->backend_id, GSAT_BACKEND_ID_NONE);
  assert_true(gsat_get_option(s, "node_limit") == 12345);
  assert_true(gsat_get_option(s, "threads") == 1);
  gsat_terminate(s);
  gsat_reset(s);
  gsat_add(s, 1);
  gsat_add(s, 0);
  assert_int_equal(gsat_solve(s), GSAT_UNKNOWN); /* the request stayed */
  gsat_reset_terminate(s);
  gsat_reset(s);
  gsat_add(s, 1);
  gsat_add(s, 0);
  assert_int_equal(gsat_solve(s), GSAT_SATISFIABLE);
  gsat_release(s);
}

/* The GPU state kept across formulas (skipped without a usable GPU): 80
 * random formulas of 5 to 60 variables, larger and smaller ones mixed (the
 * arena grows and is reused), an empty clause among them, through one
 * solver on the GPU; each answer equals a fresh CPU solver's, each model
 * satisfies its formula. */
static void test_gpu_reuse(void **state) {
  (void)state;
  gsat_solver *s = new_solver("dpll");
  assert_int_equal(gsat_set_option(s, "backend", "gpu"), 0);
  if (gsat_check_backend(s) != 0) {
    gsat_release(s);
    skip();
  }
  static formula f;
  for (int i = 0; i < 80; i++) {
    int vars = i % 2 ? 5 + (int)(next() % 10) : 20 + (int)(next() % 41);
    int clauses = vars * (3 + (int)(next() % 4));
    random_formula(&f, vars, clauses > MAX_CLAUSES ? MAX_CLAUSES : clauses);
    gsat_reset(s);
    add_formula(s, &f, f.num_clauses);
    if (i == 40) gsat_add(s, 0); /* an empty clause */
    int r = gsat_solve(s);
    assert_int_equal(r, i == 40 ? GSAT_UNSATISFIABLE : fresh_answer(&f, f.num_clauses, "dpll"));
    if (i != 40) assert_string_equal(gsat_get_statistics(s)->backend, "gpu");
    if (r == GSAT_SATISFIABLE) assert_model(s, &f, f.num_clauses);
  }
  gsat_release(s);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_many_formulas_one_solver),
      cmocka_unit_test(test_learned_and_assumptions_forgotten),
      cmocka_unit_test(test_empty_clause_and_fewer_variables),
      cmocka_unit_test(test_errors_then_answers),
      cmocka_unit_test(test_kept_and_cleared),
      cmocka_unit_test(test_gpu_reuse),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
