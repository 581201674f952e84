/* The walkers' formula built from the search database (walk.c): every clause
 * and every unit clause, with occurrence lists of clause indices; and the
 * default parameters of the walk (the probSAT score tables). */
#ifndef GSAT_WALK_CNF_H
#define GSAT_WALK_CNF_H

#include "base/status.h"
#include "core/db.h"
#include "core/walk_types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A gsat_walk_cnf with the arrays it owns. */
typedef struct gsat_walk_formula {
  gsat_walk_cnf view;     /* points into the arrays below */
  uint32_t *clause_start; /* [C + 1] */
  gsat_lit *clause_lits;
  uint32_t *occ_start; /* [2 V + 1] */
  uint32_t *occ;
} gsat_walk_formula;

/* Builds f from db: db's clauses, then its units as clauses of one literal;
 * occurrence lists by literal, each in clause order.  Errors: NOMEM,
 * RESOURCE (2^32 - 1 literals or more).  On error f is left empty. */
gsat_status gsat_walk_formula_build(gsat_walk_formula *f, const gsat_db *db, gsat_error *err);

/* Frees what f owns. */
void gsat_walk_formula_free(gsat_walk_formula *f);

/* The probSAT defaults (Balint and Schoening, SAT 2012; the values tuned
 * for probSAT's SAT Competition 2013 version, which yalsat also takes):
 * clauses of up to 3 literals polynomial, f(b) = (0.9 + b)^-2.06; longer
 * ones exponential, f(b) = cb^-b with cb 2.85 (4 literals), 3.7 (5), 5.1
 * (6), 5.4 (7 and more); each table scaled to f(0) = GSAT_WALK_SCORE_ONE
 * and rounded.  Restarts every base * luby(i) flips, base the larger of
 * GSAT_WALK_RESTART_BASE and 100 flips per variable (at most 2^30). */
void gsat_walk_params_default(gsat_walk_params *p, uint32_t num_vars);

#ifdef __cplusplus
}
#endif

#endif
