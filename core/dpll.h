/* The DPLL step code, written once for every backend: state updates (assign,
 * unassign), BCP, the decision heuristics (static order, MOMS and the
 * look-ahead, dpll_lookahead.h), the root,
 * cube replay, the search loop and donation.  The CPU reference (cpu/) and
 * the GPU warp mapping (gpu/) are instantiations of it plus their scheduling, so that they run the
 * same algorithm and count literal checks and nodes the same way (ARCHITECTURE.md, "Shared
 * definitions"; cdcl.md section 2, "the team"; tree-mapping.md).
 *
 * The algorithm (tree-mapping.md): decide a literal, propagate by scanning the
 * occurrence stream of each newly falsified literal and evaluating whole clauses
 * (no watches, no learning), backtrack chronologically on a conflict.  Every
 * stream entry read during BCP is one literal check.  A decision, first branch or
 * second, is one node.  Decisions are deterministic functions of the current
 * assignment, so for an UNSAT formula the tree (and the node count) does not
 * depend on how it is split among workers.
 *
 * Work is exchanged as cubes: the decision literals from the root to a subtree.  A
 * worker replays a cube (its literals become levels 1..base that are never
 * flipped) and searches below; a busy worker donates its shallowest untried
 * branch.  The creator of a cube counts the node of its last literal.
 *
 * The code is written for a team (core/team.h): loops that the tree-mapping
 * method puts at lane level are TEAM_FOR / TEAM_ROUNDS loops, per-clause outcomes
 * are combined with ballots, shared arrays are written inside TEAM_ONE.  A team
 * of one (a CPU thread) gets the sequential code: every mask is 0 or
 * 1 and the compiler folds them.  Every member of a team holds the same copy of
 * the scalar state (gsat_dpll's scalars are team-uniform).
 *
 * An instantiation includes its team header, defines GSAT_DPLL_FN (name) (the
 * functions' names) and GSAT_DPLL_AT (p, i) (the addressing of the per-worker
 * arrays), and may define these hooks before including this header:
 *
 *   GSAT_DPLL_CUBE_LOAD (p)        read a cube literal (default *p; the warp
 *                                  mapping reads another SM's writes, __ldcg)
 *   GSAT_DPLL_CUBE_STORE (p, x)    write a donated literal (default *p = x)
 *   GSAT_DPLL_MOMS_WALK (s, db, min, count)
 *                                  MOMS's scan of this member's clauses, calling
 *                                  GSAT_DPLL_FN (moms_clause) on each (default
 *                                  GSAT_DPLL_FN (moms_walk), the CSR clauses;
 *                                  gpu/dpll_slot.cuh adds the slot layout)
 *   GSAT_DPLL_LA_KEPT              the look-ahead's reduced formula: 1 kept
 *                                  along the tree, 0 built by each round's
 *                                  scan (default GSAT_LA_KEPT (TEAM_SIZE): a
 *                                  team of one keeps it, a warp scans;
 *                                  dpll_types.h says why; 1 needs a team of
 *                                  one's arrays, gsat_dpll_la_carve)
 *
 * The template part has no include guard and #undefs the macros at its end.
 * Without GSAT_DPLL_FN the default instance (gsat_dpll_*, a team of one, plain
 * arrays) is generated, once per translation unit. */

#include "core/dpll_types.h"

#if !defined(GSAT_DPLL_FN) && !defined(GSAT_DPLL_DEFAULT_DONE)
#define GSAT_DPLL_DEFAULT_DONE
#include "core/team_one.h"
#define GSAT_DPLL_FN(name) gsat_dpll_##name
#define GSAT_DPLL_AT(p, i) ((p)[i])
#endif

#if defined(GSAT_DPLL_FN) && defined(GSAT_DPLL_AT)

#ifndef GSAT_DPLL_CUBE_LOAD
#define GSAT_DPLL_CUBE_LOAD(p) (*(p))
#endif
#ifndef GSAT_DPLL_CUBE_STORE
#define GSAT_DPLL_CUBE_STORE(p, x) (*(p) = (x))
#endif
#ifndef GSAT_DPLL_MOMS_WALK
#define GSAT_DPLL_MOMS_WALK(s, db, min, count) GSAT_DPLL_FN(moms_walk)(s, db, min, count)
#endif
#ifndef GSAT_DPLL_LA_KEPT
#define GSAT_DPLL_LA_KEPT GSAT_LA_KEPT(TEAM_SIZE)
#endif
#if GSAT_DPLL_LA_KEPT && !GSAT_LA_KEPT(TEAM_SIZE)
#error "the kept reduced formula's arrays are carved for a team of one only"
#endif

/* Makes lit true: both literals' values and the trail. */
TEAM_HD void GSAT_DPLL_FN(assign)(gsat_dpll *s, gsat_lit lit) {
  TEAM_ONE(GSAT_DPLL_AT(s->val, lit) = 1; GSAT_DPLL_AT(s->val, GSAT_NOT(lit)) = -1;
           GSAT_DPLL_AT(s->trail, s->trail_len) = lit);
  s->trail_len++;
  s->n.props++;
}

/* Unassigns the trail down to length pos. */
TEAM_HD void GSAT_DPLL_FN(unassign_to)(gsat_dpll *s, uint32_t pos) {
  TEAM_SYNC();
  TEAM_FOR(i, pos, s->trail_len) {
    const gsat_lit l = GSAT_DPLL_AT(s->trail, i);
    GSAT_DPLL_AT(s->val, l) = 0;
    GSAT_DPLL_AT(s->val, GSAT_NOT(l)) = 0;
  }
  TEAM_SYNC();
  if (s->trail_len > pos) s->trail_len = pos;
  if (s->qhead > pos) s->qhead = pos;
}

/* Writes level d. */
TEAM_HD void GSAT_DPLL_FN(set_level)(gsat_dpll *s, uint32_t d, gsat_level lv) {
  TEAM_ONE(GSAT_DPLL_AT(s->levels, d) = lv);
}

/* BCP over the occurrence stream of the falsified literal f: evaluates each
 * clause in it; a clause with no true and one unassigned literal implies that
 * literal, one with no true and no unassigned literal is a conflict.  The team
 * reads TEAM_SIZE entries a round (the merged clause x literal loop); an entry
 * flagged GSAT_STREAM_END ends a clause, whose outcome its member combines from
 * the ballots of the entries since the END before, plus the carry (sat,
 * unassigned count, unit) of a clause that began in an earlier round.  Units of
 * one round are assigned in stream order after the round's reads, each checked
 * again first in a team of several (an earlier unit of the round may have
 * assigned it).  Checks
 * count the entries of the rounds read.  Returns 1 on conflict. */
TEAM_HD uint32_t GSAT_DPLL_FN(propagate_lit)(gsat_dpll *s, const gsat_db_view *db, gsat_lit f) {
  const uint32_t b = db->occ_start[f], e = db->occ_start[f + 1];
  s->n.checks += e - b;
  uint32_t csat = 0, cun = 0; /* the clause open at the start of a round */
  gsat_lit cunit = 0;
  TEAM_ROUNDS(base, b, e) {
    const uint32_t i = base + TEAM_RANK, nact = e - base < TEAM_SIZE ? e - base : TEAM_SIZE;
    const int active = i < e;
    const uint32_t x = active ? db->occ_stream[i] : 0u;
    const gsat_lit l = x & GSAT_STREAM_LIT;
    const int v = active ? GSAT_DPLL_AT(s->val, l) : -1;
    const int end = active && (x & GSAT_STREAM_END);
    const uint32_t endm = TEAM_BALLOT(end), satm = TEAM_BALLOT(v > 0), unm = TEAM_BALLOT(v == 0);
    /* An END member's clause: the members after the END before it (prev), and
     * the open clause when there is none. */
    const int prev = TEAM_LAST(endm & gsat_team_below(TEAM_RANK));
    const uint32_t seg = gsat_team_ranks(prev + 1, (int)TEAM_RANK), segun = unm & seg;
    uint32_t sat = (satm & seg) != 0, nun = TEAM_POPC(segun);
    gsat_lit unit = TEAM_BCAST(l, segun ? TEAM_LAST(segun) : (int)TEAM_RANK);
    if (prev < 0) {
      sat |= csat;
      if (!nun) unit = cunit;
      nun += cun;
    }
    /* The members after the last END begin (or continue) the open clause. */
    const uint32_t tail = gsat_team_ranks(TEAM_LAST(endm) + 1, (int)nact - 1);
    if (endm) csat = cun = 0;
    if (tail) {
      const uint32_t tun = unm & tail;
      const gsat_lit tunit = TEAM_BCAST(l, tun ? TEAM_LAST(tun) : 0);
      csat |= (satm & tail) != 0;
      if (tun) cunit = tunit;
      cun += TEAM_POPC(tun);
    }
    const int own = end && !sat;
    uint32_t units = TEAM_BALLOT(own && nun == 1);
    int conflict = TEAM_ANY(own && nun == 0);
    while (units && !conflict) {
      const gsat_lit u = TEAM_BCAST(unit, TEAM_FIRST(units));
      units &= units - 1;
      /* A team of one reads one entry a round: nothing was assigned since u
       * was read, so it is still unassigned (no second load). */
      const int uv = TEAM_SIZE > 1 ? GSAT_DPLL_AT(s->val, u) : 0;
      conflict = uv < 0;
      if (uv == 0) GSAT_DPLL_FN(assign)(s, u);
    }
    if (conflict) {
      s->n.checks -= e - (base + nact); /* the rounds not read */
      s->n.conflicts++;
      return 1;
    }
  }
  return 0;
}

#if GSAT_DPLL_LA_KEPT
TEAM_HD uint32_t GSAT_DPLL_FN(la_propagate)(gsat_dpll *s, const gsat_db_view *db);
#endif

/* BCP: propagates every trail literal not yet propagated (propagate_lit on its
 * negation; the look-ahead search where it keeps its reduced formula
 * (GSAT_DPLL_LA_KEPT): over that formula, la_propagate).  Returns 1 on
 * conflict, 0 at a fixpoint. */
TEAM_HD uint32_t GSAT_DPLL_FN(propagate)(gsat_dpll *s, const gsat_db_view *db) {
#if GSAT_DPLL_LA_KEPT
  if (s->decide == GSAT_DECIDE_LOOKAHEAD) return GSAT_DPLL_FN(la_propagate)(s, db);
#endif
  while (s->qhead < s->trail_len) {
    const gsat_lit f = GSAT_NOT(GSAT_DPLL_AT(s->trail, s->qhead));
    s->qhead++;
    if (GSAT_DPLL_FN(propagate_lit)(s, db, f)) return 1;
  }
  return 0;
}

/* Static order: the first unassigned variable after the current level's. */
TEAM_HD gsat_lit GSAT_DPLL_FN(decide_static)(gsat_dpll *s, const gsat_db_view *db) {
  const uint32_t start = GSAT_DPLL_AT(s->levels, s->level).order_pos;
  TEAM_ROUNDS(pos, start, db->order_len) {
    const uint32_t i = pos + TEAM_RANK;
    const uint32_t m = TEAM_BALLOT(i < db->order_len && GSAT_DPLL_AT(s->val, db->order[i]) == 0);
    if (m) {
      const uint32_t found = pos + (uint32_t)TEAM_FIRST(m);
      s->n.heur += found - start + 1;
      s->next_order_pos = found + 1;
      return db->order[found];
    }
  }
  s->n.heur += db->order_len - start + 1;
  return GSAT_DPLL_NONE;
}

/* One clause of MOMS's scans, literal k at lits[k * stride] for k < width
 * (padding literals are false: they count as neither).  count 0: returns min,
 * lowered to the clause's unassigned count when it is unsatisfied.  count 1:
 * when the clause is unsatisfied with exactly min unassigned literals, counts
 * each of them in moms_count; returns min. */
TEAM_HD uint32_t GSAT_DPLL_FN(moms_clause)(gsat_dpll *s, const uint32_t *lits, uint32_t width,
                                           uint32_t stride, uint32_t min, int count) {
  uint32_t sat = 0, un = 0;
  for (uint32_t k = 0; k < width; k++) {
    const int v = GSAT_DPLL_AT(s->val, lits[(size_t)k * stride]);
    sat |= v > 0;
    un += v == 0;
  }
  if (!count) return !sat && un < min ? un : min;
  if (sat || un != min) return min;
  for (uint32_t k = 0; k < width; k++) {
    const gsat_lit l = lits[(size_t)k * stride];
    if (GSAT_DPLL_AT(s->val, l) == 0) TEAM_INC(&GSAT_DPLL_AT(s->moms_count, l));
  }
  return min;
}

/* MOMS's scan of this member's CSR clauses (moms_clause on each). */
TEAM_HD uint32_t GSAT_DPLL_FN(moms_walk)(gsat_dpll *s, const gsat_db_view *db, uint32_t min,
                                         int count) {
  const uint32_t *start = db->clause_start;
  TEAM_FOR(c, 0, db->num_clauses)
  min = GSAT_DPLL_FN(moms_clause)(s, db->clause_lits + start[c], start[c + 1] - start[c], 1, min,
                                  count);
  return min;
}

/* MOMS's choice from the counts n(l) in s->moms_count (see decide_moms): each
 * member takes the best of its variables, then the team the best of those
 * (ties: the smaller variable). */
TEAM_HD gsat_lit GSAT_DPLL_FN(moms_pick)(const gsat_dpll *s, uint32_t num_vars) {
  const uint32_t *count = s->moms_count;
  unsigned long long best_score = 0;
  uint32_t best_var = GSAT_DPLL_NONE, best_neg = 0;
  TEAM_FOR(v, 0, num_vars) { /* v ascending: ties keep the smaller v */
    const unsigned long long p = GSAT_DPLL_AT(count, 2 * v), n = GSAT_DPLL_AT(count, 2 * v + 1);
    const unsigned long long score = p * n * 1024 + p + n;
    if (score > best_score) {
      best_score = score;
      best_var = v;
      best_neg = n > p;
    }
  }
  for (uint32_t d = TEAM_SIZE / 2; d; d >>= 1) {
    const unsigned long long os = TEAM_SHFL_XOR(best_score, d);
    const uint32_t ov = TEAM_SHFL_XOR(best_var, d), on = TEAM_SHFL_XOR(best_neg, d);
    if (os > best_score || (os == best_score && ov < best_var)) {
      best_score = os;
      best_var = ov;
      best_neg = on;
    }
  }
  /* never NONE: a min-size clause has an unassigned literal */
  return best_var == GSAT_DPLL_NONE ? GSAT_DPLL_NONE : GSAT_LIT(best_var, best_neg);
}

/* MOMS: among unsatisfied clauses with the fewest unassigned literals, count the
 * occurrences n(l) of each unassigned literal; choose the variable with the largest
 * n(x) * n(-x) * 1024 + n(x) + n(-x) (ties: smallest index), the literal with more
 * occurrences first (ties: positive).  No unsatisfied clause left: NONE.  The
 * minimum and the counts do not depend on which member reads which clause, nor
 * on the clause layout; heuristic work counts real literals. */
TEAM_HD gsat_lit GSAT_DPLL_FN(decide_moms)(gsat_dpll *s, const gsat_db_view *db) {
  const uint32_t min = TEAM_MIN(GSAT_DPLL_MOMS_WALK(s, db, 0xffffffffu, 0));
  s->n.heur += db->num_lits;
  if (min == 0xffffffffu) return GSAT_DPLL_NONE;
  TEAM_SYNC();
  TEAM_FOR(l, 0, 2 * db->num_vars) GSAT_DPLL_AT(s->moms_count, l) = 0;
  TEAM_SYNC();
  GSAT_DPLL_MOMS_WALK(s, db, min, 1);
  TEAM_SYNC();
  s->n.heur += db->num_lits + 3 * (uint64_t)db->num_vars;
  return GSAT_DPLL_FN(moms_pick)(s, db->num_vars);
}

/* Sets up the root: clears the assignment (and makes the padding literal 2 V
 * false, slot_layout.h), assigns the unit clauses and propagates.  Returns 1
 * when the formula is refuted at the root. */
TEAM_HD uint32_t GSAT_DPLL_FN(init_root)(gsat_dpll *s, const gsat_db_view *db,
                                         const gsat_lit *units, uint32_t num_units) {
  TEAM_FOR(l, 0, 2 * db->num_vars) GSAT_DPLL_AT(s->val, l) = 0;
  TEAM_ONE(GSAT_DPLL_AT(s->val, 2 * db->num_vars) = -1);
  s->trail_len = s->qhead = s->level = s->base = 0;
  s->conflict = 0;
  const gsat_level root = {0, 0, 0, 1};
  GSAT_DPLL_FN(set_level)(s, 0, root);
  for (uint32_t k = 0; k < num_units && !s->conflict; k++) {
    const int v = GSAT_DPLL_AT(s->val, units[k]);
    if (v < 0)
      s->conflict = 1;
    else if (v == 0)
      GSAT_DPLL_FN(assign)(s, units[k]);
  }
  if (!s->conflict) s->conflict = GSAT_DPLL_FN(propagate)(s, db);
  s->root_len = s->trail_len;
  return s->conflict;
}

/* A GPU worker's searcher at the root (counters cleared by the caller): the
 * heuristic set, the root set up (init_root) with its BCP counted as replay
 * (every worker repeats it).  Returns init_root's result. */
TEAM_HD uint32_t GSAT_DPLL_FN(init_worker)(gsat_dpll *s, const gsat_db_view *db,
                                           const gsat_lit *units, uint32_t num_units,
                                           uint32_t decide) {
  s->decide = decide;
  s->next_order_pos = 0;
  const uint32_t refuted = GSAT_DPLL_FN(init_root)(s, db, units, num_units);
  s->n.replay += s->n.checks;
  s->n.checks = 0;
  return refuted;
}

/* Replays a cube from the root state: each literal becomes a decision level that
 * is never flipped (base = n), propagated in order.  BCP work counts as replay.
 * Returns 1 when the cube is refuted (a conflict), 0 when search can start below. */
TEAM_HD uint32_t GSAT_DPLL_FN(start_cube)(gsat_dpll *s, const gsat_db_view *db,
                                          const gsat_lit *cube, uint32_t n) {
  const uint64_t checks = s->n.checks;
  GSAT_DPLL_FN(unassign_to)(s, s->root_len);
  s->level = 0;
  s->conflict = 0;
  for (uint32_t k = 0; k < n && !s->conflict; k++) {
    const gsat_lit lit = GSAT_DPLL_CUBE_LOAD(cube + k);
    s->level++;
    const gsat_level lv = {s->trail_len, lit, 0, 1};
    GSAT_DPLL_FN(set_level)(s, s->level, lv);
    const int v = GSAT_DPLL_AT(s->val, lit);
    if (v < 0) {
      s->conflict = 1;
    } else if (v == 0) {
      GSAT_DPLL_FN(assign)(s, lit);
      s->conflict = GSAT_DPLL_FN(propagate)(s, db);
    }
  }
  s->base = s->level;
  s->n.replay += s->n.checks - checks;
  s->n.checks = checks;
  return s->conflict;
}

/* After a conflict: unassigns down to the deepest level below which the second
 * branch is untried, and takes that branch (a node).  Returns 0 when no level
 * above the base has one. */
TEAM_HD uint32_t GSAT_DPLL_FN(backtrack)(gsat_dpll *s) {
  gsat_level lv;
  for (;;) {
    if (s->level <= s->base) return 0;
    lv = GSAT_DPLL_AT(s->levels, s->level);
    GSAT_DPLL_FN(unassign_to)(s, lv.trail_pos);
    if (!lv.flipped) break;
    s->level--;
  }
  lv.flipped = 1;
  lv.lit = GSAT_NOT(lv.lit);
  GSAT_DPLL_FN(set_level)(s, s->level, lv);
  GSAT_DPLL_FN(assign)(s, lv.lit);
  s->n.nodes++;
  return 1;
}

/* The shallowest level below the base whose second branch is untried, 0 if
 * none. */
TEAM_HD uint32_t GSAT_DPLL_FN(shallowest_open)(const gsat_dpll *s) {
  TEAM_ROUNDS(d0, s->base + 1, s->level + 1) {
    const uint32_t d = d0 + TEAM_RANK;
    const uint32_t m = TEAM_BALLOT(d <= s->level && !GSAT_DPLL_AT(s->levels, d).flipped);
    if (m) return d0 + (uint32_t)TEAM_FIRST(m);
  }
  return 0;
}

#include "core/dpll_lookahead.h"

/* The decision of the searcher's heuristic: a literal, NONE when no
 * unsatisfied clause is left (the look-ahead: or, with s->conflict set, when
 * its failed literals refute the node). */
TEAM_HD gsat_lit GSAT_DPLL_FN(decide)(gsat_dpll *s, const gsat_db_view *db) {
  if (s->decide == GSAT_DECIDE_LOOKAHEAD) return GSAT_DPLL_FN(decide_lookahead)(s, db);
  return s->decide == GSAT_DECIDE_MOMS ? GSAT_DPLL_FN(decide_moms)(s, db)
                                       : GSAT_DPLL_FN(decide_static)(s, db);
}

/* Searches below the base level until a model is found (SAT), the subtree is
 * refuted (EXHAUSTED) or `budget` more decisions have been made (PAUSED). */
TEAM_HD int GSAT_DPLL_FN(search)(gsat_dpll *s, const gsat_db_view *db, uint64_t budget) {
  const uint64_t stop_at = s->n.nodes + budget;
  for (;;) {
    if (s->conflict) {
      /* A backtrack's flip is a node too: at the budget, pause before it
       * (the conflict stays for the next slice), so that a slice makes at
       * most `budget` nodes and --node-limit is exact on one worker; with no
       * branch left the subtree is refuted whatever the budget. */
      if (s->n.nodes >= stop_at && GSAT_DPLL_FN(shallowest_open)(s)) return GSAT_DPLL_PAUSED;
      if (!GSAT_DPLL_FN(backtrack)(s)) return GSAT_DPLL_EXHAUSTED;
      s->conflict = GSAT_DPLL_FN(propagate)(s, db);
      continue;
    }
    if (s->n.nodes >= stop_at) return GSAT_DPLL_PAUSED;
    const gsat_lit lit = GSAT_DPLL_FN(decide)(s, db);
    if (s->conflict) continue; /* the look-ahead refuted the node */
    if (lit == GSAT_DPLL_NONE) return GSAT_DPLL_SAT;
    s->level++;
    const gsat_level lv = {s->trail_len, lit, s->next_order_pos, 0};
    GSAT_DPLL_FN(set_level)(s, s->level, lv);
    GSAT_DPLL_FN(assign)(s, lit);
    s->n.nodes++;
    s->conflict = GSAT_DPLL_FN(propagate)(s, db);
  }
}

/* Gives away the shallowest untried branch below the base: writes its cube (the
 * decisions above it, then its flipped literal) to out[0..n) and returns n, or 0
 * when there is none or it needs more than cap literals.  With the look-ahead
 * the cube holds every literal assigned above the branch after the root's
 * (failed literals' negations included, at most V - 1), so that the receiver
 * looks ahead on the donor's assignment.  The donor counts the branch's node
 * and will not backtrack into it. */
TEAM_HD uint32_t GSAT_DPLL_FN(donate)(gsat_dpll *s, gsat_lit *out, uint32_t cap) {
  const uint32_t d = GSAT_DPLL_FN(shallowest_open)(s);
  gsat_level lv = GSAT_DPLL_AT(s->levels, d);
  const int all = s->decide == GSAT_DECIDE_LOOKAHEAD;
  const uint32_t n = all ? lv.trail_pos - s->root_len + 1 : d;
  if (!d || n > cap) return 0;
  TEAM_FOR(k, 0, n - 1)
  GSAT_DPLL_CUBE_STORE(out + k, all ? GSAT_DPLL_AT(s->trail, s->root_len + k)
                                    : GSAT_DPLL_AT(s->levels, k + 1).lit);
  TEAM_ONE(GSAT_DPLL_CUBE_STORE(out + n - 1, GSAT_NOT(lv.lit)); lv.flipped = 1;
           GSAT_DPLL_AT(s->levels, d) = lv);
  s->n.nodes++;
  return n;
}

#undef GSAT_DPLL_FN
#undef GSAT_DPLL_AT
#undef GSAT_DPLL_CUBE_LOAD
#undef GSAT_DPLL_CUBE_STORE
#undef GSAT_DPLL_MOMS_WALK
#undef GSAT_DPLL_LA_KEPT
#endif
