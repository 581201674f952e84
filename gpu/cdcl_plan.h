/* The memory plan of the GPU CDCL search (cdcl.md sections 3-4): how many
 * searchers (one per warp) and how large each one's clause arena, reduction
 * scratch and watch pool are, from the free device memory and the instance,
 * before the launch; and the searchers' descriptors (gsat_cdcl with device
 * addresses), copies of one host-built searcher with diversified
 * configurations.  Nothing is allocated on the device during the search: a
 * full arena triggers a reduction (gpu/cdcl_warp.cuh).  Host C, no CUDA: the
 * SIMT emulation test plans host memory with it. */
#ifndef GSAT_GPU_CDCL_PLAN_H
#define GSAT_GPU_CDCL_PLAN_H

#include <stddef.h>
#include <stdint.h>

#include "base/status.h"
#include "core/cdcl_types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Sizes of one searcher and of the run.  Units: words (4 bytes) for the
 * arena and scratch, entries (8 bytes) for the watch pool, bytes elsewhere. */
typedef struct gsat_cdcl_gpu_plan {
  uint32_t searchers;
  uint64_t fixed_bytes;   /* per-variable block (gsat_cdcl_fixed_bytes, 16-aligned) */
  uint64_t arena_cap;     /* words: the original clauses plus the learned budget */
  uint64_t learned_words; /* the learned-clause budget in the arena */
  uint64_t scratch_cap;   /* words */
  uint64_t wpool_cap;     /* entries: enough for every clause the arena can hold */
  uint64_t per_searcher;  /* bytes, all of the above plus the descriptor */
  uint64_t shared_bytes;  /* bytes for everyone: template images, streams, model, control */
  uint64_t total;         /* bytes */
} gsat_cdcl_gpu_plan;

/* Plans for a template searcher t (gsat_cdcl_create over the instance: its
 * arena_top words of original clauses, wpool_top watch entries) and
 * shared_bytes of instance data.  want_searchers (0: default_searchers, the
 * device's warps) and learned_words (0: max(2 x the original clauses, 2^18
 * words = 1 MiB), smaller for a big instance when that does not fit) come from
 * the options (--gpu-cdcl-arena in MiB); at most `budget` bytes are used (a
 * share of the free device memory).  Errors: RESOURCE when one searcher does
 * not fit (the message names the bytes needed), USAGE when an explicit budget
 * leaves no room for one learned clause of every variable. */
gsat_status gsat_cdcl_gpu_plan_make(gsat_cdcl_gpu_plan *pl, const gsat_cdcl *t,
                                    uint64_t shared_bytes, uint32_t want_searchers,
                                    uint32_t default_searchers, uint64_t learned_words,
                                    uint64_t budget, gsat_error *err);

/* Byte offsets of searcher i's regions in a block of pl->total bytes:
 * descriptors [searchers] first, then per searcher the fixed block, arena,
 * scratch and watch pool. */
uint64_t gsat_cdcl_gpu_fixed_at(const gsat_cdcl_gpu_plan *pl, uint32_t i);
uint64_t gsat_cdcl_gpu_arena_at(const gsat_cdcl_gpu_plan *pl, uint32_t i);
uint64_t gsat_cdcl_gpu_scratch_at(const gsat_cdcl_gpu_plan *pl, uint32_t i);
uint64_t gsat_cdcl_gpu_wpool_at(const gsat_cdcl_gpu_plan *pl, uint32_t i);
/* Where the shared part (shared_bytes) starts. */
uint64_t gsat_cdcl_gpu_shared_at(const gsat_cdcl_gpu_plan *pl);

/* Fills the descriptors d[0..searchers) for a block at address base (a
 * device address: only arithmetic): each is a copy of t's scalars pointing
 * to its own regions, with searcher i's configuration diversified from
 * base_cfg as the CPU portfolio does (gsat_cdcl_gpu_diversify). */
void gsat_cdcl_gpu_describe(const gsat_cdcl_gpu_plan *pl, const gsat_cdcl *t,
                            const gsat_cdcl_config *base_cfg, char *base, gsat_cdcl *d);

/* The cube pool (core/cube.h) for at most `searchers` searchers,
 * planned before the launch: a queue of the next power of two >= 2 x
 * searchers slots (at least 2^6), and a tree of the next power of two >=
 * 1024 x searchers nodes (2^16 to 2^22: a split takes 2, a full tree only
 * refuses further splits).  Exponents into *node_log2 and *queue_log2;
 * returns the arena's bytes (gsat_cubes_bytes). */
uint64_t gsat_cdcl_gpu_cube_plan(uint32_t searchers, unsigned *node_log2, unsigned *queue_log2);

/* Searcher id's configuration: gsat_cdcl_config_diversify (the CPU portfolio's:
 * seed, initial phase, decision heuristic, restart policy and margin), and a
 * Luby unit scaled by 1, 1/4, 1/2 or 2 (id / 12 mod 4). */
void gsat_cdcl_gpu_diversify(gsat_cdcl_config *c, const gsat_cdcl_config *base, uint32_t id);

#ifdef __cplusplus
}
#endif

#endif
