/* The `warp` mapping (tree-mapping.md, "Take 3" plus work stealing): each warp walks
 * one subtree with the shared DPLL step code (core/dpll.h) instantiated for
 * a team of 32 lanes (gpu/team_warp.cuh): the lanes share the merged clause x
 * literal loop over the occurrence stream of each propagated literal and the
 * decision heuristics' scans, combining outcomes with ballots and shuffles, so
 * node counts equal the CPU reference's.  All scalar state is warp-uniform: every
 * lane holds the same copy; shared state is written by lane 0 between __syncwarp()
 * barriers.  This file adds the scheduling: the persistent kernel, work exchange
 * between warps and blocks. */
#ifndef GSAT_GPU_SEARCH_WARP_CUH
#define GSAT_GPU_SEARCH_WARP_CUH

#include "gpu/search_common.cuh"

#include "gpu/team_warp.cuh"
#define GSAT_DPLL_FN(name)         gsat_warp_##name
#define GSAT_DPLL_AT(p, i)         ((p)[i])
#define GSAT_DPLL_CUBE_LOAD(p)     __ldcg(p) /* the pool: L2, another SM's writes */
#define GSAT_DPLL_CUBE_STORE(p, x) __stcg((p), (x))
#include "gpu/dpll_slot.cuh"
#include "core/dpll.h"

/* Carves one warp's state (gsat_gpu_warp_state_bytes, moms: the heuristic's
 * scratch, gsat_gpu_heur_kind) at `at`.  Whole warp. */
__device__ __forceinline__ void gsat_warp_carve(gsat_dpll *s, uint8_t *at, uint32_t V,
                                                uint64_t lits, int moms) {
  s->val = (int8_t *)at;
  at += gsat_gpu_align16(2 * (uint64_t)V + 2);
  s->trail = (uint32_t *)at;
  at += gsat_gpu_align16(4 * (uint64_t)V + 4);
  s->levels = (gsat_level *)at;
  at += gsat_gpu_align16(sizeof(gsat_level) * ((uint64_t)V + 1));
  s->moms_count = moms ? (uint32_t *)at : nullptr;
  at += moms ? gsat_gpu_align16(8 * (uint64_t)V + 8) : 0;
  s->la_cand = nullptr;
  if (moms == 2) { /* the look-ahead's arrays, each lane's bits and counts clear */
    gsat_dpll_la_carve(s, at, V, lits, 32);
    for (uint32_t i = TEAM_RANK; i < 32 * s->la_words; i += 32) s->la_bits[i] = 0;
    for (uint32_t i = TEAM_RANK; i < 32 * s->la_cstride; i += 32) s->la_cnt[i] = 0;
    __syncwarp();
  }
}

/* One warp's worker: the searcher and its scheduling state (warp-uniform). */
struct gsat_warp_worker {
  gsat_dpll s;
  gsat_gpu_view view;
  unsigned warp, id; /* in the block, in the grid */
  bool have;         /* holds a cube */
  gsat_gpu_tally t;
};

/* Donates when a warp of this block, or anywhere, waits for work: the counters
 * first (reads only), then an open branch, then a pool slot. */
__device__ __forceinline__ void gsat_warp_give(const gsat_gpu_params &p, gsat_gpu_block *blk,
                                               gsat_bqueue *bq, gsat_warp_worker &w) {
  const unsigned lane = TEAM_RANK;
  int target = 0;
  if (lane == 0) {
    gsat_gpu_at(p, w.id, GSAT_GPU_AT_GIVE);
    gsat_gpu_refresh_stop(p, blk);
    target = gsat_gpu_wants_donation(p, blk, bq);
  }
  target = __shfl_sync(GSAT_FULL_MASK, target, 0);
  if (!target || !gsat_warp_shallowest_open(&w.s)) return;
  uint32_t slot = 0;
  int got = lane == 0 && gsat_queue_pop(p.free_slots, &slot);
  if (got) GSAT_GPU_SLOT_MOVE(p, slot, GSAT_GPU_SLOT_FREE, GSAT_GPU_SLOT_HELD);
  got = __shfl_sync(GSAT_FULL_MASK, got, 0);
  slot = __shfl_sync(GSAT_FULL_MASK, slot, 0);
  if (!got) return;
  uint32_t n = gsat_warp_donate(&w.s, gsat_gpu_slot_ptr(p, slot) + 1, w.view.db.num_vars);
  __threadfence();
  __syncwarp();
  if (lane == 0) {
    gsat_gpu_at(p, w.id, GSAT_GPU_AT_PUBLISH);
    gsat_gpu_publish(p, bq, target, slot, n);
  }
  w.t.donations += n != 0;
}

/* Searches a slice of the held cube, then gives work away or gives the cube
 * up.  Returns 1 when the warp found a model (the kernel stops). */
__device__ __forceinline__ int gsat_warp_slice(const gsat_gpu_params &p, gsat_gpu_block *blk,
                                               gsat_bqueue *bq, gsat_warp_worker &w,
                                               long long *t0) {
  const unsigned lane = TEAM_RANK;
  if (lane == 0) gsat_gpu_at(p, w.id, GSAT_GPU_AT_SEARCH);
  int res = gsat_warp_search(&w.s, &w.view.db, p.slice);
  long long t1 = clock64();
  w.t.cyc.search += t1 - *t0;
  *t0 = t1;
  if (res == GSAT_DPLL_SAT) {
    bool won = lane == 0 && gsat_gpu_claim_sat(p, w.id);
    won = __shfl_sync(GSAT_FULL_MASK, won, 0);
    if (won) {
      for (uint32_t v = lane; v < w.view.db.num_vars; v += 32) p.model[v] = w.s.val[2 * v] > 0;
      __syncwarp();
      if (lane == 0) gsat_gpu_raise_stop(p);
    }
    if (lane == 0) gsat_gpu_block_store(&blk->stop, 1);
    return 1;
  }
  if (res == GSAT_DPLL_EXHAUSTED) {
    w.have = false;
    if (lane == 0) gsat_gpu_cube_done(p);
  } else {
    gsat_warp_give(p, blk, bq, w);
  }
  return 0;
}

/* An idle warp: takes a queued cube and replays it, or sleeps a while. */
__device__ __forceinline__ void gsat_warp_take(const gsat_gpu_params &p, gsat_gpu_block *blk,
                                               gsat_bqueue *bq, gsat_warp_worker &w,
                                               gsat_gpu_xchg &x, long long t0) {
  const unsigned lane = TEAM_RANK;
  int src = 0;
  uint32_t slot = 0;
  if (lane == 0) {
    gsat_gpu_at(p, w.id, GSAT_GPU_AT_TAKE);
    src = gsat_gpu_take(p, blk, bq, (int)w.warp, &x, &slot);
  }
  src = __shfl_sync(GSAT_FULL_MASK, src, 0);
  slot = __shfl_sync(GSAT_FULL_MASK, slot, 0);
  if (src) {
    __threadfence();
    const uint32_t *cube = gsat_gpu_slot_ptr(p, slot);
    uint32_t n = __ldcg(cube);
    if (lane == 0) GSAT_GPU_CUBE_CHECK(p, cube + 1, n);
    w.t.cubes++;
    w.have = !gsat_warp_start_cube(&w.s, &w.view.db, cube + 1, n);
    __syncwarp();
    if (lane == 0) {
      gsat_gpu_at(p, w.id, GSAT_GPU_AT_RETURN_SLOT);
      gsat_gpu_push_slot(p, p.free_slots, slot);
      if (!w.have) gsat_gpu_cube_done(p);
    }
    w.t.cyc.replay += clock64() - t0;
  } else {
    unsigned ns = __shfl_sync(GSAT_FULL_MASK, x.backoff, 0);
    if (lane == 0) gsat_gpu_at(p, w.id, GSAT_GPU_AT_SLEEP);
    __nanosleep(ns);
    if (lane == 0) x.backoff = min(2 * x.backoff, p.max_backoff);
    w.t.cyc.idle += clock64() - t0;
  }
}

/* The warp's searcher at the root (the host checked that the root is not
 * refuted); worker 0 holds the whole tree. */
__device__ __forceinline__ void gsat_warp_init(const gsat_gpu_params &p, const gsat_gpu_cnf &cnf,
                                               uint8_t *state, gsat_warp_worker &w) {
  w.view = gsat_gpu_view_of(cnf);
  gsat_warp_carve(&w.s, state, cnf.num_vars, cnf.lits_size, gsat_gpu_heur_kind(p.decide));
  w.s.n = gsat_dpll_counters{};
  gsat_warp_init_worker(&w.s, &w.view.db, cnf.units, cnf.num_units, p.decide);
  w.t = gsat_gpu_tally{}; /* zeros */
  w.have = false;
  if (w.id == 0) { /* the whole tree */
    w.t.cubes++;
    w.have = !gsat_warp_start_cube(&w.s, &w.view.db, nullptr, 0);
    if (!w.have && TEAM_RANK == 0) gsat_gpu_cube_done(p);
  }
}

/* The persistent kernel of the warp mapping. */
__global__ void __launch_bounds__(512, 1) gsat_gpu_warp_kernel(gsat_gpu_params p) {
  GSAT_GPU_DYNAMIC_SMEM(smem);
  gsat_gpu_block *blk;
  gsat_bqueue *bq;
  gsat_gpu_cnf cnf;
  uint8_t *at = gsat_gpu_block_setup(p, smem, &blk, &bq, &cnf);
  const unsigned warp = threadIdx.x >> 5, lane = threadIdx.x & 31;
  gsat_warp_worker w;
  w.warp = warp;
  w.id = blockIdx.x * (blockDim.x >> 5) + warp;
  if (lane == 0) gsat_gpu_at(p, w.id, GSAT_GPU_AT_SETUP); /* after the staging */
  uint8_t *mine = p.state_in_smem ? at + (size_t)warp * p.warp_state_bytes
                                  : p.state + (size_t)w.id * p.state_stride;
  gsat_warp_init(p, cnf, mine, w);
  gsat_gpu_xchg x = {false, 32, {0, 0}}; /* apart from w: steals[] is indexed */
  long long last_poll = clock64();
  unsigned rounds = 0;
  for (;;) {
    if (lane == 0) gsat_gpu_at_round(p, w.id, rounds);
    int stop = lane == 0 ? gsat_gpu_refresh_stop(p, blk) : 0;
    if (__shfl_sync(GSAT_FULL_MASK, stop, 0)) break;
    if (warp == 0 && lane == 0) gsat_gpu_poll_host(p, blk, &last_poll);
    long long t0 = clock64();
    if (w.have && gsat_warp_slice(p, blk, bq, w, &t0)) break;
    if (!w.have) gsat_warp_take(p, blk, bq, w, x, t0);
    GSAT_GPU_TRACE(blockIdx.x * blockDim.x + threadIdx.x, rounds, w.have);
    if ((++rounds & 63) == 0 && lane == 0)
      gsat_gpu_store_counters(p, w.id, w.s.n, w.t.cubes, w.t.donations, w.t.cyc);
  }
  if (lane == 0) {
    gsat_gpu_leave(p, blk, (int)warp, &x);
    gsat_gpu_add_steals(p, &x);
    gsat_gpu_store_counters(p, w.id, w.s.n, w.t.cubes, w.t.donations, w.t.cyc);
    gsat_gpu_at(p, w.id, GSAT_GPU_AT_LEFT);
  }
}

#endif
