/* The CPU CDCL portfolio (cdcl.md, section 4): p->threads searchers over one
 * search database, each a team of one on its own pthread (the calling thread
 * runs searcher 0), diversified (seed, initial phase, decision heuristic,
 * restart policy), sharing learned units and short clauses through the ring
 * of solver/core/share.h (imported at restarts), stopped by the termination
 * protocol of solver/core/term.h.  No cubes yet: every searcher searches the
 * whole formula. */
#ifndef GSAT_CDCL_PORTFOLIO_H
#define GSAT_CDCL_PORTFOLIO_H

#include "solver/base/status.h"
#include "solver/core/db.h"
#include "solver/core/search.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Clauses shared: length <= GSAT_PORTFOLIO_SHARE_LEN or glue <=
 * GSAT_PORTFOLIO_SHARE_LBD (cdcl.md: 8 and 2); ring of 2^16 slots. */
#define GSAT_PORTFOLIO_SHARE_LEN 8
#define GSAT_PORTFOLIO_SHARE_LBD 2
#define GSAT_PORTFOLIO_RING_LOG2 16

/* As gsat_cpu_cdcl_solve (cpu_ref/cdcl_cpu.h) with p->threads >= 1
 * searchers: answer and model of the first searcher that finds one (UNSAT
 * under assumptions: that searcher's failed assumptions), counters per
 * searcher in r->workers and summed in r->total.  p->proof receives every
 * searcher's learned clauses in one log, a clause before it is exported;
 * with more than one searcher deletions are left out (a clause deleted by
 * one searcher may still be held by another).  The calling thread polls
 * p->stop, the limits (p->node_limit counts the decisions of all searchers,
 * exact to a slice each) and calls p->progress.  Errors: NOMEM, RESOURCE,
 * INTERNAL (two searchers answered differently). */
gsat_status gsat_cpu_cdcl_portfolio(const gsat_db *db, const gsat_search_params *p,
                                    gsat_search_result *r, gsat_error *err);

#ifdef __cplusplus
}
#endif

#endif
