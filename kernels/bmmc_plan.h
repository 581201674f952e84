/* BMMC/BPC permutations on the GPU: plans and launches (C ABI).
 *
 * A plan is built once per (A, c, n, element size) on the host (pure C, no CUDA
 * and no allocation) and reused; launching it allocates nothing.  The matrix is
 * a run-time parameter of the kernels ("online", bmmc.md section 10): a plan
 * holds XOR tables from which every thread forms its addresses with O(1) work
 * per element.  Kernels (bmmc.md sections 2 to 7):
 *   - naive: one thread per element, y = A x ^ c; used for n < 10;
 *   - tiled: one pass through shared memory, reads and writes in whole aligned
 *     128-byte segments, XOR-swizzled shared memory without bank conflicts
 *     (section 4), several elements per thread (section 5's iterations); used
 *     for every BPC and every tiled BMMC (section 6);
 *   - two-pass: A = T2 T1 with both factors tiled (section 7), in -> temp ->
 * out; used for a general BMMC. Arrays hold 2^n elements of 4 or 8 bytes, n in
 * 0..GSAT_BMMC_PLAN_MAX_N; indices are 32-bit for n < 32 and 64-bit above. */
#ifndef GSAT_GPU_BMMC_PLAN_H
#define GSAT_GPU_BMMC_PLAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "kernels/bmmc.h"
#include "kernels/bmmc_index.h"
#include "base/status.h"

#ifdef __cplusplus
extern "C" {
#endif

#define GSAT_BMMC_PLAN_MAX_N 40

/* Below this size the automatic choice is the naive kernel (bmmc.md 10). */
#define GSAT_BMMC_NAIVE_BELOW_N 10

typedef enum gsat_bmmc_kernel {
  GSAT_BMMC_AUTO = 0,    /* naive for n < 10, else tiled or two-pass */
  GSAT_BMMC_NAIVE = 1,   /* any n */
  GSAT_BMMC_TILED = 2,   /* needs n >= 5 and a tiled A */
  GSAT_BMMC_TWO_PASS = 3 /* needs n >= 5; works for every A */
} gsat_bmmc_kernel;

/* Which block-index bits join the tile when a block moves more rows than the
 * 2^q rows of the 32 x 2^q tile ("extra" bits, bmmc.md sections 5 and 10.4). */
typedef enum gsat_bmmc_locality {
  /* Alternately the lowest input bit and the input bits that complete the next
   * lowest output bit, so that a block reads and writes runs of consecutive
   * 128-byte segments (fewer DRAM pages per block). */
  GSAT_BMMC_LOCALITY_BALANCED = 0,
  /* The lowest input bits only (the paper's `iters`). */
  GSAT_BMMC_LOCALITY_LOW = 1
} gsat_bmmc_locality;

typedef struct gsat_bmmc_options {
  int kernel;        /* gsat_bmmc_kernel */
  int warps_log;     /* tiled block = (32, 2^warps_log) threads; default 5 */
  int iters_log;     /* 2^iters_log elements per thread; default 3 (4-byte
                        elements) or 2 (8-byte) */
  int locality;      /* gsat_bmmc_locality */
  bool swizzle;      /* XOR skew of shared memory; off only for diagnostics */
  bool naive_gather; /* naive kernel with coalesced writes, scattered reads */
  bool async_copy;   /* tiled read phase with cp.async (global -> shared) */
} gsat_bmmc_options;

/* What the plan builder chose for one tiled pass (for reports and tests). */
typedef struct gsat_bmmc_pass_info {
  uint64_t cols;  /* C: input bits that land in output bits 0..4 */
  uint64_t extra; /* E: block bits moved into the tile */
  int q;          /* |C \ {0..4}|: the tile is 32 x 2^q */
  int e;          /* |E| */
} gsat_bmmc_pass_info;

typedef struct gsat_bmmc_plan {
  int n;
  uint32_t elem_size; /* 4 or 8 bytes */
  int kernel;         /* resolved: NAIVE, TILED or TWO_PASS */
  int passes;         /* 1, or 2 for TWO_PASS */
  bool async_copy;
  int locality; /* gsat_bmmc_locality of the tiled passes */
  gsat_bmmc_pass pass[2];
  gsat_bmmc_pass_info info[2];
} gsat_bmmc_plan;

/* The default options (automatic kernel, 1024-thread blocks, balanced
 * locality, swizzle on). */
void gsat_bmmc_options_init(gsat_bmmc_options *opt);

/* Builds the plan for the scatter out[A x ^ c] = in[x] over 2^n elements of
 * elem_size bytes (n = perm->a.n).  opt may be NULL for the defaults.  Host
 * only; allocates nothing.  Errors: USAGE (singular A, c out of range, element
 * size not 4 or 8, n > GSAT_BMMC_PLAN_MAX_N, a forced kernel that does not
 * apply, bad geometry options). */
gsat_status gsat_bmmc_plan_init(gsat_bmmc_plan *plan, const gsat_bmmc *perm, uint32_t elem_size,
                                const gsat_bmmc_options *opt, gsat_error *err);

/* The same for a caller that holds the gather form out[y] = in[G y ^ d]: that
 * is the scatter by the inverse (G^-1, G^-1 d).  (The gather form of the
 * scatter (A, c) is out[y] = in[A^-1 (y ^ c)], i.e. G = A^-1, d = A^-1 c.)
 * Errors as gsat_bmmc_plan_init. */
gsat_status gsat_bmmc_plan_init_gather(gsat_bmmc_plan *plan, const gsat_bmmc *gather,
                                       uint32_t elem_size, const gsat_bmmc_options *opt,
                                       gsat_error *err);

/* Bytes of device temporary the plan needs (2^n * elem_size for a two-pass
 * plan, else 0). */
size_t gsat_bmmc_plan_temp_bytes(const gsat_bmmc_plan *plan);

/* Dynamic shared memory of pass i in bytes (0 for naive passes). */
size_t gsat_bmmc_plan_smem_bytes(const gsat_bmmc_plan *plan, int i);

/* A one-line description ("tiled q=5 e=3 h=5 m=3 ...") into buf; returns buf.
 */
const char *gsat_bmmc_plan_describe(const gsat_bmmc_plan *plan, char *buf, size_t size);

/* Runs the plan on the stream (a cudaStream_t; NULL = default stream):
 * out[A x ^ c] = in[x].  d_in and d_out must not overlap; d_temp (device,
 * gsat_bmmc_plan_temp_bytes bytes) is needed by two-pass plans only.  Returns
 * after the launches (asynchronous).  Errors: USAGE (NULL or equal pointers,
 * missing temporary), NODEVICE (no CUDA build), CUDA. */
gsat_status gsat_bmmc_plan_run(const gsat_bmmc_plan *plan, const void *d_in, void *d_out,
                               void *d_temp, void *stream, gsat_error *err);

/* One-shot entry: builds a default plan for perm and runs it. */
gsat_status gsat_bmmc_permute(const gsat_bmmc *perm, uint32_t elem_size, const void *d_in,
                              void *d_out, void *d_temp, void *stream, gsat_error *err);

#ifdef __cplusplus
}
#endif

#endif
