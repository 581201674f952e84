/* The next decision: pending assumptions first (a false one yields the
 * failed assumptions), then the heuristic; a cube split turns a decision
 * into an assumption.
 * Part of the CDCL step code (core/cdcl.h). */
#ifndef GSAT_CDCL_DECIDE_H
#define GSAT_CDCL_DECIDE_H

#include "core/cdcl_arena.h"
#include "core/cdcl_phase.h"
#include "core/cdcl_trail.h"

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

/*---- the search loop -------------------------------------------------------*/

/* The next decision: pending assumptions first, then the heuristic.  Returns
 * 0 (decided), GSAT_CDCL_SAT (all assigned) or GSAT_CDCL_UNSAT (a false
 * assumption; s->failed holds the failed ones). */
GSAT_HD int gsat_cdcl_decide(gsat_cdcl *s, const gsat_db_view *db) {
  while (s->dlevel < s->num_assumptions) {
    gsat_lit a = s->assumptions[s->dlevel];
    if (s->val[a] > 0) {
      gsat_cdcl_new_level(s);
      continue;
    }
    if (s->val[a] < 0) {
      gsat_cdcl_analyze_final(s, db, a);
      return GSAT_CDCL_UNSAT;
    }
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

#endif
