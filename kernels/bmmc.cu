/* BMMC/BPC permutation kernels and their launches (bmmc.md sections 2 to 10).
 * The address math lives in kernels/bmmc_index.h, shared with the host replay
 * tests; the tables come from kernels/bmmc_plan.c.  Kernels are templated on the
 * element size (4 or 8 bytes), the index width (32-bit for n < 32), the
 * elements per thread 2^M and the read-phase mechanism (registers or
 * cp.async), so that every per-element loop is unrolled with compile-time
 * table offsets. */
#include <stdint.h>

#include "kernels/bmmc_plan.h"
#include "kernels/cuda_check.cuh"

namespace {

template <int ES> struct elem_type;
template <> struct elem_type<4> { typedef uint32_t type; };
template <> struct elem_type<8> { typedef unsigned long long type; };

/* One thread per element: out[f(x)] = in[x] (scatter) or out[x] = in[f(x)]
 * (gather), f from the plan (bmmc.md section 2). */
template <int ES, typename I, bool GATHER>
__global__ void __launch_bounds__(1024)
    bmmc_naive(const typename elem_type<ES>::type *__restrict__ in,
               typename elem_type<ES>::type *__restrict__ out,
               const __grid_constant__ gsat_bmmc_pass p) {
  I x = (I)blockIdx.x << p.warps_log | (I)threadIdx.x;
  I y = (I)gsat_bmmc_naive_map(&p, x);
  if (GATHER)
    out[x] = in[y];
  else
    out[y] = in[x];
}

template <int ES> __device__ __forceinline__ void cp_async(void *smem, const void *gmem) {
  uint32_t s = (uint32_t)__cvta_generic_to_shared(smem);
  asm volatile("cp.async.ca.shared.global [%0], [%1], %2;\n" ::"r"(s), "l"(gmem), "n"(ES)
               : "memory");
}

/* The tiled kernel (bmmc.md sections 3 to 6 and 10): each thread loads 2^M
 * elements (all loads in flight before the barrier), stores them into the
 * XOR-swizzled tile, and after one barrier writes 2^M elements.  Block (32,
 * 2^h); dynamic shared memory 2^(5+h+M) elements.  __launch_bounds__(1024, 2)
 * keeps 2048 resident threads per SM (at most 32 registers). */
template <int ES, typename I, int M, bool ASYNC>
__global__ void __launch_bounds__(1024, 2)
    bmmc_tiled(const typename elem_type<ES>::type *__restrict__ in,
               typename elem_type<ES>::type *__restrict__ out,
               const __grid_constant__ gsat_bmmc_pass p) {
  typedef typename elem_type<ES>::type T;
  extern __shared__ __align__(16) unsigned char gsat_bmmc_smem[];
  T *tile = reinterpret_cast<T *>(gsat_bmmc_smem);
  const gsat_bmmc_thread th = gsat_bmmc_tiled_thread(&p, blockIdx.x, threadIdx.y, threadIdx.x);
  if (ASYNC) {
#pragma unroll
    for (uint32_t t = 0; t < (1u << M); t++)
      cp_async<ES>(tile + gsat_bmmc_tiled_sstore(&p, &th, t),
                   in + (I)gsat_bmmc_tiled_gload(&p, &th, t));
    asm volatile("cp.async.wait_all;\n" ::: "memory");
  } else {
    T v[1 << M];
#pragma unroll
    for (uint32_t t = 0; t < (1u << M); t++)
      v[t] = __ldg(in + (I)gsat_bmmc_tiled_gload(&p, &th, t));
#pragma unroll
    for (uint32_t t = 0; t < (1u << M); t++) tile[gsat_bmmc_tiled_sstore(&p, &th, t)] = v[t];
  }
  __syncthreads();
#pragma unroll
  for (uint32_t t = 0; t < (1u << M); t++)
    out[(I)gsat_bmmc_tiled_gstore(&p, &th, t)] = tile[gsat_bmmc_tiled_sload(&p, &th, t)];
}

template <int ES, typename I, bool GATHER>
gsat_status launch_naive(const gsat_bmmc_pass *p, const void *in, void *out, cudaStream_t stream,
                         gsat_error *err) {
  typedef typename elem_type<ES>::type T;
  dim3 grid(1u << p->grid_log), block(1u << p->warps_log);
  bmmc_naive<ES, I, GATHER>
      <<<grid, block, 0, stream>>>(static_cast<const T *>(in), static_cast<T *>(out), *p);
  GSAT_CUDA_LAUNCHED(err, "bmmc_naive");
  return GSAT_OK;
}

template <int ES, typename I, int M, bool ASYNC>
gsat_status launch_tiled(const gsat_bmmc_pass *p, const void *in, void *out, cudaStream_t stream,
                         gsat_error *err) {
  typedef typename elem_type<ES>::type T;
  auto kernel = bmmc_tiled<ES, I, M, ASYNC>;
  size_t smem = (size_t)ES << (GSAT_BMMC_LANE_BITS + p->warps_log + M);
  if (smem > 48 * 1024)
    GSAT_CUDA_TRY(
        err, cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem));
  dim3 grid(1u << p->grid_log), block(GSAT_BMMC_LANES, 1u << p->warps_log);
  kernel<<<grid, block, smem, stream>>>(static_cast<const T *>(in), static_cast<T *>(out), *p);
  GSAT_CUDA_LAUNCHED(err, "bmmc_tiled");
  return GSAT_OK;
}

template <int ES, typename I, bool ASYNC>
gsat_status dispatch_iters(const gsat_bmmc_pass *p, const void *in, void *out, cudaStream_t s,
                           gsat_error *err) {
  switch (p->iters_log) {
  case 0:
    return launch_tiled<ES, I, 0, ASYNC>(p, in, out, s, err);
  case 1:
    return launch_tiled<ES, I, 1, ASYNC>(p, in, out, s, err);
  case 2:
    return launch_tiled<ES, I, 2, ASYNC>(p, in, out, s, err);
  case 3:
    return launch_tiled<ES, I, 3, ASYNC>(p, in, out, s, err);
  case 4:
    /* 16 eight-byte elements do not fit in 32 registers (the plan refuses). */
    if constexpr (ES == 4 || ASYNC) return launch_tiled<ES, I, 4, ASYNC>(p, in, out, s, err);
    break;
  }
  return gsat_error_set(err, GSAT_USAGE, "BMMC pass with 2^%u iterations", p->iters_log);
}

template <int ES, typename I>
gsat_status dispatch_kind(const gsat_bmmc_pass *p, bool async, const void *in, void *out,
                          cudaStream_t s, gsat_error *err) {
  switch (p->kind) {
  case GSAT_BMMC_PASS_NAIVE:
    return launch_naive<ES, I, false>(p, in, out, s, err);
  case GSAT_BMMC_PASS_NAIVE_GATHER:
    return launch_naive<ES, I, true>(p, in, out, s, err);
  case GSAT_BMMC_PASS_TILED:
    return async ? dispatch_iters<ES, I, true>(p, in, out, s, err)
                 : dispatch_iters<ES, I, false>(p, in, out, s, err);
  }
  return gsat_error_set(err, GSAT_USAGE, "unknown BMMC pass kind %u", p->kind);
}

template <int ES>
gsat_status dispatch_index(const gsat_bmmc_pass *p, bool async, const void *in, void *out,
                           cudaStream_t s, gsat_error *err) {
  if (p->n > 31) return dispatch_kind<ES, uint64_t>(p, async, in, out, s, err);
  return dispatch_kind<ES, uint32_t>(p, async, in, out, s, err);
}

} // namespace

extern "C" gsat_status gsat_bmmc_plan_run(const gsat_bmmc_plan *plan, const void *d_in, void *d_out,
                                          void *d_temp, void *stream, gsat_error *err) {
  GSAT_RETURN_IF(!plan || !d_in || !d_out, err, USAGE,
                 "BMMC run needs a plan, an input and an output");
  GSAT_RETURN_IF(d_in == d_out, err, USAGE, "BMMC permutations cannot run in place");
  GSAT_RETURN_IF(plan->passes == 2 && (!d_temp || d_temp == d_in || d_temp == d_out), err, USAGE,
                 "two-pass BMMC plan needs a separate temporary");
  cudaStream_t s = static_cast<cudaStream_t>(stream);
  for (int i = 0; i < plan->passes; i++) {
    const void *src = i == 0 ? d_in : d_temp;
    void *dst = i == plan->passes - 1 ? d_out : d_temp;
    const gsat_bmmc_pass *p = &plan->pass[i];
    if (plan->elem_size == 8)
      GSAT_FORWARD(dispatch_index<8>(p, plan->async_copy, src, dst, s, err));
    else
      GSAT_FORWARD(dispatch_index<4>(p, plan->async_copy, src, dst, s, err));
  }
  return GSAT_OK;
}

extern "C" gsat_status gsat_bmmc_permute(const gsat_bmmc *perm, uint32_t elem_size,
                                         const void *d_in, void *d_out, void *d_temp, void *stream,
                                         gsat_error *err) {
  gsat_bmmc_plan plan;
  GSAT_FORWARD(gsat_bmmc_plan_init(&plan, perm, elem_size, NULL, err));
  return gsat_bmmc_plan_run(&plan, d_in, d_out, d_temp, stream, err);
}
