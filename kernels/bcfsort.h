/* Bank-conflict-free comparison sort on the GPU, behind a C ABI.
 *
 * Source: N. Sitchinava and V. Weichert, "Bank Conflict Free Comparison-based
 * Sorting On GPUs", arXiv:1306.5076, restated in
 * ../shared/design/bcfsort.md: every warp sorts a 1024-key page in registers
 * with Batcher networks and conflict-free transpositions through a padded
 * shared-memory page (sections 2-5), either by ShearSort (section 5) or by
 * Batcher's bitonic sort (K. E. Batcher, "Sorting networks and their
 * applications", AFIPS 1968) built from the section-4 networks and the same
 * 11 transpositions (831 instead of 1843 compare-exchanges per lane;
 * gsat_sort_page: the default variants use it, page_sort 0 in a given
 * config means ShearSort); a block then merges its 16 (u32) or 8 (u64)
 * sorted pages with bitonic merges in shared memory (the block-level
 * extension of section 6).  The runs are merged 4 (2, 8) at a time per pass,
 * page by page with one ShearSort round per 512 outputs (section 7) through a
 * tree of such merges held by one warp; each group of runs is cut into
 * buckets of about `chunk` keys by deterministic splitters with extra buckets
 * for keys equal to a splitter (sections 8, 9) or, for binary merges, by
 * merge path.  The merge step comes in three forms (gsat_sort_form): CLASSIC
 * transposes the merged page back, ROW stores the merged rows straight into
 * the scratch page and the leftover slot (a fifth fewer shared accesses), REG
 * keeps the one leftover of a binary merge in registers (no slot, least
 * shared memory per warp); named variants (gsat_sort_variant) combine ways,
 * partition, tile size, form, page sort, merge warps per block and how often
 * pair values move, and a NULL config picks GSAT_SORT_DEFAULT_VARIANT_32 or
 * _64 (bench/RESULTS.md, "Sort against CUB" and its history).  Shared-memory
 * addresses never depend on key values except through a warp-uniform choice
 * among equally laid out leftover slots, so the bank conflict count is zero
 * for every input (kernels/bcfsort_sim.h replays every kernel's trace).
 *
 * All functions follow CUB's two-phase pattern: called with d_temp == NULL
 * they only store the temporary storage size in *temp_bytes; called again
 * with that many bytes at d_temp (device memory, 256-byte aligned) they
 * enqueue the sort on `stream` (a cudaStream_t; NULL is the default stream)
 * and return without synchronising.  Nothing is allocated inside.
 * Keys sort ascending as unsigned integers.  Pair sorts are stable: equal
 * keys keep the order of their input positions.  n may be any size up to
 * GSAT_SORT_MAX_N; padding is internal and never written out.
 *
 * Errors (all functions): USAGE (n > GSAT_SORT_MAX_N, NULL pointers with
 * n > 0, *temp_bytes smaller than required, bad config), NODEVICE (built
 * without CUDA), CUDA (a failed launch or call). */
#ifndef GSAT_GPU_BCFSORT_H
#define GSAT_GPU_BCFSORT_H

#include <stddef.h>
#include <stdint.h>

#include "base/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* cudaStream_t is `struct CUstream_st *`; naming the struct keeps this header
 * free of CUDA headers. */
struct CUstream_st;

/* Largest n: pair sorts keep input positions in 32 bits and need one value
 * above every position. */
#define GSAT_SORT_MAX_N ((size_t)UINT32_MAX - 1u)

typedef enum gsat_sort_partition {
  GSAT_SORT_SPLITTERS = 0, /* deterministic splitters + equal buckets (8, 9) */
  GSAT_SORT_MERGE_PATH = 1 /* merge path, binary merges only (section 7) */
} gsat_sort_partition;

/* Form of the merge step (kernels/bcfsort_index.h, GSAT_BCF_FORM_*). */
typedef enum gsat_sort_form {
  GSAT_SORT_FORM_DEFAULT = 0,
  GSAT_SORT_FORM_CLASSIC = 1, /* transpose back, leftovers in sorted slots */
  GSAT_SORT_FORM_ROW = 2,     /* merged rows stored directly (fewer accesses) */
  GSAT_SORT_FORM_REG = 3      /* ways 2 only: the leftover stays in registers */
} gsat_sort_form;

/* Page sort of the tile sort (kernels/bcfsort_warp.cuh): both sort a 1024-key
 * page per warp with 11 conflict-free transpositions (704 shared accesses).
 * SHEAR is ShearSort (section 5: 6 odd-even merge sorts of 32 and 5 window
 * or full column sorts, 1843 compare-exchanges per lane); BITONIC is
 * Batcher's bitonic sort of the page (one odd-even merge sort of 32, then
 * per block size 64..1024 the half-cleaners of strides 2^(k-6)..1 registers
 * and a section-4 bitonic merger of 32: 831 compare-exchanges per lane). */
typedef enum gsat_sort_page {
  GSAT_SORT_PAGE_DEFAULT = 0, /* SHEAR */
  GSAT_SORT_PAGE_SHEAR = 1,
  GSAT_SORT_PAGE_BITONIC = 2
} gsat_sort_page;

/* Tuning.  A NULL config means the default variant of the key width
 * (GSAT_SORT_DEFAULT_VARIANT_32 / _64 below); in a given config a zero field
 * means: ways 4 (2 with merge path), chunk chosen from n, tile_pages 16 for
 * 32-bit and 8 for 64-bit keys, form CLASSIC, page sort SHEAR. */
typedef struct gsat_sort_config {
  int ways;          /* runs merged per pass: 2, 4 or 8; 0: default (4) */
  int partition;     /* gsat_sort_partition; MERGE_PATH needs ways 0 or 2 */
  uint64_t chunk;    /* target keys per bucket, a power of two in [1024, 2^24];
                        0: chosen from n */
  int integer_pairs; /* pair sorts: compare the packed keys as integers even
                        when n <= 2^30 allows FP64 comparisons */
  int tile_pages;    /* pages (1024 keys) per tile-sort block: 8 or 16 */
  int form;          /* gsat_sort_form; REG needs ways 2 */
  int page_sort;     /* gsat_sort_page of the tile sort; 0: ShearSort */
  int merge_warps;   /* warps (one bucket each) per merge block: 1, 2 or 4;
                        0: 4 (fewer warps per block let more of them share
                        an SM when 64-bit keys fill its shared memory) */
  int pair_carry;    /* 32-bit pair sorts: the values move with the keys in
                        the tile sort (kernel 0), in every pair_carry-th
                        kernel after it and in the last; in between, packed
                        positions keep pointing into the last moved value
                        array.  1..4; 0: 1 */
} gsat_sort_config;

/* The default variants, by name (gsat_sort_variant): 32-bit keys use the
 * first, 64-bit keys and all pair sorts (which sort packed 64-bit keys) the
 * second.  Set each to the winner of `bench/device/sort.sh round` (the
 * numbers: bench/RESULTS.md, "Sort against CUB"). */
#define GSAT_SORT_DEFAULT_VARIANT_32 "row4-bp"
#define GSAT_SORT_DEFAULT_VARIANT_64 "row4-t8-bp-w1-c2"

/* Named variants for benchmarking: for i = 0, 1, ... stores variant i's
 * configuration in *cfg and returns its name, or returns NULL past the last
 * one.  Plain C, available without CUDA. */
const char *gsat_sort_variant(int i, gsat_sort_config *cfg);

/* Stores the configuration of the variant called `name` in *cfg.  Errors:
 * USAGE (no such variant). */
gsat_status gsat_sort_variant_find(const char *name, gsat_sort_config *cfg, gsat_error *err);

/* Sorts n 32-bit keys from d_keys_in into d_keys_out (which may equal
 * d_keys_in). */
gsat_status gsat_gpu_sort_keys_u32(void *d_temp, size_t *temp_bytes, const uint32_t *d_keys_in,
                                   uint32_t *d_keys_out, size_t n, const gsat_sort_config *cfg,
                                   struct CUstream_st *stream, gsat_error *err);

/* The same for 64-bit keys. */
gsat_status gsat_gpu_sort_keys_u64(void *d_temp, size_t *temp_bytes, const uint64_t *d_keys_in,
                                   uint64_t *d_keys_out, size_t n, const gsat_sort_config *cfg,
                                   struct CUstream_st *stream, gsat_error *err);

/* Stable sort of n (32-bit key, 32-bit value) pairs.  d_keys_out may equal
 * d_keys_in; d_vals_out must not overlap d_vals_in.  Internally sorts packed
 * 64-bit keys (key << 30 | position: section 9's packing, with the position
 * as tie-breaker) and carries the values along: a kernel that moves them
 * (the tile sort, every cfg->pair_carry-th kernel, the last) gathers each
 * output's value from the last moved value array at the packed position and
 * renumbers the pack to its own output index; the last kernel writes the
 * keys unpacked.  For n <= 2^30 the packs stay below 2^62 and are compared
 * as doubles on the FP64 pipe, else (and with cfg->integer_pairs)
 * key << 32 | position as integers. */
gsat_status gsat_gpu_sort_pairs_u32(void *d_temp, size_t *temp_bytes, const uint32_t *d_keys_in,
                                    uint32_t *d_keys_out, const uint32_t *d_vals_in,
                                    uint32_t *d_vals_out, size_t n, const gsat_sort_config *cfg,
                                    struct CUstream_st *stream, gsat_error *err);

/* Stable sort of n (64-bit key, 32-bit value) pairs: two stable sorts of
 * packed (32-bit half, position) 64-bit keys, low half first (least
 * significant digit first), each packed by its own kernel, then one gather
 * of keys and values through both permutations (values do not travel with
 * the keys here, so cfg->pair_carry has no effect).  d_keys_out and
 * d_vals_out must not overlap the inputs. */
gsat_status gsat_gpu_sort_pairs_u64(void *d_temp, size_t *temp_bytes, const uint64_t *d_keys_in,
                                    uint64_t *d_keys_out, const uint32_t *d_vals_in,
                                    uint32_t *d_vals_out, size_t n, const gsat_sort_config *cfg,
                                    struct CUstream_st *stream, gsat_error *err);

#ifdef __cplusplus
}
#endif

#endif
