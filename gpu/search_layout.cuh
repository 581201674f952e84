/* The GPU search's memory plan: one arena holding the control block, the cube
 * queues and pool, per-worker counters, the model, the CNF arrays and (when not in
 * shared memory) the per-worker state; and the kernel parameters that point into
 * it.  Host code without CUDA calls, so that the host-thread emulation in the unit
 * tests lays out its (host) arena exactly as search.cu lays out device memory. */
#ifndef GSAT_GPU_SEARCH_LAYOUT_CUH
#define GSAT_GPU_SEARCH_LAYOUT_CUH

#include "gpu/search.h"
#include "gpu/search_warp.cuh"

struct gsat_gpu_plan {
  int moms; /* gsat_gpu_heur_kind */
  uint32_t threads, blocks, warps_per_block;
  uint64_t smem; /* dynamic shared memory per block */
  uint32_t cnf_in_smem, state_in_smem;
  uint64_t state_stride;     /* bytes of global state per warp */
  uint32_t slots;            /* cube pool slots, a power of two */
  uint32_t block_queue_cap;  /* a power of two */
  uint32_t slice;            /* decisions between work-exchange checks */
  uint32_t max_backoff;      /* ns */
  double occupancy;          /* theoretical */
  int layout;                /* GSAT_GPU_LAYOUT_CSR or _SLOT (resolved) */
  uint64_t build_temp_bytes; /* device temporaries of the layout build */
};

struct gsat_gpu_layout {
  gsat_gpu_control *ctl;
  gsat_gqueue *free_q, *work_q;
  unsigned long long *free_seq, *work_seq;
  uint32_t *free_data, *work_data;
  uint32_t *pool;
  gsat_gpu_counters *counters;
  uint8_t *model;
  uint32_t *arrays[6]; /* occ_start, occ_stream, order, clause_start, clause_lits, units */
  uint64_t lens[6];    /* their lengths in words */
  uint32_t *slot_lits; /* slot-major buckets (cnf->slot) */
  gsat_slot_bucket *slot_buckets; /* [2 nb]: as built, compacted */
  uint8_t *build_temp;            /* the layout build's temporaries */
  uint8_t *state;
  uint64_t bytes; /* total */
};

/* Workers (warps) of plan pl. */
inline uint64_t gsat_gpu_workers(const gsat_gpu_plan *pl) {
  return (uint64_t)pl->blocks * pl->warps_per_block;
}

/* Fills L with addresses relative to base (NULL: only sizes L->bytes). */
inline void gsat_gpu_layout_carve(gsat_gpu_layout *L, uint8_t *base, const gsat_gpu_plan *pl,
                                  const gsat_gpu_cnf *cnf) {
  uint64_t at = 0;
  auto take = [&](uint64_t n) {
    uint8_t *p = base ? base + at : nullptr;
    at += (n + 255) & ~(uint64_t)255;
    return p;
  };
  const uint64_t V = cnf->num_vars;
  L->ctl = (gsat_gpu_control *)take(sizeof(gsat_gpu_control));
  L->free_q = (gsat_gqueue *)take(sizeof(gsat_gqueue));
  L->work_q = (gsat_gqueue *)take(sizeof(gsat_gqueue));
  L->free_seq = (unsigned long long *)take(8ull * pl->slots);
  L->work_seq = (unsigned long long *)take(8ull * pl->slots);
  L->free_data = (uint32_t *)take(4ull * pl->slots);
  L->work_data = (uint32_t *)take(4ull * pl->slots);
  L->pool = (uint32_t *)take((uint64_t)pl->slots * 4 * (V + 1));
  L->counters = (gsat_gpu_counters *)take(gsat_gpu_workers(pl) * sizeof(gsat_gpu_counters));
  L->model = take(V + 1);
  uint64_t lens[6] = {2 * V + 1,      cnf->stream_size, cnf->order_len, cnf->num_clauses + 1ull,
                      cnf->lits_size, cnf->num_units};
  for (int k = 0; k < 6; k++) {
    L->lens[k] = lens[k];
    L->arrays[k] = (uint32_t *)take(4 * lens[k]);
  }
  L->slot_lits = cnf->slot ? (uint32_t *)take(4ull * cnf->slot_size) : nullptr;
  L->slot_buckets =
      cnf->slot
          ? (gsat_slot_bucket *)take(2 * sizeof(gsat_slot_bucket) * (uint64_t)cnf->num_buckets)
          : nullptr;
  L->build_temp = pl->build_temp_bytes ? take(pl->build_temp_bytes) : nullptr;
  L->state = pl->state_in_smem ? nullptr : take(gsat_gpu_workers(pl) * pl->state_stride);
  L->bytes = at;
}

/* Kernel parameters for the arena described by L. */
inline gsat_gpu_params gsat_gpu_params_for(const gsat_gpu_layout *L, const gsat_gpu_plan *pl,
                                           gsat_gpu_cnf cnf, uint32_t decide,
                                           volatile int *host_stop,
                                           unsigned long long poll_cycles) {
  gsat_gpu_params kp;
  memset(&kp, 0, sizeof kp);
  cnf.occ_start = L->arrays[0];
  cnf.occ_stream = L->arrays[1];
  cnf.order = L->arrays[2];
  cnf.clause_start = L->arrays[3];
  cnf.clause_lits = L->arrays[4];
  cnf.units = L->arrays[5];
  cnf.slot_lits = L->slot_lits;
  cnf.slot_buckets = L->slot_buckets;
  kp.cnf = cnf;
  kp.ctl = L->ctl;
  kp.host_stop = host_stop;
  kp.free_slots = L->free_q;
  kp.work = L->work_q;
  kp.pool = L->pool;
  kp.pool_slots = pl->slots;
  kp.slot_stride = cnf.num_vars + 1;
  kp.counters = L->counters;
  kp.model = L->model;
  kp.state = L->state;
  kp.state_stride = pl->state_stride;
  kp.cnf_in_smem = pl->cnf_in_smem;
  kp.state_in_smem = pl->state_in_smem;
  kp.cnf_smem_bytes = (uint32_t)gsat_gpu_cnf_smem_bytes(&cnf, pl->moms);
  kp.warp_state_bytes = (uint32_t)gsat_gpu_warp_state_bytes(cnf.num_vars, cnf.lits_size, pl->moms);
  kp.block_queue_cap = pl->block_queue_cap;
  kp.decide = decide;
  kp.slice = pl->slice;
  kp.max_backoff = pl->max_backoff;
  kp.poll_cycles = poll_cycles;
  return kp;
}

/* Dynamic shared memory of one block. */
inline uint64_t gsat_gpu_smem_bytes(const gsat_gpu_plan *pl, const gsat_gpu_cnf *cnf) {
  uint64_t b = GSAT_GPU_BLOCK_HEADER + gsat_gpu_block_queue_bytes(pl->block_queue_cap);
  if (pl->cnf_in_smem) b += gsat_gpu_cnf_smem_bytes(cnf, pl->moms);
  if (pl->state_in_smem)
    b += (uint64_t)pl->warps_per_block *
         gsat_gpu_warp_state_bytes(cnf->num_vars, cnf->lits_size, pl->moms);
  return b;
}

/* Bytes of global state per warp for plan pl (V variables, lits clause
 * literals). */
inline uint64_t gsat_gpu_state_stride(const gsat_gpu_plan *pl, uint32_t V, uint64_t lits) {
  return (gsat_gpu_warp_state_bytes(V, lits, pl->moms) + 255) & ~(uint64_t)255;
}

/* Queue and control initialisation for one index i (the device runs it in a
 * kernel, the emulation in a loop): every slot free, no cube queued, one cube
 * (the root, held by worker 0) outstanding. */
__host__ __device__ inline void gsat_gpu_init_index(gsat_gpu_layout L, uint32_t slots, uint32_t i) {
  if (i == 0) {
    memset(L.ctl, 0, sizeof *L.ctl);
    L.ctl->work = 1;
    L.free_q->head = 0;
    L.free_q->tail = slots;
    L.free_q->mask = slots - 1;
    L.free_q->seq = L.free_seq;
    L.free_q->data = L.free_data;
    L.work_q->head = L.work_q->tail = 0;
    L.work_q->mask = slots - 1;
    L.work_q->seq = L.work_seq;
    L.work_q->data = L.work_data;
  }
  if (i < slots) {
    L.free_data[i] = i;
    L.free_seq[i] = i + 1ull;
    L.work_seq[i] = i;
  }
}

#endif
