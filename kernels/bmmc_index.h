/* Index math of the BMMC kernels, shared by the CUDA kernels (kernels/bmmc.cu) and
 * the host replay tests (tests/test_bmmc_replay.c), so that the host checks the
 * very addresses the GPU computes.  Compiles as C11 and as CUDA C++ (GSAT_HD).
 *
 * The "online" design of bmmc.md section 10: the matrix is a run-time
 * parameter. Every address is linear over F2 in the bits of (block, warp row,
 * lane, iteration), so it is an XOR of per-source contributions read from small
 * tables that the plan builder (kernels/bmmc_plan.c) precomputes:
 *   - lane (5 bits): 5 per-bit entries, combined with select-XORs;
 *   - warp row (threadIdx.y) and iteration: one table entry each;
 *   - block index: tables for each 4-bit chunk (warp-uniform lookups).
 * Each element then costs one XOR per address (O(1) work).  The shared-memory
 * swizzle is an XOR skew (bmmc.md section 4, the XOR variant), so the shared
 * memory offsets are linear as well. */
#ifndef GSAT_GPU_BMMC_INDEX_H
#define GSAT_GPU_BMMC_INDEX_H

#include <stdint.h>

#include "base/hd.h"

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__CUDACC__)
#define GSAT_BMMC_UNROLL _Pragma("unroll")
#else
#define GSAT_BMMC_UNROLL
#endif

/* Kernel geometry limits: a tiled block is (32, 2^h) threads with h <= 5, and
 * each thread moves 2^m elements, m <= 4. */
#define GSAT_BMMC_LANES         32
#define GSAT_BMMC_LANE_BITS     5
#define GSAT_BMMC_MAX_WARPS_LOG 5
#define GSAT_BMMC_MAX_ITERS_LOG 4
/* 4-bit chunks of a warp-uniform index (36 bits: block indices of tiled passes,
 * tid >> 5 of naive passes for n <= 41). */
#define GSAT_BMMC_XTAB_CHUNKS 9

/* Pass kinds: naive scatter out[f(x)] = in[x] (x = thread id), naive gather
 * out[y] = in[f^-1 (y)] (y = thread id), tiled (bmmc.md sections 3 to 6, 10).
 */
#define GSAT_BMMC_PASS_NAIVE        1
#define GSAT_BMMC_PASS_NAIVE_GATHER 2
#define GSAT_BMMC_PASS_TILED        3

/* XOR tables of a linear map of a warp-uniform index u: the image of u is the
 * XOR over chunks k of v[k][(u >> 4k) & 15]. */
typedef struct gsat_bmmc_xtab {
  uint64_t v[GSAT_BMMC_XTAB_CHUNKS][16];
} gsat_bmmc_xtab;

/* The kernel parameters of one pass, passed by value (about 3.7 KB).
 *
 * Tiled pass, block g, warp row w (threadIdx.y), lane j, iteration t:
 *   read phase   global in  = blk_in(g) ^ row_in[w] ^ j ^ it_in[t]
 *                shared     = row_sin[w] ^ j ^ it_sin[t]
 *   write phase  shared     = row_sout[w] ^ lane(j) >> 5 ^ it_sout[t]
 *                global out = c ^ blk_out(g) ^ row_out[w] ^ lane(j) & 31
 *                             ^ it_out[t]
 * where lane(j) is the XOR of lane_pack[b] over the set bits b of j.
 *
 * Naive pass, thread id x = j | u << 5 (u warp-uniform):
 *   f(x) = c ^ blk_out(u) ^ XOR of lane64[b] over the set bits b of j. */
typedef struct gsat_bmmc_pass {
  uint32_t kind;      /* GSAT_BMMC_PASS_* */
  uint32_t n;         /* 2^n elements */
  uint32_t warps_log; /* tiled: h, block = (32, 2^h); naive: block = 2^h */
  uint32_t iters_log; /* tiled: m, 2^m elements per thread */
  uint32_t grid_log;  /* 2^grid_log blocks */
  uint32_t chunks;    /* chunks of blk_in/blk_out in use */
  uint32_t lane_pack[GSAT_BMMC_LANE_BITS];
  uint32_t row_sin[1 << GSAT_BMMC_MAX_WARPS_LOG];
  uint32_t row_sout[1 << GSAT_BMMC_MAX_WARPS_LOG];
  uint32_t it_sin[1 << GSAT_BMMC_MAX_ITERS_LOG];
  uint32_t it_sout[1 << GSAT_BMMC_MAX_ITERS_LOG];
  uint64_t c;
  uint64_t lane64[GSAT_BMMC_LANE_BITS];
  uint64_t row_in[1 << GSAT_BMMC_MAX_WARPS_LOG];
  uint64_t row_out[1 << GSAT_BMMC_MAX_WARPS_LOG];
  uint64_t it_in[1 << GSAT_BMMC_MAX_ITERS_LOG];
  uint64_t it_out[1 << GSAT_BMMC_MAX_ITERS_LOG];
  gsat_bmmc_xtab blk_in, blk_out;
} gsat_bmmc_pass;

/* Per-thread state of a tiled pass: the parts of the four addresses that do not
 * depend on the iteration. */
typedef struct gsat_bmmc_thread {
  uint64_t in, out;
  uint32_t sin, sout;
} gsat_bmmc_thread;

GSAT_HD uint64_t gsat_bmmc_xtab_apply(const gsat_bmmc_xtab *t, uint32_t chunks, uint64_t u) {
  uint64_t v = 0;
  GSAT_BMMC_UNROLL
  for (uint32_t k = 0; k < GSAT_BMMC_XTAB_CHUNKS; k++)
    if (k < chunks) v ^= t->v[k][(u >> (4 * k)) & 15];
  return v;
}

/* XOR of tab[b] over the set bits b of the lane (5 select-XORs). */
GSAT_HD uint32_t gsat_bmmc_lane_xor32(const uint32_t *tab, uint32_t lane) {
  uint32_t v = 0;
  GSAT_BMMC_UNROLL
  for (int b = 0; b < GSAT_BMMC_LANE_BITS; b++) v ^= tab[b] & (0u - (lane >> b & 1u));
  return v;
}

GSAT_HD uint64_t gsat_bmmc_lane_xor64(const uint64_t *tab, uint32_t lane) {
  uint64_t v = 0;
  GSAT_BMMC_UNROLL
  for (int b = 0; b < GSAT_BMMC_LANE_BITS; b++) v ^= tab[b] & ((uint64_t)0 - (lane >> b & 1u));
  return v;
}

/* Tiled pass: the per-thread setup for block g, warp row w, lane j. */
GSAT_HD gsat_bmmc_thread gsat_bmmc_tiled_thread(const gsat_bmmc_pass *p, uint64_t g, uint32_t w,
                                                uint32_t j) {
  gsat_bmmc_thread th;
  uint32_t lane = gsat_bmmc_lane_xor32(p->lane_pack, j);
  th.in = gsat_bmmc_xtab_apply(&p->blk_in, p->chunks, g) ^ p->row_in[w] ^ j;
  th.out = p->c ^ gsat_bmmc_xtab_apply(&p->blk_out, p->chunks, g) ^ p->row_out[w] ^ (lane & 31u);
  th.sin = p->row_sin[w] ^ j;
  th.sout = p->row_sout[w] ^ (lane >> 5);
  return th;
}

/* Iteration t of the read phase: global element read, shared slot written. */
GSAT_HD uint64_t gsat_bmmc_tiled_gload(const gsat_bmmc_pass *p, const gsat_bmmc_thread *th,
                                       uint32_t t) {
  return th->in ^ p->it_in[t];
}

GSAT_HD uint32_t gsat_bmmc_tiled_sstore(const gsat_bmmc_pass *p, const gsat_bmmc_thread *th,
                                        uint32_t t) {
  return th->sin ^ p->it_sin[t];
}

/* Iteration t of the write phase: shared slot read, global element written. */
GSAT_HD uint32_t gsat_bmmc_tiled_sload(const gsat_bmmc_pass *p, const gsat_bmmc_thread *th,
                                       uint32_t t) {
  return th->sout ^ p->it_sout[t];
}

GSAT_HD uint64_t gsat_bmmc_tiled_gstore(const gsat_bmmc_pass *p, const gsat_bmmc_thread *th,
                                        uint32_t t) {
  return th->out ^ p->it_out[t];
}

/* Naive pass: the mapped index f(x) of thread id x. */
GSAT_HD uint64_t gsat_bmmc_naive_map(const gsat_bmmc_pass *p, uint64_t x) {
  return p->c ^ gsat_bmmc_xtab_apply(&p->blk_out, p->chunks, x >> 5) ^
         gsat_bmmc_lane_xor64(p->lane64, (uint32_t)(x & 31u));
}

#ifdef __cplusplus
}
#endif

#endif
