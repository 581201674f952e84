/* A small CDCL solver for small formulas (the environments of SAT sweeping,
 * core/simp.c, docs/simplify.md): a few hundred clauses over local variables
 * 0..vars-1, solved again and again under assumptions, with a tick budget.
 * Two watched literals, first-UIP learning without minimization, decisions
 * on the lowest free variable with saved phases, no restarts and no clause
 * deletion (the formulas are small and the budgets short).  Every learned
 * clause is handed to a callback before it is used, so that the caller can
 * log it as a DRAT lemma: each is RUP with respect to the clauses added and
 * the lemmas before it (Marques-Silva and Sakallah, "GRASP", 1999; Een and
 * Sorensson, "An Extensible SAT-solver", SAT 2003, for the assumptions). */
#ifndef GSAT_MINI_H
#define GSAT_MINI_H

#include <stdint.h>

#include "core/cdcl_types.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gsat_mini gsat_mini;

/* Called with each learned clause (local literals, k of them; k == 0: the
 * empty clause, the clauses added are unsatisfiable) before the solver uses
 * it. */
typedef void (*gsat_mini_learn_fn)(void *data, const gsat_lit *lits, uint32_t k);

enum { GSAT_MINI_UNKNOWN = 0, GSAT_MINI_SAT = 10, GSAT_MINI_UNSAT = 20, GSAT_MINI_NOMEM = -1 };

/* A solver without variables; NULL when out of memory. */
gsat_mini *gsat_mini_new(void);

void gsat_mini_free(gsat_mini *m);

/* Forgets every clause and makes vars free variables.  0: out of memory. */
int gsat_mini_reset(gsat_mini *m, uint32_t vars);

/* Adds clause lits[0..k-1] (local literals below 2 * vars, no duplicate
 * variables).  0: out of memory. */
int gsat_mini_add(gsat_mini *m, const gsat_lit *lits, uint32_t k);

/* Solves under the assumptions assume[0..n-1], adding the propagations
 * made (watch visits) to *ticks and giving up past tick_limit; learn gets
 * every learned clause.  Returns GSAT_MINI_SAT (the model: gsat_mini_value),
 * GSAT_MINI_UNSAT (under the assumptions: their negations' clause is then
 * RUP with respect to the clauses and the lemmas; without a failing
 * assumption the empty clause was learned), GSAT_MINI_UNKNOWN (budget) or
 * GSAT_MINI_NOMEM. */
int gsat_mini_solve(gsat_mini *m, const gsat_lit *assume, uint32_t n, uint64_t *ticks,
                    uint64_t tick_limit, gsat_mini_learn_fn learn, void *data);

/* The value of local literal l in the last model: 1 true, 0 false. */
int gsat_mini_value(const gsat_mini *m, gsat_lit l);

#ifdef __cplusplus
}
#endif

#endif
