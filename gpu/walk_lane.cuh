/* The lane walker (local-search.md, section 2: small formulas): the walker
 * step code (core/walk.h) instantiated for a team of one (core/team_one.h)
 * that is one GPU thread, on the wide state (walk.h's default instance,
 * gsat_walk_*, the CPU walkers' own) and on the compact state (gsat_walk16_*,
 * gsat_walker16: 8-bit true counts, 16-bit indices), each with the grid's
 * kernel body (gpu/walk_grid.cuh) that runs one walker per thread:
 * gsat_walk_lane_walker (wide) and gsat_walk_lane16_walker (compact).  A
 * lane walks as the CPU walker of its seed, flip for flip, in either state.
 * Included by gpu/walk_search.cu and by the SIMT emulation test. */
#ifndef GSAT_GPU_WALK_LANE_CUH
#define GSAT_GPU_WALK_LANE_CUH

#include "core/team_one.h"
#include "core/walk.h" /* the default instance, once per translation unit */

#include "core/team_one.h"
#define GSAT_WALK_FN(name) gsat_walk16_##name
#define GSAT_WALKER_T      gsat_walker16
#include "core/walk.h"

#include "core/team_one.h"
#define GSAT_WALK_GRID(name) gsat_walk_lane_##name
#define GSAT_WALK_STEP(name) gsat_walk_##name
#define GSAT_WALKER_T        gsat_walker
#define GSAT_WALK_GRID_CARVE gsat_walker_carve
#include "gpu/walk_grid.cuh"

#define GSAT_WALK_GRID(name) gsat_walk_lane16_##name
#define GSAT_WALK_STEP(name) gsat_walk16_##name
#define GSAT_WALKER_T        gsat_walker16
#define GSAT_WALK_GRID_CARVE gsat_walker16_carve
#include "gpu/walk_grid.cuh"

#endif
