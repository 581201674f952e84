/* The memory plan of the GPU walkers (local-search.md, section 2), decided
 * before the launch: the mapping (a walker per warp or per thread), the
 * state's width, where each walker's state lives and how many walkers run.
 *
 * Warp walkers (gsat_walker, the wide state): a walker whose state (its
 * descriptor and arrays, gsat_walker_bytes) fits a block's dynamic shared
 * memory walks there, one walker (warp) per block and a few blocks per SM,
 * each nearly alone on its SM; else every walker's state is in global
 * memory, many walkers per SM.
 *
 * Lane walkers (one per thread, for small formulas): the compact state
 * (gsat_walker16) where the formula fits it (gsat_walk_fits16) unless the
 * wide one is asked for.  In shared memory when a block holds the state of
 * GSAT_WALK_LANE_SHARED_MIN lanes or more: blocks of as many lanes as a
 * block's shared memory holds (at most GSAT_WALK_LANE_MAX_PER_BLOCK), as
 * many blocks as are resident; else in global memory, as many walkers as
 * 3/4 of the L2 cache holds beside the formula (so that their dependent
 * steps wait on the L2, not on DRAM: a warp walker's state of thousands of
 * walkers does not fit it), at least GSAT_WALK_LANE_SHARED_MIN per SM.
 *
 * The rule of --gpu-walk-mapping=auto: warp walkers.  Lane walkers run
 * more walkers at more flips per second on small formulas but reached a
 * model later than warp walkers on five of six random 3-, 5- and 7-SAT
 * classes (bench/RESULTS.md, "Lane walkers"), so they run only when asked.
 * (Warp walkers' lanes share a flip's occurrence lists, which pays on long
 * lists and large states.)  The formula is in global memory either way, read by all.  Host
 * C, no CUDA: the SIMT emulation test plans host memory with it. */
#ifndef GSAT_GPU_WALK_PLAN_H
#define GSAT_GPU_WALK_PLAN_H

#include <stdint.h>

#include "base/status.h"
#include "core/option_table.h"
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
/* Lane walkers: the fewest a block's shared memory must hold for the state
 * in shared memory; the most per block. */
#define GSAT_WALK_LANE_SHARED_MIN    4u
#define GSAT_WALK_LANE_MAX_PER_BLOCK 64u
/* Lane walkers spread over a block's warps (unless asked dense): each one
 * alone at the head of a slot of as many threads as keep the block within
 * GSAT_WALK_LANE_SPREAD threads (a power of two, at most 32: one walker a
 * warp), so that a few walkers an SM use every warp scheduler and never
 * wait for each other's divergent steps. */
#define GSAT_WALK_LANE_SPREAD 1024u

/* What the plan reads of the device (kernels/device.h, cudaDeviceGetAttribute)
 * and the free memory the walkers may use. */
typedef struct gsat_walk_gpu_device {
  uint32_t sm_count;
  uint32_t max_blocks_per_sm; /* resident blocks per SM (32 on Hopper) */
  uint64_t smem_per_sm;       /* bytes (cudaDevAttrMaxSharedMemoryPerMultiprocessor) */
  uint64_t smem_per_block;    /* bytes a block may opt in to (cudaFuncSetAttribute) */
  uint64_t smem_reserved;     /* bytes the system keeps per block (1 KiB since sm_80) */
  uint64_t budget;            /* bytes of device memory the walkers may use */
  uint64_t l2_bytes;          /* the L2 cache (cudaDevAttrL2CacheSize; 0: unknown) */
} gsat_walk_gpu_device;

/* What the plan is asked for (the options; zeros: the plan's own choice). */
typedef struct gsat_walk_gpu_ask {
  uint32_t want;    /* walkers (the grid option; 0: the default) */
  int force_global; /* the state in global memory even where shared holds it */
  int mapping;      /* GSAT_GPU_WALK_MAPPING_AUTO, _LANE or _WARP (option_table.h) */
  int wide;         /* lane walkers: the wide state even where the compact fits */
  int dense;        /* lane walkers: 32 a warp (else spread, GSAT_WALK_LANE_SPREAD) */
} gsat_walk_gpu_ask;

typedef struct gsat_walk_gpu_plan {
  uint32_t walkers;
  uint32_t lane;      /* 1: one walker per thread (gpu/walk_lane.cuh), 0: per warp */
  uint32_t compact;   /* 1: the compact state (gsat_walker16), 0: the wide one */
  uint32_t in_shared; /* 1: each walker's state in its block's dynamic shared memory */
  uint32_t per_block; /* walkers (warps, or threads of lane walkers) per block */
  uint32_t stride;    /* threads of a walker's slot in its block: 32 for a warp
                         walker; a lane walker runs on its slot's first thread */
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
 * arrays (gsat_walker_bytes, or gsat_walker16_bytes when compact), a 16-byte
 * multiple. */
uint64_t gsat_walk_gpu_state_bytes(const gsat_walk_cnf *f, int compact);

/* Threads per walker of plan pl (32 for a warp walker, 1 for a lane). */
uint32_t gsat_walk_gpu_team(const gsat_walk_gpu_plan *pl);

/* Threads per block of plan pl: its walkers' slots (pl->stride threads
 * each) rounded up to whole warps. */
uint32_t gsat_walk_gpu_threads(const gsat_walk_gpu_plan *pl);

/* Plans the walkers of formula f on device dev as *ask says (the mapping
 * by the rule above when auto).  Warp walkers in shared memory (unless
 * force_global, or the state does not fit one block): one walker per
 * block, per SM the least of GSAT_WALK_GPU_SHARED_PER_SM (want: as many as
 * are resident), what the shared memory per SM holds and the resident
 * blocks; in global memory GSAT_WALK_GPU_GLOBAL_PER_SM per SM (or want) in
 * blocks of GSAT_WALK_GPU_GLOBAL_PER_BLOCK.  Lane walkers as above (want:
 * up to the resident ones in shared memory, any number in global memory),
 * blocks of at most GSAT_WALK_LANE_MAX_PER_BLOCK spread over the SMs.
 * Fewer when dev->budget does not hold them.  Errors: RESOURCE when the
 * formula and one walker fit neither (the message names the device memory
 * needed and the budget, and the shared memory a walker's state needs and a
 * block's). */
gsat_status gsat_walk_gpu_plan_make(gsat_walk_gpu_plan *pl, const gsat_walk_cnf *f,
                                    const gsat_walk_gpu_device *dev, const gsat_walk_gpu_ask *ask,
                                    gsat_error *err);

/* "lane" or "warp": pl's mapping. */
const char *gsat_walk_gpu_mapping_name(const gsat_walk_gpu_plan *pl);

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
 * (gsat_walker_carve, or gsat_walker16_carve when compact: the descriptor's
 * layout is the same); in shared memory without arrays (the kernel carves
 * its walker's state from its block's shared memory and copies the
 * scalars here after every slice). */
void gsat_walk_gpu_describe(const gsat_walk_gpu_plan *pl, const gsat_walk_gpu_layout *L,
                            const gsat_walk_cnf *f, char *base, gsat_walk_cnf *view,
                            gsat_walker *desc);

#ifdef __cplusplus
}
#endif

#endif
