/* The GPU walkers (local-search.md, section 2): the walker step code
 * (core/walk.h) instantiated for a warp team (gpu/team_warp.cuh), and
 * the kernel body that runs one walker per warp.  Walker i starts from the
 * seed gsat_walk_mix(seed + i) (the CPU walkers' seeds) and walks in slices
 * of `slice` flips, checking the stop words between slices: the first walker
 * with a model claims the answer (found, winner), copies its assignment to
 * the model and every walker returns; the host's stop flag (mapped host
 * memory: signals, limits) is forwarded to the stop word by walker 0.  The
 * walkers' descriptors (gsat_walker: flips, restarts, best count) are in
 * device memory, read by the host for progress and the flip limit.
 * Included by gpu/walk_search.cu and by the SIMT emulation test. */
#ifndef GSAT_GPU_WALK_WARP_CUH
#define GSAT_GPU_WALK_WARP_CUH

#include <stdint.h>

#include "base/atomic.h"
#include "core/walk_types.h"

#include "gpu/team_warp.cuh"
#define GSAT_WALK_FN(name) gsat_walk_warp_##name
#include "core/walk.h"

/* The run's control block in device memory. */
struct gsat_walk_gpu_ctl {
  uint32_t found;  /* 1 once a walker claimed a model */
  uint32_t winner; /* the walker that claimed it */
  uint32_t stop;   /* raised: every walker returns */
  uint32_t pad;
};

/* The kernel's arguments (device addresses). */
struct gsat_walk_gpu_params {
  gsat_walk_cnf cnf;
  const gsat_walk_params *params;
  gsat_walker *walkers; /* [n] descriptors, carved (gsat_walker_carve) */
  uint32_t n;
  uint32_t slice;       /* flips between stop checks */
  uint64_t seed;
  gsat_walk_gpu_ctl *ctl;
  const int *host_stop; /* mapped host memory */
  uint8_t *model;       /* [V] the winner's assignment */
};

/* Walker 0 forwards the host's stop flag; every walker reads the stop and
 * found words.  Team-uniform. */
__device__ inline int gsat_walk_gpu_stopped(const gsat_walk_gpu_params &p, uint32_t id) {
  int stop = 0;
  if (TEAM_RANK == 0) {
    if (id == 0 && *(const volatile int *)p.host_stop) gsat_store_u32(&p.ctl->stop, 1u);
    stop = gsat_load_u32(&p.ctl->found) || gsat_load_u32(&p.ctl->stop);
  }
  return TEAM_BCAST(stop, 0);
}

/* The walker of this warp found a model: claims the answer (once), and the
 * claimer copies its assignment to p.model. */
__device__ inline void gsat_walk_gpu_claim(const gsat_walk_gpu_params &p, const gsat_walker *w,
                                           uint32_t id) {
  uint32_t won = 0;
  if (TEAM_RANK == 0) won = atomicCAS(&p.ctl->found, 0u, 1u) == 0u;
  won = TEAM_BCAST(won, 0);
  if (!won) return;
  TEAM_FOR(v, 0, p.cnf.num_vars) p.model[v] = w->val[v];
  __threadfence();
  TEAM_ONE(gsat_store_u32(&p.ctl->winner, id));
}

/* One walker per warp: start, then slices until a model or a stop. */
__device__ inline void gsat_walk_gpu_walker(const gsat_walk_gpu_params &p) {
  const uint32_t id = (uint32_t)(blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  if (id >= p.n) return; /* the whole warp */
  gsat_walker *w = &p.walkers[id];
  gsat_walk_warp_start(w, &p.cnf, p.params, gsat_walk_mix(p.seed + id));
  for (;;) {
    if (gsat_walk_gpu_stopped(p, id)) return;
    const int found = gsat_walk_warp_run(w, &p.cnf, p.params, p.slice);
    if (found) {
      gsat_walk_gpu_claim(p, w, id);
      return;
    }
  }
}

#endif
