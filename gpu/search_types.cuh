/* Types shared by the GPU search's host dispatch (search.cu) and its kernels
 * (search_warp.cuh): the kernel parameter block, the control
 * block in device memory and per-worker counters. */
#ifndef GSAT_GPU_SEARCH_TYPES_CUH
#define GSAT_GPU_SEARCH_TYPES_CUH

#include <stdint.h>

#include "gpu/cube_queue.cuh"
#include "gpu/kernel_wait.h"
#include "gpu/slot_layout.h"
#include "core/dpll_types.h"

typedef gsat_queue<cuda::thread_scope_device> gsat_gqueue;
typedef gsat_queue<cuda::thread_scope_block> gsat_bqueue;

/* The search database on the device (read-only).  With `slot` set, MOMS reads
 * the clauses from slot-major buckets (gpu/slot_layout.h) instead of the CSR
 * arrays: slot_buckets holds the num_buckets buckets of slot_lits (stride
 * 2^rows_log), then the same buckets compacted (stride = count), the layout
 * of the shared-memory copy. */
struct gsat_gpu_cnf {
  uint32_t num_vars, num_clauses, order_len, num_units;
  uint32_t stream_size, lits_size;
  const uint32_t *occ_start, *occ_stream, *order, *clause_start, *clause_lits, *units;
  uint32_t slot, num_buckets;
  uint32_t slot_size, slot_compact_size; /* words */
  const uint32_t *slot_lits;
  const gsat_slot_bucket *slot_buckets; /* [2 num_buckets] */
};

/* Control block in device memory. */
struct gsat_gpu_control {
  unsigned long long work;         /* cubes queued or held; 0: the whole tree is refuted */
  int stop;                        /* raised on an answer or a host request */
  int answer;                      /* 10, 20, or 0 */
  unsigned int hungry;             /* idle workers waiting for a cube */
  unsigned int winner;             /* worker that wrote the model */
  unsigned long long steals_warp;  /* cubes taken from a block's queue (between its warps) */
  unsigned long long steals_block; /* cubes taken from the global queue (between blocks) */
};

/* Work counters of one worker (a warp), written back periodically:
 * gsat_dpll_counters' fields, then the WORKER rows (counters.h: cubes,
 * donations, and the CDCL portfolio's, which stay 0 here); `where` (enum
 * gsat_gpu_where, gpu/kernel_wait.h: for the host's report of a kernel that
 * does not stop) and `round` as they change. */
struct gsat_gpu_counters {
  GSAT_DPLL_COUNTER_FIELDS(GSAT_CTR_ULL_FIELD)
  GSAT_WORKER_COUNTER_FIELDS(GSAT_CTR_ULL_FIELD)
  unsigned long long cyc_search, cyc_replay, cyc_idle; /* clock64 cycles per activity */
  unsigned int where;                                  /* gsat_gpu_where */
  unsigned int round;                                  /* rounds of the kernel's loop begun */
};

/* Everything a search kernel needs, passed by value. */
struct gsat_gpu_params {
  gsat_gpu_cnf cnf;
  gsat_gpu_control *ctl;
  volatile int *host_stop; /* host-mapped: the host's stop request */
  gsat_gqueue *free_slots; /* free cube slots of the pool */
  gsat_gqueue *work;       /* queued cubes (slot numbers) */
  uint32_t *pool;          /* [pool_slots * slot_stride]: n, then n literals */
  uint32_t pool_slots, slot_stride;
  gsat_gpu_counters *counters;     /* [workers] */
  uint8_t *model;                  /* [num_vars] */
  uint8_t *state;                  /* per-worker state in global memory (or NULL) */
  unsigned long long state_stride; /* bytes per warp of global state */
  uint32_t cnf_in_smem;            /* copy the CNF into shared memory */
  uint32_t state_in_smem;          /* per-warp state in shared memory */
  uint32_t cnf_smem_bytes;         /* bytes of the shared-memory CNF copy */
  uint32_t warp_state_bytes;       /* bytes of one warp's state */
  uint32_t block_queue_cap;        /* power of two */
  uint32_t decide;                 /* gsat_decide */
  uint32_t slice;                  /* decisions between checks for stop and hunger */
  uint32_t max_backoff;            /* ns an idle worker sleeps at most between polls */
  unsigned long long poll_cycles;  /* clock64 cycles between host-flag polls */
};

/* The heuristic's scratch that a worker's state holds ("moms" in the plan and
 * the sizes below): 0 none (the static order), 1 MOMS's counts, 2 those and
 * the look-ahead's arrays (core/dpll_types.h). */
__host__ __device__ inline int gsat_gpu_heur_kind(uint32_t decide) {
  return decide == GSAT_DECIDE_MOMS ? 1 : decide == GSAT_DECIDE_LOOKAHEAD ? 2 : 0;
}

/* Bytes of one warp's state over V variables and `lits` clause literals
 * (16-byte aligned pieces). */
__host__ __device__ inline uint32_t gsat_gpu_align16(uint64_t x) {
  return (uint32_t)((x + 15) & ~(uint64_t)15);
}
__host__ __device__ inline uint64_t gsat_gpu_warp_state_bytes(uint32_t V, uint64_t lits, int moms) {
  uint64_t b = gsat_gpu_align16(2 * (uint64_t)V + 2) /* val */ +
               gsat_gpu_align16(4 * (uint64_t)V + 4) /* trail */ +
               gsat_gpu_align16(sizeof(gsat_level) * ((uint64_t)V + 1)) /* levels */;
  if (moms) b += gsat_gpu_align16(8 * (uint64_t)V + 8);
  if (moms == 2) b += gsat_dpll_la_bytes(V, lits, 32);
  return b;
}

#endif
