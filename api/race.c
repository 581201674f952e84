/* The race of a portfolio (race.h): member threads, the first verified answer,
 * the stop, and the members left in the background. */
#include "api/race.h"

#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/clock.h"

typedef struct member {
  gsat_race *race;
  uint32_t index;
  const char *name;
  gsat_race_run_fn run;
  pthread_t thread;
  int thread_started, detached, verified;
  gsat_race_phase phase;
  gsat_status status;
  gsat_error err;
  gsat_search_result r;
  double started, began, ended;
} member;

struct gsat_race {
  pthread_mutex_t lock;
  pthread_cond_t changed; /* a member began or returned */
  gsat_flag stop;
  int refs;       /* the caller (until gsat_race_run returns) and each running member */
  int over;       /* ended: no more begins, verifications or winners */
  int running;    /* gsat_race_run was called */
  int limit_stop; /* a member stopped by a limit */
  uint32_t n, winner;
  void *shared;
  void (*free_shared)(void *shared);
  gsat_race_verify_fn verify;
  void *verify_data;
  double t0;
  member m[GSAT_RACE_MAX_MEMBERS];
};

static int background; /* members left running, over all races (atomic) */

int gsat_race_background(void) {
  return __atomic_load_n(&background, __ATOMIC_ACQUIRE);
}

gsat_race *gsat_race_new(void *shared, void (*free_shared)(void *shared),
                         gsat_race_verify_fn verify, void *verify_data) {
  gsat_race *race = calloc(1, sizeof *race);
  if (!race) return NULL;
  pthread_condattr_t ca;
  pthread_condattr_init(&ca);
  pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
  if (pthread_mutex_init(&race->lock, NULL) || pthread_cond_init(&race->changed, &ca)) {
    pthread_condattr_destroy(&ca);
    free(race);
    return NULL;
  }
  pthread_condattr_destroy(&ca);
  race->refs = 1;
  race->winner = GSAT_RACE_NONE;
  race->shared = shared;
  race->free_shared = free_shared;
  race->verify = verify;
  race->verify_data = verify_data;
  return race;
}

static void race_free(gsat_race *race) {
  for (uint32_t i = 0; i < race->n; i++) gsat_search_result_free(&race->m[i].r);
  if (race->free_shared) race->free_shared(race->shared);
  pthread_cond_destroy(&race->changed);
  pthread_mutex_destroy(&race->lock);
  free(race);
}

gsat_status gsat_race_add(gsat_race *race, const char *name, gsat_race_run_fn run,
                          gsat_error *err) {
  GSAT_RETURN_IF(race->n >= GSAT_RACE_MAX_MEMBERS || race->running, err, USAGE,
                 "a race takes at most %d members, added before it runs", GSAT_RACE_MAX_MEMBERS);
  member *m = &race->m[race->n];
  m->race = race;
  m->index = race->n++;
  m->name = name;
  m->run = run;
  return GSAT_OK;
}

const gsat_flag *gsat_race_stop_flag(const gsat_race *race) {
  return &race->stop;
}

int gsat_race_begin(gsat_race *race, uint32_t index) {
  assert(index < race->n);
  pthread_mutex_lock(&race->lock);
  const int go = !race->over;
  if (go) {
    race->m[index].phase = GSAT_RACE_SEARCHING;
    race->m[index].began = gsat_seconds() - race->t0;
  }
  pthread_cond_broadcast(&race->changed);
  pthread_mutex_unlock(&race->lock);
  return go;
}

/* Ends the race (lock held): no later answer counts, every member stops. */
static void end_race(gsat_race *race) {
  race->over = 1;
  GSAT_FLAG_RAISE(&race->stop);
}

/* A member's return while the race is on (lock held): a verified answer
 * wins and ends the race; a limit ends it too. */
static void judge(gsat_race *race, member *m) {
  if (m->status != GSAT_OK) return;
  if (m->r.answer == GSAT_ANSWER_SAT && race->verify) {
    gsat_status st = race->verify(race->verify_data, m->index, &m->r, &m->err);
    if (st != GSAT_OK) {
      m->status = st;
      return;
    }
  }
  if (m->r.answer == GSAT_ANSWER_SAT || m->r.answer == GSAT_ANSWER_UNSAT) {
    m->verified = m->r.answer == GSAT_ANSWER_SAT;
    race->winner = m->index;
    end_race(race);
  } else if (m->r.stopped_by_limit) {
    race->limit_stop = 1;
    end_race(race);
  }
}

static void *member_main(void *arg) {
  member *m = arg;
  gsat_race *race = m->race;
  pthread_mutex_lock(&race->lock);
  m->started = gsat_seconds() - race->t0;
  pthread_mutex_unlock(&race->lock);
  gsat_search_result r;
  memset(&r, 0, sizeof r);
  gsat_error err;
  gsat_error_clear(&err);
  gsat_status st = m->run(race->shared, race, m->index, &race->stop, &r, &err);
  pthread_mutex_lock(&race->lock);
  m->r = r;
  m->status = st;
  m->err = err;
  m->ended = gsat_seconds() - race->t0;
  m->phase = GSAT_RACE_DONE;
  if (!race->over) judge(race, m);
  const int detached = m->detached, last = --race->refs == 0;
  pthread_cond_broadcast(&race->changed);
  pthread_mutex_unlock(&race->lock);
  if (detached) __atomic_fetch_sub(&background, 1, __ATOMIC_ACQ_REL);
  if (last) race_free(race);
  return NULL;
}

/* Starts the member threads; a member whose thread cannot start has failed. */
static void start_members(gsat_race *race) {
  for (uint32_t i = 0; i < race->n; i++) {
    member *m = &race->m[i];
    m->phase = GSAT_RACE_SETUP;
    pthread_mutex_lock(&race->lock);
    race->refs++;
    pthread_mutex_unlock(&race->lock);
    int e = pthread_create(&m->thread, NULL, member_main, m);
    if (e == 0) {
      m->thread_started = 1;
      continue;
    }
    pthread_mutex_lock(&race->lock);
    race->refs--;
    m->phase = GSAT_RACE_DONE;
    m->status = gsat_error_set(&m->err, GSAT_RESOURCE, "cannot start the %s member's thread: %s",
                               m->name, strerror(e));
    pthread_mutex_unlock(&race->lock);
  }
}

static int all_done(const gsat_race *race) {
  for (uint32_t i = 0; i < race->n; i++)
    if (race->m[i].phase != GSAT_RACE_DONE) return 0;
  return 1;
}

static int any_searching(const gsat_race *race) {
  for (uint32_t i = 0; i < race->n; i++)
    if (race->m[i].phase == GSAT_RACE_SEARCHING) return 1;
  return 0;
}

/* Waits (lock held) until the race is decided, the caller's stop or the
 * deadline; then ends it and waits for the members that are searching. */
static void wait_for_end(gsat_race *race, const gsat_flag *user_stop, double time_limit,
                         gsat_race_outcome *out) {
  while (race->winner == GSAT_RACE_NONE && !race->limit_stop && !all_done(race)) {
    if (GSAT_FLAG_IS_RAISED(user_stop)) {
      out->stopped = 1;
      break;
    }
    double now = gsat_seconds();
    if (time_limit > 0 && now - race->t0 >= time_limit) {
      out->stopped_by_limit = 1;
      break;
    }
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    ts.tv_nsec += 5000000; /* 5 ms: the caller's stop flag is polled */
    if (ts.tv_nsec >= 1000000000) {
      ts.tv_sec++;
      ts.tv_nsec -= 1000000000;
    }
    pthread_cond_timedwait(&race->changed, &race->lock, &ts);
  }
  end_race(race);
  while (any_searching(race)) pthread_cond_wait(&race->changed, &race->lock);
}

/* The outcome (lock held): every member's report, the results of those that
 * returned moved out, the others detached. */
static void fill_outcome(gsat_race *race, gsat_race_outcome *out, gsat_error *err) {
  out->num_members = race->n;
  out->winner = race->winner;
  out->stopped_by_limit |= race->limit_stop;
  int failures = 0, first_failure = -1;
  for (uint32_t i = 0; i < race->n; i++) {
    member *m = &race->m[i];
    gsat_race_member_report *o = &out->member[i];
    o->name = m->name;
    o->phase = m->phase;
    o->status = m->status;
    o->verified = m->verified;
    o->started = m->started;
    o->began = m->began;
    o->ended = m->ended;
    const char *msg = m->status != GSAT_OK ? m->err.message : ""; /* cut to the field's size */
    const size_t len = strnlen(msg, sizeof o->message - 1);
    memcpy(o->message, msg, len);
    o->message[len] = 0;
    if (m->phase == GSAT_RACE_DONE) {
      o->answer = m->r.answer;
      o->stopped_by_limit = m->r.stopped_by_limit;
      o->result = m->r;
      memset(&m->r, 0, sizeof m->r);
    } else {
      m->detached = 1;
      __atomic_fetch_add(&background, 1, __ATOMIC_ACQ_REL);
    }
    if (m->status != GSAT_OK && failures++ == 0) first_failure = (int)i;
  }
  out->answer =
      race->winner != GSAT_RACE_NONE ? out->member[race->winner].answer : GSAT_ANSWER_UNKNOWN;
  out->status = GSAT_OK;
  if (race->winner == GSAT_RACE_NONE && failures == (int)race->n && first_failure >= 0) {
    out->status = race->m[first_failure].status;
    *err = race->m[first_failure].err;
  }
}

gsat_status gsat_race_run(gsat_race *race, const gsat_flag *user_stop, double time_limit,
                          gsat_race_outcome *out, gsat_error *err) {
  memset(out, 0, sizeof *out);
  race->running = 1;
  race->t0 = gsat_seconds();
  start_members(race);
  pthread_mutex_lock(&race->lock);
  wait_for_end(race, user_stop, time_limit, out);
  fill_outcome(race, out, err);
  pthread_mutex_unlock(&race->lock);
  /* The caller's reference keeps the race alive while the threads are
   * joined (those that returned) or detached (those in their setup). */
  for (uint32_t i = 0; i < race->n; i++) {
    member *m = &race->m[i];
    if (!m->thread_started) continue;
    if (m->detached)
      pthread_detach(m->thread);
    else
      pthread_join(m->thread, NULL);
  }
  pthread_mutex_lock(&race->lock);
  const int last = --race->refs == 0;
  pthread_mutex_unlock(&race->lock);
  if (last) race_free(race);
  return out->status;
}

void gsat_race_discard(gsat_race *race) {
  if (!race) return;
  assert(!race->running);
  race_free(race);
}

void gsat_race_outcome_free(gsat_race_outcome *out) {
  for (uint32_t i = 0; i < out->num_members; i++) gsat_search_result_free(&out->member[i].result);
}
