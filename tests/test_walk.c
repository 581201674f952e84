/* The walker step code (core/walk.h) as a team of one, and the CPU
 * walkers (cpu/walk_cpu.h): models found on satisfiable formulas and
 * checked against the original clauses; break values, true counts and the
 * unsatisfied list equal to a recomputation after every flip; the best
 * assignment's count; walks equal for equal seeds; never a model of an
 * UNSAT formula, UNKNOWN at the flip limit. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>

#include <cmocka.h>

#include "core/walk_types.h"

struct gsat_walker;
static void after_flip(const gsat_walker *w, const gsat_walk_cnf *f, uint32_t len);
#define GSAT_WALK_AFTER_FLIP(w, f, len) after_flip(w, f, len)
#include "core/walk.h"

#include "cpu/walk_cpu.h"
#include "tests/walk_formulas.h"

static int check_on;              /* after_flip checks */
static unsigned long checks, bad; /* checks made, inconsistencies found */
static uint32_t scratch[4096];

static void after_flip(const gsat_walker *w, const gsat_walk_cnf *f, uint32_t len) {
  if (!check_on) return;
  checks++;
  if (gsat_walk_check(w, f, len, scratch)) bad++;
}

/* A walker over f (with its memory) and the test's formula. */
typedef struct fixture {
  gsat_cnf cnf;
  gsat_db db;
  gsat_walk_formula wf;
  gsat_walk_params p;
  gsat_walker w;
  void *mem;
} fixture;

static void setup(fixture *x, uint64_t seed, int vars, int clauses, int k) {
  gsat_cnf_init(&x->cnf);
  walk_test_planted(&x->cnf, seed, vars, clauses, k);
  gsat_cnf_add_lit(&x->cnf, gsat_lit_from_dimacs(1), NULL); /* a unit */
  gsat_cnf_end_clause(&x->cnf, NULL);
  gsat_error err;
  assert_int_equal(gsat_db_build(&x->db, &x->cnf, &err), GSAT_OK);
  assert_int_equal(gsat_walk_formula_build(&x->wf, &x->db, &err), GSAT_OK);
  gsat_walk_params_default(&x->p, x->wf.view.num_vars);
  const gsat_walk_cnf *f = &x->wf.view;
  x->mem = malloc(gsat_walker_bytes(f->num_vars, f->num_clauses, f->max_len));
  assert_non_null(x->mem);
  gsat_walker_carve(&x->w, x->mem, f->num_vars, f->num_clauses, f->max_len);
}

static void teardown(fixture *x) {
  free(x->mem);
  gsat_walk_formula_free(&x->wf);
  gsat_db_free(&x->db);
  gsat_cnf_free(&x->cnf);
}

/* The unsatisfied clauses of f under assignment a. */
static uint32_t count_unsat(const gsat_walk_cnf *f, const uint8_t *a) {
  uint32_t n = 0;
  for (uint32_t c = 0; c < f->num_clauses; c++) {
    int sat = 0;
    for (uint32_t k = f->clause_start[c]; k < f->clause_start[c + 1]; k++)
      sat |= a[GSAT_VAR(f->clause_lits[k])] != GSAT_SIGN(f->clause_lits[k]);
    n += !sat;
  }
  return n;
}

/* gsat_walk_clause: every clause where clause_start says, from len on a
 * uniform formula (3-SAT without units: len 3) and from clause_start on a
 * mixed one (the fixture's unit: len 0); a walk on the uniform one finds a
 * model. */
static void test_clause_bounds(void **state) {
  (void)state;
  for (int mixed = 0; mixed < 2; mixed++) {
    fixture x;
    if (mixed) {
      setup(&x, 5, 60, 240, 3);
    } else {
      gsat_cnf_init(&x.cnf);
      walk_test_planted(&x.cnf, 5, 60, 240, 3);
      gsat_error err;
      assert_int_equal(gsat_db_build(&x.db, &x.cnf, &err), GSAT_OK);
      assert_int_equal(gsat_walk_formula_build(&x.wf, &x.db, &err), GSAT_OK);
      gsat_walk_params_default(&x.p, x.wf.view.num_vars);
      x.mem = malloc(gsat_walker_bytes(x.wf.view.num_vars, x.wf.view.num_clauses, 3));
      gsat_walker_carve(&x.w, x.mem, x.wf.view.num_vars, x.wf.view.num_clauses, 3);
    }
    const gsat_walk_cnf *f = &x.wf.view;
    assert_int_equal(f->len, mixed ? 0 : 3);
    for (uint32_t c = 0; c < f->num_clauses; c++) {
      uint32_t n;
      assert_int_equal(gsat_walk_clause(f, c, &n), f->clause_start[c]);
      assert_int_equal(n, f->clause_start[c + 1] - f->clause_start[c]);
    }
    gsat_walk_start(&x.w, f, &x.p, 3);
    assert_int_equal(gsat_walk_run(&x.w, f, &x.p, 1000000), 1);
    assert_int_equal(count_unsat(f, x.w.val), 0);
    teardown(&x);
  }
}

static void test_models_found(void **state) {
  (void)state;
  const int shapes[][3] = {{150, 600, 3}, {60, 1000, 5}, {30, 1800, 7}, {200, 500, 2}};
  for (int i = 0; i < 4; i++) {
    fixture x;
    setup(&x, 11 + i, shapes[i][0], shapes[i][1], shapes[i][2]);
    gsat_walk_start(&x.w, &x.wf.view, &x.p, gsat_walk_mix(5 + i));
    assert_int_equal(gsat_walk_run(&x.w, &x.wf.view, &x.p, 20000000), 1);
    assert_int_equal(x.w.unsat_len, 0);
    assert_int_equal(x.w.best_unsat, 0);
    assert_true(walk_test_model_ok(&x.cnf, &x.db, x.w.val));
    assert_true(walk_test_model_ok(&x.cnf, &x.db, x.w.best));
    teardown(&x);
  }
}

/* Every flip's state equals a recomputation, through restarts (a base of
 * 300 flips) and on an UNSAT formula (two contradicting units added). */
static void test_incremental_state(void **state) {
  (void)state;
  for (int unsat = 0; unsat < 2; unsat++) {
    fixture x;
    setup(&x, 3, 80, 400, unsat ? 4 : 3);
    if (unsat) { /* rebuild with x1 and -x1 both units: UNSAT */
      teardown(&x);
      gsat_cnf_init(&x.cnf);
      walk_test_planted(&x.cnf, 3, 80, 400, 4);
      gsat_cnf_add_lit(&x.cnf, gsat_lit_from_dimacs(2), NULL);
      gsat_cnf_add_lit(&x.cnf, gsat_lit_from_dimacs(3), NULL);
      gsat_cnf_end_clause(&x.cnf, NULL);
      for (int s = -1; s <= 1; s += 2)
        for (int t = -1; t <= 1; t += 2) {
          gsat_cnf_add_lit(&x.cnf, gsat_lit_from_dimacs(2 * s), NULL);
          gsat_cnf_add_lit(&x.cnf, gsat_lit_from_dimacs(3 * t), NULL);
          gsat_cnf_end_clause(&x.cnf, NULL);
        }
      gsat_error err;
      assert_int_equal(gsat_db_build(&x.db, &x.cnf, &err), GSAT_OK);
      assert_int_equal(gsat_walk_formula_build(&x.wf, &x.db, &err), GSAT_OK);
      const gsat_walk_cnf *f = &x.wf.view;
      x.mem = malloc(gsat_walker_bytes(f->num_vars, f->num_clauses, f->max_len));
      gsat_walker_carve(&x.w, x.mem, f->num_vars, f->num_clauses, f->max_len);
    }
    gsat_walk_params_default(&x.p, x.wf.view.num_vars);
    x.p.restart_base = 300;
    gsat_walk_start(&x.w, &x.wf.view, &x.p, 99);
    assert_int_equal(gsat_walk_check(&x.w, &x.wf.view, x.w.unsat_len, scratch), 0);
    checks = bad = 0;
    check_on = 1;
    const int found = gsat_walk_run(&x.w, &x.wf.view, &x.p, 20000);
    check_on = 0;
    assert_int_equal(bad, 0);
    assert_int_equal(checks, x.w.flips);
    assert_true(checks > 0);
    if (unsat) {
      assert_int_equal(found, 0);
      assert_int_equal(x.w.flips, 20000);
      assert_true(x.w.restarts >= 5);
      assert_true(x.w.best_unsat >= 1);
    }
    assert_int_equal(count_unsat(&x.wf.view, x.w.best), x.w.best_unsat);
    assert_int_equal(count_unsat(&x.wf.view, x.w.val), x.w.unsat_len);
    teardown(&x);
  }
}

/* Equal seeds walk alike (also across slices of the run); another seed
 * does not. */
static void test_deterministic(void **state) {
  (void)state;
  fixture a, b, c;
  setup(&a, 21, 300, 1270, 3);
  setup(&b, 21, 300, 1270, 3);
  setup(&c, 21, 300, 1270, 3);
  a.p.restart_base = b.p.restart_base = c.p.restart_base = 1000;
  gsat_walk_start(&a.w, &a.wf.view, &a.p, 7);
  gsat_walk_start(&b.w, &b.wf.view, &b.p, 7);
  gsat_walk_start(&c.w, &c.wf.view, &c.p, 8);
  gsat_walk_run(&a.w, &a.wf.view, &a.p, 3000);
  for (int i = 0; i < 30; i++) gsat_walk_run(&b.w, &b.wf.view, &b.p, 100);
  gsat_walk_run(&c.w, &c.wf.view, &c.p, 3000);
  const uint32_t V = a.wf.view.num_vars;
  assert_int_equal(a.w.flips, b.w.flips);
  assert_int_equal(a.w.unsat_len, b.w.unsat_len);
  assert_int_equal(a.w.rng, b.w.rng);
  assert_memory_equal(a.w.val, b.w.val, V);
  assert_memory_equal(a.w.best, b.w.best, V);
  assert_memory_equal(a.w.brk, b.w.brk, 4 * V);
  assert_memory_equal(a.w.unsat, b.w.unsat, 4 * a.w.unsat_len);
  assert_true(memcmp(a.w.val, c.w.val, V) != 0);
  teardown(&a);
  teardown(&b);
  teardown(&c);
}

/* The CPU walkers: a checked model with 3 threads; on an UNSAT formula
 * UNKNOWN at the flip limit (node_limit), never UNSAT. */
static void test_cpu_walk_solve(void **state) {
  (void)state;
  fixture x;
  setup(&x, 5, 250, 1000, 3);
  gsat_search_params p;
  memset(&p, 0, sizeof p);
  p.threads = 3;
  p.seed = 1;
  gsat_search_result r;
  gsat_error err;
  assert_int_equal(gsat_cpu_walk_solve(&x.db, &p, &r, &err), GSAT_OK);
  assert_int_equal(r.answer, 10);
  assert_true(r.num_workers >= 1 && r.num_workers <= 3); /* no thread starts after a model */
  assert_true(walk_test_model_ok(&x.cnf, &x.db, r.model));
  assert_true(r.total.walk_flips > 0);
  assert_int_equal(r.total.walk_best_unsat, 0);
  gsat_search_result_free(&r);
  teardown(&x);

  gsat_cnf cnf;
  gsat_cnf_init(&cnf);
  for (int s = -1; s <= 1; s += 2)
    for (int t = -1; t <= 1; t += 2) {
      gsat_cnf_add_lit(&cnf, gsat_lit_from_dimacs(s), NULL);
      gsat_cnf_add_lit(&cnf, gsat_lit_from_dimacs(2 * t), NULL);
      gsat_cnf_end_clause(&cnf, NULL);
    }
  gsat_db db;
  assert_int_equal(gsat_db_build(&db, &cnf, &err), GSAT_OK);
  p.node_limit = 50000;
  p.threads = 2;
  assert_int_equal(gsat_cpu_walk_solve(&db, &p, &r, &err), GSAT_OK);
  assert_int_equal(r.answer, 0);
  assert_int_equal(r.stopped_by_limit, 1);
  assert_true(r.total.walk_flips >= 50000);
  assert_int_equal(r.total.walk_best_unsat, 1);
  gsat_search_result_free(&r);
  gsat_db_free(&db);
  gsat_cnf_free(&cnf);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_clause_bounds),     cmocka_unit_test(test_models_found),
      cmocka_unit_test(test_incremental_state), cmocka_unit_test(test_deterministic),
      cmocka_unit_test(test_cpu_walk_solve),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
