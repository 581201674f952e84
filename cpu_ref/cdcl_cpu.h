/* The CPU CDCL search: the CDCL step code (solver/core/cdcl.h) run by one
 * thread (a team of one), behind the backend interface of search.h. */
#ifndef GSAT_CDCL_CPU_H
#define GSAT_CDCL_CPU_H

#include "solver/base/status.h"
#include "solver/core/db.h"
#include "solver/core/search.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Searches db with one CDCL searcher configured by p->cdcl and fills r
 * (answer, model over internal variables when SAT, counters in r->total and
 * r->workers[0]).  The calling thread runs the search in slices of a few
 * milliseconds and between slices polls p->stop, enforces p->time_limit and
 * p->node_limit (decisions; exact to a slice) and calls p->progress.  With
 * p->assumptions, an UNSAT answer under them sets r->unsat_assumptions and
 * r->failed.  p->proof (may be NULL) receives every learned clause, every
 * deletion and the empty clause.  db must not hold an empty clause.  Errors:
 * NOMEM, RESOURCE (the clause arena beyond 2^31 words). */
gsat_status gsat_cpu_cdcl_solve(const gsat_db *db, const gsat_search_params *p,
                                gsat_search_result *r, gsat_error *err);

#ifdef __cplusplus
}
#endif

#endif
