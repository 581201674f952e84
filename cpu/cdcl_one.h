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

#include "core/cdcl_host.h"
#include "core/cdcl_import.h"

/* gsat_cdcl_search with its GROW statuses served (gsat_cdcl_grow): the
 * search status, or a negative gsat_status (NOMEM, RESOURCE) in err. */
static inline int gsat_cdcl_search_grown(gsat_cdcl *s, const gsat_db_view *db, uint64_t budget,
                                         gsat_error *err) {
  int res;
  while ((res = gsat_cdcl_search(s, db, budget)) == GSAT_CDCL_GROW_ARENA ||
         res == GSAT_CDCL_GROW_WATCHES) {
    const gsat_status st = gsat_cdcl_grow(s, res, err);
    if (st != GSAT_OK) return (int)st;
  }
  return res;
}

/* gsat_cdcl_import (core/cdcl_import.h) with its GROW statuses served: 0,
 * GSAT_CDCL_UNSAT, or a negative gsat_status in err. */
static inline int gsat_cdcl_import_grown(gsat_cdcl *s, const gsat_lit *lits, uint32_t n,
                                         uint32_t lbd, gsat_error *err) {
  int res;
  while ((res = gsat_cdcl_import(s, lits, n, lbd)) == GSAT_CDCL_GROW_ARENA ||
         res == GSAT_CDCL_GROW_WATCHES) {
    const gsat_status st = gsat_cdcl_grow(s, res, err);
    if (st != GSAT_OK) return (int)st;
  }
  return res;
}

#endif
