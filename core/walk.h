/* The walker step code (local-search.md, section 1): probSAT, the stochastic
 * local search of Balint and Schoening ("Choosing Probability Distributions
 * for Stochastic Local Search and the Role of Make versus Break", SAT 2012),
 * written once for a team (team.h) and compiled as C for the CPU
 * (cpu/walk_cpu.c, a team of one) and for a warp (gpu/walk_warp.cuh).
 *
 * State (walk_types.h): the assignment; per clause its number of true
 * literals and the xor of their variables (so that the only true variable of
 * a clause with one true literal is known without a scan); the list of
 * unsatisfied clauses with each one's position; per variable its break value
 * (the clauses it alone satisfies), all kept incrementally.
 * One step: an unsatisfied clause picked uniformly; each of its variables
 * scored f(break) (f from the score table of the clause's length: polynomial
 * (eps + b)^-cb for up to 3 literals, exponential cb^-b beyond: probSAT's
 * tuned values, gsat_walk_params_default); one picked with probability
 * proportional to its score (integer scores: the same pick however the sum
 * is split among a team's members); flipped: the clauses of the literal that
 * becomes true (removals from the unsatisfied list, break of the clause's old
 * only true variable down), then those of the literal that becomes false
 * (appends, break of the new only true variable up).
 * Restarts every restart_base * luby(i) flips, alternately from a fresh
 * random assignment and from the best one, or from a given one (w->from: the
 * CDCL searchers' phases, phases.h) when set; the best assignment (fewest
 * unsatisfied clauses over the whole walk) is kept by replaying the
 * variables flipped since it was last saved (a trail of up to V + 32, then a
 * whole copy).
 *
 * Team mapping: a walker's state lives in memory all members share; the
 * scalars are team-uniform (every member computes the same random numbers
 * and picks); the scores of a clause and the occurrence lists of a flip are
 * split over the members (TEAM_ROUNDS), counts of distinct clauses written
 * by their owners, break values by TEAM_ADD (several clauses of a round may
 * name one variable), unsatisfied-list removals one member at a time in rank
 * order, appends by ballot prefix in rank order.  So a team of one and a warp
 * make the same walk: same picks, same list order, same assignment.
 *
 * An instantiation includes its team header, defines GSAT_WALK_FN (name)
 * and, for a state other than the wide gsat_walker, GSAT_WALKER_T (the
 * compact gsat_walker16: the same code on 8- and 16-bit arrays, walk_types.h),
 * then includes this header (the warp's: gpu/walk_warp.cuh; the lane's:
 * gpu/walk_lane.cuh).  Without
 * GSAT_WALK_FN the default instance (gsat_walk_start, gsat_walk_run: a team
 * of one) is generated once per translation unit.  GSAT_WALK_AFTER_FLIP(w,
 * f, len), when defined, runs on one member after every flip (the tests'
 * from-scratch check, gsat_walk_check). */
#ifndef GSAT_WALK_H
#define GSAT_WALK_H

#include "core/walk_types.h" /* (the team header comes with the instance) */

/* The team-uniform scalars of a walker during a call (kept in registers). */
typedef struct gsat_walk_regs {
  uint64_t rng, flips, since, restart_at, restarts;
  uint32_t len, best, trail_len, over;
} gsat_walk_regs;

/* A number below n from the random word x (the high half times n when n fits
 * 32 bits: no 64-bit division on the GPU). */
GSAT_HD uint64_t gsat_walk_below(uint64_t x, uint64_t n) {
  return n <= 0xffffffffull ? ((x >> 32) * n) >> 32 : x % n;
}

/* Flips before the restart after `restarts` restarts (base 0: never). */
GSAT_HD uint64_t gsat_walk_restart_at(uint32_t base, uint64_t restarts) {
  return base ? (uint64_t)base * gsat_walk_luby(restarts + 1) : ~0ull;
}

#endif /* GSAT_WALK_H */

/*==== the team part: one instance per team (no include guard) ===============*/

#if !defined(GSAT_WALK_FN) && !defined(GSAT_WALK_DEFAULT_DONE)
#define GSAT_WALK_DEFAULT_DONE
#include "core/team_one.h"
#define GSAT_WALK_FN(name) gsat_walk_##name
#endif

#ifdef GSAT_WALK_FN
#ifndef GSAT_WALKER_T
#define GSAT_WALKER_T gsat_walker /* the wide state; gsat_walker16: the compact one */
#endif

/* Checks w against a recomputation from its assignment (scratch: V words):
 * 0 when every true count, xor, break value and the unsatisfied list (each
 * unsatisfied clause in it once, at its recorded position, and nothing else)
 * agree; else 1 (counts), 2 (xors), 3 (breaks) or 4 (the list).  Sequential,
 * for tests and debugging (GSAT_WALK_AFTER_FLIP). */
TEAM_HD int GSAT_WALK_FN(check)(const GSAT_WALKER_T *w, const gsat_walk_cnf *f, uint32_t len,
                                uint32_t *scratch) {
  for (uint32_t v = 0; v < f->num_vars; v++) scratch[v] = 0;
  uint32_t unsat = 0;
  for (uint32_t c = 0; c < f->num_clauses; c++) {
    uint32_t n = 0, x = 0;
    for (uint32_t k = f->clause_start[c]; k < f->clause_start[c + 1]; k++) {
      const gsat_lit l = f->clause_lits[k];
      if (w->val[GSAT_VAR(l)] != GSAT_SIGN(l)) n++, x ^= GSAT_VAR(l);
    }
    if (n != w->tcount[c]) return 1;
    if (x != w->tx[c]) return 2;
    if (n == 1) scratch[x]++;
    if (n == 0 && (w->where[c] >= len || w->unsat[w->where[c]] != c)) return 4;
    unsat += n == 0;
  }
  for (uint32_t v = 0; v < f->num_vars; v++)
    if (scratch[v] != w->brk[v]) return 3;
  return unsat == len ? 0 : 4;
}

/* Recomputes true counts, xors, break values and the unsatisfied list (in
 * clause order) from w->val.  Returns the unsatisfied count. */
TEAM_HD uint32_t GSAT_WALK_FN(rebuild)(GSAT_WALKER_T *w, const gsat_walk_cnf *f) {
  TEAM_FOR(v, 0, f->num_vars) w->brk[v] = 0;
  TEAM_SYNC();
  uint32_t len = 0;
  TEAM_ROUNDS(b, 0, f->num_clauses) {
    const uint32_t c = b + TEAM_RANK;
    int none = 0;
    if (c < f->num_clauses) {
      uint32_t n = 0, x = 0;
      for (uint32_t k = f->clause_start[c]; k < f->clause_start[c + 1]; k++) {
        const gsat_lit l = f->clause_lits[k];
        if (w->val[GSAT_VAR(l)] != GSAT_SIGN(l)) n++, x ^= GSAT_VAR(l);
      }
      w->tcount[c] = n;
      w->tx[c] = x;
      if (n == 1) TEAM_ADD(&w->brk[x], 1u);
      none = n == 0;
    }
    const uint32_t m = TEAM_BALLOT(none);
    if (none) {
      const uint32_t pos = len + TEAM_POPC(m & gsat_team_below(TEAM_RANK));
      w->unsat[pos] = c;
      w->where[c] = pos;
    }
    len += TEAM_POPC(m);
  }
  TEAM_SYNC();
  return len;
}

/* Saves the best assignment: the trail's variables, or all after a loss. */
TEAM_HD void GSAT_WALK_FN(save_best)(GSAT_WALKER_T *w, const gsat_walk_cnf *f, gsat_walk_regs *r) {
  TEAM_SYNC();
  if (r->over) {
    TEAM_FOR(v, 0, f->num_vars) w->best[v] = w->val[v];
  } else {
    TEAM_FOR(i, 0, r->trail_len) w->best[w->trail[i]] = w->val[w->trail[i]];
  }
  TEAM_SYNC();
  r->trail_len = 0;
  r->over = 0;
}

/* Reads w's scalars (after the members' last writes). */
TEAM_HD void GSAT_WALK_FN(load)(const GSAT_WALKER_T *w, gsat_walk_regs *r) {
  TEAM_SYNC();
  r->rng = w->rng;
  r->flips = w->flips;
  r->since = w->since_restart;
  r->restart_at = w->restart_at;
  r->restarts = w->restarts;
  r->len = w->unsat_len;
  r->best = w->best_unsat;
  r->trail_len = w->trail_len;
  r->over = w->trail_over;
}

/* Writes the scalars back (one member). */
TEAM_HD void GSAT_WALK_FN(store)(GSAT_WALKER_T *w, const gsat_walk_regs *r) {
  TEAM_ONE(w->rng = r->rng; w->flips = r->flips; w->since_restart = r->since;
           w->restart_at = r->restart_at; w->restarts = r->restarts; w->unsat_len = r->len;
           w->best_unsat = r->best; w->trail_len = r->trail_len; w->trail_over = r->over);
}

/* After w->val was set: rebuilds, schedules the next restart
 * (p->restart_base) and keeps the start when it is the best so far. */
TEAM_HD void GSAT_WALK_FN(settle)(GSAT_WALKER_T *w, const gsat_walk_cnf *f,
                                  const gsat_walk_params *p, gsat_walk_regs *r) {
  r->len = GSAT_WALK_FN(rebuild)(w, f);
  r->since = 0;
  r->restart_at = gsat_walk_restart_at(p->restart_base, r->restarts);
  r->trail_len = 0;
  r->over = 1;
  if (r->len < r->best) {
    r->best = r->len;
    GSAT_WALK_FN(save_best)(w, f, r);
  }
}

/* Sets w->val: the given assignment w->from when set (then cleared and
 * counted in w->phases_in), else by r's restart count a random assignment
 * (hash of the seed and the count) on even counts, the best one on odd
 * counts; then rebuilds and schedules the next restart (p->restart_base). */
TEAM_HD void GSAT_WALK_FN(assign)(GSAT_WALKER_T *w, const gsat_walk_cnf *f,
                                  const gsat_walk_params *p, gsat_walk_regs *r) {
  const uint64_t h = gsat_walk_mix(w->seed ^ (r->restarts * 0xd1342543de82ef95ull));
  const uint8_t *from = w->from;
  if (from) {
    TEAM_FOR(v, 0, f->num_vars) w->val[v] = from[v];
    TEAM_ONE(w->from = 0; w->phases_in++);
  } else if (r->restarts & 1) {
    TEAM_FOR(v, 0, f->num_vars) w->val[v] = w->best[v];
  } else {
    TEAM_FOR(v, 0, f->num_vars) w->val[v] = (uint8_t)(gsat_walk_mix(h + v) >> 63);
  }
  TEAM_SYNC();
  GSAT_WALK_FN(settle)(w, f, p, r);
}

/* Starts w (carved, gsat_walker_carve) on a random assignment of `seed`: no
 * flips, no restarts, the best so far the start. */
TEAM_HD void GSAT_WALK_FN(start)(GSAT_WALKER_T *w, const gsat_walk_cnf *f,
                                 const gsat_walk_params *p, uint64_t seed) {
  TEAM_ONE(w->seed = seed);
  gsat_walk_regs r = {gsat_walk_mix(seed) | 1, 0, 0, 0, 0, 0, ~0u, 0, 1};
  GSAT_WALK_FN(assign)(w, f, p, &r);
  GSAT_WALK_FN(store)(w, &r);
}

/* Restarts w from the assignment val[0..V) (1 true: the CDCL searchers'
 * phases, phases.h), counted as a restart and in w->phases_in; the schedule
 * starts over.  (Between two calls of run the same is w->from = val and
 * w->restart_at = w->since_restart: run's next flip is that restart.) */
TEAM_HD void GSAT_WALK_FN(restart_from)(GSAT_WALKER_T *w, const gsat_walk_cnf *f,
                                        const gsat_walk_params *p, const uint8_t *val) {
  gsat_walk_regs r;
  GSAT_WALK_FN(load)(w, &r);
  TEAM_ONE(w->from = val);
  r.restarts++;
  GSAT_WALK_FN(assign)(w, f, p, &r);
  GSAT_WALK_FN(store)(w, &r);
}

/* The variable to flip in a random unsatisfied clause (r->len > 0): each of
 * its literals' variables scored by the table of its length, one picked with
 * probability proportional to its score (uniformly when all are 0). */
TEAM_HD uint32_t GSAT_WALK_FN(pick)(GSAT_WALKER_T *w, const gsat_walk_cnf *f,
                                    const gsat_walk_params *p, gsat_walk_regs *r) {
  const uint32_t c = w->unsat[gsat_walk_below(gsat_walk_rand(&r->rng), r->len)];
  uint32_t n;
  const uint32_t lo = gsat_walk_clause(f, c, &n);
  const gsat_lit *lits = f->clause_lits + lo;
  if (n == 1) return GSAT_VAR(lits[0]);
  const uint32_t *tab = p->table[gsat_walk_class(n)];
  uint64_t total = 0;
  TEAM_ROUNDS(b, 0, n) {
    const uint32_t k = b + TEAM_RANK;
    uint32_t s = 0;
    if (k < n) {
      const uint32_t br = w->brk[GSAT_VAR(lits[k])];
      s = tab[br < GSAT_WALK_MAXB ? br : GSAT_WALK_MAXB - 1];
      w->score[k] = s;
    }
    total += TEAM_SUM(s);
  }
  TEAM_SYNC();
  const uint64_t x = gsat_walk_rand(&r->rng);
  uint32_t k = 0;
  if (total == 0) {
    k = (uint32_t)gsat_walk_below(x, n);
  } else {
    for (uint64_t t = gsat_walk_below(x, total); t >= w->score[k]; k++) t -= w->score[k];
  }
  return GSAT_VAR(lits[k]);
}

/* The clauses of the literal becoming true, occurrences lo..hi (of variable
 * v), gain a true literal: those that had none leave the unsatisfied list
 * (in occurrence order, one member at a time), those that had one lose their
 * old only true variable's break.  Returns how many had none (v's new break
 * value). */
TEAM_HD uint32_t GSAT_WALK_FN(gain)(GSAT_WALKER_T *w, const gsat_walk_cnf *f, uint32_t lo,
                                    uint32_t hi, uint32_t v, uint32_t *len) {
  uint32_t made = 0;
  TEAM_ROUNDS(b, lo, hi) {
    const uint32_t i = b + TEAM_RANK;
    uint32_t c = 0;
    int fixed = 0;
    if (i < hi) {
      c = f->occ[i];
      const uint32_t n = w->tcount[c], x = w->tx[c];
      w->tcount[c] = n + 1;
      w->tx[c] = x ^ v;
      if (n == 1) TEAM_ADD(&w->brk[x], ~0u);
      fixed = n == 0;
    }
    for (uint32_t m = TEAM_BALLOT(fixed); m; m &= m - 1) {
      const uint32_t cc = TEAM_BCAST(c, (uint32_t)TEAM_FIRST(m));
      const uint32_t last = *len - 1;
      TEAM_ONE(const uint32_t at = w->where[cc]; const uint32_t moved = w->unsat[last];
               w->unsat[at] = moved; w->where[moved] = at);
      *len = last;
      made++;
    }
  }
  return made;
}

/* The clauses of the literal becoming false, occurrences lo..hi (of
 * variable v), lose a true literal: those left with none are appended to the
 * unsatisfied list (rank order), those left with one raise the break of
 * their only true variable. */
TEAM_HD void GSAT_WALK_FN(lose)(GSAT_WALKER_T *w, const gsat_walk_cnf *f, uint32_t lo, uint32_t hi,
                                uint32_t v, uint32_t *len) {
  TEAM_ROUNDS(b, lo, hi) {
    const uint32_t i = b + TEAM_RANK;
    uint32_t c = 0;
    int broken = 0;
    if (i < hi) {
      c = f->occ[i];
      const uint32_t n = w->tcount[c], x = w->tx[c] ^ v;
      w->tcount[c] = n - 1;
      w->tx[c] = x;
      if (n == 2) TEAM_ADD(&w->brk[x], 1u);
      broken = n == 1;
    }
    const uint32_t m = TEAM_BALLOT(broken);
    if (broken) {
      const uint32_t pos = *len + TEAM_POPC(m & gsat_team_below(TEAM_RANK));
      w->unsat[pos] = c;
      w->where[c] = pos;
    }
    *len += TEAM_POPC(m);
  }
}

/* Flips v: gain, lose, then one member writes v's value, its break and its
 * trail entry.  The occurrence lists' bounds of both literals of v (2v and
 * 2v + 1, adjacent) are read first, together. */
TEAM_HD void GSAT_WALK_FN(flip)(GSAT_WALKER_T *w, const gsat_walk_cnf *f, uint32_t v,
                                gsat_walk_regs *r) {
  const uint32_t old = w->val[v];
  const uint32_t *os = f->occ_start + GSAT_LIT(v, 0);
  const uint32_t lo = os[0], mid = os[1], hi = os[2]; /* v: lo..mid, not v: mid..hi */
  const uint32_t made = GSAT_WALK_FN(gain)(w, f, old ? mid : lo, old ? hi : mid, v, &r->len);
  GSAT_WALK_FN(lose)(w, f, old ? lo : mid, old ? mid : hi, v, &r->len);
  const uint32_t at = r->trail_len;
  const int push = at < w->trail_cap;
  TEAM_ONE(w->val[v] = (uint8_t)(old ^ 1u); w->brk[v] = made; if (push) w->trail[at] = v);
  if (push)
    r->trail_len++;
  else
    r->over = 1;
  r->flips++;
  r->since++;
}

/* Walks w for up to `budget` flips, restarting on schedule.  Returns 1 when
 * no clause is unsatisfied (w->val is a model), else 0.  Every member calls
 * it; the result is team-uniform. */
TEAM_HD int GSAT_WALK_FN(run)(GSAT_WALKER_T *w, const gsat_walk_cnf *f, const gsat_walk_params *p,
                              uint64_t budget) {
  gsat_walk_regs r;
  GSAT_WALK_FN(load)(w, &r);
  for (; budget && r.len; budget--) {
    if (r.since >= r.restart_at) {
      r.restarts++;
      GSAT_WALK_FN(assign)(w, f, p, &r);
      if (!r.len) break;
    }
    const uint32_t v = GSAT_WALK_FN(pick)(w, f, p, &r);
    GSAT_WALK_FN(flip)(w, f, v, &r);
    if (r.len < r.best) {
      r.best = r.len;
      GSAT_WALK_FN(save_best)(w, f, &r);
    }
#ifdef GSAT_WALK_AFTER_FLIP
    TEAM_ONE(GSAT_WALK_AFTER_FLIP(w, f, r.len));
#endif
  }
  GSAT_WALK_FN(store)(w, &r);
  return r.len == 0;
}

#undef GSAT_WALK_FN
#undef GSAT_WALKER_T
#endif
