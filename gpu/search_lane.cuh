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

/* The lane mapping's database view: the shared one, plus the slot-major
 * buckets (gpu/slot_layout.h) that its MOMS reads when slot_lits is set. */
struct gsat_lane_view {
  gsat_db_view db; /* first: the step code gets &view.db */
  const uint32_t *slot_lits;
  const gsat_slot_bucket *buckets;
  uint32_t num_buckets;
  uint32_t lits; /* real literals, the heuristic work of one scan */
};

GSAT_HD gsat_lit gsat_lane_decide_moms_slot(gsat_dpll *s,
                                            const gsat_lane_view *v);

#define GSAT_DPLL_FN(name) gsat_lane_##name
#define GSAT_DPLL_AT(p, i) ((p)[(size_t)(i) * 32])
#define GSAT_DPLL_DECIDE_MOMS(s, db)                                           \
  (((const gsat_lane_view *)(db))->slot_lits                                   \
       ? gsat_lane_decide_moms_slot(s, (const gsat_lane_view *)(db))           \
       : gsat_lane_decide_moms(s, db))
#include "solver/core/dpll.h"

/* Unassigned literals and satisfaction of a slot-major row (stride apart);
 * the padding literal is false, so it counts as neither. */
GSAT_HD void gsat_lane_eval_row(const gsat_dpll *s, const uint32_t *row,
                                uint32_t width, uint32_t stride, uint32_t *sat,
                                uint32_t *un) {
  uint32_t t = 0, u = 0;
  for (uint32_t k = 0; k < width; k++) {
    int v = s->val[(size_t)row[(size_t)k * stride] * 32];
    t |= v > 0;
    u += v == 0;
  }
  *sat = t;
  *un = u;
}

/* dpll.h decide_moms over the slot-major buckets: the same minimum, counts and
 * choice (both are independent of the clause order), the same heuristic work
 * (real literals). */
GSAT_HD gsat_lit gsat_lane_decide_moms_slot(gsat_dpll *s,
                                            const gsat_lane_view *v) {
  uint32_t min = 0xffffffffu, sat, un;
  for (uint32_t j = 0; j < v->num_buckets; j++) {
    const gsat_slot_bucket b = v->buckets[j];
    for (uint32_t r = 0; r < b.count; r++) {
      gsat_lane_eval_row(s, v->slot_lits + gsat_slot_index(&b, 0, r),
                         1u << b.width_log, b.stride, &sat, &un);
      if (!sat && un < min) min = un;
    }
  }
  s->n.heur += v->lits;
  if (min == 0xffffffffu) return GSAT_DPLL_NONE;
  const uint32_t V = v->db.num_vars;
  for (uint32_t l = 0; l < 2 * V; l++) s->moms_count[(size_t)l * 32] = 0;
  for (uint32_t j = 0; j < v->num_buckets; j++) {
    const gsat_slot_bucket b = v->buckets[j];
    const uint32_t width = 1u << b.width_log;
    for (uint32_t r = 0; r < b.count; r++) {
      const uint32_t *row = v->slot_lits + gsat_slot_index(&b, 0, r);
      gsat_lane_eval_row(s, row, width, b.stride, &sat, &un);
      if (sat || un != min) continue;
      for (uint32_t k = 0; k < width; k++) {
        const uint32_t l = row[(size_t)k * b.stride];
        if (s->val[(size_t)l * 32] == 0) s->moms_count[(size_t)l * 32]++;
      }
    }
  }
  s->n.heur += v->lits + 3 * (uint64_t)V;
  return gsat_lane_moms_pick(s, V);
}

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

__global__ void __launch_bounds__(512, 1) gsat_gpu_lane_kernel(gsat_gpu_params p) {
  GSAT_GPU_DYNAMIC_SMEM(smem);
  gsat_gpu_block *blk = (gsat_gpu_block *)smem;
  const int moms = p.decide == GSAT_DECIDE_MOMS;
  uint8_t *at = smem + GSAT_GPU_BLOCK_HEADER;
  gsat_bqueue *bq = gsat_gpu_block_queue_init(at, p.block_queue_cap);
  at += gsat_gpu_block_queue_bytes(p.block_queue_cap);
  gsat_gpu_block_init(blk);
  gsat_gpu_cnf cnf = p.cnf;
  if (p.cnf_in_smem) gsat_gpu_stage_cnf(&cnf, at, moms);
  __syncthreads();
  gsat_lane_view view;
  gsat_db_view &db = view.db;
  db.num_vars = cnf.num_vars;
  db.num_clauses = cnf.num_clauses;
  db.order_len = cnf.order_len;
  db.occ_start = cnf.occ_start;
  db.occ_stream = cnf.occ_stream;
  db.order = cnf.order;
  db.clause_start = cnf.clause_start;
  db.clause_lits = cnf.clause_lits;
  view.slot_lits = cnf.slot ? cnf.slot_lits : nullptr;
  view.buckets = cnf.slot_buckets;
  view.num_buckets = cnf.num_buckets;
  view.lits = cnf.lits_size;

  const unsigned lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  const unsigned wid = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  const unsigned id = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned lt = lane ? (1u << lane) - 1 : 0u;
  const uint32_t V = cnf.num_vars;
  gsat_dpll s;
  uint32_t *cube_bufs;
  uint32_t *my_cube = gsat_lane_carve(&s, p.state + (size_t)wid * p.state_stride, V, moms, lane,
                                      &cube_bufs);
  s.val[(size_t)2 * V * 32] = -1; /* the padding literal (slot_layout.h) */
  s.decide = p.decide;
  s.n = gsat_dpll_counters{};
  s.next_order_pos = 0;
  gsat_lane_init_root(&s, &db, cnf.units, cnf.num_units); /* host checked the root */
  s.n.replay += s.n.checks;
  s.n.checks = 0;
  unsigned long long cubes = 0, donations = 0;
  gsat_gpu_cycles cyc = {0, 0, 0};
  gsat_gpu_xchg x = {false, 32, {0, 0, 0}}; /* warp-level, kept by every lane alike */
  bool have = false;
  if (id == 0) {
    cubes++;
    have = !gsat_lane_start_cube(&s, &db, nullptr, 0);
    if (!have) gsat_gpu_cube_done(p);
  }
  long long last_poll = clock64();
  unsigned rounds = 0;
  for (;;) {
    int stop = lane == 0 ? gsat_gpu_block_load(&blk->stop) : 0;
    if (__shfl_sync(GSAT_FULL_MASK, stop, 0)) break;
    if (warp == 0 && lane == 0) gsat_gpu_poll_host(p, blk, &last_poll);
    long long t0 = clock64();
    int res = GSAT_DPLL_PAUSED;
    if (have) res = gsat_lane_search(&s, &db, p.slice);
    long long t1 = clock64();
    (have ? cyc.search : cyc.idle) += t1 - t0;
    t0 = t1;
    bool sat = have && res == GSAT_DPLL_SAT;
    if (sat && gsat_gpu_claim_sat(p, id)) {
      for (uint32_t v = 0; v < V; v++) p.model[v] = s.val[(size_t)2 * v * 32] > 0;
      gsat_gpu_raise_stop(p);
    }
    if (__ballot_sync(GSAT_FULL_MASK, sat)) {
      if (lane == 0) gsat_gpu_block_store(&blk->stop, 1);
      break;
    }
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
          x.steals[0]++;
          have = !gsat_lane_start_cube(&s, &db, my_cube, got);
          if (!have) gsat_gpu_cube_done(p);
        }
        t1 = clock64();
        cyc.replay += t1 - t0;
        t0 = t1;
      }
    }

    /* Levels 2 and 3: the warp's idle lanes take queued cubes, one each, from
     * the block queue or (as the block's poller) the global queue; the lanes
     * still idle register as hungry (counted in lanes, so that donors see the
     * real demand). */
    idle = __ballot_sync(GSAT_FULL_MASK, !have);
    if (idle) {
      const int leader = __ffs(idle) - 1, want = __popc(idle);
      int taken = 0, from_global = 0;
      uint32_t mine = 0;
      bool got = false;
      for (;;) { /* warp-uniform: one cube per iteration */
        int src = 0;
        uint32_t slot = 0;
        if ((int)lane == leader)
          src = gsat_gpu_take_one(p, blk, bq, (int)warp, &slot);
        src = __shfl_sync(GSAT_FULL_MASK, src, leader);
        slot = __shfl_sync(GSAT_FULL_MASK, slot, leader);
        if (!src) break;
        if ((int)lane == leader) x.steals[src]++;
        from_global |= src == 2;
        if (lane == __fns(idle, 0, taken + 1)) {
          mine = slot;
          got = true;
        }
        if (++taken == want) break;
      }
      if (taken) x.backoff = 32;
      if (from_global && (int)lane == leader)
        gsat_gpu_drop_poller(blk, (int)warp);
      if (got) {
        __threadfence();
        const uint32_t *cube = gsat_gpu_slot_ptr(p, mine);
        uint32_t n = __ldcg(cube);
        for (uint32_t k = 0; k < n; k++) my_cube[k] = __ldcg(cube + 1 + k);
        gsat_queue_push(p.free_slots, mine);
        cubes++;
        have = !gsat_lane_start_cube(&s, &db, my_cube, n);
        if (!have) gsat_gpu_cube_done(p);
        cyc.replay += clock64() - t0;
      }
      if (lane == 0) gsat_gpu_set_hunger(p, blk, &x, (unsigned)(want - taken));
      x.hungry = (unsigned)(want - taken);
    } else {
      if (lane == 0) gsat_gpu_set_hunger(p, blk, &x, 0u); /* all busy again */
      x.hungry = 0;
    }
    /* Give branches to the block or global queue while hungry lanes elsewhere
     * outnumber the queued cubes: lane 0 reads the counters, then every lane
     * with an open branch whose rank is below that demand takes a pool slot and
     * gives its shallowest open branch (at most one per lane and round). */
    if (__ballot_sync(GSAT_FULL_MASK, have)) {
      unsigned need = 0;
      if (lane == 0) {
        gsat_gpu_refresh_stop(p, blk);
        need = gsat_gpu_donation_need(p, blk, bq, x.hungry);
      }
      need = __shfl_sync(GSAT_FULL_MASK, need, 0);
      if (need) {
        bool open = have && gsat_lane_open_branches(&s) > 0;
        unsigned donors = __ballot_sync(GSAT_FULL_MASK, open);
        const unsigned rank = __popc(donors & lt), to_block = need & 0xffffu;
        const unsigned total = to_block + (need >> 16);
        uint32_t slot;
        if (open && rank < total && gsat_queue_pop(p.free_slots, &slot)) {
          uint32_t *cube = gsat_gpu_slot_ptr(p, slot);
          uint32_t n = gsat_lane_donate(&s, my_cube, V);
          for (uint32_t k = 0; k < n; k++) __stcg(cube + 1 + k, my_cube[k]);
          __threadfence();
          gsat_gpu_publish(p, bq, rank < to_block ? 1 : 2, slot, n);
          donations += n != 0;
        }
      }
    }
    GSAT_GPU_TRACE(id, rounds, have);
    if (__all_sync(GSAT_FULL_MASK, !have)) {
      __nanosleep(x.backoff);
      x.backoff = min(2 * x.backoff, p.max_backoff);
      cyc.idle += clock64() - t0;
    }
    if ((++rounds & 63) == 0) gsat_gpu_store_counters(p, id, s.n, cubes, donations, cyc);
  }
  if (lane == 0) gsat_gpu_leave(p, blk, (int)warp, &x);
  gsat_gpu_add_steals(p, &x);
  gsat_gpu_store_counters(p, id, s.n, cubes, donations, cyc);
}

#endif
