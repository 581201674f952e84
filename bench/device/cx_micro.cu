// Microbenchmark behind bench/RESULTS.md sections 3.2 to 3.4: which forms of
// the 64-bit compare-exchange of the pair sort (packs compared as doubles,
// gpu/bcfsort_warp.cuh fkey) take work off the ALU pipe on sm_90?  Every
// form runs the same bitonic network over 32 register pairs per thread, and
// each form's output (a per-thread hash of the sorted pairs) is checked equal
// to form 0's.  Form 0 compiles with register moves (IMAD.MOV, MOV) that the
// sort's own compare-exchange does not have (gpu/bcfsort_warp.cuh).  Build and run
// on the GPU machine:
//   nvcc -arch=sm_90 -O3 -Xptxas -v -o cx_micro bench/device/cx_micro.cu
//   ./cx_micro                                        (times, "ok" = equal)
//   ncu --metrics sm__inst_executed_pipe_alu.avg.pct_of_peak_sustained_active,\
//     sm__inst_executed_pipe_fmaheavy.avg.pct_of_peak_sustained_active,\
//     sm__inst_executed_pipe_fp64.avg.pct_of_peak_sustained_active ./cx_micro
//   cuobjdump -sass cx_micro | python3 bench/device/sasshist.py k
// -Xptxas -v must show no stack frame: a dynamically indexed register array
// lands in local memory and the timings then measure that instead.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CK(x)                                                                  \
  do {                                                                         \
    cudaError_t e_ = (x);                                                      \
    if (e_ != cudaSuccess) {                                                   \
      std::fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(e_));           \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

struct P {
  uint32_t lo, hi;
};

__device__ __forceinline__ bool lt(P a, P b) {
  return __hiloint2double(a.hi, a.lo) < __hiloint2double(b.hi, b.lo);
}

/* r = p ? a : b through selp.f32, which ptxas emits as FSEL. */
__device__ __forceinline__ uint32_t fsel(bool p, uint32_t a, uint32_t b) {
  float r;
  asm volatile("{.reg .pred q; setp.ne.b32 q, %3, 0; selp.f32 %0, %1, %2, q;}"
               : "=f"(r)
               : "f"(__uint_as_float(a)), "f"(__uint_as_float(b)),
                 "r"((int)p));
  return __float_as_uint(r);
}

/* Form 6 for one word: lo = c ? b : a, hi = c ? a : b, given c in {0, 1}
 * and nc = -c, as d = b - a, lo = c d + a, hi = nc d + b: three IMADs. */
__device__ __forceinline__ void madsel(uint32_t c, uint32_t nc, uint32_t a,
                                       uint32_t b, uint32_t &lo, uint32_t &hi) {
  uint32_t d;
  asm("mad.lo.u32 %0, %1, 0xffffffff, %2;" : "=r"(d) : "r"(a), "r"(b));
  asm("mad.lo.u32 %0, %1, %2, %3;" : "=r"(lo) : "r"(c), "r"(d), "r"(a));
  asm("mad.lo.u32 %0, %1, %2, %3;" : "=r"(hi) : "r"(nc), "r"(d), "r"(b));
}

/* (a, b) <- (min, max) in form M:
 * 0 DSETP and four SELs (the sort's form)
 * 1 the minimum by two SELs, the maximum as a + b - min per word
 * 2 selects written as arithmetic with c in {0, 1}: min = b c + a (1 - c)
 *   (ptxas turns them into SELs, without form 0's register moves)
 * 3 selects as FP64 arithmetic: min = fma(b, c, a (1 - c)), exact for finite
 *   non-negative doubles
 * 4 high words by FMNMX (the high word of a pack below 2^62 is a
 *   non-negative float bit pattern), low words by SEL
 * 5 all four selects as FSEL
 * 6 selects as integer multiply-adds (inline PTX mad.lo, so that they stay
 *   IMADs on the FMA pipe): d = b - a as a * (2^32 - 1) + b, min = c d + a,
 *   max = (-c) d + b per word, c in {0, 1} */
template <int M> __device__ __forceinline__ void cx(P &a, P &b) {
  const bool s = lt(b, a);
  P lo, hi;
  if (M == 0) {
    lo.lo = s ? b.lo : a.lo;
    lo.hi = s ? b.hi : a.hi;
    hi.lo = s ? a.lo : b.lo;
    hi.hi = s ? a.hi : b.hi;
  } else if (M == 1) {
    lo.lo = s ? b.lo : a.lo;
    lo.hi = s ? b.hi : a.hi;
    hi.lo = a.lo + b.lo - lo.lo;
    hi.hi = a.hi + b.hi - lo.hi;
  } else if (M == 2) {
    const uint32_t c = s, nc = 1u - c;
    lo.lo = b.lo * c + a.lo * nc;
    lo.hi = b.hi * c + a.hi * nc;
    hi.lo = a.lo * c + b.lo * nc;
    hi.hi = a.hi * c + b.hi * nc;
  } else if (M == 3) {
    const double x = __hiloint2double(a.hi, a.lo);
    const double y = __hiloint2double(b.hi, b.lo);
    const double c = s ? 1.0 : 0.0, nc = 1.0 - c;
    const double mn = __fma_rn(y, c, __dmul_rn(x, nc));
    const double mx = __fma_rn(x, c, __dmul_rn(y, nc));
    lo.lo = __double2loint(mn);
    lo.hi = __double2hiint(mn);
    hi.lo = __double2loint(mx);
    hi.hi = __double2hiint(mx);
  } else if (M == 4) {
    lo.hi = __float_as_uint(fminf(__uint_as_float(a.hi), __uint_as_float(b.hi)));
    hi.hi = __float_as_uint(fmaxf(__uint_as_float(a.hi), __uint_as_float(b.hi)));
    lo.lo = s ? b.lo : a.lo;
    hi.lo = s ? a.lo : b.lo;
  } else if (M == 6) {
    const uint32_t c = s ? 1u : 0u, nc = s ? 0xffffffffu : 0u;
    madsel(c, nc, a.lo, b.lo, lo.lo, hi.lo);
    madsel(c, nc, a.hi, b.hi, lo.hi, hi.hi);
  } else {
    lo.lo = fsel(s, b.lo, a.lo);
    lo.hi = fsel(s, b.hi, a.hi);
    hi.lo = fsel(s, a.lo, b.lo);
    hi.hi = fsel(s, a.hi, b.hi);
  }
  a = lo;
  b = hi;
}

/* Bitonic sorts of 32 pairs per thread, iters times; X of every eight
 * compare-exchanges of a stage take form M, the others form 0. */
template <int M, int X>
__global__ void k(const uint32_t *in, uint32_t *out, int iters) {
  P R[32];
#pragma unroll
  for (int i = 0; i < 32; ++i) {
    R[i].lo = in[(threadIdx.x * 32 + i) % 4096];
    R[i].hi = in[(threadIdx.x * 7 + i) % 4096] >> 3; /* below 2^29 */
  }
  for (int it = 0; it < iters; ++it) {
#pragma unroll
    for (int k2 = 2; k2 <= 32; k2 *= 2)
#pragma unroll
      for (int j = k2 / 2; j > 0; j /= 2)
#pragma unroll
        for (int i = 0; i < 32; ++i) {
          const int l = i ^ j, rank = ((i >> 1) & ~(j - 1)) | (i & (j - 1));
          if (l <= i) continue;
          P &u = (i & k2) == 0 ? R[i] : R[l], &v = (i & k2) == 0 ? R[l] : R[i];
          if (rank % 8 < X)
            cx<M>(u, v);
          else
            cx<0>(u, v);
        }
    R[0].lo ^= it; /* a constant index: R stays in registers */
  }
  uint32_t acc = 0;
#pragma unroll
  for (int i = 0; i < 32; ++i) acc ^= R[i].lo * (i + 1) + R[i].hi * (2 * i + 7);
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

constexpr int kBlocks = 132 * 8, kThreadsPerBlock = 256;
constexpr int kOut = kBlocks * kThreadsPerBlock;

template <int M, int X> float run(const uint32_t *in, uint32_t *out, uint32_t *h) {
  cudaEvent_t a, b;
  CK(cudaEventCreate(&a));
  CK(cudaEventCreate(&b));
  k<M, X><<<kBlocks, kThreadsPerBlock>>>(in, out, 4); /* warm-up */
  CK(cudaGetLastError());
  CK(cudaEventRecord(a));
  k<M, X><<<kBlocks, kThreadsPerBlock>>>(in, out, 64);
  CK(cudaGetLastError());
  CK(cudaEventRecord(b));
  CK(cudaEventSynchronize(b));
  float ms;
  CK(cudaEventElapsedTime(&ms, a, b));
  CK(cudaEventDestroy(a));
  CK(cudaEventDestroy(b));
  CK(cudaMemcpy(h, out, kOut * sizeof *h, cudaMemcpyDeviceToHost));
  return ms;
}

int main() {
  uint32_t *in, *out;
  CK(cudaMalloc(&in, 4096 * sizeof *in));
  CK(cudaMalloc(&out, kOut * sizeof *out));
  static uint32_t h[4096];
  for (int i = 0; i < 4096; ++i) h[i] = i * 2654435761u;
  CK(cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice));
  uint32_t *ref = (uint32_t *)malloc(kOut * sizeof *ref);
  uint32_t *got = (uint32_t *)malloc(kOut * sizeof *got);
  if (!ref || !got) return 1;
  const struct {
    const char *name;
    float (*f)(const uint32_t *, uint32_t *, uint32_t *);
  } v[] = {
      {"0 DSETP + 4 SEL", run<0, 0>},  {"1 max = a + b - min", run<1, 8>},
      {"2 arithmetic selects", run<2, 8>},   {"3 FP64 selects", run<3, 8>},
      {"4 FMNMX high words", run<4, 8>}, {"5 FSEL", run<5, 8>},
      {"2 in 2 of 8", run<2, 2>},      {"2 in 4 of 8", run<2, 4>},
      {"3 in 2 of 8", run<3, 2>},      {"3 in 3 of 8", run<3, 3>},
      {"3 in 4 of 8", run<3, 4>},
      {"6 IMAD selects", run<6, 8>},   {"6 in 2 of 8", run<6, 2>},
      {"6 in 3 of 8", run<6, 3>},      {"6 in 4 of 8", run<6, 4>},
  };
  int bad_forms = 0;
  for (int rep = 0; rep < 2; ++rep) {
    float t0 = 0;
    for (size_t m = 0; m < sizeof v / sizeof v[0]; ++m) {
      const float t = v[m].f(in, out, m == 0 ? ref : got);
      if (m == 0) t0 = t;
      int bad = 0;
      for (int i = 0; m && i < kOut; ++i) bad += got[i] != ref[i];
      bad_forms += bad != 0;
      printf("%-22s %8.3f ms  x%.2f %s\n", v[m].name, t, t0 / t,
             bad ? "MISMATCH" : "ok");
    }
  }
  CK(cudaFree(in));
  CK(cudaFree(out));
  free(ref);
  free(got);
  return bad_forms ? 1 : 0;
}
