/* BCP's sequential steps: the streams variant, and one member's look at a
 * watcher with what the team part (cdcl_team.h) needs to take it.
 * Part of the CDCL step code (core/cdcl.h). */
#ifndef GSAT_CDCL_PROPAGATE_H
#define GSAT_CDCL_PROPAGATE_H

#include "core/cdcl_arena.h"
#include "core/cdcl_trail.h"

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
    if (v > 0)
      sat = 1;
    else if (v == 0) {
      unassigned++;
      unit = l;
    }
    if (x & GSAT_STREAM_END) {
      if (!sat && unassigned == 0) return GSAT_CDCL_STREAM | begin;
      if (!sat && unassigned == 1) gsat_cdcl_assign(s, unit, GSAT_CDCL_STREAM | begin);
      begin = i + 1;
      sat = unassigned = 0;
    }
  }
  return GSAT_CDCL_NOREF;
}

/*---- sequential steps of the team functions ----------------------------------*/

/* What a member's look at one watcher of f (just falsified) found, under the
 * values at the start of its round (GSAT_CDCL_FN(watch_bcp)). */
#define GSAT_CDCL_W_CLEAN 0u /* the blocker is true: the watcher stays as it is */
#define GSAT_CDCL_W_KEEP  1u /* the clause's other watch is true: stays, new blocker */
#define GSAT_CDCL_W_MOVE  2u /* a replacement watch lits[found] (not false) */
#define GSAT_CDCL_W_UNIT  3u /* the blocker (binary) or other watch is implied */
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

#endif
