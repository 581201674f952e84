/* The backend table (api/backends.h): one row per search and
 * machine, rows that api.c may treat alike before the machine is chosen,
 * names as the options spell them, and what a solve reports through
 * gsat.h's ids; the CDCL policies numbered from their option lists
 * (cdcl_types.h) and diversification that reaches every one of them. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "api/backends.h"
#include "api/gsat.h"
#include "core/cdcl_host.h"

static const gsat_backend_kind machines[] = {GSAT_BACKEND_CPU, GSAT_BACKEND_GPU};
static const gsat_search_kind searches[] = {GSAT_SEARCH_DPLL, GSAT_SEARCH_CDCL, GSAT_SEARCH_WALK};

/* Every search on every machine is exactly one row, which says so. */
static void one_row_each(void **state) {
  (void)state;
  for (size_t m = 0; m < 2; m++)
    for (size_t k = 0; k < 3; k++) {
      const gsat_backend *r = gsat_backend_of(machines[m], searches[k]);
      assert_non_null(r);
      assert_int_equal(r->machine, machines[m]);
      assert_int_equal(r->search, searches[k]);
      assert_non_null(r->solve);
      assert_int_equal(r->usable != NULL, machines[m] == GSAT_BACKEND_GPU);
      char name[32];
      snprintf(name, sizeof name, "%s %s", gsat_machine_name(machines[m]),
               gsat_search_name(searches[k]));
      assert_string_equal(r->name, name);
      int rows = 0;
      for (size_t i = 0; i < GSAT_BACKEND_ROWS; i++)
        rows += gsat_backends[i].machine == machines[m] && gsat_backends[i].search == searches[k];
      assert_int_equal(rows, 1);
    }
  assert_null(gsat_backend_of(GSAT_BACKEND_AUTO, GSAT_SEARCH_DPLL));
  assert_null(gsat_backend_of(GSAT_BACKEND_CPU, GSAT_SEARCH_AUTO));
}

/* api.c builds the streams and opens the proof by the search before the
 * machine is known: the CPU and GPU rows of a search agree on those; only
 * GPU DPLL runs on the kept engine. */
static void rows_of_a_search_agree(void **state) {
  (void)state;
  const unsigned alike = GSAT_BACKEND_STREAMS | GSAT_BACKEND_PROOF | GSAT_BACKEND_CLAUSES;
  for (size_t k = 0; k < 3; k++) {
    const gsat_backend *c = gsat_backend_of(GSAT_BACKEND_CPU, searches[k]);
    const gsat_backend *g = gsat_backend_of(GSAT_BACKEND_GPU, searches[k]);
    assert_int_equal(c->features & alike, g->features & alike);
    assert_int_equal(!!(c->features & GSAT_BACKEND_PROOF), searches[k] == GSAT_SEARCH_CDCL);
    assert_int_equal(!!(c->features & GSAT_BACKEND_STREAMS), searches[k] == GSAT_SEARCH_DPLL);
  }
  for (size_t i = 0; i < GSAT_BACKEND_ROWS; i++)
    assert_int_equal(!!(gsat_backends[i].features & GSAT_BACKEND_ENGINE),
                     gsat_backends[i].machine == GSAT_BACKEND_GPU &&
                         gsat_backends[i].search == GSAT_SEARCH_DPLL);
}

/* CDCL reads the streams only with streams BCP; the walkers never. */
static void streams_by_configuration(void **state) {
  (void)state;
  gsat_search_params p;
  memset(&p, 0, sizeof p);
  gsat_cdcl_config_default(&p.cdcl);
  const gsat_backend *cdcl = gsat_backend_of(GSAT_BACKEND_CPU, GSAT_SEARCH_CDCL);
  p.cdcl.bcp = GSAT_CDCL_BCP_WATCHED;
  assert_false(gsat_backend_reads_streams(cdcl, &p));
  p.cdcl.bcp = GSAT_CDCL_BCP_STREAMS;
  assert_true(gsat_backend_reads_streams(cdcl, &p));
  assert_false(gsat_backend_reads_streams(gsat_backend_of(GSAT_BACKEND_GPU, GSAT_SEARCH_WALK), &p));
  assert_true(gsat_backend_reads_streams(gsat_backend_of(GSAT_BACKEND_GPU, GSAT_SEARCH_DPLL), &p));
}

/* A solve on the CPU reports its search and backend as ids and names. */
static void solve_reports_ids(void **state) {
  (void)state;
  static const char *const names[] = {"dpll", "cdcl", "walk"};
  static const gsat_search_id ids[] = {GSAT_SEARCH_ID_DPLL, GSAT_SEARCH_ID_CDCL,
                                       GSAT_SEARCH_ID_WALK};
  for (size_t k = 0; k < 3; k++) {
    gsat_solver *s = gsat_init();
    assert_non_null(s);
    assert_int_equal(gsat_set_option(s, "backend", "cpu"), 0);
    assert_int_equal(gsat_set_option(s, "search", names[k]), 0);
    assert_int_equal(gsat_set_option(s, "threads", "1"), 0);
    assert_int_equal(gsat_get_statistics(s)->search_id, GSAT_SEARCH_ID_NONE);
    const int32_t clauses[][3] = {{1, 2, 0}, {-1, 3, 0}, {-2, -3, 0}, {2, 3, 0}};
    for (size_t c = 0; c < 4; c++)
      for (size_t i = 0; i < 3; i++) gsat_add(s, clauses[c][i]);
    assert_int_equal(gsat_solve(s), GSAT_SATISFIABLE);
    const gsat_statistics *st = gsat_get_statistics(s);
    assert_int_equal(st->search_id, ids[k]);
    assert_string_equal(st->search, names[k]);
    assert_int_equal(st->backend_id, GSAT_BACKEND_ID_CPU);
    assert_string_equal(st->backend, "cpu");
    gsat_release(s);
  }
}

/* The policies are their options' values less one (auto resolved), and as
 * many as the option lists name. */
static void cdcl_policies_follow_the_options(void **state) {
  (void)state;
  assert_int_equal(GSAT_CDCL_OPTION(GSAT_CDCL_DECIDE_VSIDS), GSAT_CDCL_VSIDS);
  assert_int_equal(GSAT_CDCL_OPTION(GSAT_CDCL_DECIDE_VMTF), GSAT_CDCL_VMTF);
  assert_int_equal(GSAT_CDCL_OPTION(GSAT_RESTARTS_SWITCH), GSAT_CDCL_RESTART_SWITCH);
  assert_int_equal(GSAT_CDCL_OPTION(GSAT_RESTARTS_GLUCOSE), GSAT_CDCL_RESTART_GLUCOSE);
  assert_int_equal(GSAT_CDCL_OPTION(GSAT_RESTARTS_LUBY), GSAT_CDCL_RESTART_LUBY);
  assert_int_equal(GSAT_CDCL_OPTION(GSAT_TARGETS_OFF), GSAT_CDCL_TARGET_OFF);
  assert_int_equal(GSAT_CDCL_OPTION(GSAT_TARGETS_ALWAYS), GSAT_CDCL_TARGET_ALWAYS);
  assert_int_equal(GSAT_CDCL_BCP_STREAMS, (int)GSAT_BCP_STREAMS);
  assert_int_equal(GSAT_CDCL_DECIDES, 2);
  assert_int_equal(GSAT_CDCL_RESTARTS, 3);
  assert_int_equal(GSAT_CDCL_TARGETS, 3);
  assert_int_equal(GSAT_CDCL_BCPS, 2);
}

/* Searchers 0..4 * GSAT_CDCL_RESTARTS of a portfolio run every decision
 * heuristic and every restart policy, whatever the base's. */
static void diversify_reaches_every_policy(void **state) {
  (void)state;
  for (uint32_t d = 0; d < GSAT_CDCL_DECIDES; d++)
    for (uint32_t rp = 0; rp < GSAT_CDCL_RESTARTS; rp++) {
      gsat_cdcl_config base, c;
      gsat_cdcl_config_default(&base);
      base.decide = d;
      base.restart = rp;
      unsigned decides = 0, restarts = 0;
      for (uint32_t id = 0; id < 4 * GSAT_CDCL_RESTARTS; id++) {
        gsat_cdcl_config_diversify(&c, &base, id);
        assert_true(c.decide < GSAT_CDCL_DECIDES && c.restart < GSAT_CDCL_RESTARTS);
        decides |= 1u << c.decide;
        restarts |= 1u << c.restart;
      }
      assert_int_equal(decides, (1u << GSAT_CDCL_DECIDES) - 1);
      assert_int_equal(restarts, (1u << GSAT_CDCL_RESTARTS) - 1);
      gsat_cdcl_config_diversify(&c, &base, 0);
      assert_int_equal(c.decide, d);
      assert_int_equal(c.restart, rp);
    }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(one_row_each),
      cmocka_unit_test(rows_of_a_search_agree),
      cmocka_unit_test(streams_by_configuration),
      cmocka_unit_test(solve_reports_ids),
      cmocka_unit_test(cdcl_policies_follow_the_options),
      cmocka_unit_test(diversify_reaches_every_policy),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
