/* The trail: assignments with levels and reasons, backtracking with phase
 * saving.
 * Part of the CDCL step code (core/cdcl.h). */
#ifndef GSAT_CDCL_TRAIL_H
#define GSAT_CDCL_TRAIL_H

#include "core/cdcl_queue.h"

/*---- trail ----------------------------------------------------------------*/

GSAT_HD void gsat_cdcl_assign(gsat_cdcl *s, gsat_lit lit, uint32_t reason) {
  uint32_t v = GSAT_VAR(lit);
  s->val[lit] = 1;
  s->val[GSAT_NOT(lit)] = -1;
  s->level[v] = s->dlevel;
  s->reason[v] = reason;
  s->trail[s->trail_len++] = lit;
  s->n.propagations++;
}

GSAT_HD void gsat_cdcl_new_level(gsat_cdcl *s) {
  s->dlevel++;
  s->trail_lim[s->dlevel] = s->trail_len;
}

/* Unassigns every level above lvl, saving phases. */
GSAT_HD void gsat_cdcl_backtrack(gsat_cdcl *s, uint32_t lvl) {
  if (s->dlevel <= lvl) return;
  uint32_t to = s->trail_lim[lvl + 1];
  const int vmtf = s->cfg.decide == GSAT_CDCL_VMTF;
  for (uint32_t i = s->trail_len; i > to; i--) {
    gsat_lit l = s->trail[i - 1];
    uint32_t v = GSAT_VAR(l);
    s->val[l] = 0;
    s->val[GSAT_NOT(l)] = 0;
    s->phase[v] = (uint8_t)!GSAT_SIGN(l);
    if (vmtf) {
      if (s->vmtf_search == GSAT_CDCL_NOREF || s->vmtf_stamp[v] > s->vmtf_stamp[s->vmtf_search])
        s->vmtf_search = v;
    } else {
      gsat_cdcl_heap_insert(s, v);
    }
  }
  s->trail_len = to;
  s->qhead = to;
  s->dlevel = lvl;
}

#endif
