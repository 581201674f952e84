/* The GPU search's coalesced CNF layouts (tree-mapping.md,
 * "Performance notes"; ARCHITECTURE.md, data flow step 3):
 *
 *   - Slot-major clause buckets.  Clauses are grouped by length into buckets of
 *     power-of-two width W = 2^w (length in (W/2, W]; length 2 gives W = 2).  A
 *     bucket's clauses, in increasing clause order, are the rows of a
 *     2^a x 2^w matrix (2^a >= the clause count, a >= GSAT_SLOT_MIN_ROWS_LOG),
 *     literal k of row r at r * 2^w + k ("clause-major"); slots past a clause's
 *     length and rows past the count hold the padding literal.  The GPU then
 *     transposes the matrix to slot-major, literal k of row r at k * 2^a + r,
 *     with a BPC permutation (the rotation of the index bits by a, bmmc.md
 *     sections 1 and 3; gsat_bmmc_transpose), so that lanes that read literal k
 *     of consecutive clauses read consecutive words.
 *   - The padding literal is 2 V (V = variables), one past the last real
 *     literal; the search keeps its value -1 (false) forever, so padding is
 *     never satisfied, never unassigned and never a MOMS occurrence.  Readers
 *     iterate only over real clause counts, never over padding rows.
 *   - Occurrence streams (core/db.h) gathered from the occurrence lists
 *     (gpu/occ.h): for literal l, the clauses that contain l in increasing
 *     order, each copied whole with GSAT_STREAM_END on its last literal, at the
 *     exclusive prefix sum of the clause lengths over the occurrence entries.
 *     This is the order of db.c's build_streams, so the result is identical.
 *
 * The index functions below are the only definition of these layouts: the
 * kernels (gpu/layout_build.cu, the search's readers) and the host references
 * (gpu/slot_layout.c, the unit tests) all call them. */
#ifndef GSAT_GPU_SLOT_LAYOUT_H
#define GSAT_GPU_SLOT_LAYOUT_H

#include <stddef.h>
#include <stdint.h>

#include "core/literal.h"
#include "base/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Rows of a bucket: at least 2^5 = one warp's worth of clauses. */
#define GSAT_SLOT_MIN_ROWS_LOG 5
/* Widths 2^0 .. 2^31. */
#define GSAT_SLOT_MAX_BUCKETS 32

/* One bucket: clause row r, slot k is word offset + k * stride + r. */
typedef struct gsat_slot_bucket {
  uint32_t offset; /* first word of the bucket in its array */
  uint32_t count;  /* real clauses (rows that are read) */
  uint32_t stride; /* words from slot k to slot k + 1: 2^rows_log, or count in
                      a compacted copy (no padding rows) */
  uint8_t width_log, rows_log;
  uint16_t unused;
} gsat_slot_bucket;

/* The buckets of a clause database, as planned on the host from the clause
 * lengths (the arena needs their sizes before anything runs on the device). */
typedef struct gsat_slot_plan {
  uint32_t num_buckets;  /* non-empty buckets, widths ascending */
  uint32_t pad_lit;      /* the always-false padding literal, 2 V */
  uint64_t size;         /* words: sum of 2^(rows_log + width_log) */
  uint64_t compact_size; /* words of a compacted copy: sum of count << w */
  uint64_t lits;         /* real literals (clause_start[C]) */
  gsat_slot_bucket bucket[GSAT_SLOT_MAX_BUCKETS];
  int8_t of_width[GSAT_SLOT_MAX_BUCKETS]; /* bucket of width 2^w, -1 none */
} gsat_slot_plan;

/* w with 2^(w-1) < len <= 2^w (len >= 1; 1 gives 0). */
GSAT_HD uint32_t gsat_slot_width_log(uint32_t len) {
  uint32_t w = 0;
  while (w < 31 && (1u << w) < len) w++;
  return w;
}

/* Slot-major index of row r, slot k (the layout the search reads). */
GSAT_HD uint64_t gsat_slot_index(const gsat_slot_bucket *b, uint32_t k, uint32_t r) {
  return b->offset + (uint64_t)k * b->stride + r;
}

/* Clause-major index of row r, slot k (before the transpose). */
GSAT_HD uint64_t gsat_slot_cm_index(const gsat_slot_bucket *b, uint32_t r, uint32_t k) {
  return b->offset + ((uint64_t)r << b->width_log) + k;
}

/* Writes row r of bucket b (clause lits[0 .. len)) into a clause-major array:
 * the literals, then padding up to the width. */
GSAT_HD void gsat_slot_scatter_row(const gsat_slot_bucket *b, uint32_t r, const uint32_t *lits,
                                   uint32_t len, uint32_t pad_lit, uint32_t *cm) {
  const uint32_t w = 1u << b->width_log;
  for (uint32_t k = 0; k < w; k++) cm[gsat_slot_cm_index(b, r, k)] = k < len ? lits[k] : pad_lit;
}

/* Writes clause lits[0 .. len) as one occurrence-stream record at out. */
GSAT_HD void gsat_stream_gather_clause(const uint32_t *lits, uint32_t len, uint32_t *out) {
  for (uint32_t k = 0; k < len; k++) out[k] = lits[k] | (k + 1 == len ? GSAT_STREAM_END : 0u);
}

/* Plans the buckets of the clauses clause_start[0 .. C] (every length >= 1)
 * over `vars` variables.  Errors: RESOURCE when the padded layout needs 2^32
 * words or more (offsets are 32-bit). */
gsat_status gsat_slot_plan_init(gsat_slot_plan *plan, const uint32_t *clause_start,
                                uint32_t num_clauses, uint32_t vars, gsat_error *err);

/* The buckets of a compacted copy (stride = count, no padding rows), packed
 * from offset 0 in the same order: out[0 .. plan->num_buckets). */
void gsat_slot_compact_buckets(const gsat_slot_plan *plan, gsat_slot_bucket *out);

/* Host reference of the slot-major array: slot[plan->size], built directly
 * (no transpose) with the index functions above. */
void gsat_slot_build_host(const gsat_slot_plan *plan, const uint32_t *clause_start,
                          const uint32_t *lits, uint32_t num_clauses, uint32_t *slot);

/* Host reference of the GPU's stream gather: occurrence lists (gpu/occ.h,
 * gsat_occ_build_host), prefix sums of clause lengths, gather.  occ_start has
 * num_literals + 1 entries; stream must hold the total (the sum over clauses
 * of length squared).  Returns the total, UINT64_MAX when out of host
 * memory. */
uint64_t gsat_slot_streams_host(const uint32_t *clause_start, const uint32_t *lits,
                                uint32_t num_clauses, uint32_t num_literals, uint32_t *occ_start,
                                uint32_t *stream);

#ifdef __cplusplus
}
#endif

#endif
