/* The counter table (core/counters.h): the structs it generates, their
 * sum, the public statistics and the --stats lines of a DPLL and a CDCL
 * solve. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "api/gsat.h"
#include "core/search.h"
#include "tests/php_add.h"

#define COUNT(field) +1
static void structs_hold_the_rows(void **state) {
  (void)state;
  /* the DPLL step code's names, kept (dpll.h and the GPU use them) */
  gsat_dpll_counters d;
  memset(&d, 0, sizeof d);
  d.nodes = d.checks = d.replay = d.heur = d.props = d.conflicts = 1;
  d.la = d.failed = d.cand = 1; /* the look-ahead's (dpll_lookahead.h) */
  assert_int_equal(sizeof d, 9 * sizeof(uint64_t));
  assert_int_equal(0 GSAT_DPLL_COUNTER_FIELDS(COUNT), 9);
  gsat_cdcl_counters c;
  memset(&c, 0, sizeof c);
  c.checks = c.propagations = c.conflicts = c.decisions = c.learned_lits = 1;
  assert_int_equal(sizeof c, 19 * sizeof(uint64_t)); /* 7 of vivification */
  assert_int_equal(0 GSAT_CDCL_COUNTER_FIELDS(COUNT), 19);
  assert_int_equal(0 GSAT_WORKER_COUNTER_FIELDS(COUNT),
                   46); /* 3 of the walkers, 2 of the phase exchange, 29 of the preprocessing,
                           6 of the inprocessing */
  /* every row is a public field */
  assert_int_equal(0 GSAT_PUBLIC_COUNTER_FIELDS(COUNT), 71);
  assert_int_equal(offsetof(gsat_worker_statistics, busy_seconds), 71 * sizeof(uint64_t));
}

/* gsat_worker_stats_add adds every field: each gets a distinct value. */
static void sum_adds_every_field(void **state) {
  (void)state;
  gsat_worker_stats w, t;
  memset(&w, 0, sizeof w);
  memset(&t, 0, sizeof t);
  uint64_t k = 0;
#define SET_DPLL(field)   w.n.field = ++k;
#define SET_CDCL(field)   w.c.field = 100 + ++k;
#define SET_WORKER(field) w.field = 1000 + ++k;
  GSAT_DPLL_COUNTER_FIELDS(SET_DPLL)
  GSAT_CDCL_COUNTER_FIELDS(SET_CDCL)
  GSAT_WORKER_COUNTER_FIELDS(SET_WORKER)
  w.busy_seconds = 0.5;
  gsat_worker_stats_add(&t, &w);
  gsat_worker_stats_add(&t, &w);
  k = 0;
#define CHECK_DPLL(field)   assert_int_equal(t.n.field, 2 * ++k);
#define CHECK_CDCL(field)   assert_int_equal(t.c.field, 2 * (100 + ++k));
#define CHECK_WORKER(field) assert_int_equal(t.field, 2 * (1000 + ++k));
  GSAT_DPLL_COUNTER_FIELDS(CHECK_DPLL)
  GSAT_CDCL_COUNTER_FIELDS(CHECK_CDCL)
  GSAT_WORKER_COUNTER_FIELDS(CHECK_WORKER)
  assert_true(t.busy_seconds == 1.0);
  assert_int_equal(k, 74);
}

static void add_lit(void *s, int32_t lit) {
  gsat_add(s, lit);
}

/* The --stats text of solver s after its solve, and its statistics in
 * *out; s is released. */
static char *text_of(gsat_solver *s, gsat_statistics *out) {
  char *text = NULL;
  size_t size = 0;
  FILE *f = open_memstream(&text, &size);
  assert_non_null(f);
  gsat_print_statistics(s, f);
  fclose(f);
  *out = *gsat_get_statistics(s);
  gsat_release(s);
  return text;
}

/* A solver of the CPU backend with `search` on `threads` threads. */
static gsat_solver *cpu_solver(const char *search, const char *threads) {
  gsat_solver *s = gsat_init();
  assert_non_null(s);
  assert_int_equal(gsat_set_option(s, "backend", "cpu"), 0);
  assert_int_equal(gsat_set_option(s, "threads", threads), 0);
  assert_int_equal(gsat_set_option(s, "search", search), 0);
  /* no presearch, which would answer the small formulas before the
   * preprocessing and the portfolio run, and no sweeping, whose small
   * solver would refute them in the preprocessing */
  if (!strcmp(search, "cdcl")) assert_int_equal(gsat_set_option(s, "presearch", "0"), 0);
  if (!strcmp(search, "cdcl")) assert_int_equal(gsat_set_option(s, "sweep", "false"), 0);
  return s;
}

/* The --stats text of a solve of php(4) with `search`, and the statistics. */
static char *stats_text(const char *search, const char *threads, gsat_statistics *out) {
  gsat_solver *s = cpu_solver(search, threads);
  test_add_php(s, add_lit, 4);
  assert_int_equal(gsat_solve(s), GSAT_UNSATISFIABLE);
  return text_of(s, out);
}

/* The count on the line of `label` (-1 when there is none). */
static long long line_value(const char *text, const char *label) {
  char key[64];
  snprintf(key, sizeof key, "\nc %-22s ", label);
  const char *p = strstr(text, key);
  if (!p) return -1;
  return strtoll(p + strlen(key), NULL, 10);
}

/* Whether the line after the count line of `label` is its rate. */
static int rate_follows(const char *text, const char *label) {
  char key[64], rate[64];
  snprintf(key, sizeof key, "\nc %-22s ", label);
  snprintf(rate, sizeof rate, "c %-22s ", label);
  const char *p = strstr(text, key);
  if (!p) return 0;
  const char *next = strchr(p + 1, '\n');
  return next && !strncmp(next + 1, rate, strlen(rate)) &&
         strstr(next + 1, " /s\n") == strchr(next + 1, '\n') - 3;
}

static void stats_lines_follow_the_table(void **state) {
  (void)state;
  gsat_statistics st;
  char *dpll = stats_text("dpll", "1", &st);
  assert_true(st.nodes > 0 && st.conflicts > 0);
  assert_int_equal(line_value(dpll, "nodes"), (long long)st.nodes);
  assert_int_equal(line_value(dpll, "literal checks"), (long long)st.checks);
  assert_int_equal(line_value(dpll, "propagations"), (long long)st.propagations);
  assert_int_equal(line_value(dpll, "conflicts"), (long long)st.conflicts);
  assert_int_equal(line_value(dpll, "cubes"), (long long)st.cubes);
  assert_int_equal(st.cubes, 1);
  assert_int_equal(line_value(dpll, "decisions"), -1); /* CDCL rows */
  assert_int_equal(line_value(dpll, "learned clauses"), -1);
  assert_int_equal(st.decisions, 0);
  assert_true(rate_follows(dpll, "nodes"));
  assert_true(rate_follows(dpll, "conflicts"));
  assert_false(rate_follows(dpll, "replay checks"));
  free(dpll);

  char *cdcl = stats_text("cdcl", "1", &st);
  assert_true(st.decisions > 0 && st.learned > 0);
  assert_int_equal(st.nodes, st.decisions); /* the backend's mapping */
  assert_int_equal(line_value(cdcl, "decisions"), (long long)st.decisions);
  assert_int_equal(line_value(cdcl, "learned clauses"), (long long)st.learned);
  assert_int_equal(line_value(cdcl, "learned literals"), (long long)st.learned_literals);
  assert_int_equal(line_value(cdcl, "restarts"), (long long)st.restarts);
  assert_int_equal(line_value(cdcl, "simplifications"), -1); /* shown NO */
  assert_true(rate_follows(cdcl, "decisions"));
  assert_false(rate_follows(cdcl, "reductions"));
  assert_int_equal(line_value(cdcl, "shared clauses out"), -1); /* one worker */
  free(cdcl);
  /* the portfolio's exchange, shown for CDCL on several workers */
  char *two = stats_text("cdcl", "2", &st);
  assert_int_equal(st.workers, 2);
  assert_int_equal(line_value(two, "shared clauses out"), (long long)st.shared_exported);
  assert_int_equal(line_value(two, "shared clauses in"), (long long)st.shared_imported);
  free(two);
}

/* DIMACS literals, each clause ended by 0 (test_add_php's add). */
typedef struct lits {
  int32_t lit[1024];
  int n;
} lits;

static void push_lit(void *l, int32_t lit) {
  lits *x = l;
  assert_true(x->n + 1 < 1024);
  x->lit[x->n++] = lit;
}

/* The --stats text of a one-thread CDCL solve of the DIMACS clauses f (each
 * ended by 0, the list by a second 0) under the option pairs opt (NULL
 * ended), and the statistics. */
static char *cdcl_stats_text(const int32_t *f, const char *const *opt, gsat_statistics *out) {
  gsat_solver *s = cpu_solver("cdcl", "1");
  for (; *opt; opt += 2) assert_int_equal(gsat_set_option(s, opt[0], opt[1]), 0);
  for (; *f || f[1]; f++) gsat_add(s, *f);
  gsat_add(s, 0);
  const int answer = gsat_solve(s);
  assert_true(answer == GSAT_SATISFIABLE || answer == GSAT_UNSATISFIABLE);
  return text_of(s, out);
}

/* Every row of the preprocessing (simp_*, bva_*) and of vivification
 * (vivif*) has its --stats line exactly when its count is not zero, with
 * the count; returns how many were shown. */
static int check_simp_rows(const char *text, const gsat_statistics *st) {
  int shown = 0;
#define CHECK_ROW(F, name, in, dpll, cdcl, show, rate, label, help)                                \
  if (!strncmp(#name, "simp_", 5) || !strncmp(#name, "bva_", 4) || !strncmp(#name, "vivif", 5)) {  \
    assert_int_equal(line_value(text, label), st->name ? (long long)st->name : -1);                \
    shown += st->name > 0;                                                                         \
  }
  GSAT_COUNTERS(CHECK_ROW, _)
#undef CHECK_ROW
  return shown;
}

/* The preprocessing's rows (docs/simplify.md): a formula of four parts on
 * their own variables, where subsumption and strengthening, a failed
 * literal, an equivalence, a hyper-binary resolvent and elimination each
 * fire (test_simp's formulas); then vivification's on php(6) with a round
 * at every restart (with test_add_php_weak's subsumed clauses, which
 * --vivify-irred's vivification of irredundant clauses deletes). */
static void preprocessing_lines_follow_the_table(void **state) {
  (void)state;
  const int32_t f[] = {1,   2,   0,   1,   2,   3,   0,   1,   2,   -4, 5,   0,   -1,  2,   6,  0,
                       3,   4,   5,   6,   0,   -11, 12,  0,   -11, 13, 0,   -12, -13, 14,  0,  -12,
                       -13, -14, 0,   11,  15,  16,  0,   -21, 22,  0,  -22, 23,  0,   -23, 21, 0,
                       21,  24,  25,  0,   -22, -24, 26,  0,   23,  25, -26, 0,   -31, 32,  0,  -31,
                       33,  0,   -32, -33, 34,  0,   -31, 34,  35,  0,  31,  34,  36,  0,   0};
  const char *const none[] = {NULL};
  gsat_statistics st;
  char *text = cdcl_stats_text(f, none, &st);
  assert_true(st.simp_eliminated > 0 && st.simp_removed > 0 && st.simp_subsumed > 0);
  assert_true(st.simp_strengthened > 0 && st.simp_failed > 0 && st.simp_substituted > 0);
  assert_true(st.simp_hbr > 0);
  assert_true(check_simp_rows(text, &st) >= 7);
  assert_true(line_value(text, "eliminated vars") > 0 && line_value(text, "hyper binaries") > 0);
  free(text);

  lits php = {{0}, 0};
  test_add_php(&php, push_lit, 6);
  test_add_php_weak(&php, push_lit, 6);
  php.lit[php.n] = 0; /* the list's end */
  const char *const viv[] = {"simplify", "false", "vivify_interval", "1", "vivify_irred",
                             "true",     NULL};
  text = cdcl_stats_text(php.lit, viv, &st);
  assert_true(st.vivify_tried > 0 && st.vivified_clauses > 0);
  assert_true(st.vivify_irred > 0); /* the irredundant clauses too (--vivify-irred) */
  assert_int_equal(st.simp_eliminated + st.simp_subsumed + st.bva_vars, 0); /* --no-simplify */
  assert_true(check_simp_rows(text, &st) >= 3);
  free(text);
}

/* The rate of the search outside simplification (report.c): propagations
 * over the search time less the preprocessing's and the rounds' time, on
 * php(7) on one thread with a round every 50 conflicts, then on two threads
 * (the rounds' time per worker); no line with simplification off. */
/* The `search propagations` line of text, asserted within 1 of st's
 * propagations over `outside` seconds. */
static long long search_rate_line(const char *text, const gsat_statistics *st, double outside) {
  const long long want = llround(st->propagations / outside);
  const long long got = line_value(text, "search propagations");
  assert_true(got >= want - 1 && got <= want + 1);
  return got;
}

static void search_rate_leaves_out_simplification(void **state) {
  (void)state;
  lits php = {{0}, 0};
  test_add_php(&php, push_lit, 7);
  php.lit[php.n] = 0;
  const char *const rounds[] = {"inprocess_interval", "50", NULL};
  gsat_statistics st;
  char *text = cdcl_stats_text(php.lit, rounds, &st);
  assert_int_equal(st.workers, 1);
  assert_true(st.preprocess_us > 0 && st.inproc_rounds > 0 && st.inproc_us > 0);
  assert_int_equal(line_value(text, "preprocess us"), (long long)st.preprocess_us);
  const double outside = st.search_seconds - (st.preprocess_us + st.inproc_us) * 1e-6;
  assert_true(outside > 0 && outside < st.search_seconds);
  const long long got = search_rate_line(text, &st, outside);
  assert_true(got > llround(st.propagations / st.search_seconds) + 1);
  free(text);
  /* two searchers: the rounds' time counts once per worker (each runs its own) */
  const char *const two[] = {"threads", "2", "inprocess_interval", "50", NULL};
  text = cdcl_stats_text(php.lit, two, &st);
  assert_int_equal(st.workers, 2);
  assert_true(st.preprocess_us > 0 && st.inproc_us > 0);
  const double per_worker = st.search_seconds - (st.preprocess_us + st.inproc_us / 2.0) * 1e-6;
  const long long two_got = search_rate_line(text, &st, per_worker);
  const double summed = st.search_seconds - (st.preprocess_us + st.inproc_us) * 1e-6;
  assert_true(summed <= 0 || two_got < llround(st.propagations / summed) - 1);
  free(text);
  const char *const off[] = {"simplify", "false", NULL};
  text = cdcl_stats_text(php.lit, off, &st);
  assert_int_equal(st.preprocess_us + st.inproc_us, 0);
  assert_int_equal(line_value(text, "search propagations"), -1);
  free(text);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(structs_hold_the_rows),
      cmocka_unit_test(sum_adds_every_field),
      cmocka_unit_test(stats_lines_follow_the_table),
      cmocka_unit_test(preprocessing_lines_follow_the_table),
      cmocka_unit_test(search_rate_leaves_out_simplification),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
