/* The proof log and the clause-sharing export (cdcl.md, section 5): every
 * clause a searcher derives is logged before it is used or exported.
 * Part of the CDCL step code (core/cdcl.h). */
#ifndef GSAT_CDCL_PROOF_H
#define GSAT_CDCL_PROOF_H

#include "core/cdcl_base.h"

/*---- the proof log (cdcl.md, section 5) -------------------------------------*/

/* Logs the clause lits[0..n-1] (n == 0: the empty clause) as added: to the
 * searcher's proof ring when it has one (the GPU searchers), else to its
 * proof sink.  Returns 0 when the ring gave the record up (a stop while the
 * ring was full: the clause must not be exported), else 1 (also without a
 * log).  Every clause a searcher adds by derivation goes through here before
 * it is used or exported: learned clauses, the empty clause, and the negated
 * failed assumptions of a refuted cube (and, after both halves, the negated
 * parent cube: children before parents). */
GSAT_HD int gsat_cdcl_log_add(gsat_cdcl *s, const gsat_lit *lits, uint32_t n) {
  if (s->proof_ring) return gsat_proof_ring_add(s->proof_ring, lits, n);
  if (s->proof) s->proof->add(s->proof->data, lits, n);
  return 1;
}

/* A clause s derived (lits[0..n-1], glue lbd): logged (gsat_cdcl_log_add),
 * then, when the log took it and it is short enough, exported to the
 * clause-sharing ring (s->share, when set): the log first, so that every
 * clause another searcher imports is already in the proof (cdcl.md, section
 * 5).  Returns gsat_cdcl_log_add's result. */
GSAT_HD int gsat_cdcl_log_export(gsat_cdcl *s, const gsat_lit *lits, uint32_t n, uint32_t lbd) {
  const int logged = gsat_cdcl_log_add(s, lits, n);
  if (logged && s->share && gsat_share_wants(s->share, n, lbd) &&
      gsat_share_export(s->share, s->share_id, lits, n) == GSAT_SHARE_ADDED)
    s->share_out++;
  return logged;
}

/* Whether the log takes deletions (the proof ring omits them: a parallel
 * proof may, section 5). */
GSAT_HD int gsat_cdcl_log_deletes(const gsat_cdcl *s) {
  return s->proof != NULL && s->proof_ring == NULL;
}

#endif
