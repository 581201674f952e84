/* A CDCL searcher's end of the phase exchange (phases.h), run by the host
 * between the searcher's slices (the CPU portfolio's threads): no hook in
 * the step code, which only sees its phase and target arrays change between
 * two calls.
 *
 * Rephase (taking the walkers' phases).  At the searcher's first slice end
 * after a restart, once its conflicts reach the next rephase point and the
 * walkers' slot holds a generation it has not taken (in either mode: taking
 * them in stable mode only, as Kissat rephases, measured worse here,
 * bench/RESULTS.md), it backtracks to level
 * 0 and the walkers' best assignment becomes both its saved and its target
 * phases (Kissat's and CaDiCaL's walk rephase: the walker's best assignment
 * as saved and target phases, its conflict-free trail measure reset so that
 * the searcher's own longer trails take over again).  The rephase points
 * are GSAT_CDCL_REPHASE_FIRST conflicts, then every GSAT_CDCL_REPHASE_STEP
 * x (takes + 1) conflicts after the last take (an arithmetic schedule, as
 * CaDiCaL's rephase interval); a model (cost 0, offered by a walker that
 * leaves the answer to the searchers) is taken at the first restart.
 *
 * Offer (the searcher's phases to the walkers).  At the same points in
 * time, when its target phases cover a longer conflict-free trail than it
 * last offered: the target phases, completed by the saved phases where no
 * target is set, at cost num_vars - trail length. */
#ifndef GSAT_CORE_CDCL_PHASES_H
#define GSAT_CORE_CDCL_PHASES_H

#include "base/status.h"
#include "core/cdcl_types.h"
#include "core/phases.h"

#ifdef __cplusplus
extern "C" {
#endif

#define GSAT_CDCL_REPHASE_FIRST 1000u
#define GSAT_CDCL_REPHASE_STEP  1000u

/* One searcher's port: its state in the exchange. */
typedef struct gsat_cdcl_phase_port {
  gsat_phases *x;            /* the exchange (not owned) */
  uint8_t *buf;              /* [num_vars] scratch */
  uint64_t seen;             /* generation of x->from_walk last taken */
  uint64_t restarts_seen;    /* s->n.restarts at the last poll that ran */
  uint64_t next_take;        /* conflicts of the next rephase point */
  uint32_t offered_assigned; /* target trail length last offered */
  uint32_t pad;
  uint64_t taken, offered; /* the phases_in and phases_out counters (taken:
                            * gsat_load_u64 from another thread) */
} gsat_cdcl_phase_port;

/* Points port at exchange x for a searcher over num_vars variables.
 * Errors: NOMEM. */
gsat_status gsat_cdcl_phase_port_init(gsat_cdcl_phase_port *port, gsat_phases *x, uint32_t num_vars,
                                      gsat_error *err);

/* Frees what gsat_cdcl_phase_port_init allocated. */
void gsat_cdcl_phase_port_free(gsat_cdcl_phase_port *port);

/* The poll between two slices of s (see the header comment): nothing unless
 * s restarted since the last poll; then the offer and the rephase when due.
 * Returns 1 when s took the walkers' phases (it is at level 0 then). */
int gsat_cdcl_phases_poll(gsat_cdcl *s, gsat_cdcl_phase_port *port);

/* The walkers' assignment val[0..V) (1 true) as s's saved and target
 * phases for every variable not fixed at level 0; the target trail length
 * is reset.  s must be at level 0. */
void gsat_cdcl_take_phases(gsat_cdcl *s, const uint8_t *val);

/* s's assignment to offer into out[0..V): the target phase where one is
 * set, else the saved phase; returns its cost (num_vars - the target trail
 * length). */
uint32_t gsat_cdcl_offer_phases(const gsat_cdcl *s, uint8_t *out);

#ifdef __cplusplus
}
#endif

#endif
