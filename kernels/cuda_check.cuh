/* Every CUDA call is checked in every build (style.md, 6).  GSAT_CUDA_TRY records
 * the failing call, file and line in a gsat_error and returns GSAT_CUDA from the
 * enclosing function; GSAT_CUDA_LAUNCHED checks a kernel launch (and, under
 * GSAT_DEBUG_SYNC, synchronizes and checks the kernel's completion). */
#ifndef GSAT_GPU_CUDA_CHECK_CUH
#define GSAT_GPU_CUDA_CHECK_CUH

#include <cuda_runtime.h>

#include "base/status.h"

#define GSAT_CUDA_TRY(err, call)                                                                   \
  do {                                                                                             \
    cudaError_t gsat_cuda_e_ = (call);                                                             \
    if (gsat_cuda_e_ != cudaSuccess) {                                                             \
      (void)cudaGetLastError();                                                                    \
      return gsat_error_set((err), GSAT_CUDA, "%s:%d: %s: %s", __FILE__, __LINE__, #call,          \
                            cudaGetErrorString(gsat_cuda_e_));                                     \
    }                                                                                              \
  } while (0)

#ifdef GSAT_DEBUG_SYNC
#define GSAT_CUDA_LAUNCHED(err, name)                                                              \
  do {                                                                                             \
    GSAT_CUDA_TRY(err, cudaPeekAtLastError());                                                     \
    GSAT_CUDA_TRY(err, cudaDeviceSynchronize());                                                   \
  } while (0)
#else
#define GSAT_CUDA_LAUNCHED(err, name) GSAT_CUDA_TRY(err, cudaPeekAtLastError())
#endif

#endif
