/* The CPU reference DPLL: the algorithm of tree-mapping.md run on host threads,
 * with the DPLL step code shared with the GPU (solver/dpll.h).  One thread runs
 * plain sequential DPLL.  With more threads, workers exchange cubes: an idle
 * worker waits on a shared queue and busy workers donate their shallowest untried
 * branch (tree-mapping.md, "Work items"), pthreads only. */
#ifndef GSAT_CPU_REF_H
#define GSAT_CPU_REF_H

#include "solver/core/db.h"
#include "solver/core/search.h"
#include "solver/base/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Searches db with p->threads workers and fills r (answer, model over internal
 * variables when SAT, per-worker statistics).  The calling thread supervises:
 * it enforces p->time_limit, polls p->stop and calls p->progress; workers
 * count their decisions and stop at p->node_limit (exact with one worker; with
 * more, each may overshoot by one slice).  Answer 0 (UNKNOWN) means stopped by
 * a limit (r->stopped_by_limit) or the flag.  db must not hold an empty
 * clause (the caller answers UNSAT for it).  Errors: NOMEM, RESOURCE
 * (threads). */
gsat_status gsat_cpu_solve(const gsat_db *db, const gsat_search_params *p,
                           gsat_search_result *r, gsat_error *err);

#ifdef __cplusplus
}
#endif

#endif
