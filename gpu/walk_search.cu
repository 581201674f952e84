/* The GPU walkers' host side (gpu/walk_search.h): plan, upload, launch, the
 * wait (gpu/kernel_wait.cuh: stop flag, limits, progress; the part it shares
 * with the GPU CDCL search in gpu/kernel_run.cuh), the model. */
#include "gpu/walk_search.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/cuda_check.cuh"
#include "gpu/kernel_run.cuh"
#include "gpu/walk_plan.h"
#include "gpu/walk_lane.cuh"
#include "gpu/walk_warp.cuh"
#include "base/clock.h"
#include "core/phases.h"
#include "core/walk_cnf.h"

/* Flips between two stop checks. */
#define GSAT_WALK_GPU_SLICE 256u

__global__ void __launch_bounds__(32 * GSAT_WALK_GPU_GLOBAL_PER_BLOCK)
    gsat_walk_gpu_kernel(gsat_walk_gpu_params p) {
  GSAT_WALK_GPU_SMEM(smem);
  gsat_walk_gpu_walker(p, smem);
}

/* Lane walkers, the wide state (one per thread). */
__global__ void __launch_bounds__(GSAT_WALK_LANE_SPREAD, 1)
    gsat_walk_lane_kernel(gsat_walk_gpu_params p) {
  GSAT_WALK_GPU_SMEM(smem);
  gsat_walk_lane_walker(p, smem);
}

/* Lane walkers, the compact state. */
__global__ void __launch_bounds__(GSAT_WALK_LANE_SPREAD, 1)
    gsat_walk_lane16_kernel(gsat_walk_gpu_params p) {
  GSAT_WALK_GPU_SMEM(smem);
  gsat_walk_lane16_walker(p, smem);
}

typedef void (*walk_kernel_fn)(gsat_walk_gpu_params);

/* The kernel of plan pl: warp, lane or compact lane walkers. */
static walk_kernel_fn kernel_of(const gsat_walk_gpu_plan *pl) {
  return !pl->lane     ? gsat_walk_gpu_kernel
         : pl->compact ? gsat_walk_lane16_kernel
                       : gsat_walk_lane_kernel;
}

/* One run's device memory and CUDA objects (release_run frees them). */
typedef struct walk_run {
  gsat_kernel_run k;
  gsat_walk_gpu_plan pl;
  gsat_walk_gpu_layout L;
  char *d_mem;
  gsat_walker *h_desc; /* pinned: the descriptors (device addresses) */
  uint8_t *h_give;     /* pinned (with p->phases): the CDCL phases for the device
                        * [V], then their generation (a uint32_t at give_gen) */
  uint64_t give_gen;
} walk_run;

/* Ends the run (gsat_kernel_run_halt): nothing is freed while a kernel is
 * stuck. */
static void release_run(walk_run *d) {
  if (gsat_kernel_run_halt(&d->k)) return;
  if (d->d_mem) cudaFree(d->d_mem);
  if (d->h_desc) cudaFreeHost(d->h_desc);
  if (d->h_give) cudaFreeHost(d->h_give);
  gsat_kernel_run_free(&d->k);
}

/* What the plan reads of device d->k.info: SMs, shared memory, resident
 * blocks (the kernel's occupancy at its shared memory, when known), and
 * 6/10 of the free device memory. */
static gsat_status device_of(walk_run *d, walk_kernel_fn kernel, uint32_t threads, uint64_t smem,
                             gsat_walk_gpu_device *dev, gsat_error *err) {
  size_t free_mem = 0, total_mem = 0;
  GSAT_CUDA_TRY(err, cudaMemGetInfo(&free_mem, &total_mem));
  int per_sm = 0, reserved = 0, blocks = 0;
  const int dv = d->k.info.device;
  GSAT_CUDA_TRY(err,
                cudaDeviceGetAttribute(&per_sm, cudaDevAttrMaxSharedMemoryPerMultiprocessor, dv));
  GSAT_CUDA_TRY(err,
                cudaDeviceGetAttribute(&reserved, cudaDevAttrReservedSharedMemoryPerBlock, dv));
  GSAT_CUDA_TRY(err, cudaDeviceGetAttribute(&blocks, cudaDevAttrMaxBlocksPerMultiprocessor, dv));
  int l2 = 0;
  GSAT_CUDA_TRY(err, cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, dv));
  dev->l2_bytes = (uint64_t)l2;
  if (smem) {
    int fit = 0;
    GSAT_CUDA_TRY(
        err, cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem));
    GSAT_CUDA_TRY(
        err, cudaFuncSetAttribute(kernel, cudaFuncAttributePreferredSharedMemoryCarveout, 100));
    GSAT_CUDA_TRY(err,
                  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&fit, kernel, (int)threads, smem));
    if (fit < blocks) blocks = fit;
  }
  dev->sm_count = (uint32_t)d->k.info.sm_count;
  dev->max_blocks_per_sm = (uint32_t)blocks;
  dev->smem_per_sm = (uint64_t)per_sm;
  dev->smem_per_block = d->k.info.smem_per_block_optin;
  dev->smem_reserved = (uint64_t)reserved;
  dev->budget = free_mem / 10 * 6;
  return GSAT_OK;
}

/* The plan (gpu/walk_plan.h) from the device and the options: planned
 * once, and again with the kernel's occupancy at the planned shared memory
 * (registers may hold fewer blocks per SM than the shared memory does). */
static gsat_status plan_run(const gsat_walk_cnf *f, const gsat_search_params *p, walk_run *d,
                            gsat_search_result *r, gsat_error *err) {
  gsat_walk_gpu_device dev;
  GSAT_FORWARD(device_of(d, gsat_walk_gpu_kernel, 32, 0, &dev, err));
  gsat_walk_gpu_ask ask = {0, p->gpu_walk_global, (int)p->gpu_walk_mapping, p->gpu_walk_wide,
                           p->gpu_walk_lane_dense};
  GSAT_FORWARD(gsat_walk_gpu_plan_make(&d->pl, f, &dev, &ask, err));
  const walk_kernel_fn kernel = kernel_of(&d->pl);
  ask.want = p->gpu_blocks ? p->gpu_blocks * d->pl.per_block : 0;
  ask.mapping = d->pl.lane ? GSAT_GPU_WALK_MAPPING_LANE : GSAT_GPU_WALK_MAPPING_WARP;
  GSAT_FORWARD(device_of(d, kernel, gsat_walk_gpu_threads(&d->pl), d->pl.smem_bytes, &dev, err));
  GSAT_FORWARD(gsat_walk_gpu_plan_make(&d->pl, f, &dev, &ask, err));
  if (!d->pl.in_shared) /* the L1 cache as large as the driver likes (an earlier run's shared) */
    GSAT_CUDA_TRY(err, cudaFuncSetAttribute(kernel, cudaFuncAttributePreferredSharedMemoryCarveout,
                                            cudaSharedmemCarveoutDefault));
  gsat_walk_gpu_layout_of(&d->pl, f, &d->L);
  r->num_workers = d->pl.walkers;
  r->gpu_threads = gsat_walk_gpu_threads(&d->pl);
  r->gpu_blocks = d->pl.blocks;
  r->gpu_map = GSAT_GPU_MAP_WARP;
  r->gpu_layout = GSAT_GPU_LAYOUT_CSR; /* clauses and occurrence lists as CSR */
  r->gpu_walk_shared = (int)d->pl.in_shared;
  r->gpu_walk_lane = (int)d->pl.lane;
  r->gpu_walk_compact = (int)d->pl.compact;
  r->gpu_walk_per_sm = d->pl.per_sm;
  r->gpu_walk_state_bytes = d->pl.state_bytes;
  return GSAT_OK;
}

/* Allocates and fills the block: formula, parameters, cleared control,
 * descriptors; with phases the pinned buffer of give_phases. */
static gsat_status upload(const gsat_walk_cnf *f, const gsat_walk_params *wp, int phases,
                          walk_run *d, gsat_walk_cnf *view, gsat_error *err) {
  const uint32_t n = d->pl.walkers;
  const uint64_t lits = f->clause_start[f->num_clauses];
  GSAT_CUDA_TRY(err, cudaMalloc(&d->d_mem, d->pl.total));
  GSAT_FORWARD(gsat_kernel_run_create(&d->k, err));
  GSAT_CUDA_TRY(err, cudaHostAlloc(&d->h_desc, n * sizeof(gsat_walker), cudaHostAllocDefault));
  if (phases) {
    d->give_gen = ((uint64_t)f->num_vars + 3) & ~3ull;
    GSAT_CUDA_TRY(err, cudaHostAlloc(&d->h_give, d->give_gen + 4, cudaHostAllocDefault));
  }
  gsat_walk_gpu_describe(&d->pl, &d->L, f, d->d_mem, view, d->h_desc);
  char *b = d->d_mem;
  const gsat_walk_gpu_layout *L = &d->L;
  GSAT_CUDA_TRY(err, cudaMemcpyAsync(b + L->clause_start, f->clause_start,
                                     4 * ((uint64_t)f->num_clauses + 1), cudaMemcpyHostToDevice,
                                     d->k.stream));
  GSAT_CUDA_TRY(err, cudaMemcpyAsync(b + L->clause_lits, f->clause_lits, 4 * lits,
                                     cudaMemcpyHostToDevice, d->k.stream));
  GSAT_CUDA_TRY(err,
                cudaMemcpyAsync(b + L->occ_start, f->occ_start, 4 * (2 * (uint64_t)f->num_vars + 1),
                                cudaMemcpyHostToDevice, d->k.stream));
  GSAT_CUDA_TRY(err,
                cudaMemcpyAsync(b + L->occ, f->occ, 4 * lits, cudaMemcpyHostToDevice, d->k.stream));
  GSAT_CUDA_TRY(
      err, cudaMemcpyAsync(b + L->params, wp, sizeof *wp, cudaMemcpyHostToDevice, d->k.stream));
  GSAT_CUDA_TRY(err, cudaMemsetAsync(b + L->ctl, 0, sizeof(gsat_walk_gpu_ctl), d->k.stream));
  GSAT_CUDA_TRY(err, cudaMemcpyAsync(b + L->desc, d->h_desc, n * sizeof(gsat_walker),
                                     cudaMemcpyHostToDevice, d->k.stream));
  GSAT_CUDA_TRY(err, cudaStreamSynchronize(d->k.stream));
  return GSAT_OK;
}

/* The walkers' counters (their descriptors, read through the copy stream)
 * into *total (the best count: the least of the walkers that started) and,
 * when each is given, each[0..walkers). */
static gsat_status read_counters(walk_run *d, gsat_worker_stats *total, gsat_worker_stats *each,
                                 gsat_error *err) {
  const uint32_t n = d->pl.walkers;
  GSAT_CUDA_TRY(err, cudaMemcpyAsync(d->h_desc, d->d_mem + d->L.desc, n * sizeof(gsat_walker),
                                     cudaMemcpyDeviceToHost, d->k.copy_stream));
  GSAT_CUDA_TRY(err, cudaStreamSynchronize(d->k.copy_stream));
  memset(total, 0, sizeof *total);
  uint32_t best = ~0u;
  for (uint32_t i = 0; i < n; i++) {
    const gsat_walker *h = &d->h_desc[i];
    total->walk_flips += h->flips;
    total->walk_restarts += h->restarts;
    total->phases_in += h->phases_in;
    if (h->best_unsat < best) best = h->best_unsat;
    if (!each) continue;
    each[i].walk_flips = h->flips;
    each[i].walk_restarts = h->restarts;
    each[i].walk_best_unsat = h->best_unsat == ~0u ? 0 : h->best_unsat;
    each[i].phases_in = h->phases_in;
  }
  total->walk_best_unsat = best == ~0u ? 0 : best;
  return GSAT_OK;
}

/* The search's side of the wait (gsat_kernel_watch): the limits and progress
 * (gpu/kernel_run.cuh), and every 10 ms, when p->phases is given, the
 * walkers' best offered to it and its CDCL phases given to the walkers. */
typedef struct walk_watch {
  gsat_kernel_progress k;
  walk_run *d;
  double next_offer;
  uint8_t *phases; /* [V] host copy of the best walker's best assignment (p->phases) */
  uint64_t phases_out;
  uint64_t seen;  /* generation of p->phases->from_cdcl last given */
  uint32_t given; /* generations given to the device (its phases_gen) */
  int read_now;   /* the descriptors were read in this check (d->h_desc, k.t) */
} walk_watch;

/* The progress part's read (gsat_kernel_progress): the counters, and the
 * descriptors in d->h_desc, which the phase offer of the same check uses. */
static gsat_status read_hook(void *run, gsat_worker_stats *t, gsat_error *err) {
  walk_watch *w = (walk_watch *)run;
  GSAT_FORWARD(read_counters(w->d, t, NULL, err));
  w->read_now = 1;
  return GSAT_OK;
}

/* Offers the best assignment of the walker with the fewest unsatisfied
 * clauses to p->phases when it beats the slot's, from the descriptors the
 * progress part read in this check, else read here (into its counters).
 * The copy races with that walker's next save of its best (it runs on): the
 * assignment may be a mix of two of its bests, which is as good a phase
 * guess (phases never affect soundness). */
static gsat_status offer_phases(walk_watch *w, gsat_error *err) {
  gsat_phases *x = w->k.p->phases;
  const walk_run *d = w->d;
  if (!w->read_now) GSAT_FORWARD(read_hook(w, &w->k.t, err));
  gsat_store_u64(&x->walk_flips, w->k.t.walk_flips);
  uint32_t best = ~0u, at = 0;
  for (uint32_t i = 0; i < d->pl.walkers; i++)
    if (d->h_desc[i].best_unsat < best) best = d->h_desc[i].best_unsat, at = i;
  if (best >= gsat_phase_cost(&x->from_walk)) return GSAT_OK;
  GSAT_CUDA_TRY(err, cudaMemcpyAsync(w->phases, d->h_desc[at].best, x->from_walk.num_vars,
                                     cudaMemcpyDeviceToHost, d->k.copy_stream));
  GSAT_CUDA_TRY(err, cudaStreamSynchronize(d->k.copy_stream));
  w->phases_out += (uint64_t)gsat_phase_offer(&x->from_walk, w->phases, best);
  return GSAT_OK;
}

/* The CDCL searchers' phases (p->phases' from_cdcl), when they offered newer
 * ones than the walkers have: copied to the device's phases, then a new
 * generation to the control block (one stream: in that order), which the
 * walkers that take phases see after their next slice (gpu/walk_warp.cuh). */
static gsat_status give_phases(walk_watch *w, gsat_error *err) {
  gsat_phases *x = w->k.p->phases;
  walk_run *d = w->d;
  if (!gsat_phase_take(&x->from_cdcl, &w->seen, d->h_give, NULL)) return GSAT_OK;
  uint32_t *gen = (uint32_t *)(d->h_give + d->give_gen);
  *gen = ++w->given;
  const uint64_t at_gen = d->L.ctl + offsetof(gsat_walk_gpu_ctl, phases_gen);
  GSAT_CUDA_TRY(err, cudaMemcpyAsync(d->d_mem + d->L.phases, d->h_give, x->from_cdcl.num_vars,
                                     cudaMemcpyHostToDevice, d->k.copy_stream));
  GSAT_CUDA_TRY(err, cudaMemcpyAsync(d->d_mem + at_gen, gen, sizeof *gen, cudaMemcpyHostToDevice,
                                     d->k.copy_stream));
  GSAT_CUDA_TRY(err, cudaStreamSynchronize(d->k.copy_stream));
  return GSAT_OK;
}

/* The limits and progress, then the phases: offered and given every 10 ms,
 * and in any check whose progress part read the descriptors anyway (so that
 * one read serves both: under a node limit the progress part reads every
 * 10 ms itself). */
static gsat_status watch_check(void *run, double now, int stop_sent, int *cause, gsat_error *err) {
  walk_watch *w = (walk_watch *)run;
  int over = 0;
  w->read_now = 0;
  GSAT_FORWARD(gsat_kernel_progress_check(&w->k, now, stop_sent, &over, err));
  if (w->phases && !stop_sent && (w->read_now || now >= w->next_offer)) {
    GSAT_FORWARD(offer_phases(w, err));
    GSAT_FORWARD(give_phases(w, err));
    w->next_offer = now + 0.01;
  }
  *cause = over ? GSAT_KERNEL_LIMIT : GSAT_KERNEL_GO_ON;
  return GSAT_OK;
}

static gsat_status watch_report(void *run, double now, int stop_sent, gsat_error *err) {
  (void)err;
  return gsat_kernel_progress_report(&((walk_watch *)run)->k, now, stop_sent);
}

static gsat_status watch_give_up(void *run, const gsat_kernel_wait *wait, gsat_error *err) {
  (void)run;
  return gsat_kernel_wait_give_up(wait, NULL, err);
}

/* After the kernel: time, counters, the model of the winner. */
static gsat_status collect(gsat_search_result *r, walk_run *d, uint32_t V, gsat_error *err) {
  float ms = 0;
  GSAT_CUDA_TRY(err, cudaEventElapsedTime(&ms, d->k.start, d->k.stop));
  r->kernel_seconds = ms / 1000.0;
  r->workers = (gsat_worker_stats *)calloc(d->pl.walkers, sizeof *r->workers);
  GSAT_RETURN_IF(!r->workers, err, NOMEM, "out of memory for the walkers' statistics");
  GSAT_FORWARD(read_counters(d, &r->total, r->workers, err));
  gsat_walk_gpu_ctl ctl;
  GSAT_CUDA_TRY(err, cudaMemcpy(&ctl, d->d_mem + d->L.ctl, sizeof ctl, cudaMemcpyDeviceToHost));
  if (!ctl.found) return GSAT_OK;
  GSAT_RETURN_IF(ctl.winner >= d->pl.walkers, err, INTERNAL, "the GPU walkers name walker %u of %u",
                 ctl.winner, d->pl.walkers);
  r->model = (uint8_t *)malloc((size_t)V + 1);
  GSAT_RETURN_IF(!r->model, err, NOMEM, "out of memory for the model");
  GSAT_CUDA_TRY(err, cudaMemcpy(r->model, d->d_mem + d->L.model, V, cudaMemcpyDeviceToHost));
  r->answer = 10;
  return GSAT_OK;
}

static gsat_status run(const gsat_walk_cnf *f, const gsat_search_params *p, gsat_search_result *r,
                       walk_run *d, gsat_error *err) {
  GSAT_FORWARD(gsat_kernel_run_open(&d->k, p, r, err));
  const double t1 = gsat_seconds();
  GSAT_FORWARD(plan_run(f, p, d, r, err));
  gsat_walk_params wp;
  gsat_walk_params_default(&wp, f->num_vars);
  gsat_walk_gpu_params kp;
  memset(&kp, 0, sizeof kp);
  GSAT_FORWARD(upload(f, &wp, p->phases != NULL, d, &kp.cnf, err));
  r->upload_seconds = gsat_seconds() - t1;
  kp.params = (const gsat_walk_params *)(d->d_mem + d->L.params);
  kp.walkers = (gsat_walker *)(d->d_mem + d->L.desc);
  kp.n = d->pl.walkers;
  kp.per_block = d->pl.per_block;
  kp.stride = d->pl.stride;
  kp.slice = p->gpu_slice ? p->gpu_slice : GSAT_WALK_GPU_SLICE;
  kp.seed = p->seed;
  kp.ctl = (gsat_walk_gpu_ctl *)(d->d_mem + d->L.ctl);
  kp.model = (uint8_t *)(d->d_mem + d->L.model);
  kp.in_shared = d->pl.in_shared;
  kp.state_bytes = (uint32_t)d->pl.state_bytes;
  kp.host_stop = d->k.d_stop;
  if (p->node_limit) /* each walker's share, kept by the kernel too (ncu runs it alone) */
    kp.max_flips = (p->node_limit + kp.n - 1) / kp.n;
  if (p->phases) { /* the odd walkers restart from the CDCL searchers' phases */
    kp.phases = (const uint8_t *)(d->d_mem + d->L.phases);
    kp.phases_min = GSAT_WALK_PHASES_MIN_FLIPS;
  }
  if (GSAT_FLAG_IS_RAISED(p->stop)) return GSAT_OK; /* stopped during the setup */
  if (p->may_start && !p->may_start(p->may_start_data)) return GSAT_OK;
  const double start = gsat_seconds();
  GSAT_CUDA_TRY(err, cudaEventRecord(d->k.start, d->k.stream));
  kernel_of(&d->pl)<<<r->gpu_blocks, r->gpu_threads, d->pl.smem_bytes, d->k.stream>>>(kp);
  GSAT_CUDA_LAUNCHED(err, d->pl.lane ? "gsat_walk_lane_kernel" : "gsat_walk_gpu_kernel");
  GSAT_CUDA_TRY(err, cudaEventRecord(d->k.stop, d->k.stream));
  walk_watch w;
  memset(&w, 0, sizeof w);
  gsat_kernel_progress_init(&w.k, p, start, &w, read_hook, GSAT_SEARCH_WALK, d->pl.walkers);
  w.d = d;
  if (p->phases) {
    w.phases = (uint8_t *)malloc(f->num_vars ? f->num_vars : 1);
    GSAT_RETURN_IF(!w.phases, err, NOMEM, "out of memory for the walkers' phases");
  }
  const gsat_kernel_watch hooks = {&w, NULL, watch_check, watch_report, watch_give_up};
  gsat_status st = gsat_kernel_supervise(&hooks, d->k.stop, p->stop, p->gpu_stop_grace, d->k.h_stop,
                                         &r->stopped_by_limit, err);
  free(w.phases);
  GSAT_FORWARD(st);
  GSAT_CUDA_TRY(err, cudaStreamSynchronize(d->k.stream)); /* reports a kernel fault */
  GSAT_FORWARD(collect(r, d, f->num_vars, err));
  r->total.phases_out = w.phases_out;
  if (!r->model && p->node_limit && r->total.walk_flips >= p->node_limit) /* the walkers' bound */
    r->stopped_by_limit = 1;
  return GSAT_OK;
}

extern "C" gsat_status gsat_gpu_walk_solve(const gsat_db *db, const gsat_search_params *p,
                                           gsat_search_result *r, gsat_error *err) {
  memset(r, 0, sizeof *r);
  GSAT_FORWARD(gsat_kernel_run_usable(p->device, err));
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
