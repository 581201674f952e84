/* The `lane` mapping (tree-mapping.md, "Take 4"): each lane walks its own subtree
 * with the shared DPLL step code (solver/dpll.h, instantiated with the 32 lanes'
 * arrays interleaved so that lanes touching the same entry touch consecutive
 * addresses); BCP's queue and clause loops are merged into one flat loop over the
 * occurrence stream.  Work stealing at three levels: lanes of a warp (ballots and
 * shuffles pair idle lanes with donors), warps of a block (a queue in shared
 * memory), blocks (the global queue). */
#ifndef GSAT_GPU_SEARCH_LANE_CUH
#define GSAT_GPU_SEARCH_LANE_CUH

#include "gpu/search_common.cuh"

#define GSAT_DPLL_FN(name) gsat_lane_##name
#define GSAT_DPLL_AT(p, i) ((p)[(size_t)(i) * 32])
#include "solver/dpll.h"

/* Carves one warp's interleaved state; returns this lane's cube buffer. */
__device__ inline uint32_t *gsat_lane_carve(gsat_dpll *s, uint8_t *warp_base, uint32_t V,
                                            int moms, unsigned lane, uint32_t **cubes) {
  uint8_t *at = warp_base;
  s->val = (int8_t *)at + lane;
  at += gsat_gpu_align16(32 * (2 * (uint64_t)V + 2));
  s->trail = (uint32_t *)at + lane;
  at += gsat_gpu_align16(32 * 4 * ((uint64_t)V + 1));
  s->levels = (gsat_level *)at + lane;
  at += gsat_gpu_align16(32 * 16 * ((uint64_t)V + 2));
  *cubes = (uint32_t *)at; /* [32][V + 1], lane-contiguous */
  at += gsat_gpu_align16(32 * 4 * ((uint64_t)V + 1));
  s->moms_count = moms ? (uint32_t *)at + lane : nullptr;
  return *cubes + (size_t)lane * (V + 1);
}

/* Bytes of one warp's interleaved state. */
__host__ __device__ inline uint64_t gsat_lane_warp_bytes(uint32_t V, int moms) {
  uint64_t b = gsat_gpu_align16(32 * (2 * (uint64_t)V + 2)) +
               gsat_gpu_align16(32 * 4 * ((uint64_t)V + 1)) +
               gsat_gpu_align16(32 * 16 * ((uint64_t)V + 2)) +
               gsat_gpu_align16(32 * 4 * ((uint64_t)V + 1));
  if (moms) b += gsat_gpu_align16(32 * 4 * (2 * (uint64_t)V + 2));
  return b;
}

__global__ void __launch_bounds__(1024, 1) gsat_gpu_lane_kernel(gsat_gpu_params p) {
  GSAT_GPU_DYNAMIC_SMEM(smem);
  unsigned int &block_hungry = *(unsigned int *)smem; /* idle workers of this block */
  const int moms = p.decide == GSAT_DECIDE_MOMS;
  uint8_t *at = smem + GSAT_GPU_BLOCK_HEADER;
  gsat_bqueue *bq = gsat_gpu_block_queue_init(at, p.block_queue_cap);
  at += gsat_gpu_block_queue_bytes(p.block_queue_cap);
  if (threadIdx.x == 0) block_hungry = 0;
  gsat_gpu_cnf cnf = p.cnf;
  if (p.cnf_in_smem) gsat_gpu_stage_cnf(&cnf, at, moms);
  __syncthreads();
  gsat_db_view db;
  db.num_vars = cnf.num_vars;
  db.num_clauses = cnf.num_clauses;
  db.order_len = cnf.order_len;
  db.occ_start = cnf.occ_start;
  db.occ_stream = cnf.occ_stream;
  db.order = cnf.order;
  db.clause_start = cnf.clause_start;
  db.clause_lits = cnf.clause_lits;

  const unsigned lane = threadIdx.x & 31;
  const unsigned wid = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  const unsigned id = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned lt = lane ? (1u << lane) - 1 : 0u;
  const uint32_t V = cnf.num_vars;
  gsat_dpll s;
  uint32_t *cube_bufs;
  uint32_t *my_cube = gsat_lane_carve(&s, p.state + (size_t)wid * p.state_stride, V, moms, lane,
                                      &cube_bufs);
  s.decide = p.decide;
  s.n = gsat_dpll_counters{};
  s.next_order_pos = 0;
  gsat_lane_init_root(&s, &db, cnf.units, cnf.num_units); /* host checked the root */
  s.n.replay += s.n.checks;
  s.n.checks = 0;
  unsigned long long cubes = 0, donations = 0, steals[3] = {0, 0, 0};
  bool have = false, hungry = false;
  if (id == 0) {
    cubes++;
    have = !gsat_lane_start_cube(&s, &db, nullptr, 0);
    if (!have) gsat_gpu_cube_done(p);
  }
  long long last_poll = clock64();
  unsigned rounds = 0, backoff = 64;
  for (;;) {
    if (__shfl_sync(GSAT_FULL_MASK, gsat_gpu_stopped(p), 0)) break; /* uniform */
    if (lane == 0) gsat_gpu_poll_host(p, &last_poll);
    int res = GSAT_DPLL_PAUSED;
    if (have) res = gsat_lane_search(&s, &db, p.slice);
    bool sat = have && res == GSAT_DPLL_SAT;
    if (sat && gsat_gpu_claim_sat(p, id)) {
      for (uint32_t v = 0; v < V; v++) p.model[v] = s.val[(size_t)2 * v * 32] > 0;
      gsat_gpu_raise_stop(p);
    }
    if (__ballot_sync(GSAT_FULL_MASK, sat)) break;
    if (have && res == GSAT_DPLL_EXHAUSTED) {
      have = false;
      gsat_gpu_cube_done(p);
    }

    /* Level 1: lanes of this warp.  The k-th idle lane takes a branch from the
     * k-th lane that has one open. */
    unsigned idle = __ballot_sync(GSAT_FULL_MASK, !have);
    if (idle && idle != GSAT_FULL_MASK) {
      bool open = have && gsat_lane_open_branches(&s) > 0;
      unsigned donors = __ballot_sync(GSAT_FULL_MASK, open);
      int pairs = min(__popc(idle), __popc(donors));
      if (pairs) {
        int drank = open ? __popc(donors & lt) : 32;
        int irank = !have ? __popc(idle & lt) : 32;
        uint32_t n = 0;
        if (drank < pairs) {
          unsigned receiver = __fns(idle, 0, drank + 1);
          n = gsat_lane_donate(&s, cube_bufs + (size_t)receiver * (V + 1), V);
          donations++;
          atomicAdd(&p.ctl->work, 1ull); /* before the receiver can refute it */
        }
        unsigned donor = irank < pairs ? __fns(donors, 0, irank + 1) : lane;
        uint32_t got = __shfl_sync(GSAT_FULL_MASK, n, donor);
        __syncwarp();
        if (irank < pairs) {
          cubes++;
          steals[0]++;
          have = !gsat_lane_start_cube(&s, &db, my_cube, got);
          if (!have) gsat_gpu_cube_done(p);
        }
      }
    }

    /* Levels 2 and 3: the block queue, then the global queue. */
    if (!have) {
      uint32_t slot;
      int src = gsat_queue_pop(bq, &slot) ? 1 : gsat_queue_pop(p.work, &slot) ? 2 : 0;
      if (src) {
        if (hungry) {
          atomicSub(&block_hungry, 1u);
          atomicSub(&p.ctl->hungry, 1u);
          hungry = false;
        }
        __threadfence();
        const uint32_t *cube = gsat_gpu_slot(p, slot);
        uint32_t n = __ldcg(cube);
        for (uint32_t k = 0; k < n; k++) my_cube[k] = __ldcg(cube + 1 + k);
        gsat_queue_push(p.free_slots, slot);
        cubes++;
        steals[src]++;
        have = !gsat_lane_start_cube(&s, &db, my_cube, n);
        if (!have) gsat_gpu_cube_done(p);
        backoff = 64;
      } else if (!hungry) {
        atomicAdd(&block_hungry, 1u);
        atomicAdd(&p.ctl->hungry, 1u);
        hungry = true;
      }
    } else {
      unsigned bh = *(volatile unsigned *)&block_hungry;
      unsigned gh = *(volatile unsigned *)&p.ctl->hungry;
      int target = bh > gsat_queue_size(bq) ? 1 : gh > gsat_queue_size(p.work) ? 2 : 0;
      uint32_t slot;
      if (target && gsat_lane_open_branches(&s) && gsat_queue_pop(p.free_slots, &slot)) {
        uint32_t *cube = gsat_gpu_slot(p, slot);
        uint32_t n = gsat_lane_donate(&s, my_cube, V);
        for (uint32_t k = 0; k < n; k++) __stcg(cube + 1 + k, my_cube[k]);
        __stcg(cube, n);
        __threadfence();
        atomicAdd(&p.ctl->work, 1ull);
        if (target == 2 || !gsat_queue_push(bq, slot)) gsat_queue_push(p.work, slot);
        donations++;
      }
    }
    if (__all_sync(GSAT_FULL_MASK, !have)) {
      __nanosleep(backoff);
      backoff = min(2 * backoff, 4096u);
    }
    if ((++rounds & 63) == 0) gsat_gpu_store_counters(p, id, s.n, cubes, donations);
  }
  if (hungry) atomicSub(&p.ctl->hungry, 1u);
  gsat_gpu_store_counters(p, id, s.n, cubes, donations);
  atomicAdd(&p.ctl->steals_lane, steals[0]);
  atomicAdd(&p.ctl->steals_warp, steals[1]);
  atomicAdd(&p.ctl->steals_block, steals[2]);
}

#endif
