/* The GPU walkers' host side (gpu/walk_search.h): plan, upload, launch, the
 * wait (gpu/kernel_wait.cuh: stop flag, limits, progress), the model. */
#include "gpu/walk_search.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu/cuda_check.cuh"
#include "gpu/device.h"
#include "gpu/kernel_wait.cuh"
#include "gpu/search.h"
#include "gpu/walk_plan.h"
#include "gpu/walk_warp.cuh"
#include "solver/base/clock.h"
#include "solver/core/walk_cnf.h"

#define GSAT_WALK_GPU_WARPS_PER_BLOCK 4u
/* Walkers per SM by default: 12 blocks of 4 warps. */
#define GSAT_WALK_GPU_PER_SM 48u
/* Flips between two stop checks. */
#define GSAT_WALK_GPU_SLICE 256u

__global__ void __launch_bounds__(32 * GSAT_WALK_GPU_WARPS_PER_BLOCK)
    gsat_walk_gpu_kernel(gsat_walk_gpu_params p) {
  gsat_walk_gpu_walker(p);
}

/* One run's device memory and CUDA objects (release_run frees them). */
typedef struct walk_run {
  gsat_gpu_info info;
  gsat_walk_gpu_plan pl;
  gsat_walk_gpu_layout L;
  char *d_mem;
  gsat_walker *h_desc; /* pinned: the descriptors (device addresses) */
  int *h_stop;
  cudaStream_t stream, copy_stream;
  cudaEvent_t start, stop;
} walk_run;

/* As the GPU CDCL search's: a kernel still running after an error is asked
 * to stop and waited for; nothing is freed while a kernel is stuck. */
static void release_run(walk_run *d) {
  const int stuck = gsat_gpu_stuck_kernels() != 0;
  if (d->h_stop && d->stream && !stuck) {
    *(volatile int *)d->h_stop = 1;
    (void)cudaStreamSynchronize(d->stream);
  }
  if (stuck) return;
  if (d->d_mem) cudaFree(d->d_mem);
  if (d->h_stop) cudaFreeHost(d->h_stop);
  if (d->h_desc) cudaFreeHost(d->h_desc);
  if (d->stream) cudaStreamDestroy(d->stream);
  if (d->copy_stream) cudaStreamDestroy(d->copy_stream);
  if (d->start) cudaEventDestroy(d->start);
  if (d->stop) cudaEventDestroy(d->stop);
  (void)cudaGetLastError();
}

/* The plan from the free device memory (6/10 of it) and the options. */
static gsat_status plan_run(const gsat_walk_cnf *f, const gsat_search_params *p, walk_run *d,
                            gsat_search_result *r, gsat_error *err) {
  size_t free_mem = 0, total_mem = 0;
  GSAT_CUDA_TRY(err, cudaMemGetInfo(&free_mem, &total_mem));
  const uint32_t per_block = GSAT_WALK_GPU_WARPS_PER_BLOCK; /* the kernel's launch bounds */
  const uint32_t want = p->gpu_blocks ? p->gpu_blocks * per_block
                                      : (uint32_t)d->info.sm_count * GSAT_WALK_GPU_PER_SM;
  GSAT_FORWARD(gsat_walk_gpu_plan_make(&d->pl, f, want, free_mem / 10 * 6, err));
  gsat_walk_gpu_layout_of(&d->pl, f, &d->L);
  r->num_workers = d->pl.walkers;
  r->gpu_threads = 32 * per_block;
  r->gpu_blocks = (d->pl.walkers + per_block - 1) / per_block;
  r->gpu_map = GSAT_GPU_MAP_WARP;
  r->gpu_layout = GSAT_GPU_LAYOUT_CSR; /* clauses and occurrence lists as CSR */
  return GSAT_OK;
}

/* Allocates and fills the block: formula, parameters, cleared control,
 * descriptors. */
static gsat_status upload(const gsat_walk_cnf *f, const gsat_walk_params *wp, walk_run *d,
                          gsat_walk_cnf *view, gsat_error *err) {
  const uint32_t n = d->pl.walkers;
  const uint64_t lits = f->clause_start[f->num_clauses];
  GSAT_CUDA_TRY(err, cudaMalloc(&d->d_mem, d->pl.total));
  GSAT_CUDA_TRY(err, cudaHostAlloc(&d->h_stop, sizeof(int), cudaHostAllocMapped));
  *d->h_stop = 0;
  GSAT_CUDA_TRY(err, cudaHostAlloc(&d->h_desc, n * sizeof(gsat_walker), cudaHostAllocDefault));
  GSAT_CUDA_TRY(err, cudaStreamCreateWithFlags(&d->stream, cudaStreamNonBlocking));
  GSAT_CUDA_TRY(err, cudaStreamCreateWithFlags(&d->copy_stream, cudaStreamNonBlocking));
  GSAT_CUDA_TRY(err, cudaEventCreate(&d->start));
  GSAT_CUDA_TRY(err, cudaEventCreate(&d->stop));
  gsat_walk_gpu_describe(&d->pl, &d->L, f, d->d_mem, view, d->h_desc);
  char *b = d->d_mem;
  const gsat_walk_gpu_layout *L = &d->L;
  GSAT_CUDA_TRY(err, cudaMemcpyAsync(b + L->clause_start, f->clause_start,
                                     4 * ((uint64_t)f->num_clauses + 1), cudaMemcpyHostToDevice,
                                     d->stream));
  GSAT_CUDA_TRY(err, cudaMemcpyAsync(b + L->clause_lits, f->clause_lits, 4 * lits,
                                     cudaMemcpyHostToDevice, d->stream));
  GSAT_CUDA_TRY(err, cudaMemcpyAsync(b + L->occ_start, f->occ_start,
                                     4 * (2 * (uint64_t)f->num_vars + 1), cudaMemcpyHostToDevice,
                                     d->stream));
  GSAT_CUDA_TRY(err, cudaMemcpyAsync(b + L->occ, f->occ, 4 * lits, cudaMemcpyHostToDevice,
                                     d->stream));
  GSAT_CUDA_TRY(err, cudaMemcpyAsync(b + L->params, wp, sizeof *wp, cudaMemcpyHostToDevice,
                                     d->stream));
  GSAT_CUDA_TRY(err, cudaMemsetAsync(b + L->ctl, 0, sizeof(gsat_walk_gpu_ctl), d->stream));
  GSAT_CUDA_TRY(err, cudaMemcpyAsync(b + L->desc, d->h_desc, n * sizeof(gsat_walker),
                                     cudaMemcpyHostToDevice, d->stream));
  GSAT_CUDA_TRY(err, cudaStreamSynchronize(d->stream));
  return GSAT_OK;
}

/* The walkers' counters (their descriptors, read through the copy stream)
 * into *total (the best count: the least of the walkers that started) and,
 * when each is given, each[0..walkers). */
static gsat_status read_counters(walk_run *d, gsat_worker_stats *total, gsat_worker_stats *each,
                                 gsat_error *err) {
  const uint32_t n = d->pl.walkers;
  GSAT_CUDA_TRY(err, cudaMemcpyAsync(d->h_desc, d->d_mem + d->L.desc, n * sizeof(gsat_walker),
                                     cudaMemcpyDeviceToHost, d->copy_stream));
  GSAT_CUDA_TRY(err, cudaStreamSynchronize(d->copy_stream));
  memset(total, 0, sizeof *total);
  uint32_t best = ~0u;
  for (uint32_t i = 0; i < n; i++) {
    const gsat_walker *h = &d->h_desc[i];
    total->walk_flips += h->flips;
    total->walk_restarts += h->restarts;
    if (h->best_unsat < best) best = h->best_unsat;
    if (!each) continue;
    each[i].walk_flips = h->flips;
    each[i].walk_restarts = h->restarts;
    each[i].walk_best_unsat = h->best_unsat == ~0u ? 0 : h->best_unsat;
  }
  total->walk_best_unsat = best == ~0u ? 0 : best;
  return GSAT_OK;
}

/* The search's side of the wait (gsat_kernel_watch): the limits, progress. */
typedef struct walk_watch {
  const gsat_search_params *p;
  walk_run *d;
  double start, next_progress, next_check;
  gsat_worker_stats t;
} walk_watch;

static gsat_status watch_check(void *run, double now, int stop_sent, int *cause,
                               gsat_error *err) {
  walk_watch *w = (walk_watch *)run;
  const gsat_search_params *p = w->p;
  int over = p->time_limit > 0 && now - w->start >= p->time_limit;
  const int counters = (p->node_limit && now >= w->next_check) ||
                       (w->next_progress && now >= w->next_progress);
  if (!stop_sent && counters) {
    GSAT_FORWARD(read_counters(w->d, &w->t, NULL, err));
    w->next_check = now + 0.01;
    if (p->node_limit && w->t.walk_flips >= p->node_limit) over = 1;
  }
  *cause = over ? GSAT_KERNEL_LIMIT : GSAT_KERNEL_GO_ON;
  return GSAT_OK;
}

static gsat_status watch_report(void *run, double now, int stop_sent, gsat_error *err) {
  walk_watch *w = (walk_watch *)run;
  (void)err;
  if (stop_sent || !w->next_progress || now < w->next_progress) return GSAT_OK;
  gsat_progress pr;
  memset(&pr, 0, sizeof pr);
  pr.seconds = now - w->start;
  pr.search = GSAT_SEARCH_WALK;
  pr.total = w->t;
  pr.busy_workers = w->d->pl.walkers;
  w->p->progress(w->p->progress_data, &pr);
  w->next_progress = now + w->p->progress_interval;
  return GSAT_OK;
}

static gsat_status watch_give_up(void *run, const gsat_kernel_wait *wait, gsat_error *err) {
  (void)run;
  return gsat_kernel_wait_give_up(wait, NULL, err);
}

/* After the kernel: time, counters, the model of the winner. */
static gsat_status collect(gsat_search_result *r, walk_run *d, uint32_t V, gsat_error *err) {
  float ms = 0;
  GSAT_CUDA_TRY(err, cudaEventElapsedTime(&ms, d->start, d->stop));
  r->kernel_seconds = ms / 1000.0;
  r->workers = (gsat_worker_stats *)calloc(d->pl.walkers, sizeof *r->workers);
  GSAT_RETURN_IF(!r->workers, err, NOMEM, "out of memory for the walkers' statistics");
  GSAT_FORWARD(read_counters(d, &r->total, r->workers, err));
  gsat_walk_gpu_ctl ctl;
  GSAT_CUDA_TRY(err, cudaMemcpy(&ctl, d->d_mem + d->L.ctl, sizeof ctl, cudaMemcpyDeviceToHost));
  if (!ctl.found) return GSAT_OK;
  GSAT_RETURN_IF(ctl.winner >= d->pl.walkers, err, INTERNAL,
                 "the GPU walkers name walker %u of %u", ctl.winner, d->pl.walkers);
  r->model = (uint8_t *)malloc((size_t)V + 1);
  GSAT_RETURN_IF(!r->model, err, NOMEM, "out of memory for the model");
  GSAT_CUDA_TRY(err, cudaMemcpy(r->model, d->d_mem + d->L.model, V, cudaMemcpyDeviceToHost));
  r->answer = 10;
  return GSAT_OK;
}

static gsat_status run(const gsat_walk_cnf *f, const gsat_search_params *p,
                       gsat_search_result *r, walk_run *d, gsat_error *err) {
  double t0 = gsat_seconds();
  GSAT_CUDA_TRY(err, cudaSetDevice(p->device));
  GSAT_CUDA_TRY(err, cudaFree(0)); /* creates the context */
  r->context_seconds = gsat_seconds() - t0;
  GSAT_FORWARD(gsat_gpu_device_info(p->device, &d->info, err));
  snprintf(r->device_name, sizeof r->device_name, "%s", d->info.name);
  const double t1 = gsat_seconds();
  GSAT_FORWARD(plan_run(f, p, d, r, err));
  gsat_walk_params wp;
  gsat_walk_params_default(&wp, f->num_vars);
  gsat_walk_gpu_params kp;
  memset(&kp, 0, sizeof kp);
  GSAT_FORWARD(upload(f, &wp, d, &kp.cnf, err));
  r->upload_seconds = gsat_seconds() - t1;
  kp.params = (const gsat_walk_params *)(d->d_mem + d->L.params);
  kp.walkers = (gsat_walker *)(d->d_mem + d->L.desc);
  kp.n = d->pl.walkers;
  kp.slice = p->gpu_slice ? p->gpu_slice : GSAT_WALK_GPU_SLICE;
  kp.seed = p->seed;
  kp.ctl = (gsat_walk_gpu_ctl *)(d->d_mem + d->L.ctl);
  kp.model = (uint8_t *)(d->d_mem + d->L.model);
  int *d_host_stop = NULL;
  GSAT_CUDA_TRY(err, cudaHostGetDevicePointer((void **)&d_host_stop, d->h_stop, 0));
  kp.host_stop = d_host_stop;
  if (GSAT_FLAG_IS_RAISED(p->stop)) return GSAT_OK; /* stopped during the setup */
  if (p->may_start && !p->may_start(p->may_start_data)) return GSAT_OK;
  const double start = gsat_seconds();
  GSAT_CUDA_TRY(err, cudaEventRecord(d->start, d->stream));
  gsat_walk_gpu_kernel<<<r->gpu_blocks, r->gpu_threads, 0, d->stream>>>(kp);
  GSAT_CUDA_LAUNCHED(err, "gsat_walk_gpu_kernel");
  GSAT_CUDA_TRY(err, cudaEventRecord(d->stop, d->stream));
  walk_watch w;
  memset(&w, 0, sizeof w);
  w.p = p;
  w.d = d;
  w.start = start;
  w.next_progress = p->progress && p->progress_interval > 0 ? start + p->progress_interval : 0;
  w.next_check = start + 0.01;
  const gsat_kernel_watch hooks = {&w, NULL, watch_check, watch_report, watch_give_up};
  GSAT_FORWARD(gsat_kernel_supervise(&hooks, d->stop, p->stop, p->gpu_stop_grace, d->h_stop,
                                     &r->stopped_by_limit, err));
  GSAT_CUDA_TRY(err, cudaStreamSynchronize(d->stream)); /* reports a kernel fault */
  return collect(r, d, f->num_vars, err);
}

extern "C" gsat_status gsat_gpu_walk_solve(const gsat_db *db, const gsat_search_params *p,
                                           gsat_search_result *r, gsat_error *err) {
  memset(r, 0, sizeof *r);
  GSAT_FORWARD(gsat_gpu_refuse_if_stuck(err));
  char reason[256];
  GSAT_RETURN_IF(!gsat_gpu_usable(p->device, reason, sizeof reason), err, NODEVICE, "%s",
                 reason);
  gsat_walk_formula wf;
  GSAT_FORWARD(gsat_walk_formula_build(&wf, db, err));
  const double t0 = gsat_seconds();
  walk_run d;
  memset(&d, 0, sizeof d);
  gsat_status st = run(&wf.view, p, r, &d, err);
  release_run(&d);
  gsat_walk_formula_free(&wf);
  r->search_seconds = r->kernel_seconds > 0 ? r->kernel_seconds : gsat_seconds() - t0;
  if (st != GSAT_OK) {
    free(r->model);
    r->model = NULL;
    r->answer = 0;
  }
  return st;
}
