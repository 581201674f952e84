/* The GPU walkers' kernel body (local-search.md, section 2), written once on
 * the team primitives (core/team.h) for a team that runs one walker: a warp
 * (gpu/walk_warp.cuh, one walker per warp) or one lane (gpu/walk_lane.cuh, a
 * team of one: one walker per thread).  Walker i starts from the
 * seed gsat_walk_mix(seed + i) (the CPU walkers' seeds) and walks in slices
 * of `slice` flips, checking the stop words between slices: the first walker
 * with a model claims the answer (found, winner), copies its assignment to
 * the model and every walker returns; the host's stop flag (mapped host
 * memory: signals, limits) is forwarded to the stop word by walker 0.
 * Walkers with an odd index restart from the CDCL searchers' phases (p.phases,
 * copied there by the host with a new generation in the control block) when
 * a newer generation is there and they walked p.phases_min flips since their
 * last restart, as the CPU walkers do (cpu/walk_cpu.c); the even ones keep
 * their own restarts.  With p.max_flips a walker returns after that many
 * flips (a bound the kernel keeps by itself: the flip limit, profiling).  A
 * walker's state is in global memory (its arrays carved by the host) or, when
 * the plan says so (gpu/walk_plan.h), in its block's dynamic shared memory;
 * the step code is the same, through generic pointers.  The walkers'
 * descriptors in global memory (gsat_walker: flips, restarts, best count)
 * are read by the host for progress and the flip limit; a walker in shared
 * memory copies its scalars there after every slice.
 * An instance includes its team header and its step code instance
 * (core/walk.h), defines GSAT_WALK_GRID(name) (this body's names),
 * GSAT_WALK_STEP(name) (the step instance's names), GSAT_WALKER_T (its
 * walker type) and GSAT_WALK_GRID_CARVE (that type's carve), then includes
 * this header; the template part has no include guard and undefines the
 * four.  The block's t-th slot of `stride` threads (32 for a warp; a lane
 * walker's slot spread over up to a warp) runs walker id = block *
 * per_block + t on its first TEAM_SIZE threads (the others, and the slots
 * past per_block, idle: a block is whole warps); in shared memory its state
 * is at t * state_bytes of its block's.  The descriptors are gsat_walker for the host
 * (every walker type has that layout, core/walk_types.h). */
#ifndef GSAT_GPU_WALK_GRID_CUH
#define GSAT_GPU_WALK_GRID_CUH

#include <stdint.h>

#include "base/atomic.h"
#include "core/walk_types.h"

/* The run's control block in device memory. */
struct gsat_walk_gpu_ctl {
  uint32_t found;      /* 1 once a walker claimed a model */
  uint32_t winner;     /* the walker that claimed it */
  uint32_t stop;       /* raised: every walker returns */
  uint32_t phases_gen; /* generation of p.phases (0: none yet), written after them */
};

/* The kernel's arguments (device addresses). */
struct gsat_walk_gpu_params {
  gsat_walk_cnf cnf;
  const gsat_walk_params *params;
  gsat_walker *walkers; /* [n] descriptors: carved (gsat_walker_carve), or with
                           in_shared the copies of the walkers' scalars */
  uint32_t n;
  uint32_t per_block; /* walkers (teams) per block; the block's threads beyond them idle */
  uint32_t stride;    /* threads of a walker's slot, its team at the slot's head */
  uint32_t slice;     /* flips between stop checks */
  uint64_t seed;
  gsat_walk_gpu_ctl *ctl;
  const int *host_stop; /* mapped host memory */
  uint8_t *model;       /* [V] the winner's assignment */
  uint32_t in_shared;   /* each walker's state in its block's dynamic shared
                           memory, state_bytes apart (gpu/walk_plan.h) */
  uint32_t state_bytes;
  const uint8_t *phases; /* [V] the CDCL searchers' phases (1 true), NULL: none */
  uint64_t phases_min;   /* flips since a restart before a restart from them */
  uint64_t max_flips;    /* flips of one walker before it returns, 0: no bound */
};

/* The kernel's dynamic shared memory (the host emulation provides it). */
#ifdef __CUDACC__
#define GSAT_WALK_GPU_SMEM(name) extern __shared__ __align__(16) uint8_t name[]
#else
#define GSAT_WALK_GPU_SMEM(name) uint8_t *name = gsat_simt_dynamic_smem()
#endif

/* Whether walker id restarts from the CDCL searchers' phases: every other
 * one (the others keep their random and best restarts). */
__device__ inline int gsat_walk_gpu_takes_phases(uint32_t id) {
  return (int)(id & 1u);
}

#endif /* GSAT_GPU_WALK_GRID_CUH */

/*==== the team part: one instance per team (no include guard) ===============*/

#ifdef GSAT_WALK_GRID

/* Walker 0 forwards the host's stop flag; every walker reads the stop and
 * found words.  Team-uniform. */
__device__ inline int GSAT_WALK_GRID(stopped)(const gsat_walk_gpu_params &p, uint32_t id) {
  int stop = 0;
  if (TEAM_RANK == 0) {
    if (id == 0 && *(const volatile int *)p.host_stop) gsat_store_u32(&p.ctl->stop, 1u);
    stop = gsat_load_u32(&p.ctl->found) || gsat_load_u32(&p.ctl->stop);
  }
  return TEAM_BCAST(stop, 0);
}

/* The walker of this team found a model: claims the answer (once), and the
 * claimer copies its assignment to p.model. */
__device__ inline void GSAT_WALK_GRID(claim)(const gsat_walk_gpu_params &p, const GSAT_WALKER_T *w,
                                             uint32_t id) {
  uint32_t won = 0;
  if (TEAM_RANK == 0) won = atomicCAS(&p.ctl->found, 0u, 1u) == 0u;
  won = TEAM_BCAST(won, 0);
  if (!won) return;
  TEAM_FOR(v, 0, p.cnf.num_vars) p.model[v] = w->val[v];
  __threadfence();
  TEAM_ONE(gsat_store_u32(&p.ctl->winner, id));
}

/* The host's copy of a walker kept in shared memory (after a slice): its
 * scalars, and when its best count fell its best assignment into the
 * descriptor's best (global memory, which the host offers as phases), before
 * the count that announces it. */
__device__ inline void GSAT_WALK_GRID(publish)(GSAT_WALKER_T *g, const GSAT_WALKER_T *w,
                                               uint32_t V) {
  if (g == w) return;
  uint32_t better = 0;
  if (TEAM_RANK == 0) better = w->best_unsat < g->best_unsat;
  if (TEAM_BCAST(better, 0)) {
    TEAM_FOR(v, 0, V) g->best[v] = w->best[v];
    TEAM_SYNC();
    __threadfence();
  }
  TEAM_ONE(g->seed = w->seed; g->rng = w->rng; g->flips = w->flips;
           g->since_restart = w->since_restart; g->restart_at = w->restart_at;
           g->restarts = w->restarts; g->unsat_len = w->unsat_len; g->best_unsat = w->best_unsat;
           g->trail_len = w->trail_len; g->trail_cap = w->trail_cap; g->trail_over = w->trail_over;
           g->phases_in = w->phases_in);
}

/* After a slice of walker w: its next flip a restart from p.phases when
 * their generation is newer than the one it last took (w->phases_gen) and
 * it walked p.phases_min flips since its last restart (the generation is
 * read before the phases; a copy the host writes meanwhile may mix two
 * generations, as good a guess: phases never affect soundness).  One lane
 * decides, w's scalars are written by it. */
__device__ inline void GSAT_WALK_GRID(take_phases)(const gsat_walk_gpu_params &p,
                                                   GSAT_WALKER_T *w) {
  TEAM_SYNC();
  if (TEAM_RANK == 0 && w->since_restart >= p.phases_min) {
    const uint32_t gen = gsat_load_u32(&p.ctl->phases_gen);
    if (gen != w->phases_gen) {
      __threadfence();
      w->phases_gen = gen;
      w->from = p.phases;
      w->restart_at = w->since_restart;
    }
  }
  TEAM_SYNC();
}

/* One walker per team: start, then slices until a model or a stop.  With
 * p.in_shared the walker (descriptor and arrays) is carved from smem, the
 * block's dynamic shared memory, at its team's place. */
__device__ inline void GSAT_WALK_GRID(walker)(const gsat_walk_gpu_params &p, uint8_t *smem) {
  const uint32_t t = (uint32_t)threadIdx.x / p.stride, id = blockIdx.x * p.per_block + t;
  if (threadIdx.x % p.stride >= TEAM_SIZE || t >= p.per_block || id >= p.n) return; /* whole team */
  GSAT_WALKER_T *g = (GSAT_WALKER_T *)(void *)&p.walkers[id], *w = g;
  if (p.in_shared) {
    w = (GSAT_WALKER_T *)(void *)(smem + t * (uint64_t)p.state_bytes);
    TEAM_ONE(GSAT_WALK_GRID_CARVE(w, w + 1, p.cnf.num_vars, p.cnf.num_clauses, p.cnf.max_len));
  }
  GSAT_WALK_STEP(start)(w, &p.cnf, p.params, gsat_walk_mix(p.seed + id));
  GSAT_WALK_GRID(publish)(g, w, p.cnf.num_vars);
  for (;;) {
    if (GSAT_WALK_GRID(stopped)(p, id)) return;
    uint64_t budget = p.slice;
    if (p.max_flips) { /* w->flips: written by one lane, then the team synced */
      const uint64_t done = w->flips;
      if (done >= p.max_flips) return;
      if (p.max_flips - done < budget) budget = p.max_flips - done;
    }
    const int found = GSAT_WALK_STEP(run)(w, &p.cnf, p.params, budget);
    GSAT_WALK_GRID(publish)(g, w, p.cnf.num_vars);
    if (found) {
      GSAT_WALK_GRID(claim)(p, w, id);
      return;
    }
    if (p.phases && gsat_walk_gpu_takes_phases(id)) GSAT_WALK_GRID(take_phases)(p, w);
  }
}

#undef GSAT_WALK_GRID
#undef GSAT_WALK_STEP
#undef GSAT_WALKER_T
#undef GSAT_WALK_GRID_CARVE
#endif
