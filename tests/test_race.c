/* The portfolio's race (api/race.h) driven by stand-in members, no GPU:
 * the first verified answer wins, the others are stopped, a failing member
 * leaves the other's answer standing, a member still in its setup is left in
 * the background and never searches, and the caller's stop and the time limit
 * end the race before the members are ready and while they search.  Every
 * ordering that a check depends on is forced by gates, never by timing. */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "dimacs/generate.h"
#include "api/gsat.h"
#include "api/portfolio.h"
#include "api/race.h"
#include "core/share.h"
#include "tests/standin.h"
#include "tests/walk_formulas.h"

enum behaviour {
  ANSWER,     /* answers `answer` once begun */
  NEVER,      /* searches until the stop flag */
  AFTER_STOP, /* waits for the stop flag, then answers `answer` (too late) */
  FAIL,       /* fails with `fail` in its search */
  LIMIT,      /* stops at once by its node limit */
};

typedef struct stand_in {
  enum behaviour how;
  int answer; /* GSAT_ANSWER_SAT or _UNSAT */
  gsat_status fail;
  int hold_setup; /* waits in its setup until released */
  int bad_model;  /* a SAT answer that verify rejects */
  int began;      /* what gsat_race_begin returned (-1: not called) */
  int returned;
} stand_in;

typedef struct world {
  pthread_mutex_t lock;
  pthread_cond_t cond;
  int released;  /* the setup gate is open */
  int searching; /* members that began */
  int freed;     /* free_shared calls */
  int verified;  /* verify calls */
  stand_in m[2];
} world;

static world W;

static void world_init(void) {
  memset(&W, 0, sizeof W);
  pthread_mutex_init(&W.lock, NULL);
  pthread_cond_init(&W.cond, NULL);
  for (int i = 0; i < 2; i++) W.m[i].began = -1;
}

static void release_setup(void) {
  pthread_mutex_lock(&W.lock);
  W.released = 1;
  pthread_cond_broadcast(&W.cond);
  pthread_mutex_unlock(&W.lock);
}

/* Waits until `done()` holds, polling (no time bound asserted). */
static void wait_until(int (*done)(void)) {
  while (!done()) sleep_ms(1);
}

static int both_searching(void) {
  pthread_mutex_lock(&W.lock);
  int n = W.searching;
  pthread_mutex_unlock(&W.lock);
  return n == 2;
}

static int nothing_in_background(void) {
  return gsat_race_background() == 0;
}

static gsat_status stand_in_run(void *shared, gsat_race *race, uint32_t index,
                                const gsat_flag *stop, gsat_search_result *r, gsat_error *err) {
  world *w = shared;
  stand_in *m = &w->m[index];
  if (m->hold_setup) {
    pthread_mutex_lock(&w->lock);
    while (!w->released) pthread_cond_wait(&w->cond, &w->lock);
    pthread_mutex_unlock(&w->lock);
  }
  m->began = gsat_race_begin(race, index);
  if (!m->began) {
    r->answer = GSAT_ANSWER_UNKNOWN;
    __atomic_store_n(&m->returned, 1, __ATOMIC_RELEASE);
    return GSAT_OK;
  }
  if (m->how == FAIL) { /* a failure in the search (a CUDA error) */
    gsat_status st = gsat_error_set(err, m->fail, "stand-in %u failed", index);
    __atomic_store_n(&m->returned, 1, __ATOMIC_RELEASE);
    return st;
  }
  pthread_mutex_lock(&w->lock);
  w->searching++;
  pthread_mutex_unlock(&w->lock);
  r->num_workers = 1;
  r->total.n.nodes = 100 + index; /* counters come back per member */
  if (m->how == NEVER || m->how == AFTER_STOP)
    while (!GSAT_FLAG_IS_RAISED(stop)) sleep_ms(1);
  r->answer = m->how == NEVER ? GSAT_ANSWER_UNKNOWN : m->answer;
  if (m->how == LIMIT) {
    r->answer = GSAT_ANSWER_UNKNOWN;
    r->stopped_by_limit = 1;
  }
  if (r->answer == GSAT_ANSWER_SAT) {
    r->model = malloc(4);
    assert_non_null(r->model);
    memset(r->model, m->bad_model ? 0 : 1, 4);
  }
  __atomic_store_n(&m->returned, 1, __ATOMIC_RELEASE);
  return GSAT_OK;
}

/* The model check: every value must be 1. */
static gsat_status verify(void *data, uint32_t index, const gsat_search_result *r,
                          gsat_error *err) {
  world *w = data;
  __atomic_fetch_add(&w->verified, 1, __ATOMIC_ACQ_REL);
  for (int i = 0; i < 4; i++)
    GSAT_RETURN_IF(r->model[i] != 1, err, INTERNAL, "model check failed for member %u", index);
  return GSAT_OK;
}

static void free_shared(void *shared) {
  ((world *)shared)->freed++;
}

/* Runs a race of the two stand-ins W.m[0] ("cpu") and W.m[1] ("gpu"). */
static gsat_status race2(const gsat_flag *user_stop, double limit, gsat_race_outcome *out,
                         gsat_error *err) {
  gsat_race *race = gsat_race_new(&W, free_shared, verify, &W);
  assert_non_null(race);
  assert_int_equal(gsat_race_add(race, "cpu", stand_in_run, err), GSAT_OK);
  assert_int_equal(gsat_race_add(race, "gpu", stand_in_run, err), GSAT_OK);
  return gsat_race_run(race, user_stop, limit, out, err);
}

/* world_init with the stand-ins cpu (W.m[0]) and gpu (W.m[1]), neither begun. */
static void world_of(stand_in cpu, stand_in gpu) {
  world_init();
  W.m[0] = cpu;
  W.m[1] = gpu;
  W.m[0].began = W.m[1].began = -1;
}

/* race2, which must return GSAT_OK, into *out. */
static void race2_ok(const gsat_flag *user_stop, double limit, gsat_race_outcome *out) {
  gsat_error err;
  assert_int_equal(race2(user_stop, limit, out, &err), GSAT_OK);
}

/* Opens the setup gate once cond() holds (on its own thread). */
static void *release_when(void *cond) {
  wait_until((int (*)(void))cond);
  release_setup();
  return NULL;
}

/* race2_ok (no stop, no limit) while a thread opens the setup gate once
 * cond() holds. */
static void race2_released(int (*cond)(void), gsat_race_outcome *out) {
  pthread_t releaser;
  assert_int_equal(pthread_create(&releaser, NULL, release_when, (void *)cond), 0);
  race2_ok(NULL, 0, out);
  pthread_join(releaser, NULL);
}

static int one_searching(void) {
  pthread_mutex_lock(&W.lock);
  int n = W.searching;
  pthread_mutex_unlock(&W.lock);
  return n >= 1;
}
static int member1_returned(void) {
  return __atomic_load_n(&W.m[1].returned, __ATOMIC_ACQUIRE);
}
static int verified_once(void) {
  return __atomic_load_n(&W.verified, __ATOMIC_ACQUIRE) == 1;
}

/* After a race: nothing left running, the shared data freed once. */
static void settle(gsat_race_outcome *out) {
  wait_until(nothing_in_background);
  assert_int_equal(W.freed, 1);
  gsat_race_outcome_free(out);
}

static void first_answer_wins_the_other_is_stopped(void **state) {
  (void)state;
  world_of((stand_in){.how = ANSWER, .answer = GSAT_ANSWER_SAT, .hold_setup = 1},
           (stand_in){.how = AFTER_STOP, .answer = GSAT_ANSWER_UNSAT});
  gsat_race_outcome out;
  race2_released(one_searching, &out); /* member 1 searches before member 0 answers */
  assert_int_equal(out.winner, 0);
  assert_int_equal(out.answer, GSAT_ANSWER_SAT);
  assert_non_null(out.member[0].result.model);
  assert_int_equal(out.member[0].verified, 1);
  assert_string_equal(out.member[1].name, "gpu");
  /* the other member's late UNSAT does not count and is not checked */
  assert_int_equal(out.member[1].phase, GSAT_RACE_DONE);
  assert_int_equal(out.member[1].answer, GSAT_ANSWER_UNSAT);
  assert_int_equal(out.member[1].verified, 0);
  assert_int_equal(out.member[1].result.total.n.nodes, 101);
  assert_int_equal(W.verified, 1);
  assert_int_equal(out.stopped, 0);
  assert_int_equal(out.stopped_by_limit, 0);
  assert_int_equal(gsat_race_background(), 0);
  settle(&out);
}

static void failing_member_leaves_the_answer_standing(void **state) {
  (void)state;
  world_of((stand_in){.how = ANSWER, .answer = GSAT_ANSWER_UNSAT, .hold_setup = 1},
           (stand_in){.how = FAIL, .fail = GSAT_CUDA});
  gsat_race_outcome out;
  race2_released(member1_returned, &out); /* the failure comes first */
  assert_int_equal(out.winner, 0);
  assert_int_equal(out.answer, GSAT_ANSWER_UNSAT);
  assert_int_equal(out.member[1].phase, GSAT_RACE_DONE);
  assert_int_equal(out.member[1].status, GSAT_CUDA);
  assert_string_equal(out.member[1].message, "stand-in 1 failed");
  assert_string_equal(out.member[0].message, "");
  settle(&out);
}

static void every_member_failing_is_the_first_failure(void **state) {
  (void)state;
  world_of((stand_in){.how = FAIL, .fail = GSAT_NOMEM}, (stand_in){.how = FAIL, .fail = GSAT_CUDA});
  gsat_race_outcome out;
  gsat_error err;
  gsat_error_clear(&err);
  assert_int_equal(race2(NULL, 0, &out, &err), GSAT_NOMEM);
  assert_int_equal(out.winner, GSAT_RACE_NONE);
  assert_int_equal(out.answer, GSAT_ANSWER_UNKNOWN);
  assert_string_equal(err.message, "stand-in 0 failed");
  assert_int_equal(out.member[1].status, GSAT_CUDA);
  settle(&out);
}

static void a_model_that_fails_the_check_never_wins(void **state) {
  (void)state;
  world_of((stand_in){.how = ANSWER, .answer = GSAT_ANSWER_SAT, .bad_model = 1},
           (stand_in){.how = ANSWER, .answer = GSAT_ANSWER_UNSAT, .hold_setup = 1});
  gsat_race_outcome out;
  race2_released(verified_once, &out); /* member 0's model is checked first */
  assert_int_equal(out.winner, 1);
  assert_int_equal(out.answer, GSAT_ANSWER_UNSAT);
  assert_int_equal(out.member[0].status, GSAT_INTERNAL);
  assert_string_equal(out.member[0].message, "model check failed for member 0");
  assert_int_equal(out.member[0].verified, 0);
  settle(&out);
}

/* The CPU answers while the GPU is still in its setup (a CUDA context): the
 * race returns without waiting for it; when its setup ends it is told not to
 * search, and as the last one out it frees the shared data. */
static void a_member_in_setup_is_left_and_never_searches(void **state) {
  (void)state;
  world_of((stand_in){.how = ANSWER, .answer = GSAT_ANSWER_UNSAT},
           (stand_in){.how = ANSWER, .answer = GSAT_ANSWER_SAT, .hold_setup = 1});
  gsat_race_outcome out;
  race2_ok(NULL, 0, &out);
  assert_int_equal(out.winner, 0);
  assert_int_equal(out.member[1].phase, GSAT_RACE_SETUP);
  assert_true(out.member[1].began == 0);
  assert_int_equal(gsat_race_background(), 1);
  assert_int_equal(W.freed, 0); /* the member still holds the shared data */
  release_setup();
  wait_until(nothing_in_background);
  assert_int_equal(W.m[1].began, 0); /* told not to search */
  assert_int_equal(W.verified, 0);
  settle(&out);
}

static void stop_before_any_member_is_ready(void **state) {
  (void)state;
  world_of((stand_in){.how = ANSWER, .answer = GSAT_ANSWER_SAT, .hold_setup = 1},
           (stand_in){.how = ANSWER, .answer = GSAT_ANSWER_SAT, .hold_setup = 1});
  gsat_flag stop = 1;
  gsat_race_outcome out;
  race2_ok(&stop, 0, &out);
  assert_int_equal(out.stopped, 1);
  assert_int_equal(out.winner, GSAT_RACE_NONE);
  assert_int_equal(out.answer, GSAT_ANSWER_UNKNOWN);
  assert_int_equal(gsat_race_background(), 2);
  release_setup();
  wait_until(nothing_in_background);
  assert_int_equal(W.m[0].began, 0);
  assert_int_equal(W.m[1].began, 0);
  settle(&out);
}

static gsat_flag user_stop;

static void *stop_when_both_search(void *arg) {
  (void)arg;
  wait_until(both_searching);
  GSAT_FLAG_RAISE(&user_stop);
  return NULL;
}

static void stop_during_both_searches(void **state) {
  (void)state;
  world_of((stand_in){.how = NEVER}, (stand_in){.how = NEVER});
  GSAT_FLAG_CLEAR(&user_stop);
  pthread_t t;
  assert_int_equal(pthread_create(&t, NULL, stop_when_both_search, NULL), 0);
  gsat_race_outcome out;
  race2_ok(&user_stop, 0, &out);
  pthread_join(t, NULL);
  assert_int_equal(out.stopped, 1);
  assert_int_equal(out.stopped_by_limit, 0);
  assert_int_equal(out.answer, GSAT_ANSWER_UNKNOWN);
  for (int i = 0; i < 2; i++) { /* both were waited for: they had begun */
    assert_int_equal(out.member[i].phase, GSAT_RACE_DONE);
    assert_int_equal(out.member[i].result.total.n.nodes, 100 + i);
  }
  assert_int_equal(gsat_race_background(), 0);
  settle(&out);
}

/* A member that the limit finds in its setup is left behind and never
 * searches; one that searched returned UNKNOWN. */
static void check_left_or_unknown(const gsat_race_outcome *out, int i) {
  if (out->member[i].phase == GSAT_RACE_SETUP) {
    wait_until(nothing_in_background);
    assert_int_equal(W.m[i].began, 0);
  } else {
    assert_int_equal(out->member[i].phase, GSAT_RACE_DONE);
    assert_int_equal(out->member[i].answer, GSAT_ANSWER_UNKNOWN);
  }
}

static void time_limit_during_both_searches(void **state) {
  (void)state;
  world_of((stand_in){.how = NEVER}, (stand_in){.how = NEVER});
  gsat_race_outcome out;
  race2_ok(NULL, 0.02, &out);
  assert_int_equal(out.stopped_by_limit, 1);
  assert_int_equal(out.stopped, 0);
  assert_int_equal(out.answer, GSAT_ANSWER_UNKNOWN);
  check_left_or_unknown(&out, 0);
  check_left_or_unknown(&out, 1);
  settle(&out);
}

static void time_limit_before_the_gpu_is_ready(void **state) {
  (void)state;
  world_of((stand_in){.how = NEVER},
           (stand_in){.how = ANSWER, .answer = GSAT_ANSWER_SAT, .hold_setup = 1});
  gsat_race_outcome out;
  race2_ok(NULL, 0.02, &out);
  assert_int_equal(out.stopped_by_limit, 1);
  assert_int_equal(out.answer, GSAT_ANSWER_UNKNOWN);
  assert_int_equal(out.member[1].phase, GSAT_RACE_SETUP);
  check_left_or_unknown(&out, 0);
  release_setup();
  wait_until(nothing_in_background);
  assert_int_equal(W.m[1].began, 0);
  settle(&out);
}

static void a_member_limit_stops_the_race(void **state) {
  (void)state;
  world_of((stand_in){.how = LIMIT, .hold_setup = 1}, (stand_in){.how = NEVER});
  gsat_race_outcome out;
  race2_released(one_searching, &out); /* member 1 searches when member 0 stops */
  assert_int_equal(out.stopped_by_limit, 1);
  assert_int_equal(out.stopped, 0);
  assert_int_equal(out.answer, GSAT_ANSWER_UNKNOWN);
  assert_int_equal(out.member[0].stopped_by_limit, 1);
  assert_int_equal(out.member[1].phase, GSAT_RACE_DONE);
  assert_int_equal(out.member[1].answer, GSAT_ANSWER_UNKNOWN);
  settle(&out);
}

static void at_most_four_members_added_before_the_run(void **state) {
  (void)state;
  world_init();
  gsat_race *race = gsat_race_new(&W, free_shared, NULL, NULL);
  assert_non_null(race);
  gsat_error err;
  for (int i = 0; i < GSAT_RACE_MAX_MEMBERS; i++)
    assert_int_equal(gsat_race_add(race, "m", stand_in_run, &err), GSAT_OK);
  assert_int_equal(gsat_race_add(race, "m", stand_in_run, &err), GSAT_USAGE);
  gsat_race_discard(race); /* never run: freed with its shared data */
  assert_int_equal(W.freed, 1);
}

/*------------------------------------------------------------------------*/
/* Through the API: --backend=auto with a stand-in GPU member beside the real
 * CPU search (gsat_portfolio_set_gpu_member). */

static gsat_status gpu_fails(void *shared, gsat_race *race, uint32_t index, const gsat_flag *stop,
                             gsat_search_result *r, gsat_error *err) {
  (void)shared;
  (void)race;
  (void)index;
  (void)stop;
  (void)r;
  return gsat_error_set(err, GSAT_CUDA, "stand-in CUDA error: out of memory");
}

/* Answers UNSAT, or SAT with the all-false model (which falsifies php). */
static int gpu_answer;
static gsat_status gpu_answers(void *shared, gsat_race *race, uint32_t index, const gsat_flag *stop,
                               gsat_search_result *r, gsat_error *err) {
  (void)stop;
  (void)err;
  if (!gsat_race_begin(race, index)) return GSAT_OK;
  r->answer = gpu_answer;
  r->total.n.nodes = 9;
  if (gpu_answer == GSAT_ANSWER_SAT) {
    r->model = calloc(gsat_portfolio_db(shared)->num_vars + 1, 1);
    assert_non_null(r->model);
  }
  return GSAT_OK;
}

static gsat_status gpu_held(void *shared, gsat_race *race, uint32_t index, const gsat_flag *stop,
                            gsat_search_result *r, gsat_error *err) {
  (void)stop;
  (void)err;
  const gsat_db *db = gsat_portfolio_db(shared);
  pthread_mutex_lock(&W.lock);
  while (!W.released) pthread_cond_wait(&W.cond, &W.lock);
  pthread_mutex_unlock(&W.lock);
  W.m[1].began = gsat_race_begin(race, index);
  (void)db->num_vars; /* the database is still there */
  r->answer = GSAT_ANSWER_UNKNOWN;
  return GSAT_OK;
}

/* x1 = x2 = true is the only model. */
static gsat_solver *tiny_sat(void) {
  gsat_solver *s = gsat_init();
  assert_non_null(s);
  assert_int_equal(gsat_set_option(s, "backend", "auto"), 0);
  const int32_t lits[] = {1, 2, 0, -1, 2, 0, 1, -2, 0};
  for (size_t i = 0; i < sizeof lits / sizeof *lits; i++) gsat_add(s, lits[i]);
  return s;
}

/* No presearch and no sweeping in s (CDCL knobs: only where search is not
 * dpll), which would answer the tests' small formulas before the members
 * race. */
static void no_presearch(gsat_solver *s, const char *search) {
  if (strcmp(search, "dpll")) assert_int_equal(gsat_set_option(s, "presearch", "0"), 0);
  if (strcmp(search, "dpll")) assert_int_equal(gsat_set_option(s, "sweep", "false"), 0);
}

static gsat_solver *php_solver(uint32_t holes) {
  gsat_solver *s = gsat_init();
  assert_non_null(s);
  assert_int_equal(gsat_set_option(s, "backend", "auto"), 0);
  gsat_cnf cnf;
  gsat_error err;
  gsat_cnf_init(&cnf);
  assert_int_equal(gsat_gen_php(holes, &cnf, &err), GSAT_OK);
  add_cnf(s, &cnf);
  gsat_cnf_free(&cnf);
  return s;
}

/* Adds `gsat-gen rand k vars clauses seed` to s. */
static void add_rand(gsat_solver *s, uint32_t k, uint64_t vars, uint64_t clauses, uint64_t seed) {
  gsat_cnf cnf;
  gsat_error err;
  gsat_cnf_init(&cnf);
  assert_int_equal(gsat_gen_rand(k, vars, clauses, seed, &cnf, &err), GSAT_OK);
  add_cnf(s, &cnf);
  gsat_cnf_free(&cnf);
}

static void api_cpu_answers(void **state) {
  (void)state;
  gsat_portfolio_set_gpu_member(gpu_never);
  gsat_solver *s = tiny_sat();
  no_presearch(s, "auto");
  assert_int_equal(gsat_solve(s), GSAT_SATISFIABLE);
  assert_int_equal(gsat_value(s, 1), 1); /* the CPU's model, checked */
  assert_int_equal(gsat_value(s, 2), 2);
  const gsat_statistics *st = gsat_get_statistics(s);
  assert_int_equal(st->members, 2);
  assert_string_equal(st->answered_by, "cpu");
  assert_string_equal(st->backend, "cpu");
  assert_string_equal(st->member[0].name, "cpu");
  assert_string_equal(st->member[0].search, "cdcl"); /* by the features */
  assert_int_equal(st->member[0].answer, GSAT_SATISFIABLE);
  assert_int_equal(st->member[0].searched, 1);
  assert_string_equal(st->member[1].name, "gpu");
  assert_int_equal(st->member[1].answer, GSAT_UNKNOWN);
  gsat_release(s);
  wait_until(nothing_in_background); /* the stand-in may not have begun */
  gsat_portfolio_set_gpu_member(NULL);
}

/* What the portfolio told the stand-in GPU member: walkers, CDCL. */
static int told_walk = -1, told_cdcl = -1;
static gsat_status gpu_told(void *shared, gsat_race *race, uint32_t index, const gsat_flag *stop,
                            gsat_search_result *r, gsat_error *err) {
  const gsat_backend *gpu = gsat_portfolio_member(shared, GSAT_PORTFOLIO_GPU);
  __atomic_store_n(&told_walk, gpu->search == GSAT_SEARCH_WALK, __ATOMIC_RELAXED);
  __atomic_store_n(&told_cdcl, gpu->search == GSAT_SEARCH_CDCL, __ATOMIC_RELAXED);
  return gpu_never(shared, race, index, stop, r, err);
}
static int told_both(void) {
  return __atomic_load_n(&told_walk, __ATOMIC_RELAXED) >= 0 &&
         __atomic_load_n(&told_cdcl, __ATOMIC_RELAXED) >= 0;
}

/* Under CDCL the GPU member runs the walkers (no clause exchange), or with
 * --no-portfolio-gpu-walk the GPU CDCL search; under DPLL, DPLL. */
static void api_gpu_member_walks(void **state) {
  (void)state;
  gsat_portfolio_set_gpu_member(gpu_told);
  const char *walk[] = {"true", "false", "true"}, *search[] = {"auto", "auto", "dpll"};
  const char *want[] = {"walk", "cdcl", "dpll"};
  for (int i = 0; i < 3; i++) {
    told_walk = told_cdcl = -1;
    gsat_solver *s = tiny_sat();
    if (strcmp(search[i], "dpll")) /* a CDCL knob: refused beside --search=dpll */
      assert_int_equal(gsat_set_option(s, "portfolio_gpu_walk", walk[i]), 0);
    assert_int_equal(gsat_set_option(s, "search", search[i]), 0);
    no_presearch(s, search[i]);
    assert_int_equal(gsat_solve(s), GSAT_SATISFIABLE);
    const gsat_statistics *st = gsat_get_statistics(s);
    assert_string_equal(st->member[1].search, want[i]);
    assert_non_null(strstr(st->backend_reason, want[i]));
    gsat_release(s);
    wait_until(nothing_in_background);
    wait_until(told_both);
    assert_int_equal(told_walk, i == 0);
    assert_int_equal(told_cdcl, i == 1);
  }
  gsat_portfolio_set_gpu_member(NULL);
}

/* php 11 on one CPU thread takes minutes: the GPU stand-in answers first. */
static gsat_solver *hard_unsat(const char *limit) {
  gsat_solver *s = php_solver(11);
  assert_int_equal(gsat_set_option(s, "threads", "1"), 0);
  assert_int_equal(gsat_set_option(s, "search", "dpll"), 0);
  assert_int_equal(gsat_set_option(s, "time_limit", limit), 0);
  return s;
}

/* hard_unsat(limit) into *s, solved with the stand-in gpu as the GPU
 * member: the answer must be want; returns the statistics. */
static const gsat_statistics *solve_hard(gsat_race_run_fn gpu, const char *limit, int want,
                                         gsat_solver **s) {
  gsat_portfolio_set_gpu_member(gpu);
  *s = hard_unsat(limit);
  assert_int_equal(gsat_solve(*s), want);
  return gsat_get_statistics(*s);
}

static void api_gpu_answers_the_cpu_is_stopped(void **state) {
  (void)state;
  gpu_answer = GSAT_ANSWER_UNSAT;
  gsat_solver *s;
  const gsat_statistics *st = solve_hard(gpu_answers, "0", GSAT_UNSATISFIABLE, &s);
  assert_string_equal(st->answered_by, "gpu");
  assert_string_equal(st->backend, "gpu");
  assert_int_equal(st->nodes, 9); /* the answering member's counters */
  assert_int_equal(st->member[1].nodes, 9);
  assert_int_equal(st->member[0].answer, GSAT_UNKNOWN); /* stopped, or never began */
  gsat_release(s);
  wait_until(nothing_in_background);
  gsat_portfolio_set_gpu_member(NULL);
}

static void api_gpu_model_failing_the_check_is_a_failed_member(void **state) {
  (void)state;
  gpu_answer = GSAT_ANSWER_SAT;
  gsat_solver *s; /* UNKNOWN: the CPU ran to the limit */
  const gsat_statistics *st = solve_hard(gpu_answers, "0.3", GSAT_UNKNOWN, &s);
  assert_string_equal(st->answered_by, "");
  assert_int_equal(st->member[1].status, GSAT_INTERNAL);
  assert_non_null(strstr(st->member[1].message, "falsified by the model the gpu member returned"));
  assert_int_equal(st->member[0].status, 0);
  assert_int_equal(st->member[0].returned, 1);
  gsat_release(s);
  gsat_portfolio_set_gpu_member(NULL);
}

static void api_failing_gpu_is_reported(void **state) {
  (void)state;
  gsat_solver *s; /* UNKNOWN, not the GPU's error */
  const gsat_statistics *st = solve_hard(gpu_fails, "0.3", GSAT_UNKNOWN, &s);
  assert_int_equal(st->member[0].status, 0);
  assert_int_equal(st->member[1].status, GSAT_CUDA);
  assert_string_equal(st->member[1].message, "stand-in CUDA error: out of memory");
  assert_int_equal(st->member[1].searched, 0);
  gsat_release(s);
  gsat_portfolio_set_gpu_member(NULL);
}

static void api_gpu_in_setup_is_not_waited_for(void **state) {
  (void)state;
  world_init();
  gsat_portfolio_set_gpu_member(gpu_held);
  gsat_solver *s = tiny_sat();
  no_presearch(s, "auto");
  assert_int_equal(gsat_solve(s), GSAT_SATISFIABLE);
  const gsat_statistics *st = gsat_get_statistics(s);
  assert_string_equal(st->answered_by, "cpu");
  assert_int_equal(st->member[1].returned, 0);
  assert_int_equal(st->member[1].searched, 0);
  assert_int_equal(gsat_background_members(), 1);
  gsat_release(s); /* the member holds the portfolio's data, not the solver */
  release_setup();
  wait_until(nothing_in_background);
  assert_int_equal(W.m[1].began, 0); /* told not to search */
  gsat_portfolio_set_gpu_member(NULL);
}

static void api_time_limit_stops_both_members(void **state) {
  (void)state;
  gsat_solver *s;
  const gsat_statistics *st = solve_hard(gpu_never, "0.05", GSAT_UNKNOWN, &s);
  assert_int_equal(st->members, 2);
  assert_string_equal(st->answered_by, "");
  assert_string_equal(st->backend, "cpu+gpu");
  assert_int_equal(st->member[0].answer, GSAT_UNKNOWN);
  assert_int_equal(st->member[0].returned, 1);
  assert_true(st->member[0].nodes > 0);
  assert_int_equal(st->nodes, st->member[0].nodes); /* the CPU's, shown */
  assert_int_equal(st->member[1].returned, 1);
  gsat_release(s);
  gsat_portfolio_set_gpu_member(NULL);
}

static void api_no_portfolio_for_the_cpu_backend_or_a_proof(void **state) {
  (void)state;
  gsat_portfolio_set_gpu_member(gpu_never);
  const char *opts[][2] = {{"backend", "cpu"}, {"proof", "/dev/null"}};
  for (size_t k = 0; k < 2; k++) {
    gsat_solver *s = tiny_sat();
    assert_int_equal(gsat_set_option(s, opts[k][0], opts[k][1]), 0);
    assert_int_equal(gsat_solve(s), GSAT_SATISFIABLE);
    assert_int_equal(gsat_get_statistics(s)->members, 0);
    assert_string_equal(gsat_get_statistics(s)->backend, "cpu");
    gsat_release(s);
  }
  gsat_portfolio_set_gpu_member(NULL);
}

/* With --no-portfolio-gpu-walk the GPU member's search follows the CPU
 * member's: the features (CDCL for the tiny formula, DPLL for pigeonhole)
 * or --search; a stand-in records
 * what the portfolio asks of it, and whether it got a clause port. */
static int seen_cdcl, seen_port;
static gsat_status gpu_records(void *shared, gsat_race *race, uint32_t index, const gsat_flag *stop,
                               gsat_search_result *r, gsat_error *err) {
  (void)stop;
  (void)err;
  seen_cdcl = gsat_portfolio_member(shared, GSAT_PORTFOLIO_GPU)->search == GSAT_SEARCH_CDCL;
  seen_port = gsat_portfolio_gpu_port(shared) != NULL;
  if (!gsat_race_begin(race, index)) return GSAT_OK;
  r->answer = GSAT_ANSWER_UNKNOWN;
  return GSAT_OK;
}

static void api_gpu_member_follows_the_search_choice(void **state) {
  (void)state;
  gsat_portfolio_set_gpu_member(gpu_records);
  const struct {
    int php;
    const char *search;
    int cdcl, gpu_cdcl;
    const char *gpu_opt;
  } cases[] = {{0, "auto", 1, 1, "true"},
               {1, "auto", 0, 0, "true"},
               {0, "dpll", 0, 0, "true"},
               {1, "cdcl", 1, 1, "true"},
               {0, "auto", 1, 0, "false"}};
  for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
    seen_cdcl = seen_port = -1;
    gsat_solver *s = cases[k].php ? php_solver(4) : tiny_sat();
    assert_int_equal(gsat_set_option(s, "search", cases[k].search), 0);
    no_presearch(s, cases[k].search);
    if (strcmp(cases[k].search, "dpll")) { /* CDCL knobs: refused beside --search=dpll */
      assert_int_equal(gsat_set_option(s, "portfolio_gpu_walk", "false"), 0);
      assert_int_equal(gsat_set_option(s, "portfolio_gpu_cdcl", cases[k].gpu_opt), 0);
    }
    int res = gsat_solve(s);
    assert_int_equal(res, cases[k].php ? GSAT_UNSATISFIABLE : GSAT_SATISFIABLE);
    const gsat_statistics *st = gsat_get_statistics(s);
    assert_int_equal(st->members, 2);
    assert_string_equal(st->member[0].search, cases[k].cdcl ? "cdcl" : "dpll");
    assert_string_equal(st->member[1].search, cases[k].gpu_cdcl ? "cdcl" : "dpll");
    assert_non_null(strstr(st->backend_reason, cases[k].gpu_cdcl ? "GPU (cdcl)" : "GPU (dpll)"));
    gsat_release(s);
    wait_until(nothing_in_background);
    if (seen_cdcl != -1) { /* the stand-in ran before the CPU answered */
      assert_int_equal(seen_cdcl, cases[k].gpu_cdcl);
      assert_int_equal(seen_port, cases[k].gpu_cdcl); /* clauses flow between CDCL members */
    }
  }
  gsat_portfolio_set_gpu_member(NULL);
}

/* Records the heuristic the GPU member was given, then runs until stopped. */
static int seen_decide = -1;
static gsat_status gpu_records_decide(void *shared, gsat_race *race, uint32_t index,
                                      const gsat_flag *stop, gsat_search_result *r,
                                      gsat_error *err) {
  seen_decide = (int)gsat_portfolio_params(shared, index)->decide;
  return gpu_never(shared, race, index, stop, r, err);
}

/* --decide=auto chooses per machine (choose.h): on random 3-SAT with 200
 * variables the CPU member takes the look-ahead, the GPU member MOMS; a
 * requested heuristic is both members'. */
static void api_each_member_takes_its_own_decide(void **state) {
  (void)state;
  gsat_portfolio_set_gpu_member(gpu_records_decide);
  const char *option[] = {"auto", "moms"};
  for (int k = 0; k < 2; k++) {
    gsat_solver *s = gsat_init();
    assert_non_null(s);
    assert_int_equal(gsat_set_option(s, "backend", "auto"), 0);
    assert_int_equal(gsat_set_option(s, "search", "dpll"), 0);
    assert_int_equal(gsat_set_option(s, "decide", option[k]), 0);
    add_rand(s, 3, 200, 852, 5);
    seen_decide = -1;
    const int res = gsat_solve(s);
    assert_true(res == GSAT_SATISFIABLE || res == GSAT_UNSATISFIABLE);
    const gsat_statistics *st = gsat_get_statistics(s);
    assert_string_equal(st->answered_by, "cpu");
    assert_string_equal(st->decide, k == 0 ? "lookahead" : "moms");
    gsat_release(s);
    wait_until(nothing_in_background);
    assert_int_equal(seen_decide, GSAT_DECIDE_MOMS);
  }
  gsat_portfolio_set_gpu_member(NULL);
}

/* A stand-in GPU CDCL member on the bridge (portfolio.h): its own ring in
 * host memory, polled through the portfolio's clause port as the GPU search
 * polls its mirror; it exports one clause of the formula (implied, so the
 * CPU may take it), waits until clauses the CPU learned reach its ring,
 * gives the CPU time to take its clause, and answers UNSAT (pigeonhole). */
static uint64_t from_cpu;
static gsat_status gpu_exchanges(void *shared, gsat_race *race, uint32_t index,
                                 const gsat_flag *stop, gsat_search_result *r, gsat_error *err) {
  const gsat_db *db = gsat_portfolio_db(shared);
  const gsat_clause_port *port = gsat_portfolio_gpu_port(shared);
  assert_non_null(port);
  size_t bytes = gsat_share_bytes(10, 12, db->num_vars);
  void *arena = malloc(bytes);
  gsat_share ring;
  assert_int_equal(gsat_share_init(&ring, arena, 10, 12, db->num_vars, 8, 2, err), GSAT_OK);
  gsat_share_reader reader;
  gsat_share_reader_init(&reader, &ring, 0);
  uint32_t c = 0;
  while (db->clause_start[c + 1] - db->clause_start[c] != 2) c++;
  assert_int_equal(gsat_share_export(&ring, 0, db->clause_lits + db->clause_start[c], 2),
                   GSAT_SHARE_ADDED);
  if (!gsat_race_begin(race, index)) {
    free(arena);
    return GSAT_OK;
  }
  gsat_lit lits[GSAT_SHARE_MAX_LEN];
  uint32_t n;
  int after = -1; /* polls left once the CPU's clauses came */
  from_cpu = 0;
  while (!GSAT_FLAG_IS_RAISED(stop) && after != 0) {
    assert_int_equal(port->poll(port->data, &ring), GSAT_CLAUSE_PORT_CONTINUE);
    while (gsat_share_import_unit(&ring, &reader, lits) ||
           gsat_share_import(&ring, &reader, lits, &n))
      from_cpu++;
    if (from_cpu && after < 0) after = 50;
    if (after > 0) after--;
    sleep_ms(1);
  }
  r->answer = after == 0 ? GSAT_ANSWER_UNSAT : GSAT_ANSWER_UNKNOWN;
  r->total.port_in = from_cpu;
  r->total.port_out = 1;
  free(arena);
  return GSAT_OK;
}

static void api_clauses_flow_both_ways_between_cdcl_members(void **state) {
  (void)state;
  gsat_portfolio_set_gpu_member(gpu_exchanges);
  gsat_solver *s = php_solver(9); /* CDCL on one thread: seconds */
  assert_int_equal(gsat_set_option(s, "threads", "1"), 0);
  assert_int_equal(gsat_set_option(s, "search", "cdcl"), 0);
  assert_int_equal(gsat_set_option(s, "portfolio_gpu_walk", "false"), 0); /* the CDCL member */
  assert_int_equal(gsat_set_option(s, "portfolio_gpu_delay", "0"), 0);
  assert_int_equal(gsat_solve(s), GSAT_UNSATISFIABLE);
  const gsat_statistics *st = gsat_get_statistics(s);
  if (strcmp(st->answered_by, "gpu") == 0) { /* else the CPU refuted php 9 first */
    assert_true(from_cpu > 0);
    assert_int_equal(st->member[1].port_in, from_cpu);
    assert_true(st->member[0].port_out >= from_cpu); /* the bridge's count */
    assert_int_equal(st->member[0].port_in, 1);      /* the stand-in's clause */
    assert_true(st->member[0].shared_imported >= 1); /* and a searcher took it */
  }
  gsat_release(s);
  gsat_portfolio_set_gpu_member(NULL);
}

/* --search=walk with --backend=auto: the CPU walkers race the GPU walkers
 * (a stand-in).  The formula is a planted 3-XOR system over 200 variables
 * (walk_test_xor; its model: v true iff v odd): satisfiable, and out of a
 * walker's reach for far longer than a test runs, so whichever member
 * answers is the one the case makes answer. */
static gsat_solver *xor_walk_solver(void) {
  gsat_cnf cnf;
  gsat_cnf_init(&cnf);
  walk_test_xor(&cnf, 5, 200, 200);
  gsat_solver *s = standin_solver("walk", &cnf);
  gsat_cnf_free(&cnf);
  return s;
}

/* The stand-in GPU walkers: record what the portfolio gives them, then
 * answer with the planted model (walk_answers) or wait for the stop. */
static int walk_answers;
static uint64_t walk_seed, walk_node_limit;
static int walk_had_phases;
static gsat_status gpu_walkers(void *shared, gsat_race *race, uint32_t index, const gsat_flag *stop,
                               gsat_search_result *r, gsat_error *err) {
  (void)err;
  const gsat_search_params *p = gsat_portfolio_params(shared, GSAT_PORTFOLIO_GPU);
  walk_seed = p->seed;
  walk_node_limit = p->node_limit;
  walk_had_phases = gsat_portfolio_phases(shared) != NULL;
  if (!gsat_race_begin(race, index)) return GSAT_OK;
  r->total.walk_flips = 77;
  if (!walk_answers) {
    while (!GSAT_FLAG_IS_RAISED(stop)) sleep_ms(1);
    return GSAT_OK;
  }
  const gsat_db *db = gsat_portfolio_db(shared);
  r->model = malloc(db->num_vars + 1);
  assert_non_null(r->model);
  for (uint32_t v = 0; v < db->num_vars; v++) r->model[v] = !(db->ext_var[v] & 1); /* v odd */
  r->answer = GSAT_ANSWER_SAT;
  return GSAT_OK;
}

static void api_walk_races_cpu_and_gpu_walkers(void **state) {
  (void)state;
  gsat_portfolio_set_gpu_member(gpu_walkers);
  /* the GPU walkers answer; the CPU walkers are stopped */
  walk_answers = 1;
  walk_seed = walk_node_limit = 12345;
  gsat_solver *s = xor_walk_solver();
  assert_int_equal(gsat_set_option(s, "seed", "40"), 0);
  assert_int_equal(gsat_set_option(s, "node_limit", "1000000000"), 0);
  assert_int_equal(gsat_solve(s), GSAT_SATISFIABLE);
  int trues = 0; /* the stand-in's model: odd variables true (and those in no clause false) */
  for (int v = 1; v <= 200; v++)
    if (gsat_value(s, v) > 0) assert_int_equal(v & 1, 1), trues++;
  assert_true(trues > 50);
  const gsat_statistics *st = gsat_get_statistics(s);
  assert_int_equal(st->members, 2);
  assert_string_equal(st->answered_by, "gpu");
  assert_string_equal(st->backend, "gpu");
  assert_string_equal(st->search, "walk");
  assert_non_null(strstr(st->backend_reason, "CPU (walk) and the GPU (walk)"));
  assert_string_equal(st->member[0].search, "walk");
  assert_string_equal(st->member[1].search, "walk");
  assert_int_equal(st->walk_flips, 77); /* the answering member's counters */
  assert_int_equal(st->member[1].walk_flips, 77);
  assert_int_equal(st->member[0].answer, GSAT_UNKNOWN);
  if (st->member[0].searched) assert_true(st->member[0].walk_flips > 0);
  assert_int_equal(walk_seed, 41);      /* after the one CPU walker's seed */
  assert_int_equal(walk_node_limit, 0); /* the flip limit is the CPU walkers' */
  assert_int_equal(walk_had_phases, 0); /* no CDCL searchers to trade phases with */
  gsat_release(s);
  wait_until(nothing_in_background);
  /* neither answers: the time limit ends both, UNKNOWN (never UNSAT) */
  walk_answers = 0;
  s = xor_walk_solver();
  assert_int_equal(gsat_set_option(s, "threads", "3"), 0);
  assert_int_equal(gsat_set_option(s, "time_limit", "0.2"), 0);
  assert_int_equal(gsat_solve(s), GSAT_UNKNOWN);
  st = gsat_get_statistics(s);
  assert_string_equal(st->answered_by, "");
  assert_int_equal(st->member[0].returned, 1);
  assert_true(st->member[0].walk_flips > 0);
  assert_int_equal(st->workers, 3); /* the CPU walkers' statistics, shown */
  assert_int_equal(walk_seed, 3);
  gsat_release(s);
  wait_until(nothing_in_background);
  /* the CPU walkers answer a formula they solve at once */
  s = tiny_sat();
  assert_int_equal(gsat_set_option(s, "search", "walk"), 0);
  assert_int_equal(gsat_solve(s), GSAT_SATISFIABLE);
  assert_int_equal(gsat_value(s, 1), 1);
  assert_int_equal(gsat_value(s, 2), 2);
  st = gsat_get_statistics(s);
  assert_string_equal(st->answered_by, "cpu");
  assert_string_equal(st->member[0].search, "walk");
  gsat_release(s);
  wait_until(nothing_in_background);
  gsat_portfolio_set_gpu_member(NULL);
}

/* Uniform random 3-SAT, 400 variables, 1640 clauses (ratio 4.1: satisfiable
 * for the seed used, which the answer asserts). */
static gsat_solver *rand3_solver(const char *backend, const char *threads) {
  gsat_solver *s = gsat_init();
  assert_non_null(s);
  assert_int_equal(gsat_set_option(s, "backend", backend), 0);
  assert_int_equal(gsat_set_option(s, "threads", threads), 0);
  add_rand(s, 3, 400, 1640, 1);
  return s;
}

/* CPU walkers race the search that --search=auto chose for uniform random
 * k-SAT (core/choose.h gsat_choose_walkers): beside the CPU DPLL search
 * alone (no GPU) and beside the CPU and GPU members; none for pigeonhole,
 * with fewer than 4 threads, with --portfolio-walk=0 or an explicit
 * --search, unless --portfolio-walk asks for them. */
static void api_walkers_race_uniform_random_formulas(void **state) {
  (void)state;
  for (int gpu = 0; gpu < 2; gpu++) {
    gsat_portfolio_set_gpu_member(gpu ? gpu_never : NULL);
    gsat_solver *s = rand3_solver(gpu ? "auto" : "cpu", "4");
    assert_int_equal(gsat_solve(s), GSAT_SATISFIABLE); /* its model checked */
    const gsat_statistics *st = gsat_get_statistics(s);
    const uint32_t w = gpu ? 2 : 1; /* the walker member's index */
    assert_int_equal(st->members, w + 1);
    assert_string_equal(st->member[0].search, "dpll");
    assert_string_equal(st->member[w].name, "walk");
    assert_string_equal(st->member[w].search, "walk");
    assert_int_equal(st->member[w].returned, 1);
    assert_string_equal(st->backend, "cpu"); /* the walkers' or the CPU search's machine */
    if (!strcmp(st->answered_by, "walk")) {  /* the usual winner by far */
      assert_string_equal(st->search, "walk");
      assert_true(st->member[w].walk_flips > 0);
      assert_non_null(strstr(st->search_reason, "walk member's walkers found the model"));
    } else {
      assert_string_equal(st->answered_by, "cpu");
    }
    gsat_release(s);
    wait_until(nothing_in_background);
  }
  gsat_portfolio_set_gpu_member(NULL);
  const struct {
    const char *threads, *search, *walk;
    int php, members;
  } cases[] = {{"3", "auto", "-1", 0, 0}, {"4", "auto", "0", 0, 0}, {"4", "dpll", "-1", 0, 0},
               {"4", "auto", "-1", 1, 0}, {"2", "dpll", "1", 0, 2}, {"4", "auto", "9", 1, 2}};
  for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
    gsat_solver *s = cases[k].php ? php_solver(5) : rand3_solver("cpu", cases[k].threads);
    assert_int_equal(gsat_set_option(s, "backend", "cpu"), 0);
    assert_int_equal(gsat_set_option(s, "threads", cases[k].threads), 0);
    assert_int_equal(gsat_set_option(s, "search", cases[k].search), 0);
    assert_int_equal(gsat_set_option(s, "portfolio_walk", cases[k].walk), 0);
    no_presearch(s, cases[k].search);
    assert_int_equal(gsat_solve(s), cases[k].php ? GSAT_UNSATISFIABLE : GSAT_SATISFIABLE);
    const gsat_statistics *st = gsat_get_statistics(s);
    assert_int_equal(st->members, cases[k].members);
    if (cases[k].php && cases[k].members) assert_string_equal(st->answered_by, "cpu");
    gsat_release(s);
  }
}

/* --search=auto knows whether a GPU searches (choose.h gsat_choose_search):
 * pigeonhole goes to DPLL where a GPU member may race (the stand-in) or the
 * CPU CDCL search runs no BVA (--no-bva), to CDCL on the CPU alone; an
 * option of the search not chosen is named in the statistics (ignored),
 * one of the search chosen is not. */
static void api_search_choice_knows_the_gpu(void **state) {
  (void)state;
  const struct {
    int gpu;
    const char *backend, *option, *value, *search, *ignored;
  } cases[] = {
      {1, "auto", "decide", "static", "dpll", ""},
      {0, "auto", "decide", "static", "cdcl", "--decide (read only by --search=dpll)"},
      {0, "cpu", "vivify", "false", "cdcl", ""},
      {0, "cpu", "bva", "false", "dpll", ""}, /* --no-bva turned the choice */
      {1, "auto", "vivify", "false", "dpll", "--vivify (read only by --search=cdcl)"},
  };
  for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
    gsat_portfolio_set_gpu_member(cases[k].gpu ? gpu_never : NULL);
    gsat_solver *s = php_solver(7);
    assert_int_equal(gsat_set_option(s, "backend", cases[k].backend), 0);
    assert_int_equal(gsat_set_option(s, "threads", "1"), 0);
    assert_int_equal(gsat_set_option(s, cases[k].option, cases[k].value), 0);
    assert_int_equal(gsat_solve(s), GSAT_UNSATISFIABLE);
    const gsat_statistics *st = gsat_get_statistics(s);
    assert_string_equal(st->search, cases[k].search);
    assert_int_equal(st->members, cases[k].gpu ? 2 : 0);
    if (!strcmp(cases[k].search, "cdcl"))
      assert_non_null(strstr(st->search_reason, "no GPU: CDCL after BVA"));
    else if (!strcmp(cases[k].option, "decide"))
      assert_non_null(strstr(st->search_reason, "cover the 56 variables once"));
    if (cases[k].ignored[0]) {
      char want[160];
      snprintf(want, sizeof want, "ignored by the search that ran, %s (--search=auto): %s",
               cases[k].search, cases[k].ignored);
      assert_string_equal(st->ignored, want);
    } else {
      assert_string_equal(st->ignored, "");
    }
    gsat_release(s);
    wait_until(nothing_in_background);
  }
  gsat_portfolio_set_gpu_member(NULL);
}

/* The race order (gsat_portfolio_members): the CPU row first, the GPU row
 * second when there is one, the CPU walkers last when there are any, named
 * as the statistics name them. */
static void portfolio_members_in_race_order(void **state) {
  (void)state;
  const gsat_backend *cpu = gsat_backend_of(GSAT_BACKEND_CPU, GSAT_SEARCH_CDCL);
  const gsat_backend *gpu = gsat_backend_of(GSAT_BACKEND_GPU, GSAT_SEARCH_WALK);
  const gsat_backend *walk = gsat_backend_of(GSAT_BACKEND_CPU, GSAT_SEARCH_WALK);
  const gsat_backend *row[GSAT_RACE_MAX_MEMBERS];
  const char *name[GSAT_RACE_MAX_MEMBERS];
  assert_int_equal(gsat_portfolio_members(cpu, gpu, 2, row, name), 3);
  assert_ptr_equal(row[GSAT_PORTFOLIO_CPU], cpu);
  assert_ptr_equal(row[GSAT_PORTFOLIO_GPU], gpu);
  assert_ptr_equal(row[2], walk);
  assert_string_equal(name[GSAT_PORTFOLIO_CPU], "cpu");
  assert_string_equal(name[GSAT_PORTFOLIO_GPU], "gpu");
  assert_string_equal(name[2], "walk");
  assert_int_equal(gsat_portfolio_members(cpu, NULL, 1, row, name), 2);
  assert_ptr_equal(row[1], walk);
  assert_string_equal(name[1], "walk");
  assert_int_equal(gsat_portfolio_members(cpu, gpu, 0, row, name), 2);
  assert_string_equal(name[1], "gpu");
  assert_int_equal(gsat_portfolio_members(cpu, NULL, 0, row, name), 1);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(first_answer_wins_the_other_is_stopped),
      cmocka_unit_test(failing_member_leaves_the_answer_standing),
      cmocka_unit_test(every_member_failing_is_the_first_failure),
      cmocka_unit_test(a_model_that_fails_the_check_never_wins),
      cmocka_unit_test(a_member_in_setup_is_left_and_never_searches),
      cmocka_unit_test(stop_before_any_member_is_ready),
      cmocka_unit_test(stop_during_both_searches),
      cmocka_unit_test(time_limit_during_both_searches),
      cmocka_unit_test(time_limit_before_the_gpu_is_ready),
      cmocka_unit_test(a_member_limit_stops_the_race),
      cmocka_unit_test(at_most_four_members_added_before_the_run),
      cmocka_unit_test(portfolio_members_in_race_order),
      cmocka_unit_test(api_cpu_answers),
      cmocka_unit_test(api_gpu_member_walks),
      cmocka_unit_test(api_gpu_answers_the_cpu_is_stopped),
      cmocka_unit_test(api_gpu_model_failing_the_check_is_a_failed_member),
      cmocka_unit_test(api_failing_gpu_is_reported),
      cmocka_unit_test(api_gpu_in_setup_is_not_waited_for),
      cmocka_unit_test(api_time_limit_stops_both_members),
      cmocka_unit_test(api_no_portfolio_for_the_cpu_backend_or_a_proof),
      cmocka_unit_test(api_gpu_member_follows_the_search_choice),
      cmocka_unit_test(api_each_member_takes_its_own_decide),
      cmocka_unit_test(api_clauses_flow_both_ways_between_cdcl_members),
      cmocka_unit_test(api_walk_races_cpu_and_gpu_walkers),
      cmocka_unit_test(api_walkers_race_uniform_random_formulas),
      cmocka_unit_test(api_search_choice_knows_the_gpu),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
