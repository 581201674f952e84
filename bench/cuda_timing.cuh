/* What the CUDA benchmarks (bmmc_bench.cu, sort_bench.cu) share:
 * BENCH_CHECK(call), which ends the program (exit 2) with the file, line,
 * call and CUDA error when call fails, and event_ms, the time of the work one
 * call enqueues, between two events on the default stream. */
#ifndef GSAT_BENCH_CUDA_TIMING_CUH
#define GSAT_BENCH_CUDA_TIMING_CUH

#include <cstdio>
#include <cstdlib>

#include <cuda_runtime.h>

#define BENCH_CHECK(call)                                                                          \
  do {                                                                                             \
    cudaError_t e_ = (call);                                                                       \
    if (e_ != cudaSuccess) {                                                                       \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(e_));  \
      std::exit(2);                                                                                \
    }                                                                                              \
  } while (0)

/* Milliseconds from event a, recorded before run(), to event b, recorded
 * after it and waited for. */
template <typename F> float event_ms(cudaEvent_t a, cudaEvent_t b, F &&run) {
  BENCH_CHECK(cudaEventRecord(a));
  run();
  BENCH_CHECK(cudaEventRecord(b));
  BENCH_CHECK(cudaEventSynchronize(b));
  float ms = 0;
  BENCH_CHECK(cudaEventElapsedTime(&ms, a, b));
  return ms;
}

#endif
