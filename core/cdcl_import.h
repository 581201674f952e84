/* Importing clauses that another searcher learned (cdcl.md, section 4), part
 * of the CDCL step code: include it after core/cdcl.h.  A shared
 * clause is implied by the formula alone, so it may join any searcher's
 * database at any time; it is added at level 0 (at a restart), where a
 * clause satisfied there is dropped, false literals are left out, a clause
 * left with one literal is a unit assigned at level 0, and one left with
 * none refutes the formula.  Imports are not logged to the proof: the
 * exporter appended the clause before exporting it (section 5). */
#ifndef GSAT_CDCL_IMPORT_H
#define GSAT_CDCL_IMPORT_H

#include "core/cdcl.h"

/* Adds the clause lits[0..n-1] (internal literals, no variable twice, n >= 1)
 * to searcher s, which must be at level 0, as a learned clause of glue lbd.
 * Returns 0 (added, assigned, or satisfied and dropped), GSAT_CDCL_UNSAT
 * (false at level 0: the formula is refuted), or a GROW status (no room;
 * nothing was done: the host grows that region and calls again). */
GSAT_HD int gsat_cdcl_import(gsat_cdcl *s, const gsat_lit *lits, uint32_t n, uint32_t lbd) {
  assert(s->dlevel == 0);
  int room = gsat_cdcl_room(s);
  if (room) return room;
  uint32_t k = 0;
  for (uint32_t i = 0; i < n; i++) {
    int8_t v = s->val[lits[i]];
    if (v > 0) return 0;
    if (v == 0) s->learnt[k++] = lits[i];
  }
  if (k == 0) return GSAT_CDCL_UNSAT;
  if (k == 1) {
    gsat_cdcl_assign(s, s->learnt[0], GSAT_CDCL_NOREF);
    return 0;
  }
  uint32_t c = gsat_cdcl_clause_new(s, s->learnt, k, 1, lbd < k ? lbd : k);
  assert(c != GSAT_CDCL_NOREF); /* gsat_cdcl_room left space for V literals */
  int ok = gsat_cdcl_attach(s, c);
  assert(ok);
  (void)ok;
  s->learned_live++;
  return 0;
}

#endif
