/* The CPU CDCL search: the CDCL step code (core/cdcl.h) run by one
 * thread (a team of one), behind the backend interface of search.h, and the
 * CPU CDCL portfolio it becomes with several threads (cdcl.md, section 4):
 * p->threads searchers over one search database, each a team of one on its
 * own pthread (the calling thread runs searcher 0), diversified (seed,
 * initial phase, decision heuristic, restart policy), sharing learned units
 * and short clauses through the ring
 * of core/share.h (imported at restarts), stopped by the termination
 * protocol of core/term.h.  With p->cdcl_cubes (two searchers or more, no
 * user assumptions) the work is split as cubes (cdcl.md, section 4;
 * core/cube.h) among the first p->cdcl_cube_team searchers (0: all), the
 * others searching the whole formula beside them: searcher 0 starts with
 * the whole formula, the rest of the team idle; a busy one of the team,
 * between slices, when more of the team idle than cubes are queued, turns
 * its first free decision d into one more assumption and donates its cube +
 * NOT d; an idle one takes a queued cube and assumes its literals; a search
 * that fails under its cube learns the negated failed assumptions (logged,
 * shared, kept), closes the cube and the parents it completes (their negated
 * cubes logged after the children's, the root's being the empty clause) and
 * idles again; UNSAT when the last open cube is refuted (term.h) or any
 * searcher derives the empty clause, SAT when any searcher finds a model.
 * Without cubes every searcher searches the whole formula. */
#ifndef GSAT_CDCL_PORTFOLIO_H
#define GSAT_CDCL_PORTFOLIO_H

#include "base/status.h"
#include "core/db.h"
#include "core/search.h"
#include "core/share.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Clauses shared: length <= GSAT_PORTFOLIO_SHARE_LEN or glue <=
 * GSAT_PORTFOLIO_SHARE_LBD (cdcl.md: 8 and 2); ring of 2^16 slots. */
#define GSAT_PORTFOLIO_SHARE_LEN 8
#define GSAT_PORTFOLIO_SHARE_LBD 2
#define GSAT_PORTFOLIO_RING_LOG2 16
/* Whether --cdcl-cubes=auto splits the work as cubes (bench/RESULTS.md,
 * "CDCL cubes": 0.73-0.97x the CPU time of the plain portfolio on structured
 * UNSAT instances with 2 threads; auto leaves uniform random k-SAT out). */
#define GSAT_PORTFOLIO_CUBES_DEFAULT 1
/* With cubes, the searchers that split the work (--cdcl-cube-team=0); the
 * others search the whole formula beside them.  On 16 threads a team of 4
 * beats all cubing; with 2-4 threads it is all of them (bench/RESULTS.md,
 * "app09 with the presearch, ..."). */
#define GSAT_PORTFOLIO_CUBE_TEAM 4
/* Look-ahead cubes of --cdcl-cubes=lookahead when --cdcl-cube-count is 0
 * (bench/RESULTS.md, "Look-ahead cubes for the CDCL searchers"). */
#define GSAT_PORTFOLIO_LOOKAHEAD_CUBES 16

/* Producer id of the clauses that came from outside through the clause
 * port (no searcher has it). */
#define GSAT_PORTFOLIO_REMOTE GSAT_SHARE_REMOTE

/* The clause port (gsat_clause_port, core/share.h) is polled by the
 * calling thread between its slices with the portfolio's sharing ring; with
 * a port the searchers share even when there is one.  Its poll returns
 * GSAT_PORT_CONTINUE (cpu_ref.h, = GSAT_CLAUSE_PORT_CONTINUE), 0 or 20. */

/* Searches db with one CDCL searcher configured by p->cdcl and fills r
 * (answer, model over internal variables when SAT, counters in r->total and
 * r->workers[0]); with p->threads > 1, extra clauses or a clause port it is
 * gsat_cpu_cdcl_portfolio (below).  The calling thread runs the search in
 * slices of a few milliseconds and between slices polls p->stop, enforces
 * p->time_limit, p->node_limit (decisions; exact to a slice) and
 * p->conflict_limit (stopped at the first decision after that many
 * conflicts) and calls p->progress.  With p->assumptions, an UNSAT answer under them sets
 * r->unsat_assumptions and r->failed.  p->proof (may be NULL) receives every
 * learned clause, every deletion and the empty clause.  db must not hold an
 * empty clause.  Errors: NOMEM, RESOURCE (the clause arena beyond 2^31
 * words). */
gsat_status gsat_cpu_cdcl_solve(const gsat_db *db, const gsat_search_params *p,
                                gsat_search_result *r, gsat_error *err);

/* Whether a CPU CDCL search with parameters p runs inprocessing rounds
 * (cdcl_inproc.h): p->inprocess, no assumptions and no extra clauses (the
 * rounds would need them frozen); with one searcher or many, beside a clause
 * port or not. */
int gsat_cpu_cdcl_inprocesses(const gsat_search_params *p);

/* As gsat_cpu_cdcl_solve with p->threads >= 1 searchers: answer and model of the first searcher
 * that finds one (UNSAT under assumptions: that searcher's failed assumptions), counters per
 * searcher in r->workers and summed in r->total.  p->proof receives every
 * searcher's learned clauses in one log, a clause before it is exported;
 * with more than one searcher, beside a clause port or with cubes deletions
 * are left out (a clause deleted by one searcher may still be held by
 * another, or a refuted cube's clause still needed for its parent).  The calling thread polls
 * p->stop, the limits (p->node_limit counts the decisions of all searchers,
 * p->conflict_limit their conflicts, exact to a slice each) and calls
 * p->progress.  Errors: NOMEM, RESOURCE,
 * INTERNAL (two searchers answered differently).  p->clause_port: above. */
gsat_status gsat_cpu_cdcl_portfolio(const gsat_db *db, const gsat_search_params *p,
                                    gsat_search_result *r, gsat_error *err);

#ifdef __cplusplus
}
#endif

#endif
