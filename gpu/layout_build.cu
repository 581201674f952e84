/* The CNF layouts built on the device (layout_build.h): occurrence streams
 * gathered from the sorted (literal, clause) pairs, slot-major clause buckets
 * scattered clause-major and transposed by BPC permutations.  The index math
 * is slot_layout.h's, shared with the host references. */
#include "gpu/layout_build.h"

#include <cub/cub.cuh>

#include "kernels/bmmc_plan.h"
#include "kernels/cuda_check.cuh"
#include "gpu/occ.h"

namespace {

constexpr int kThreads = 256;

unsigned blocks(uint64_t threads) {
  return (unsigned)((threads + kThreads - 1) / kThreads);
}

/* len[p] = length of the clause of occurrence entry p; len[entries] = 0, so
 * that the exclusive sum's last element is the stream total. */
__global__ void entry_len_kernel(const uint32_t *__restrict__ occ_clause,
                                 const uint32_t *__restrict__ clause_start, uint32_t entries,
                                 uint32_t *__restrict__ len) {
  const uint32_t p = blockIdx.x * kThreads + threadIdx.x;
  if (p > entries) return;
  uint32_t n = 0;
  if (p < entries) {
    const uint32_t c = occ_clause[p];
    n = clause_start[c + 1] - clause_start[c];
  }
  len[p] = n;
}

/* Stream offset of literal l: the position of its first occurrence entry. */
__global__ void stream_start_kernel(const uint32_t *__restrict__ list_start,
                                    const uint32_t *__restrict__ pos, uint32_t literals,
                                    uint32_t *__restrict__ occ_start) {
  const uint32_t l = blockIdx.x * kThreads + threadIdx.x;
  if (l <= literals) occ_start[l] = pos[list_start[l]];
}

/* Entry p copies its clause, END on the last literal, to stream + pos[p]. */
__global__ void gather_kernel(const uint32_t *__restrict__ occ_clause,
                              const uint32_t *__restrict__ clause_start,
                              const uint32_t *__restrict__ lits, const uint32_t *__restrict__ pos,
                              uint32_t entries, uint32_t *__restrict__ stream) {
  const uint32_t p = blockIdx.x * kThreads + threadIdx.x;
  if (p >= entries) return;
  const uint32_t c = occ_clause[p], b = clause_start[c];
  gsat_stream_gather_clause(lits + b, clause_start[c + 1] - b, stream + pos[p]);
}

/* The partition keys: clause c has "literal" log2 width in a CSR of one entry
 * per clause (start = identity). */
__global__ void bucket_key_kernel(const uint32_t *__restrict__ clause_start, uint32_t clauses,
                                  uint32_t *__restrict__ key, uint32_t *__restrict__ identity) {
  const uint32_t c = blockIdx.x * kThreads + threadIdx.x;
  if (c > clauses) return;
  identity[c] = c;
  if (c < clauses) key[c] = gsat_slot_width_log(clause_start[c + 1] - clause_start[c]);
}

__global__ void fill_kernel(uint32_t *__restrict__ out, uint64_t n, uint32_t value) {
  for (uint64_t i = blockIdx.x * (uint64_t)kThreads + threadIdx.x; i < n;
       i += (uint64_t)gridDim.x * kThreads)
    out[i] = value;
}

/* Sorted position i (clauses grouped by width, ascending within a width):
 * row i - width_start[w] of the width's bucket, written clause-major. */
__global__ void scatter_kernel(const uint32_t *__restrict__ sorted_clause,
                               const uint32_t *__restrict__ width_start,
                               const uint32_t *__restrict__ clause_start,
                               const uint32_t *__restrict__ lits, uint32_t clauses,
                               const __grid_constant__ gsat_slot_plan plan,
                               uint32_t *__restrict__ cm) {
  const uint32_t i = blockIdx.x * kThreads + threadIdx.x;
  if (i >= clauses) return;
  const uint32_t c = sorted_clause[i], b = clause_start[c], len = clause_start[c + 1] - b;
  const uint32_t w = gsat_slot_width_log(len);
  gsat_slot_scatter_row(&plan.bucket[plan.of_width[w]], i - width_start[w], lits + b, len,
                        plan.pad_lit, cm);
}

/* The temporary storage, carved in order; base NULL: sizes only. */
struct temps {
  uint32_t *list_start, *list_clause, *len, *pos;
  uint32_t *identity, *key, *width_start, *sorted_clause, *cm;
  void *scan, *occ, *bmmc;
  size_t scan_bytes, occ_bytes, bmmc_bytes, total;
};

gsat_status plan_temps(temps *t, unsigned char *base, const gsat_layout_input *in,
                       const gsat_slot_plan *plan, int sort, cudaStream_t stream, gsat_error *err) {
  const uint64_t E = in->num_entries, C = in->num_clauses, L = 2ull * in->num_vars;
  size_t at = 0;
  auto take = [&](size_t n) {
    void *p = base ? base + at : nullptr;
    at += (n + 255) & ~(size_t)255;
    return p;
  };
  t->scan_bytes = 0;
  GSAT_CUDA_TRY(err, cub::DeviceScan::ExclusiveSum(nullptr, t->scan_bytes, (uint32_t *)nullptr,
                                                   (uint32_t *)nullptr, (int64_t)E + 1, stream));
  gsat_occ_input lists = {in->d_clause_start, in->d_lits, in->num_clauses, in->num_entries,
                          (uint32_t)L};
  GSAT_FORWARD(gsat_gpu_occ_build(nullptr, &t->occ_bytes, &lists, nullptr, nullptr,
                                  (gsat_occ_sort)sort, stream, err));
  t->bmmc_bytes = 0;
  if (plan) {
    size_t b = 0;
    gsat_occ_input parts = {nullptr, nullptr, (uint32_t)C, (uint32_t)C, GSAT_SLOT_MAX_BUCKETS};
    GSAT_FORWARD(gsat_gpu_occ_build(nullptr, &b, &parts, nullptr, nullptr, (gsat_occ_sort)sort,
                                    stream, err));
    if (b > t->occ_bytes) t->occ_bytes = b;
    for (uint32_t j = 0; j < plan->num_buckets; j++) {
      gsat_bmmc perm;
      gsat_bmmc_plan bp;
      gsat_bmmc_transpose(&perm, plan->bucket[j].rows_log, plan->bucket[j].width_log);
      GSAT_FORWARD(gsat_bmmc_plan_init(&bp, &perm, 4, nullptr, err));
      size_t tb = gsat_bmmc_plan_temp_bytes(&bp);
      if (tb > t->bmmc_bytes) t->bmmc_bytes = tb;
    }
  }
  t->list_start = (uint32_t *)take(4 * (L + 1));
  t->list_clause = (uint32_t *)take(4 * (E ? E : 1));
  t->len = (uint32_t *)take(4 * (E + 1));
  t->pos = (uint32_t *)take(4 * (E + 1));
  t->scan = take(t->scan_bytes);
  t->occ = take(t->occ_bytes);
  t->identity = t->key = t->width_start = t->sorted_clause = t->cm = nullptr;
  t->bmmc = nullptr;
  if (plan) {
    t->identity = (uint32_t *)take(4 * (C + 1));
    t->key = (uint32_t *)take(4 * (C ? C : 1));
    t->width_start = (uint32_t *)take(4 * (GSAT_SLOT_MAX_BUCKETS + 1));
    t->sorted_clause = (uint32_t *)take(4 * (C ? C : 1));
    t->cm = (uint32_t *)take(4 * (plan->size ? plan->size : 1));
    t->bmmc = take(t->bmmc_bytes);
  }
  t->total = at > 256 ? at : 256;
  return GSAT_OK;
}

gsat_status build_streams(const temps &t, const gsat_layout_input *in,
                          const gsat_layout_output *out, int sort, cudaStream_t stream,
                          gsat_error *err) {
  const uint32_t E = in->num_entries, L = 2 * in->num_vars;
  gsat_occ_input lists = {in->d_clause_start, in->d_lits, in->num_clauses, E, L};
  size_t occ_bytes = t.occ_bytes, scan_bytes = t.scan_bytes;
  GSAT_FORWARD(gsat_gpu_occ_build(t.occ, &occ_bytes, &lists, t.list_start, t.list_clause,
                                  (gsat_occ_sort)sort, stream, err));
  entry_len_kernel<<<blocks((uint64_t)E + 1), kThreads, 0, stream>>>(t.list_clause,
                                                                     in->d_clause_start, E, t.len);
  GSAT_CUDA_LAUNCHED(err, "entry_len_kernel");
  GSAT_CUDA_TRY(
      err, cub::DeviceScan::ExclusiveSum(t.scan, scan_bytes, t.len, t.pos, (int64_t)E + 1, stream));
  stream_start_kernel<<<blocks((uint64_t)L + 1), kThreads, 0, stream>>>(t.list_start, t.pos, L,
                                                                        out->d_occ_start);
  GSAT_CUDA_LAUNCHED(err, "stream_start_kernel");
  if (E) {
    gather_kernel<<<blocks(E), kThreads, 0, stream>>>(t.list_clause, in->d_clause_start, in->d_lits,
                                                      t.pos, E, out->d_occ_stream);
    GSAT_CUDA_LAUNCHED(err, "gather_kernel");
  }
  return GSAT_OK;
}

gsat_status build_buckets(const temps &t, const gsat_layout_input *in, const gsat_slot_plan *plan,
                          const gsat_layout_output *out, int sort, cudaStream_t stream,
                          gsat_error *err) {
  const uint32_t C = in->num_clauses;
  bucket_key_kernel<<<blocks((uint64_t)C + 1), kThreads, 0, stream>>>(in->d_clause_start, C, t.key,
                                                                      t.identity);
  GSAT_CUDA_LAUNCHED(err, "bucket_key_kernel");
  gsat_occ_input parts = {t.identity, t.key, C, C, GSAT_SLOT_MAX_BUCKETS};
  size_t occ_bytes = t.occ_bytes;
  GSAT_FORWARD(gsat_gpu_occ_build(t.occ, &occ_bytes, &parts, t.width_start, t.sorted_clause,
                                  (gsat_occ_sort)sort, stream, err));
  if (!plan->size) return GSAT_OK;
  unsigned fill_blocks = blocks(plan->size) < 4096 ? blocks(plan->size) : 4096;
  fill_kernel<<<fill_blocks, kThreads, 0, stream>>>(t.cm, plan->size, plan->pad_lit);
  GSAT_CUDA_LAUNCHED(err, "fill_kernel");
  if (C) {
    scatter_kernel<<<blocks(C), kThreads, 0, stream>>>(
        t.sorted_clause, t.width_start, in->d_clause_start, in->d_lits, C, *plan, t.cm);
    GSAT_CUDA_LAUNCHED(err, "scatter_kernel");
  }
  for (uint32_t j = 0; j < plan->num_buckets; j++) {
    const gsat_slot_bucket *b = &plan->bucket[j];
    gsat_bmmc perm;
    gsat_bmmc_plan bp;
    gsat_bmmc_transpose(&perm, b->rows_log, b->width_log);
    GSAT_FORWARD(gsat_bmmc_plan_init(&bp, &perm, 4, nullptr, err));
    GSAT_FORWARD(
        gsat_bmmc_plan_run(&bp, t.cm + b->offset, out->d_slot + b->offset, t.bmmc, stream, err));
  }
  return GSAT_OK;
}

} // namespace

extern "C" gsat_status gsat_gpu_layout_build(void *d_temp, size_t *temp_bytes,
                                             const gsat_layout_input *in,
                                             const gsat_slot_plan *plan,
                                             const gsat_layout_output *out, int sort,
                                             struct CUstream_st *stream, gsat_error *err) {
  GSAT_RETURN_IF(!temp_bytes || !in, err, USAGE, "layout: NULL argument");
  temps t;
  GSAT_FORWARD(plan_temps(&t, (unsigned char *)d_temp, in, plan, sort, stream, err));
  if (!d_temp) {
    *temp_bytes = t.total;
    return GSAT_OK;
  }
  GSAT_RETURN_IF(*temp_bytes < t.total, err, USAGE,
                 "layout: %zu bytes of temporary storage, %zu needed", *temp_bytes, t.total);
  GSAT_RETURN_IF(!out || !in->d_clause_start || !out->d_occ_start ||
                     (in->num_entries && (!in->d_lits || !out->d_occ_stream)) ||
                     (plan && plan->size && !out->d_slot),
                 err, USAGE, "layout: NULL device array");
  GSAT_FORWARD(build_streams(t, in, out, sort, stream, err));
  if (plan) GSAT_FORWARD(build_buckets(t, in, plan, out, sort, stream, err));
  return GSAT_OK;
}

namespace {

struct roundtrip_mem {
  uint32_t *cs = nullptr, *lits = nullptr, *occ_start = nullptr, *stream = nullptr, *slot = nullptr;
  void *temp = nullptr;
  cudaEvent_t e0 = nullptr, e1 = nullptr;
  ~roundtrip_mem() {
    cudaFree(cs);
    cudaFree(lits);
    cudaFree(occ_start);
    cudaFree(stream);
    cudaFree(slot);
    cudaFree(temp);
    if (e0) cudaEventDestroy(e0);
    if (e1) cudaEventDestroy(e1);
    (void)cudaGetLastError();
  }
};

gsat_status device_alloc(void **p, size_t bytes, gsat_error *err) {
  cudaError_t e = cudaMalloc(p, bytes ? bytes : 4);
  if (e == cudaErrorMemoryAllocation) {
    (void)cudaGetLastError();
    return gsat_error_set(err, GSAT_RESOURCE, "layout check: %zu bytes of device memory", bytes);
  }
  GSAT_CUDA_TRY(err, e);
  return GSAT_OK;
}

} // namespace

extern "C" gsat_status gsat_gpu_layout_roundtrip(const uint32_t *clause_start, const uint32_t *lits,
                                                 uint32_t num_clauses, uint32_t num_vars,
                                                 const gsat_slot_plan *plan, int sort,
                                                 uint32_t *occ_start, uint32_t *stream,
                                                 uint64_t stream_size, uint32_t *slot,
                                                 double *seconds, gsat_error *err) {
  roundtrip_mem m;
  const uint32_t E = clause_start[num_clauses];
  const uint64_t L = 2ull * num_vars;
  if (!slot) plan = nullptr;
  gsat_layout_input in = {nullptr, nullptr, num_clauses, E, num_vars};
  size_t temp_bytes = 0;
  GSAT_FORWARD(gsat_gpu_layout_build(nullptr, &temp_bytes, &in, plan, nullptr, sort, nullptr, err));
  GSAT_FORWARD(device_alloc((void **)&m.cs, 4 * ((size_t)num_clauses + 1), err));
  GSAT_FORWARD(device_alloc((void **)&m.lits, 4 * (size_t)E, err));
  GSAT_FORWARD(device_alloc((void **)&m.occ_start, 4 * (L + 1), err));
  GSAT_FORWARD(device_alloc((void **)&m.stream, 4 * stream_size, err));
  if (plan) GSAT_FORWARD(device_alloc((void **)&m.slot, 4 * plan->size, err));
  GSAT_FORWARD(device_alloc(&m.temp, temp_bytes, err));
  GSAT_CUDA_TRY(
      err, cudaMemcpy(m.cs, clause_start, 4 * ((size_t)num_clauses + 1), cudaMemcpyHostToDevice));
  if (E) GSAT_CUDA_TRY(err, cudaMemcpy(m.lits, lits, 4 * (size_t)E, cudaMemcpyHostToDevice));
  GSAT_CUDA_TRY(err, cudaEventCreate(&m.e0));
  GSAT_CUDA_TRY(err, cudaEventCreate(&m.e1));
  in.d_clause_start = m.cs;
  in.d_lits = m.lits;
  gsat_layout_output out = {m.occ_start, m.stream, m.slot};
  GSAT_CUDA_TRY(err, cudaEventRecord(m.e0, nullptr));
  GSAT_FORWARD(gsat_gpu_layout_build(m.temp, &temp_bytes, &in, plan, &out, sort, nullptr, err));
  GSAT_CUDA_TRY(err, cudaEventRecord(m.e1, nullptr));
  GSAT_CUDA_TRY(err, cudaEventSynchronize(m.e1));
  float ms = 0;
  GSAT_CUDA_TRY(err, cudaEventElapsedTime(&ms, m.e0, m.e1));
  *seconds = ms / 1000.0;
  GSAT_CUDA_TRY(err, cudaMemcpy(occ_start, m.occ_start, 4 * (L + 1), cudaMemcpyDeviceToHost));
  if (stream_size)
    GSAT_CUDA_TRY(err, cudaMemcpy(stream, m.stream, 4 * stream_size, cudaMemcpyDeviceToHost));
  if (plan && plan->size)
    GSAT_CUDA_TRY(err, cudaMemcpy(slot, m.slot, 4 * plan->size, cudaMemcpyDeviceToHost));
  return GSAT_OK;
}
