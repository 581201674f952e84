/* The warp walker (local-search.md, section 2): the walker step code
 * (core/walk.h) instantiated for a warp team (gpu/team_warp.cuh) on the wide
 * state, and the grid's kernel body (gpu/walk_grid.cuh) that runs one walker
 * per warp: gsat_walk_gpu_walker.  Included by gpu/walk_search.cu and by the
 * SIMT emulation test. */
#ifndef GSAT_GPU_WALK_WARP_CUH
#define GSAT_GPU_WALK_WARP_CUH

#include "gpu/team_warp.cuh"
#define GSAT_WALK_FN(name) gsat_walk_warp_##name
#include "core/walk.h"

#define GSAT_WALK_GRID(name) gsat_walk_gpu_##name
#define GSAT_WALK_STEP(name) gsat_walk_warp_##name
#define GSAT_WALKER_T        gsat_walker
#define GSAT_WALK_GRID_CARVE gsat_walker_carve
#include "gpu/walk_grid.cuh"

#endif
