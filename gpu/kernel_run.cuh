/* What the GPU searches that launch one persistent kernel and wait for it
 * (gpu/cdcl_search.cu, the CDCL searchers; gpu/walk_search.cu, the walkers)
 * share around their kernel: the device and its context, the CUDA objects of
 * a run (the host-mapped stop flag, the kernel's stream, a copy stream that
 * the kernel does not hold up, the events around the kernel) and their end,
 * and the limits and progress part of the wait (gpu/kernel_wait.cuh) from
 * the workers' counters. */
#ifndef GSAT_GPU_KERNEL_RUN_CUH
#define GSAT_GPU_KERNEL_RUN_CUH

#include <stdio.h>
#include <string.h>

#include "kernels/cuda_check.cuh"
#include "kernels/device.h"
#include "gpu/kernel_wait.cuh"
#include "gpu/search.h"
#include "base/clock.h"
#include "core/search.h"

/* A run's device and CUDA objects (zeroed: none yet). */
typedef struct gsat_kernel_run {
  gsat_gpu_info info;
  int *h_stop; /* pinned, host-mapped: raised, the kernel stops */
  int *d_stop; /* its device address */
  cudaStream_t stream, copy_stream;
  cudaEvent_t start, stop;
} gsat_kernel_run;

/* GSAT_OK when a search may use device `device`: no kernel of this process
 * is stuck (gsat_gpu_refuse_if_stuck: CUDA) and the device is usable
 * (gsat_gpu_usable: NODEVICE with its reason). */
static inline gsat_status gsat_kernel_run_usable(int device, gsat_error *err) {
  GSAT_FORWARD(gsat_gpu_refuse_if_stuck(err));
  char reason[256];
  GSAT_RETURN_IF(!gsat_gpu_usable(device, reason, sizeof reason), err, NODEVICE, "%s", reason);
  return GSAT_OK;
}

/* Makes p->device current and creates its context (r->context_seconds),
 * reads its properties into k->info and its name into r->device_name.
 * Errors: CUDA, NODEVICE. */
static inline gsat_status gsat_kernel_run_open(gsat_kernel_run *k, const gsat_search_params *p,
                                               gsat_search_result *r, gsat_error *err) {
  const double t0 = gsat_seconds();
  GSAT_CUDA_TRY(err, cudaSetDevice(p->device));
  GSAT_CUDA_TRY(err, cudaFree(0)); /* creates the context */
  r->context_seconds = gsat_seconds() - t0;
  GSAT_FORWARD(gsat_gpu_device_info(p->device, &k->info, err));
  snprintf(r->device_name, sizeof r->device_name, "%s", k->info.name);
  return GSAT_OK;
}

/* Creates k's stop flag (cleared), its two streams (non-blocking: the copy
 * stream's reads of counters pass a running kernel) and events.  Errors:
 * CUDA (what was made is freed by gsat_kernel_run_end). */
static inline gsat_status gsat_kernel_run_create(gsat_kernel_run *k, gsat_error *err) {
  GSAT_CUDA_TRY(err, cudaHostAlloc(&k->h_stop, sizeof(int), cudaHostAllocMapped));
  *(volatile int *)k->h_stop = 0;
  GSAT_CUDA_TRY(err, cudaHostGetDevicePointer((void **)&k->d_stop, k->h_stop, 0));
  GSAT_CUDA_TRY(err, cudaStreamCreateWithFlags(&k->stream, cudaStreamNonBlocking));
  GSAT_CUDA_TRY(err, cudaStreamCreateWithFlags(&k->copy_stream, cudaStreamNonBlocking));
  GSAT_CUDA_TRY(err, cudaEventCreate(&k->start));
  GSAT_CUDA_TRY(err, cudaEventCreate(&k->stop));
  return GSAT_OK;
}

/* The end of a run, in two steps around the search's own release.  First
 * (halt: 1 returned when a kernel of this process is stuck, and then
 * nothing may be freed: cudaFree and cudaFreeHost would wait for it, and it
 * may still read the stop flag) a kernel still running after an error is
 * asked to stop and waited for; then (free) the objects are freed. */
static inline int gsat_kernel_run_halt(gsat_kernel_run *k) {
  const int stuck = gsat_gpu_stuck_kernels() != 0;
  if (k->h_stop && k->stream && !stuck) {
    *(volatile int *)k->h_stop = 1;
    (void)cudaStreamSynchronize(k->stream);
  }
  return stuck;
}

static inline void gsat_kernel_run_free(gsat_kernel_run *k) {
  if (k->h_stop) cudaFreeHost(k->h_stop);
  if (k->stream) cudaStreamDestroy(k->stream);
  if (k->copy_stream) cudaStreamDestroy(k->copy_stream);
  if (k->start) cudaEventDestroy(k->start);
  if (k->stop) cudaEventDestroy(k->stop);
  (void)cudaGetLastError();
}

/* The limits and progress part of a search's wait for its kernel: the
 * counters of all workers (read by `read` through the copy stream) every
 * 10 ms under a node limit and whenever a progress line is due, never once
 * the stop request went out. */
typedef struct gsat_kernel_progress {
  const gsat_search_params *p;
  void *run; /* the search's own state, for read */
  gsat_status (*read)(void *run, gsat_worker_stats *t, gsat_error *err);
  gsat_search_kind search; /* the lines' search; the walkers' flips count against the node
                            * limit, the others' nodes */
  uint32_t workers;        /* busy workers in the progress lines */
  double start, next_progress, next_check;
  gsat_worker_stats t; /* the counters last read */
} gsat_kernel_progress;

/* w for a kernel of search (GSAT_SEARCH_CDCL or GSAT_SEARCH_WALK) launched
 * at host time start (seconds). */
static inline void
gsat_kernel_progress_init(gsat_kernel_progress *w, const gsat_search_params *p, double start,
                          void *run, gsat_status (*read)(void *, gsat_worker_stats *, gsat_error *),
                          gsat_search_kind search, uint32_t workers) {
  memset(w, 0, sizeof *w);
  w->p = p;
  w->run = run;
  w->read = read;
  w->search = search;
  w->workers = workers;
  w->start = start;
  w->next_progress = p->progress && p->progress_interval > 0 ? start + p->progress_interval : 0;
  w->next_check = start + 0.01;
}

/* The limits at host time now: *over set when p->time_limit seconds have
 * passed or the counters reach p->node_limit (nodes, or flips of walkers).
 * Errors: read's. */
static inline gsat_status gsat_kernel_progress_check(gsat_kernel_progress *w, double now,
                                                     int stop_sent, int *over, gsat_error *err) {
  const gsat_search_params *p = w->p;
  *over = p->time_limit > 0 && now - w->start >= p->time_limit;
  const int counters =
      (p->node_limit && now >= w->next_check) || (w->next_progress && now >= w->next_progress);
  if (stop_sent || !counters) return GSAT_OK;
  GSAT_FORWARD(w->read(w->run, &w->t, err));
  w->next_check = now + 0.01;
  const uint64_t nodes = w->search == GSAT_SEARCH_WALK ? w->t.walk_flips : w->t.n.nodes;
  if (p->node_limit && nodes >= p->node_limit) *over = 1;
  return GSAT_OK;
}

/* The progress line from the counters last read, when one is due. */
static inline gsat_status gsat_kernel_progress_report(gsat_kernel_progress *w, double now,
                                                      int stop_sent) {
  if (stop_sent || !w->next_progress || now < w->next_progress) return GSAT_OK;
  gsat_progress pr;
  memset(&pr, 0, sizeof pr);
  pr.seconds = now - w->start;
  pr.search = w->search;
  pr.total = w->t;
  pr.busy_workers = w->workers;
  w->p->progress(w->p->progress_data, &pr);
  w->next_progress = now + w->p->progress_interval;
  return GSAT_OK;
}

#endif
