/* The counter table (core/counters.h): the structs it generates, their
 * sum, the public statistics and the --stats lines of a DPLL and a CDCL
 * solve. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
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
  assert_int_equal(sizeof c, 18 * sizeof(uint64_t)); /* 6 of vivification */
  assert_int_equal(0 GSAT_CDCL_COUNTER_FIELDS(COUNT), 18);
  assert_int_equal(0 GSAT_WORKER_COUNTER_FIELDS(COUNT),
                   30); /* 3 of the walkers, 2 of the phase exchange, 19 of the preprocessing */
  /* every row is a public field */
  assert_int_equal(0 GSAT_PUBLIC_COUNTER_FIELDS(COUNT), 54);
  assert_int_equal(offsetof(gsat_worker_statistics, busy_seconds), 54 * sizeof(uint64_t));
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
  assert_int_equal(k, 57);
}

static void add_lit(void *s, int32_t lit) {
  gsat_add(s, lit);
}

/* The --stats text of a solve of php(4) with `search`, and the statistics. */
static char *stats_text(const char *search, const char *threads, gsat_statistics *out) {
  gsat_solver *s = gsat_init();
  assert_non_null(s);
  assert_int_equal(gsat_set_option(s, "backend", "cpu"), 0);
  assert_int_equal(gsat_set_option(s, "threads", threads), 0);
  assert_int_equal(gsat_set_option(s, "search", search), 0);
  test_add_php(s, add_lit, 4);
  assert_int_equal(gsat_solve(s), GSAT_UNSATISFIABLE);
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

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(structs_hold_the_rows),
      cmocka_unit_test(sum_adds_every_field),
      cmocka_unit_test(stats_lines_follow_the_table),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
