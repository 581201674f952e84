/* Device code shared by both mappings of the GPU search: the CNF copy into shared
 * memory, the cube pool and its queues, work accounting, stop polling. */
#ifndef GSAT_GPU_SEARCH_COMMON_CUH
#define GSAT_GPU_SEARCH_COMMON_CUH

#include "gpu/search_types.cuh"

#define GSAT_FULL_MASK 0xffffffffu

/* The kernels' only shared memory is the dynamic block, so that the host-thread
 * emulation used by the unit tests (tests/simt_host.h) can provide it. */
#ifdef __CUDACC__
#define GSAT_GPU_DYNAMIC_SMEM(name) extern __shared__ __align__(16) uint8_t name[]
#else
#define GSAT_GPU_DYNAMIC_SMEM(name) uint8_t *name = gsat_simt_dynamic_smem()
#endif

/* Bytes at the start of the dynamic shared memory for block-wide counters. */
#define GSAT_GPU_BLOCK_HEADER 16

/* Copies the read-only CNF arrays into shared memory at smem (16-byte aligned
 * pieces) and points cnf at the copies.  Whole block; ends with __syncthreads. */
__device__ inline void gsat_gpu_stage_cnf(gsat_gpu_cnf *cnf, uint8_t *smem, int moms) {
  const uint32_t *src[6] = {cnf->occ_start, cnf->occ_stream, cnf->order,
                            cnf->clause_start, cnf->clause_lits, cnf->units};
  uint32_t len[6] = {2 * cnf->num_vars + 1, cnf->stream_size, cnf->order_len,
                     moms ? cnf->num_clauses + 1 : 0, moms ? cnf->lits_size : 0,
                     cnf->num_units};
  const uint32_t *dst[6];
  uint8_t *at = smem;
  for (int k = 0; k < 6; k++) {
    uint32_t *d = (uint32_t *)at;
    for (uint32_t i = threadIdx.x; i < len[k]; i += blockDim.x) d[i] = __ldg(src[k] + i);
    dst[k] = len[k] ? d : src[k];
    at += gsat_gpu_align16(4 * (uint64_t)len[k]);
  }
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
  if (moms)
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

__device__ inline int gsat_gpu_stopped(const gsat_gpu_params &p) {
  return *(volatile int *)&p.ctl->stop;
}

/* Polls the host's stop request every p.poll_cycles and raises the device flag. */
__device__ inline void gsat_gpu_poll_host(const gsat_gpu_params &p, long long *last) {
  long long now = clock64();
  if (now - *last < (long long)p.poll_cycles) return;
  *last = now;
  if (*p.host_stop) atomicExch(&p.ctl->stop, 1);
}

/* Records a refuted cube; the worker that takes the count to zero ends the search
 * with UNSAT. */
__device__ inline void gsat_gpu_cube_done(const gsat_gpu_params &p) {
  unsigned long long left = atomicAdd(&p.ctl->work, ~0ull) - 1; /* -1 */
  if (left == 0) {
    atomicCAS(&p.ctl->answer, 0, 20);
    __threadfence();
    atomicExch(&p.ctl->stop, 1);
  }
}

/* Claims the answer SAT for worker `id`; true when this worker won. */
__device__ inline bool gsat_gpu_claim_sat(const gsat_gpu_params &p, unsigned id) {
  if (atomicCAS(&p.ctl->answer, 0, 10) != 0) return false;
  p.ctl->winner = id;
  return true;
}

__device__ inline void gsat_gpu_raise_stop(const gsat_gpu_params &p) {
  __threadfence();
  atomicExch(&p.ctl->stop, 1);
}

/* Pool slot addresses. */
__device__ inline uint32_t *gsat_gpu_slot(const gsat_gpu_params &p, uint32_t slot) {
  return p.pool + (size_t)slot * p.slot_stride;
}

__device__ inline void gsat_gpu_store_counters(const gsat_gpu_params &p, unsigned id,
                                               const gsat_dpll_counters &n,
                                               unsigned long long cubes,
                                               unsigned long long donations) {
  gsat_gpu_counters *c = &p.counters[id];
  c->nodes = n.nodes;
  c->checks = n.checks;
  c->replay = n.replay;
  c->heur = n.heur;
  c->props = n.props;
  c->conflicts = n.conflicts;
  c->cubes = cubes;
  c->donations = donations;
}

#endif
