/* The phase exchange between the walkers and the CDCL searchers
 * (local-search.md, section 3): host memory, any thread.
 *
 * A slot holds one full assignment (a byte per variable, 1 true), its cost
 * (lower is better) and a generation number.  An offer replaces the held
 * assignment only when its cost is lower (the first offer always), and then
 * raises the generation; a taker remembers the generation it last took and
 * takes again only a newer one.  The exchange has two slots, one per
 * direction:
 *   from_walk  the walkers' best assignments, cost = unsatisfied clauses;
 *              the CDCL searchers take them at rephase as saved and target
 *              phases (phases_cdcl.h), as Kissat and CaDiCaL take their
 *              walker's ("Chasing Target Phases", Biere and Fleury, POS
 *              2020; CaDiCaL's and Kissat's walk rephase);
 *   from_cdcl  the CDCL searchers' target phases completed by their saved
 *              phases, cost = variables off the longest conflict-free trail;
 *              a walker restarts from them.
 * A slot is guarded by a spin lock (a compare-and-swap word; the holder
 * copies num_vars bytes), so readers never see a torn assignment.  Phases
 * never affect soundness: any assignment is a valid guess. */
#ifndef GSAT_CORE_PHASES_H
#define GSAT_CORE_PHASES_H

#include <stdint.h>

#include "base/status.h"

#ifdef __cplusplus
extern "C" {
#endif

#define GSAT_PHASES_NONE 0xffffffffu /* cost of an empty slot */

typedef struct gsat_phase_slot {
  uint32_t lock; /* 0 free, 1 held (atomic) */
  uint32_t num_vars;
  uint32_t cost; /* of val; GSAT_PHASES_NONE: nothing offered yet (atomic) */
  uint32_t pad;
  uint64_t generation; /* offers taken so far (atomic) */
  uint64_t offers;     /* offers made, taken or not (atomic) */
  uint8_t *val;        /* [num_vars] */
} gsat_phase_slot;

typedef struct gsat_phases {
  gsat_phase_slot from_walk, from_cdcl;
  uint64_t walk_flips; /* the walkers' flips so far, as they tell them (atomic;
                        * for the searchers' progress reports) */
} gsat_phases;

/* Allocates both slots of x for num_vars variables, empty.  Errors: NOMEM. */
gsat_status gsat_phases_init(gsat_phases *x, uint32_t num_vars, gsat_error *err);

/* Frees what gsat_phases_init allocated (also after its failure). */
void gsat_phases_free(gsat_phases *x);

/* Offers val[0..num_vars) of cost `cost` to slot s: it replaces the held
 * assignment when cost is lower than the held one's (any cost below
 * GSAT_PHASES_NONE fills an empty slot), and the generation goes up.
 * Returns 1 when taken, 0 when not. */
int gsat_phase_offer(gsat_phase_slot *s, const uint8_t *val, uint32_t cost);

/* When slot s holds a generation newer than *seen: copies it into
 * out[0..num_vars), sets *seen to it and *cost (may be NULL) to its cost,
 * returns 1; else 0 (out untouched). */
int gsat_phase_take(gsat_phase_slot *s, uint64_t *seen, uint8_t *out, uint32_t *cost);

/* The held cost, read without the lock (GSAT_PHASES_NONE: empty): a cheap
 * test before building an offer that would not be taken. */
uint32_t gsat_phase_cost(const gsat_phase_slot *s);

/* The held generation, read without the lock (0: empty). */
uint64_t gsat_phase_generation(const gsat_phase_slot *s);

#ifdef __cplusplus
}
#endif

#endif
