/* The phase exchange between the walkers and the CDCL searchers
 * (core/phases.h, phases_cdcl.h): offers and takes, a better offer
 * replacing a worse one, generations, offers from several threads; a CDCL
 * searcher that takes a model as its phases finds it without a conflict;
 * the rephase poll's schedule; a walker restarting from given phases; the
 * CPU walker beside the CDCL searchers (--cdcl-walk); the CPU+GPU
 * portfolio's arbitration with a stand-in walker member that offers phases.
 * Every model is checked against the original clauses. */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cpu/cdcl_portfolio.h"
#include "cpu/walk_cpu.h"
#include "dimacs/generate.h"
#include "api/gsat.h"
#include "base/clock.h"
#include "api/portfolio.h"
#include "api/race.h"
#include "cpu/cdcl_one.h"
#include "core/cdcl_host.h"
#include "core/phases_cdcl.h"
#include "core/phases.h"
#include "core/walk.h"
#include "tests/standin.h"
#include "tests/walk_formulas.h"

/* A planted random k-SAT formula (model: DIMACS variable v true iff v odd)
 * built into a search database, and its model over internal variables. */
typedef struct planted {
  gsat_cnf cnf;
  gsat_db db;
  uint8_t *model;
} planted;

static void planted_make(planted *x, uint64_t seed, int vars, int clauses, int k) {
  gsat_cnf_init(&x->cnf);
  walk_test_planted(&x->cnf, seed, vars, clauses, k);
  gsat_error err;
  assert_int_equal(gsat_db_build(&x->db, &x->cnf, &err), GSAT_OK);
  x->model = malloc(x->db.num_vars + 1);
  assert_non_null(x->model);
  for (uint32_t v = 0; v < x->db.num_vars; v++)
    x->model[v] = (uint8_t) !(x->db.ext_var[v] & 1); /* 0-based: DIMACS v - 1 */
  assert_true(walk_test_model_ok(&x->cnf, &x->db, x->model));
}

static void planted_free(planted *x) {
  free(x->model);
  gsat_db_free(&x->db);
  gsat_cnf_free(&x->cnf);
}

/*---- the exchange ----------------------------------------------------------*/

static void offer_take_and_generations(void **state) {
  (void)state;
  gsat_phases x;
  gsat_error err;
  assert_int_equal(gsat_phases_init(&x, 4, &err), GSAT_OK);
  gsat_phase_slot *s = &x.from_walk;
  uint8_t out[4] = {9, 9, 9, 9}, cost = 0;
  uint32_t got = 0;
  uint64_t seen = 0;
  assert_int_equal(gsat_phase_cost(s), GSAT_PHASES_NONE);
  assert_int_equal(gsat_phase_take(s, &seen, out, &got), 0); /* empty */
  assert_int_equal(out[0], 9);
  const uint8_t a[4] = {1, 0, 1, 0}, b[4] = {0, 1, 1, 0}, c[4] = {1, 1, 1, 1};
  assert_int_equal(gsat_phase_offer(s, a, 7), 1); /* the first offer fills it */
  assert_int_equal(gsat_phase_generation(s), 1);
  assert_int_equal(gsat_phase_offer(s, c, 9), 0); /* worse: refused */
  assert_int_equal(gsat_phase_offer(s, c, 7), 0); /* no better: refused */
  assert_int_equal(gsat_phase_generation(s), 1);
  assert_int_equal(gsat_phase_take(s, &seen, out, &got), 1);
  assert_int_equal(seen, 1);
  assert_int_equal(got, 7);
  assert_memory_equal(out, a, 4);
  assert_int_equal(gsat_phase_take(s, &seen, out, &got), 0); /* nothing newer */
  assert_int_equal(gsat_phase_offer(s, b, 3), 1);            /* better: replaces */
  assert_int_equal(gsat_phase_generation(s), 2);
  assert_int_equal(gsat_phase_cost(s), 3);
  assert_int_equal(gsat_phase_take(s, &seen, out, NULL), 1);
  assert_memory_equal(out, b, 4);
  assert_int_equal(seen, 2);
  uint64_t other = 0; /* another taker still gets the newest */
  assert_int_equal(gsat_phase_take(s, &other, out, &got), 1);
  assert_int_equal(other, 2);
  assert_int_equal(s->offers, 4);
  assert_int_equal(gsat_phase_generation(&x.from_cdcl), 0); /* the other direction is apart */
  (void)cost;
  gsat_phases_free(&x);
}

/* Offer threads: thread t offers costs 1000 - t - 4 k (k = 0..199), each
 * assignment all bytes equal to cost mod 256; the slot ends with the least
 * cost and its own assignment, never a torn one. */
#define OFFER_VARS 4096
static gsat_phases race_x;
static void *offer_thread(void *arg) {
  const uint32_t t = (uint32_t)(uintptr_t)arg;
  uint8_t *val = malloc(OFFER_VARS);
  for (uint32_t k = 0; k < 200; k++) {
    const uint32_t cost = 1000 - t - 4 * k;
    memset(val, (int)(cost & 255), OFFER_VARS);
    gsat_phase_offer(&race_x.from_walk, val, cost);
  }
  free(val);
  return NULL;
}

static void offers_from_threads(void **state) {
  (void)state;
  gsat_error err;
  assert_int_equal(gsat_phases_init(&race_x, OFFER_VARS, &err), GSAT_OK);
  pthread_t th[4];
  for (uintptr_t t = 0; t < 4; t++)
    assert_int_equal(pthread_create(&th[t], NULL, offer_thread, (void *)t), 0);
  uint8_t *out = malloc(OFFER_VARS);
  uint64_t seen = 0;
  uint32_t cost = 0;
  for (int i = 0; i < 2000; i++) /* takes meanwhile: never torn */
    if (gsat_phase_take(&race_x.from_walk, &seen, out, &cost))
      for (uint32_t v = 0; v < OFFER_VARS; v += 97) assert_int_equal(out[v], cost & 255);
  for (int t = 0; t < 4; t++) pthread_join(th[t], NULL);
  assert_int_equal(gsat_phase_cost(&race_x.from_walk), 1000 - 3 - 4 * 199);
  assert_int_equal(gsat_phase_take(&race_x.from_walk, &seen, out, &cost) || seen > 0, 1);
  seen = 0;
  assert_int_equal(gsat_phase_take(&race_x.from_walk, &seen, out, &cost), 1);
  for (uint32_t v = 0; v < OFFER_VARS; v++) assert_int_equal(out[v], cost & 255);
  free(out);
  gsat_phases_free(&race_x);
}

/*---- the CDCL side ---------------------------------------------------------*/

/* A searcher over db with the default configuration at level 0. */
static void searcher(gsat_cdcl *s, const gsat_db *db) {
  gsat_cdcl_config cfg;
  gsat_cdcl_config_default(&cfg);
  int refuted = 0;
  gsat_error err;
  assert_int_equal(gsat_cdcl_create(s, db, &cfg, NULL, &refuted, &err), GSAT_OK);
  assert_int_equal(refuted, 0);
}

/* Runs s to an answer. */
static int search_to_end(gsat_cdcl *s, const gsat_db *db) {
  gsat_db_view view = gsat_db_view_of(db);
  gsat_error err;
  for (;;) {
    int res = gsat_cdcl_search(s, &view, 1u << 20);
    if (res == GSAT_CDCL_GROW_ARENA || res == GSAT_CDCL_GROW_WATCHES) {
      assert_int_equal(gsat_cdcl_grow(s, res, &err), GSAT_OK);
      continue;
    }
    if (res != GSAT_CDCL_PAUSED) return res;
  }
}

static void cdcl_takes_a_model_and_finds_it_without_conflicts(void **state) {
  (void)state;
  planted x;
  planted_make(&x, 11, 300, 1270, 3); /* ratio 4.23: thousands of conflicts without help */
  gsat_cdcl s;
  searcher(&s, &x.db);
  gsat_cdcl_take_phases(&s, x.model);
  uint8_t *offer = malloc(x.db.num_vars);
  assert_int_equal(gsat_cdcl_offer_phases(&s, offer), x.db.num_vars); /* no trail yet */
  assert_memory_equal(offer, x.model, x.db.num_vars);                 /* the targets */
  assert_int_equal(search_to_end(&s, &x.db), GSAT_CDCL_SAT);
  assert_int_equal(s.n.conflicts, 0);
  uint8_t *m = malloc(x.db.num_vars);
  for (uint32_t v = 0; v < x.db.num_vars; v++) m[v] = s.val[2 * v] > 0;
  assert_true(walk_test_model_ok(&x.cnf, &x.db, m));
  free(m);
  free(offer);
  gsat_cdcl_destroy(&s);
  planted_free(&x);
}

/* The poll: nothing before a restart; an offer of the searcher's phases at
 * a restart; the walkers' phases taken only from the rephase point on, once
 * per generation; a model (cost 0) at once. */
static void the_rephase_poll(void **state) {
  (void)state;
  planted x;
  planted_make(&x, 12, 200, 840, 3);
  gsat_cdcl s;
  searcher(&s, &x.db);
  gsat_phases ex;
  gsat_error err;
  assert_int_equal(gsat_phases_init(&ex, x.db.num_vars, &err), GSAT_OK);
  gsat_cdcl_phase_port port;
  assert_int_equal(gsat_cdcl_phase_port_init(&port, &ex, x.db.num_vars, &err), GSAT_OK);
  uint8_t *wrong = malloc(x.db.num_vars);
  for (uint32_t v = 0; v < x.db.num_vars; v++) wrong[v] = !x.model[v];
  assert_int_equal(gsat_phase_offer(&ex.from_walk, wrong, 5), 1);
  assert_int_equal(gsat_cdcl_phases_poll(&s, &port), 0); /* no restart yet */
  s.n.restarts = 1;
  s.target_assigned = 10;                                /* as after a conflict-free trail of 10 */
  assert_int_equal(gsat_cdcl_phases_poll(&s, &port), 0); /* before the rephase point */
  assert_int_equal(port.offered, 1);
  assert_int_equal(gsat_phase_cost(&ex.from_cdcl), x.db.num_vars - 10);
  s.n.conflicts = GSAT_CDCL_REPHASE_FIRST;
  s.n.restarts = 2;
  assert_int_equal(gsat_cdcl_phases_poll(&s, &port), 1);
  assert_int_equal(port.taken, 1);
  assert_int_equal(port.offered, 1); /* the trail did not grow */
  for (uint32_t v = 0; v < x.db.num_vars; v++) {
    assert_int_equal(s.phase[v], wrong[v]);
    assert_int_equal(s.target[v], wrong[v] + 1);
  }
  assert_int_equal(s.target_assigned, 0);
  assert_true(port.next_take > s.n.conflicts);
  s.n.restarts = 3;
  assert_int_equal(gsat_cdcl_phases_poll(&s, &port), 0); /* taken already */
  assert_int_equal(gsat_phase_offer(&ex.from_walk, x.model, 0), 1);
  s.n.restarts = 4; /* a model: at once, before the next rephase point */
  assert_int_equal(gsat_cdcl_phases_poll(&s, &port), 1); /* a model: at once */
  assert_int_equal(search_to_end(&s, &x.db), GSAT_CDCL_SAT);
  assert_int_equal(s.n.conflicts, GSAT_CDCL_REPHASE_FIRST); /* none more */
  free(wrong);
  gsat_cdcl_phase_port_free(&port);
  gsat_phases_free(&ex);
  gsat_cdcl_destroy(&s);
  planted_free(&x);
}

/*---- the walker side -------------------------------------------------------*/

static void walker_restarts_from_given_phases(void **state) {
  (void)state;
  planted x;
  planted_make(&x, 13, 400, 1680, 3);
  gsat_walk_formula wf;
  gsat_error err;
  assert_int_equal(gsat_walk_formula_build(&wf, &x.db, &err), GSAT_OK);
  const gsat_walk_cnf *f = &wf.view;
  gsat_walk_params p;
  gsat_walk_params_default(&p, f->num_vars);
  void *mem = malloc(gsat_walker_bytes(f->num_vars, f->num_clauses, f->max_len));
  gsat_walker w;
  gsat_walker_carve(&w, mem, f->num_vars, f->num_clauses, f->max_len);
  gsat_walk_start(&w, f, &p, 5);
  assert_true(w.unsat_len > 0);
  gsat_walk_run(&w, f, &p, 100);
  const uint64_t restarts = w.restarts, flips = w.flips;
  uint32_t *scratch = malloc(4 * (size_t)f->num_vars);
  uint8_t *near = malloc(f->num_vars); /* the model with two variables flipped */
  memcpy(near, x.model, f->num_vars);
  near[0] ^= 1;
  near[1] ^= 1;
  gsat_walk_restart_from(&w, f, &p, near);
  assert_int_equal(w.restarts, restarts + 1);
  assert_int_equal(w.flips, flips);
  assert_int_equal(w.since_restart, 0);
  assert_memory_equal(w.val, near, f->num_vars);
  assert_int_equal(gsat_walk_check(&w, f, w.unsat_len, scratch), 0);
  assert_true(w.best_unsat <= w.unsat_len);
  gsat_walk_restart_from(&w, f, &p, x.model);
  assert_int_equal(w.unsat_len, 0);
  assert_int_equal(w.best_unsat, 0);
  assert_memory_equal(w.best, x.model, f->num_vars);
  assert_int_equal(gsat_walk_run(&w, f, &p, 10), 1); /* a model: no flip needed */
  assert_int_equal(w.flips, flips);
  free(near);
  free(scratch);
  free(mem);
  gsat_walk_formula_free(&wf);
  planted_free(&x);
}

/* The CPU walkers with an exchange: the best assignment offered; the CDCL
 * phases (here: the model) taken at a restart after 10^4 flips, which ends
 * the walk with the model.  The formula, x1 and the chain x_i -> x_(i+1)
 * over 3000 variables (its one model: all true), takes a walker from a
 * random start millions of flips. */
static void cpu_walker_trades_phases(void **state) {
  (void)state;
  planted x;
  gsat_cnf_init(&x.cnf);
  gsat_cnf_add_lit(&x.cnf, gsat_lit_from_dimacs(1), NULL);
  gsat_cnf_end_clause(&x.cnf, NULL);
  for (int v = 1; v < 3000; v++) {
    gsat_cnf_add_lit(&x.cnf, gsat_lit_from_dimacs(-v), NULL);
    gsat_cnf_add_lit(&x.cnf, gsat_lit_from_dimacs(v + 1), NULL);
    gsat_cnf_end_clause(&x.cnf, NULL);
  }
  gsat_error err;
  assert_int_equal(gsat_db_build(&x.db, &x.cnf, &err), GSAT_OK);
  x.model = malloc(x.db.num_vars);
  memset(x.model, 1, x.db.num_vars);
  assert_true(walk_test_model_ok(&x.cnf, &x.db, x.model));
  gsat_phases ex;
  assert_int_equal(gsat_phases_init(&ex, x.db.num_vars, &err), GSAT_OK);
  assert_int_equal(gsat_phase_offer(&ex.from_cdcl, x.model, 1), 1);
  gsat_search_params p;
  memset(&p, 0, sizeof p);
  p.threads = 1;
  p.node_limit = 1000000;
  p.phases = &ex;
  gsat_search_result r;
  assert_int_equal(gsat_cpu_walk_solve(&x.db, &p, &r, &err), GSAT_OK);
  assert_int_equal(r.answer, 10);
  assert_true(walk_test_model_ok(&x.cnf, &x.db, r.model));
  assert_int_equal(r.total.phases_in, 1);
  assert_true(r.total.phases_out >= 1);
  assert_true(gsat_phase_cost(&ex.from_walk) < GSAT_PHASES_NONE);
  gsat_search_result_free(&r);
  gsat_phases_free(&ex);
  planted_free(&x);
}

/*---- the CPU walker beside the CDCL searchers (--cdcl-walk) ----------------*/

static gsat_search_params cdcl_params(uint32_t threads, uint32_t walk) {
  gsat_search_params p;
  memset(&p, 0, sizeof p);
  p.threads = threads;
  gsat_cdcl_config_default(&p.cdcl);
  p.cdcl_walk = walk;
  return p;
}

static void cdcl_with_a_walker_answers_right(void **state) {
  (void)state;
  planted x;
  planted_make(&x, 15, 300, 1270, 3);
  for (uint32_t threads = 1; threads <= 2; threads++) {
    gsat_search_params p = cdcl_params(threads, 1000);
    gsat_search_result r;
    gsat_error err;
    assert_int_equal(gsat_cpu_cdcl_solve(&x.db, &p, &r, &err), GSAT_OK);
    assert_int_equal(r.answer, 10);
    assert_true(walk_test_model_ok(&x.cnf, &x.db, r.model));
    gsat_search_result_free(&r);
    p.walk_phases_only = 1; /* the model only as phases: a searcher answers */
    assert_int_equal(gsat_cpu_cdcl_solve(&x.db, &p, &r, &err), GSAT_OK);
    assert_int_equal(r.answer, 10);
    assert_true(walk_test_model_ok(&x.cnf, &x.db, r.model));
    gsat_search_result_free(&r);
  }
  planted_free(&x);
  gsat_cnf php;
  gsat_error err;
  gsat_cnf_init(&php);
  assert_int_equal(gsat_gen_php(6, &php, &err), GSAT_OK);
  gsat_db db;
  assert_int_equal(gsat_db_build(&db, &php, &err), GSAT_OK);
  gsat_search_params p = cdcl_params(1, 1000);
  gsat_search_result r;
  assert_int_equal(gsat_cpu_cdcl_solve(&db, &p, &r, &err), GSAT_OK);
  assert_int_equal(r.answer, 20); /* the walker never answers UNSAT, nor stops it */
  gsat_search_result_free(&r);
  gsat_db_free(&db);
  gsat_cnf_free(&php);
}

/*---- the CPU+GPU portfolio with a stand-in walker member -------------------*/

/* The stand-in GPU walker: offers the planted model (over the portfolio's
 * variables) as its best assignment when stand_in_offer, then answers SAT
 * with it when stand_in_answers, else waits for the stop. */
static int stand_in_offer;
static int stand_in_answers, stand_in_had_exchange;
static gsat_status walker_stand_in(void *shared, gsat_race *race, uint32_t index,
                                   const gsat_flag *stop, gsat_search_result *r, gsat_error *err) {
  (void)err;
  gsat_phases *x = gsat_portfolio_phases(shared);
  __atomic_store_n(&stand_in_had_exchange, x != NULL, __ATOMIC_RELAXED);
  if (!gsat_race_begin(race, index)) return GSAT_OK;
  const gsat_db *db = gsat_portfolio_db(shared);
  uint8_t *model = malloc(db->num_vars + 1);
  for (uint32_t v = 0; v < db->num_vars; v++) model[v] = (uint8_t) !(db->ext_var[v] & 1);
  if (x && stand_in_offer)
    r->total.phases_out = (uint64_t)gsat_phase_offer(&x->from_walk, model, 0);
  if (stand_in_answers && stand_in_offer) {
    r->model = model;
    r->answer = GSAT_ANSWER_SAT;
    return GSAT_OK;
  }
  free(model);
  while (!GSAT_FLAG_IS_RAISED(stop)) gsat_sleep(0.001);
  r->answer = GSAT_ANSWER_UNKNOWN;
  return GSAT_OK;
}

static int background_done(void) {
  for (int i = 0; i < 5000 && gsat_race_background(); i++) gsat_sleep(0.001);
  return gsat_race_background() == 0;
}

static void portfolio_with_a_walker_member(void **state) {
  (void)state;
  gsat_portfolio_set_gpu_member(walker_stand_in);
  planted x;
  planted_make(&x, 16, 400, 1700, 3);
  for (int answers = 1; answers >= 0; answers--) {
    stand_in_offer = 1;
    stand_in_answers = answers;
    stand_in_had_exchange = 0;
    gsat_solver *s = standin_solver("cdcl", &x.cnf);
    assert_int_equal(gsat_solve(s), GSAT_SATISFIABLE);
    for (int32_t v = 1; v <= (int32_t)x.cnf.max_var; v++) /* the planted model */
      assert_int_equal(gsat_value(s, v) > 0, (v & 1) == 1);
    const gsat_statistics *st = gsat_get_statistics(s);
    assert_string_equal(st->member[1].search, "walk");
    if (!answers) { /* the CPU searcher answered: at once when it took the model */
      assert_string_equal(st->answered_by, "cpu");
      assert_true(st->member[0].phases_in <= 1); /* one generation offered */
    }
    gsat_release(s);
    assert_true(background_done());
    assert_int_equal(stand_in_had_exchange, 1);
  }
  planted_free(&x);
  /* UNSAT: the walker member never answers; the CPU's refutation wins */
  gsat_cnf php;
  gsat_error err;
  gsat_cnf_init(&php);
  assert_int_equal(gsat_gen_php(6, &php, &err), GSAT_OK);
  stand_in_offer = 0;
  stand_in_answers = 0;
  gsat_solver *s = standin_solver("cdcl", &php);
  assert_int_equal(gsat_solve(s), GSAT_UNSATISFIABLE);
  assert_string_equal(gsat_get_statistics(s)->answered_by, "cpu");
  gsat_release(s);
  assert_true(background_done());
  gsat_cnf_free(&php);
  gsat_portfolio_set_gpu_member(NULL);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(offer_take_and_generations),
      cmocka_unit_test(offers_from_threads),
      cmocka_unit_test(cdcl_takes_a_model_and_finds_it_without_conflicts),
      cmocka_unit_test(the_rephase_poll),
      cmocka_unit_test(walker_restarts_from_given_phases),
      cmocka_unit_test(cpu_walker_trades_phases),
      cmocka_unit_test(cdcl_with_a_walker_answers_right),
      cmocka_unit_test(portfolio_with_a_walker_member),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
