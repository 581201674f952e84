/* The CPU walkers: walk.h's default instance (a team of one) on threads. */
#include "cpu/walk_cpu.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cpu/threads.h"
#include "base/atomic.h"
#include "base/clock.h"
#include "core/phases.h"
#include "core/walk.h"
#include "core/walk_cnf.h"

/* Flips between two checks of the stop conditions. */
#define SLICE 4096u

typedef struct walk_run walk_run;

typedef struct walker_thread {
  pthread_t thread;
  walk_run *run;
  uint32_t id;
  gsat_walker w;
  void *mem;
  uint64_t told_flips; /* w.flips after its last slice (atomic) */
  uint32_t told_best;  /* w.best_unsat after its last slice (atomic) */
  uint8_t *phases;     /* [V] the CDCL phases taken (with p->phases) */
  uint64_t seen;       /* generation of p->phases->from_cdcl last taken */
  uint64_t phases_out;
  double busy; /* seconds in slices (p->walk_duty) */
} walker_thread;

struct walk_run {
  const gsat_search_params *p;
  const gsat_walk_cnf *f;
  gsat_walk_params params;
  walker_thread *t;
  uint32_t n;
  double start;
  uint32_t winner;  /* id + 1 of the walker with a model, 0: none (atomic) */
  uint32_t stopped; /* 1: a stop request or a limit (atomic) */
  uint32_t by_limit;
};

void gsat_walk_stats_total(gsat_worker_stats *t, const gsat_worker_stats *w, uint32_t n) {
  memset(t, 0, sizeof *t);
  uint64_t best = ~0ull;
  for (uint32_t i = 0; i < n; i++) {
    gsat_worker_stats_add(t, &w[i]);
    if (w[i].walk_flips && w[i].walk_best_unsat < best) best = w[i].walk_best_unsat;
  }
  t->walk_best_unsat = best == ~0ull ? 0 : best;
}

/* The flips of all walkers after their last slices. */
static uint64_t told_flips(walk_run *run) {
  uint64_t sum = 0;
  for (uint32_t i = 0; i < run->n; i++) sum += gsat_load_u64(&run->t[i].told_flips);
  return sum;
}

/* Whether the walk is over: a model, a stop request, a limit (raising
 * run->stopped). */
static int walk_over(walk_run *run, double now) {
  if (gsat_load_u32(&run->winner) || gsat_load_u32(&run->stopped)) return 1;
  const uint64_t flips = run->p->node_limit ? told_flips(run) : 0; /* O(walkers): only when read */
  gsat_stop_reason why = gsat_search_stop_reason(run->p, run->start, now, flips);
  if (why == GSAT_STOP_NONE) return 0;
  if (why == GSAT_STOP_LIMIT) gsat_store_u32(&run->by_limit, 1);
  gsat_store_u32(&run->stopped, 1);
  return 1;
}

/* The calling thread's progress line: flips and the best count so far. */
static void report_progress(walk_run *run, double now) {
  gsat_progress pr;
  memset(&pr, 0, sizeof pr);
  pr.seconds = now - run->start;
  pr.search = GSAT_SEARCH_WALK;
  pr.total.walk_flips = told_flips(run);
  uint32_t best = ~0u;
  for (uint32_t i = 0; i < run->n; i++) {
    const uint32_t b = gsat_load_u32(&run->t[i].told_best);
    if (b < best) best = b;
  }
  pr.total.walk_best_unsat = best == ~0u ? 0 : best;
  pr.busy_workers = run->n;
  run->p->progress(run->p->progress_data, &pr);
}

/* The phase exchange after a slice (p->phases): the walker's best
 * assignment offered when it beats the slot's, and a restart from the CDCL
 * searchers' phases when they offered newer ones (not before
 * GSAT_WALK_PHASES_MIN_FLIPS since the last restart). */
static void exchange_phases(walker_thread *t, uint64_t flips) {
  gsat_phases *x = t->run->p->phases;
  gsat_walker *w = &t->w;
  gsat_fetch_add_u64(&x->walk_flips, w->flips - flips);
  if (w->best_unsat < gsat_phase_cost(&x->from_walk))
    t->phases_out += (uint64_t)gsat_phase_offer(&x->from_walk, w->best, w->best_unsat);
  if (w->since_restart < GSAT_WALK_PHASES_MIN_FLIPS) return;
  if (!gsat_phase_take(&x->from_cdcl, &t->seen, t->phases, NULL)) return;
  gsat_walk_restart_from(w, t->run->f, &t->run->params, t->phases);
}

/* With p->walk_duty in (0, 1): sleeps until the walker's busy time is at
 * most that share of the wall time since the start, checking for the end of
 * the walk every 10 ms.  Returns 1 when the walk is over meanwhile. */
static int keep_duty(walker_thread *t) {
  const double duty = t->run->p->walk_duty;
  if (duty <= 0 || duty >= 1) return 0;
  for (;;) {
    const double now = gsat_seconds();
    if (walk_over(t->run, now)) return 1;
    const double due = t->busy / duty - (now - t->run->start);
    if (due <= 0) return 0;
    gsat_sleep(due < 0.01 ? due : 0.01);
  }
}

static void *walker_main(void *item) {
  walker_thread *t = item;
  walk_run *run = t->run;
  const gsat_search_params *p = run->p;
  double next_progress =
      t->id == 0 && p->progress && p->progress_interval > 0 ? run->start + p->progress_interval : 0;
  double t0 = gsat_seconds();
  gsat_walk_start(&t->w, run->f, &run->params, gsat_walk_mix(p->seed + t->id));
  for (;;) {
    const uint64_t flips = t->w.flips;
    const int found = t->w.unsat_len == 0 || gsat_walk_run(&t->w, run->f, &run->params, SLICE);
    gsat_store_u64(&t->told_flips, t->w.flips);
    gsat_store_u32(&t->told_best, t->w.best_unsat);
    if (found && p->phases && p->walk_phases_only) {
      t->phases_out += (uint64_t)gsat_phase_offer(&p->phases->from_walk, t->w.val, 0);
      while (!walk_over(run, gsat_seconds())) gsat_sleep(0.001);
      return NULL;
    }
    if (found) {
      gsat_cas_u32(&run->winner, 0, t->id + 1);
      return NULL;
    }
    if (p->phases) exchange_phases(t, flips);
    double now = gsat_seconds();
    t->busy += now - t0;
    if (walk_over(run, now) || keep_duty(t)) return NULL;
    t0 = now = gsat_seconds();
    if (next_progress && now >= next_progress) {
      report_progress(run, now);
      next_progress = now + p->progress_interval;
    }
  }
}

static int walk_stopped(void *data) {
  walk_run *run = data;
  return gsat_load_u32(&run->winner) || gsat_load_u32(&run->stopped);
}

/* Allocates and carves the walkers' memory.  Errors: NOMEM. */
static gsat_status carve_walkers(walk_run *run, gsat_error *err) {
  const gsat_walk_cnf *f = run->f;
  const uint64_t bytes = gsat_walker_bytes(f->num_vars, f->num_clauses, f->max_len);
  for (uint32_t i = 0; i < run->n; i++) {
    walker_thread *t = &run->t[i];
    t->run = run;
    t->id = i;
    t->told_best = ~0u;
    t->mem = malloc(bytes ? bytes : 8);
    GSAT_RETURN_IF(!t->mem, err, NOMEM, "out of memory for walker %u (%llu bytes each)", i,
                   (unsigned long long)bytes);
    gsat_walker_carve(&t->w, t->mem, f->num_vars, f->num_clauses, f->max_len);
    if (!run->p->phases) continue;
    t->phases = malloc(f->num_vars ? f->num_vars : 1);
    GSAT_RETURN_IF(!t->phases, err, NOMEM, "out of memory for walker %u's phases", i);
  }
  return GSAT_OK;
}

/* Fills r from the finished walk. */
static gsat_status collect(walk_run *run, gsat_search_result *r, gsat_error *err) {
  r->num_workers = run->n;
  r->workers = calloc(run->n, sizeof *r->workers);
  GSAT_RETURN_IF(!r->workers, err, NOMEM, "out of memory for the walkers' statistics");
  for (uint32_t i = 0; i < run->n; i++) {
    const gsat_walker *w = &run->t[i].w;
    r->workers[i].walk_flips = w->flips;
    r->workers[i].walk_restarts = w->restarts;
    r->workers[i].walk_best_unsat = w->best_unsat == ~0u ? 0 : w->best_unsat;
    r->workers[i].phases_out = run->t[i].phases_out;
    r->workers[i].phases_in = w->phases_in;
  }
  gsat_walk_stats_total(&r->total, r->workers, run->n);
  const uint32_t winner = gsat_load_u32(&run->winner);
  if (winner) {
    const uint32_t V = run->f->num_vars;
    r->model = malloc(V ? V : 1);
    GSAT_RETURN_IF(!r->model, err, NOMEM, "out of memory for the model");
    memcpy(r->model, run->t[winner - 1].w.val, V);
    r->answer = 10;
  } else {
    r->stopped_by_limit = (int)run->by_limit;
  }
  return GSAT_OK;
}

/* Runs the walkers of run (carved): thread 0 is the caller's. */
static gsat_status walk_threads(walk_run *run, gsat_error *err) {
  gsat_thread_set ts = {run->t,      sizeof *run->t, offsetof(walker_thread, thread),
                        walker_main, walk_stopped,   run};
  int create_errno = 0;
  const uint32_t end = gsat_start_threads(&ts, 1, run->n, &create_errno);
  walker_main(&run->t[0]);
  if (create_errno) gsat_store_u32(&run->stopped, 1);
  gsat_join_threads(&ts, 1, end);
  if (create_errno && !gsat_load_u32(&run->winner))
    return gsat_error_set(err, GSAT_RESOURCE, "cannot start walker thread %u of %u: %s", end,
                          run->n, strerror(create_errno));
  run->n = end > 1 ? end : 1;
  return GSAT_OK;
}

gsat_status gsat_cpu_walk_solve(const gsat_db *db, const gsat_search_params *p,
                                gsat_search_result *r, gsat_error *err) {
  memset(r, 0, sizeof *r);
  gsat_walk_formula wf;
  GSAT_FORWARD(gsat_walk_formula_build(&wf, db, err));
  walk_run run;
  memset(&run, 0, sizeof run);
  run.p = p;
  run.f = &wf.view;
  gsat_walk_params_default(&run.params, wf.view.num_vars);
  const uint32_t n = p->threads ? p->threads : 1;
  run.n = n;
  run.start = gsat_seconds();
  run.t = calloc(run.n, sizeof *run.t);
  gsat_status st = run.t ? carve_walkers(&run, err)
                         : gsat_error_set(err, GSAT_NOMEM, "out of memory for %u walkers", run.n);
  if (st == GSAT_OK) st = walk_threads(&run, err);
  r->search_seconds = gsat_seconds() - run.start;
  if (st == GSAT_OK) st = collect(&run, r, err);
  for (uint32_t i = 0; run.t && i < n; i++) {
    free(run.t[i].mem);
    free(run.t[i].phases);
  }
  free(run.t);
  gsat_walk_formula_free(&wf);
  return st;
}
