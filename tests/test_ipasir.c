/* The IPASIR library (libipasirgsat.a, api/ipasir.h), used only through
 * the ten IPASIR functions as an application would: incremental sessions that
 * add clauses, assume, solve, read failed assumptions, add more and solve
 * again, each answer checked against a fresh solver given the same clauses
 * plus the assumptions as units (and every model against the clauses and the
 * assumptions, every failed set by a fresh solve with it as units); the
 * states; a terminate callback that stops one solve only; a learn callback
 * whose clauses are short, 0-terminated and implied; a first solve that
 * eliminates a variable, then assumptions and a clause over it (through
 * gsat.h, and through IPASIR alone over random sessions). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "api/gsat.h"
#include "api/ipasir.h"
#include "tests/php_add.h"

enum { MAX_CLAUSES = 2000, WIDTH = 3 };

typedef struct session {
  int32_t clause[MAX_CLAUSES][WIDTH];
  int num_clauses, vars;
  uint64_t rng;
} session;

static uint32_t next(session *s) {
  s->rng = s->rng * 6364136223846793005ull + 1442695040888963407ull;
  return (uint32_t)(s->rng >> 33);
}

static int32_t random_lit(session *s) {
  int32_t v = (int32_t)(next(s) % (uint32_t)s->vars) + 1;
  return next(s) & 1 ? -v : v;
}

/* Adds count random 3-clauses to the session and to solver. */
static void add_clauses(session *s, void *solver, int count) {
  for (int c = 0; c < count; c++) {
    assert_true(s->num_clauses < MAX_CLAUSES);
    int32_t *cl = s->clause[s->num_clauses++];
    for (int k = 0; k < WIDTH; k++) {
      cl[k] = random_lit(s);
      ipasir_add(solver, cl[k]);
    }
    ipasir_add(solver, 0);
  }
}

/* A fresh solver with the session's clauses and units[0..n-1] as unit
 * clauses; returns its answer. */
static int fresh_solve(const session *s, const int32_t *units, int n) {
  void *f = ipasir_init();
  assert_non_null(f);
  for (int c = 0; c < s->num_clauses; c++) {
    for (int k = 0; k < WIDTH; k++) ipasir_add(f, s->clause[c][k]);
    ipasir_add(f, 0);
  }
  for (int i = 0; i < n; i++) {
    ipasir_add(f, units[i]);
    ipasir_add(f, 0);
  }
  int r = ipasir_solve(f);
  ipasir_release(f);
  return r;
}

static void check_model(const session *s, void *solver, const int32_t *assumed, int n) {
  for (int c = 0; c < s->num_clauses; c++) {
    int sat = 0;
    for (int k = 0; k < WIDTH; k++) sat |= ipasir_val(solver, s->clause[c][k]) == s->clause[c][k];
    assert_true(sat);
  }
  for (int i = 0; i < n; i++) assert_int_equal(ipasir_val(solver, assumed[i]), assumed[i]);
}

static int failed_checked; /* UNSAT rounds whose failed set was checked */

/* One round: assume n random literals, solve, check everything. */
static int round_check(session *s, void *solver, int n) {
  int32_t assumed[8], failed[8];
  for (int i = 0; i < n; i++) {
    assumed[i] = random_lit(s);
    ipasir_assume(solver, assumed[i]);
  }
  int r = ipasir_solve(solver);
  assert_true(r == 10 || r == 20);
  assert_int_equal(fresh_solve(s, assumed, n), r);
  if (r == 10) {
    check_model(s, solver, assumed, n);
    return r;
  }
  int nf = 0;
  for (int i = 0; i < n; i++)
    if (ipasir_failed(solver, assumed[i])) failed[nf++] = assumed[i];
  if (fresh_solve(s, NULL, 0) == 10) {
    assert_true(nf > 0); /* the clauses alone are satisfiable */
    assert_int_equal(fresh_solve(s, failed, nf), 20);
    failed_checked++;
  }
  return r;
}

static void test_incremental_sessions(void **state) {
  (void)state;
  int sat = 0, unsat = 0;
  for (uint64_t seed = 1; seed <= 12; seed++) {
    session *s = calloc(1, sizeof *s);
    assert_non_null(s);
    s->vars = 40;
    s->rng = seed;
    void *solver = ipasir_init();
    assert_non_null(solver);
    add_clauses(s, solver, 120);
    for (int round = 0; round < 8; round++) {
      int r = round_check(s, solver, (int)(next(s) % 7));
      sat += r == 10;
      unsat += r == 20;
      add_clauses(s, solver, 12);
    }
    ipasir_release(solver);
    free(s);
  }
  print_message("incremental: %d SAT, %d UNSAT answers, %d failed sets checked\n", sat, unsat,
                failed_checked);
  assert_true(sat > 0 && unsat > 0 && failed_checked > 0);
}

static void test_states(void **state) {
  (void)state;
  assert_non_null(ipasir_signature());
  assert_non_null(strstr(ipasir_signature(), "gsat"));
  void *s = ipasir_init();
  ipasir_add(s, 1);
  ipasir_add(s, 2);
  ipasir_add(s, 0);
  ipasir_assume(s, -1);
  ipasir_assume(s, 7); /* a variable in no clause */
  assert_int_equal(ipasir_solve(s), 10);
  assert_int_equal(ipasir_val(s, 1), -1);
  assert_int_equal(ipasir_val(s, 2), 2);
  assert_int_equal(ipasir_val(s, -2), 2);
  assert_int_equal(ipasir_val(s, 7), 7);
  assert_int_equal(ipasir_val(s, -7), 7);
  ipasir_assume(s, -1);
  ipasir_assume(s, -2);
  ipasir_assume(s, 5);
  assert_int_equal(ipasir_solve(s), 20);
  assert_int_equal(ipasir_failed(s, -1), 1);
  assert_int_equal(ipasir_failed(s, -2), 1);
  assert_int_equal(ipasir_failed(s, 5), 0);
  assert_int_equal(ipasir_val(s, 1), 0); /* not in state SAT */
  /* the assumptions are gone: satisfiable again */
  assert_int_equal(ipasir_solve(s), 10);
  assert_int_equal(ipasir_failed(s, -1), 0); /* not in state UNSAT */
  /* contradicting assumptions on a variable in no clause */
  ipasir_assume(s, 9);
  ipasir_assume(s, -9);
  assert_int_equal(ipasir_solve(s), 20);
  assert_int_equal(ipasir_failed(s, 9) + ipasir_failed(s, -9), 2);
  /* clauses stay: add -1, -2 and the formula is refuted without assumptions */
  ipasir_add(s, -1);
  ipasir_add(s, 0);
  ipasir_add(s, -2);
  ipasir_add(s, 0);
  assert_int_equal(ipasir_solve(s), 20);
  ipasir_release(s);
}

/* More assumptions than the formula has variables, repeated or
 * contradicting: each counts (the search took at most one per variable,
 * the rest were dropped: assuming 1, 2, -1 over (-1 2) answered SAT). */
static void test_repeated_assumptions(void **state) {
  (void)state;
  void *s = ipasir_init();
  ipasir_add(s, -1);
  ipasir_add(s, 2);
  ipasir_add(s, 0);
  ipasir_assume(s, 1);
  ipasir_assume(s, 2);
  ipasir_assume(s, -1);
  assert_int_equal(ipasir_solve(s), 20);
  assert_int_equal(ipasir_failed(s, 1) + ipasir_failed(s, -1), 2);
  ipasir_assume(s, 1);
  ipasir_assume(s, 1);
  ipasir_assume(s, 1);
  ipasir_assume(s, -2);
  assert_int_equal(ipasir_solve(s), 20);
  assert_int_equal(ipasir_failed(s, -2), 1);
  ipasir_assume(s, 2);
  ipasir_assume(s, 2);
  ipasir_assume(s, 1);
  assert_int_equal(ipasir_solve(s), 10);
  assert_int_equal(ipasir_val(s, 1), 1);
  assert_int_equal(ipasir_val(s, 2), 2);
  ipasir_release(s);
}

/* Pigeonhole (tests/php_add.h: UNSAT, thousands of conflicts) through
 * ipasir_add or gsat_add. */
static void add_php(void *s, int n) {
  test_add_php(s, ipasir_add, n);
}
static void gsat_add_lit(void *s, int32_t lit) {
  gsat_add(s, lit);
}

static int calls;
static int stop_now(void *data) {
  (void)data;
  calls++;
  return 1;
}

static void test_terminate(void **state) {
  (void)state;
  void *s = ipasir_init();
  add_php(s, 11); /* minutes of search */
  calls = 0;
  ipasir_set_terminate(s, NULL, stop_now);
  assert_int_equal(ipasir_solve(s), 0);
  assert_true(calls >= 1);
  ipasir_release(s);
  /* the stop lasts one solve only */
  s = ipasir_init();
  ipasir_set_terminate(s, NULL, stop_now);
  add_php(s, 11);
  assert_int_equal(ipasir_solve(s), 0);
  ipasir_set_terminate(s, NULL, NULL);
  ipasir_assume(s, 1);
  ipasir_assume(s, 12); /* pigeon 1 in holes 1 and 2: refuted at once */
  assert_int_equal(ipasir_solve(s), 20);
  ipasir_release(s);
}

/* Where walkers race the CPU CDCL search, the presearch and the
 * preprocessing round run before the race; the terminate callback watches
 * them too: stopped in the presearch (php 8: more conflicts than its
 * budget), the solve ends there, before the round (preprocess us 0). */
static void test_terminate_before_race(void **state) {
  (void)state;
  gsat_solver *s = gsat_init();
  assert_non_null(s);
  assert_int_equal(gsat_set_option(s, "backend", "cpu"), 0);
  assert_int_equal(gsat_set_option(s, "search", "cdcl"), 0);
  assert_int_equal(gsat_set_option(s, "threads", "2"), 0);
  assert_int_equal(gsat_set_option(s, "portfolio_walk", "1"), 0);
  test_add_php(s, gsat_add_lit, 8);
  calls = 0;
  gsat_set_terminate(s, NULL, stop_now);
  assert_int_equal(gsat_solve(s), 0);
  assert_true(calls >= 1);
  assert_int_equal(gsat_get_statistics(s)->preprocess_us, 0);
  assert_true(gsat_get_statistics(s)->conflicts < 1000);
  gsat_set_terminate(s, NULL, NULL); /* the stop lasted that solve only */
  assert_int_equal(gsat_solve(s), 20);
  gsat_release(s);
}

typedef struct learned {
  int count, bad;
  int32_t sample[16][4];
  int samples;
} learned;

static void on_learn(void *data, int32_t *clause) {
  learned *l = data;
  int n = 0;
  while (clause[n]) n++;
  if (n < 1 || n > 3) l->bad++;
  if (l->samples < 16 && n >= 1 && n <= 3) {
    memcpy(l->sample[l->samples], clause, (size_t)(n + 1) * sizeof *clause);
    l->samples++;
  }
  l->count++;
}

/* An empty session over vars variables (random seed rng) and, in *solver,
 * an IPASIR solver of the CDCL search (GSAT_SEARCH=cdcl while it is made). */
static session *cdcl_session(int vars, uint64_t rng, void **solver) {
  session *ss = calloc(1, sizeof *ss);
  assert_non_null(ss);
  ss->vars = vars;
  ss->rng = rng;
  setenv("GSAT_SEARCH", "cdcl", 1);
  *solver = ipasir_init();
  unsetenv("GSAT_SEARCH");
  assert_non_null(*solver);
  return ss;
}

/* Learned clauses of random 3-SAT (CDCL): at most 3 literals, each implied
 * by the clauses (the clauses plus its negation as units are refuted). */
static void test_learn(void **state) {
  (void)state;
  int checked = 0;
  for (uint64_t seed = 1; seed <= 6; seed++) {
    void *s;
    session *ss = cdcl_session(120, 1000 + seed, &s);
    learned l = {0};
    ipasir_set_learn(s, &l, 3, on_learn);
    add_clauses(ss, s, 510);
    int r = ipasir_solve(s);
    assert_true(r == 10 || r == 20);
    assert_int_equal(l.bad, 0);
    for (int i = 0; i < l.samples; i++) {
      int32_t neg[4];
      int n = 0;
      for (; l.sample[i][n]; n++) neg[n] = -l.sample[i][n];
      assert_int_equal(fresh_solve(ss, neg, n), 20);
      checked++;
    }
    ipasir_release(s);
    free(ss);
  }
  print_message("learn: %d sampled clauses checked\n", checked);
  assert_true(checked > 0);
}

/* Through gsat.h: a second solve under the same assumptions starts from the
 * first one's short learned clauses and needs fewer conflicts; assumptions
 * with an explicit --search=dpll are a usage error. */
static void test_kept_clauses(void **state) {
  (void)state;
  gsat_solver *s = gsat_init();
  assert_int_equal(gsat_set_option(s, "search", "cdcl"), 0);
  assert_int_equal(gsat_set_option(s, "threads", "1"), 0);
  test_add_php(s, gsat_add_lit, 8);
  uint64_t conflicts[3];
  for (int round = 0; round < 3; round++) {
    gsat_assume(s, 1);
    assert_int_equal(gsat_solve(s), 20);
    conflicts[round] = gsat_get_statistics(s)->conflicts;
  }
  print_message("php 8 under x1: %llu, %llu, %llu conflicts\n", (unsigned long long)conflicts[0],
                (unsigned long long)conflicts[1], (unsigned long long)conflicts[2]);
  assert_true(conflicts[1] < conflicts[0]);
  assert_int_equal(gsat_failed(s, 2), 0); /* not assumed */
  gsat_release(s);

  s = gsat_init();
  assert_int_equal(gsat_set_option(s, "search", "dpll"), 0);
  gsat_add(s, 1);
  gsat_add(s, 2);
  gsat_add(s, 0);
  gsat_assume(s, -1);
  assert_int_equal(gsat_solve(s), -4);
  assert_non_null(strstr(gsat_last_error(s), "assumptions"));
  gsat_release(s);
}

/* A solver of the CPU CDCL search on one thread. */
static gsat_solver *cdcl_solver(void) {
  gsat_solver *s = gsat_init();
  assert_non_null(s);
  assert_int_equal(gsat_set_option(s, "backend", "cpu"), 0);
  assert_int_equal(gsat_set_option(s, "search", "cdcl"), 0);
  assert_int_equal(gsat_set_option(s, "threads", "1"), 0);
  assert_int_equal(gsat_set_option(s, "presearch", "0"), 0); /* the preprocessing runs */
  return s;
}

/* Preprocessing and incremental use (docs/simplify.md): the first solve,
 * without assumptions, eliminates variable 1 of (1 2) (1 3) (-1 4) and its
 * model (extended to 1) satisfies every clause; the later solves, which do
 * not preprocess, honour assumptions on 1 and a clause added over it. */
static void test_eliminated_then_assumed(void **state) {
  (void)state;
  gsat_solver *s = cdcl_solver();
  const int32_t f[][4] = {{1, 2, 0}, {1, 3, 0}, {-1, 4, 0}, {2, 3, 4, 5}, {-5, -2, -3, 0}};
  for (int c = 0; c < 5; c++) {
    for (int k = 0; k < 4 && f[c][k]; k++) gsat_add(s, f[c][k]);
    gsat_add(s, 0);
  }
  assert_int_equal(gsat_solve(s), 10);
  assert_true(gsat_get_statistics(s)->simp_eliminated >= 1);
  for (int c = 0; c < 5; c++) {
    int sat = 0;
    for (int k = 0; k < 4 && f[c][k]; k++) sat |= gsat_value(s, f[c][k]) == f[c][k];
    assert_true(sat);
  }
  gsat_assume(s, -1);
  assert_int_equal(gsat_solve(s), 10);
  assert_int_equal(gsat_get_statistics(s)->simp_eliminated, 0);
  assert_int_equal(gsat_value(s, 1), -1);
  assert_int_equal(gsat_value(s, 2), 2);
  gsat_assume(s, -1);
  gsat_assume(s, -2);
  assert_int_equal(gsat_solve(s), 20);
  assert_true(gsat_failed(s, -1) && gsat_failed(s, -2));
  gsat_add(s, -4);
  gsat_add(s, 0);
  assert_int_equal(gsat_solve(s), 10);
  assert_int_equal(gsat_value(s, 1), -1);
  assert_int_equal(gsat_value(s, 5), -5);
  gsat_release(s);
}

/* Bounded variable addition and incremental use: the first solve re-encodes
 * (without the gate, clauses of any size) SBVA's example (every clause (k R), k in {1, 2, 3}, R in
 * {(4 5), (6), (7 8)}) with a fresh variable, which the proof would call 9; the model satisfies
 * every clause.  The later solves do not preprocess, and the user's own variable 9 is a new
 * variable there: (9) (-9 -1) (-9 -2) make 1 and 2 false, so (1 6) needs 6 (UNSAT under the
 * assumption -6). */
static void test_bva_then_user_variable(void **state) {
  (void)state;
  gsat_solver *s = cdcl_solver();
  assert_int_equal(gsat_set_option(s, "bva", "true"), 0);
  assert_int_equal(gsat_set_option(s, "bva_size", "0"), 0);  /* clauses of any size */
  assert_int_equal(gsat_set_option(s, "bva_share", "0"), 0); /* no gate */
  const int32_t rem[3][3] = {{4, 5, 0}, {6, 0, 0}, {7, 8, 0}};
  for (int32_t k = 1; k <= 3; k++)
    for (int j = 0; j < 3; j++) {
      gsat_add(s, k);
      for (int t = 0; rem[j][t]; t++) gsat_add(s, rem[j][t]);
      gsat_add(s, 0);
    }
  assert_int_equal(gsat_solve(s), 10);
  assert_int_equal(gsat_get_statistics(s)->bva_vars, 1);
  for (int32_t k = 1; k <= 3; k++)
    for (int j = 0; j < 3; j++) {
      int sat = gsat_value(s, k) == k;
      for (int t = 0; rem[j][t]; t++) sat |= gsat_value(s, rem[j][t]) == rem[j][t];
      assert_true(sat);
    }
  const int32_t more[3][2] = {{9, 0}, {-9, -1}, {-9, -2}};
  for (int c = 0; c < 3; c++) {
    for (int t = 0; t < 2 && more[c][t]; t++) gsat_add(s, more[c][t]);
    gsat_add(s, 0);
  }
  gsat_assume(s, -6);
  assert_int_equal(gsat_solve(s), 20);
  assert_true(gsat_failed(s, -6));
  assert_int_equal(gsat_get_statistics(s)->bva_vars, 0);
  assert_int_equal(gsat_solve(s), 10);
  assert_int_equal(gsat_value(s, 9), 9);
  assert_int_equal(gsat_value(s, 1), -1);
  assert_int_equal(gsat_value(s, 2), -2);
  assert_int_equal(gsat_value(s, 6), 6);
  gsat_release(s);
}

/* fresh_solve without preprocessing (GSAT_SIMPLIFY=false): a reference
 * that shares nothing with the preprocessing under test. */
static int fresh_plain(const session *s, const int32_t *units, int n) {
  setenv("GSAT_SIMPLIFY", "false", 1);
  const int r = fresh_solve(s, units, n);
  unsetenv("GSAT_SIMPLIFY");
  return r;
}

/* Preprocessing through IPASIR alone: the first solve of each session (no
 * assumptions, CDCL) simplifies, eliminating variables (the same clauses
 * given to gsat_solve with the same options count them); then every
 * variable is assumed true and false in turn, and clauses are added, each
 * answer checked against a fresh solver without preprocessing (the added
 * rounds' against one with it), every model against the clauses
 * and the assumptions, every failed set by a fresh solve: a variable
 * eliminated in the first solve is free again in the later ones (they do
 * not preprocess), so assumptions and added clauses over it hold. */
static void test_first_solve_eliminates_then_assumptions(void **state) {
  (void)state;
  uint64_t eliminated = 0;
  int sat = 0, unsat = 0;
  for (uint64_t seed = 1; seed <= 6; seed++) {
    void *s;
    session *ss = cdcl_session(30, 500 + seed, &s);
    add_clauses(ss, s, 75); /* 2.5 clauses per variable: SAT, few occurrences */
    gsat_solver *g = cdcl_solver();
    for (int c = 0; c < ss->num_clauses; c++) {
      for (int k = 0; k < WIDTH; k++) gsat_add(g, ss->clause[c][k]);
      gsat_add(g, 0);
    }
    const int r = ipasir_solve(s);
    assert_int_equal(fresh_plain(ss, NULL, 0), r);
    if (r == 10) check_model(ss, s, NULL, 0);
    assert_int_equal(gsat_solve(g), r);
    eliminated += gsat_get_statistics(g)->simp_eliminated;
    gsat_release(g);
    for (int32_t v = 1; v <= ss->vars; v++)
      for (int32_t sign = -1; sign <= 1; sign += 2) {
        ipasir_assume(s, sign * v);
        const int32_t lit = sign * v;
        const int a = ipasir_solve(s);
        assert_int_equal(fresh_plain(ss, &lit, 1), a);
        if (a == 10) check_model(ss, s, &lit, 1);
        if (a == 20) assert_true(ipasir_failed(s, lit));
        sat += a == 10, unsat += a == 20;
      }
    for (int round = 0; round < 4; round++) {
      add_clauses(ss, s, 10);
      const int a = round_check(ss, s, 2);
      sat += a == 10, unsat += a == 20;
    }
    ipasir_release(s);
    free(ss);
  }
  print_message("first solve eliminated %llu variables; then %d SAT, %d UNSAT answers\n",
                (unsigned long long)eliminated, sat, unsat);
  assert_true(eliminated > 6 && sat > 0 && unsat > 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_states),
      cmocka_unit_test(test_repeated_assumptions),
      cmocka_unit_test(test_eliminated_then_assumed),
      cmocka_unit_test(test_bva_then_user_variable),
      cmocka_unit_test(test_first_solve_eliminates_then_assumptions),
      cmocka_unit_test(test_incremental_sessions),
      cmocka_unit_test(test_terminate),
      cmocka_unit_test(test_terminate_before_race),
      cmocka_unit_test(test_learn),
      cmocka_unit_test(test_kept_clauses),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
