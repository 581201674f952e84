/* Conflict analysis's sequential steps and learning: LBD, clause use,
 * the backjump level, taking the team's literals, storing and asserting
 * the learned clause.
 * Part of the CDCL step code (core/cdcl.h). */
#ifndef GSAT_CDCL_ANALYZE_H
#define GSAT_CDCL_ANALYZE_H

#include "core/cdcl_minimize.h"
#include "core/cdcl_phase.h"
#include "core/cdcl_trail.h"

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

/* Analysis: takes the literals lits[r] of the ranks r in mask m (each new
 * and above level 0) in rank order: seen mark, bump, and a path count (at the
 * conflict level) or a learned literal. */
GSAT_HD void gsat_cdcl_analyze_take(gsat_cdcl *s, const uint32_t *lits, uint32_t m, uint32_t *path,
                                    uint32_t *len) {
  for (uint32_t r = 0; m; r++, m >>= 1) {
    if (!(m & 1u)) continue;
    gsat_lit q = lits[r] & GSAT_STREAM_LIT;
    uint32_t v = GSAT_VAR(q);
    if (s->seen[v]) continue;
    s->seen[v] = 1;
    gsat_cdcl_bump_var(s, v);
    if (s->level[v] >= s->dlevel)
      (*path)++;
    else
      s->learnt[(*len)++] = q;
  }
}

/* Analysis: the next seen literal below trail position idx (its seen mark
 * cleared); returns its position. */
GSAT_HD uint32_t gsat_cdcl_analyze_next(gsat_cdcl *s, uint32_t idx) {
  do idx--;
  while (!s->seen[GSAT_VAR(s->trail[idx])]);
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

#endif
