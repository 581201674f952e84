/* Restarts (Glucose's LBD averages, Luby) and what runs between
 * propagation and the next decision.
 * Part of the CDCL step code (core/cdcl.h). */
#ifndef GSAT_CDCL_RESTART_H
#define GSAT_CDCL_RESTART_H

#include "core/cdcl_reduce.h"
#include "core/cdcl_simplify.h"
#include "core/cdcl_trail.h"

/*---- restarts, reduction, simplification ------------------------------------*/

/* Luby's sequence 1 1 2 1 1 2 4 ... at index x (0-based). */
GSAT_HD uint64_t gsat_cdcl_luby(uint64_t x) {
  uint64_t size = 1, seq = 0;
  while (size < x + 1) {
    seq++;
    size = 2 * size + 1;
  }
  while (size - 1 != x) {
    size = (size - 1) >> 1;
    seq--;
    x = x % size;
  }
  return (uint64_t)1 << seq;
}

GSAT_HD int gsat_cdcl_restart_due(const gsat_cdcl *s) {
  if (s->cfg.restart == GSAT_CDCL_RESTART_LUBY ||
      (s->cfg.restart == GSAT_CDCL_RESTART_SWITCH && s->stable))
    return s->restart_conflicts >= gsat_cdcl_luby(s->luby_index) * s->cfg.luby_unit;
  return s->restart_conflicts >= s->cfg.restart_min &&
         s->lbd_fast > s->cfg.restart_margin * s->lbd_slow;
}

GSAT_HD void gsat_cdcl_restart(gsat_cdcl *s) {
  gsat_cdcl_backtrack(s, 0);
  s->n.restarts++;
  s->luby_index++;
  s->restart_conflicts = 0;
  if (s->qhead == s->trail_len) gsat_cdcl_simplify(s);
}

/* Between propagation and the next decision: a restart when due, a reduction
 * when due. */
GSAT_HD void gsat_cdcl_between(gsat_cdcl *s) {
  if (gsat_cdcl_restart_due(s)) gsat_cdcl_restart(s);
  if (s->n.conflicts >= s->next_reduce) gsat_cdcl_reduce(s);
}

#endif
