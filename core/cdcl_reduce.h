/* Reduction of the learned clauses by LBD tiers and activity.
 * Part of the CDCL step code (core/cdcl.h). */
#ifndef GSAT_CDCL_REDUCE_H
#define GSAT_CDCL_REDUCE_H

#include "core/cdcl_arena.h"

/* Clause a is a worse reduction candidate than b: higher LBD, then lower
 * activity. */
GSAT_HD int gsat_cdcl_worse(const gsat_cdcl *s, uint32_t a, uint32_t b) {
  uint32_t la = s->arena[a + 2] & GSAT_CDCL_LBD_MASK, lb = s->arena[b + 2] & GSAT_CDCL_LBD_MASK;
  if (la != lb) return la > lb;
  return gsat_cdcl_f(s->arena[a + 3]) < gsat_cdcl_f(s->arena[b + 3]);
}

GSAT_HD void gsat_cdcl_sift(const gsat_cdcl *s, uint32_t *r, uint64_t i, uint64_t m) {
  for (;;) {
    uint64_t c = 2 * i + 1;
    if (c >= m) break;
    if (c + 1 < m && gsat_cdcl_worse(s, r[c], r[c + 1])) c++;
    if (!gsat_cdcl_worse(s, r[i], r[c])) break;
    uint32_t t = r[i];
    r[i] = r[c];
    r[c] = t;
    i = c;
  }
}

/* Heap sort of the clause references r[0..n), worst first (a max-heap by
 * quality; each pop puts the best remaining at the end). */
GSAT_HD void gsat_cdcl_sort_worst_first(const gsat_cdcl *s, uint32_t *r, uint64_t n) {
  for (uint64_t st = n / 2; st > 0; st--) gsat_cdcl_sift(s, r, st - 1, n);
  for (uint64_t end = n; end > 1; end--) {
    uint32_t t = r[0];
    r[0] = r[end - 1];
    r[end - 1] = t;
    gsat_cdcl_sift(s, r, 0, end - 1);
  }
}

/* Reduction of the learned clauses by tiers (see the header comment). */
GSAT_HD void gsat_cdcl_reduce(gsat_cdcl *s) {
  uint64_t k = 0;
  uint32_t *a = s->arena;
  for (uint64_t c = 0; c < s->arena_top; c += GSAT_CDCL_HDR + a[c + 1]) {
    uint32_t m = a[c + 2];
    if (!(m & GSAT_CDCL_LEARNED) || (m & GSAT_CDCL_DELETED)) continue;
    uint32_t lbd = m & GSAT_CDCL_LBD_MASK;
    if (lbd <= s->cfg.tier1_lbd) continue;
    if (lbd <= s->cfg.tier2_lbd && (m >> GSAT_CDCL_USED_SHIFT & 3u)) {
      a[c + 2] = m & ~(3u << GSAT_CDCL_USED_SHIFT);
      continue;
    }
    if (gsat_cdcl_locked(s, (uint32_t)c)) continue;
    assert(k < s->scratch_cap);
    s->scratch[k++] = (uint32_t)c;
  }
  gsat_cdcl_sort_worst_first(s, s->scratch, k);
  for (uint64_t i = 0; i < k / 2; i++) gsat_cdcl_delete(s, s->scratch[i]);
  for (uint64_t i = k / 2; i < k; i++) /* survivors start the next round unused */
    a[s->scratch[i] + 2] &= ~(3u << GSAT_CDCL_USED_SHIFT);
  s->n.reductions++;
  s->reduce_interval += s->cfg.reduce_inc;
  s->next_reduce = s->n.conflicts + s->reduce_interval;
  gsat_cdcl_compact_arena(s);
}

#endif
