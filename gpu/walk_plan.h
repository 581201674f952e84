/* The memory plan of the GPU walkers (local-search.md, section 2): how many
 * walkers (one per warp) fit beside the formula in a budget of device
 * memory, decided before the launch.  Host C, no CUDA: the SIMT emulation
 * test plans host memory with it. */
#ifndef GSAT_GPU_WALK_PLAN_H
#define GSAT_GPU_WALK_PLAN_H

#include <stdint.h>

#include "base/status.h"
#include "core/walk_types.h"

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
 * model (V bytes), each region 256-aligned, and 256 for the alignment of
 * the walkers' descriptors. */
uint64_t gsat_walk_gpu_shared_bytes(const gsat_walk_cnf *f);

/* Plans want walkers (>= 1) for formula f within `budget` bytes: fewer when
 * they do not fit.  Errors: RESOURCE when the formula and one walker do not
 * fit (the message names the bytes needed and the budget). */
gsat_status gsat_walk_gpu_plan_make(gsat_walk_gpu_plan *pl, const gsat_walk_cnf *f,
                                    uint32_t want, uint64_t budget, gsat_error *err);

/* Byte offsets in the block of pl->total bytes: the formula's arrays, the
 * parameters, the control block (64 bytes), the model, the walkers'
 * descriptors [walkers], then walker i's arrays at arrays + i * stride. */
typedef struct gsat_walk_gpu_layout {
  uint64_t clause_start, clause_lits, occ_start, occ, params, ctl, model, desc, arrays, stride;
} gsat_walk_gpu_layout;

/* The layout of pl's block for formula f. */
void gsat_walk_gpu_layout_of(const gsat_walk_gpu_plan *pl, const gsat_walk_cnf *f,
                             gsat_walk_gpu_layout *L);

/* For a block at address base (a device address: only arithmetic): the
 * formula's view *view with base's copies of f's arrays, and the walkers'
 * descriptors desc[0..walkers) carved from their regions
 * (gsat_walker_carve). */
void gsat_walk_gpu_describe(const gsat_walk_gpu_plan *pl, const gsat_walk_gpu_layout *L,
                            const gsat_walk_cnf *f, char *base, gsat_walk_cnf *view,
                            gsat_walker *desc);

#ifdef __cplusplus
}
#endif

#endif
