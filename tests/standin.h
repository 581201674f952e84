/* Helpers of the tests that race stand-in GPU members in the portfolio
 * (test_race.c, test_portfolio_simp.c, test_phases.c): clauses into a
 * solver, a solver set up for such a race, a short sleep, and a GPU member
 * that searches until it is stopped.  Header-only; include after cmocka.h. */
#ifndef GSAT_TESTS_STANDIN_H
#define GSAT_TESTS_STANDIN_H

#include <string.h>
#include <time.h>

#include "api/gsat.h"
#include "api/race.h"
#include "core/cnf.h"

static inline void sleep_ms(int ms) {
  struct timespec ts = {0, (long)ms * 1000000L};
  nanosleep(&ts, NULL);
}

/* Adds every clause of cnf to s. */
static inline void add_cnf(gsat_solver *s, const gsat_cnf *cnf) {
  for (size_t c = 0; c < cnf->num_clauses; c++) {
    for (size_t i = cnf->clause_start[c]; i < cnf->clause_start[c + 1]; i++)
      gsat_add(s, (int32_t)gsat_lit_to_dimacs(cnf->lits[i]));
    gsat_add(s, 0);
  }
}

/* A solver for a race with a stand-in GPU member: --backend=auto, --search
 * as given, one CPU thread, the GPU member started at once; cnf's clauses
 * added. */
static inline gsat_solver *standin_solver(const char *search, const gsat_cnf *cnf) {
  gsat_solver *s = gsat_init();
  assert_non_null(s);
  assert_int_equal(gsat_set_option(s, "backend", "auto"), 0);
  assert_int_equal(gsat_set_option(s, "search", search), 0);
  assert_int_equal(gsat_set_option(s, "threads", "1"), 0);
  assert_int_equal(gsat_set_option(s, "portfolio_gpu_delay", "0"), 0);
  /* no presearch (a CDCL knob), which would answer small formulas before the race */
  if (!strcmp(search, "cdcl")) assert_int_equal(gsat_set_option(s, "presearch", "0"), 0);
  add_cnf(s, cnf);
  return s;
}

/* A GPU member that begins, searches until stopped and answers UNKNOWN
 * with 7 nodes. */
static inline gsat_status gpu_never(void *shared, gsat_race *race, uint32_t index,
                                    const gsat_flag *stop, gsat_search_result *r, gsat_error *err) {
  (void)shared;
  (void)err;
  if (!gsat_race_begin(race, index)) return GSAT_OK;
  while (!GSAT_FLAG_IS_RAISED(stop)) sleep_ms(1);
  r->answer = GSAT_ANSWER_UNKNOWN;
  r->total.n.nodes = 7;
  return GSAT_OK;
}

#endif
