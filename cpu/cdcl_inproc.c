/* Inprocessing of the CPU CDCL search: see cdcl_inproc.h. */
#include "cpu/cdcl_inproc.h"

#include <stdlib.h>
#include <string.h>

#include "base/clock.h"
#include "cpu/cdcl_one.h"
#include "core/cdcl_host.h"

/* The parts of a round that share its budget: subsumption, probing,
 * equivalences, elimination, the learned clauses' subsumption. */
#define INPROC_PARTS 5
/* What a clause C does to a learned clause D (subsuming): */
#define SUBSUMES 0xfffffffeu /* C subsumes D */
#define NEITHER  0xffffffffu /* neither subsumes nor strengthens */

void gsat_inproc_init(gsat_inproc *ip, const gsat_db *db, const gsat_simp_config *simp,
                      uint32_t interval, uint32_t effort, uint32_t bound) {
  memset(ip, 0, sizeof *ip);
  ip->cfg = *simp;
  ip->cfg.bva = 0;
  ip->db = db;
  ip->interval = interval ? interval : 1;
  ip->next = ip->interval;
  ip->lits = db->clause_start[db->num_clauses];
  ip->effort = effort;
  ip->bound = bound;
  ip->sweep = simp->sweep;
  ip->sweep_next = simp->sweep_next ? *simp->sweep_next : 0;
  ip->sweep_delay = ip->sweep_skip = simp->sweep_skip;
  ip->cfg.sweep = ip->sweep && !ip->sweep_skip;
}

int gsat_inproc_due(const gsat_inproc *ip, const gsat_cdcl *s) {
  return s->cfg.bcp == GSAT_CDCL_BCP_WATCHED && s->n.conflicts >= ip->next &&
         (s->n.checks - ip->checks) * ip->effort / 1000 >= GSAT_INPROC_PASSES * ip->lits;
}

uint64_t gsat_inproc_conflicts_left(const gsat_inproc *ip, const gsat_cdcl *s) {
  if (!ip) return UINT64_MAX;
  return s->n.conflicts < ip->next ? ip->next - s->n.conflicts : 1;
}

static int irredundant(const uint32_t *a, uint64_t c) {
  return !(a[c + 2] & (GSAT_CDCL_DELETED | GSAT_CDCL_LEARNED));
}

static int live_learned(const uint32_t *a, uint64_t c) {
  return (a[c + 2] & (GSAT_CDCL_DELETED | GSAT_CDCL_LEARNED)) == GSAT_CDCL_LEARNED;
}

/* in: s's irredundant clauses and its root units, over s's variables
 * (names borrowed from ip->db: free only clause_start, clause_lits, units). */
static gsat_status export_formula(const gsat_inproc *ip, const gsat_cdcl *s, gsat_db *in,
                                  gsat_error *err) {
  const uint32_t *a = s->arena;
  uint64_t nc = 0, nl = 0;
  for (uint64_t c = 0; c < s->arena_top; c += GSAT_CDCL_HDR + a[c + 1])
    if (irredundant(a, c)) nc++, nl += a[c];
  memset(in, 0, sizeof *in);
  GSAT_RETURN_IF(nc >= UINT32_MAX || nl >= UINT32_MAX, err, RESOURCE,
                 "inprocessing: more than 2^32 clause literals");
  in->num_vars = s->num_vars;
  in->ext_vars = ip->db->ext_vars;
  in->ext_var = ip->db->ext_var;
  in->units = malloc(((size_t)s->trail_len + 1) * sizeof *in->units);
  in->clause_start = malloc((nc + 1) * sizeof *in->clause_start);
  in->clause_lits = malloc((nl + 1) * sizeof *in->clause_lits);
  GSAT_RETURN_IF(!in->units || !in->clause_start || !in->clause_lits, err, NOMEM,
                 "out of memory exporting the clauses to inprocess");
  memcpy(in->units, s->trail, (size_t)s->trail_len * sizeof *in->units);
  in->num_units = s->trail_len;
  uint32_t pos = 0;
  for (uint64_t c = 0; c < s->arena_top; c += GSAT_CDCL_HDR + a[c + 1]) {
    if (!irredundant(a, c)) continue;
    in->clause_start[in->num_clauses++] = pos;
    memcpy(in->clause_lits + pos, GSAT_CDCL_LITS(s, c), a[c] * sizeof *in->clause_lits);
    pos += a[c];
  }
  in->clause_start[in->num_clauses] = pos;
  return GSAT_OK;
}

/* The live learned binary clauses of s, 2 literals each, into *bins (NULL
 * when none), their number into *n (at most GSAT_INPROC_MAX_BINS).  0: out
 * of memory. */
static int learned_bins(const gsat_cdcl *s, gsat_lit **bins, uint64_t *n) {
  const uint32_t *a = s->arena;
  uint64_t k = 0;
  *bins = NULL, *n = 0;
  for (uint64_t c = 0; c < s->arena_top; c += GSAT_CDCL_HDR + a[c + 1])
    k += live_learned(a, c) && a[c] == 2;
  if (k > GSAT_INPROC_MAX_BINS) k = GSAT_INPROC_MAX_BINS;
  if (!k) return 1;
  if (!(*bins = malloc(2 * k * sizeof **bins))) return 0;
  for (uint64_t c = 0; c < s->arena_top && *n < k; c += GSAT_CDCL_HDR + a[c + 1]) {
    if (!live_learned(a, c) || a[c] != 2) continue;
    memcpy(*bins + 2 * (*n)++, GSAT_CDCL_LITS(s, c), 2 * sizeof **bins);
  }
  return 1;
}

/* Sweeping's schedule over the rounds (after Kissat's delays): a barren
 * sweep (gsat_inproc_sweep_barren) delays it: it skips the next round,
 * then two, ... up to SWEEP_MAX_DELAY; one that proves more undoes the
 * delay.  proved and swept: this round's counts; ran: whether it swept. */
#define SWEEP_MAX_DELAY 8u
static void sweep_plan(gsat_inproc *ip, uint64_t proved, uint64_t swept, int ran) {
  if (ran && gsat_inproc_sweep_barren(proved, swept)) {
    if (ip->sweep_delay < SWEEP_MAX_DELAY) ip->sweep_delay++;
    ip->sweep_skip = ip->sweep_delay;
  } else if (ran) {
    ip->sweep_delay = ip->sweep_skip = 0;
  } else if (ip->sweep_skip) {
    ip->sweep_skip--;
  }
  ip->cfg.sweep = ip->sweep && !ip->sweep_skip;
}

/* gsat_simp_run over in, s's irredundant clauses, into out; with
 * cfg.equiv_learned the equivalences take s's live learned binary clauses
 * too (implied by in: an equivalence they prove is implied, its two clauses
 * RUP over the proof's lemmas, and out keeps none of them).  Congruence
 * closure runs in the later rounds only while a round's closure proves
 * something (reading the gates costs a few steps per literal each time). */
static gsat_status simp_round(gsat_inproc *ip, const gsat_cdcl *s, const gsat_db *in,
                              const gsat_proof_sink *log, gsat_db *out, gsat_error *err) {
  gsat_lit *bins = NULL;
  if (ip->cfg.equiv && ip->cfg.equiv_learned && !learned_bins(s, &bins, &ip->cfg.num_extra_bins))
    return gsat_error_set(err, GSAT_NOMEM, "out of memory listing the learned binary clauses");
  ip->cfg.extra_bins = bins;
  ip->n.inproc_learned_bins += ip->cfg.num_extra_bins;
  const uint64_t proved = ip->n.cong_equivs + ip->n.cong_units;
  const uint64_t swept = ip->n.sweep_vars, sweeps = ip->n.sweep_equivs + ip->n.sweep_units;
  const gsat_status st = gsat_simp_run(in, &ip->cfg, log, out, &ip->ext, &ip->n, err);
  if (ip->n.cong_equivs + ip->n.cong_units == proved) ip->cfg.congruence = 0;
  sweep_plan(ip, ip->n.sweep_equivs + ip->n.sweep_units - sweeps, ip->n.sweep_vars - swept,
             ip->cfg.sweep);
  ip->cfg.extra_bins = NULL, ip->cfg.num_extra_bins = 0;
  free(bins);
  return st;
}

static void free_export(gsat_db *in) {
  free(in->units);
  free(in->clause_start);
  free(in->clause_lits);
}

/* removed[v] = 1 for each variable of the extension stack's entries from
 * `from` on: the pivots of the clauses the round eliminated or substituted. */
static void mark_removed(const gsat_simp_ext *e, uint64_t from, uint8_t *removed) {
  uint64_t i = e->len;
  while (i > from) {
    uint32_t k = e->lits[i - 1];
    removed[GSAT_VAR(e->lits[i - 1 - k])] = 1;
    i -= k + 1;
  }
}

/* The search state s had that t, a fresh searcher over the same variables,
 * takes on: decision order, phases, schedules, counters. */
static void keep_state(gsat_cdcl *t, const gsat_cdcl *s) {
  const size_t V = s->num_vars;
  memcpy(t->phase, s->phase, V);
  memcpy(t->target, s->target, V);
  memcpy(t->activity, s->activity, V * sizeof *t->activity);
  memcpy(t->heap, s->heap, V * sizeof *t->heap);
  memcpy(t->heap_pos, s->heap_pos, V * sizeof *t->heap_pos);
  memcpy(t->vmtf_prev, s->vmtf_prev, V * sizeof *t->vmtf_prev);
  memcpy(t->vmtf_next, s->vmtf_next, V * sizeof *t->vmtf_next);
  memcpy(t->vmtf_stamp, s->vmtf_stamp, V * sizeof *t->vmtf_stamp);
  t->heap_len = s->heap_len;
  t->vmtf_first = s->vmtf_first, t->vmtf_last = s->vmtf_last;
  t->vmtf_search = s->vmtf_search, t->vmtf_clock = s->vmtf_clock;
  t->var_inc = s->var_inc, t->cla_inc = s->cla_inc;
  t->lbd_fast = s->lbd_fast, t->lbd_slow = s->lbd_slow;
  t->restart_conflicts = s->restart_conflicts;
  t->stable = s->stable;
  t->luby_index = s->luby_index, t->luby_limit = s->luby_limit;
  t->mode_switch_at = s->mode_switch_at, t->mode_length = s->mode_length;
  t->next_reduce = s->next_reduce, t->reduce_interval = s->reduce_interval;
  t->next_vivify = s->next_vivify, t->vivify_mark = s->vivify_mark;
  t->target_assigned = s->target_assigned;
  t->rng = s->rng;
  t->n = s->n;
}

int gsat_inproc_names_removed(const gsat_inproc *ip, const gsat_lit *lits, uint32_t n) {
  if (!ip->removed) return 0;
  for (uint32_t i = 0; i < n; i++)
    if (ip->removed[GSAT_VAR(lits[i])]) return 1;
  return 0;
}

uint32_t gsat_inproc_filter(const gsat_inproc *ip, gsat_lit *lits, uint32_t n) {
  if (!ip->removed) return n;
  uint32_t k = 0;
  for (uint32_t i = 0; i < n; i++)
    if (!ip->removed[GSAT_VAR(lits[i])]) lits[k++] = lits[i];
  return k;
}

/* Grows t's arena until a clause of n literals fits (no compaction: the
 * callers walk the arena). */
static gsat_status arena_room(gsat_cdcl *t, uint32_t n, gsat_error *err) {
  while (t->arena_top + GSAT_CDCL_HDR + n > t->arena_cap)
    GSAT_FORWARD(gsat_cdcl_grow(t, GSAT_CDCL_GROW_ARENA, err));
  return GSAT_OK;
}

/* Copies s's learned clauses without a removed variable into t (not yet
 * watched), with their glue, use and activity. */
static gsat_status copy_learned(gsat_cdcl *t, const gsat_cdcl *s, const uint8_t *removed,
                                gsat_error *err) {
  const uint32_t *a = s->arena;
  for (uint64_t c = 0; c < s->arena_top; c += GSAT_CDCL_HDR + a[c + 1]) {
    if (!live_learned(a, c)) continue;
    const uint32_t *l = GSAT_CDCL_LITS(s, c), n = a[c];
    int keep = 1;
    for (uint32_t i = 0; i < n && keep; i++) keep = !removed[GSAT_VAR(l[i])];
    if (!keep) {
      if (gsat_cdcl_log_deletes(t)) t->proof->del(t->proof->data, l, n);
      continue;
    }
    GSAT_FORWARD(arena_room(t, n, err));
    uint32_t d = gsat_cdcl_clause_new(t, l, n, 1, 0);
    t->arena[d + 2] = a[c + 2];
    t->arena[d + 3] = a[c + 3];
    t->learned_live++;
  }
  return GSAT_OK;
}

/* Watches every live learned clause of t (binary ones inline). */
static gsat_status watch_learned(gsat_cdcl *t, gsat_error *err) {
  for (uint64_t c = 0; c < t->arena_top; c += GSAT_CDCL_HDR + t->arena[c + 1]) {
    if (!live_learned(t->arena, c)) continue;
    while (t->wpool_cap < gsat_cdcl_watch_need(t->wpool_live + 2, t->num_vars))
      GSAT_FORWARD(gsat_cdcl_grow(t, GSAT_CDCL_GROW_WATCHES, err));
    GSAT_RETURN_IF(!gsat_cdcl_attach(t, (uint32_t)c), err, INTERNAL,
                   "inprocessing: no room to watch a learned clause");
  }
  return GSAT_OK;
}

/* Forward subsumption of t's learned clauses: each clause is listed under
 * its literal with the fewest occurrences (one watch), and a learned clause
 * D looks in the lists of its literals and their negations for a clause C
 * no longer than D that subsumes it (D deleted) or that resolves with it to
 * a clause subsuming it (self-subsumption: the resolved literal leaves D). */
typedef struct fwd {
  gsat_cdcl *t;
  uint32_t *start, *list; /* [2V + 1] offsets into list, one entry per clause */
  uint8_t *mark;          /* [2V] D's literals */
  uint64_t steps, limit;
  gsat_worker_stats *n;
  int refuted;
} fwd;

static int live(const gsat_cdcl *t, uint64_t c) {
  return !(t->arena[c + 2] & GSAT_CDCL_DELETED);
}

/* The literal of C whose negation D holds when C resolves with D to a
 * clause that subsumes D; SUBSUMES when C subsumes D; NEITHER. */
static gsat_lit subsuming(fwd *f, uint32_t c) {
  const uint32_t *l = GSAT_CDCL_LITS(f->t, c), n = f->t->arena[c];
  gsat_lit flip = SUBSUMES;
  f->steps += n;
  for (uint32_t i = 0; i < n; i++) {
    if (f->mark[l[i]]) continue;
    if (!f->mark[GSAT_NOT(l[i])] || flip != SUBSUMES) return NEITHER;
    flip = l[i];
  }
  return flip;
}

/* D loses literal x (proof: the shorter clause added, D deleted). */
static void strengthen(fwd *f, uint32_t d, gsat_lit x) {
  gsat_cdcl *t = f->t;
  uint32_t *l = GSAT_CDCL_LITS(t, d), n = t->arena[d], k = 0;
  for (uint32_t i = 0; i < n; i++)
    if (l[i] != x) t->learnt[k++] = l[i];
  f->n->inproc_strengthened++;
  if (k == 1) {
    gsat_cdcl_log_add(t, t->learnt, 1);
    gsat_cdcl_delete(t, d);
    if (t->val[t->learnt[0]] < 0) {
      gsat_cdcl_log_add(t, t->learnt, 0);
      f->refuted = 1;
    } else if (t->val[t->learnt[0]] == 0) {
      gsat_cdcl_assign(t, t->learnt[0], GSAT_CDCL_NOREF);
    }
    t->proof_units = t->trail_len;
    return;
  }
  gsat_cdcl_log_add(t, t->learnt, k);
  if (gsat_cdcl_log_deletes(t)) t->proof->del(t->proof->data, l, n);
  memcpy(l, t->learnt, k * sizeof *l);
  t->arena[d] = k;
  t->arena_garbage += n - k;
}

/* Tries D against the clauses in the lists of its literals and their
 * negations; stops at the first that subsumes or strengthens it. */
static void forward_one(fwd *f, uint32_t d) {
  gsat_cdcl *t = f->t;
  const uint32_t n = t->arena[d];
  const uint32_t *l = GSAT_CDCL_LITS(t, d);
  for (uint32_t i = 0; i < n; i++) f->mark[l[i]] = 1;
  int done = 0;
  for (uint32_t i = 0; i < 2 * n && !done; i++) {
    const gsat_lit x = i < n ? l[i] : GSAT_NOT(l[i - n]);
    for (uint32_t j = f->start[x]; j < f->start[x + 1] && !done; j++) {
      const uint32_t c = f->list[j];
      if (c == d || !live(t, c) || t->arena[c] > n) continue;
      const gsat_lit flip = subsuming(f, c);
      if (flip == NEITHER) continue;
      for (uint32_t k = 0; k < n; k++) f->mark[l[k]] = 0;
      if (flip == SUBSUMES) {
        gsat_cdcl_delete(t, d);
        f->n->inproc_subsumed++;
      } else {
        strengthen(f, d, GSAT_NOT(flip));
      }
      return;
    }
  }
  for (uint32_t k = 0; k < n; k++) f->mark[l[k]] = 0;
}

/* Lists every live clause of t under its rarest literal (start, list). */
static int build_lists(fwd *f) {
  gsat_cdcl *t = f->t;
  const size_t L = 2 * (size_t)t->num_vars;
  uint32_t *cnt = calloc(L + 1, sizeof *cnt);
  f->start = calloc(L + 2, sizeof *f->start);
  uint64_t clauses = 0;
  if (!cnt || !f->start) return free(cnt), 0;
  for (uint64_t c = 0; c < t->arena_top; c += GSAT_CDCL_HDR + t->arena[c + 1])
    if (live(t, c)) {
      clauses++;
      for (uint32_t i = 0; i < t->arena[c]; i++) cnt[GSAT_CDCL_LITS(t, c)[i]]++;
    }
  f->list = malloc((clauses + 1) * sizeof *f->list);
  if (!f->list) return free(cnt), 0;
  for (int pass = 0; pass < 2; pass++) {
    for (uint64_t c = 0; c < t->arena_top; c += GSAT_CDCL_HDR + t->arena[c + 1]) {
      if (!live(t, c)) continue;
      const uint32_t *l = GSAT_CDCL_LITS(t, c);
      gsat_lit w = l[0];
      for (uint32_t i = 1; i < t->arena[c]; i++)
        if (cnt[l[i]] < cnt[w]) w = l[i];
      if (pass == 0)
        f->start[w + 1]++;
      else
        f->list[f->start[w]++] = (uint32_t)c;
    }
    if (pass == 0)
      for (size_t x = 0; x < L; x++) f->start[x + 1] += f->start[x];
  }
  for (size_t x = L; x > 0; x--) f->start[x] = f->start[x - 1];
  f->start[0] = 0;
  free(cnt);
  return 1;
}

/* Forward subsumption of t's learned clauses (fwd above), on a budget of
 * steps.  Returns 0 when out of memory (nothing changed then), else 1;
 * *refuted when a strengthened unit contradicts a root unit. */
static int subsume_learned(gsat_cdcl *t, uint64_t steps, gsat_worker_stats *n, int *refuted) {
  fwd f;
  memset(&f, 0, sizeof f);
  f.t = t;
  f.n = n;
  f.mark = calloc(2 * (size_t)t->num_vars + 1, 1);
  int ok = f.mark && build_lists(&f);
  f.limit = steps;
  for (uint64_t c = 0; ok && c < t->arena_top && f.steps < f.limit && !f.refuted;
       c += GSAT_CDCL_HDR + t->arena[c + 1])
    if (live_learned(t->arena, c)) forward_one(&f, (uint32_t)c);
  free(f.mark);
  free(f.start);
  free(f.list);
  *refuted = f.refuted;
  return ok;
}

/* t: a searcher over out, the round's result, with s's state and its
 * learned clauses that survive the removed variables, subsumed and
 * strengthened, then watched. */
static gsat_status rebuild(gsat_inproc *ip, gsat_cdcl *t, const gsat_cdcl *s, const gsat_db *out,
                           const uint8_t *removed, int *refuted, gsat_error *err) {
  GSAT_FORWARD(gsat_cdcl_create(t, out, &s->cfg, s->proof, refuted, err));
  if (*refuted) return GSAT_OK;
  keep_state(t, s);
  gsat_cdcl_set_assumptions(t, s->assumptions, s->num_assumptions);
  t->num_assumptions = gsat_inproc_filter(ip, t->assumptions, t->num_assumptions);
  GSAT_FORWARD(copy_learned(t, s, removed, err));
  GSAT_RETURN_IF(!subsume_learned(t, ip->cfg.steps, &ip->n, refuted), err, NOMEM,
                 "out of memory subsuming the learned clauses");
  if (*refuted) return GSAT_OK;
  return watch_learned(t, err);
}

gsat_status gsat_inproc_round(gsat_inproc *ip, gsat_cdcl *s, int *refuted, gsat_error *err) {
  const double t0 = gsat_seconds();
  *refuted = 0;
  gsat_cdcl_simplify(s); /* root units logged, satisfied clauses gone */
  ip->cfg.steps = (s->n.checks - ip->checks) * ip->effort / 1000 / INPROC_PARTS;
  if (ip->cfg.steps < GSAT_INPROC_MIN_STEPS) ip->cfg.steps = GSAT_INPROC_MIN_STEPS;
  ip->cfg.sweep_ref = s->n.checks - ip->checks;
  ip->cfg.sweep_next = &ip->sweep_next;
  const uint64_t done = ip->n.inproc_rounds;
  ip->cfg.elim_bound = done == 0 ? 0 : done > 31 ? ip->bound : 1u << (done - 1);
  if (ip->cfg.elim_bound > ip->bound) ip->cfg.elim_bound = ip->bound;
  gsat_db in, out;
  memset(&out, 0, sizeof out);
  gsat_status st = export_formula(ip, s, &in, err);
  const uint64_t from = ip->ext.len;
  if (st == GSAT_OK) ip->lits = in.clause_start[in.num_clauses];
  const gsat_proof_sink *log = ip->log ? ip->log : s->proof;
  if (st == GSAT_OK) st = simp_round(ip, s, &in, log, &out, err);
  free_export(&in);
  if (st == GSAT_OK && !ip->removed && !(ip->removed = calloc((size_t)s->num_vars + 1, 1)))
    st = gsat_error_set(err, GSAT_NOMEM, "out of memory inprocessing");
  gsat_cdcl t;
  memset(&t, 0, sizeof t);
  if (st == GSAT_OK && out.empty_clause) *refuted = 1;
  if (st == GSAT_OK && !*refuted) {
    mark_removed(&ip->ext, from, ip->removed);
    st = rebuild(ip, &t, s, &out, ip->removed, refuted, err);
  }
  gsat_db_free(&out);
  if (st == GSAT_OK && !*refuted) {
    gsat_cdcl_destroy(s);
    *s = t;
  } else {
    gsat_cdcl_destroy(&t);
  }
  const uint64_t rounds = ++ip->n.inproc_rounds;
  ip->next = s->n.conflicts + (rounds + 1) * ip->interval;
  ip->checks = s->n.checks;
  ip->n.inproc_us += (uint64_t)((gsat_seconds() - t0) * 1e6);
  return st;
}

int gsat_inproc_run(gsat_inproc *ip, gsat_cdcl *s, const gsat_db_view *view, gsat_error *err) {
  gsat_cdcl_backtrack(s, 0);
  const int res = gsat_cdcl_search_grown(s, view, 0, err);
  if (res != GSAT_CDCL_PAUSED) return res;
  int refuted = 0;
  gsat_status st = gsat_inproc_round(ip, s, &refuted, err);
  if (st != GSAT_OK) return (int)st;
  return refuted ? GSAT_CDCL_UNSAT : GSAT_CDCL_PAUSED;
}

void gsat_inproc_extend(const gsat_inproc *ip, uint8_t *model) {
  gsat_simp_extend(&ip->ext, model);
}

void gsat_inproc_free(gsat_inproc *ip) {
  gsat_simp_ext_free(&ip->ext);
  free(ip->removed);
  ip->removed = NULL;
}
