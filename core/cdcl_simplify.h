/* Level-0 simplification: satisfied clauses deleted, false literals
 * stripped.
 * Part of the CDCL step code (core/cdcl.h). */
#ifndef GSAT_CDCL_SIMPLIFY_H
#define GSAT_CDCL_SIMPLIFY_H

#include "core/cdcl_arena.h"

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
    for (uint32_t i = s->proof_units; i < s->trail_len; i++)
      s->proof->add(s->proof->data, &s->trail[i], 1);
  s->proof_units = s->trail_len;
  for (uint32_t i = 0; i < s->trail_len; i++) s->reason[GSAT_VAR(s->trail[i])] = GSAT_CDCL_NOREF;
  for (uint64_t c = 0; c < s->arena_top; c += GSAT_CDCL_HDR + a[c + 1]) {
    if (a[c + 2] & GSAT_CDCL_DELETED) continue;
    uint32_t *lits = GSAT_CDCL_LITS(s, c), n = a[c], k = 0, sat = 0;
    for (uint32_t i = 0; i < n && !sat; i++) sat = s->val[lits[i]] > 0;
    if (sat) {
      gsat_cdcl_delete(s, (uint32_t)c);
      continue;
    }
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

#endif
