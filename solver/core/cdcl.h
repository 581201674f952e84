/* The CDCL step code (cdcl.md sections 1-3): one searcher's decide, propagate,
 * analyze, backjump, restart, reduce and simplify, written once for a team
 * (team.h) and compiled as C for the CPU (cpu_ref/cdcl_cpu.c, a team of one).
 *
 * The algorithm is the MiniSat/Glucose core (Een and Sorensson, "An Extensible
 * SAT-solver", SAT 2003; Audemard and Simon, "Predicting Learnt Clauses Quality
 * in Modern SAT Solvers", IJCAI 2009), with CaDiCaL's VMTF queue (Biere and
 * Froehlich, "Evaluating CDCL Variable Scoring Schemes", SAT 2015) as the
 * second decision heuristic and Luby restarts (Luby, Sinclair and Zuckerman
 * 1993) in stable mode:
 *   - trail with levels and reasons; two watched literals with blocking
 *     literals, binary clauses inline in the watch lists (no clause fetch);
 *   - 1UIP analysis, recursive minimization (MiniSat's ccmin 2, abstract
 *     levels), LBD at learning time and again when a clause is used;
 *   - backjump to the second-highest level, assert the UIP literal;
 *   - EVSIDS on a binary heap or VMTF with a search pointer; phase saving,
 *     and in stable mode target phases (Biere and Fleury, "Chasing Target
 *     Phases", POS 2020);
 *   - restarts: Glucose's fast/slow LBD averages (focused) and Luby (stable),
 *     switching between the two on a geometric conflict schedule;
 *   - learned clauses in LBD tiers (<= tier1 kept, <= tier2 kept while used
 *     since the last reduction, the rest sorted by (LBD, activity) and the
 *     worse half deleted) on a conflict schedule; arena compaction that
 *     rewrites references in watchers and reasons;
 *   - level-0 simplification at restarts (satisfied clauses deleted, false
 *     literals stripped);
 *   - assumptions (MiniSat): the first decisions; a false one yields the
 *     failed assumptions (s->failed).
 * BCP variants (cfg.bcp): WATCHED (every clause in the arena and watched) and
 * STREAMS (original clauses evaluated whole from the shared occurrence streams
 * of the search database, as DPLL does; only learned clauses watched).
 *
 * Literal checks (ARCHITECTURE.md): every clause literal read during BCP is
 * one check; a blocking literal read counts one; a stream entry read counts
 * one.
 *
 * Nothing is allocated here: the state is carved by gsat_cdcl_carve (cdcl.c);
 * a full arena or watch pool is reported (GSAT_CDCL_GROW_*) at the top of the
 * search loop, before anything is half done, and the host grows it.
 *
 * Team mapping (team.h).  The file has two parts.  The sequential part
 * (include-guarded, GSAT_HD gsat_cdcl_* functions) is the searcher's state
 * machine: it is run by one member of a team.  The team part (no include
 * guard, one instance per team, named by GSAT_CDCL_FN) is the search loop,
 * BCP, conflict analysis and learning: a searcher's state lives in memory all
 * members share (one gsat_cdcl), every write to it happens inside TEAM_ONE
 * (one member writes, the others wait at its barriers) except BCP's writes
 * of distinct words by their owners (below), and the loops run on all members:
 *   - BCP: member r looks at watcher i + r of the list (the replacement-watch
 *     search of a long clause by that member alone, reads only); the round
 *     takes the members in rank order up to each unit or conflict, past a
 *     unit only the looks that still hold; each taken member puts f at
 *     lits[1] of its own clause and writes its own kept watcher (ballot
 *     prefix), one member appends the moves in rank order and assigns the
 *     unit; the visit is the sequential one;
 *   - analysis: members test one literal each for "new, not at level 0"
 *     (TEAM_ROUNDS), a ballot collects them and one member takes them in rank
 *     order (seen mark, bump, path count or learned literal), so a team of one
 *     and a warp learn the same clause from the same conflict.
 * Everything else is a TEAM_ONE section.  With a team of one this is plain C.
 *
 * An instantiation includes its team header, defines GSAT_CDCL_FN (name),
 * then includes this header (the warp's is gpu/cdcl_warp.cuh).  Without
 * GSAT_CDCL_FN the default instance (gsat_cdcl_search, ... : a team of one) is
 * generated, once per translation unit. */
#ifndef GSAT_CDCL_H
#define GSAT_CDCL_H

#include <assert.h>
#include <stdint.h>

#include "solver/core/cdcl_types.h"
#include "solver/core/dpll_types.h"
#include "solver/core/proof_ring.h"
#include "solver/core/share.h"

#define GSAT_CDCL_LITS(s, c) ((s)->arena + (c) + GSAT_CDCL_HDR)

GSAT_HD float gsat_cdcl_f(uint32_t u) {
  union { uint32_t u; float f; } x;
  x.u = u;
  return x.f;
}
GSAT_HD uint32_t gsat_cdcl_u(float f) {
  union { uint32_t u; float f; } x;
  x.f = f;
  return x.u;
}

/*---- the proof log (cdcl.md, section 5) -------------------------------------*/

/* Logs the clause lits[0..n-1] (n == 0: the empty clause) as added: to the
 * searcher's proof ring when it has one (the GPU searchers), else to its
 * proof sink.  Returns 0 when the ring gave the record up (a stop while the
 * ring was full: the clause must not be exported), else 1 (also without a
 * log).  Every clause a searcher adds by derivation goes through here before
 * it is used or exported: learned clauses, the empty clause, and the negated
 * failed assumptions of a refuted cube (and, after both halves, the negated
 * parent cube: children before parents). */
GSAT_HD int gsat_cdcl_log_add(gsat_cdcl *s, const gsat_lit *lits, uint32_t n) {
  if (s->proof_ring) return gsat_proof_ring_add(s->proof_ring, lits, n);
  if (s->proof) s->proof->add(s->proof->data, lits, n);
  return 1;
}

/* A clause s derived (lits[0..n-1], glue lbd): logged (gsat_cdcl_log_add),
 * then, when the log took it and it is short enough, exported to the
 * clause-sharing ring (s->share, when set): the log first, so that every
 * clause another searcher imports is already in the proof (cdcl.md, section
 * 5).  Returns gsat_cdcl_log_add's result. */
GSAT_HD int gsat_cdcl_log_export(gsat_cdcl *s, const gsat_lit *lits, uint32_t n, uint32_t lbd) {
  const int logged = gsat_cdcl_log_add(s, lits, n);
  if (logged && s->share && gsat_share_wants(s->share, n, lbd) &&
      gsat_share_export(s->share, s->share_id, lits, n) == GSAT_SHARE_ADDED)
    s->share_out++;
  return logged;
}

/* Whether the log takes deletions (the proof ring omits them: a parallel
 * proof may, section 5). */
GSAT_HD int gsat_cdcl_log_deletes(const gsat_cdcl *s) {
  return s->proof != NULL && s->proof_ring == NULL;
}

/* Words of the reduction scratch that an arena of `arena` words needs (one
 * per clause it can hold, and one). */
GSAT_HD uint64_t gsat_cdcl_scratch_need(uint64_t arena) {
  return arena / (GSAT_CDCL_HDR + 2) + 1;
}

/* Entries the watch pool needs so that compaction always makes room for one
 * more block during a propagation (live watchers, V variables). */
GSAT_HD uint64_t gsat_cdcl_watch_need(uint64_t live, uint32_t V) {
  return 8 * (live + 8) + 12 * (uint64_t)V + 64;
}

/*---- decision heuristics -------------------------------------------------*/

/* The VSIDS heap: variable v at position i. */
GSAT_HD void gsat_cdcl_heap_place(gsat_cdcl *s, uint32_t i, uint32_t v) {
  s->heap[i] = v;
  s->heap_pos[v] = i;
}

GSAT_HD void gsat_cdcl_heap_up(gsat_cdcl *s, uint32_t i) {
  uint32_t v = s->heap[i];
  double a = s->activity[v];
  while (i > 0) {
    uint32_t p = (i - 1) / 2;
    if (s->activity[s->heap[p]] >= a) break;
    s->heap[i] = s->heap[p];
    s->heap_pos[s->heap[i]] = i;
    i = p;
  }
  gsat_cdcl_heap_place(s, i, v);
}

GSAT_HD void gsat_cdcl_heap_down(gsat_cdcl *s, uint32_t i) {
  uint32_t v = s->heap[i];
  double a = s->activity[v];
  for (;;) {
    uint32_t c = 2 * i + 1;
    if (c >= s->heap_len) break;
    if (c + 1 < s->heap_len && s->activity[s->heap[c + 1]] > s->activity[s->heap[c]]) c++;
    if (s->activity[s->heap[c]] <= a) break;
    s->heap[i] = s->heap[c];
    s->heap_pos[s->heap[i]] = i;
    i = c;
  }
  gsat_cdcl_heap_place(s, i, v);
}

GSAT_HD void gsat_cdcl_heap_insert(gsat_cdcl *s, uint32_t v) {
  if (s->heap_pos[v] != GSAT_CDCL_NOREF) return;
  s->heap[s->heap_len] = v;
  s->heap_pos[v] = s->heap_len;
  s->heap_len++;
  gsat_cdcl_heap_up(s, s->heap_len - 1);
}

GSAT_HD uint32_t gsat_cdcl_heap_pop(gsat_cdcl *s) {
  uint32_t v = s->heap[0];
  s->heap_pos[v] = GSAT_CDCL_NOREF;
  s->heap_len--;
  if (s->heap_len) {
    s->heap[0] = s->heap[s->heap_len];
    s->heap_pos[s->heap[0]] = 0;
    gsat_cdcl_heap_down(s, 0);
  }
  return v;
}

/* VMTF: move v to the end (most recent) of the queue. */
GSAT_HD void gsat_cdcl_vmtf_bump(gsat_cdcl *s, uint32_t v) {
  s->vmtf_stamp[v] = ++s->vmtf_clock;
  if (s->vmtf_last != v) {
    uint32_t p = s->vmtf_prev[v], n = s->vmtf_next[v];
    if (p != GSAT_CDCL_NOREF) s->vmtf_next[p] = n; else s->vmtf_first = n;
    s->vmtf_prev[n] = p; /* n exists: v is not last */
    s->vmtf_prev[v] = s->vmtf_last;
    s->vmtf_next[v] = GSAT_CDCL_NOREF;
    s->vmtf_next[s->vmtf_last] = v;
    s->vmtf_last = v;
  }
  if (s->val[2 * v] == 0) s->vmtf_search = v;
}

GSAT_HD void gsat_cdcl_bump_var(gsat_cdcl *s, uint32_t v) {
  if (s->cfg.decide == GSAT_CDCL_VMTF) {
    gsat_cdcl_vmtf_bump(s, v);
    return;
  }
  double a = s->activity[v] += s->var_inc;
  if (a > 1e100) {
    for (uint32_t i = 0; i < s->num_vars; i++) s->activity[i] *= 1e-100;
    s->var_inc *= 1e-100;
  }
  if (s->heap_pos[v] != GSAT_CDCL_NOREF) gsat_cdcl_heap_up(s, s->heap_pos[v]);
}

/* The next unassigned variable by the heuristic, or NOREF when all are
 * assigned. */
GSAT_HD uint32_t gsat_cdcl_pick(gsat_cdcl *s) {
  if (s->cfg.decide == GSAT_CDCL_VMTF) {
    uint32_t v = s->vmtf_search;
    while (v != GSAT_CDCL_NOREF && s->val[2 * v] != 0) v = s->vmtf_prev[v];
    if (v != GSAT_CDCL_NOREF) s->vmtf_search = v;
    return v;
  }
  while (s->heap_len) {
    uint32_t v = gsat_cdcl_heap_pop(s);
    if (s->val[2 * v] == 0) return v;
  }
  return GSAT_CDCL_NOREF;
}

/*---- trail ----------------------------------------------------------------*/

GSAT_HD void gsat_cdcl_assign(gsat_cdcl *s, gsat_lit lit, uint32_t reason) {
  uint32_t v = GSAT_VAR(lit);
  s->val[lit] = 1;
  s->val[GSAT_NOT(lit)] = -1;
  s->level[v] = s->dlevel;
  s->reason[v] = reason;
  s->trail[s->trail_len++] = lit;
  s->n.propagations++;
}

GSAT_HD void gsat_cdcl_new_level(gsat_cdcl *s) {
  s->dlevel++;
  s->trail_lim[s->dlevel] = s->trail_len;
}

/* Whether decisions take the target phase (Biere and Fleury, "Chasing
 * Target Phases", POS 2020): in stable mode, or always. */
GSAT_HD int gsat_cdcl_targeting(const gsat_cdcl *s) {
  return s->cfg.target == GSAT_CDCL_TARGET_ALWAYS ||
         (s->cfg.target == GSAT_CDCL_TARGET_STABLE && s->stable);
}

/* At a conflict: when the conflict-free part of the trail (the levels below
 * the conflict's) is the longest since the last mode switch, its assignment
 * becomes the target phases (Chasing Target Phases, section 3; the longest
 * since the last restart, as there, was worse on the corpus: bench/RESULTS.md,
 * "Target phases"). */
GSAT_HD void gsat_cdcl_update_target(gsat_cdcl *s) {
  if (!gsat_cdcl_targeting(s) || s->dlevel == 0) return;
  const uint32_t upto = s->trail_lim[s->dlevel];
  if (upto <= s->target_assigned) return;
  for (uint32_t i = 0; i < upto; i++) {
    const gsat_lit l = s->trail[i];
    s->target[GSAT_VAR(l)] = (uint8_t)(2 - GSAT_SIGN(l));
  }
  s->target_assigned = upto;
}

/* Unassigns every level above lvl, saving phases. */
GSAT_HD void gsat_cdcl_backtrack(gsat_cdcl *s, uint32_t lvl) {
  if (s->dlevel <= lvl) return;
  uint32_t to = s->trail_lim[lvl + 1];
  const int vmtf = s->cfg.decide == GSAT_CDCL_VMTF;
  for (uint32_t i = s->trail_len; i > to; i--) {
    gsat_lit l = s->trail[i - 1];
    uint32_t v = GSAT_VAR(l);
    s->val[l] = 0;
    s->val[GSAT_NOT(l)] = 0;
    s->phase[v] = (uint8_t)!GSAT_SIGN(l);
    if (vmtf) {
      if (s->vmtf_search == GSAT_CDCL_NOREF || s->vmtf_stamp[v] > s->vmtf_stamp[s->vmtf_search])
        s->vmtf_search = v;
    } else {
      gsat_cdcl_heap_insert(s, v);
    }
  }
  s->trail_len = to;
  s->qhead = to;
  s->dlevel = lvl;
}

/*---- watch pool -------------------------------------------------------------*/

/* Slides every live watch block to the front of the pool (block order kept),
 * shrinking capacities to max(4, 2 len).  In place, no allocation. */
GSAT_HD void gsat_cdcl_wpool_compact(gsat_cdcl *s) {
  uint64_t r = 0, w = 0;
  while (r < s->wpool_top) {
    uint32_t owner = s->wpool[r].cref, cap = s->wpool[r].blocker;
    uint64_t next = r + 1 + cap;
    if (s->ws_start[owner] == r) {
      uint32_t len = s->ws_len[owner];
      uint32_t ncap = len * 2 > 4 ? len * 2 : 4;
      if (ncap > cap) ncap = cap;
      s->wpool[w].cref = owner;
      s->wpool[w].blocker = ncap;
      for (uint32_t k = 0; k < len; k++) s->wpool[w + 1 + k] = s->wpool[r + 1 + k];
      s->ws_start[owner] = (uint32_t)w;
      w += 1 + ncap;
    }
    r = next;
  }
  s->wpool_top = w;
}

/* Appends a watcher to the list of lit, moving the list to a larger block
 * when full.  Returns 0 when the pool has no room even after compaction
 * (gsat_cdcl_watch_need rules that out). */
GSAT_HD int gsat_cdcl_watch(gsat_cdcl *s, gsat_lit lit, uint32_t cref, gsat_lit blocker) {
  uint32_t st = s->ws_start[lit], len = s->ws_len[lit];
  uint32_t cap = st == GSAT_CDCL_NOREF ? 0 : s->wpool[st].blocker;
  if (len == cap) {
    uint32_t ncap = cap ? 2 * cap : 4;
    if (s->wpool_top + 1 + ncap > s->wpool_cap) {
      gsat_cdcl_wpool_compact(s);
      st = s->ws_start[lit];
      if (s->wpool_top + 1 + ncap > s->wpool_cap) return 0;
    }
    uint32_t nst = (uint32_t)s->wpool_top;
    s->wpool[nst].cref = lit;
    s->wpool[nst].blocker = ncap;
    for (uint32_t k = 0; k < len; k++) s->wpool[nst + 1 + k] = s->wpool[st + 1 + k];
    s->ws_start[lit] = nst;
    s->wpool_top += 1 + ncap;
    st = nst;
  }
  s->wpool[st + 1 + len].cref = cref;
  s->wpool[st + 1 + len].blocker = blocker;
  s->ws_len[lit] = len + 1;
  s->wpool_live++;
  return 1;
}

/*---- clause arena ----------------------------------------------------------*/

/* A new clause at the arena top, or NOREF when it does not fit. */
GSAT_HD uint32_t gsat_cdcl_clause_new(gsat_cdcl *s, const gsat_lit *lits, uint32_t n,
                                      uint32_t learned, uint32_t lbd) {
  if (s->arena_top + GSAT_CDCL_HDR + n > s->arena_cap) return GSAT_CDCL_NOREF;
  uint32_t c = (uint32_t)s->arena_top;
  s->arena[c] = n;
  s->arena[c + 1] = n;
  s->arena[c + 2] = (learned ? GSAT_CDCL_LEARNED : 0) | (lbd < GSAT_CDCL_LBD_MASK ? lbd : GSAT_CDCL_LBD_MASK);
  s->arena[c + 3] = gsat_cdcl_u(0.0f);
  s->arena[c + 4] = 0;
  uint32_t *d = GSAT_CDCL_LITS(s, c);
  for (uint32_t k = 0; k < n; k++) d[k] = lits[k];
  s->arena_top += GSAT_CDCL_HDR + n;
  return c;
}

/* Watches lits[0] and lits[1] of clause c (binary clauses inline). */
GSAT_HD int gsat_cdcl_attach(gsat_cdcl *s, uint32_t c) {
  const uint32_t *l = GSAT_CDCL_LITS(s, c);
  uint32_t tag = s->arena[c] == 2 ? GSAT_CDCL_BIN : 0;
  return gsat_cdcl_watch(s, l[0], c | tag, l[1]) && gsat_cdcl_watch(s, l[1], c | tag, l[0]);
}

GSAT_HD void gsat_cdcl_delete(gsat_cdcl *s, uint32_t c) {
  uint32_t *m = &s->arena[c + 2];
  assert(!(*m & GSAT_CDCL_DELETED));
  if (gsat_cdcl_log_deletes(s)) s->proof->del(s->proof->data, GSAT_CDCL_LITS(s, c), s->arena[c]);
  if (*m & GSAT_CDCL_LEARNED) s->learned_live--;
  *m |= GSAT_CDCL_DELETED;
  s->arena_garbage += GSAT_CDCL_HDR + s->arena[c + 1];
  s->n.deleted++;
}

/* Clause c is the reason of one of its watched literals. */
GSAT_HD int gsat_cdcl_locked(const gsat_cdcl *s, uint32_t c) {
  const uint32_t *l = GSAT_CDCL_LITS(s, c);
  for (uint32_t k = 0; k < 2; k++)
    if (s->val[l[k]] > 0 && s->reason[GSAT_VAR(l[k])] == c) return 1;
  return 0;
}

/* Drops the watchers of deleted clauses from every list. */
GSAT_HD void gsat_cdcl_sweep_watches(gsat_cdcl *s) {
  for (uint32_t lit = 0; lit < 2 * s->num_vars; lit++) {
    uint32_t st = s->ws_start[lit], len = s->ws_len[lit], j = 0;
    if (st == GSAT_CDCL_NOREF) continue;
    gsat_watch *ws = s->wpool + st + 1;
    for (uint32_t i = 0; i < len; i++) {
      uint32_t c = ws[i].cref & ~GSAT_CDCL_BIN;
      if (!(s->arena[c + 2] & GSAT_CDCL_DELETED)) ws[j++] = ws[i];
    }
    s->wpool_live -= len - j;
    s->ws_len[lit] = j;
  }
}

/* Garbage collection: moves live clauses down and rewrites every reference in
 * watchers and reasons (three passes: forward addresses, references, moves). */
GSAT_HD void gsat_cdcl_compact_arena(gsat_cdcl *s) {
  uint32_t *a = s->arena;
  uint64_t w = 0;
  gsat_cdcl_sweep_watches(s);
  for (uint64_t c = 0; c < s->arena_top; c += GSAT_CDCL_HDR + a[c + 1]) {
    if (a[c + 2] & GSAT_CDCL_DELETED) continue;
    a[c + 4] = (uint32_t)w;
    w += GSAT_CDCL_HDR + a[c];
  }
  for (uint32_t lit = 0; lit < 2 * s->num_vars; lit++) {
    if (s->ws_start[lit] == GSAT_CDCL_NOREF) continue;
    gsat_watch *ws = s->wpool + s->ws_start[lit] + 1;
    for (uint32_t i = 0; i < s->ws_len[lit]; i++) {
      uint32_t c = ws[i].cref & ~GSAT_CDCL_BIN;
      ws[i].cref = a[c + 4] | (ws[i].cref & GSAT_CDCL_BIN);
    }
  }
  for (uint32_t i = 0; i < s->trail_len; i++) {
    uint32_t v = GSAT_VAR(s->trail[i]), r = s->reason[v];
    if (r == GSAT_CDCL_NOREF || (r & GSAT_CDCL_STREAM)) continue;
    assert(!(a[r + 2] & GSAT_CDCL_DELETED));
    s->reason[v] = a[r + 4];
  }
  uint64_t c = 0;
  while (c < s->arena_top) {
    uint64_t next = c + GSAT_CDCL_HDR + a[c + 1];
    if (!(a[c + 2] & GSAT_CDCL_DELETED)) {
      uint32_t d = a[c + 4], n = a[c];
      for (uint32_t k = 0; k < GSAT_CDCL_HDR + n; k++) a[d + k] = a[c + k];
      a[d + 1] = n;
    }
    c = next;
  }
  s->arena_top = w;
  s->arena_garbage = 0;
  s->n.compactions++;
}

/* Literals of a reason or conflict code (arena or stream); *n set.  Stream
 * entries carry GSAT_STREAM_END: mask with GSAT_STREAM_LIT. */
GSAT_HD const uint32_t *gsat_cdcl_reason_lits(const gsat_cdcl *s, const gsat_db_view *db,
                                              uint32_t code, uint32_t *n) {
  if (code & GSAT_CDCL_STREAM) {
    const uint32_t *p = db->occ_stream + (code & ~GSAT_CDCL_STREAM);
    uint32_t k = 0;
    while (!(p[k] & GSAT_STREAM_END)) k++;
    *n = k + 1;
    return p;
  }
  *n = s->arena[code];
  return GSAT_CDCL_LITS(s, code);
}

/*---- BCP ----------------------------------------------------------------------*/

/* Streams variant: evaluates every original clause holding f (just
 * falsified) from the occurrence stream, as DPLL does.  Returns the conflict
 * code or NOREF. */
GSAT_HD uint32_t gsat_cdcl_stream_bcp(gsat_cdcl *s, const gsat_db_view *db, gsat_lit f) {
  uint32_t i = db->occ_start[f], e = db->occ_start[f + 1], begin = i;
  uint32_t sat = 0, unassigned = 0;
  gsat_lit unit = 0;
  s->n.checks += e - i;
  for (; i < e; i++) {
    uint32_t x = db->occ_stream[i];
    gsat_lit l = x & GSAT_STREAM_LIT;
    int8_t v = s->val[l];
    if (v > 0) sat = 1;
    else if (v == 0) { unassigned++; unit = l; }
    if (x & GSAT_STREAM_END) {
      if (!sat && unassigned == 0) return GSAT_CDCL_STREAM | begin;
      if (!sat && unassigned == 1) gsat_cdcl_assign(s, unit, GSAT_CDCL_STREAM | begin);
      begin = i + 1;
      sat = unassigned = 0;
    }
  }
  return GSAT_CDCL_NOREF;
}

/*---- conflict analysis -----------------------------------------------------*/

/* Number of distinct decision levels among lits (n literals; stream-masked). */
GSAT_HD uint32_t gsat_cdcl_lbd(gsat_cdcl *s, const uint32_t *lits, uint32_t n) {
  if (++s->lbd_clock == 0) {
    for (uint32_t i = 0; i < 2 * s->num_vars + 2; i++) s->level_stamp[i] = 0;
    s->lbd_clock = 1;
  }
  uint32_t lbd = 0;
  for (uint32_t k = 0; k < n; k++) {
    uint32_t l = s->level[GSAT_VAR(lits[k] & GSAT_STREAM_LIT)];
    if (s->level_stamp[l] != s->lbd_clock) {
      s->level_stamp[l] = s->lbd_clock;
      lbd++;
    }
  }
  return lbd;
}

/* A learned clause took part in an analysis: bump its activity, mark it used,
 * and lower its LBD when it is now smaller (Glucose). */
GSAT_HD void gsat_cdcl_clause_used(gsat_cdcl *s, uint32_t c) {
  uint32_t m = s->arena[c + 2];
  if (!(m & GSAT_CDCL_LEARNED)) return;
  uint32_t lbd = m & GSAT_CDCL_LBD_MASK;
  if (lbd > s->cfg.tier1_lbd) {
    uint32_t now = gsat_cdcl_lbd(s, GSAT_CDCL_LITS(s, c), s->arena[c]);
    if (now < lbd) lbd = now;
  }
  s->arena[c + 2] = (m & ~GSAT_CDCL_LBD_MASK & ~(3u << GSAT_CDCL_USED_SHIFT)) | lbd |
                    (1u << GSAT_CDCL_USED_SHIFT);
  float a = gsat_cdcl_f(s->arena[c + 3]) + s->cla_inc;
  s->arena[c + 3] = gsat_cdcl_u(a);
  if (a > 1e20f) {
    for (uint64_t d = 0; d < s->arena_top; d += GSAT_CDCL_HDR + s->arena[d + 1])
      s->arena[d + 3] = gsat_cdcl_u(gsat_cdcl_f(s->arena[d + 3]) * 1e-20f);
    s->cla_inc *= 1e-20f;
  }
}

GSAT_HD uint32_t gsat_cdcl_abstract(const gsat_cdcl *s, uint32_t v) {
  return 1u << (s->level[v] & 31);
}

/* Is p (in the learned clause) implied by the other literals marked seen?
 * MiniSat's litRedundant with an explicit stack; marks what it proves in
 * seen[] and toclear[]. */
GSAT_HD int gsat_cdcl_redundant(gsat_cdcl *s, const gsat_db_view *db, gsat_lit p,
                                uint32_t abstract, uint32_t *toclear_len) {
  uint32_t sp = 0, top = *toclear_len;
  s->stack[sp++] = p;
  while (sp) {
    gsat_lit q = s->stack[--sp];
    uint32_t n;
    const uint32_t *lits = gsat_cdcl_reason_lits(s, db, s->reason[GSAT_VAR(q)], &n);
    for (uint32_t k = 0; k < n; k++) {
      gsat_lit l = lits[k] & GSAT_STREAM_LIT;
      uint32_t v = GSAT_VAR(l);
      if (v == GSAT_VAR(q) || s->seen[v] || s->level[v] == 0) continue;
      if (s->reason[v] != GSAT_CDCL_NOREF && (gsat_cdcl_abstract(s, v) & abstract)) {
        s->seen[v] = 1;
        s->stack[sp++] = l;
        s->toclear[(*toclear_len)++] = l;
      } else {
        for (uint32_t j = top; j < *toclear_len; j++) s->seen[GSAT_VAR(s->toclear[j])] = 0;
        *toclear_len = top;
        return 0;
      }
    }
  }
  return 1;
}

/* Recursive minimization of s->learnt[0..len); clears seen[].  Returns the
 * new length. */
GSAT_HD uint32_t gsat_cdcl_minimize(gsat_cdcl *s, const gsat_db_view *db, uint32_t len) {
  uint32_t abstract = 0, tl = 0, j = 1;
  for (uint32_t i = 1; i < len; i++) abstract |= gsat_cdcl_abstract(s, GSAT_VAR(s->learnt[i]));
  for (uint32_t i = 0; i < len; i++) s->toclear[tl++] = s->learnt[i];
  for (uint32_t i = 1; i < len; i++) {
    gsat_lit l = s->learnt[i];
    if (s->reason[GSAT_VAR(l)] == GSAT_CDCL_NOREF || !gsat_cdcl_redundant(s, db, l, abstract, &tl))
      s->learnt[j++] = l;
  }
  for (uint32_t i = 0; i < tl; i++) s->seen[GSAT_VAR(s->toclear[i])] = 0;
  s->n.minimized_lits += len - j;
  return j;
}

/* Moves the literal of highest level among learnt[1..len) to learnt[1] and
 * returns its level (0 for a unit). */
GSAT_HD uint32_t gsat_cdcl_backjump_level(gsat_cdcl *s, uint32_t len) {
  if (len == 1) return 0;
  uint32_t m = 1;
  for (uint32_t i = 2; i < len; i++)
    if (s->level[GSAT_VAR(s->learnt[i])] > s->level[GSAT_VAR(s->learnt[m])]) m = i;
  gsat_lit t = s->learnt[1];
  s->learnt[1] = s->learnt[m];
  s->learnt[m] = t;
  return s->level[GSAT_VAR(s->learnt[1])];
}

/* The assumption a is false: collects in s->failed the assumptions that imply
 * NOT a (a included), MiniSat's analyzeFinal. */
GSAT_HD void gsat_cdcl_analyze_final(gsat_cdcl *s, const gsat_db_view *db, gsat_lit a) {
  s->failed_len = 0;
  s->failed[s->failed_len++] = a;
  s->unsat_assumptions = 1;
  if (s->dlevel == 0 || s->level[GSAT_VAR(a)] == 0) return;
  s->seen[GSAT_VAR(a)] = 1;
  for (uint32_t i = s->trail_len; i > s->trail_lim[1]; i--) {
    uint32_t x = GSAT_VAR(s->trail[i - 1]);
    if (!s->seen[x]) continue;
    if (s->reason[x] == GSAT_CDCL_NOREF) {
      if (s->level[x] > 0) s->failed[s->failed_len++] = s->trail[i - 1];
    } else {
      uint32_t n;
      const uint32_t *lits = gsat_cdcl_reason_lits(s, db, s->reason[x], &n);
      for (uint32_t k = 0; k < n; k++) {
        uint32_t v = GSAT_VAR(lits[k] & GSAT_STREAM_LIT);
        if (v != x && s->level[v] > 0) s->seen[v] = 1;
      }
    }
    s->seen[x] = 0;
  }
  s->seen[GSAT_VAR(a)] = 0;
}

/*---- restarts, reduction, simplification ------------------------------------*/

/* Luby's sequence 1 1 2 1 1 2 4 ... at index x (0-based). */
GSAT_HD uint64_t gsat_cdcl_luby(uint64_t x) {
  uint64_t size = 1, seq = 0;
  while (size < x + 1) { seq++; size = 2 * size + 1; }
  while (size - 1 != x) { size = (size - 1) >> 1; seq--; x = x % size; }
  return (uint64_t)1 << seq;
}

GSAT_HD int gsat_cdcl_restart_due(const gsat_cdcl *s) {
  if (s->cfg.restart == GSAT_CDCL_RESTART_LUBY || (s->cfg.restart == GSAT_CDCL_RESTART_SWITCH && s->stable))
    return s->restart_conflicts >= gsat_cdcl_luby(s->luby_index) * s->cfg.luby_unit;
  return s->restart_conflicts >= s->cfg.restart_min && s->lbd_fast > s->cfg.restart_margin * s->lbd_slow;
}

/* Clause a is a worse reduction candidate than b: higher LBD, then lower
 * activity. */
GSAT_HD int gsat_cdcl_worse(const gsat_cdcl *s, uint32_t a, uint32_t b) {
  uint32_t la = s->arena[a + 2] & GSAT_CDCL_LBD_MASK, lb = s->arena[b + 2] & GSAT_CDCL_LBD_MASK;
  if (la != lb) return la > lb;
  return gsat_cdcl_f(s->arena[a + 3]) < gsat_cdcl_f(s->arena[b + 3]);
}

GSAT_HD void gsat_cdcl_sift(const gsat_cdcl *s, uint32_t *r, uint64_t i, uint64_t m) {
  for (;;) {
    uint64_t c = 2 * i + 1;
    if (c >= m) break;
    if (c + 1 < m && gsat_cdcl_worse(s, r[c], r[c + 1])) c++;
    if (!gsat_cdcl_worse(s, r[i], r[c])) break;
    uint32_t t = r[i];
    r[i] = r[c];
    r[c] = t;
    i = c;
  }
}

/* Heap sort of the clause references r[0..n), worst first (a max-heap by
 * quality; each pop puts the best remaining at the end). */
GSAT_HD void gsat_cdcl_sort_worst_first(const gsat_cdcl *s, uint32_t *r, uint64_t n) {
  for (uint64_t st = n / 2; st > 0; st--) gsat_cdcl_sift(s, r, st - 1, n);
  for (uint64_t end = n; end > 1; end--) {
    uint32_t t = r[0];
    r[0] = r[end - 1];
    r[end - 1] = t;
    gsat_cdcl_sift(s, r, 0, end - 1);
  }
}

/* Reduction of the learned clauses by tiers (see the header comment). */
GSAT_HD void gsat_cdcl_reduce(gsat_cdcl *s) {
  uint64_t k = 0;
  uint32_t *a = s->arena;
  for (uint64_t c = 0; c < s->arena_top; c += GSAT_CDCL_HDR + a[c + 1]) {
    uint32_t m = a[c + 2];
    if (!(m & GSAT_CDCL_LEARNED) || (m & GSAT_CDCL_DELETED)) continue;
    uint32_t lbd = m & GSAT_CDCL_LBD_MASK;
    if (lbd <= s->cfg.tier1_lbd) continue;
    if (lbd <= s->cfg.tier2_lbd && (m >> GSAT_CDCL_USED_SHIFT & 3u)) {
      a[c + 2] = m & ~(3u << GSAT_CDCL_USED_SHIFT);
      continue;
    }
    if (gsat_cdcl_locked(s, (uint32_t)c)) continue;
    assert(k < s->scratch_cap);
    s->scratch[k++] = (uint32_t)c;
  }
  gsat_cdcl_sort_worst_first(s, s->scratch, k);
  for (uint64_t i = 0; i < k / 2; i++) gsat_cdcl_delete(s, s->scratch[i]);
  for (uint64_t i = k / 2; i < k; i++) /* survivors start the next round unused */
    a[s->scratch[i] + 2] &= ~(3u << GSAT_CDCL_USED_SHIFT);
  s->n.reductions++;
  s->reduce_interval += s->cfg.reduce_inc;
  s->next_reduce = s->n.conflicts + s->reduce_interval;
  gsat_cdcl_compact_arena(s);
}

/* Level-0 simplification (at level 0, propagated, no conflict): deletes
 * satisfied clauses and strips false literals (a strengthened clause enters
 * the proof before the old one leaves it, and the level-0 units before the
 * reasons that imply them leave it; a log without deletions needs neither,
 * since every clause stays in it and the units follow by propagation). */
GSAT_HD void gsat_cdcl_simplify(gsat_cdcl *s) {
  assert(s->dlevel == 0 && s->qhead == s->trail_len);
  if (s->trail_len == s->simplified_trail) return;
  uint32_t *a = s->arena;
  if (gsat_cdcl_log_deletes(s))
    for (uint32_t i = s->proof_units; i < s->trail_len; i++) s->proof->add(s->proof->data, &s->trail[i], 1);
  s->proof_units = s->trail_len;
  for (uint32_t i = 0; i < s->trail_len; i++) s->reason[GSAT_VAR(s->trail[i])] = GSAT_CDCL_NOREF;
  for (uint64_t c = 0; c < s->arena_top; c += GSAT_CDCL_HDR + a[c + 1]) {
    if (a[c + 2] & GSAT_CDCL_DELETED) continue;
    uint32_t *lits = GSAT_CDCL_LITS(s, c), n = a[c], k = 0, sat = 0;
    for (uint32_t i = 0; i < n && !sat; i++) sat = s->val[lits[i]] > 0;
    if (sat) { gsat_cdcl_delete(s, (uint32_t)c); continue; }
    for (uint32_t i = 0; i < n; i++)
      if (s->val[lits[i]] == 0) s->learnt[k++] = lits[i];
    if (k == n) continue;
    assert(k >= 2 && s->val[lits[0]] == 0 && s->val[lits[1]] == 0);
    if (gsat_cdcl_log_deletes(s)) {
      s->proof->add(s->proof->data, s->learnt, k);
      s->proof->del(s->proof->data, lits, n);
    }
    for (uint32_t i = 0; i < k; i++) lits[i] = s->learnt[i];
    a[c] = k;
    s->arena_garbage += n - k;
  }
  s->simplified_trail = s->trail_len;
  s->n.simplifications++;
  gsat_cdcl_compact_arena(s);
}

GSAT_HD void gsat_cdcl_restart(gsat_cdcl *s) {
  gsat_cdcl_backtrack(s, 0);
  s->n.restarts++;
  s->luby_index++;
  s->restart_conflicts = 0;
  if (s->qhead == s->trail_len) gsat_cdcl_simplify(s);
}

/*---- the search loop -------------------------------------------------------*/

/* The next decision: pending assumptions first, then the heuristic.  Returns
 * 0 (decided), GSAT_CDCL_SAT (all assigned) or GSAT_CDCL_UNSAT (a false
 * assumption; s->failed holds the failed ones). */
GSAT_HD int gsat_cdcl_decide(gsat_cdcl *s, const gsat_db_view *db) {
  while (s->dlevel < s->num_assumptions) {
    gsat_lit a = s->assumptions[s->dlevel];
    if (s->val[a] > 0) { gsat_cdcl_new_level(s); continue; }
    if (s->val[a] < 0) { gsat_cdcl_analyze_final(s, db, a); return GSAT_CDCL_UNSAT; }
    gsat_cdcl_new_level(s);
    gsat_cdcl_assign(s, a, GSAT_CDCL_NOREF);
    s->n.decisions++;
    return 0;
  }
  uint32_t v = gsat_cdcl_pick(s);
  if (v == GSAT_CDCL_NOREF) return GSAT_CDCL_SAT;
  gsat_cdcl_new_level(s);
  uint32_t phase = s->phase[v];
  if (gsat_cdcl_targeting(s) && s->target[v]) phase = s->target[v] - 1u;
  gsat_cdcl_assign(s, GSAT_LIT(v, !phase), GSAT_CDCL_NOREF);
  s->n.decisions++;
  return 0;
}

/* Splitting a cube (cdcl.md, section 4): turns the first free decision (the
 * decision of level num_assumptions + 1) into one more assumption, in place
 * (the trail stays as it is: that level now counts as an assumption level)
 * and returns it; GSAT_CDCL_NOREF when no free decision is on the trail. */
GSAT_HD gsat_lit gsat_cdcl_assume_decision(gsat_cdcl *s) {
  const uint32_t na = s->num_assumptions;
  if (s->dlevel <= na || na >= s->num_vars) return GSAT_CDCL_NOREF;
  const uint32_t at = s->trail_lim[na + 1];
  if (at >= s->trail_len) return GSAT_CDCL_NOREF;
  gsat_lit d = s->trail[at];
  assert(s->reason[GSAT_VAR(d)] == GSAT_CDCL_NOREF && s->level[GSAT_VAR(d)] == na + 1);
  s->assumptions[na] = d;
  s->num_assumptions = na + 1;
  return d;
}

/* 0, or the GROW status the host must serve before the next step. */
GSAT_HD int gsat_cdcl_room(gsat_cdcl *s) {
  if (s->arena_cap - s->arena_top < GSAT_CDCL_HDR + (uint64_t)s->num_vars + 2) {
    if (s->arena_garbage) gsat_cdcl_compact_arena(s);
    if (s->arena_cap - s->arena_top < GSAT_CDCL_HDR + (uint64_t)s->num_vars + 2)
      return GSAT_CDCL_GROW_ARENA;
  }
  if (s->scratch_cap < gsat_cdcl_scratch_need(s->arena_cap)) return GSAT_CDCL_GROW_ARENA;
  if (s->wpool_cap < gsat_cdcl_watch_need(s->wpool_live + 2, s->num_vars)) return GSAT_CDCL_GROW_WATCHES;
  return 0;
}

/*---- sequential steps of the team functions ----------------------------------*/

/* What a member's look at one watcher of f (just falsified) found, under the
 * values at the start of its round (GSAT_CDCL_FN(watch_bcp)). */
#define GSAT_CDCL_W_CLEAN 0u /* the blocker is true: the watcher stays as it is */
#define GSAT_CDCL_W_KEEP 1u  /* the clause's other watch is true: stays, new blocker */
#define GSAT_CDCL_W_MOVE 2u  /* a replacement watch lits[found] (not false) */
#define GSAT_CDCL_W_UNIT 3u  /* the blocker (binary) or other watch is implied */
#define GSAT_CDCL_W_CONFL 4u /* every literal false */

/* One member's look at one watcher (gsat_cdcl_watch_eval). */
typedef struct gsat_cdcl_look {
  gsat_watch w;   /* the watcher; a fetched clause's other watch becomes its blocker */
  gsat_lit b0;    /* the blocker it had */
  uint32_t out;   /* GSAT_CDCL_W_* */
  uint32_t found; /* MOVE: the replacement watch's index */
  uint32_t reads; /* literal checks */
  int swap;       /* f is lits[0] (the taker makes it lits[1]) */
} gsat_cdcl_look;

/* One member's look at watcher m->w (m->b0 its blocker) of f: reads only.
 * Returns the outcome; a fetched (long) clause's other watch becomes
 * m->w.blocker, so the implied literal of UNIT is m->w.blocker in both
 * cases.  Literal checks: one for the blocker, two for a clause fetch, one
 * per literal of the replacement search. */
GSAT_HD uint32_t gsat_cdcl_watch_eval(const gsat_cdcl *s, gsat_lit f, gsat_cdcl_look *m) {
  m->reads = 1;
  int8_t bv = s->val[m->b0];
  if (bv > 0) return GSAT_CDCL_W_CLEAN;
  if (m->w.cref & GSAT_CDCL_BIN) return bv == 0 ? GSAT_CDCL_W_UNIT : GSAT_CDCL_W_CONFL;
  const uint32_t *lits = GSAT_CDCL_LITS(s, m->w.cref);
  m->swap = lits[0] == f;
  gsat_lit first = m->swap ? lits[1] : lits[0];
  m->reads += 2;
  m->w.blocker = first;
  int8_t fv = s->val[first];
  if (fv > 0) return GSAT_CDCL_W_KEEP;
  uint32_t size = s->arena[m->w.cref];
  for (uint32_t k = 2; k < size; k++) {
    m->reads++;
    if (s->val[lits[k]] >= 0) {
      m->found = k;
      return GSAT_CDCL_W_MOVE;
    }
  }
  return fv < 0 ? GSAT_CDCL_W_CONFL : GSAT_CDCL_W_UNIT;
}

/* Whether look m (taken at the start of its round) is still what a look now
 * would find, after the round's earlier units: the blocker did not become
 * true, an open other watch is still open (UNIT) or not true (MOVE), the
 * replacement watch is still not false (false and true literals stay). */
GSAT_HD int gsat_cdcl_watch_valid(const gsat_cdcl *s, const gsat_cdcl_look *m) {
  if (m->out == GSAT_CDCL_W_CLEAN) return 1;
  if (m->w.cref & GSAT_CDCL_BIN) return m->out != GSAT_CDCL_W_UNIT || s->val[m->b0] == 0;
  if (s->val[m->b0] > 0) return 0;
  if (m->out == GSAT_CDCL_W_UNIT) return s->val[m->w.blocker] == 0;
  if (m->out == GSAT_CDCL_W_MOVE)
    return s->val[m->w.blocker] <= 0 && s->val[GSAT_CDCL_LITS(s, m->w.cref)[m->found]] >= 0;
  return 1; /* KEEP: the other watch stays true; CONFL: every literal stays false */
}

/* The replacement watch lits[found] of clause c (watching f as lits[1])
 * becomes lits[1]; c joins its list.  Returns gsat_cdcl_watch's result. */
GSAT_HD int gsat_cdcl_watch_move(gsat_cdcl *s, uint32_t *lits, uint32_t found, gsat_lit f,
                                 uint32_t c, gsat_lit first) {
  lits[1] = lits[found];
  lits[found] = f;
  return gsat_cdcl_watch(s, lits[1], c, first);
}

/* End of the visit of f's n watchers: the unvisited ones [i, n) slide down to
 * j, the list shrinks to j, `checks` literal checks are counted. */
GSAT_HD void gsat_cdcl_watch_finish(gsat_cdcl *s, gsat_lit f, gsat_watch *ws, uint32_t i,
                                    uint32_t j, uint32_t n, uint64_t checks) {
  while (i < n) ws[j++] = ws[i++];
  s->wpool_live -= n - j;
  s->ws_len[f] = j;
  s->n.checks += checks;
}

/* Analysis: takes the literals lits[r] of the ranks r in mask m (each new
 * and above level 0) in rank order: seen mark, bump, and a path count (at the
 * conflict level) or a learned literal. */
GSAT_HD void gsat_cdcl_analyze_take(gsat_cdcl *s, const uint32_t *lits, uint32_t m,
                                    uint32_t *path, uint32_t *len) {
  for (uint32_t r = 0; m; r++, m >>= 1) {
    if (!(m & 1u)) continue;
    gsat_lit q = lits[r] & GSAT_STREAM_LIT;
    uint32_t v = GSAT_VAR(q);
    if (s->seen[v]) continue;
    s->seen[v] = 1;
    gsat_cdcl_bump_var(s, v);
    if (s->level[v] >= s->dlevel) (*path)++;
    else s->learnt[(*len)++] = q;
  }
}

/* Analysis: the next seen literal below trail position idx (its seen mark
 * cleared); returns its position. */
GSAT_HD uint32_t gsat_cdcl_analyze_next(gsat_cdcl *s, uint32_t idx) {
  do idx--; while (!s->seen[GSAT_VAR(s->trail[idx])]);
  s->seen[GSAT_VAR(s->trail[idx])] = 0;
  return idx;
}

/* Learning after the 1UIP analysis left a clause of len literals in
 * s->learnt: minimize, backjump, store and watch it, assert its UIP literal,
 * update the decays, the LBD averages and the restart mode. */
GSAT_HD void gsat_cdcl_learn_tail(gsat_cdcl *s, const gsat_db_view *db, uint32_t len) {
  len = gsat_cdcl_minimize(s, db, len);
  uint32_t bt = gsat_cdcl_backjump_level(s, len);
  uint32_t lbd = gsat_cdcl_lbd(s, s->learnt, len);
  gsat_cdcl_update_target(s);
  gsat_cdcl_backtrack(s, bt);
  gsat_cdcl_log_export(s, s->learnt, len, lbd); /* before any use */
  if (len == 1) {
    gsat_cdcl_assign(s, s->learnt[0], GSAT_CDCL_NOREF);
  } else {
    uint32_t c = gsat_cdcl_clause_new(s, s->learnt, len, 1, lbd);
    assert(c != GSAT_CDCL_NOREF); /* the loop made room */
    int ok = gsat_cdcl_attach(s, c);
    assert(ok);
    (void)ok;
    s->learned_live++;
    gsat_cdcl_assign(s, s->learnt[0], c);
  }
  s->n.learned++;
  s->n.learned_lits += len;
  s->var_inc /= s->cfg.var_decay;
  s->cla_inc /= s->cfg.clause_decay;
  double fa = 1.0 / 32, sa = 1.0 / 16384, cnt = (double)s->n.conflicts;
  if (fa < 1 / cnt) fa = 1 / cnt;
  if (sa < 1 / cnt) sa = 1 / cnt;
  s->lbd_fast += fa * ((double)lbd - s->lbd_fast);
  s->lbd_slow += sa * ((double)lbd - s->lbd_slow);
  if (s->cfg.restart == GSAT_CDCL_RESTART_SWITCH && s->n.conflicts >= s->mode_switch_at) {
    s->stable = !s->stable;
    s->target_assigned = 0; /* a new mode aims afresh */
    s->mode_length += s->mode_length / 2;
    s->mode_switch_at = s->n.conflicts + s->mode_length;
    s->restart_conflicts = 0;
  }
}

/* Between propagation and the next decision: a restart when due, a reduction
 * when due. */
GSAT_HD void gsat_cdcl_between(gsat_cdcl *s) {
  if (gsat_cdcl_restart_due(s)) gsat_cdcl_restart(s);
  if (s->n.conflicts >= s->next_reduce) gsat_cdcl_reduce(s);
}

/* splitmix64 (Steele, Lea and Flood 2014): the diversification's generator. */
GSAT_HD uint64_t gsat_cdcl_splitmix(uint64_t *x) {
  uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/* Diversification by cfg.seed (nothing when 0): random initial phases and
 * tiny random activities (ties broken differently), the heap rebuilt.  Run
 * on a fresh searcher (cdcl.c) and by the GPU searchers on their copy of the
 * host-built one. */
GSAT_HD void gsat_cdcl_diversify(gsat_cdcl *s) {
  s->rng = s->cfg.seed;
  if (!s->cfg.seed) return;
  for (uint32_t v = 0; v < s->num_vars; v++) {
    uint64_t r = gsat_cdcl_splitmix(&s->rng);
    s->phase[v] = (uint8_t)(r & 1);
    s->activity[v] = (double)(r >> 11) * 0x1.0p-53 * 1e-5;
  }
  for (uint32_t i = s->heap_len / 2; i > 0; i--) gsat_cdcl_heap_down(s, i - 1);
}

#endif /* GSAT_CDCL_H */

/*==== the team part: one instance per team (no include guard) ===============*/

#if !defined(GSAT_CDCL_FN) && !defined(GSAT_CDCL_DEFAULT_DONE)
#define GSAT_CDCL_DEFAULT_DONE
#include "solver/core/team_one.h"
#define GSAT_CDCL_FN(name) gsat_cdcl_##name
#endif

#ifdef GSAT_CDCL_FN

/* x = expr, evaluated by one member and broadcast (team-uniform). */
#define GSAT_CDCL_ONE(x, expr)   \
  do {                           \
    TEAM_ONE((x) = (expr));      \
    (x) = TEAM_BCAST((x), 0);    \
  } while (0)

/* Takes the looks of the members [from, last] of a round (taken: this
 * member is one; unit: rank last is a UNIT or CONFL look): f becomes lits[1]
 * of their clauses (each member its own: a clause is in f's list once), the
 * moves are appended in rank order by one member, the unit is assigned, the
 * kept watchers go to *j on (ballot prefix, each member its own).  Returns
 * the conflict code or NOREF. */
TEAM_HD uint32_t GSAT_CDCL_FN(watch_take)(gsat_cdcl *s, gsat_lit f, gsat_watch **ws,
                                          const gsat_cdcl_look *m, int taken, uint32_t last,
                                          int unit, uint32_t at, uint32_t *j) {
  if (taken && m->swap) {
    uint32_t *lits = GSAT_CDCL_LITS(s, m->w.cref);
    lits[0] = lits[1];
    lits[1] = f;
  }
  for (uint32_t moves = TEAM_BALLOT(taken && m->out == GSAT_CDCL_W_MOVE); moves; moves &= moves - 1) {
    /* the first mover's rank, written out in each broadcast (a team of
     * one's TEAM_BCAST ignores it: no variable left unused) */
    uint32_t c = TEAM_BCAST(m->w.cref, (uint32_t)TEAM_FIRST(moves));
    uint32_t k = TEAM_BCAST(m->found, (uint32_t)TEAM_FIRST(moves));
    gsat_lit first = TEAM_BCAST(m->w.blocker, (uint32_t)TEAM_FIRST(moves));
    int ok;
    GSAT_CDCL_ONE(ok, gsat_cdcl_watch_move(s, GSAT_CDCL_LITS(s, c), k, f, c, first));
    assert(ok);
    (void)ok;
    *ws = s->wpool + s->ws_start[f] + 1; /* the push may have compacted the pool */
  }
  uint32_t confl = GSAT_CDCL_NOREF;
  if (unit) {
    uint32_t c = TEAM_BCAST(m->w.cref, last) & ~GSAT_CDCL_BIN;
    gsat_lit lit = TEAM_BCAST(m->w.blocker, last);
    if (TEAM_BCAST(m->out, last) == GSAT_CDCL_W_CONFL) confl = c;
    else TEAM_ONE(gsat_cdcl_assign(s, lit, c));
  }
  const int keep = taken && m->out != GSAT_CDCL_W_MOVE;
  uint32_t kept = TEAM_BALLOT(keep);
  uint32_t to = *j + TEAM_POPC(kept & gsat_team_below(TEAM_RANK));
  if (keep && (to != at || m->out != GSAT_CDCL_W_CLEAN)) (*ws)[to] = m->w;
  *j += TEAM_POPC(kept);
  return confl;
}

/* Visits the watchers of f (just falsified).  Returns the conflict code or
 * NOREF; kept watchers are compacted in place.  Rounds (cdcl.md section 3,
 * loops C3 x C4): member r looks at watcher i + r (gsat_cdcl_watch_eval,
 * reads only, a long clause's replacement search by the member alone); the
 * members up to the first UNIT or CONFL look are taken (watch_take), then,
 * after a unit, the later looks that still hold (gsat_cdcl_watch_valid) up
 * to the next UNIT or CONFL, and so on; the next round starts at the first
 * member not taken.  So the visit is the sequential one for any team size
 * (the same trail, watch lists, clause literal order and checks); a team of
 * one takes one watcher per round. */
TEAM_HD uint32_t GSAT_CDCL_FN(watch_bcp)(gsat_cdcl *s, gsat_lit f) {
  const uint32_t n = s->ws_len[f];
  if (!n) return GSAT_CDCL_NOREF;
  gsat_watch *ws = s->wpool + s->ws_start[f] + 1;
  uint32_t i = 0, j = 0, confl = GSAT_CDCL_NOREF, reads = 0;
  while (i < n) {
    const uint32_t at = i + TEAM_RANK;
    gsat_cdcl_look m = {{0, 0}, 0, GSAT_CDCL_W_CLEAN, 0, 0, 0};
    if (at < n) {
      m.w = ws[at];
      m.b0 = m.w.blocker;
      m.out = gsat_cdcl_watch_eval(s, f, &m);
    }
    uint32_t from = 0; /* the ranks below are taken */
    for (;;) {
      const int open = at < n && at >= i + from;
      const int holds = !from || !open || gsat_cdcl_watch_valid(s, &m);
      uint32_t bad = TEAM_BALLOT(open && !holds);
      uint32_t stop = TEAM_BALLOT(open && holds && m.out >= GSAT_CDCL_W_UNIT);
      uint32_t end = bad ? (uint32_t)TEAM_FIRST(bad) : TEAM_SIZE; /* [from, end) hold */
      if (end == from) break;
      uint32_t last = stop ? (uint32_t)TEAM_FIRST(stop) : TEAM_SIZE - 1;
      const int unit = stop && last < end;
      if (!unit) last = end - 1;
      const int taken = open && at <= i + last;
      if (taken) reads += m.reads;
      confl = GSAT_CDCL_FN(watch_take)(s, f, &ws, &m, taken, last, unit, at, &j);
      from = last + 1;
      if (confl != GSAT_CDCL_NOREF || !unit || from >= TEAM_SIZE || i + from >= n) break;
    }
    i += from;
    if (confl != GSAT_CDCL_NOREF) break;
  }
  reads = TEAM_SUM(reads);
  TEAM_ONE(gsat_cdcl_watch_finish(s, f, ws, i, j, n, reads));
  return confl;
}

/* Propagates the trail to a fixpoint.  Returns the conflict code or NOREF. */
TEAM_HD uint32_t GSAT_CDCL_FN(propagate)(gsat_cdcl *s, const gsat_db_view *db) {
  const int streams = s->cfg.bcp == GSAT_CDCL_BCP_STREAMS;
  while (s->qhead < s->trail_len) {
    gsat_lit f = GSAT_NOT(s->trail[s->qhead]);
    TEAM_ONE(s->qhead++);
    uint32_t confl = GSAT_CDCL_NOREF;
    if (streams) GSAT_CDCL_ONE(confl, gsat_cdcl_stream_bcp(s, db, f));
    if (confl == GSAT_CDCL_NOREF) confl = GSAT_CDCL_FN(watch_bcp)(s, f);
    if (confl != GSAT_CDCL_NOREF) {
      TEAM_ONE(s->qhead = s->trail_len);
      return confl;
    }
  }
  return GSAT_CDCL_NOREF;
}

/* 1UIP analysis of conflict confl: the learned clause in s->learnt (UIP
 * literal first); returns its length.  Leaves seen[] set for learnt[1..]. */
TEAM_HD uint32_t GSAT_CDCL_FN(analyze)(gsat_cdcl *s, const gsat_db_view *db, uint32_t confl) {
  uint32_t path = 0, len = 1, idx = s->trail_len;
  gsat_lit p = GSAT_CDCL_NOREF;
  for (;;) {
    uint32_t n;
    const uint32_t *lits = gsat_cdcl_reason_lits(s, db, confl, &n);
    if (!(confl & GSAT_CDCL_STREAM)) TEAM_ONE(gsat_cdcl_clause_used(s, confl));
    TEAM_ROUNDS(b, 0, n) {
      uint32_t k = b + TEAM_RANK;
      int fresh = 0;
      if (k < n) {
        uint32_t v = GSAT_VAR(lits[k] & GSAT_STREAM_LIT);
        fresh = (p == GSAT_CDCL_NOREF || v != GSAT_VAR(p)) && !s->seen[v] && s->level[v] > 0;
      }
      uint32_t m = TEAM_BALLOT(fresh);
      if (m) {
        TEAM_ONE(gsat_cdcl_analyze_take(s, lits + b, m, &path, &len));
        path = TEAM_BCAST(path, 0);
        len = TEAM_BCAST(len, 0);
      }
    }
    GSAT_CDCL_ONE(idx, gsat_cdcl_analyze_next(s, idx));
    p = s->trail[idx];
    confl = s->reason[GSAT_VAR(p)];
    if (--path == 0) break;
  }
  TEAM_ONE(s->learnt[0] = GSAT_NOT(p));
  return len;
}

/* Learns from conflict confl, backjumps and asserts.  Returns 1 when the
 * formula is refuted (a conflict at level 0). */
TEAM_HD int GSAT_CDCL_FN(learn)(gsat_cdcl *s, const gsat_db_view *db, uint32_t confl) {
  TEAM_ONE(s->n.conflicts++; s->restart_conflicts++);
  if (s->dlevel == 0) {
    TEAM_ONE(gsat_cdcl_log_add(s, s->learnt, 0));
    return 1;
  }
  uint32_t len = GSAT_CDCL_FN(analyze)(s, db, confl);
  TEAM_ONE(gsat_cdcl_learn_tail(s, db, len));
  return 0;
}

#include "solver/core/cdcl_vivify.h"

/* Runs the search for about `budget` steps (conflicts plus decisions).
 * Returns GSAT_CDCL_PAUSED (call again), GSAT_CDCL_SAT (s->val is a model),
 * GSAT_CDCL_UNSAT (refuted: s->unsat_assumptions tells whether under the
 * assumptions, with s->failed), or a GROW status (the host grows the arena or
 * the watch pool, then calls again; nothing is half done).  Every member of
 * the team calls it; the result is team-uniform. */
TEAM_HD int GSAT_CDCL_FN(search)(gsat_cdcl *s, const gsat_db_view *db, uint64_t budget) {
  for (;;) {
    int room;
    GSAT_CDCL_ONE(room, gsat_cdcl_room(s));
    if (room) return room;
    uint32_t confl = GSAT_CDCL_FN(propagate)(s, db);
    if (confl != GSAT_CDCL_NOREF) {
      if (GSAT_CDCL_FN(learn)(s, db, confl)) return GSAT_CDCL_UNSAT;
      if (budget) budget--;
      continue;
    }
    TEAM_ONE(gsat_cdcl_between(s));
    if (GSAT_CDCL_FN(vivify)(s, db)) continue; /* at a restart, when due */
    if (budget == 0) return GSAT_CDCL_PAUSED;
    budget--;
    int d;
    GSAT_CDCL_ONE(d, gsat_cdcl_decide(s, db));
    if (d) return d;
  }
}

#undef GSAT_CDCL_ONE
#undef GSAT_CDCL_FN
#endif
