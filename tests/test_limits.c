/* Limits through the public API: the node limit (UNKNOWN after exactly that
 * many decisions with one worker), huge variable indices (nothing allocated per
 * declared or per index: the model is kept for the variables that occur),
 * terminate requests, and the backend check keeping a pending error. */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "dimacs/dimacs.h"
#include "dimacs/generate.h"
#include "api/gsat.h"

/* A new solver with the CPU backend. */
static gsat_solver *cpu_solver(void) {
  gsat_solver *s = gsat_init();
  assert_non_null(s);
  assert_int_equal(gsat_set_option(s, "backend", "cpu"), 0);
  return s;
}

/* A CPU solver given the n DIMACS literals of dimacs, each clause ended by 0. */
static gsat_solver *solver_of(const int32_t *dimacs, size_t n) {
  gsat_solver *s = cpu_solver();
  for (size_t i = 0; i < n; i++) gsat_add(s, dimacs[i]);
  return s;
}

/* A solver holding cnf, with the CPU backend and `threads` workers. */
static gsat_solver *solver_with(const gsat_cnf *cnf, const char *threads) {
  gsat_solver *s = cpu_solver();
  assert_int_equal(gsat_set_option(s, "threads", threads), 0);
  for (size_t c = 0; c < cnf->num_clauses; c++) {
    for (size_t i = cnf->clause_start[c]; i < cnf->clause_start[c + 1]; i++)
      gsat_add(s, (int32_t)gsat_lit_to_dimacs(cnf->lits[i]));
    gsat_add(s, 0);
  }
  return s;
}

static void php(uint32_t holes, gsat_cnf *cnf) {
  gsat_error err;
  gsat_cnf_init(cnf);
  assert_int_equal(gsat_gen_php(holes, cnf, &err), GSAT_OK);
}

/* solver_with(cnf, threads) under a node limit of `limit`, solved: the
 * answer must be want; the caller releases the solver. */
static gsat_solver *solve_limited(const gsat_cnf *cnf, const char *threads, uint64_t limit,
                                  int want) {
  char text[24];
  snprintf(text, sizeof text, "%llu", (unsigned long long)limit);
  gsat_solver *s = solver_with(cnf, threads);
  assert_int_equal(gsat_set_option(s, "node_limit", text), 0);
  assert_int_equal(gsat_solve(s), want);
  return s;
}

/* One worker on cnf stops at exactly `limit` nodes: UNKNOWN. */
static void expect_stop_at(const gsat_cnf *cnf, uint64_t limit) {
  gsat_solver *s = solve_limited(cnf, "1", limit, GSAT_UNKNOWN);
  assert_int_equal(gsat_get_statistics(s)->nodes, limit);
  gsat_release(s);
}

static void node_limit_one_worker_is_exact(void **state) {
  (void)state;
  gsat_cnf cnf;
  php(8, &cnf);
  const uint64_t limits[] = {1, 7, 1000, 4096};
  for (size_t k = 0; k < sizeof limits / sizeof *limits; k++) expect_stop_at(&cnf, limits[k]);
  gsat_cnf_free(&cnf);
}

/* Every limit below the tree's size, so that limits that fall where a
 * backtrack's flip (a node) follows a conflict are met too: they once
 * overshot by the flips of a backtracking run. */
static void node_limit_exact_at_every_count(void **state) {
  (void)state;
  gsat_cnf cnf;
  php(5, &cnf);
  gsat_solver *s = solver_with(&cnf, "1");
  assert_int_equal(gsat_solve(s), GSAT_UNSATISFIABLE);
  const uint64_t tree = gsat_get_statistics(s)->nodes;
  gsat_release(s);
  assert_true(tree > 50);
  for (uint64_t limit = 1; limit < tree; limit++) expect_stop_at(&cnf, limit);
  s = solve_limited(&cnf, "1", tree, GSAT_UNSATISFIABLE); /* the whole tree fits */
  gsat_release(s);
  gsat_cnf_free(&cnf);
}

static void node_limit_above_the_tree_gives_the_answer(void **state) {
  (void)state;
  gsat_cnf cnf;
  php(5, &cnf);
  for (int threads = 1; threads <= 2; threads++) {
    gsat_solver *s = solve_limited(&cnf, threads == 1 ? "1" : "2", 100000000, GSAT_UNSATISFIABLE);
    assert_true(gsat_get_statistics(s)->nodes < 100000000);
    gsat_release(s);
  }
  gsat_cnf_free(&cnf);
}

static void node_limit_many_workers_stop(void **state) {
  (void)state;
  gsat_cnf cnf;
  php(10, &cnf); /* far more than 20000 nodes */
  gsat_solver *s = solve_limited(&cnf, "3", 20000, GSAT_UNKNOWN);
  const gsat_statistics *st = gsat_get_statistics(s);
  assert_true(st->nodes >= 20000);
  assert_true(st->nodes < 20000 + 3 * 4096); /* at most a slice per worker more */
  gsat_release(s);
  gsat_cnf_free(&cnf);
}

/* Variables 1 and 2^31 - 1 only: the model is sparse (nothing per index), and
 * variables in no clause read as 0. */
static void huge_variable_indices(void **state) {
  (void)state;
  const int32_t clauses[] = {1, -INT32_MAX, 0, INT32_MAX, 0, -1, INT32_MAX, 0};
  gsat_solver *s = solver_of(clauses, sizeof clauses / sizeof *clauses);
  assert_int_equal(gsat_solve(s), GSAT_SATISFIABLE);
  assert_int_equal(gsat_value(s, INT32_MAX), INT32_MAX);
  assert_int_equal(gsat_value(s, -INT32_MAX), INT32_MAX);
  assert_int_equal(gsat_value(s, 1), 1);
  assert_int_equal(gsat_value(s, -1), 1);
  assert_int_equal(gsat_value(s, 2), 0);
  assert_int_equal(gsat_value(s, INT32_MAX - 1), 0);
  assert_int_equal(gsat_max_variable(s), INT32_MAX);
  assert_int_equal(gsat_get_statistics(s)->vars, 2);
  /* The partial model's walk visits the two variables only (sparse model). */
  assert_int_equal(gsat_next_model_variable(s, 0), 1);
  assert_int_equal(gsat_next_model_variable(s, 1), INT32_MAX);
  assert_int_equal(gsat_next_model_variable(s, 2), INT32_MAX);
  assert_int_equal(gsat_next_model_variable(s, INT32_MAX), 0);
  /* One more clause makes it UNSAT; the model is gone. */
  gsat_add(s, -INT32_MAX);
  gsat_add(s, 0);
  assert_int_equal(gsat_solve(s), GSAT_UNSATISFIABLE);
  assert_int_equal(gsat_value(s, 1), 0);
  assert_int_equal(gsat_next_model_variable(s, 0), 0);
  gsat_release(s);
}

/* The same walk over a dense model: variables 2 and 5 of 6 occur. */
static void next_model_variable_dense(void **state) {
  (void)state;
  const int32_t clauses[] = {2, -5, 0, 5, 0, -6, 6, 0};
  gsat_solver *s = solver_of(clauses, sizeof clauses / sizeof *clauses);
  assert_int_equal(gsat_solve(s), GSAT_SATISFIABLE);
  assert_int_equal(gsat_next_model_variable(s, 0), 2);
  assert_int_equal(gsat_next_model_variable(s, 2), 5);
  assert_int_equal(gsat_next_model_variable(s, 4), 5);
  /* 6 occurs in a tautology only: the walk agrees with gsat_value either way.
   */
  assert_int_equal(gsat_next_model_variable(s, 5), gsat_value(s, 6) ? 6 : 0);
  assert_int_equal(gsat_next_model_variable(s, 6), 0);
  assert_int_equal(gsat_value(s, 5), 5);
  assert_int_equal(gsat_value(s, 3), 0);
  assert_int_equal(gsat_next_model_variable(s, -1), 0);
  gsat_release(s);
}

/* A terminate request stays until it is reset: one that arrives between two
 * calls is not lost. */
static void terminate_requests_stay(void **state) {
  (void)state;
  gsat_cnf cnf;
  php(4, &cnf);
  gsat_solver *s = solver_with(&cnf, "1");
  gsat_terminate(s);
  assert_int_equal(gsat_solve(s), GSAT_UNKNOWN);
  assert_int_equal(gsat_solve(s), GSAT_UNKNOWN);
  assert_int_equal(gsat_read_dimacs(s, "/dev/null"), GSAT_INTERRUPTED);
  gsat_reset_terminate(s);
  assert_int_equal(gsat_solve(s), GSAT_UNSATISFIABLE);
  gsat_release(s);
  gsat_cnf_free(&cnf);
}

/* gsat_check_backend: 0 for auto and cpu; with an error left pending by
 * gsat_add it returns that error, as gsat_solve does, and keeps its message
 * (here even with backend gpu, which it would otherwise check). */
static void check_backend_keeps_a_pending_error(void **state) {
  (void)state;
  gsat_solver *s = gsat_init();
  assert_non_null(s);
  assert_int_equal(gsat_check_backend(s), 0); /* auto */
  assert_int_equal(gsat_set_option(s, "backend", "cpu"), 0);
  assert_int_equal(gsat_check_backend(s), 0);
  gsat_add(s, 1);
  gsat_add(s, INT32_MIN);
  gsat_add(s, 0);
  char before[256];
  snprintf(before, sizeof before, "%s", gsat_last_error(s));
  assert_non_null(strstr(before, "gsat_add"));
  assert_int_equal(gsat_set_option(s, "backend", "gpu"), 0);
  const int pending = gsat_check_backend(s);
  assert_int_equal(pending, -4);
  assert_string_equal(gsat_last_error(s), before);
  assert_int_equal(gsat_set_option(s, "backend", "cpu"), 0);
  assert_int_equal(gsat_solve(s), pending);
  assert_string_equal(gsat_last_error(s), before);
  gsat_release(s);
}

/* The API refuses what the command line refuses, with a status and a
 * message (the library prints nothing): an option that the search set
 * does not read (gsat_check_options and gsat_solve, -4), and a proof of
 * gsat_cubes (no proof file made). */
static int count_cube(void *data, const int64_t *lits, uint32_t n) {
  (void)lits;
  (void)n;
  ++*(int *)data;
  return 1;
}

/* An option only the GPU reads beside backend cpu (set by
 * gsat_set_option): gsat_check_options and gsat_solve refuse it, naming
 * it; backend auto takes it (on the CPU when no GPU is present). */
static void gpu_options_refused_with_backend_cpu(void **state) {
  (void)state;
  const int32_t f[] = {1, 2, 0, -1, 2, 0};
  gsat_solver *s = solver_of(f, sizeof f / sizeof f[0]); /* backend cpu */
  assert_int_equal(gsat_set_option(s, "gpu_threads", "64"), 0);
  assert_int_equal(gsat_check_options(s), -4);
  assert_non_null(
      strstr(gsat_last_error(s), "--gpu-threads is read only by the GPU: not with --backend=cpu"));
  assert_int_equal(gsat_solve(s), -4);
  assert_non_null(
      strstr(gsat_last_error(s), "--gpu-threads is read only by the GPU: not with --backend=cpu"));
  assert_int_equal(gsat_set_option(s, "backend", "auto"), 0);
  assert_int_equal(gsat_check_options(s), 0);
  assert_int_equal(gsat_solve(s), GSAT_SATISFIABLE);
  gsat_release(s);
}

static void options_of_another_search_refused(void **state) {
  (void)state;
  const int32_t f[] = {1, 2, 0, -1, 2, 0};
  gsat_solver *s = solver_of(f, sizeof f / sizeof f[0]);
  assert_int_equal(gsat_set_option(s, "decide", "lookahead"), 0);
  assert_int_equal(gsat_check_options(s), 0); /* search auto */
  assert_int_equal(gsat_set_option(s, "search", "cdcl"), 0);
  assert_int_equal(gsat_check_options(s), -4);
  assert_non_null(strstr(gsat_last_error(s), "--decide is read only by --search=dpll"));
  assert_non_null(strstr(gsat_last_error(s), "not with --search=cdcl"));
  assert_int_equal(gsat_solve(s), -4);
  assert_non_null(strstr(gsat_last_error(s), "--decide is read only by --search=dpll"));
  assert_int_equal(gsat_set_option(s, "search", "dpll"), 0);
  assert_int_equal(gsat_solve(s), GSAT_SATISFIABLE);
  char proof[64];
  snprintf(proof, sizeof proof, "/tmp/gsat_test_cubes_%d.drat", (int)getpid());
  assert_int_equal(gsat_set_proof_path(s, proof), 0);
  int cubes = 0;
  assert_int_equal(gsat_cubes(s, 4, count_cube, &cubes), -4);
  assert_non_null(strstr(gsat_last_error(s), "gsat_cubes writes cubes, not a proof"));
  assert_int_equal(cubes, 0);
  assert_int_equal(access(proof, F_OK), -1);
  assert_int_equal(gsat_set_proof_path(s, NULL), 0);
  assert_int_equal(gsat_cubes(s, 4, count_cube, &cubes), 0);
  assert_true(cubes >= 1);
  gsat_release(s);
}

static void *raise_later(void *flag) {
  struct timespec ts = {0, 100 * 1000 * 1000};
  nanosleep(&ts, NULL);
  GSAT_FLAG_RAISE((gsat_flag *)flag);
  return NULL;
}

/* A pipe that stays open and silent (after a header, or from the start, plain
 * or gzip magic): the reader waits for data, and the stop flag ends the wait
 * (before, a signal ended it with an I/O error, or not at all). */
static void reader_stops_on_a_silent_pipe(void **state) {
  (void)state;
  const char *prefixes[] = {"", "p cnf 3 2\n1 -2 0\n", "\x1f\x8b"};
  for (size_t k = 0; k < sizeof prefixes / sizeof *prefixes; k++) {
    int fds[2];
    assert_int_equal(pipe(fds), 0);
    size_t n = strlen(prefixes[k]);
    assert_int_equal(write(fds[1], prefixes[k], n), (ssize_t)n);
    gsat_flag stop = 0;
    pthread_t t;
    assert_int_equal(pthread_create(&t, NULL, raise_later, &stop), 0);
    gsat_dimacs_options opt = {.mode = GSAT_DIMACS_DEFAULT, .stop = &stop};
    gsat_cnf cnf;
    gsat_cnf_init(&cnf);
    gsat_error err;
    assert_int_equal(gsat_dimacs_read_fd(fds[0], "<pipe>", &opt, &cnf, &err), GSAT_INTERRUPTED);
    assert_int_equal(cnf.num_clauses, 0);
    pthread_join(t, NULL);
    close(fds[0]);
    close(fds[1]);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(node_limit_one_worker_is_exact),
      cmocka_unit_test(node_limit_exact_at_every_count),
      cmocka_unit_test(node_limit_above_the_tree_gives_the_answer),
      cmocka_unit_test(node_limit_many_workers_stop),
      cmocka_unit_test(huge_variable_indices),
      cmocka_unit_test(next_model_variable_dense),
      cmocka_unit_test(terminate_requests_stay),
      cmocka_unit_test(check_backend_keeps_a_pending_error),
      cmocka_unit_test(gpu_options_refused_with_backend_cpu),
      cmocka_unit_test(options_of_another_search_refused),
      cmocka_unit_test(reader_stops_on_a_silent_pipe),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
