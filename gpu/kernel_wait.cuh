/* The CUDA side of the host's wait for a search kernel (gpu/kernel_wait.h),
 * shared by the DPLL search (gpu/search.cu) and the CDCL search
 * (gpu/cdcl_search.cu): the wait's loop, and reading the workers' phases of
 * a kernel that did not stop without waiting for it. */
#ifndef GSAT_GPU_KERNEL_WAIT_CUH
#define GSAT_GPU_KERNEL_WAIT_CUH

#include <cuda_runtime.h>

#include "kernels/cuda_check.cuh"
#include "gpu/kernel_wait.h"
#include "base/clock.h"
#include "base/control.h"

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

/* Why a search asks its kernel to stop (gsat_kernel_watch.check). */
enum gsat_kernel_stop_cause {
  GSAT_KERNEL_GO_ON = 0, /* no reason: let it run */
  GSAT_KERNEL_LIMIT,     /* the time or node limit (the answer: stopped by a limit) */
  GSAT_KERNEL_VERDICT,   /* the search's answer came from elsewhere (the clause port) */
};

/* A search's part in the wait for its kernel (gsat_kernel_supervise): hooks
 * called with `run`, the search's own state. */
typedef struct gsat_kernel_watch {
  void *run;
  /* Between two looks at the kernel: work to do meanwhile (the proof ring's
   * drain); returns nonzero when it did some, 0 to sleep 0.5 ms first.
   * NULL: always sleep. */
  int (*busy)(void *run);
  /* At host time now (seconds), while the kernel runs, stop_sent nonzero
   * once the stop request went out: the search's own checks (limits, the
   * clause port); sets *cause (gsat_kernel_stop_cause) when the kernel
   * should stop. */
  gsat_status (*check)(void *run, double now, int stop_sent, int *cause, gsat_error *err);
  /* After the round's stop step, stop_sent as above: a progress line when
   * one is due. */
  gsat_status (*report)(void *run, double now, int stop_sent, gsat_error *err);
  /* The kernel did not stop within the grace period: the wait's end
   * (gsat_kernel_wait_give_up, with the workers' phases when they can be
   * read). */
  gsat_status (*give_up)(void *run, const gsat_kernel_wait *w, gsat_error *err);
} gsat_kernel_watch;

/* Waits for a search kernel whose end the event `done` records, touching it
 * by event queries only: each round runs the hooks of w, raises the device's
 * stop flag *h_stop (host-mapped) once the stop flag `stop` is raised or
 * w->check asks, setting *stopped_by_limit when only a limit asked, and
 * gives up on a kernel still running `grace` seconds (<= 0:
 * GSAT_GPU_STOP_GRACE) after that (gsat_kernel_wait_step).  Errors: CUDA (a
 * kernel fault, a stuck kernel), and those of the hooks. */
static inline gsat_status gsat_kernel_supervise(const gsat_kernel_watch *w, cudaEvent_t done,
                                                const gsat_flag *stop, double grace, int *h_stop,
                                                int *stopped_by_limit, gsat_error *err) {
  gsat_kernel_wait wait;
  gsat_kernel_wait_init(&wait, grace);
  for (;;) {
    cudaError_t q = cudaEventQuery(done);
    if (q == cudaSuccess) return GSAT_OK;
    if (q != cudaErrorNotReady) GSAT_CUDA_TRY(err, q);
    if (!w->busy || !w->busy(w->run)) gsat_sleep(0.5e-3);
    const double now = gsat_seconds();
    int cause = GSAT_KERNEL_GO_ON;
    GSAT_FORWARD(w->check(w->run, now, wait.sent_at >= 0, &cause, err));
    const int flag = GSAT_FLAG_IS_RAISED(stop);
    switch (gsat_kernel_wait_step(&wait, now, flag || cause != GSAT_KERNEL_GO_ON)) {
    case GSAT_KERNEL_WAIT_SEND_STOP:
      if (!flag && cause == GSAT_KERNEL_LIMIT) *stopped_by_limit = 1;
      *(volatile int *)h_stop = 1;
      break;
    case GSAT_KERNEL_WAIT_STUCK:
      return w->give_up(w->run, &wait, err);
    case GSAT_KERNEL_WAIT_KEEP:
      break;
    }
    GSAT_FORWARD(w->report(w->run, now, wait.sent_at >= 0, err));
  }
}

#endif
