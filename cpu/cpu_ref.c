#include "cpu_ref.h"

#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cpu/threads.h"
#include "base/clock.h"
#include "core/dpll.h"

/*------------------------------------------------------------------------*/

/* Target length of a worker's slice of search between halt flag checks. */
#define SLICE_SECONDS 0.004

typedef struct worker worker;

typedef struct shared {
  const gsat_db *db;
  gsat_db_view view;
  const gsat_search_params *p;
  pthread_mutex_t lock;
  pthread_cond_t work; /* a cube was queued or the search is done */
  /* The supervisor waits for the end on done_cv under done_lock, not
   * under lock: thousands of busy workers (--threads=4096 on 2 cores) keep
   * lock so busy that the supervisor once waited a minute to get it back. */
  pthread_mutex_t done_lock;
  pthread_cond_t done_cv;
  /* Queue of cubes (a stack): cube k is lits[start[k] .. start[k + 1]). */
  gsat_lit *lits;
  size_t lits_cap;
  size_t *start; /* [cubes_cap + 1] */
  size_t cubes, cubes_cap;
  uint32_t busy;   /* workers holding a cube (written atomically: read without the lock) */
  uint32_t hungry; /* workers waiting for one (read without the lock) */
  size_t queued;   /* mirror of cubes, read without the lock */
  int done;
  gsat_answer answer;
  gsat_flag halt;  /* raised when done: workers leave their slice loop */
  uint64_t nodes;  /* decisions of all workers so far (atomic; node limit) */
  int limit_hit;   /* UNKNOWN because of the time or the node limit */
  double t0;       /* start of the search (gsat_seconds), for the time limit */
  uint32_t winner; /* worker that found the model */
  worker *workers;
  uint32_t num_workers;
  const gsat_cube_port *port; /* NULL: no cubes from outside */
  uint32_t want;              /* cubes the port asks for (read without the lock) */
} shared;

struct gsat_cpu_queue {
  shared *sh;
};

struct worker {
  shared *sh;
  uint32_t id;
  pthread_t thread;
  gsat_dpll s;
  gsat_lit *cube; /* [V] */
  gsat_worker_stats stats;
  uint64_t counted; /* own nodes already added to sh->nodes */
  /* published after each slice for progress reports */
  uint64_t pub_nodes, pub_checks;
};

static void publish(worker *w) {
  __atomic_store_n(&w->pub_nodes, w->s.n.nodes, __ATOMIC_RELAXED);
  __atomic_store_n(&w->pub_checks, w->s.n.checks, __ATOMIC_RELAXED);
}

/* Makes room for one more cube of up to n literals; caller holds the lock.
 * Returns 0 on allocation failure. */
static int reserve_cube(shared *sh, size_t n) {
  size_t used = sh->start[sh->cubes];
  if (used + n > sh->lits_cap) {
    size_t cap = 2 * sh->lits_cap + n;
    gsat_lit *l = realloc(sh->lits, cap * sizeof *l);
    if (!l) return 0;
    sh->lits = l;
    sh->lits_cap = cap;
  }
  if (sh->cubes + 1 >= sh->cubes_cap) {
    size_t cap = 2 * sh->cubes_cap;
    size_t *s = realloc(sh->start, (cap + 1) * sizeof *s);
    if (!s) return 0;
    sh->start = s;
    sh->cubes_cap = cap;
  }
  return 1;
}

/* Pushes a cube for which reserve_cube() made room; caller holds the lock. */
static void push_cube(shared *sh, const gsat_lit *lits, uint32_t n) {
  size_t used = sh->start[sh->cubes];
  if (n) memcpy(sh->lits + used, lits, n * sizeof *lits);
  sh->cubes++;
  sh->start[sh->cubes] = used + n;
  __atomic_store_n(&sh->queued, sh->cubes, __ATOMIC_RELAXED);
}

/* Pops the most recently queued cube into w->cube; caller holds the lock. */
static uint32_t pop_cube(shared *sh, worker *w) {
  sh->cubes--;
  size_t b = sh->start[sh->cubes], e = sh->start[sh->cubes + 1];
  memcpy(w->cube, sh->lits + b, (e - b) * sizeof *w->cube);
  __atomic_store_n(&sh->queued, sh->cubes, __ATOMIC_RELAXED);
  return (uint32_t)(e - b);
}

/* Ends the search with answer (the first call wins); caller holds sh->lock. */
static void finish(shared *sh, gsat_answer answer) {
  if (!sh->done) {
    sh->done = 1;
    sh->answer = answer;
    GSAT_FLAG_RAISE(&sh->halt);
  }
  pthread_cond_broadcast(&sh->work);
  pthread_mutex_lock(&sh->done_lock);
  pthread_cond_broadcast(&sh->done_cv);
  pthread_mutex_unlock(&sh->done_lock);
}

/* Ends the search as UNKNOWN for why (not GSAT_STOP_NONE), unless it has
 * ended; caller holds sh->lock. */
static void finish_stopped(shared *sh, gsat_stop_reason why) {
  if (sh->done) return;
  if (why == GSAT_STOP_LIMIT) sh->limit_hit = 1;
  finish(sh, GSAT_ANSWER_UNKNOWN);
}

/* The check of any thread that is not in a slice (the supervisor, the loop
 * that starts the workers): ends the search when the stop flag or a limit
 * says so (gsat_search_stop_reason); returns whether it has ended.  Takes
 * sh->lock only then. */
static int poll_stop(shared *sh) {
  const uint64_t nodes = __atomic_load_n(&sh->nodes, __ATOMIC_RELAXED);
  gsat_stop_reason why = gsat_search_stop_reason(sh->p, sh->t0, gsat_seconds(), nodes);
  if (why != GSAT_STOP_NONE) {
    pthread_mutex_lock(&sh->lock);
    finish_stopped(sh, why);
    pthread_mutex_unlock(&sh->lock);
  }
  return GSAT_FLAG_IS_RAISED(&sh->halt);
}

/* A worker's check between its slices: adds its new decisions to the shared
 * count, then the stop flag and the limits (gsat_search_stop_reason). */
static gsat_stop_reason worker_poll_stop(worker *w, double now) {
  shared *sh = w->sh;
  const uint64_t delta = w->s.n.nodes - w->counted;
  w->counted = w->s.n.nodes;
  const uint64_t total = __atomic_add_fetch(&sh->nodes, delta, __ATOMIC_RELAXED);
  return gsat_search_stop_reason(sh->p, sh->t0, now, total);
}

/* Decisions for the next slice: the usual budget, or what is left of the node
 * limit when that is less (so that one worker stops exactly at the limit; more
 * workers may overshoot by a slice each). */
static uint64_t slice_budget(const worker *w, uint64_t budget) {
  const uint64_t limit = w->sh->p->node_limit;
  if (!limit) return budget;
  const uint64_t used = __atomic_load_n(&w->sh->nodes, __ATOMIC_RELAXED);
  const uint64_t left = used < limit ? limit - used : 1;
  return left < budget ? left : budget;
}

static void *worker_main(void *arg) {
  worker *w = arg;
  shared *sh = w->sh;
  const gsat_db_view *db = &sh->view;
  /* Decisions per slice: doubled while slices are short, halved when one is
   * long, up to max_budget, so that the halt flag (stop requests, limits, an
   * answer elsewhere) is seen within a few ms even when decisions are slow
   * (large instances, MOMS, long backtracks). */
  const uint64_t max_budget = w->s.decide != GSAT_DECIDE_STATIC ? 16 : 512;
  uint64_t budget = 1;
  for (;;) {
    pthread_mutex_lock(&sh->lock);
    while (!sh->done && !sh->cubes && (sh->busy || sh->port)) {
      __atomic_fetch_add(&sh->hungry, 1, __ATOMIC_RELAXED); /* read without the lock */
      pthread_cond_wait(&sh->work, &sh->lock);
      __atomic_fetch_sub(&sh->hungry, 1, __ATOMIC_RELAXED);
    }
    if (sh->done || !sh->cubes) {
      finish(sh, GSAT_ANSWER_UNSAT); /* no cube left and nobody busy: refuted */
      pthread_mutex_unlock(&sh->lock);
      break;
    }
    uint32_t n = pop_cube(sh, w);
    __atomic_fetch_add(&sh->busy, 1, __ATOMIC_RELAXED); /* report_progress reads it unlocked */
    pthread_mutex_unlock(&sh->lock);

    double t0 = gsat_seconds();
    w->stats.cubes++;
    int res = gsat_dpll_start_cube(&w->s, db, w->cube, n) ? GSAT_DPLL_EXHAUSTED : GSAT_DPLL_PAUSED;
    gsat_stop_reason stop = GSAT_STOP_NONE;
    while (res == GSAT_DPLL_PAUSED) {
      const double slice_start = gsat_seconds();
      res = gsat_dpll_search(&w->s, db, slice_budget(w, budget));
      const double now = gsat_seconds(), slice = now - slice_start;
      if (slice < SLICE_SECONDS / 2 && budget < max_budget)
        budget *= 2;
      else if (slice > SLICE_SECONDS && budget > 1)
        budget /= 2;
      publish(w);
      if (res != GSAT_DPLL_PAUSED) break;
      if (GSAT_FLAG_IS_RAISED(&sh->halt)) break;
      if ((stop = worker_poll_stop(w, now)) != GSAT_STOP_NONE) break;
      uint32_t hungry = __atomic_load_n(&sh->hungry, __ATOMIC_RELAXED) +
                        __atomic_load_n(&sh->want, __ATOMIC_RELAXED);
      if (hungry && __atomic_load_n(&sh->queued, __ATOMIC_RELAXED) < hungry) {
        pthread_mutex_lock(&sh->lock);
        if (reserve_cube(sh, sh->db->num_vars)) {
          uint32_t k = gsat_dpll_donate(&w->s, w->cube, sh->db->num_vars);
          if (k) {
            push_cube(sh, w->cube, k);
            w->stats.donations++;
            pthread_cond_signal(&sh->work);
          }
        }
        pthread_mutex_unlock(&sh->lock);
      }
    }
    w->stats.busy_seconds += gsat_seconds() - t0;
    pthread_mutex_lock(&sh->lock);
    __atomic_fetch_sub(&sh->busy, 1, __ATOMIC_RELAXED);
    if (res == GSAT_DPLL_SAT) {
      if (!sh->done) {
        sh->winner = w->id; /* the model is read from its state after the join */
        finish(sh, GSAT_ANSWER_SAT);
      }
    } else if (stop != GSAT_STOP_NONE) {
      finish_stopped(sh, stop);
    } else if (!sh->done && !sh->busy && !sh->cubes && !sh->port) {
      finish(sh, GSAT_ANSWER_UNSAT);
    }
    pthread_mutex_unlock(&sh->lock);
    if (sh->done) break;
  }
  w->stats.n = w->s.n;
  publish(w);
  return NULL;
}

uint32_t gsat_cpu_queue_take(gsat_cpu_queue *q, gsat_lit *out, uint32_t cap) {
  shared *sh = q->sh;
  uint32_t n = GSAT_CPU_QUEUE_EMPTY;
  pthread_mutex_lock(&sh->lock);
  if (sh->cubes) {
    size_t len = sh->start[sh->cubes] - sh->start[sh->cubes - 1];
    if (len <= cap) {
      sh->cubes--;
      memcpy(out, sh->lits + sh->start[sh->cubes], len * sizeof *out);
      __atomic_store_n(&sh->queued, sh->cubes, __ATOMIC_RELAXED);
      n = (uint32_t)len;
      if (sh->want) __atomic_store_n(&sh->want, sh->want - 1, __ATOMIC_RELAXED);
    }
  }
  pthread_mutex_unlock(&sh->lock);
  return n;
}

int gsat_cpu_queue_put(gsat_cpu_queue *q, const gsat_lit *lits, uint32_t n) {
  shared *sh = q->sh;
  pthread_mutex_lock(&sh->lock);
  int ok = reserve_cube(sh, n);
  if (ok) {
    push_cube(sh, lits, n);
    pthread_cond_signal(&sh->work);
  }
  pthread_mutex_unlock(&sh->lock);
  return ok;
}

void gsat_cpu_queue_want(gsat_cpu_queue *q, uint32_t n) {
  __atomic_store_n(&q->sh->want, n, __ATOMIC_RELAXED);
}

gsat_cpu_queue_state gsat_cpu_queue_state_of(gsat_cpu_queue *q) {
  shared *sh = q->sh;
  pthread_mutex_lock(&sh->lock);
  gsat_cpu_queue_state st = {(uint32_t)sh->cubes, sh->busy, sh->num_workers};
  pthread_mutex_unlock(&sh->lock);
  return st;
}

int gsat_cpu_dpll_alloc(gsat_dpll *s, const gsat_db *db, gsat_decide decide) {
  const uint32_t V = db->num_vars;
  memset(s, 0, sizeof *s);
  s->val = malloc(2 * (size_t)V + 2);
  s->trail = malloc(((size_t)V + 1) * sizeof *s->trail);
  s->levels = malloc(((size_t)V + 2) * sizeof *s->levels);
  int ok = s->val && s->trail && s->levels;
  if (decide != GSAT_DECIDE_STATIC) {
    s->moms_count = malloc((2 * (size_t)V + 2) * sizeof *s->moms_count);
    ok = ok && s->moms_count;
  }
  if (decide == GSAT_DECIDE_LOOKAHEAD) {
    const uint64_t lits = db->clause_start[db->num_clauses];
    uint8_t *la = malloc(gsat_dpll_la_bytes(V, lits, 1)); /* 16-byte aligned */
    if (la) {
      gsat_dpll_la_carve(s, la, V, lits, 1);
      memset(s->la_bits, 0, 4 * (size_t)GSAT_LA_SLOTS(1) * s->la_words); /* kept clear */
      memset(s->la_cnt, 0, 4 * (size_t)GSAT_LA_SLOTS(1) * s->la_cstride);
    }
    ok = ok && la;
  }
  s->decide = decide;
  return ok;
}

void gsat_cpu_dpll_free(gsat_dpll *s) {
  free(s->val);
  free(s->trail);
  free(s->levels);
  free(s->moms_count);
  free(s->la_cand); /* the look-ahead's block */
}

static gsat_status alloc_worker(worker *w, const gsat_db *db, gsat_decide decide, gsat_error *err) {
  const int ok = gsat_cpu_dpll_alloc(&w->s, db, decide);
  w->cube = malloc(((size_t)db->num_vars + 1) * sizeof *w->cube);
  GSAT_RETURN_IF(!ok || !w->cube, err, NOMEM, "out of memory for the state of worker %u", w->id);
  return GSAT_OK;
}

static void free_worker(worker *w) {
  gsat_cpu_dpll_free(&w->s);
  free(w->cube);
}

static void timespec_after(struct timespec *ts, double seconds) {
  clock_gettime(CLOCK_REALTIME, ts);
  double ns = (double)ts->tv_nsec + seconds * 1e9;
  ts->tv_sec += (time_t)(ns / 1e9);
  ts->tv_nsec = (long)(ns - 1e9 * (double)(time_t)(ns / 1e9));
}

static void report_progress(shared *sh, double start) {
  const gsat_search_params *p = sh->p;
  gsat_progress pr;
  memset(&pr, 0, sizeof pr);
  pr.seconds = gsat_seconds() - start;
  pr.search = GSAT_SEARCH_DPLL;
  for (uint32_t i = 0; i < sh->num_workers; i++) {
    pr.total.n.nodes += __atomic_load_n(&sh->workers[i].pub_nodes, __ATOMIC_RELAXED);
    pr.total.n.checks += __atomic_load_n(&sh->workers[i].pub_checks, __ATOMIC_RELAXED);
  }
  pr.cubes_left = __atomic_load_n(&sh->queued, __ATOMIC_RELAXED);
  pr.busy_workers = __atomic_load_n(&sh->busy, __ATOMIC_RELAXED); /* without the lock */
  p->progress(p->progress_data, &pr);
}

/* Allocates the shared state of `threads` workers (the cube queue, each
 * worker's state) and r's arrays; *allocated counts the workers to free.
 * Errors: NOMEM. */
static gsat_status setup(shared *sh, const gsat_db *db, const gsat_search_params *p,
                         uint32_t threads, gsat_search_result *r, uint32_t *allocated,
                         gsat_error *err) {
  memset(sh, 0, sizeof *sh);
  sh->db = db;
  sh->view = gsat_db_view_of(db);
  sh->p = p;
  sh->num_workers = threads;
  sh->port = p->port;
  sh->workers = calloc(threads, sizeof *sh->workers);
  sh->cubes_cap = 64;
  sh->start = malloc((sh->cubes_cap + 1) * sizeof *sh->start);
  sh->lits_cap = 1024;
  sh->lits = malloc(sh->lits_cap * sizeof *sh->lits);
  r->workers = calloc(threads, sizeof *r->workers);
  r->model = malloc((size_t)db->num_vars + 1);
  gsat_status st = GSAT_OK;
  if (!sh->workers || !sh->start || !sh->lits || !r->workers || !r->model)
    st = gsat_error_set(err, GSAT_NOMEM, "out of memory for %u workers", threads);
  *allocated = 0;
  for (; st == GSAT_OK && *allocated < threads; (*allocated)++) {
    worker *w = &sh->workers[*allocated];
    w->sh = sh;
    w->id = *allocated;
    st = alloc_worker(w, db, p->decide, err);
  }
  return st;
}

/* Queues the whole tree (unless the port brings every cube) and propagates
 * the units in every worker's state; a refuted root ends the search with
 * UNSAT before any thread starts. */
static void init_roots(shared *sh, const gsat_db *db) {
  const int start_empty = sh->port && sh->port->start_empty;
  sh->start[0] = 0;
  if (!start_empty) push_cube(sh, NULL, 0); /* the whole tree; fits */
  int refuted = 0;
  for (uint32_t i = 0; i < sh->num_workers; i++) {
    gsat_dpll *s = &sh->workers[i].s;
    refuted = gsat_dpll_init_root(s, &sh->view, db->units, db->num_units);
    if (i || start_empty) { /* only worker 0's root BCP counts as search */
      s->n.replay += s->n.checks;
      s->n.checks = 0;
    }
    if (refuted) break;
  }
  if (refuted) {
    sh->done = 1;
    sh->answer = GSAT_ANSWER_UNSAT;
  }
}

/* The calling thread until the search is done: the stop flag and the limits
 * (poll_stop; every worker checks them too), progress reports and the port's
 * poll.  Waits for the end on done_cv between rounds, without sh->lock. */
static void supervise(shared *sh) {
  const gsat_search_params *p = sh->p;
  double next_progress = p->progress_interval > 0 ? sh->t0 + p->progress_interval : 0;
  while (!poll_stop(sh)) {
    double now = gsat_seconds();
    if (next_progress && now >= next_progress && p->progress) {
      report_progress(sh, sh->t0);
      next_progress = now + p->progress_interval;
    }
    if (p->port) {
      gsat_cpu_queue q = {sh};
      int answer = p->port->poll(p->port->data, &q);
      if (answer != GSAT_PORT_CONTINUE) {
        pthread_mutex_lock(&sh->lock);
        finish(sh, answer);
        pthread_mutex_unlock(&sh->lock);
        break;
      }
    }
    struct timespec ts;
    timespec_after(&ts, p->port ? p->port->poll_seconds : 0.02);
    pthread_mutex_lock(&sh->done_lock);
    if (!GSAT_FLAG_IS_RAISED(&sh->halt)) pthread_cond_timedwait(&sh->done_cv, &sh->done_lock, &ts);
    pthread_mutex_unlock(&sh->done_lock);
  }
}

/* gsat_start_threads' question before each worker: poll_stop. */
static int workers_stopped(void *data) {
  return poll_stop(data);
}

/* Starts the worker threads (no more once the search has stopped),
 * supervises them and joins them.  Errors: RESOURCE (a thread that cannot
 * start; the others are stopped). */
static gsat_status run_workers(shared *sh, gsat_error *err) {
  gsat_status st = GSAT_OK;
  pthread_mutex_init(&sh->lock, NULL);
  pthread_mutex_init(&sh->done_lock, NULL);
  pthread_cond_init(&sh->work, NULL);
  pthread_cond_init(&sh->done_cv, NULL);
  const gsat_thread_set ts = {sh->workers, sizeof *sh->workers, offsetof(worker, thread),
                              worker_main, workers_stopped,     sh};
  int e;
  const uint32_t started = gsat_start_threads(&ts, 0, sh->num_workers, &e);
  if (e) {
    pthread_mutex_lock(&sh->lock);
    finish(sh, GSAT_ANSWER_UNKNOWN);
    pthread_mutex_unlock(&sh->lock);
    st = gsat_error_set(err, GSAT_RESOURCE, "cannot start worker thread %u: %s", started,
                        strerror(e));
  }
  supervise(sh);
  gsat_join_threads(&ts, 0, started);
  pthread_cond_destroy(&sh->work);
  pthread_cond_destroy(&sh->done_cv);
  pthread_mutex_destroy(&sh->done_lock);
  pthread_mutex_destroy(&sh->lock);
  return st;
}

/* The answer, each worker's counters and their sum, the winner's model. */
static void collect(shared *sh, const gsat_db *db, gsat_search_result *r) {
  r->answer = sh->answer;
  if (sh->limit_hit && sh->answer == GSAT_ANSWER_UNKNOWN) r->stopped_by_limit = 1;
  r->num_workers = sh->num_workers;
  for (uint32_t i = 0; i < sh->num_workers; i++) {
    worker *w = &sh->workers[i];
    w->stats.n = w->s.n;
    r->workers[i] = w->stats;
    gsat_worker_stats_add(&r->total, &w->stats);
    if (sh->answer == GSAT_ANSWER_SAT && sh->winner == i) {
      for (uint32_t v = 0; v < db->num_vars; v++) r->model[v] = w->s.val[2 * v] > 0;
    }
  }
}

gsat_status gsat_cpu_solve(const gsat_db *db, const gsat_search_params *p, gsat_search_result *r,
                           gsat_error *err) {
  memset(r, 0, sizeof *r);
  shared sh;
  uint32_t allocated = 0;
  gsat_status st = setup(&sh, db, p, p->threads ? p->threads : 1, r, &allocated, err);
  sh.t0 = gsat_seconds();
  if (st == GSAT_OK) init_roots(&sh, db);
  if (st == GSAT_OK && !sh.done) st = run_workers(&sh, err);
  r->search_seconds = gsat_seconds() - sh.t0;
  if (st == GSAT_OK) collect(&sh, db, r);
  for (uint32_t i = 0; i < allocated; i++) free_worker(&sh.workers[i]);
  free(sh.workers);
  free(sh.start);
  free(sh.lits);
  if (st != GSAT_OK) gsat_search_result_free(r);
  return st;
}
