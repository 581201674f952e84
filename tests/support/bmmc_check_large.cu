/* Device checks of the 64-bit index path (n = 32 and 33, 4-byte elements)
 * where a CPU reference would need tens of GB: the payload is a hash of the
 * index, filled and verified on the device; the verifier forms A x ^ c from
 * its own byte tables (independent of the plan code).  See bmmc_check.h. */
#include <stdint.h>
#include <stdio.h>

#include <cuda_runtime.h>

#include "tests/support/bmmc_check.h"
#include "kernels/bmmc_plan.h"

namespace {

__host__ __device__ uint32_t hash_payload(uint64_t x) {
  x ^= x >> 31;
  x *= 0x7fb5d329728ea185ull;
  x ^= x >> 27;
  x *= 0x81dadef4bc2dd44dull;
  return (uint32_t)(x ^ (x >> 33));
}

__global__ void fill(uint32_t *out, uint64_t count) {
  for (uint64_t i = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x; i < count;
       i += (uint64_t)gridDim.x * blockDim.x)
    out[i] = hash_payload(i);
}

__global__ void verify(const uint32_t *out, const uint64_t *__restrict__ tab, uint64_t c,
                       uint64_t count, int bytes, unsigned long long *bad) {
  unsigned long long local = 0;
  for (uint64_t x = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x; x < count;
       x += (uint64_t)gridDim.x * blockDim.x) {
    uint64_t y = c;
    for (int k = 0; k < bytes; k++) y ^= __ldg(tab + 256 * k + (x >> 8 * k & 255));
    local += out[y] != hash_payload(x);
  }
  if (local) atomicAdd(bad, local);
}

#define TRY(call)                                                                                  \
  do {                                                                                             \
    cudaError_t e_ = (call);                                                                       \
    if (e_ != cudaSuccess) {                                                                       \
      if (log) fprintf(log, "FAIL large: %s: %s\n", #call, cudaGetErrorString(e_));                \
      res->failed++;                                                                               \
      goto done;                                                                                   \
    }                                                                                              \
  } while (0)

} // namespace

extern "C" void gsat_bmmc_check_large(FILE *log, gsat_bmmc_check_result *res) {
  const int n_max = 33;
  size_t bytes = (size_t)4 << n_max, free_b = 0, total = 0;
  void *in = nullptr, *out = nullptr, *tmp = nullptr;
  uint64_t *d_tab = nullptr;
  unsigned long long *d_bad = nullptr;
  if (cudaMemGetInfo(&free_b, &total) != cudaSuccess || free_b < 3 * bytes + ((size_t)1 << 30)) {
    if (log)
      fprintf(log, "SKIP large: %zu GiB free, %zu needed\n", free_b >> 30, (3 * bytes >> 30) + 1);
    return;
  }
  TRY(cudaMalloc(&in, bytes));
  TRY(cudaMalloc(&out, bytes));
  TRY(cudaMalloc(&tmp, bytes));
  TRY(cudaMalloc(&d_tab, 5 * 256 * sizeof(uint64_t)));
  TRY(cudaMalloc(&d_bad, sizeof *d_bad));
  for (int n = 32; n <= n_max; n++) {
    uint64_t count = (uint64_t)1 << n;
    fill<<<4096, 256>>>((uint32_t *)in, count);
    TRY(cudaGetLastError());
    for (int kind = 0; kind < 3; kind++) {
      uint64_t rng = 0x1a49e000 + (uint64_t)n * 8 + (uint64_t)kind;
      gsat_bmmc perm;
      gsat_bmmc_random(&perm, n, kind, true, &rng);
      uint64_t tab[5][256];
      gsat_bmmc_check_tables(&perm.a, tab);
      TRY(cudaMemcpy(d_tab, tab, sizeof tab, cudaMemcpyHostToDevice));
      static const char *vnames[] = {"auto", "naive", "tiled-async"};
      for (int v = 0; v < 3; v++) {
        if (v > 0 && kind != 0) continue;
        gsat_bmmc_options o;
        gsat_bmmc_options_init(&o);
        o.kernel = v == 1 ? GSAT_BMMC_NAIVE : v == 2 ? GSAT_BMMC_TILED : 0;
        o.async_copy = v == 2;
        gsat_bmmc_plan plan;
        gsat_error err;
        char desc[256];
        TRY(cudaMemset(out, 0xa5, (size_t)4 << n));
        unsigned long long bad = 0;
        TRY(cudaMemset(d_bad, 0, sizeof *d_bad));
        gsat_status s = gsat_bmmc_plan_init(&plan, &perm, 4, &o, &err);
        if (s == GSAT_OK) s = gsat_bmmc_plan_run(&plan, in, out, tmp, nullptr, &err);
        if (s == GSAT_OK) {
          verify<<<4096, 256>>>((const uint32_t *)out, d_tab, perm.c, count, (n + 7) / 8, d_bad);
          TRY(cudaGetLastError());
          TRY(cudaMemcpy(&bad, d_bad, sizeof bad, cudaMemcpyDeviceToHost));
        }
        bool ok = s == GSAT_OK && bad == 0;
        ok ? res->passed++ : res->failed++;
        if (log)
          fprintf(log, "%s n=%d es=4 %s%s %s: %llu wrong [%s]\n", ok ? "PASS" : "FAIL", n,
                  kind == 0   ? "bpc"
                  : kind == 1 ? "tiled-bmmc"
                              : "bmmc",
                  "+c", vnames[v], bad,
                  s == GSAT_OK ? gsat_bmmc_plan_describe(&plan, desc, sizeof desc) : err.message);
      }
    }
  }
done:
  cudaFree(in), cudaFree(out), cudaFree(tmp), cudaFree(d_tab), cudaFree(d_bad);
}
