/* The CUDA side of the host's wait for a search kernel (gpu/kernel_wait.h),
 * shared by the DPLL search (gpu/search.cu) and the CDCL search
 * (gpu/cdcl_search.cu): reading the workers' phases of a kernel that did not
 * stop without waiting for it. */
#ifndef GSAT_GPU_KERNEL_WAIT_CUH
#define GSAT_GPU_KERNEL_WAIT_CUH

#include <cuda_runtime.h>

#include "gpu/kernel_wait.h"
#include "solver/base/clock.h"

/* Copies `bytes` from device memory src to pinned host memory dst on
 * `stream` (a stream the kernel's stream does not hold up: both created
 * non-blocking), waiting at most 0.5 s for the copy (only stream queries, no
 * synchronizing call).  Returns 1 when the copy came back, else 0 (dst may
 * be unwritten or partly written). */
static inline int gsat_kernel_wait_fetch(void *dst, const void *src, size_t bytes,
                                         cudaStream_t stream) {
  if (cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDeviceToHost, stream) != cudaSuccess) {
    (void)cudaGetLastError();
    return 0;
  }
  const double until = gsat_seconds() + 0.5;
  cudaError_t q;
  while ((q = cudaStreamQuery(stream)) == cudaErrorNotReady && gsat_seconds() < until) {
    gsat_sleep(1e-3);
  }
  if (q != cudaSuccess) (void)cudaGetLastError();
  return q == cudaSuccess;
}

#endif
