/* Occurrence lists on the GPU: for every literal, the ids of the clauses that
 * contain it, in increasing clause order, built by sorting the packed keys
 * (literal << 32 | clause) (bcfsort.md section 9, "For our SAT use case")
 * with the bank-conflict-free sort or with CUB's radix sort, plus the host
 * reference builder.  Literals are 2 * var + sign (core/literal.h). */
#ifndef GSAT_GPU_OCC_H
#define GSAT_GPU_OCC_H

#include <stddef.h>
#include <stdint.h>

#include "base/status.h"

#ifdef __cplusplus
extern "C" {
#endif

struct CUstream_st;

typedef enum gsat_occ_sort {
  GSAT_OCC_SORT_BCF = 0,  /* gsat_gpu_sort_keys_u64 (kernels/bcfsort.h) */
  GSAT_OCC_SORT_RADIX = 1 /* cub::DeviceRadixSort on the significant bits */
} gsat_occ_sort;

/* The sort to use for the 64-bit packed keys.  Radix sort needs only
 * 32 + log2(2 * variables) key bits and measured faster than gsat's merge
 * sort on them (bcfsort.md 12; bench/RESULTS.md, Sort against CUB);
 * bench/sort_bench --occ measures both on the device. */
#define GSAT_OCC_SORT_DEFAULT GSAT_OCC_SORT_RADIX

/* A clause database in CSR form: clause c holds lits[clause_start[c] ..
 * clause_start[c + 1]), every literal below num_literals (= 2 * variables);
 * the arrays live on the device, the sizes on the host. */
typedef struct gsat_occ_input {
  const uint32_t *d_clause_start; /* [num_clauses + 1], clause_start[0] = 0 */
  const uint32_t *d_lits;         /* [num_entries] */
  uint32_t num_clauses;
  uint32_t num_entries; /* clause_start[num_clauses] */
  uint32_t num_literals;
} gsat_occ_input;

/* Builds the occurrence lists of `in` on the device into d_occ_start
 * [num_literals + 1] and d_occ_clause [num_entries]: literal l occurs in
 * clauses d_occ_clause[d_occ_start[l] .. d_occ_start[l + 1]), ascending (a
 * literal repeated in a clause is listed once per occurrence).  CUB's
 * temporary-storage pattern: with d_temp == NULL only *temp_bytes is set.
 * Enqueued on `stream` (a cudaStream_t), not synchronised.  Errors: USAGE
 * (bad sizes, short temporary storage, unknown sort), NODEVICE (built without
 * CUDA), CUDA. */
gsat_status gsat_gpu_occ_build(void *d_temp, size_t *temp_bytes, const gsat_occ_input *in,
                               uint32_t *d_occ_start, uint32_t *d_occ_clause, gsat_occ_sort sort,
                               struct CUstream_st *stream, gsat_error *err);

/* The host reference: the same lists from host arrays by counting sort.
 * occ_start has num_literals + 1 entries, occ_clause clause_start[C]. */
void gsat_occ_build_host(const uint32_t *clause_start, const uint32_t *lits, uint32_t num_clauses,
                         uint32_t num_literals, uint32_t *occ_start, uint32_t *occ_clause);

#ifdef __cplusplus
}
#endif

#endif
