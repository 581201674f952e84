/* The memory plan of the GPU walkers (local-search.md, section 2): how many
 * walkers (one per warp) fit beside the formula in a budget of device
 * memory, decided before the launch.  Host C, no CUDA: the SIMT emulation
 * test plans host memory with it. */
#ifndef GSAT_GPU_WALK_PLAN_H
#define GSAT_GPU_WALK_PLAN_H

#include <stdint.h>

#include "solver/base/status.h"
#include "solver/core/walk_types.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gsat_walk_gpu_plan {
  uint32_t walkers;
  uint64_t walker_bytes; /* one walker: its arrays (gsat_walker_bytes) and descriptor */
  uint64_t shared_bytes; /* the formula, the parameters, the control block, the model */
  uint64_t total;        /* bytes */
} gsat_walk_gpu_plan;

/* Bytes of the shared part for formula f: clause starts and literals,
 * occurrence starts and lists, the parameters, a control block and the
 * model (V bytes), each region 256-aligned. */
uint64_t gsat_walk_gpu_shared_bytes(const gsat_walk_cnf *f);

/* Plans want walkers (>= 1) for formula f within `budget` bytes: fewer when
 * they do not fit.  Errors: RESOURCE when the formula and one walker do not
 * fit (the message names the bytes needed and the budget). */
gsat_status gsat_walk_gpu_plan_make(gsat_walk_gpu_plan *pl, const gsat_walk_cnf *f,
                                    uint32_t want, uint64_t budget, gsat_error *err);

#ifdef __cplusplus
}
#endif

#endif
