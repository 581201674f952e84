#include "cpu/cdcl_portfolio.h"

#include <stdlib.h>
#include <string.h>

#include "cpu/cdcl_inproc.h"
#include "cpu/cdcl_one.h"
#include "cpu/cdcl_simp.h"
#include "base/clock.h"
#include "core/cdcl_host.h"
#include "core/simp.h"

/* Target length of a slice between checks of the stop flag and the limits. */
#define SLICE_SECONDS 0.004

static void fill_stats(gsat_worker_stats *w, const gsat_cdcl *s, double busy) {
  memset(w, 0, sizeof *w);
  gsat_worker_stats_set_cdcl(w, &s->n);
  w->busy_seconds = busy;
}

static void report(const gsat_search_params *p, const gsat_cdcl *s, double start) {
  gsat_progress pr;
  memset(&pr, 0, sizeof pr);
  pr.seconds = gsat_seconds() - start;
  pr.search = GSAT_SEARCH_CDCL;
  fill_stats(&pr.total, s, 0);
  pr.busy_workers = 1;
  p->progress(p->progress_data, &pr);
}

/* Runs slices until an answer, a limit or the stop flag, with an
 * inprocessing round between two slices when one is due (ip may be NULL:
 * none); returns the search status (PAUSED for UNKNOWN) or a negative
 * gsat_status on error. */
static int run(gsat_cdcl *s, const gsat_db_view *view, const gsat_search_params *p, double start,
               gsat_inproc *ip, gsat_search_result *r, gsat_error *err) {
  uint64_t budget = 64;
  double next_progress = p->progress && p->progress_interval > 0 ? start + p->progress_interval : 0;
  for (;;) {
    uint64_t b = budget;
    if (p->node_limit) {
      if (s->n.decisions >= p->node_limit) {
        r->stopped_by_limit = 1;
        return GSAT_CDCL_PAUSED;
      }
      uint64_t left = p->node_limit - s->n.decisions;
      if (left < b) b = left;
    }
    if (p->conflict_limit) { /* a slice's budget counts conflicts too: exact */
      if (s->n.conflicts >= p->conflict_limit) {
        r->stopped_by_limit = 1;
        return GSAT_CDCL_PAUSED;
      }
      uint64_t left = p->conflict_limit - s->n.conflicts;
      if (left < b) b = left;
    }
    const uint64_t to_round = gsat_inproc_conflicts_left(ip, s);
    if (to_round < b) b = to_round;
    double t0 = gsat_seconds();
    int res = gsat_cdcl_search_grown(s, view, b, err);
    double now = gsat_seconds(), slice = now - t0;
    if (res != GSAT_CDCL_PAUSED) return res;
    if (ip && gsat_inproc_due(ip, s) &&
        (res = gsat_inproc_run(ip, s, view, err)) != GSAT_CDCL_PAUSED)
      return res;
    /* a slice cut short by a limit or the next round (b < budget) is short
     * because of the cut: it says nothing of the budget's length */
    if (slice < SLICE_SECONDS / 2 && b == budget && budget < (1u << 20))
      budget *= 2;
    else if (slice > SLICE_SECONDS && budget > 1)
      budget /= 2;
    if (GSAT_FLAG_IS_RAISED(p->stop)) return GSAT_CDCL_PAUSED;
    if (p->time_limit > 0 && now - start >= p->time_limit) {
      r->stopped_by_limit = 1;
      return GSAT_CDCL_PAUSED;
    }
    if (next_progress && now >= next_progress) {
      report(p, s, start);
      next_progress = now + p->progress_interval;
    }
  }
}

/* The result of a formula that preprocessing refuted: UNSAT, one idle
 * worker. */
static gsat_status refuted_result(gsat_search_result *r, uint32_t V, gsat_error *err) {
  memset(r, 0, sizeof *r);
  r->workers = calloc(1, sizeof *r->workers);
  r->model = malloc((size_t)V + 1);
  GSAT_RETURN_IF(!r->workers || !r->model, err, NOMEM, "out of memory for the CDCL result");
  r->num_workers = 1;
  r->answer = 20;
  return GSAT_OK;
}

/* p->presearch conflicts of one searcher over db itself into out->first;
 * out->answered when it answered, or when a limit of p's or a stop ended
 * it (the solve is over).  Otherwise its counters and time go to out->n and
 * out->seconds, and q's limits (q = *p) lose what it spent.  Its learned
 * clauses stay in the proof: implied by db, they keep every later step's
 * check sound (the preprocessing's RAT steps are on fresh variables only). */
static gsat_status presearch(const gsat_db *db, const gsat_search_params *p, gsat_simplified *out,
                             gsat_search_params *q, gsat_error *err) {
  gsat_search_params f = *p;
  f.simplify = f.inprocess = 0;
  f.threads = 1;
  f.cdcl_cubes = 0;
  f.cdcl_lookahead_cubes = 0;
  f.cdcl_walk = 0;
  f.phases = NULL;
  f.cdcl.vivify_irred = 0; /* the round reads the input: its clauses stay in the proof */
  f.conflict_limit =
      p->conflict_limit && p->conflict_limit < p->presearch ? p->conflict_limit : p->presearch;
  gsat_search_result *r = &out->first;
  GSAT_FORWARD(gsat_cpu_cdcl_solve(db, &f, r, err));
  const uint64_t conflicts = r->total.c.conflicts;
  /* ended by one of p's limits: the stop, a limit under the budget, or one
   * its last slice reached */
  out->answered = r->answer != 0 || GSAT_FLAG_IS_RAISED(p->stop) ||
                  (r->stopped_by_limit && conflicts < f.conflict_limit) ||
                  (p->conflict_limit && conflicts >= p->conflict_limit) ||
                  (p->node_limit && r->total.c.decisions >= p->node_limit) ||
                  (p->time_limit > 0 && r->search_seconds >= p->time_limit);
  if (out->answered) return GSAT_OK;
  gsat_worker_stats_add(&out->n, &r->total);
  out->seconds = r->search_seconds;
  if (q->time_limit > 0) q->time_limit -= r->search_seconds;
  if (q->conflict_limit) q->conflict_limit -= conflicts; /* more: it answered */
  if (q->node_limit) q->node_limit -= r->total.c.decisions;
  gsat_search_result_free(r);
  memset(r, 0, sizeof *r);
  return GSAT_OK;
}

/* The progress of the search after the presearch and the round: its
 * reports go on from theirs (seconds since the presearch began, their
 * counters added), so that one solve's lines read as one search's. */
static void simplified_progress(void *data, const gsat_progress *pr) {
  const gsat_simplified *out = data;
  gsat_progress r = *pr;
  r.seconds += out->seconds;
  gsat_worker_stats_add(&r.total, &out->n);
  out->progress(out->progress_data, &r);
}

gsat_status gsat_simplified_run(const gsat_db *db, const gsat_search_params *p,
                                gsat_simplified *out, gsat_search_params *q, gsat_error *err) {
  memset(out, 0, sizeof *out);
  *q = *p;
  q->simplify = 0;
  if (p->presearch) {
    GSAT_FORWARD(presearch(db, p, out, q, err));
    if (out->answered) return GSAT_OK;
  }
  const double start = gsat_seconds();
  if (q->time_limit > 0) q->simp.deadline = start + q->time_limit;
  q->simp.sweep_next = &out->sweep_next;
  GSAT_FORWARD(gsat_simp_run(db, &q->simp, p->proof, &out->db, &out->ext, &out->n, err));
  q->simp.sweep_skip =
      gsat_inproc_sweep_barren(out->n.sweep_equivs + out->n.sweep_units, out->n.sweep_vars);
  const double round = gsat_seconds() - start;
  out->seconds += round;
  out->n.preprocess_us = (uint64_t)(round * 1e6);
  out->out_of_time = q->time_limit > 0 && round >= q->time_limit;
  if (q->time_limit > 0) q->time_limit -= round;
  if (p->progress) {
    out->progress = p->progress, out->progress_data = p->progress_data;
    q->progress = simplified_progress, q->progress_data = out;
  }
  return GSAT_OK;
}

void gsat_simplified_free(gsat_simplified *s) {
  gsat_db_free(&s->db);
  gsat_simp_ext_free(&s->ext);
  gsat_search_result_free(&s->first);
}

void gsat_simplified_add(const gsat_simplified *pre, gsat_search_result *r) {
  gsat_worker_stats_add(&r->total, &pre->n);
  if (r->workers && r->num_workers) gsat_worker_stats_add(&r->workers[0], &pre->n);
  r->search_seconds += pre->seconds;
}

/* gsat_cpu_cdcl_solve with preprocessing (simp.h): the searchers, one or
 * the portfolio, search the simplified formula; a model is extended to the
 * eliminated variables (gsat_simp_extend) before the caller checks it
 * against the original clauses.  The preprocessing time counts against the
 * time limit. */
static gsat_status solve_simplified(const gsat_db *db, const gsat_search_params *p,
                                    gsat_search_result *r, gsat_error *err) {
  gsat_search_params q;
  gsat_simplified pre;
  GSAT_FORWARD(gsat_simplified_run(db, p, &pre, &q, err));
  if (pre.answered) { /* by the presearch: its result is the solve's */
    *r = pre.first;
    memset(&pre.first, 0, sizeof pre.first);
    gsat_simplified_free(&pre);
    return GSAT_OK;
  }
  gsat_status st;
  if (pre.db.empty_clause) {
    st = refuted_result(r, db->num_vars, err);
  } else if (pre.out_of_time) {
    st = refuted_result(r, db->num_vars, err);
    r->answer = 0;
    r->stopped_by_limit = 1;
  } else {
    st = gsat_cpu_cdcl_solve(&pre.db, &q, r, err);
  }
  if (st == GSAT_OK) {
    if (r->answer == 10) gsat_simp_extend(&pre.ext, r->model);
    gsat_simplified_add(&pre, r);
  }
  gsat_simplified_free(&pre);
  return st;
}

gsat_status gsat_cpu_cdcl_solve(const gsat_db *db, const gsat_search_params *p,
                                gsat_search_result *r, gsat_error *err) {
  if (p->simplify && !p->num_assumptions && !p->num_extra && !p->clause_port)
    return solve_simplified(db, p, r, err);
  if (p->threads > 1 || p->num_extra || p->clause_port || p->phases || p->cdcl_walk ||
      (p->cdcl_cubes && p->cdcl_lookahead_cubes && !p->num_assumptions))
    return gsat_cpu_cdcl_portfolio(db, p, r, err);
  memset(r, 0, sizeof *r);
  const double start = gsat_seconds();
  gsat_db_view view = gsat_db_view_of(db);
  gsat_cdcl s;
  int refuted = 0;
  gsat_status st = gsat_cdcl_create(&s, db, &p->cdcl, p->proof, &refuted, err);
  r->workers = calloc(1, sizeof *r->workers);
  r->model = malloc((size_t)db->num_vars + 1);
  r->failed = malloc(((size_t)p->num_assumptions + 1) * sizeof *r->failed);
  if (st == GSAT_OK && (!r->workers || !r->model || !r->failed))
    st = gsat_error_set(err, GSAT_NOMEM, "out of memory for the CDCL result");
  int res = GSAT_CDCL_UNSAT;
  gsat_inproc ip;
  const int inproc = gsat_cpu_cdcl_inprocesses(p);
  if (inproc)
    gsat_inproc_init(&ip, db, &p->simp, p->inprocess_interval, p->inprocess_effort,
                     p->inprocess_bound);
  if (st == GSAT_OK && !refuted) {
    if (p->num_assumptions) gsat_cdcl_set_assumptions(&s, p->assumptions, p->num_assumptions);
    res = run(&s, &view, p, start, inproc ? &ip : NULL, r, err);
    if (res < 0) st = (gsat_status)res;
  }
  r->search_seconds = gsat_seconds() - start;
  if (st == GSAT_OK) {
    r->answer = res == GSAT_CDCL_SAT ? 10 : res == GSAT_CDCL_UNSAT ? 20 : 0;
    if (res == GSAT_CDCL_SAT) {
      for (uint32_t v = 0; v < db->num_vars; v++) r->model[v] = s.val[2 * v] > 0;
      if (inproc) gsat_inproc_extend(&ip, r->model);
    }
    if (res == GSAT_CDCL_UNSAT && s.unsat_assumptions) {
      r->unsat_assumptions = 1;
      r->failed_len = s.failed_len;
      memcpy(r->failed, s.failed, s.failed_len * sizeof *r->failed);
    }
    r->num_workers = 1;
    fill_stats(&r->workers[0], &s, r->search_seconds);
    if (inproc) gsat_worker_stats_add(&r->workers[0], &ip.n);
    r->total = r->workers[0];
  }
  if (inproc) gsat_inproc_free(&ip);
  gsat_cdcl_destroy(&s);
  if (st != GSAT_OK) gsat_search_result_free(r);
  return st;
}
