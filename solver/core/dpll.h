/* The DPLL step code shared by the CPU reference (cpu_ref/) and the GPU search
 * (gpu/): one definition of decide, BCP, backtrack, cube replay and donation, so
 * that both backends run the same algorithm and count literal checks and nodes the
 * same way (ARCHITECTURE.md, "Shared definitions"; tree-mapping.md).
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
 * Per-worker arrays are addressed through GSAT_DPLL_AT (p, i), and the functions
 * are named GSAT_DPLL_FN (name), by default p[i] and gsat_dpll_name.  To generate
 * another variant (the GPU lane mapping interleaves the arrays of the 32 lanes of
 * a warp), define both macros and include this header again: the template part
 * has no include guard and #undefs both macros at its end.  A variant may also
 * define GSAT_DPLL_DECIDE_MOMS (s, db), the MOMS call of the search loop (the
 * GPU lane mapping reads its own clause layout there); by default it is
 * decide_moms below. */


#include "solver/core/dpll_types.h"

/* The default instance (gsat_dpll_*, plain arrays) is generated once per
 * translation unit; other instances define both macros first. */
#if !defined(GSAT_DPLL_FN) && !defined(GSAT_DPLL_DEFAULT_DONE)
#define GSAT_DPLL_DEFAULT_DONE
#define GSAT_DPLL_FN(name) gsat_dpll_##name
#define GSAT_DPLL_AT(p, i) ((p)[i])
#endif

#if defined(GSAT_DPLL_FN) && defined(GSAT_DPLL_AT)

#ifndef GSAT_DPLL_DECIDE_MOMS
#define GSAT_DPLL_DECIDE_MOMS(s, db) GSAT_DPLL_FN(decide_moms)(s, db)
#endif


GSAT_HD void GSAT_DPLL_FN(assign)(gsat_dpll *s, gsat_lit lit) {
  GSAT_DPLL_AT(s->val, lit) = 1;
  GSAT_DPLL_AT(s->val, GSAT_NOT(lit)) = -1;
  GSAT_DPLL_AT(s->trail, s->trail_len) = lit;
  s->trail_len++;
  s->n.props++;
}

/* Unassigns the trail down to length pos. */
GSAT_HD void GSAT_DPLL_FN(unassign_to)(gsat_dpll *s, uint32_t pos) {
  while (s->trail_len > pos) {
    s->trail_len--;
    gsat_lit l = GSAT_DPLL_AT(s->trail, s->trail_len);
    GSAT_DPLL_AT(s->val, l) = 0;
    GSAT_DPLL_AT(s->val, GSAT_NOT(l)) = 0;
  }
  if (s->qhead > pos) s->qhead = pos;
}

/* BCP: for every literal t on the trail not yet propagated, read the occurrence
 * stream of NOT t and evaluate each clause in it.  A clause with no true and one
 * unassigned literal implies that literal at once; one with no true and no
 * unassigned literal is a conflict.  Returns 1 on conflict, 0 at a fixpoint. */
GSAT_HD uint32_t GSAT_DPLL_FN(propagate)(gsat_dpll *s, const gsat_db_view *db) {
  const uint32_t *stream = db->occ_stream;
  while (s->qhead < s->trail_len) {
    gsat_lit f = GSAT_NOT(GSAT_DPLL_AT(s->trail, s->qhead));
    s->qhead++;
    uint32_t i = db->occ_start[f], e = db->occ_start[f + 1];
    s->n.checks += e - i;
    uint32_t sat = 0, unassigned = 0;
    gsat_lit unit = 0;
    for (; i < e; i++) {
      uint32_t x = stream[i];
      gsat_lit l = x & GSAT_STREAM_LIT;
      int v = GSAT_DPLL_AT(s->val, l);
      sat |= v > 0;
      if (v == 0) {
        unassigned++;
        unit = l;
      }
      if (x & GSAT_STREAM_END) {
        if (!sat) {
          if (unassigned == 0) {
            s->n.checks -= e - i - 1; /* entries not read */
            s->n.conflicts++;
            return 1;
          }
          if (unassigned == 1) GSAT_DPLL_FN(assign)(s, unit);
        }
        sat = 0;
        unassigned = 0;
      }
    }
  }
  return 0;
}

/* Static order: the first unassigned variable after the current level's. */
GSAT_HD gsat_lit GSAT_DPLL_FN(decide_static)(gsat_dpll *s, const gsat_db_view *db) {
  uint32_t pos = GSAT_DPLL_AT(s->levels, s->level).order_pos, start = pos;
  while (pos < db->order_len && GSAT_DPLL_AT(s->val, db->order[pos]) != 0) pos++;
  s->n.heur += pos - start + 1;
  if (pos == db->order_len) return GSAT_DPLL_NONE;
  s->next_order_pos = pos + 1;
  return db->order[pos];
}

/* MOMS's choice from the counts n(l) in s->moms_count (see decide_moms). */
GSAT_HD gsat_lit GSAT_DPLL_FN(moms_pick)(const gsat_dpll *s, uint32_t num_vars) {
  const uint32_t *count = s->moms_count;
  uint64_t best_score = 0;
  gsat_lit best = GSAT_DPLL_NONE;
  for (uint32_t v = 0; v < num_vars; v++) {
    uint64_t p = GSAT_DPLL_AT(count, 2 * v), n = GSAT_DPLL_AT(count, 2 * v + 1);
    uint64_t score = p * n * 1024 + p + n;
    if (score > best_score) {
      best_score = score;
      best = GSAT_LIT(v, n > p);
    }
  }
  return best; /* never NONE: a min-size clause has an unassigned literal */
}

/* MOMS: among unsatisfied clauses with the fewest unassigned literals, count the
 * occurrences n(l) of each unassigned literal; choose the variable with the largest
 * n(x) * n(-x) * 1024 + n(x) + n(-x) (ties: smallest index), the literal with more
 * occurrences first (ties: positive).  No unsatisfied clause left: NONE. */
GSAT_HD gsat_lit GSAT_DPLL_FN(decide_moms)(gsat_dpll *s, const gsat_db_view *db) {
  uint32_t min = 0xffffffffu;
  const uint32_t *start = db->clause_start;
  const gsat_lit *lits = db->clause_lits;
  for (uint32_t c = 0; c < db->num_clauses; c++) {
    uint32_t sat = 0, unassigned = 0;
    for (uint32_t i = start[c]; i < start[c + 1]; i++) {
      int v = GSAT_DPLL_AT(s->val, lits[i]);
      sat |= v > 0;
      unassigned += v == 0;
    }
    if (!sat && unassigned < min) min = unassigned;
  }
  s->n.heur += start[db->num_clauses];
  if (min == 0xffffffffu) return GSAT_DPLL_NONE;
  uint32_t *count = s->moms_count;
  for (uint32_t l = 0; l < 2 * db->num_vars; l++) GSAT_DPLL_AT(count, l) = 0;
  for (uint32_t c = 0; c < db->num_clauses; c++) {
    uint32_t sat = 0, unassigned = 0;
    for (uint32_t i = start[c]; i < start[c + 1]; i++) {
      int v = GSAT_DPLL_AT(s->val, lits[i]);
      sat |= v > 0;
      unassigned += v == 0;
    }
    if (sat || unassigned != min) continue;
    for (uint32_t i = start[c]; i < start[c + 1]; i++)
      if (GSAT_DPLL_AT(s->val, lits[i]) == 0) GSAT_DPLL_AT(count, lits[i])++;
  }
  s->n.heur += start[db->num_clauses] + 3 * (uint64_t)db->num_vars;
  return GSAT_DPLL_FN(moms_pick)(s, db->num_vars);
}

/* Sets up the root: clears the assignment, assigns the unit clauses and
 * propagates.  Returns 1 when the formula is refuted at the root. */
GSAT_HD uint32_t GSAT_DPLL_FN(init_root)(gsat_dpll *s, const gsat_db_view *db,
                                         const gsat_lit *units, uint32_t num_units) {
  for (uint32_t l = 0; l < 2 * db->num_vars; l++) GSAT_DPLL_AT(s->val, l) = 0;
  s->trail_len = s->qhead = s->level = s->base = 0;
  s->conflict = 0;
  gsat_level root = {0, 0, 0, 1};
  GSAT_DPLL_AT(s->levels, 0) = root;
  for (uint32_t k = 0; k < num_units; k++) {
    int v = GSAT_DPLL_AT(s->val, units[k]);
    if (v < 0) return s->conflict = 1;
    if (v == 0) GSAT_DPLL_FN(assign)(s, units[k]);
  }
  s->conflict = GSAT_DPLL_FN(propagate)(s, db);
  s->root_len = s->trail_len;
  return s->conflict;
}

/* Replays a cube from the root state: each literal becomes a decision level that
 * is never flipped (base = n), propagated in order.  BCP work counts as replay.
 * Returns 1 when the cube is refuted (a conflict), 0 when search can start below. */
GSAT_HD uint32_t GSAT_DPLL_FN(start_cube)(gsat_dpll *s, const gsat_db_view *db,
                                          const gsat_lit *cube, uint32_t n) {
  uint64_t checks = s->n.checks;
  GSAT_DPLL_FN(unassign_to)(s, s->root_len);
  s->level = 0;
  s->conflict = 0;
  for (uint32_t k = 0; k < n && !s->conflict; k++) {
    gsat_lit lit = cube[k];
    s->level++;
    gsat_level lv = {s->trail_len, lit, 0, 1};
    GSAT_DPLL_AT(s->levels, s->level) = lv;
    int v = GSAT_DPLL_AT(s->val, lit);
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

/* Searches below the base level until a model is found (SAT), the subtree is
 * refuted (EXHAUSTED) or `budget` more decisions have been made (PAUSED). */
GSAT_HD int GSAT_DPLL_FN(search)(gsat_dpll *s, const gsat_db_view *db,
                                 uint64_t budget) {
  uint64_t stop_at = s->n.nodes + budget;
  for (;;) {
    if (s->conflict) {
      gsat_level lv;
      for (;;) {
        if (s->level <= s->base) return GSAT_DPLL_EXHAUSTED;
        lv = GSAT_DPLL_AT(s->levels, s->level);
        GSAT_DPLL_FN(unassign_to)(s, lv.trail_pos);
        if (!lv.flipped) break;
        s->level--;
      }
      lv.flipped = 1;
      lv.lit = GSAT_NOT(lv.lit);
      GSAT_DPLL_AT(s->levels, s->level) = lv;
      GSAT_DPLL_FN(assign)(s, lv.lit);
      s->n.nodes++;
      s->conflict = GSAT_DPLL_FN(propagate)(s, db);
      continue;
    }
    if (s->n.nodes >= stop_at) return GSAT_DPLL_PAUSED;
    gsat_lit lit = s->decide == GSAT_DECIDE_MOMS ? GSAT_DPLL_DECIDE_MOMS(s, db)
                                                 : GSAT_DPLL_FN(decide_static)(s, db);
    if (lit == GSAT_DPLL_NONE) return GSAT_DPLL_SAT;
    s->level++;
    gsat_level lv = {s->trail_len, lit, s->next_order_pos, 0};
    GSAT_DPLL_AT(s->levels, s->level) = lv;
    GSAT_DPLL_FN(assign)(s, lit);
    s->n.nodes++;
    s->conflict = GSAT_DPLL_FN(propagate)(s, db);
  }
}

/* Gives away the shallowest untried branch below the base: writes its cube (the
 * decisions above it, then its flipped literal) to out[0..n) and returns n, or 0
 * when there is none or it needs more than cap literals.  The donor counts the
 * branch's node and will not backtrack into it. */
GSAT_HD uint32_t GSAT_DPLL_FN(donate)(gsat_dpll *s, gsat_lit *out, uint32_t cap) {
  for (uint32_t d = s->base + 1; d <= s->level; d++) {
    gsat_level lv = GSAT_DPLL_AT(s->levels, d);
    if (lv.flipped) continue;
    if (d > cap) return 0;
    for (uint32_t k = 1; k < d; k++) out[k - 1] = GSAT_DPLL_AT(s->levels, k).lit;
    out[d - 1] = GSAT_NOT(lv.lit);
    lv.flipped = 1;
    GSAT_DPLL_AT(s->levels, d) = lv;
    s->n.nodes++;
    return d;
  }
  return 0;
}

/* Number of levels below the base whose second branch is still open. */
GSAT_HD uint32_t GSAT_DPLL_FN(open_branches)(const gsat_dpll *s) {
  uint32_t open = 0;
  for (uint32_t d = s->base + 1; d <= s->level; d++)
    open += !GSAT_DPLL_AT(s->levels, d).flipped;
  return open;
}

#undef GSAT_DPLL_FN
#undef GSAT_DPLL_AT
#undef GSAT_DPLL_DECIDE_MOMS
#endif
