/* The `lane` mapping (tree-mapping.md, "Take 4"): each lane walks its own subtree
 * with the shared DPLL step code (core/dpll.h) instantiated for a team of
 * one (core/team_one.h), with the 32 lanes' arrays interleaved so that
 * lanes touching the same entry touch consecutive addresses; BCP's queue and
 * clause loops are merged into one flat loop over the occurrence stream.  This
 * file adds the scheduling: work stealing at three levels, lanes of a warp
 * (ballots and shuffles pair idle lanes with donors), warps of a block (a queue
 * in shared memory), blocks (the global queue). */
#ifndef GSAT_GPU_SEARCH_LANE_CUH
#define GSAT_GPU_SEARCH_LANE_CUH

#include "gpu/search_common.cuh"

/* Checks of the lane kernel that end it with an error (a trap: the host
 * reports a CUDA launch failure, exit 6) instead of letting it hang (the lane
 * hang, bench/RESULTS.md): GSAT_LANE_SITE(k) at steps of a round asks that
 * all 32 lanes be at the same step (__match_any_sync); GSAT_LANE_CHECK(c)
 * traps when c holds (a pool slot out of range, a cube length outside 1..V).
 * With these in the kernel the hang has not been seen on the H200 (bench/
 * RESULTS.md, 2026-12-03: 0 stuck runs of 42, against 19 of 45 without them,
 * one of which faulted); why they cure it is not known: no check has fired.  The host emulation
 * (tests/simt_host.h) makes its own checks. */
#ifdef __CUDA_ARCH__
#define GSAT_LANE_SITE(site)                                                      \
  do {                                                                          \
    if (__match_any_sync(GSAT_FULL_MASK, (unsigned)(site)) != GSAT_FULL_MASK)   \
      __trap();                                                                 \
  } while (0)
#define GSAT_LANE_CHECK(cond)                                                     \
  do {                                                                          \
    if (cond) __trap();                                                         \
  } while (0)
#else
#define GSAT_LANE_SITE(site) ((void)0)
#define GSAT_LANE_CHECK(cond) ((void)0)
#endif

#include "core/team_one.h"
#define GSAT_DPLL_FN(name) gsat_lane_##name
#define GSAT_DPLL_AT(p, i) ((p)[(size_t)(i) * 32])
#define GSAT_DPLL_NO_LOOKAHEAD /* refused for the lane mapping (gpu/search.cu) */
#include "gpu/dpll_slot.cuh"
#include "core/dpll.h"

/* Carves one warp's interleaved state; returns this lane's cube buffer. */
__device__ __forceinline__ uint32_t *gsat_lane_carve(gsat_dpll *s, uint8_t *warp_base, uint32_t V,
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

/* One lane's worker: its searcher and its scheduling state (the work exchange's
 * bookkeeping, gsat_gpu_xchg, is a separate variable: its indexed steals[]
 * would keep the whole struct in local memory). */
struct gsat_lane_worker {
  gsat_dpll s;
  gsat_gpu_view view;
  uint32_t *cube_bufs, *my_cube; /* the warp's cube buffers, this lane's */
  unsigned lane, warp, id, lt;   /* lt: the mask of the lanes below */
  bool have;                     /* holds a cube */
  gsat_gpu_tally t;
};

/* The lane's searcher at the root (the host checked that the root is not
 * refuted); worker 0 holds the whole tree. */
__device__ __forceinline__ void gsat_lane_init(const gsat_gpu_params &p, const gsat_gpu_cnf &cnf,
                                      gsat_lane_worker &w) {
  w.view = gsat_gpu_view_of(cnf);
  w.lane = threadIdx.x & 31;
  w.warp = threadIdx.x >> 5;
  w.id = blockIdx.x * blockDim.x + threadIdx.x;
  w.lt = w.lane ? (1u << w.lane) - 1 : 0u;
  const unsigned wid = w.id >> 5;
  w.my_cube = gsat_lane_carve(&w.s, p.state + (size_t)wid * p.state_stride, cnf.num_vars,
                              p.decide == GSAT_DECIDE_MOMS, w.lane, &w.cube_bufs);
  w.s.n = gsat_dpll_counters{};
  gsat_lane_init_worker(&w.s, &w.view.db, cnf.units, cnf.num_units, p.decide);
  w.t = gsat_gpu_tally{}; /* zeros */
  w.have = false;
  if (w.id == 0) {
    w.t.cubes++;
    w.have = !gsat_lane_start_cube(&w.s, &w.view.db, nullptr, 0);
    if (!w.have) gsat_gpu_cube_done(p);
  }
}

/* Searches a slice of the held cube (all lanes of the warp take part; idle
 * ones count idle time).  Returns 1 when a lane of the warp found a model (the
 * kernel stops). */
__device__ __forceinline__ int gsat_lane_slice(const gsat_gpu_params &p, gsat_gpu_block *blk,
                                      gsat_lane_worker &w, long long *t0) {
  int res = GSAT_DPLL_PAUSED;
  if (w.have) {
    gsat_gpu_at(p, w.id, GSAT_GPU_AT_SEARCH);
    res = gsat_lane_search(&w.s, &w.view.db, p.slice);
  }
  long long t1 = clock64();
  (w.have ? w.t.cyc.search : w.t.cyc.idle) += t1 - *t0;
  *t0 = t1;
  bool sat = w.have && res == GSAT_DPLL_SAT;
  if (sat && gsat_gpu_claim_sat(p, w.id)) {
    for (uint32_t v = 0; v < w.view.db.num_vars; v++)
      p.model[v] = w.s.val[(size_t)2 * v * 32] > 0;
    gsat_gpu_raise_stop(p);
  }
  if (__ballot_sync(GSAT_FULL_MASK, sat)) {
    if (w.lane == 0) gsat_gpu_block_store(&blk->stop, 1);
    return 1;
  }
  if (w.have && res == GSAT_DPLL_EXHAUSTED) {
    w.have = false;
    gsat_gpu_cube_done(p);
  }
  return 0;
}

/* Level 1: lanes of this warp.  The k-th idle lane takes a branch from the
 * k-th lane that has one open. */
__device__ __forceinline__ void gsat_lane_share(const gsat_gpu_params &p, gsat_lane_worker &w,
                                       gsat_gpu_xchg &x, long long *t0) {
  gsat_gpu_at(p, w.id, GSAT_GPU_AT_SHARE);
  const unsigned idle = __ballot_sync(GSAT_FULL_MASK, !w.have);
  if (!idle || idle == GSAT_FULL_MASK) return;
  const bool open = w.have && gsat_lane_shallowest_open(&w.s) != 0;
  const unsigned donors = __ballot_sync(GSAT_FULL_MASK, open);
  const int pairs = min(__popc(idle), __popc(donors));
  if (!pairs) return;
  const uint32_t V = w.view.db.num_vars;
  const int drank = open ? __popc(donors & w.lt) : 32;
  const int irank = !w.have ? __popc(idle & w.lt) : 32;
  uint32_t n = 0;
  /* Ballots and shuffles order no memory: the receivers' earlier reads and
   * writes of their cube buffers (replays, intake copies, scratch of their
   * own donations) must be done before the donors write them. */
  __syncwarp();
  if (drank < pairs) {
    unsigned receiver = __fns(idle, 0, drank + 1);
    n = gsat_lane_donate(&w.s, w.cube_bufs + (size_t)receiver * (V + 1), V);
    w.t.donations++;
    atomicAdd(&p.ctl->work, 1ull); /* before the receiver can refute it */
  }
  unsigned donor = irank < pairs ? __fns(donors, 0, irank + 1) : w.lane;
  uint32_t got = __shfl_sync(GSAT_FULL_MASK, n, donor);
  __syncwarp();
  if (irank < pairs) {
    w.t.cubes++;
    x.steals[0]++;
    w.have = !gsat_lane_start_cube(&w.s, &w.view.db, w.my_cube, got);
    if (!w.have) gsat_gpu_cube_done(p);
  }
  long long t1 = clock64();
  w.t.cyc.replay += t1 - *t0;
  *t0 = t1;
}

/* Levels 2 and 3: the warp's idle lanes take queued cubes, one each, from the
 * block queue or (as the block's poller) the global queue; the lanes still
 * idle register as hungry (counted in lanes, so that donors see the real
 * demand). */
__device__ __forceinline__ void gsat_lane_intake(const gsat_gpu_params &p, gsat_gpu_block *blk,
                                        gsat_bqueue *bq, gsat_lane_worker &w, gsat_gpu_xchg &x,
                                        long long t0) {
  gsat_gpu_at(p, w.id, GSAT_GPU_AT_TAKE);
  const unsigned idle = __ballot_sync(GSAT_FULL_MASK, !w.have);
  if (!idle) {
    if (w.lane == 0) gsat_gpu_set_hunger(p, blk, &x, 0u); /* all busy again */
    x.hungry = 0;
    return;
  }
  const int leader = __ffs(idle) - 1, want = __popc(idle);
  const uint32_t V = w.view.db.num_vars;
  /* The leader takes up to `want` cubes alone and writes the k-th one's slot
   * number into the k-th idle lane's cube buffer; then one fixed sequence of
   * collectives (no collective inside a loop whose trip count is data: the
   * lane hang, bench/RESULTS.md).  The first __syncwarp orders the idle
   * lanes' earlier uses of their buffers before the leader's writes, the
   * second the writes before the reads. */
  GSAT_LANE_SITE(10);
  __syncwarp();
  int taken = 0, from_global = 0;
  if ((int)w.lane == leader) {
    gsat_gpu_at(p, w.id, GSAT_GPU_AT_TAKE_QUEUE);
    while (taken < want) {
      uint32_t slot = 0;
      const int src = gsat_gpu_take_one(p, blk, bq, (int)w.warp, &slot);
      if (!src) break;
      GSAT_LANE_CHECK(slot >= p.pool_slots);
      x.steals[src]++;
      from_global |= src == 2;
      w.cube_bufs[(size_t)__fns(idle, 0, taken + 1) * (V + 1)] = slot;
      taken++;
    }
    gsat_gpu_at(p, w.id, GSAT_GPU_AT_TAKE);
  }
  __syncwarp();
  GSAT_LANE_SITE(11);
  taken = __shfl_sync(GSAT_FULL_MASK, taken, leader);
  from_global = __shfl_sync(GSAT_FULL_MASK, from_global, leader);
  const bool got = !w.have && (int)__popc(idle & w.lt) < taken;
  const uint32_t mine = got ? w.my_cube[0] : 0;
  gsat_gpu_at(p, w.id, GSAT_GPU_AT_TAKE_DONE);
  if (taken) x.backoff = 32;
  if (from_global && (int)w.lane == leader) gsat_gpu_drop_poller(blk, (int)w.warp);
  if (got) {
    __threadfence();
    const uint32_t *cube = gsat_gpu_slot_ptr(p, mine);
    uint32_t n = __ldcg(cube);
    GSAT_LANE_CHECK(n == 0 || n > V);
    GSAT_GPU_CUBE_CHECK(p, cube + 1, n);
    for (uint32_t k = 0; k < n; k++) w.my_cube[k] = __ldcg(cube + 1 + k);
    w.my_cube[V] = mine; /* for the leader to give back (n <= V) */
    w.t.cubes++;
    w.have = !gsat_lane_start_cube(&w.s, &w.view.db, w.my_cube, n);
    if (!w.have) gsat_gpu_cube_done(p);
    w.t.cyc.replay += clock64() - t0;
  }
  /* The leader gives the taken slots back once every receiver copied its
   * cube (the __syncwarp orders those reads and the word-V writes). */
  __syncwarp();
  if ((int)w.lane == leader) {
    gsat_gpu_at(p, w.id, GSAT_GPU_AT_RETURN_SLOT);
    for (int k = 0; k < taken; k++)
      gsat_gpu_push_slot(p, p.free_slots, w.cube_bufs[(size_t)__fns(idle, 0, k + 1) * (V + 1) + V]);
  }
  if (w.lane == 0) gsat_gpu_set_hunger(p, blk, &x, (unsigned)(want - taken));
  x.hungry = (unsigned)(want - taken);
}

/* Gives branches to the block or global queue while hungry lanes elsewhere
 * outnumber the queued cubes: lane 0 reads the counters, then every lane with
 * an open branch whose rank is below that demand takes a pool slot and gives
 * its shallowest open branch (at most one per lane and round). */
__device__ __forceinline__ void gsat_lane_give(const gsat_gpu_params &p, gsat_gpu_block *blk,
                                      gsat_bqueue *bq, gsat_lane_worker &w,
                                      const gsat_gpu_xchg &x) {
  gsat_gpu_at(p, w.id, GSAT_GPU_AT_GIVE);
  if (!__ballot_sync(GSAT_FULL_MASK, w.have)) return;
  unsigned need = 0;
  if (w.lane == 0) {
    gsat_gpu_refresh_stop(p, blk);
    need = gsat_gpu_donation_need(p, blk, bq, x.hungry);
  }
  need = __shfl_sync(GSAT_FULL_MASK, need, 0);
  if (!need) return;
  const bool open = w.have && gsat_lane_shallowest_open(&w.s) != 0;
  const unsigned donors = __ballot_sync(GSAT_FULL_MASK, open);
  const unsigned rank = __popc(donors & w.lt), to_block = need & 0xffffu;
  const unsigned total = to_block + (need >> 16);
  const unsigned givers = __ballot_sync(GSAT_FULL_MASK, open && rank < total);
  const uint32_t V = w.view.db.num_vars;
  /* Lane 0 pops a free slot per giver and leaves its number in word V of the
   * giver's cube buffer (a cube has at most V literals); each giver writes
   * its cube there; lane 0 publishes them all.  So no two lanes of the warp
   * are ever inside the queues' CAS loops together (the lane hang,
   * bench/RESULTS.md).  The first __syncwarp orders the givers' earlier use
   * of their buffers, the second lane 0's writes, the fence and the third
   * the givers' cubes before lane 0's release pushes. */
  __syncwarp();
  unsigned slots = 0;
  if (w.lane == 0) {
    gsat_gpu_at(p, w.id, GSAT_GPU_AT_FREE_POP);
    for (uint32_t slot; slots < (unsigned)__popc(givers) && gsat_queue_pop(p.free_slots, &slot); slots++) {
      GSAT_GPU_SLOT_MOVE(p, slot, GSAT_GPU_SLOT_FREE, GSAT_GPU_SLOT_HELD);
      w.cube_bufs[(size_t)__fns(givers, 0, slots + 1) * (V + 1) + V] = slot;
    }
  }
  __syncwarp();
  GSAT_LANE_SITE(21);
  slots = __shfl_sync(GSAT_FULL_MASK, slots, 0);
  if ((givers >> w.lane & 1u) && __popc(givers & w.lt) < slots) {
    gsat_gpu_at(p, w.id, GSAT_GPU_AT_DONATE);
    uint32_t *cube = gsat_gpu_slot_ptr(p, w.my_cube[V]);
    const uint32_t n = gsat_lane_donate(&w.s, w.my_cube, V);
    for (uint32_t k = 0; k < n; k++) __stcg(cube + 1 + k, w.my_cube[k]);
    __stcg(cube, n);
    __threadfence();
    GSAT_LANE_CHECK(n == 0);
    w.t.donations += n != 0;
  }
  GSAT_LANE_SITE(22);
  __syncwarp();
  GSAT_LANE_SITE(23);
  if (w.lane == 0) {
    gsat_gpu_at(p, w.id, GSAT_GPU_AT_PUBLISH);
    for (unsigned k = 0; k < slots; k++) {
      const uint32_t slot = w.cube_bufs[(size_t)__fns(givers, 0, k + 1) * (V + 1) + V];
      GSAT_LANE_CHECK(slot >= p.pool_slots || __ldcg(gsat_gpu_slot_ptr(p, slot)) - 1u >= V);
      gsat_gpu_publish(p, bq, k < to_block ? 1 : 2, slot, __ldcg(gsat_gpu_slot_ptr(p, slot)), w.id);
    }
  }
}

/* The persistent kernel of the lane mapping. */
__global__ void __launch_bounds__(512, 1) gsat_gpu_lane_kernel(gsat_gpu_params p) {
  GSAT_GPU_DYNAMIC_SMEM(smem);
  gsat_gpu_block *blk;
  gsat_bqueue *bq;
  gsat_gpu_cnf cnf;
  gsat_gpu_at(p, blockIdx.x * blockDim.x + threadIdx.x, GSAT_GPU_AT_SETUP);
  gsat_gpu_block_setup(p, smem, &blk, &bq, &cnf);
  gsat_lane_worker w;
  gsat_lane_init(p, cnf, w);
  gsat_gpu_xchg x = {false, 32, {0, 0, 0}}; /* warp-level, kept by every lane alike */
  long long last_poll = clock64();
  unsigned rounds = 0;
  for (;;) {
    gsat_gpu_at_round(p, w.id, rounds);
    GSAT_LANE_SITE(1);
    int stop = w.lane == 0 ? gsat_gpu_refresh_stop(p, blk) : 0;
    if (__shfl_sync(GSAT_FULL_MASK, stop, 0)) break;
    if (w.warp == 0 && w.lane == 0) gsat_gpu_poll_host(p, blk, &last_poll);
    long long t0 = clock64();
    GSAT_LANE_SITE(2);
    if (gsat_lane_slice(p, blk, w, &t0)) break;
    GSAT_LANE_SITE(3);
    gsat_lane_share(p, w, x, &t0);
    GSAT_LANE_SITE(4);
    gsat_lane_intake(p, blk, bq, w, x, t0);
    GSAT_LANE_SITE(5);
    gsat_lane_give(p, blk, bq, w, x);
    GSAT_LANE_SITE(6);
    GSAT_GPU_TRACE(w.id, rounds, w.have);
    gsat_gpu_at(p, w.id, GSAT_GPU_AT_ROUND_END);
    if (__all_sync(GSAT_FULL_MASK, !w.have)) {
      gsat_gpu_at(p, w.id, GSAT_GPU_AT_SLEEP);
      __nanosleep(x.backoff);
      x.backoff = min(2 * x.backoff, p.max_backoff);
      w.t.cyc.idle += clock64() - t0;
    }
    if ((++rounds & 63) == 0) gsat_gpu_store_counters(p, w.id, w.s.n, w.t.cubes, w.t.donations, w.t.cyc);
  }
  if (w.lane == 0) gsat_gpu_leave(p, blk, (int)w.warp, &x);
  gsat_gpu_add_steals(p, &x);
  gsat_gpu_store_counters(p, w.id, w.s.n, w.t.cubes, w.t.donations, w.t.cyc);
  gsat_gpu_at(p, w.id, GSAT_GPU_AT_LEFT);
}

#endif
