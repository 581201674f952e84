/* The CPU+GPU portfolio of --backend=auto on a machine with a GPU:
 * the CPU search (CDCL searchers on the host's cores, DPLL when the
 * features pick it, the CPU walkers with --search=walk) starts at once; the
 * GPU search (core/options.h gsat_options_gpu_member: the GPU walkers or
 * the GPU CDCL search beside CPU CDCL, the GPU walkers beside CPU walkers,
 * else GPU DPLL) starts on its own thread, creates its CUDA context and
 * uploads while the CPU already searches, and launches its kernel only when
 * the CPU has not answered by then.  A race (race.h) arbitrates: the first
 * verified answer wins, the other member is stopped, and a GPU member still
 * in its setup is left in the background (gsat_race_background()).
 *
 * Clause exchange (both members CDCL, no proof): each member gets a clause
 * port (core/share.h) polled about every 2 ms by its own host thread
 * (the CPU portfolio's calling thread with its ring; the GPU clause port's
 * thread with the host mirror of the device ring, gpu/cdcl_port.h).  The ports meet in an exchange
 * ring in host memory (the portfolio's, outliving both): each poll relays what the member's
 * searchers exported into the exchange ring and what the other member put
 * there into the member's ring (gsat_share_relay), units and clauses of at
 * most 8 literals or glue 2.  The counts are the members' port_out /
 * port_in counters.  --no-portfolio-gpu-cdcl (api.c: the GPU DPLL row as
 * the GPU member) keeps the GPU member on DPLL.  With a proof there is no
 * portfolio (api.c), and the
 * bridge is never opened for a search that writes one: a clause from the
 * other member is not in the log. */
#ifndef GSAT_API_PORTFOLIO_H
#define GSAT_API_PORTFOLIO_H

#include "api/backends.h"
#include "api/race.h"
#include "core/db.h"
#include "core/search.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Member indices: the CPU member first, then the GPU member when there is
 * one, then the CPU walker member when there is one (set_walkers). */
enum { GSAT_PORTFOLIO_CPU = 0, GSAT_PORTFOLIO_GPU = 1 };

typedef struct gsat_portfolio gsat_portfolio;
struct gsat_gpu_engine; /* gpu/search.h */

/* A portfolio over *db, which it takes over (*db is zeroed; the portfolio
 * frees it when the last member is done with it).  NULL when out of memory
 * (*db untouched). */
gsat_portfolio *gsat_portfolio_new(gsat_db *db);

/* The database the members search (valid until gsat_portfolio_solve
 * returns). */
const gsat_db *gsat_portfolio_db(const gsat_portfolio *pf);

/* Frees a portfolio that did not run. */
void gsat_portfolio_discard(gsat_portfolio *pf);

/* Races the CPU row cpu (backends.h; with p as given: its progress
 * callback, limits, extra clauses and proof sink) against the GPU row gpu
 * (p's GPU fields and CDCL configuration, no progress, no proof, no extra
 * clauses, no assumptions; the walkers no node limit: p's counts the CPU's
 * decisions or flips; beside CPU walkers, GPU walker i has seed
 * p->seed + p->threads + i, so that no GPU walker repeats the walk of a CPU
 * walker), stopped by p->stop and p->time_limit; the members exchange
 * clauses when both rows do (GSAT_BACKEND_CLAUSES).  The GPU member waits
 * gpu_delay seconds (or until the race ends) before it touches CUDA.  verify
 * checks a SAT answer (race.h) before it can win.  Fills *out (race.h; the
 * members are named after their machines, "cpu" and "gpu"); consumes pf.
 * gpu may be NULL: no GPU member (a race of the CPU search and the CPU
 * walkers of gsat_portfolio_set_walkers).
 * Errors: those of the race when every member failed (out->member[i].message
 * says why each did). */
gsat_status gsat_portfolio_solve(gsat_portfolio *pf, const gsat_search_params *p,
                                 const gsat_backend *cpu, const gsat_backend *gpu, double gpu_delay,
                                 gsat_race_verify_fn verify, void *verify_data,
                                 gsat_race_outcome *out, gsat_error *err);

/* The members of a race of the CPU row cpu, the GPU row gpu (NULL: none)
 * and walkers CPU walkers (0: none), in the race's order, the one place that
 * sets it: cpu (GSAT_PORTFOLIO_CPU), then gpu (GSAT_PORTFOLIO_GPU), then
 * the CPU walker row; their rows into row[] and their names ("cpu", "gpu",
 * "walk": static strings) into name[], both of GSAT_RACE_MAX_MEMBERS.
 * Returns their count.  gsat_portfolio_solve races them in this order: its
 * out->member[i] is row[i]'s. */
uint32_t gsat_portfolio_members(const gsat_backend *cpu, const gsat_backend *gpu, uint32_t walkers,
                                const gsat_backend **row, const char **name);

/* Adds a member "walk" of threads CPU walkers (cpu/walk_cpu.h; models only),
 * whose threads are taken from the CPU member's (which keeps at least one),
 * with seeds p->seed + 2 p->threads on (no GPU walker's); 0: none.  Call
 * before gsat_portfolio_solve.  Walkers find the models of satisfiable
 * random formulas long before a tree search (docs/walk.md). */
void gsat_portfolio_set_walkers(gsat_portfolio *pf, uint32_t threads);
/* Lends the GPU member the engine e (gpu/search.h: device memory, streams
 * and context kept between solves) instead of a temporary one; call before
 * gsat_portfolio_solve, which sets *taken (may be NULL) to whether the member
 * runs on e (a row with GSAT_BACKEND_ENGINE, GPU DPLL, not a stand-in).  The
 * member uses it only while it runs: when it took e and was left in its setup
 * (out->member[GSAT_PORTFOLIO_GPU].phase == GSAT_RACE_SETUP) it may still hold
 * e after the return, so the caller must not use or free e then. */
void gsat_portfolio_set_gpu_engine(gsat_portfolio *pf, struct gsat_gpu_engine *e, int *taken);

/* The row of member index (GSAT_PORTFOLIO_CPU or GSAT_PORTFOLIO_GPU) while
 * gsat_portfolio_solve runs; for stand-ins (shared is the gsat_portfolio),
 * which stand in for the GPU row's search. */
const gsat_backend *gsat_portfolio_member(const gsat_portfolio *pf, uint32_t index);

/* The search parameters member index (GSAT_PORTFOLIO_CPU or
 * GSAT_PORTFOLIO_GPU) searches with while gsat_portfolio_solve runs; for
 * stand-ins, which read what the GPU search would (heuristic, seed, limits). */
const gsat_search_params *gsat_portfolio_params(const gsat_portfolio *pf, uint32_t index);

/* The GPU member's clause port (the bridge), NULL when the members do not
 * exchange clauses; for stand-ins, which poll it with a ring of their own
 * as the GPU search does. */
const struct gsat_clause_port *gsat_portfolio_gpu_port(const gsat_portfolio *pf);

/* The phase exchange (core/phases.h) of the GPU walkers and the CPU CDCL
 * searchers when the GPU member runs the walkers beside them, else NULL
 * (also when both members walk); for stand-ins, which offer into it as the
 * GPU walkers do. */
struct gsat_phases *gsat_portfolio_phases(gsat_portfolio *pf);

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
