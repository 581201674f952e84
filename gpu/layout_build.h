/* Builds the GPU search's CNF layouts on the device from the uploaded clause
 * database in CSR form (the layouts are defined in gpu/slot_layout.h):
 *   - occurrence streams: occurrence lists by sorting (literal, clause) pairs
 *     (gsat_gpu_occ_build), an exclusive prefix sum of the clause length of
 *     every occurrence entry (CUB DeviceScan), then a gather kernel;
 *   - slot-major clause buckets: the clauses partitioned by width with the same
 *     occurrence-list builder (key = log2 width, value = clause), a scatter
 *     kernel into each bucket's clause-major 2^a x 2^w matrix, then the BPC
 *     transpose of each matrix (gsat_bmmc_transpose, gsat_bmmc_plan_run).
 * Sources: bcfsort.md section 9 ("For our SAT use case"), bmmc.md sections 1
 * and 3, tree-mapping.md ("Take 3"). */
#ifndef GSAT_GPU_LAYOUT_BUILD_H
#define GSAT_GPU_LAYOUT_BUILD_H

#include <stddef.h>
#include <stdint.h>

#include "gpu/slot_layout.h"
#include "base/status.h"

#ifdef __cplusplus
extern "C" {
#endif

struct CUstream_st;

/* The clause database on the device: clause c holds d_lits[d_clause_start[c]
 * .. d_clause_start[c + 1]), literals below 2 * num_vars, no literal twice in
 * a clause (core/db.h normalises). */
typedef struct gsat_layout_input {
  const uint32_t *d_clause_start; /* [num_clauses + 1] */
  const uint32_t *d_lits;         /* [num_entries] */
  uint32_t num_clauses, num_entries, num_vars;
} gsat_layout_input;

/* Where the layouts go (device arrays). */
typedef struct gsat_layout_output {
  uint32_t *d_occ_start;  /* [2 num_vars + 1] stream offsets */
  uint32_t *d_occ_stream; /* [sum of squared clause lengths] */
  uint32_t *d_slot;       /* [plan->size] slot-major buckets (plan not NULL) */
} gsat_layout_output;

/* Builds the occurrence streams of `in` into out->d_occ_start/d_occ_stream,
 * identical to core/db.c's, and, when plan is not NULL (gsat_slot_plan_init
 * of the same clauses), the slot-major buckets into out->d_slot.  `sort` is a
 * gsat_occ_sort (gpu/occ.h).  CUB's temporary-storage pattern: with d_temp ==
 * NULL only *temp_bytes is set.  Enqueued on `stream` (a cudaStream_t), not
 * synchronised; allocates nothing.  Errors: USAGE (NULL arrays, short
 * temporary storage, bad sort), NODEVICE (built without CUDA), CUDA. */
gsat_status gsat_gpu_layout_build(void *d_temp, size_t *temp_bytes, const gsat_layout_input *in,
                                  const gsat_slot_plan *plan, const gsat_layout_output *out,
                                  int sort, struct CUstream_st *stream, gsat_error *err);

/* For checks and benchmarks: uploads the host CSR (clause_start[C + 1], lits),
 * builds the layouts on the current device in memory of its own and copies
 * them back: occ_start[2 V + 1], stream[stream_size] and, when plan and slot
 * are not NULL, slot[plan->size].  *seconds receives the device time of the
 * build alone (CUDA events, upload excluded).  Errors: as
 * gsat_gpu_layout_build, RESOURCE when the device memory is too small. */
gsat_status gsat_gpu_layout_roundtrip(const uint32_t *clause_start, const uint32_t *lits,
                                      uint32_t num_clauses, uint32_t num_vars,
                                      const gsat_slot_plan *plan, int sort, uint32_t *occ_start,
                                      uint32_t *stream, uint64_t stream_size, uint32_t *slot,
                                      double *seconds, gsat_error *err);

#ifdef __cplusplus
}
#endif

#endif
