/* The clause database as read: every clause of the input, in input order, as CSR
 * (clause_start[num_clauses + 1] offsets into lits[]).  Literals use the external
 * variable numbering (DIMACS variable d is variable d - 1).  This is what the
 * DIMACS reader and gsat_add() fill and what every model is checked against; the
 * search works on a normalised copy (db.h). */
#ifndef GSAT_CNF_H
#define GSAT_CNF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/literal.h"
#include "base/status.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gsat_cnf {
  uint64_t declared_vars;    /* from the `p cnf` header (0 when none) */
  uint64_t declared_clauses; /* from the `p cnf` header (0 when none) */
  uint64_t max_var;          /* 1 + largest variable used (0 when none) */
  size_t num_clauses;        /* completed clauses */
  size_t num_lits;           /* literals of completed and open clauses */
  size_t *clause_start;      /* [num_clauses + 1]; clause_start[0] == 0 */
  gsat_lit *lits;            /* [num_lits] */
  size_t cap_clauses, cap_lits;
} gsat_cnf;

/* Initialises an empty CNF (no allocation). */
void gsat_cnf_init(gsat_cnf *cnf);

/* Frees the arrays and resets to empty. */
void gsat_cnf_free(gsat_cnf *cnf);

/* Grows the literal array so that `extra` more literals fit.  Errors: NOMEM,
 * RESOURCE (more than SIZE_MAX/8 literals). */
gsat_status gsat_cnf_reserve_lits(gsat_cnf *cnf, size_t extra, gsat_error *err);

/* Appends a literal to the open clause.  Errors: NOMEM. */
static inline gsat_status gsat_cnf_add_lit(gsat_cnf *cnf, gsat_lit lit, gsat_error *err) {
  if (cnf->num_lits == cnf->cap_lits) {
    gsat_status st = gsat_cnf_reserve_lits(cnf, 1, err);
    if (st != GSAT_OK) return st;
  }
  cnf->lits[cnf->num_lits++] = lit;
  if ((uint64_t)GSAT_VAR(lit) >= cnf->max_var) cnf->max_var = (uint64_t)GSAT_VAR(lit) + 1;
  return GSAT_OK;
}

/* Closes the open clause (possibly empty).  Errors: NOMEM. */
gsat_status gsat_cnf_end_clause(gsat_cnf *cnf, gsat_error *err);

/* Number of literals of the open (unterminated) clause. */
static inline size_t gsat_cnf_open_size(const gsat_cnf *cnf) {
  return cnf->num_lits - (cnf->clause_start ? cnf->clause_start[cnf->num_clauses] : 0);
}

/* Drops the open clause's literals (e.g. after a parse error). */
void gsat_cnf_drop_open(gsat_cnf *cnf);

/* Checks `value` (value[v] != 0 means variable v is true, for v < num_values;
 * variables at or above num_values count as false) against every clause.
 * Returns the index of the first falsified clause, or SIZE_MAX when all are
 * satisfied. */
size_t gsat_cnf_first_falsified(const gsat_cnf *cnf, const uint8_t *value, size_t num_values);

#ifdef __cplusplus
}
#endif

#endif
