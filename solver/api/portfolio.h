/* The CPU+GPU portfolio of --backend=auto on a machine with a GPU (issue 18):
 * the CPU search (CDCL searchers on the host's cores, or DPLL when the
 * features pick it) starts at once; the GPU search (DPLL; the GPU CDCL when
 * it exists) starts on its own thread, creates its CUDA context and uploads
 * while the CPU already searches, and launches its kernel only when the CPU
 * has not answered by then.  A race (race.h) arbitrates: the first verified
 * answer wins, the other member is stopped, and a GPU member still in its
 * setup is left in the background (gsat_race_background()). */
#ifndef GSAT_API_PORTFOLIO_H
#define GSAT_API_PORTFOLIO_H

#include "solver/api/race.h"
#include "solver/core/db.h"
#include "solver/core/search.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Member indices. */
enum { GSAT_PORTFOLIO_CPU = 0, GSAT_PORTFOLIO_GPU = 1 };

typedef struct gsat_portfolio gsat_portfolio;

/* A portfolio over *db, which it takes over (*db is zeroed; the portfolio
 * frees it when the last member is done with it).  NULL when out of memory
 * (*db untouched). */
gsat_portfolio *gsat_portfolio_new(gsat_db *db);

/* The database the members search (valid until gsat_portfolio_solve
 * returns). */
const gsat_db *gsat_portfolio_db(const gsat_portfolio *pf);

/* Frees a portfolio that did not run. */
void gsat_portfolio_discard(gsat_portfolio *pf);

/* Races the CPU search (CDCL when cdcl, else DPLL, with p as given: its
 * progress callback, limits, extra clauses and proof sink) against the GPU
 * DPLL search (p's GPU fields, no progress), stopped by p->stop and
 * p->time_limit.  The GPU member waits gpu_delay seconds (or until the race
 * ends) before it touches CUDA.  verify checks a SAT answer (race.h) before it can win.
 * Fills *out (race.h); consumes pf.  Errors: those of the race when every
 * member failed (out->member[i].message says why each did). */
gsat_status gsat_portfolio_solve(gsat_portfolio *pf, const gsat_search_params *p, int cdcl,
                                 double gpu_delay, gsat_race_verify_fn verify, void *verify_data,
                                 gsat_race_outcome *out, gsat_error *err);

/* Whether a GPU member may run: gsat_gpu_maybe_present() (gpu/search.h), or
 * a stand-in was set. */
int gsat_portfolio_gpu_possible(void);

/* For tests without a GPU: the GPU member becomes `run` (a stand-in with
 * gsat_race_run_fn's contract; shared is the gsat_portfolio, its database
 * gsat_portfolio_db(shared)), and gsat_portfolio_gpu_possible() says 1;
 * NULL restores gsat_gpu_solve. */
void gsat_portfolio_set_gpu_member(gsat_race_run_fn run);

#ifdef __cplusplus
}
#endif

#endif
