/* Host-side plan of a bank-conflict-free sort: the merge passes, their bucket
 * counts and the layout of the temporary storage (kernels/bcfsort.h).  Plain C,
 * shared by the CUDA dispatch and the host replay, unit-tested in CI. */
#ifndef GSAT_GPU_BCFSORT_PLAN_H
#define GSAT_GPU_BCFSORT_PLAN_H

#include <stddef.h>
#include <stdint.h>

#include "kernels/bcfsort.h"
#include "kernels/bcfsort_index.h"
#include "base/status.h"

#ifdef __cplusplus
extern "C" {
#endif

#define GSAT_BCF_SPB                                                                               \
  8u /* sorted samples per bucket (section 8: k = chunk/8)                                         \
      */

typedef struct gsat_bcf_plan {
  uint64_t n;
  uint32_t key_bytes;   /* 4 or 8 */
  uint32_t tile_pages;  /* pages per tile-sort block: 8 or 16 */
  uint32_t form;        /* GSAT_BCF_FORM_* of every merge pass */
  uint32_t page_sort;   /* gsat_sort_page of the tile sort: SHEAR or BITONIC
                           (DEFAULT resolved to SHEAR) */
  uint32_t merge_warps; /* warps per merge block: 1, 2 or 4 */
  uint32_t pair_carry;  /* pair sorts: values move every pair_carry kernels */
  uint32_t npasses;
  gsat_bcf_pass pass[GSAT_BCF_MAX_PASSES];
  int page_to_out;   /* the page sort writes d_out (else the temp buffer), so
                        that the last pass ends in d_out */
  size_t buf_off;    /* ping-pong key buffer: n keys */
  size_t sorted_off; /* sorted samples: max groups * samples_full keys */
  size_t split_off;  /* splitters: max groups * buckets_full keys */
  size_t cuts_off;   /* cut records: max groups * buckets_full * ways * 2 u32 */
  size_t bytes;      /* total temporary storage */
} gsat_bcf_plan;

/* Plans a sort of n keys of key_bytes (4 or 8) bytes with cfg (NULL: defaults).
 * Errors: USAGE (n > GSAT_SORT_MAX_N, bad key size or config). */
gsat_status gsat_bcf_plan_make(gsat_bcf_plan *plan, uint64_t n, uint32_t key_bytes,
                               const gsat_sort_config *cfg, gsat_error *err);

/* The configuration a sort of key_bytes keys runs with: *cfg, or the default
 * variant of the key width when cfg is NULL. */
gsat_sort_config gsat_bcf_config_resolve(const gsat_sort_config *cfg, uint32_t key_bytes);

/* Bytes of one array of n packed 64-bit pair keys, 256-byte aligned (a
 * 64-bit pair sort keeps two before its key plan's storage). */
size_t gsat_bcf_composite_bytes(uint64_t n);

/* Temporary storage of a 32-bit pair sort before its 64-bit key plan: n
 * packed keys and n values (256-byte aligned each). */
size_t gsat_bcf_pairs_u32_extra_bytes(uint64_t n);

/* Temporary storage of a 64-bit pair sort before its 64-bit key plan: two
 * arrays of n packed keys (gsat_bcf_composite_bytes each). */
size_t gsat_bcf_pairs_u64_extra_bytes(uint64_t n);

/* The temporary-storage step a sort entry begins with (CUB's pattern, with
 * or without CUDA): makes *plan for n keys of key_bytes, the storage being
 * `extra` bytes then plan->bytes; with d_temp NULL stores that size in
 * *temp_bytes, else checks that *temp_bytes holds it.  *run: whether there
 * is work to enqueue (d_temp given and n > 0).  Errors: USAGE (temp_bytes
 * NULL, too little storage), those of gsat_bcf_plan_make. */
gsat_status gsat_bcf_storage(void *d_temp, size_t *temp_bytes, uint64_t n, uint32_t key_bytes,
                             size_t extra, const gsat_sort_config *cfg, gsat_bcf_plan *plan,
                             int *run, gsat_error *err);

/* Whether kernel j of a 32-bit pair sort under plan (the tile sort is 0,
 * merge pass i is i + 1, the last is plan->npasses) moves the values: the
 * tile sort, every plan->pair_carry-th kernel after it and the last do.  A
 * moving kernel stores *to_out = 1 when it writes the caller's value array
 * (the last one does; moving kernels alternate between it and the temporary
 * value array), else 0.  j must be at most plan->npasses. */
int gsat_bcf_pair_moves(const gsat_bcf_plan *plan, uint32_t j, int *to_out);

/* Default chunk for n keys: about n / 2048, a power of two in [1024, 32768]. */
uint64_t gsat_bcf_default_chunk(uint64_t n);

#ifdef __cplusplus
}
#endif

#endif
