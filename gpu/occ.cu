/* Occurrence lists on the GPU (occ.h): pack (literal << 32 | clause), sort,
 * then split into the CSR lists. */
#include "gpu/occ.h"

#include <cub/cub.cuh>

#include "kernels/bcfsort.h"
#include "kernels/cuda_check.cuh"

namespace {

constexpr int kThreads = 256;

/* key[p] = lits[p] << 32 | c for every entry p of clause c. */
__global__ void occ_pack_kernel(const uint32_t *__restrict__ clause_start,
                                const uint32_t *__restrict__ lits, uint32_t num_clauses,
                                uint64_t *__restrict__ key) {
  const uint32_t c = blockIdx.x * kThreads + threadIdx.x;
  if (c >= num_clauses) return;
  for (uint32_t p = clause_start[c]; p < clause_start[c + 1]; ++p)
    key[p] = (uint64_t)lits[p] << 32 | c;
}

/* Entry p (p <= entries) starts the lists of the literals in (literal of
 * p - 1, literal of p], where entry `entries` has literal num_literals. */
__global__ void occ_split_kernel(const uint64_t *__restrict__ key, uint32_t entries,
                                 uint32_t num_literals, uint32_t *__restrict__ occ_start,
                                 uint32_t *__restrict__ occ_clause) {
  const uint32_t p = blockIdx.x * kThreads + threadIdx.x;
  if (p > entries) return;
  const uint32_t cur = p < entries ? (uint32_t)(key[p] >> 32) : num_literals;
  const int64_t prev = p > 0 ? (int64_t)(key[p - 1] >> 32) : -1;
  for (int64_t l = prev + 1; l <= (int64_t)cur; ++l) occ_start[l] = p;
  if (p < entries) occ_clause[p] = (uint32_t)key[p];
}

unsigned blocks(uint64_t threads) {
  return (unsigned)((threads + kThreads - 1) / kThreads);
}

int bit_width(uint32_t x) {
  int b = 0;
  while (b < 32 && (x >> b)) ++b;
  return b;
}

} // namespace

extern "C" gsat_status gsat_gpu_occ_build(void *d_temp, size_t *temp_bytes,
                                          const gsat_occ_input *in, uint32_t *d_occ_start,
                                          uint32_t *d_occ_clause, gsat_occ_sort sort,
                                          struct CUstream_st *stream, gsat_error *err) {
  GSAT_RETURN_IF(!temp_bytes || !in, err, USAGE, "occ: NULL argument");
  GSAT_RETURN_IF(sort != GSAT_OCC_SORT_BCF && sort != GSAT_OCC_SORT_RADIX, err, USAGE,
                 "occ: unknown sort %d", (int)sort);
  const size_t n = in->num_entries;
  const size_t kbytes = (n * sizeof(uint64_t) + 255u) & ~(size_t)255u;
  uint64_t *keys = static_cast<uint64_t *>(d_temp);
  uint64_t *sorted = keys + kbytes / sizeof(uint64_t);
  void *rest = static_cast<unsigned char *>(d_temp) + 2 * kbytes;
  /* significant bits of the packed key: clause id, then literal */
  const int end_bit = 32 + bit_width(in->num_literals);
  size_t sub = 0;
  if (sort == GSAT_OCC_SORT_BCF) {
    GSAT_FORWARD(gsat_gpu_sort_keys_u64(nullptr, &sub, nullptr, nullptr, n, nullptr, stream, err));
  } else {
    GSAT_CUDA_TRY(err, cub::DeviceRadixSort::SortKeys(nullptr, sub, keys, sorted, (int64_t)n, 0,
                                                      end_bit, stream));
  }
  if (!d_temp) {
    /* Never 0 bytes, so that the allocation a caller makes is never NULL and
     * the second call is not mistaken for another size query (CUB does the
     * same). */
    *temp_bytes = 2 * kbytes + sub > 256 ? 2 * kbytes + sub : 256;
    return GSAT_OK;
  }
  GSAT_RETURN_IF(*temp_bytes < 2 * kbytes + sub, err, USAGE,
                 "occ: %zu bytes of temporary storage, %zu needed", *temp_bytes, 2 * kbytes + sub);
  GSAT_RETURN_IF(!in->d_clause_start || !d_occ_start || (n && (!in->d_lits || !d_occ_clause)), err,
                 USAGE, "occ: NULL device array");
  if (in->num_clauses) {
    occ_pack_kernel<<<blocks(in->num_clauses), kThreads, 0, stream>>>(
        in->d_clause_start, in->d_lits, in->num_clauses, keys);
    GSAT_CUDA_LAUNCHED(err, "occ_pack_kernel");
  }
  if (n) {
    if (sort == GSAT_OCC_SORT_BCF) {
      GSAT_FORWARD(gsat_gpu_sort_keys_u64(rest, &sub, keys, sorted, n, nullptr, stream, err));
    } else {
      GSAT_CUDA_TRY(err, cub::DeviceRadixSort::SortKeys(rest, sub, keys, sorted, (int64_t)n, 0,
                                                        end_bit, stream));
    }
  }
  occ_split_kernel<<<blocks((uint64_t)n + 1), kThreads, 0, stream>>>(
      sorted, (uint32_t)n, in->num_literals, d_occ_start, d_occ_clause);
  GSAT_CUDA_LAUNCHED(err, "occ_split_kernel");
  return GSAT_OK;
}
