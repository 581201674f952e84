/* The memory plan of the GPU walkers (local-search.md, section 2), decided
 * before the launch: where each walker's state lives and how many walkers
 * run.  A walker whose state (its descriptor and arrays, gsat_walker_bytes)
 * fits a block's dynamic shared memory walks there, one walker (warp) per
 * block and a few blocks per SM, each nearly alone on its SM; else every
 * walker's state is in global memory, many walkers per SM.  The formula is
 * in global memory either way, read by all.  Host C, no CUDA: the SIMT
 * emulation test plans host memory with it. */
#ifndef GSAT_GPU_WALK_PLAN_H
#define GSAT_GPU_WALK_PLAN_H

#include <stdint.h>

#include "base/status.h"
#include "core/walk_types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Walkers per block and per SM with the state in global memory (12 blocks
 * of 4 warps per SM). */
#define GSAT_WALK_GPU_GLOBAL_PER_BLOCK 4u
#define GSAT_WALK_GPU_GLOBAL_PER_SM    48u
/* Walkers per SM by default with the state in shared memory (fewer when
 * the shared memory holds fewer): few enough that each walker has its SM's
 * issue slots and memory pipes nearly alone. */
#define GSAT_WALK_GPU_SHARED_PER_SM 8u

/* What the plan reads of the device (kernels/device.h, cudaDeviceGetAttribute)
 * and the free memory the walkers may use. */
typedef struct gsat_walk_gpu_device {
  uint32_t sm_count;
  uint32_t max_blocks_per_sm; /* resident blocks per SM (32 on Hopper) */
  uint64_t smem_per_sm;       /* bytes (cudaDevAttrMaxSharedMemoryPerMultiprocessor) */
  uint64_t smem_per_block;    /* bytes a block may opt in to (cudaFuncSetAttribute) */
  uint64_t smem_reserved;     /* bytes the system keeps per block (1 KiB since sm_80) */
  uint64_t budget;            /* bytes of device memory the walkers may use */
} gsat_walk_gpu_device;

typedef struct gsat_walk_gpu_plan {
  uint32_t walkers;
  uint32_t in_shared; /* 1: each walker's state in its block's dynamic shared memory */
  uint32_t per_block; /* walkers (warps) per block */
  uint32_t blocks;
  uint32_t per_sm;       /* walkers resident per SM (the most on one SM) */
  uint64_t smem_bytes;   /* dynamic shared memory per block (0 in global memory) */
  uint64_t state_bytes;  /* one walker's state: descriptor and arrays */
  uint64_t walker_bytes; /* device memory per walker: its descriptor and its arrays
                           (global) or the copy of its best assignment (shared) */
  uint64_t shared_bytes; /* the formula, the parameters, the control block, the model */
  uint64_t total;        /* device bytes */
} gsat_walk_gpu_plan;

/* Bytes of the shared part for formula f: clause starts and literals,
 * occurrence starts and lists, the parameters, a control block, the model
 * and the CDCL searchers' phases (V bytes each), each region 256-aligned,
 * and 256 for the alignment of the walkers' descriptors. */
uint64_t gsat_walk_gpu_shared_bytes(const gsat_walk_cnf *f);

/* Bytes of one walker's state in shared memory: its descriptor, then its
 * arrays (gsat_walker_bytes), a 16-byte multiple. */
uint64_t gsat_walk_gpu_state_bytes(const gsat_walk_cnf *f);

/* Plans the walkers of formula f on device dev.  want: walkers asked for
 * (the grid option; 0: the default per SM).  In shared memory (unless
 * force_global, or the state does not fit one block): one walker per
 * block, per SM the least of GSAT_WALK_GPU_SHARED_PER_SM (want: as many as
 * are resident), what the shared memory per SM holds and the resident
 * blocks; in global memory GSAT_WALK_GPU_GLOBAL_PER_SM per SM (or want) in
 * blocks of GSAT_WALK_GPU_GLOBAL_PER_BLOCK, fewer when dev->budget does
 * not hold them.  Errors: RESOURCE when the formula and one walker fit
 * neither (the message names the device memory needed and the budget, and
 * the shared memory a walker's state needs and a block's). */
gsat_status gsat_walk_gpu_plan_make(gsat_walk_gpu_plan *pl, const gsat_walk_cnf *f,
                                    const gsat_walk_gpu_device *dev, uint32_t want,
                                    int force_global, gsat_error *err);

/* "shared" or "global": where pl keeps the walkers' state. */
const char *gsat_walk_gpu_memory_name(const gsat_walk_gpu_plan *pl);

/* Byte offsets in the block of pl->total bytes: the formula's arrays, the
 * parameters, the control block (64 bytes), the model, the phases the
 * walkers restart from, the walkers' descriptors [walkers], then walker i's
 * arrays (global memory) or the copy of its best assignment (shared memory)
 * at arrays + i * stride. */
typedef struct gsat_walk_gpu_layout {
  uint64_t clause_start, clause_lits, occ_start, occ, params, ctl, model, phases, desc, arrays,
      stride;
} gsat_walk_gpu_layout;

/* The layout of pl's block for formula f. */
void gsat_walk_gpu_layout_of(const gsat_walk_gpu_plan *pl, const gsat_walk_cnf *f,
                             gsat_walk_gpu_layout *L);

/* For a block at address base (a device address: only arithmetic): the
 * formula's view *view with base's copies of f's arrays, and the walkers'
 * descriptors desc[0..walkers): in global memory carved from their regions
 * (gsat_walker_carve); in shared memory without arrays (the kernel carves
 * its walker's state from its block's shared memory and copies the
 * scalars here after every slice). */
void gsat_walk_gpu_describe(const gsat_walk_gpu_plan *pl, const gsat_walk_gpu_layout *L,
                            const gsat_walk_cnf *f, char *base, gsat_walk_cnf *view,
                            gsat_walker *desc);

#ifdef __cplusplus
}
#endif

#endif
