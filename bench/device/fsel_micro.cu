// Standalone microbenchmark behind bench/RESULTS.md section 3.2: does moving
// the selects of a 64-bit compare-exchange to FSEL (selp.f32) take them off
// the ALU pipe?  Build and run on the GPU machine:
//   nvcc -arch=sm_90 -O3 -o fsel bench/device/fsel_micro.cu && ./fsel
//   ncu --metrics sm__inst_executed_pipe_alu.avg.pct_of_peak_sustained_active ./fsel
//   cuobjdump -sass fsel | grep -cE 'FSEL|SEL'
#include <cstdio>
#include <cstdint>
#include <cstdlib>
#include <cuda_runtime.h>
#define CK(x)                                                          \
  do {                                                                 \
    cudaError_t e_ = (x);                                              \
    if (e_ != cudaSuccess) {                                           \
      std::fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(e_));   \
      std::exit(1);                                                    \
    }                                                                  \
  } while (0)
struct P { uint32_t lo, hi; };
__device__ __forceinline__ uint32_t fs(bool p, uint32_t a, uint32_t b) {
  float r;
  asm volatile("{.reg .pred q; setp.ne.b32 q, %3, 0; selp.f32 %0, %1, %2, q;}"
      : "=f"(r) : "f"(__uint_as_float(a)), "f"(__uint_as_float(b)), "r"((int)p));
  return __float_as_uint(r);
}
__device__ __forceinline__ bool lt(P a, P b) {
  double x = __hiloint2double(a.hi, a.lo), y = __hiloint2double(b.hi, b.lo);
  return x < y;
}
template <int M> __device__ __forceinline__ void cx(P &a, P &b) {
  bool s = lt(b, a);
  P lo, hi;
  if (M == 0) { lo.lo = s ? b.lo : a.lo; lo.hi = s ? b.hi : a.hi; hi.lo = s ? a.lo : b.lo; hi.hi = s ? a.hi : b.hi; }
  if (M == 1) { lo.lo = s ? b.lo : a.lo; lo.hi = fs(s, b.hi, a.hi); hi.lo = s ? a.lo : b.lo; hi.hi = fs(s, a.hi, b.hi); }
  if (M == 2) { lo.lo = fs(s, b.lo, a.lo); lo.hi = fs(s, b.hi, a.hi); hi.lo = fs(s, a.lo, b.lo); hi.hi = fs(s, a.hi, b.hi); }
  if (M == 3) { // hi via integer min/max, lo via SEL
    lo.hi = min(a.hi, b.hi); hi.hi = max(a.hi, b.hi); lo.lo = s ? b.lo : a.lo; hi.lo = s ? a.lo : b.lo; }
  if (M == 4) { // hi via IMNMX, lo via FSEL
    lo.hi = min(a.hi, b.hi); hi.hi = max(a.hi, b.hi); lo.lo = fs(s, b.lo, a.lo); hi.lo = fs(s, a.lo, b.lo); }
  a = lo; b = hi;
}
template <int M> __global__ void k(const uint32_t *in, uint32_t *out, int iters) {
  P R[32];
  for (int i = 0; i < 32; ++i) { R[i].lo = in[(threadIdx.x * 32 + i) % 4096]; R[i].hi = in[(threadIdx.x * 7 + i) % 4096] >> 3; }
  for (int it = 0; it < iters; ++it) {
#pragma unroll
    for (int k2 = 2; k2 <= 32; k2 *= 2)
#pragma unroll
      for (int j = k2 / 2; j > 0; j /= 2)
#pragma unroll
        for (int i = 0; i < 32; ++i) {
          int l = i ^ j;
          if (l > i) { if ((i & k2) == 0) cx<M>(R[i], R[l]); else cx<M>(R[l], R[i]); }
        }
    R[it & 31].lo ^= it; // keep it from being folded
  }
  uint32_t acc = 0;
  for (int i = 0; i < 32; ++i) acc ^= R[i].lo * (i + 1) + R[i].hi;
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}
template <int M> float run(const uint32_t *in, uint32_t *out) {
  cudaEvent_t a, b; CK(cudaEventCreate(&a)); CK(cudaEventCreate(&b));
  k<M><<<132 * 8, 256>>>(in, out, 4);
  CK(cudaGetLastError());
  CK(cudaEventRecord(a));
  k<M><<<132 * 8, 256>>>(in, out, 64);
  CK(cudaGetLastError());
  CK(cudaEventRecord(b)); CK(cudaEventSynchronize(b));
  float ms; CK(cudaEventElapsedTime(&ms, a, b));
  CK(cudaEventDestroy(a)); CK(cudaEventDestroy(b));
  return ms;
}
int main() {
  uint32_t *in, *out; CK(cudaMalloc(&in, 4096 * 4)); CK(cudaMalloc(&out, 132 * 8 * 256 * 4));
  uint32_t h[4096]; for (int i = 0; i < 4096; ++i) h[i] = i * 2654435761u;
  CK(cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice));
  const char *names[] = {"4 SEL", "2 SEL + 2 FSEL (hi)", "4 FSEL", "IMNMX hi + 2 SEL lo", "IMNMX hi + 2 FSEL lo"};
  for (int rep = 0; rep < 2; ++rep) {
    float t[5] = {run<0>(in, out), run<1>(in, out), run<2>(in, out), run<3>(in, out), run<4>(in, out)};
    for (int m = 0; m < 5; ++m) printf("%-24s %8.3f ms  x%.2f\n", names[m], t[m], t[0] / t[m]);
  }
  CK(cudaFree(in)); CK(cudaFree(out));
  return 0;
}
