/* Recursive minimization of the learned clause (MiniSat's ccmin 2 with
 * abstract levels).
 * Part of the CDCL step code (core/cdcl.h). */
#ifndef GSAT_CDCL_MINIMIZE_H
#define GSAT_CDCL_MINIMIZE_H

#include "core/cdcl_arena.h"

GSAT_HD uint32_t gsat_cdcl_abstract(const gsat_cdcl *s, uint32_t v) {
  return 1u << (s->level[v] & 31);
}

/* Is p (in the learned clause) implied by the other literals marked seen?
 * MiniSat's litRedundant with an explicit stack; marks what it proves in
 * seen[] and toclear[]. */
GSAT_HD int gsat_cdcl_redundant(gsat_cdcl *s, const gsat_db_view *db, gsat_lit p, uint32_t abstract,
                                uint32_t *toclear_len) {
  uint32_t sp = 0, top = *toclear_len;
  s->stack[sp++] = p;
  while (sp) {
    gsat_lit q = s->stack[--sp];
    uint32_t n;
    const uint32_t *lits = gsat_cdcl_reason_lits(s, db, s->reason[GSAT_VAR(q)], &n);
    for (uint32_t k = 0; k < n; k++) {
      gsat_lit l = lits[k] & GSAT_STREAM_LIT;
      uint32_t v = GSAT_VAR(l);
      if (v == GSAT_VAR(q) || s->seen[v] || s->level[v] == 0) continue;
      if (s->reason[v] != GSAT_CDCL_NOREF && (gsat_cdcl_abstract(s, v) & abstract)) {
        s->seen[v] = 1;
        s->stack[sp++] = l;
        s->toclear[(*toclear_len)++] = l;
      } else {
        for (uint32_t j = top; j < *toclear_len; j++) s->seen[GSAT_VAR(s->toclear[j])] = 0;
        *toclear_len = top;
        return 0;
      }
    }
  }
  return 1;
}

/* Recursive minimization of s->learnt[0..len); clears seen[].  Returns the
 * new length. */
GSAT_HD uint32_t gsat_cdcl_minimize(gsat_cdcl *s, const gsat_db_view *db, uint32_t len) {
  uint32_t abstract = 0, tl = 0, j = 1;
  for (uint32_t i = 1; i < len; i++) abstract |= gsat_cdcl_abstract(s, GSAT_VAR(s->learnt[i]));
  for (uint32_t i = 0; i < len; i++) s->toclear[tl++] = s->learnt[i];
  for (uint32_t i = 1; i < len; i++) {
    gsat_lit l = s->learnt[i];
    if (s->reason[GSAT_VAR(l)] == GSAT_CDCL_NOREF || !gsat_cdcl_redundant(s, db, l, abstract, &tl))
      s->learnt[j++] = l;
  }
  for (uint32_t i = 0; i < tl; i++) s->seen[GSAT_VAR(s->toclear[i])] = 0;
  s->n.minimized_lits += len - j;
  return j;
}

#endif
