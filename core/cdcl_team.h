/* The team part of the CDCL step code (core/cdcl.h, "Team mapping"):
 * BCP rounds over a watch list, 1UIP analysis, learning and the search loop,
 * written with the team primitives (team.h).  No include guard: one instance
 * per team, named by GSAT_CDCL_FN, which the includer defines after it
 * included a team header (cpu/cdcl_one.h: a team of one,
 * gpu/cdcl_warp.cuh: a warp). */
#include "core/cdcl.h"

/*==== the team part: one instance per team (no include guard) ===============*/

#ifndef GSAT_CDCL_FN
#error "an instance of the CDCL team part defines GSAT_CDCL_FN (cpu/cdcl_one.h)"
#endif

/* x = expr, evaluated by one member and broadcast (team-uniform). */
#define GSAT_CDCL_ONE(x, expr)                                                                     \
  do {                                                                                             \
    TEAM_ONE((x) = (expr));                                                                        \
    (x) = TEAM_BCAST((x), 0);                                                                      \
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
  for (uint32_t moves = TEAM_BALLOT(taken && m->out == GSAT_CDCL_W_MOVE); moves;
       moves &= moves - 1) {
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
    if (TEAM_BCAST(m->out, last) == GSAT_CDCL_W_CONFL)
      confl = c;
    else
      TEAM_ONE(gsat_cdcl_assign(s, lit, c));
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

#include "core/cdcl_vivify.h"

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
