/* Vivification of clauses inside the CDCL search (the step code of one
 * searcher, cdcl.h): at a restart, when a round is due, clauses of the
 * learned tiers and the irredundant clauses (cfg.vivify_irred, on by
 * default) are tried one by one:
 * the negation of each literal is assigned as a decision and propagated;
 * when a conflict or a literal of the clause implied true ends it, the
 * decisions the conflict (or the implication) depends on, with the implied
 * literal, form a clause C' that is a subset of C and implied by the formula
 * by unit propagation (RUP); C' replaces C when shorter (C' enters the proof
 * before C leaves it).  A literal of C implied false by the earlier decisions
 * is skipped, so it never enters C'.  Clause C itself stays watched during
 * its own vivification: it may take part in the propagation, which is sound
 * (C' is RUP in a formula that holds C, and C' subsumes C).
 *
 * Piette, Hamadi and Sais, "Vivifying Propositional Clausal Formulae", ECAI
 * 2008; the conflict analysis over the decisions and the scheduling of
 * learned-clause tiers at restarts on a budget relative to the search's
 * propagation work follow Luo, Li, Xiao, Manya and Lu, "An Effective
 * Learnt Clause Minimization Approach for CDCL SAT Solvers", IJCAI 2017,
 * and CaDiCaL and Kissat (Biere, Fleury et al., SAT Competition 2019-2024
 * system descriptions).
 *
 * Schedule: a round starts at level 0 after a restart's simplification
 * (nothing at level 0 is a reason then, so no clause is locked), once
 * cfg.vivify_interval conflicts passed since the last round.  Its budget is
 * cfg.vivify per mille of the literal checks the search made since the last
 * round (at least GSAT_VIVIFY_MIN_CHECKS), split between tier 1 (a quarter),
 * tier 2 (a half) and the irredundant clauses (a quarter, when
 * cfg.vivify_irred; else tier 2 takes it; vivify_irred counts the
 * irredundant clauses shortened or deleted).  In each tier the clauses not yet
 * tried (no GSAT_CDCL_VIVIFIED mark) go first, newest first; when all are
 * marked the marks are cleared.
 *
 * The file has two parts, as cdcl.h: sequential helpers (include-guarded)
 * and the round (team part, one instance per GSAT_CDCL_FN), included by
 * cdcl_team.h. */
#ifndef GSAT_CDCL_VIVIFY_H
#define GSAT_CDCL_VIVIFY_H

#include "core/cdcl_types.h"

#ifndef __CUDA_ARCH__
#include "base/clock.h"
#endif

#define GSAT_VIVIFY_MIN_CHECKS 20000u

/* Tiers of a round, in order. */
enum { GSAT_VIVIFY_TIER1 = 0, GSAT_VIVIFY_TIER2 = 1, GSAT_VIVIFY_IRRED = 2 };

/* Microseconds on the host's monotonic clock (0 on the device). */
GSAT_HD uint64_t gsat_vivify_us(void) {
#ifdef __CUDA_ARCH__
  return 0;
#else
  return (uint64_t)(gsat_seconds() * 1e6);
#endif
}

/* Counts a clause vivification shortened or deleted in vivify_irred when it
 * was irredundant (learned: its GSAT_CDCL_LEARNED bit).  On the host only:
 * the GPU searchers never vivify, and the count would cost the warp kernel
 * spills. */
GSAT_HD void gsat_vivify_count_irred(gsat_cdcl *s, uint32_t learned) {
#ifdef __CUDA_ARCH__
  (void)s;
  (void)learned;
#else
  s->n.vivify_irred += !learned;
#endif
}

/* Whether a vivification round is due: enabled, at level 0 with the level-0
 * trail propagated and simplified (no reasons at level 0), and the interval
 * passed. */
GSAT_HD int gsat_vivify_due(const gsat_cdcl *s) {
  return s->cfg.vivify && s->dlevel == 0 && s->qhead == s->trail_len &&
         s->simplified_trail == s->trail_len && s->n.conflicts >= s->next_vivify;
}

/* Whether clause c (live) belongs to tier t. */
GSAT_HD int gsat_vivify_in_tier(const gsat_cdcl *s, uint32_t c, uint32_t t) {
  const uint32_t m = s->arena[c + 2], lbd = m & GSAT_CDCL_LBD_MASK;
  if (s->arena[c] < 3) return 0;
  if (t == GSAT_VIVIFY_IRRED) return !(m & GSAT_CDCL_LEARNED);
  if (!(m & GSAT_CDCL_LEARNED)) return 0;
  return t == GSAT_VIVIFY_TIER1 ? lbd <= s->cfg.tier1_lbd
                                : lbd > s->cfg.tier1_lbd && lbd <= s->cfg.tier2_lbd;
}

/* The candidates of tier t into s->scratch, newest first: the live clauses of
 * the tier without the VIVIFIED mark; when every one has it, the marks of the
 * tier are cleared and all are candidates.  Returns their number. */
GSAT_HD uint64_t gsat_vivify_collect(gsat_cdcl *s, uint32_t t) {
  uint32_t *a = s->arena;
  uint64_t k = 0, marked = 0;
  for (uint64_t c = 0; c < s->arena_top; c += GSAT_CDCL_HDR + a[c + 1]) {
    if ((a[c + 2] & GSAT_CDCL_DELETED) || !gsat_vivify_in_tier(s, (uint32_t)c, t)) continue;
    if (a[c + 2] & GSAT_CDCL_VIVIFIED)
      marked++;
    else
      s->scratch[k++] = (uint32_t)c;
  }
  if (k == 0 && marked) {
    for (uint64_t c = 0; c < s->arena_top; c += GSAT_CDCL_HDR + a[c + 1]) {
      if ((a[c + 2] & GSAT_CDCL_DELETED) || !gsat_vivify_in_tier(s, (uint32_t)c, t)) continue;
      a[c + 2] &= ~GSAT_CDCL_VIVIFIED;
      s->scratch[k++] = (uint32_t)c;
    }
  }
  for (uint64_t i = 0; i < k / 2; i++) { /* newest first */
    uint32_t x = s->scratch[i];
    s->scratch[i] = s->scratch[k - 1 - i];
    s->scratch[k - 1 - i] = x;
  }
  return k;
}

/* Unassigns every level above 0 without saving phases (the decisions of
 * vivification say nothing about the search's phases); the variables go
 * back to the heuristic. */
GSAT_HD void gsat_vivify_backtrack(gsat_cdcl *s) {
  if (s->dlevel == 0) return;
  const uint32_t to = s->trail_lim[1];
  const int vmtf = s->cfg.decide == GSAT_CDCL_VMTF;
  for (uint32_t i = s->trail_len; i > to; i--) {
    const gsat_lit l = s->trail[i - 1];
    const uint32_t v = GSAT_VAR(l);
    s->val[l] = 0;
    s->val[GSAT_NOT(l)] = 0;
    if (!vmtf)
      gsat_cdcl_heap_insert(s, v);
    else if (s->vmtf_search == GSAT_CDCL_NOREF || s->vmtf_stamp[v] > s->vmtf_stamp[s->vmtf_search])
      s->vmtf_search = v;
  }
  s->trail_len = to;
  s->qhead = to;
  s->dlevel = 0;
}

/* Room for one more clause of n literals and its two watchers without a
 * compaction (which would move the candidates' references). */
GSAT_HD int gsat_vivify_room(const gsat_cdcl *s, uint32_t n) {
  return s->arena_cap - s->arena_top >= GSAT_CDCL_HDR + (uint64_t)n + (uint64_t)s->num_vars + 2 &&
         s->wpool_cap >= gsat_cdcl_watch_need(s->wpool_live + 6, s->num_vars);
}

/* The start of clause c's vivification: its literals copied to s->stack
 * (the propagations reorder them in the arena), the VIVIFIED mark set. */
GSAT_HD void gsat_vivify_start(gsat_cdcl *s, uint32_t c) {
  for (uint32_t i = 0; i < s->arena[c]; i++) s->stack[i] = GSAT_CDCL_LITS(s, c)[i];
  s->arena[c + 2] |= GSAT_CDCL_VIVIFIED;
  s->n.vivify_tried++;
}

/* After the negated literals of clause c were decided: the clause C' made of
 * the literals of c whose negations the conflict confl (an arena or stream
 * code; NOREF: none) or the implication of `implied` (a literal of c, true
 * above level 0; used when confl is NOREF) depends on, and `implied` itself,
 * into s->learnt.  Walks the trail down from its top over seen marks (the
 * marks are cleared).  Returns |C'|. */
GSAT_HD uint32_t gsat_vivify_analyze(gsat_cdcl *s, const gsat_db_view *db, uint32_t confl,
                                     gsat_lit implied) {
  uint32_t len = 0;
  if (confl == GSAT_CDCL_NOREF) {
    s->learnt[len++] = implied;
    s->seen[GSAT_VAR(implied)] = 1;
  } else {
    uint32_t n;
    const uint32_t *lits = gsat_cdcl_reason_lits(s, db, confl, &n);
    for (uint32_t k = 0; k < n; k++) {
      const uint32_t v = GSAT_VAR(lits[k] & GSAT_STREAM_LIT);
      if (s->level[v] > 0) s->seen[v] = 1;
    }
  }
  for (uint32_t i = s->trail_len; i > s->trail_lim[1]; i--) {
    const gsat_lit t = s->trail[i - 1];
    const uint32_t x = GSAT_VAR(t), r = s->reason[x];
    if (!s->seen[x]) continue;
    s->seen[x] = 0;
    if (r == GSAT_CDCL_NOREF) {
      s->learnt[len++] = GSAT_NOT(t); /* a decision: the negation of a literal of c */
      continue;
    }
    uint32_t n;
    const uint32_t *lits = gsat_cdcl_reason_lits(s, db, r, &n);
    for (uint32_t k = 0; k < n; k++) {
      const uint32_t v = GSAT_VAR(lits[k] & GSAT_STREAM_LIT);
      if (v != x && s->level[v] > 0) s->seen[v] = 1;
    }
  }
  return len;
}

/* Drops clause c's watcher from the list of lit (c watches lit), keeping
 * the order of the others. */
GSAT_HD void gsat_vivify_unwatch(gsat_cdcl *s, gsat_lit lit, uint32_t c) {
  gsat_watch *ws = s->wpool + s->ws_start[lit] + 1;
  const uint32_t n = s->ws_len[lit];
  uint32_t j = 0;
  for (uint32_t i = 0; i < n; i++)
    if ((ws[i].cref & ~GSAT_CDCL_BIN) != c) ws[j++] = ws[i];
  s->wpool_live -= n - j;
  s->ws_len[lit] = j;
}

/* Clause c becomes s->learnt[0..len) (a subset of its literals, len smaller
 * than its size), at level 0 (every literal unassigned): logged, then stored
 * and watched (a unit: assigned at level 0, to be propagated by the search
 * loop), then c unwatched and deleted (logged after the addition).  The new clause keeps
 * c's learned flag and the smaller of c's glue and len - 1, and carries the
 * VIVIFIED mark. */
GSAT_HD void gsat_vivify_replace(gsat_cdcl *s, uint32_t c, uint32_t len) {
  const uint32_t m = s->arena[c + 2], learned = m & GSAT_CDCL_LEARNED;
  uint32_t lbd = m & GSAT_CDCL_LBD_MASK;
  if (lbd > len - 1) lbd = len > 1 ? len - 1 : 1;
  gsat_cdcl_log_add(s, s->learnt, len);
  if (len == 1) {
    gsat_cdcl_assign(s, s->learnt[0], GSAT_CDCL_NOREF);
  } else {
    const uint32_t d = gsat_cdcl_clause_new(s, s->learnt, len, learned, lbd);
    assert(d != GSAT_CDCL_NOREF); /* gsat_vivify_room */
    s->arena[d + 2] |= GSAT_CDCL_VIVIFIED;
    int ok = gsat_cdcl_attach(s, d);
    assert(ok);
    (void)ok;
    if (learned) s->learned_live++;
  }
  s->n.vivify_lits += s->arena[c] - len;
  s->n.vivified++;
  gsat_vivify_count_irred(s, learned);
  gsat_vivify_unwatch(s, GSAT_CDCL_LITS(s, c)[0], c); /* no deleted clause in the lists: */
  gsat_vivify_unwatch(s, GSAT_CDCL_LITS(s, c)[1], c); /* the next propagations skip it */
  gsat_cdcl_delete(s, c);
}

/* The clause that alone gives the result of clause c's vivification (before
 * the backtrack): the conflict clause (code confl) or, when confl is NOREF,
 * the reason of `implied`, when each of its other literals is the negation
 * of a decision: then it is a subset of c (c is subsumed).  NOREF when there
 * is none, or when it is c. */
GSAT_HD uint32_t gsat_vivify_subsumer(const gsat_cdcl *s, const gsat_db_view *db, uint32_t c,
                                      uint32_t confl, gsat_lit implied) {
  const uint32_t d = confl != GSAT_CDCL_NOREF ? confl : s->reason[GSAT_VAR(implied)];
  if (d == GSAT_CDCL_NOREF || d == c) return GSAT_CDCL_NOREF;
  uint32_t n;
  const uint32_t *lits = gsat_cdcl_reason_lits(s, db, d, &n);
  for (uint32_t k = 0; k < n; k++) {
    const gsat_lit l = lits[k] & GSAT_STREAM_LIT;
    const uint32_t v = GSAT_VAR(l);
    if (confl == GSAT_CDCL_NOREF && l == implied) continue;
    if (s->level[v] == 0 || s->reason[v] != GSAT_CDCL_NOREF) return GSAT_CDCL_NOREF;
  }
  return d;
}

/* Clause c is subsumed by clause d (an arena or stream code, at level 0):
 * c is unwatched and deleted; a learned d takes the smaller glue of the two,
 * and becomes irredundant when c was. */
GSAT_HD void gsat_vivify_subsumed(gsat_cdcl *s, uint32_t c, uint32_t d) {
  const uint32_t mc = s->arena[c + 2];
  if (!(d & GSAT_CDCL_STREAM) && (s->arena[d + 2] & GSAT_CDCL_LEARNED)) {
    uint32_t *md = &s->arena[d + 2];
    if (!(mc & GSAT_CDCL_LEARNED)) {
      *md &= ~GSAT_CDCL_LEARNED;
      s->learned_live--;
    } else if ((mc & GSAT_CDCL_LBD_MASK) < (*md & GSAT_CDCL_LBD_MASK)) {
      *md = (*md & ~GSAT_CDCL_LBD_MASK) | (mc & GSAT_CDCL_LBD_MASK);
    }
  }
  gsat_vivify_unwatch(s, GSAT_CDCL_LITS(s, c)[0], c);
  gsat_vivify_unwatch(s, GSAT_CDCL_LITS(s, c)[1], c);
  gsat_cdcl_delete(s, c);
  s->n.vivify_subsumed++;
  gsat_vivify_count_irred(s, mc & GSAT_CDCL_LEARNED);
}

/* The end of a round: the next one after the interval, the budget measured
 * from here. */
GSAT_HD void gsat_vivify_end(gsat_cdcl *s, uint64_t checks0, uint64_t us0) {
  s->n.vivify_checks += s->n.checks - checks0;
  s->next_vivify = s->n.conflicts + s->cfg.vivify_interval;
  s->vivify_mark = s->n.checks;
  s->n.vivify_us += gsat_vivify_us() - us0;
}

#endif /* GSAT_CDCL_VIVIFY_H */

/*==== the team part: one instance per team (cdcl.h's team part includes it) ====*/

#ifdef GSAT_CDCL_FN

/* Vivifies clause c (live, at level 0): decides the negations of its
 * literals in order, propagating after each; on a conflict or a literal of c
 * implied true, c is deleted when one clause alone gave the result (it
 * subsumes c: gsat_vivify_subsumer), else replaced by the clause the
 * analysis gives when that is shorter.  Returns to level 0.  Returns 1 when c became a unit
 * (assigned at level 0, not yet propagated), else 0. */
TEAM_HD int GSAT_CDCL_FN(vivify_clause)(gsat_cdcl *s, const gsat_db_view *db, uint32_t c) {
  const uint32_t n = s->arena[c];
  uint32_t len = 0, confl = GSAT_CDCL_NOREF, d = GSAT_CDCL_NOREF;
  gsat_lit implied = 0;
  TEAM_ONE(gsat_vivify_start(s, c));
  for (uint32_t i = 0; i < n; i++) {
    const gsat_lit l = s->stack[i]; /* BCP reorders the clause's literals */
    const int8_t v = s->val[l];
    if (v > 0 && s->level[GSAT_VAR(l)] == 0) break; /* satisfied at the root: left as it is */
    if (v > 0) {
      implied = l;
      GSAT_CDCL_ONE(len, gsat_vivify_analyze(s, db, GSAT_CDCL_NOREF, l));
      break;
    }
    if (v < 0) continue; /* implied false: never enters C' */
    TEAM_ONE(gsat_cdcl_new_level(s); gsat_cdcl_assign(s, GSAT_NOT(l), GSAT_CDCL_NOREF));
    confl = GSAT_CDCL_FN(propagate)(s, db);
    if (confl != GSAT_CDCL_NOREF) {
      GSAT_CDCL_ONE(len, gsat_vivify_analyze(s, db, confl, 0));
      break;
    }
  }
  if (len) GSAT_CDCL_ONE(d, gsat_vivify_subsumer(s, db, c, confl, implied));
  TEAM_ONE(gsat_vivify_backtrack(s));
  if (d != GSAT_CDCL_NOREF) {
    TEAM_ONE(gsat_vivify_subsumed(s, c, d));
    return 0;
  }
  if (len == 0 || len >= n) return 0;
  TEAM_ONE(gsat_vivify_replace(s, c, len));
  return len == 1;
}

/* A vivification round when one is due (gsat_vivify_due): the tiers in
 * order, each on its share of the budget, while the arena and the watch pool
 * have room.  Returns 1 when a round ran (the caller propagates again: a
 * clause may have become a unit), else 0. */
TEAM_HD int GSAT_CDCL_FN(vivify)(gsat_cdcl *s, const gsat_db_view *db) {
  if (!gsat_vivify_due(s)) return 0;
  const uint64_t checks0 = s->n.checks, us0 = gsat_vivify_us();
  uint64_t budget = (s->n.checks - s->vivify_mark) / 1000 * s->cfg.vivify;
  if (budget < GSAT_VIVIFY_MIN_CHECKS) budget = GSAT_VIVIFY_MIN_CHECKS;
  uint64_t limit = checks0;
  int unit = 0;
  for (uint32_t t = 0; t < 3 && !unit; t++) {
    if (t == GSAT_VIVIFY_IRRED && !s->cfg.vivify_irred) break;
    const uint32_t q = t == GSAT_VIVIFY_TIER2 ? (s->cfg.vivify_irred ? 2u : 3u) : 1u; /* quarters */
    limit += budget / 4 * q;
    uint64_t k;
    GSAT_CDCL_ONE(k, gsat_vivify_collect(s, t));
    for (uint64_t i = 0; i < k && !unit && s->n.checks < limit; i++) {
      const uint32_t c = s->scratch[i];
      if (s->arena[c + 2] & GSAT_CDCL_DELETED) continue;
      if (!gsat_vivify_room(s, s->arena[c])) break;
      unit = GSAT_CDCL_FN(vivify_clause)(s, db, c);
    }
  }
  TEAM_ONE(gsat_vivify_end(s, checks0, us0));
  return 1;
}

#endif
