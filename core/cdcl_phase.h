/* Phases: target phases (Chasing Target Phases) and the diversification of
 * a searcher (random initial phases and activities).
 * Part of the CDCL step code (core/cdcl.h). */
#ifndef GSAT_CDCL_PHASE_H
#define GSAT_CDCL_PHASE_H

#include "core/cdcl_queue.h"

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

#endif
