/* The CPU instance of the CDCL step code: the team part
 * (core/cdcl_team.h) for a team of one (core/team_one.h), a
 * CPU thread that runs one searcher (cdcl_cpu.c; the portfolio's threads,
 * cdcl_portfolio.c).  The warp's instance is gpu/cdcl_warp.cuh.  Include
 * guarded: the functions below are GSAT_HD (static inline), defined once in
 * each translation unit that includes this header. */
#ifndef GSAT_CPU_CDCL_ONE_H
#define GSAT_CPU_CDCL_ONE_H

#include "core/cdcl.h"

#include "core/team_one.h"
#define GSAT_CDCL_FN(name) gsat_cdcl_##name

/* The instance's functions (defined by cdcl_team.h below, where each is
 * documented): the search loop, propagation to a fixpoint, the visit of one
 * watch list and its rounds, 1UIP analysis, learning. */
TEAM_HD int gsat_cdcl_search(gsat_cdcl *s, const gsat_db_view *db, uint64_t budget);
TEAM_HD uint32_t gsat_cdcl_propagate(gsat_cdcl *s, const gsat_db_view *db);
TEAM_HD uint32_t gsat_cdcl_watch_bcp(gsat_cdcl *s, gsat_lit f);
TEAM_HD uint32_t gsat_cdcl_watch_take(gsat_cdcl *s, gsat_lit f, gsat_watch **ws,
                                      const gsat_cdcl_look *m, int taken, uint32_t last, int unit,
                                      uint32_t at, uint32_t *j);
TEAM_HD uint32_t gsat_cdcl_analyze(gsat_cdcl *s, const gsat_db_view *db, uint32_t confl);
TEAM_HD int gsat_cdcl_learn(gsat_cdcl *s, const gsat_db_view *db, uint32_t confl);

#include "core/cdcl_team.h"

#endif
