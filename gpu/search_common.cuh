/* Device code of the GPU search's scheduling (search_warp.cuh's kernel, and
 * the host emulation's tests): the CNF copy into shared memory, the cube pool
 * and its queues, work accounting, stop polling. */
#ifndef GSAT_GPU_SEARCH_COMMON_CUH
#define GSAT_GPU_SEARCH_COMMON_CUH

#include "gpu/search_types.cuh"
#include "base/status.h"

#define GSAT_FULL_MASK 0xffffffffu

/* A hook for the host emulation's experiments (tests/test_gpu_emulated.cpp):
 * every thread calls it once per round of the search loop with its global
 * thread number, the round number and whether it holds a cube; nothing on the
 * GPU. */
#ifndef GSAT_GPU_TRACE
#define GSAT_GPU_TRACE(thread, round, have) ((void)0)
#endif

/* Debug hooks of the host emulation's pool-slot ownership check
 * (tests/test_gpu_emulated.cpp); nothing on the GPU.  A pool slot is in
 * exactly one place: the free list, the global work queue, one block's queue
 * or held by one warp (between a pop and the next push).
 * GSAT_GPU_SLOT_MOVE (p, slot, from, to) records a move of `slot` by the
 * calling thread's warp, from and to GSAT_GPU_SLOT_* places (BLOCK: the
 * caller's block, HELD: the caller's warp): after a pop, before a push (and
 * back, BLOCK to HELD, when a block-queue push fails); the check aborts on a
 * slot that is not where the move says.  GSAT_GPU_CUBE_CHECK (p, cube, n):
 * the cube of n literals at cube (a pool slot's literals) is read or
 * published; the check aborts unless 1 <= n <= V and every literal < 2 V. */
enum { GSAT_GPU_SLOT_FREE = 1, GSAT_GPU_SLOT_WORK, GSAT_GPU_SLOT_BLOCK, GSAT_GPU_SLOT_HELD };
#ifndef GSAT_GPU_SLOT_MOVE
#define GSAT_GPU_SLOT_MOVE(p, slot, from, to) ((void)0)
#endif
#ifndef GSAT_GPU_CUBE_CHECK
#define GSAT_GPU_CUBE_CHECK(p, cube, n) ((void)0)
#endif

/* The kernels' only shared memory is the dynamic block, so that the host-thread
 * emulation used by the unit tests (tests/simt_host.h) can provide it. */
#ifdef __CUDACC__
#define GSAT_GPU_DYNAMIC_SMEM(name) extern __shared__ __align__(16) uint8_t name[]
#else
#define GSAT_GPU_DYNAMIC_SMEM(name) uint8_t *name = gsat_simt_dynamic_smem()
#endif

/* The step code's database view on the device (core/dpll.h gets
 * &view.db), plus the slot-major buckets that MOMS reads when slot_lits is set
 * (gpu/dpll_slot.cuh). */
struct gsat_gpu_view {
  gsat_db_view db; /* first */
  const uint32_t *slot_lits;
  const gsat_slot_bucket *buckets;
  uint32_t num_buckets;
};

__device__ inline gsat_gpu_view gsat_gpu_view_of(const gsat_gpu_cnf &cnf) {
  gsat_gpu_view v;
  v.db.num_vars = cnf.num_vars;
  v.db.num_clauses = cnf.num_clauses;
  v.db.order_len = cnf.order_len;
  v.db.num_lits = cnf.lits_size;
  v.db.occ_start = cnf.occ_start;
  v.db.occ_stream = cnf.occ_stream;
  v.db.order = cnf.order;
  v.db.clause_start = cnf.clause_start;
  v.db.clause_lits = cnf.clause_lits;
  v.slot_lits = cnf.slot ? cnf.slot_lits : nullptr;
  v.buckets = cnf.slot_buckets;
  v.num_buckets = cnf.num_buckets;
  return v;
}

/* Block-wide state at the start of the dynamic shared memory. */
struct gsat_gpu_block {
  unsigned hungry; /* workers of this block waiting for a cube */
  int poller;      /* the one idle warp that polls the global queue, -1 none */
  int stop;        /* copy of the global stop flag, refreshed by every warp each round */
  unsigned pad;
};
#define GSAT_GPU_BLOCK_HEADER 16

/* Copies the compacted slot-major buckets (gpu/slot_layout.h) into shared
 * memory at smem: the compacted bucket table, then each bucket without its
 * padding rows (slot k of row r at offset + k * count + r).  Returns the bytes
 * used. */
__device__ inline uint64_t gsat_gpu_stage_slots(gsat_gpu_cnf *cnf, uint8_t *smem) {
  const uint32_t nb = cnf->num_buckets;
  const gsat_slot_bucket *global = cnf->slot_buckets, *compact = global + nb;
  gsat_slot_bucket *table = (gsat_slot_bucket *)smem;
  uint32_t *lits = (uint32_t *)(smem + gsat_gpu_align16(sizeof(gsat_slot_bucket) * (uint64_t)nb));
  for (uint32_t j = threadIdx.x; j < nb; j += blockDim.x) table[j] = compact[j];
  for (uint32_t j = 0; j < nb; j++) {
    const gsat_slot_bucket g = global[j], c = compact[j];
    const uint32_t n = c.count << c.width_log;
    for (uint32_t t = threadIdx.x; t < n; t += blockDim.x) {
      const uint32_t k = t / c.count, r = t - k * c.count;
      lits[gsat_slot_index(&c, k, r)] = __ldg(cnf->slot_lits + gsat_slot_index(&g, k, r));
    }
  }
  cnf->slot_lits = lits;
  cnf->slot_buckets = table; /* the kernels read buckets [0, nb) */
  return gsat_gpu_align16(sizeof(gsat_slot_bucket) * (uint64_t)nb) +
         gsat_gpu_align16(4 * (uint64_t)cnf->slot_compact_size);
}

/* Copies the read-only CNF arrays into shared memory at smem (16-byte aligned
 * pieces) and points cnf at the copies; with moms (gsat_gpu_heur_kind, MOMS or
 * the look-ahead) the clauses too: the CSR arrays or, with cnf->slot (MOMS
 * only), the compacted slot-major buckets.  Whole block; ends with
 * __syncthreads. */
__device__ inline void gsat_gpu_stage_cnf(gsat_gpu_cnf *cnf, uint8_t *smem, int moms) {
  const uint32_t *src[6] = {cnf->occ_start,    cnf->occ_stream,  cnf->order,
                            cnf->clause_start, cnf->clause_lits, cnf->units};
  const int csr = moms && !cnf->slot;
  uint32_t len[6] = {2 * cnf->num_vars + 1,          cnf->stream_size,         cnf->order_len,
                     csr ? cnf->num_clauses + 1 : 0, csr ? cnf->lits_size : 0, cnf->num_units};
  const uint32_t *dst[6];
  uint8_t *at = smem;
  for (int k = 0; k < 6; k++) {
    uint32_t *d = (uint32_t *)at;
    for (uint32_t i = threadIdx.x; i < len[k]; i += blockDim.x) d[i] = __ldg(src[k] + i);
    dst[k] = len[k] ? d : src[k];
    at += gsat_gpu_align16(4 * (uint64_t)len[k]);
  }
  if (moms && cnf->slot) at += gsat_gpu_stage_slots(cnf, at);
  __syncthreads();
  cnf->occ_start = dst[0];
  cnf->occ_stream = dst[1];
  cnf->order = dst[2];
  cnf->clause_start = dst[3];
  cnf->clause_lits = dst[4];
  cnf->units = dst[5];
}

/* Bytes gsat_gpu_stage_cnf needs. */
__host__ __device__ inline uint64_t gsat_gpu_cnf_smem_bytes(const gsat_gpu_cnf *cnf, int moms) {
  uint64_t b = gsat_gpu_align16(4 * (2 * (uint64_t)cnf->num_vars + 1)) +
               gsat_gpu_align16(4 * (uint64_t)cnf->stream_size) +
               gsat_gpu_align16(4 * (uint64_t)cnf->order_len) +
               gsat_gpu_align16(4 * (uint64_t)cnf->num_units);
  if (moms && cnf->slot)
    b += gsat_gpu_align16(sizeof(gsat_slot_bucket) * (uint64_t)cnf->num_buckets) +
         gsat_gpu_align16(4 * (uint64_t)cnf->slot_compact_size);
  else if (moms)
    b += gsat_gpu_align16(4 * ((uint64_t)cnf->num_clauses + 1)) +
         gsat_gpu_align16(4 * (uint64_t)cnf->lits_size);
  return b;
}

/* Bytes of a block queue (struct, sequence numbers, data) of capacity cap. */
__host__ __device__ inline uint64_t gsat_gpu_block_queue_bytes(uint32_t cap) {
  return gsat_gpu_align16(sizeof(gsat_bqueue)) + gsat_gpu_align16(8 * (uint64_t)cap) +
         gsat_gpu_align16(4 * (uint64_t)cap);
}

__device__ inline gsat_bqueue *gsat_gpu_block_queue_init(uint8_t *smem, uint32_t cap) {
  gsat_bqueue *q = (gsat_bqueue *)smem;
  if (threadIdx.x == 0) {
    unsigned long long *seq = (unsigned long long *)(smem + gsat_gpu_align16(sizeof(gsat_bqueue)));
    uint32_t *data = (uint32_t *)((uint8_t *)seq + gsat_gpu_align16(8 * (uint64_t)cap));
    gsat_queue_init(q, seq, data, cap);
  }
  return q;
}

/* Pool slot addresses: the length, then the literals. */
__device__ inline uint32_t *gsat_gpu_slot_ptr(const gsat_gpu_params &p, uint32_t slot) {
  return p.pool + (size_t)slot * p.slot_stride;
}

__device__ inline int gsat_gpu_stopped(const gsat_gpu_params &p) {
  return *(volatile int *)&p.ctl->stop;
}

/* Records where worker `id` is (gsat_gpu_where; volatile, so that every
 * step is stored, for the host's stuck report). */
__device__ inline void gsat_gpu_at(const gsat_gpu_params &p, unsigned id, unsigned where) {
  *(volatile unsigned *)&p.counters[id].where = where;
}

/* gsat_gpu_at(ROUND), and the round's number. */
__device__ inline void gsat_gpu_at_round(const gsat_gpu_params &p, unsigned id, unsigned round) {
  gsat_gpu_at(p, id, GSAT_GPU_AT_ROUND);
  *(volatile unsigned *)&p.counters[id].round = round;
}

/* The block header is shared by the block's warps without locks: every access
 * is an atomic read-modify-write (compute-sanitizer's racecheck does not model
 * relaxed ld/st as atomic, and these accesses are rare). */
template <class T> __device__ inline T gsat_gpu_block_load(T *x) {
  return atomicAdd(x, (T)0);
}
template <class T> __device__ inline void gsat_gpu_block_store(T *x, T v) {
  atomicExch(x, v);
}

/* Polls the host's stop request every p.poll_cycles and raises the device flag
 * (one warp per block polls, to keep PCIe reads few). */
__device__ inline void gsat_gpu_poll_host(const gsat_gpu_params &p, gsat_gpu_block *blk,
                                          long long *last) {
  long long now = clock64();
  if (now - *last < (long long)p.poll_cycles) return;
  *last = now;
  if (*p.host_stop) {
    atomicExch(&p.ctl->stop, 1);
    gsat_gpu_block_store(&blk->stop, 1);
  }
}

/* Refreshes the block's copy of the global stop flag; returns it.  Lane 0 of
 * every warp calls it at the top of each round (besides the poller and busy
 * warps' calls): a block whose poller or warp 0 never comes back (a stuck
 * warp) still stops its other warps once any block raised the global flag. */
__device__ inline int gsat_gpu_refresh_stop(const gsat_gpu_params &p, gsat_gpu_block *blk) {
  if (*(volatile int *)&p.ctl->stop) gsat_gpu_block_store(&blk->stop, 1);
  return gsat_gpu_block_load(&blk->stop);
}

__device__ inline void gsat_gpu_block_init(gsat_gpu_block *blk) {
  if (threadIdx.x == 0) {
    blk->hungry = 0;
    blk->poller = -1;
    blk->stop = 0;
  }
}

/* A worker unit's (warp's) work-exchange bookkeeping, kept by its lane 0. */
struct gsat_gpu_xchg {
  unsigned hungry; /* registered in the hungry counters: 0 or 1 */
  unsigned backoff;
  unsigned long long steals[2]; /* warp level (block queue), block level (global queue) */
};

/* Lane 0 of an idle warp: takes a queued cube, from this block's queue or, for
 * the one warp of the block that polls, from the global queue.  Registers the
 * warp as hungry when it finds none.  Returns 0 (none), 1 (block) or 2 (global). */
__device__ inline int gsat_gpu_take(const gsat_gpu_params &p, gsat_gpu_block *blk, gsat_bqueue *bq,
                                    int warp, gsat_gpu_xchg *x, uint32_t *slot) {
  int src = 0;
  if (gsat_queue_pop(bq, slot)) {
    src = 1;
    GSAT_GPU_SLOT_MOVE(p, *slot, GSAT_GPU_SLOT_BLOCK, GSAT_GPU_SLOT_HELD);
  } else {
    int cur = gsat_gpu_block_load(&blk->poller);
    if (cur < 0 && atomicCAS(&blk->poller, -1, warp) == -1) cur = warp;
    if (cur == warp) {
      gsat_gpu_refresh_stop(p, blk);
      if (gsat_queue_pop(p.work, slot)) {
        src = 2;
        GSAT_GPU_SLOT_MOVE(p, *slot, GSAT_GPU_SLOT_WORK, GSAT_GPU_SLOT_HELD);
      }
    }
  }
  if (src && gsat_gpu_block_load(&blk->poller) == warp) atomicExch(&blk->poller, -1);
  if (src && x->hungry) {
    atomicSub(&blk->hungry, 1u);
    atomicSub(&p.ctl->hungry, 1u);
    x->hungry = 0;
  } else if (!src && !x->hungry) {
    atomicAdd(&blk->hungry, 1u);
    atomicAdd(&p.ctl->hungry, 1u);
    x->hungry = 1;
  }
  if (src) {
    x->steals[src - 1]++;
    x->backoff = 32;
  }
  return src;
}

/* Gives up the block's polling role if `warp` holds it. */
__device__ inline void gsat_gpu_drop_poller(gsat_gpu_block *blk, int warp) {
  if (gsat_gpu_block_load(&blk->poller) == warp) atomicExch(&blk->poller, -1);
}

/* Lane 0 of a warp that leaves: drops its hunger and its polling role. */
__device__ inline void gsat_gpu_leave(const gsat_gpu_params &p, gsat_gpu_block *blk, int warp,
                                      gsat_gpu_xchg *x) {
  if (x->hungry) {
    atomicSub(&blk->hungry, x->hungry);
    atomicSub(&p.ctl->hungry, x->hungry);
    x->hungry = 0;
  }
  gsat_gpu_drop_poller(blk, warp);
}

/* Adds a worker's steal counts to the control block (once, at exit). */
__device__ inline void gsat_gpu_add_steals(const gsat_gpu_params &p, const gsat_gpu_xchg *x) {
  atomicAdd(&p.ctl->steals_warp, x->steals[0]);
  atomicAdd(&p.ctl->steals_block, x->steals[1]);
}

/* Lane 0 of a busy warp: whether a branch should be given away, and where (0:
 * nowhere, 1: this block's queue, 2: the global queue).  Reads only. */
__device__ inline int gsat_gpu_wants_donation(const gsat_gpu_params &p, gsat_gpu_block *blk,
                                              gsat_bqueue *bq) {
  if (gsat_gpu_block_load(&blk->hungry) > gsat_queue_size(bq)) return 1;
  if (*(volatile unsigned *)&p.ctl->hungry > gsat_queue_size(p.work)) return 2;
  return 0;
}

/* Puts a pool slot into q, the free list or the global work queue: both hold
 * every slot of the pool, so a false "full" from gsat_queue_push there only
 * means that the consumer of the cell one lap back has claimed it and not yet
 * released it (Vyukov's queue checks the cell, not the count); retries until
 * the push lands, so that a slot, and a queued cube with it, is never lost
 * (a lost cube keeps ctl->work above 0: the search never ends).  Gives up
 * (false, the slot dropped) once the global stop flag is raised: the search
 * ends anyway, and a consumer that never releases its cell must not keep
 * this worker from leaving. */
__device__ inline bool gsat_gpu_push_slot(const gsat_gpu_params &p, gsat_gqueue *q, uint32_t slot) {
  GSAT_GPU_SLOT_MOVE(p, slot, GSAT_GPU_SLOT_HELD,
                     q == p.free_slots ? GSAT_GPU_SLOT_FREE : GSAT_GPU_SLOT_WORK);
  while (!gsat_queue_push(q, slot)) {
    if (gsat_gpu_stopped(p)) return false;
    __nanosleep(32);
  }
  return true;
}

/* Publishes a cube written to `slot` (length n, 0: give the slot back) to
 * this block's queue (target 1; the global one when it is full) or the
 * global queue (target 2). */
__device__ inline void gsat_gpu_publish(const gsat_gpu_params &p, gsat_bqueue *bq, int target,
                                        uint32_t slot, uint32_t n) {
  if (!n) {
    gsat_gpu_push_slot(p, p.free_slots, slot);
    return;
  }
  __stcg(gsat_gpu_slot_ptr(p, slot), n);
  GSAT_GPU_CUBE_CHECK(p, gsat_gpu_slot_ptr(p, slot) + 1, n);
  __threadfence();
  atomicAdd(&p.ctl->work, 1ull); /* before anyone can take (and refute) it */
  if (target != 2) {
    GSAT_GPU_SLOT_MOVE(p, slot, GSAT_GPU_SLOT_HELD, GSAT_GPU_SLOT_BLOCK);
    if (gsat_queue_push(bq, slot)) return;
    GSAT_GPU_SLOT_MOVE(p, slot, GSAT_GPU_SLOT_BLOCK, GSAT_GPU_SLOT_HELD); /* full */
  }
  gsat_gpu_push_slot(p, p.work, slot);
}

/* Records a refuted cube; the worker that takes the count to zero ends the search
 * with UNSAT. */
__device__ inline void gsat_gpu_cube_done(const gsat_gpu_params &p) {
  unsigned long long left = atomicAdd(&p.ctl->work, ~0ull) - 1; /* -1 */
  if (left == 0) {
    atomicCAS(&p.ctl->answer, (int)GSAT_ANSWER_UNKNOWN, (int)GSAT_ANSWER_UNSAT);
    __threadfence();
    atomicExch(&p.ctl->stop, 1);
  }
}

/* Claims the answer SAT for worker `id`; true when this worker won. */
__device__ inline bool gsat_gpu_claim_sat(const gsat_gpu_params &p, unsigned id) {
  if (atomicCAS(&p.ctl->answer, (int)GSAT_ANSWER_UNKNOWN, (int)GSAT_ANSWER_SAT) !=
      GSAT_ANSWER_UNKNOWN)
    return false;
  p.ctl->winner = id;
  return true;
}

__device__ inline void gsat_gpu_raise_stop(const gsat_gpu_params &p) {
  __threadfence();
  atomicExch(&p.ctl->stop, 1);
}

/* The start of the kernel: the block header and queue at the start of the
 * dynamic shared memory smem, then (with p.cnf_in_smem) the CNF copy, which cnf
 * points at; returns the shared memory after them.  Whole block; ends with
 * __syncthreads. */
__device__ inline uint8_t *gsat_gpu_block_setup(const gsat_gpu_params &p, uint8_t *smem,
                                                gsat_gpu_block **blk, gsat_bqueue **bq,
                                                gsat_gpu_cnf *cnf) {
  *blk = (gsat_gpu_block *)smem;
  uint8_t *at = smem + GSAT_GPU_BLOCK_HEADER;
  *bq = gsat_gpu_block_queue_init(at, p.block_queue_cap);
  at += gsat_gpu_block_queue_bytes(p.block_queue_cap);
  gsat_gpu_block_init(*blk);
  *cnf = p.cnf;
  if (p.cnf_in_smem) {
    gsat_gpu_stage_cnf(cnf, at, gsat_gpu_heur_kind(p.decide));
    at += p.cnf_smem_bytes;
  }
  __syncthreads();
  return at;
}

/* Cycles of one worker per activity. */
struct gsat_gpu_cycles {
  unsigned long long search, replay, idle;
};

/* A worker's scheduling counts (beside the step code's gsat_dpll_counters). */
struct gsat_gpu_tally {
  unsigned long long cubes, donations;
  gsat_gpu_cycles cyc;
};

__device__ inline void gsat_gpu_store_counters(const gsat_gpu_params &p, unsigned id,
                                               const gsat_dpll_counters &n,
                                               unsigned long long cubes,
                                               unsigned long long donations,
                                               const gsat_gpu_cycles &cyc) {
  gsat_gpu_counters *c = &p.counters[id];
  c->cyc_search = cyc.search;
  c->cyc_replay = cyc.replay;
  c->cyc_idle = cyc.idle;
#define GSAT_GPU_STORE(field) c->field = n.field;
  GSAT_DPLL_COUNTER_FIELDS(GSAT_GPU_STORE)
#undef GSAT_GPU_STORE
  c->cubes = cubes;
  c->donations = donations;
}

#endif
