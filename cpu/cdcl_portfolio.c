/* The CPU CDCL portfolio: see cdcl_portfolio.h.  The search step is the one
 * CDCL step code (core/cdcl.h) run by each thread as a team of one;
 * this file is its scheduling: threads, slices, sharing, termination. */
#include "cpu/cdcl_portfolio.h"

#include "cpu/cdcl_inproc.h"
#include "cpu/cdcl_one.h"
#include "cpu/cpu_ref.h" /* GSAT_PORT_CONTINUE */
#include "cpu/threads.h"
#include "cpu/walk_cpu.h"

#include <pthread.h>
#include <stdio.h>
#include <sys/resource.h>
#include <unistd.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/clock.h"
#include "core/cdcl_cubes.h"
#include "core/cdcl_host.h"
#include "core/cdcl_import.h"
#include "core/phases_cdcl.h"
#include "core/cube.h"
#include "core/phases.h"
#include "core/share.h"
#include "core/term.h"

/* Target length of a slice between polls (stop flag, limits, imports). */
#define SLICE_SECONDS   0.004
#define FILTER_LOG2     18
#define CUBE_NODES_LOG2 20
#define CUBE_QUEUE_LOG2 12
/* An idle searcher sleeps on the portfolio's condition variable until a cube
 * is queued or the search stops (woken by the splitter or the searcher that
 * stops); the timeouts only bound a wake-up that raced past it and keep the
 * calling thread's duties (limits, signals, progress) going.  (Polling every
 * 200 us once left `--threads=4096` on 2 cores 268 s on aim-50: 4095 idle
 * threads' wake-ups starved the busy one.) */
#define IDLE_WAIT_CALLER_NS 1000000  /* the calling thread: 1 ms */
#define IDLE_WAIT_OTHER_NS  50000000 /* the others: 50 ms */
/* Inprocessing rounds running at once, at most: each holds a few copies of
 * its searcher's formula while it runs (export, occurrence lists, the
 * result), which the memory check of searchers_that_fit does not count; a
 * searcher whose round is due while this many run searches on and tries
 * again after its next slice. */
#define ROUNDS_AT_ONCE 4

typedef struct portfolio portfolio;

typedef struct searcher {
  gsat_cdcl s;
  gsat_proof_sink sink; /* the searcher's proof hook: log, then export */
  portfolio *pf;
  uint32_t id;
  gsat_share_reader reader;
  uint64_t imported_at;    /* s.n.restarts at the last import */
  uint64_t decisions_told; /* decisions added to pf->decisions so far */
  uint64_t conflicts_told; /* conflicts added to pf->conflicts so far */
  gsat_cdcl_counters told; /* s.n after its last slice, for progress (gsat_store_u64) */
  int result;              /* GSAT_CDCL_SAT, _UNSAT, or _PAUSED */
  gsat_status st;
  gsat_error err;
  double busy, idle_seconds;
  uint64_t exported, imported;
  int cubing;    /* one of the cube team (pf->team): takes and splits cubes */
  uint32_t node; /* cube held (cube.h), GSAT_CUBE_NONE: idle */
  uint64_t cubes, donations;
  gsat_cdcl_phase_port port; /* its end of the phase exchange (port.x NULL: none) */
  gsat_inproc ip;            /* its inprocessing (pf->inproc) */
  gsat_proof_sink round_log; /* the log of its rounds' own clauses: not shared */
  uint64_t dropped;          /* shared clauses left out: they name a removed variable */
  pthread_t thread;
} searcher;

/* The CPU walker beside the searchers (p->cdcl_walk): walk_cpu.h's search
 * with one walker on a thread of its own, trading phases through the
 * portfolio's exchange; its model answers SAT as searcher id n would. */
typedef struct walk_member {
  gsat_search_params q;
  gsat_flag stop; /* raised when the searchers are done */
  gsat_search_result r;
  gsat_status st;
  gsat_error err;
  int started;
  pthread_t thread;
} walk_member;

struct portfolio {
  const gsat_db *db;
  gsat_db_view view;
  const gsat_search_params *p;
  gsat_share share;
  void *share_arena;
  gsat_term term;
  int use_cubes;           /* split the work as cubes (p->cdcl_cubes) */
  uint32_t team;           /* with cubes, searchers 0..team-1 split the work */
  int inproc;              /* each searcher inprocesses (cdcl_inproc.h) */
  uint32_t rounds_running; /* rounds running now (ROUNDS_AT_ONCE) */
  gsat_cubes cubes;
  void *cubes_arena;
  int seeded; /* the tree starts from look-ahead cubes, held by nobody */
  gsat_cpu_cubes_result seeds;
  pthread_mutex_t idle_lock; /* with idle_cond: idle searchers wait for a cube */
  pthread_cond_t idle_cond;
  int idle_sync;      /* idle_lock and idle_cond initialised */
  uint64_t decisions; /* of all searchers, told after each slice */
  uint64_t conflicts; /* the same for conflicts (p->conflict_limit) */
  uint64_t reserved;  /* under a limit: the running slices' budgets (slice_budget) */
  double start;
  double next_port;          /* when the clause port is polled next */
  uint32_t stopped_by_limit; /* written by any searcher (gsat_store_u32) */
  searcher *w;
  uint32_t n;
  gsat_phases own_phases; /* the exchange when p->phases is NULL */
  gsat_phases *phases;    /* the exchange the searchers trade with, or NULL */
  walk_member walk;
};

/* Distinct decision levels of lits (unassigned ones count as one more). */
static uint32_t glue(const gsat_cdcl *s, const gsat_lit *lits, uint32_t n) {
  uint32_t seen[GSAT_SHARE_MAX_LEN], k = 0;
  for (uint32_t i = 0; i < n && i < GSAT_SHARE_MAX_LEN; i++) {
    uint32_t l = s->val[lits[i]] ? s->level[GSAT_VAR(lits[i])] : s->dlevel + 1, j = 0;
    while (j < k && seen[j] != l) j++;
    if (j == k) seen[k++] = l;
  }
  return k;
}

/* A clause entered searcher w's database: into the proof first, then, when
 * short enough, into the ring (cdcl.md, section 5: append before export). */
static void sink_add(void *data, const gsat_lit *lits, uint32_t n) {
  searcher *w = data;
  portfolio *pf = w->pf;
  const gsat_proof_sink *proof = pf->p->proof;
  if (proof) proof->add(proof->data, lits, n);
  if (n == 0 || (pf->n == 1 && !pf->p->clause_port) || n > GSAT_SHARE_MAX_LEN) return;
  uint32_t lbd = n <= pf->share.max_len ? 1 : glue(&w->s, lits, n);
  if (!gsat_share_wants(&pf->share, n, lbd)) return;
  if (gsat_share_export(&pf->share, w->id, lits, n) == GSAT_SHARE_ADDED) w->exported++;
}

/* Deletions reach the proof only with one searcher, no clause port and no
 * cubes: a clause one searcher deletes may still be held by another, or by a
 * member on the other side of the port; and a refuted cube's clause, which
 * the searcher may reduce (or a round drop) before the sibling cube is
 * refuted, is needed for the parent's clause to be RUP (cube_close). */
static void sink_del(void *data, const gsat_lit *lits, uint32_t n) {
  searcher *w = data;
  const portfolio *pf = w->pf;
  const gsat_proof_sink *proof = pf->p->proof;
  if (proof && pf->n == 1 && !pf->p->clause_port && !pf->use_cubes)
    proof->del(proof->data, lits, n);
}

/* A clause of w's inprocessing round (a resolvent, a strengthened or
 * substituted clause, a failed literal): into the proof, not into the ring
 * (irredundant in w's formula, not learned). */
static void round_add(void *data, const gsat_lit *lits, uint32_t n) {
  searcher *w = data;
  const gsat_proof_sink *proof = w->pf->p->proof;
  if (proof) proof->add(proof->data, lits, n);
}

/* At a restart of w (its restart count moved since the last import), takes
 * what the others shared: backtracks to level 0 and adds the units and
 * clauses it has not seen.  Returns 0, GSAT_CDCL_UNSAT (refuted at level 0,
 * the empty clause logged) or a negative gsat_status. */
static int import_shared(searcher *w) {
  gsat_cdcl *s = &w->s;
  gsat_share *sh = &w->pf->share;
  if (s->n.restarts == w->imported_at) return 0;
  w->imported_at = s->n.restarts;
  if (w->reader.next_unit >= gsat_load_acquire_u32(&sh->unit_count) &&
      w->reader.next >= gsat_load_acquire_u64(&sh->cursor))
    return 0;
  gsat_cdcl_backtrack(s, 0);
  gsat_lit lits[GSAT_SHARE_MAX_LEN];
  for (;;) {
    uint32_t n = 1;
    if (!gsat_share_import_unit(sh, &w->reader, &lits[0]) &&
        !gsat_share_import(sh, &w->reader, lits, &n))
      return 0;
    if (w->pf->inproc && gsat_inproc_names_removed(&w->ip, lits, n)) {
      w->dropped++;
      continue;
    }
    const int res = gsat_cdcl_import_grown(s, lits, n, n, &w->err);
    if (res < 0) return res;
    w->imported++;
    if (res == GSAT_CDCL_UNSAT) {
      const gsat_proof_sink *proof = w->pf->p->proof;
      if (proof) proof->add(proof->data, lits, 0);
      return GSAT_CDCL_UNSAT;
    }
  }
}

/* The clause port's poll (cdcl_portfolio.h), when one is due. */
static void poll_port(portfolio *pf, searcher *w, double now) {
  const gsat_clause_port *port = pf->p->clause_port;
  if (!port || now < pf->next_port) return;
  pf->next_port = now + port->poll_seconds;
  int res = port->poll(port->data, &pf->share);
  if (res == GSAT_ANSWER_UNSAT)
    gsat_term_unsat(&pf->term, w->id);
  else if (res != GSAT_PORT_CONTINUE)
    gsat_term_interrupt(&pf->term);
}

/* Every searcher's check between its slices: the stop flag (signals,
 * gsat_terminate) and the limits.  Not only the calling thread's: with many
 * more threads than cores (--threads=4096 on 2 cores) the calling thread is
 * still creating the others, starved, long after the limit has passed. */
static void poll_stop(portfolio *pf, double now) {
  gsat_stop_reason why =
      gsat_search_stop_reason(pf->p, pf->start, now, gsat_load_u64(&pf->decisions));
  if (why == GSAT_STOP_NONE && pf->p->conflict_limit &&
      gsat_load_u64(&pf->conflicts) >= pf->p->conflict_limit)
    why = GSAT_STOP_LIMIT;
  if (why == GSAT_STOP_LIMIT) gsat_store_u32(&pf->stopped_by_limit, 1);
  if (why != GSAT_STOP_NONE) gsat_term_interrupt(&pf->term);
}

/* What searcher w's thread tells the others after a slice: its counters. */
static void tell_counters(searcher *w) {
#define TELL(field) gsat_store_u64(&w->told.field, w->s.n.field);
  GSAT_CDCL_COUNTER_FIELDS(TELL)
#undef TELL
}

/* The searchers' counters after their last slices, summed into t. */
static void told_counters(portfolio *pf, gsat_worker_stats *t) {
  gsat_cdcl_counters sum;
  memset(&sum, 0, sizeof sum);
  for (uint32_t i = 0; i < pf->n; i++) {
#define SUM(field) sum.field += gsat_load_u64(&pf->w[i].told.field);
    GSAT_CDCL_COUNTER_FIELDS(SUM)
#undef SUM
  }
  gsat_worker_stats_set_cdcl(t, &sum);
}

/* The phase exchange's counters so far into t: the walkers' best count and
 * the assignments the exchange kept (phases_out, both directions), the
 * searchers' takes (phases_in). */
static void told_phases(portfolio *pf, gsat_worker_stats *t) {
  if (!pf->phases) return;
  const uint32_t best = gsat_phase_cost(&pf->phases->from_walk);
  t->walk_best_unsat = best == GSAT_PHASES_NONE ? 0 : best;
  t->walk_flips = gsat_load_u64(&pf->phases->walk_flips);
  t->phases_out =
      gsat_phase_generation(&pf->phases->from_walk) + gsat_phase_generation(&pf->phases->from_cdcl);
  for (uint32_t i = 0; i < pf->n; i++) t->phases_in += gsat_load_u64(&pf->w[i].port.taken);
}

/* The calling thread's duties between its slices: poll_stop, the clause port
 * and progress. */
static void poll_limits(portfolio *pf, searcher *w, double now, double *next_progress) {
  const gsat_search_params *p = pf->p;
  poll_stop(pf, now);
  poll_port(pf, w, now);
  if (*next_progress && now >= *next_progress) {
    gsat_progress pr;
    memset(&pr, 0, sizeof pr);
    pr.seconds = now - pf->start;
    pr.search = GSAT_SEARCH_CDCL;
    told_counters(pf, &pr.total);
    told_phases(pf, &pr.total);
    pr.busy_workers = pf->n;
    p->progress(p->progress_data, &pr);
    *next_progress = now + p->progress_interval;
  }
}

/* Records answer res of w (SAT or UNSAT) in the termination protocol. */
static void answer(searcher *w, int res) {
  w->result = res;
  gsat_term_answer(&w->pf->term, w->id, res == GSAT_CDCL_SAT ? GSAT_TERM_SAT : GSAT_TERM_UNSAT);
}

/* Adds lits[0..n-1] (implied by the formula) to w's own database at level
 * 0.  Returns 0, GSAT_CDCL_UNSAT (false there: the empty clause logged) or a
 * negative gsat_status. */
static int add_own(searcher *w, const gsat_lit *lits, uint32_t n) {
  const int res = gsat_cdcl_import_grown(&w->s, lits, n, n, &w->err);
  if (res == GSAT_CDCL_UNSAT) w->sink.add(w->sink.data, lits, 0);
  return res;
}

/* w's search failed under its cube (unsat_assumptions): learns the negated
 * failed assumptions (logged and shared by gsat_cdcl_cube_clause through
 * w's sink, added to its own database), closes the cube and the ancestors it
 * completes, logging theirs (gsat_cdcl_cube_close), and goes idle.  Returns
 * 1 when that answered UNSAT (the last open cube, or the clause false at
 * level 0), 0 to go on, or a negative gsat_status. */
static int cube_refuted(searcher *w) {
  portfolio *pf = w->pf;
  gsat_cdcl *s = &w->s;
  uint32_t n = gsat_cdcl_cube_clause(s); /* NOT F in s->failed, logged and shared */
  int res = add_own(w, s->failed, n);
  if (res == GSAT_CDCL_UNSAT) answer(w, res);
  if (res != 0) return res == GSAT_CDCL_UNSAT ? 1 : res;
  gsat_cdcl_cube_close(s, &pf->cubes, w->node);
  if (!gsat_cdcl_cube_done(&pf->cubes, &pf->term, w->id, &w->node)) return 0;
  w->result = GSAT_CDCL_UNSAT;
  return 1;
}

/* An idle w takes a queued cube and assumes its literals, less those over
 * a variable it removed (cdcl_inproc.h); 0 when none. */
static int take_cube(searcher *w) {
  gsat_cdcl *s = &w->s;
  if (!gsat_cdcl_cube_take(s, &w->pf->cubes, &w->node)) return 0;
  if (w->pf->inproc)
    s->num_assumptions = gsat_inproc_filter(&w->ip, s->assumptions, s->num_assumptions);
  w->cubes++;
  return 1;
}

/* When other searchers are idle and too few cubes are queued, w splits its
 * cube on its first free decision and donates the other half. */
static void maybe_split(searcher *w) {
  portfolio *pf = w->pf;
  if (!gsat_cdcl_cube_split(&w->s, &pf->cubes, &pf->term, &w->node)) return;
  w->donations++;
  pthread_mutex_lock(&pf->idle_lock); /* under the lock: no waiter misses it */
  pthread_cond_signal(&pf->idle_cond);
  pthread_mutex_unlock(&pf->idle_lock);
}

/* Wakes every idle searcher (the search stops). */
static void wake_idle(portfolio *pf) {
  if (!pf->idle_sync) return;
  pthread_mutex_lock(&pf->idle_lock);
  pthread_cond_broadcast(&pf->idle_cond);
  pthread_mutex_unlock(&pf->idle_lock);
}

/* An idle searcher's wait, until a cube is queued, the search stops or a
 * timeout (see IDLE_WAIT_CALLER_NS); the calling thread keeps its duties. */
static void idle_wait(searcher *w, int calling_thread, double *next_progress) {
  portfolio *pf = w->pf;
  double t0 = gsat_seconds();
  struct timespec until;
  clock_gettime(CLOCK_REALTIME, &until);
  long ns = calling_thread ? IDLE_WAIT_CALLER_NS : IDLE_WAIT_OTHER_NS;
  until.tv_nsec += ns;
  if (until.tv_nsec >= 1000000000L) {
    until.tv_sec += until.tv_nsec / 1000000000L;
    until.tv_nsec %= 1000000000L;
  }
  pthread_mutex_lock(&pf->idle_lock);
  if (gsat_cubes_queued(&pf->cubes) == 0 && !gsat_term_stopped(&pf->term))
    pthread_cond_timedwait(&pf->idle_cond, &pf->idle_lock, &until);
  pthread_mutex_unlock(&pf->idle_lock);
  double now = gsat_seconds();
  w->idle_seconds += now - t0;
  if (calling_thread)
    poll_limits(pf, w, now, next_progress);
  else
    poll_stop(pf, now);
}

/* Serves a search result res of w other than PAUSED: an error stops w; an
 * answer is recorded or (a refuted cube) w goes idle.  Returns 1 to stop w,
 * 0 to go on. */
static int served(searcher *w, int res) {
  if (res < 0) {
    w->st = (gsat_status)res;
    return 1;
  }
  if (res == GSAT_CDCL_UNSAT && w->cubing && w->s.unsat_assumptions) {
    int r = cube_refuted(w);
    if (r < 0) w->st = (gsat_status)r;
    return r != 0;
  }
  answer(w, res);
  return 1;
}

/* w's inprocessing round (gsat_inproc_run) when fewer than ROUNDS_AT_ONCE
 * run; GSAT_CDCL_PAUSED without one otherwise. */
static int round_when_room(searcher *w) {
  portfolio *pf = w->pf;
  int res = GSAT_CDCL_PAUSED;
  if (gsat_fetch_add_u32(&pf->rounds_running, 1) < ROUNDS_AT_ONCE)
    res = gsat_inproc_run(&w->ip, &w->s, &pf->view, &w->err);
  gsat_fetch_add_u32(&pf->rounds_running, (uint32_t)-1);
  return res;
}

/* budget capped at an equal share (and one) of what is left of a limit
 * (0: none) of which done is spent, among n searchers. */
static uint64_t cap_share(uint64_t budget, uint64_t limit, uint64_t done, uint32_t n) {
  if (!limit) return budget;
  const uint64_t share = (done < limit ? limit - done : 0) / n + 1;
  return share < budget ? share : budget;
}

/* The budget (conflicts plus decisions) of a searcher's next slice: under
 * --conflicts or --node-limit at most its share of what is left after what
 * the searchers spent and what their running slices may still spend
 * (reserved, until release_budget), so that together they pass a limit by
 * at most a step or two each, not by a slice's budget each. */
static uint64_t slice_budget(portfolio *pf, uint64_t budget) {
  const gsat_search_params *p = pf->p;
  if (!p->conflict_limit && !p->node_limit) return budget;
  const uint64_t reserved = gsat_load_u64(&pf->reserved);
  budget = cap_share(budget, p->conflict_limit, gsat_load_u64(&pf->conflicts) + reserved, pf->n);
  budget = cap_share(budget, p->node_limit, gsat_load_u64(&pf->decisions) + reserved, pf->n);
  gsat_fetch_add_u64(&pf->reserved, budget);
  return budget;
}

/* A slice of slice_budget's budget has ended and told its counters. */
static void release_budget(portfolio *pf, uint64_t budget) {
  if (pf->p->conflict_limit || pf->p->node_limit)
    gsat_fetch_add_u64(&pf->reserved, (uint64_t)0 - budget);
}

/* Runs searcher w in slices until someone answers, a limit or an error. */
static void run(searcher *w, int calling_thread) {
  portfolio *pf = w->pf;
  const gsat_search_params *p = pf->p;
  const double begin = gsat_seconds();
  double next_progress = calling_thread && p->progress && p->progress_interval > 0
                             ? pf->start + p->progress_interval
                             : 0;
  uint64_t budget = 64;
  while (!gsat_term_stopped(&pf->term)) {
    if (w->cubing && w->node == GSAT_CUBE_NONE && !take_cube(w)) {
      idle_wait(w, calling_thread, &next_progress);
      continue;
    }
    double t0 = gsat_seconds();
    const uint64_t b = slice_budget(pf, budget);
    int res = gsat_cdcl_search_grown(&w->s, &pf->view, b, &w->err);
    double now = gsat_seconds(), slice = now - t0;
    if (res != GSAT_CDCL_PAUSED) {
      release_budget(pf, b);
      if (served(w, res)) break;
      continue;
    }
    gsat_fetch_add_u64(&pf->decisions, w->s.n.decisions - w->decisions_told);
    w->decisions_told = w->s.n.decisions;
    gsat_fetch_add_u64(&pf->conflicts, w->s.n.conflicts - w->conflicts_told);
    w->conflicts_told = w->s.n.conflicts;
    release_budget(pf, b);
    tell_counters(w);
    if (slice < SLICE_SECONDS / 2 && b == budget && budget < (1u << 20)) /* not cut short */
      budget *= 2;
    else if (slice > SLICE_SECONDS && budget > 1)
      budget /= 2;
    if (pf->inproc && gsat_inproc_due(&w->ip, &w->s) &&
        (res = round_when_room(w)) != GSAT_CDCL_PAUSED) {
      if (served(w, res)) break;
      continue;
    }
    if (w->cubing) maybe_split(w);
    int imp = import_shared(w);
    if (imp < 0) {
      w->st = (gsat_status)imp;
      break;
    }
    if (imp == GSAT_CDCL_UNSAT) {
      answer(w, GSAT_CDCL_UNSAT);
      break;
    }
    if (w->port.x) gsat_cdcl_phases_poll(&w->s, &w->port);
    if (calling_thread)
      poll_limits(pf, w, now, &next_progress);
    else
      poll_stop(pf, now);
  }
  if (w->st != GSAT_OK) gsat_term_interrupt(&pf->term);
  wake_idle(pf); /* the search stops: nobody waits for a cube any more */
  w->busy = gsat_seconds() - begin - w->idle_seconds;
}

static void *thread_main(void *arg) {
  run(arg, 0);
  return NULL;
}

/* Adds p->extra_* (clauses kept from an earlier solve) to w at level 0;
 * *refuted when one is false there (the empty clause then logged).  Not
 * counted as shared in: no other searcher gave them. */
static gsat_status add_extra(searcher *w, int *refuted, gsat_error *err) {
  const gsat_search_params *p = w->pf->p;
  for (uint32_t c = 0; c < p->num_extra; c++) {
    const gsat_lit *lits = p->extra_lits + p->extra_start[c];
    uint32_t n = p->extra_start[c + 1] - p->extra_start[c];
    const int res = gsat_cdcl_import_grown(&w->s, lits, n, n, err);
    if (res < 0) return (gsat_status)res;
    if (res == GSAT_CDCL_UNSAT) {
      if (p->proof) p->proof->add(p->proof->data, lits, 0);
      *refuted = 1;
      return GSAT_OK;
    }
  }
  return GSAT_OK;
}

/* With p->cdcl_lookahead_cubes, seeds the fresh cube tree with look-ahead
 * cubes (at most half the queue's slots, the rest for the searchers' splits)
 * and makes every searcher idle; a formula too large for the look-ahead's
 * streams (RESOURCE) starts from the root as without. */
static gsat_status seed_cubes(portfolio *pf, gsat_error *err) {
  const gsat_search_params *p = pf->p;
  if (!p->cdcl_lookahead_cubes) return GSAT_OK;
  const uint32_t most = 1u << (CUBE_QUEUE_LOG2 - 1);
  const uint32_t want = p->cdcl_lookahead_cubes < most ? p->cdcl_lookahead_cubes : most;
  const double deadline = p->time_limit > 0 ? pf->start + p->time_limit : 0;
  gsat_error e;
  gsat_status st =
      gsat_cpu_cubes_seed(pf->db, want, p->stop, deadline, &pf->cubes, &pf->term, &pf->seeds, &e);
  if (st == GSAT_RESOURCE) return GSAT_OK;
  if (st != GSAT_OK) {
    if (err) *err = e;
    return st;
  }
  pf->seeded = 1;
  pf->cubes.idle = pf->team;
  return GSAT_OK;
}

/* Creates the ring and the n searchers; *refuted when the root units clash. */
static gsat_status setup(portfolio *pf, int *refuted, gsat_error *err) {
  const gsat_search_params *p = pf->p;
  size_t bytes = gsat_share_bytes(GSAT_PORTFOLIO_RING_LOG2, FILTER_LOG2, pf->db->num_vars);
  pf->share_arena = calloc(1, bytes); /* zeroed pages: gsat_share_init_zeroed */
  pf->w = calloc(pf->n, sizeof *pf->w);
  GSAT_RETURN_IF(!pf->share_arena || !pf->w, err, NOMEM, "out of memory for %u CDCL searchers",
                 pf->n);
  GSAT_FORWARD(gsat_share_init_zeroed(&pf->share, pf->share_arena, GSAT_PORTFOLIO_RING_LOG2,
                                      FILTER_LOG2, pf->db->num_vars, GSAT_PORTFOLIO_SHARE_LEN,
                                      GSAT_PORTFOLIO_SHARE_LBD, err));
  gsat_term_init(&pf->term);
  if (pf->use_cubes) {
    pf->cubes_arena = malloc(gsat_cubes_bytes(CUBE_NODES_LOG2, CUBE_QUEUE_LOG2));
    GSAT_RETURN_IF(!pf->cubes_arena, err, NOMEM, "out of memory for the cube tree");
    GSAT_FORWARD(
        gsat_cubes_init(&pf->cubes, pf->cubes_arena, CUBE_NODES_LOG2, CUBE_QUEUE_LOG2, err));
    pf->cubes.idle = pf->team - 1; /* searcher 0 holds the root */
    GSAT_FORWARD(seed_cubes(pf, err));
    GSAT_RETURN_IF(pthread_mutex_init(&pf->idle_lock, NULL) != 0, err, RESOURCE,
                   "cannot create the idle searchers' lock");
    if (pthread_cond_init(&pf->idle_cond, NULL) != 0) {
      pthread_mutex_destroy(&pf->idle_lock);
      return gsat_error_set(err, GSAT_RESOURCE, "cannot create the idle searchers' condition");
    }
    pf->idle_sync = 1;
  }
  for (uint32_t i = 0; i < pf->n; i++) {
    /* Creating thousands of searchers over a large formula takes seconds: a
     * stop or limit meanwhile keeps the ones made so far (the first slice
     * then sees it). */
    if (i > 0 && gsat_search_stop_reason(p, pf->start, gsat_seconds(), 0) != GSAT_STOP_NONE) {
      pf->n = i;
      if (pf->team > i) {
        pf->team = i;
        pf->cubes.idle = pf->seeded ? i : i - 1;
      }
      break;
    }
    searcher *w = &pf->w[i];
    w->pf = pf;
    w->id = i;
    w->sink = (gsat_proof_sink){sink_add, sink_del, w};
    w->cubing = pf->use_cubes && i < pf->team;
    w->node = i == 0 && !pf->seeded ? 0 : GSAT_CUBE_NONE;
    gsat_error_clear(&w->err);
    gsat_share_reader_init(&w->reader, &pf->share, i);
    gsat_cdcl_config cfg;
    gsat_cdcl_config_diversify(&cfg, &p->cdcl, i + (p->clause_port ? p->clause_port->first_id : 0));
    int ref = 0;
    GSAT_FORWARD(gsat_cdcl_create(&w->s, pf->db, &cfg, &w->sink, &ref, err));
    if (!ref) GSAT_FORWARD(add_extra(w, &ref, err));
    if (ref) {
      *refuted = 1; /* the units clash for every searcher alike */
      return GSAT_OK;
    }
    if (p->num_assumptions) gsat_cdcl_set_assumptions(&w->s, p->assumptions, p->num_assumptions);
    if (pf->phases)
      GSAT_FORWARD(gsat_cdcl_phase_port_init(&w->port, pf->phases, pf->db->num_vars, err));
    if (pf->inproc) {
      gsat_inproc_init(&w->ip, pf->db, &p->simp, p->inprocess_interval, p->inprocess_effort,
                       p->inprocess_bound);
      w->round_log = (gsat_proof_sink){round_add, sink_del, w};
      w->ip.log = &w->round_log;
    }
  }
  return GSAT_OK;
}

/* Searcher w's counters into ws (w may be one that setup never made: a
 * refutation by the units stops it early, and then w->pf is NULL). */
static void fill_stats(const portfolio *pf, gsat_worker_stats *ws, const searcher *w) {
  memset(ws, 0, sizeof *ws);
  gsat_worker_stats_set_cdcl(ws, &w->s.n);
  ws->shared_exported = w->exported;
  ws->shared_imported = w->imported;
  ws->cubes = w->cubes;
  ws->donations = w->donations;
  ws->phases_out = w->port.offered;
  ws->phases_in = w->port.taken;
  ws->busy_seconds = w->busy;
  ws->shared_dropped = w->dropped;
  if (pf->inproc) gsat_worker_stats_add(ws, &w->ip.n);
}

static void add_stats(gsat_worker_stats *t, const gsat_worker_stats *w) {
  gsat_worker_stats_add(t, w);
}

/* The walker's counters (walk_cpu.h: its flips, restarts, best count and
 * phases) into the total t. */
static void add_walk_stats(gsat_worker_stats *t, const gsat_search_result *wr) {
  t->walk_flips += wr->total.walk_flips;
  t->walk_restarts += wr->total.walk_restarts;
  t->walk_best_unsat = wr->total.walk_best_unsat;
  t->phases_out += wr->total.phases_out;
  t->phases_in += wr->total.phases_in;
}

/* The answer, the winner's model or failed assumptions, the counters. */
static gsat_status collect(portfolio *pf, gsat_search_result *r, gsat_error *err) {
  for (uint32_t i = 0; i < pf->n; i++)
    if (pf->w[i].st != GSAT_OK) {
      if (err) *err = pf->w[i].err;
      return pf->w[i].st;
    }
  GSAT_RETURN_IF(pf->term.disagree, err, INTERNAL,
                 "CDCL searchers disagree: one found a model, another a refutation");
  r->num_workers = pf->n;
  r->workers = calloc(pf->n, sizeof *r->workers);
  r->model = malloc((size_t)pf->db->num_vars + 1);
  GSAT_RETURN_IF(!r->workers || !r->model, err, NOMEM, "out of memory for the CDCL result");
  for (uint32_t i = 0; i < pf->n; i++) {
    fill_stats(pf, &r->workers[i], &pf->w[i]);
    add_stats(&r->total, &r->workers[i]);
  }
  r->answer = (int)pf->term.answer;
  r->stopped_by_limit = r->answer == 0 && gsat_load_u32(&pf->stopped_by_limit);
  if (pf->walk.started) add_walk_stats(&r->total, &pf->walk.r);
  if (r->answer == 0) return GSAT_OK;
  if (pf->term.winner == pf->n) { /* the walker's model */
    memcpy(r->model, pf->walk.r.model, pf->db->num_vars);
    return GSAT_OK;
  }
  const searcher *winner = &pf->w[pf->term.winner];
  const gsat_cdcl *s = &winner->s;
  if (r->answer == GSAT_TERM_SAT) {
    for (uint32_t v = 0; v < pf->db->num_vars; v++) r->model[v] = s->val[2 * v] > 0;
    if (pf->inproc) gsat_inproc_extend(&winner->ip, r->model);
  }
  if (r->answer == GSAT_TERM_UNSAT && s->unsat_assumptions && pf->p->num_assumptions) {
    r->unsat_assumptions = 1;
    r->failed = malloc(((size_t)s->failed_len + 1) * sizeof *r->failed);
    GSAT_RETURN_IF(!r->failed, err, NOMEM, "out of memory for the failed assumptions");
    r->failed_len = s->failed_len;
    memcpy(r->failed, s->failed, s->failed_len * sizeof *r->failed);
  }
  return GSAT_OK;
}

/* gsat_start_threads' question before each thread: the limits and the stop
 * flag, then whether the search has stopped. */
static int search_stopped(void *data) {
  portfolio *pf = data;
  poll_stop(pf, gsat_seconds());
  return gsat_term_stopped(&pf->term);
}

static void *walk_main(void *arg) {
  portfolio *pf = arg;
  walk_member *m = &pf->walk;
  m->st = gsat_cpu_walk_solve(pf->db, &m->q, &m->r, &m->err);
  if (m->st != GSAT_OK) return NULL; /* the searchers go on without it */
  if (m->r.answer == GSAT_TERM_SAT) {
    gsat_term_answer(&pf->term, pf->n, GSAT_TERM_SAT);
    wake_idle(pf);
  }
  return NULL;
}

/* Starts the walker beside the searchers (p->cdcl_walk, no assumptions: its
 * model ignores them): one walker, its share of a core cdcl_walk per mille
 * of the searchers' time, no limits of its own (stopped with them). */
static void start_walker(portfolio *pf) {
  const gsat_search_params *p = pf->p;
  if (!p->cdcl_walk || !pf->phases || p->num_assumptions) return;
  walk_member *m = &pf->walk;
  m->q = *p;
  m->q.threads = 1;
  m->q.time_limit = 0;
  m->q.node_limit = 0;
  m->q.conflict_limit = 0;
  m->q.progress = NULL;
  m->q.progress_interval = 0;
  m->q.stop = &m->stop;
  m->q.phases = pf->phases;
  m->q.walk_duty = p->cdcl_walk * (double)pf->n / 1000.0;
  gsat_error_clear(&m->err);
  m->started = pthread_create(&m->thread, NULL, walk_main, pf) == 0;
}

/* Stops and joins the walker; frees its result's arrays (counters kept). */
static void stop_walker(portfolio *pf) {
  walk_member *m = &pf->walk;
  if (!m->started) return;
  GSAT_FLAG_RAISE(&m->stop);
  pthread_join(m->thread, NULL);
}

/* Starts searchers 1..n-1 on threads (no more once the search has stopped),
 * runs searcher 0 here, joins. */
static gsat_status run_all(portfolio *pf, gsat_error *err) {
  gsat_status st = GSAT_OK;
  const gsat_thread_set ts = {pf->w,       sizeof *pf->w,  offsetof(searcher, thread),
                              thread_main, search_stopped, pf};
  int e;
  const uint32_t end = gsat_start_threads(&ts, 1, pf->n, &e);
  if (e) {
    st = gsat_error_set(err, GSAT_RESOURCE, "cannot start CDCL searcher thread %u: %s", end,
                        strerror(e));
    gsat_term_interrupt(&pf->term);
  }
  if (st == GSAT_OK) start_walker(pf);
  if (st == GSAT_OK) run(&pf->w[0], 1);
  gsat_join_threads(&ts, 1, end);
  stop_walker(pf);
  return st;
}

/* Bytes the searchers may take: half of the memory available now
 * (MemAvailable of /proc/meminfo, else the physical memory), and half of the
 * address-space limit (ulimit -v) when one is set. */
static uint64_t usable_bytes(void) {
  uint64_t avail = 0;
  FILE *f = fopen("/proc/meminfo", "r");
  if (f) {
    char line[128];
    unsigned long long kb;
    while (fgets(line, sizeof line, f))
      if (sscanf(line, "MemAvailable: %llu kB", &kb) == 1) avail = (uint64_t)kb << 10;
    fclose(f);
  }
  if (!avail) {
    long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
    avail = pages > 0 && size > 0 ? (uint64_t)pages * (uint64_t)size : UINT64_MAX;
  }
  struct rlimit rl;
  if (getrlimit(RLIMIT_AS, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY &&
      (uint64_t)rl.rlim_cur < avail)
    avail = (uint64_t)rl.rlim_cur;
  return avail / 2;
}

/* How many of the n searchers asked for fit in memory (p->cdcl_memory MiB,
 * else usable_bytes; at least one: a single searcher that does not fit fails
 * with its own error). */
static uint32_t searchers_that_fit(const gsat_db *db, const gsat_search_params *p, uint32_t n) {
  const uint64_t each = gsat_cdcl_start_bytes(db, &p->cdcl);
  const uint64_t usable = p->cdcl_memory ? (uint64_t)p->cdcl_memory << 20 : usable_bytes();
  const uint64_t fit = each ? usable / each : n;
  return fit >= n ? n : fit ? (uint32_t)fit : 1u;
}

int gsat_cpu_cdcl_inprocesses(const gsat_search_params *p) {
  return p->inprocess && !p->num_assumptions && !p->num_extra;
}

gsat_status gsat_cpu_cdcl_portfolio(const gsat_db *db, const gsat_search_params *p,
                                    gsat_search_result *r, gsat_error *err) {
  memset(r, 0, sizeof *r);
  portfolio pf;
  memset(&pf, 0, sizeof pf);
  pf.db = db;
  pf.view = gsat_db_view_of(db);
  pf.p = p;
  const uint32_t asked = p->threads ? p->threads : 1;
  const uint32_t fit = searchers_that_fit(db, p, asked);
  pf.n = fit;
  pf.start = gsat_seconds();
  pf.use_cubes = p->cdcl_cubes && (pf.n > 1 || p->cdcl_lookahead_cubes) && !p->num_assumptions;
  pf.team = !pf.use_cubes                                   ? 0
            : p->cdcl_cube_team && p->cdcl_cube_team < pf.n ? p->cdcl_cube_team
                                                            : pf.n;
  pf.inproc = gsat_cpu_cdcl_inprocesses(p);
  int refuted = 0;
  gsat_status st = GSAT_OK;
  pf.phases = p->phases;
  if (!pf.phases && p->cdcl_walk) {
    st = gsat_phases_init(&pf.own_phases, db->num_vars, err);
    pf.phases = &pf.own_phases;
  }
  if (st == GSAT_OK) st = setup(&pf, &refuted, err);
  if (st == GSAT_OK && refuted) {
    gsat_term_unsat(&pf.term, 0);
  } else if (st == GSAT_OK) {
    st = run_all(&pf, err);
  }
  if (st == GSAT_OK) st = collect(&pf, r, err);
  if (st == GSAT_OK && pf.seeded) { /* the look-ahead's work, as the DPLL search counts it */
    r->total.n.la += pf.seeds.n.la;
    r->total.n.failed += pf.seeds.n.failed;
    r->total.n.cand += pf.seeds.n.cand;
    r->total.n.heur += pf.seeds.n.heur;
  }
  if (fit < asked) r->workers_requested = asked; /* (a stop while creating them is no news) */
  r->search_seconds = gsat_seconds() - pf.start;
  for (uint32_t i = 0; pf.w && i < pf.n; i++) {
    gsat_cdcl_destroy(&pf.w[i].s);
    gsat_cdcl_phase_port_free(&pf.w[i].port);
    if (pf.inproc) gsat_inproc_free(&pf.w[i].ip);
  }
  gsat_search_result_free(&pf.walk.r);
  gsat_phases_free(&pf.own_phases);
  free(pf.w);
  free(pf.share_arena);
  free(pf.cubes_arena);
  if (pf.idle_sync) {
    pthread_cond_destroy(&pf.idle_cond);
    pthread_mutex_destroy(&pf.idle_lock);
  }
  if (st != GSAT_OK) gsat_search_result_free(r);
  return st;
}
