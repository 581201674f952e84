/* The CPU walkers (local-search.md): the walker step code (core/walk.h)
 * as a team of one per thread, p->threads walkers with different seeds. */
#ifndef GSAT_CPU_WALK_CPU_H
#define GSAT_CPU_WALK_CPU_H

#include "base/status.h"
#include "core/db.h"
#include "core/search.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Walks db with p->threads walkers (thread i's seed: gsat_walk_mix(p->seed +
 * i), each restarting on the Luby schedule, gsat_walk_params_default) until
 * one has no unsatisfied clause: r->answer SAT with its assignment as the
 * model (internal variables; the caller checks it against the original
 * clauses).  Never UNSAT: UNKNOWN when p->stop is raised or a limit is
 * reached (r->stopped_by_limit): p->time_limit, or p->node_limit counted in
 * flips of all walkers (each may overshoot by a slice of 4096).  The calling
 * thread runs walker 0 and calls p->progress.  Per walker counters: flips,
 * restarts, best unsatisfied count (the total's best is the minimum).
 * Errors: NOMEM, RESOURCE (threads, 2^32 literals). */
gsat_status gsat_cpu_walk_solve(const gsat_db *db, const gsat_search_params *p,
                                gsat_search_result *r, gsat_error *err);

/* The sum of n walkers' counters into *t, with the minimum of their best
 * unsatisfied counts (those that walked: best != 0 or a model). */
void gsat_walk_stats_total(gsat_worker_stats *t, const gsat_worker_stats *w, uint32_t n);

#ifdef __cplusplus
}
#endif

#endif
