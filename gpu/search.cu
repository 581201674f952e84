/* Host dispatch of the GPU tree search: plans device memory (one arena, laid out by
 * search_layout.cuh), uploads the search database once, launches the persistent
 * kernel (search_warp.cuh) and supervises it (time limit, stop requests,
 * progress) until it ends.  Nothing is allocated once the kernel runs. */
#include "gpu/search.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kernels/cuda_check.cuh"
#include "kernels/device.h"
#include "gpu/kernel_wait.cuh"
#include "gpu/layout_build.h"
#include "gpu/occ.h"
#include "gpu/search_layout.cuh"
#include "base/clock.h"
#include "core/dpll.h"

__global__ void gsat_gpu_init_kernel(gsat_gpu_layout L, uint32_t slots) {
  for (uint32_t i = blockIdx.x * blockDim.x + threadIdx.x; i < slots; i += gridDim.x * blockDim.x)
    gsat_gpu_init_index(L, slots, i);
}

extern "C" int gsat_gpu_usable(int device, char *reason, size_t reason_size) {
  int count = gsat_gpu_device_count();
  if (count == 0) {
    snprintf(reason, reason_size, "no CUDA device (or no driver)");
    return 0;
  }
  gsat_gpu_info info;
  gsat_error err;
  if (gsat_gpu_device_info(device, &info, &err) != GSAT_OK) {
    snprintf(reason, reason_size, "%s", err.message);
    return 0;
  }
  if (info.cc_major < 9) {
    snprintf(reason, reason_size, "device %d (%s) has compute capability %d.%d; gsat needs 9.0",
             device, info.name, info.cc_major, info.cc_minor);
    return 0;
  }
  snprintf(reason, reason_size, "device %d: %s", device, info.name);
  return 1;
}

extern "C" int gsat_gpu_maybe_present(void) {
  return access("/dev/nvidiactl", F_OK) == 0 || access("/dev/dxg", F_OK) == 0;
}

static uint32_t pow2_at_least(uint64_t x) {
  uint32_t p = 64;
  while (p < x && p < (1u << 22)) p <<= 1;
  return p;
}

/* Decisions per slice (between stop and work-exchange checks): 64, fewer when
 * one MOMS decision scans so many literals that 64 of them would hold a stop
 * request for seconds (a 1M-variable 3-SAT instance: 25M literal reads per
 * decision), so that a slice stays near 2^22 literal reads per worker; a
 * look-ahead decision (moms 2) is taken as 16 MOMS decisions. */
static uint32_t slice_for(const gsat_gpu_cnf *cnf, int moms) {
  if (!moms) return 64;
  uint64_t per_decision = (2ull * cnf->lits_size + 3ull * cnf->num_vars + 1) * (moms == 2 ? 16 : 1);
  uint64_t n = (1ull << 22) / per_decision;
  return n < 1 ? 1 : n > 64 ? 64 : (uint32_t)n;
}

/* The layout (--gpu-layout; auto: the A/B winner, search.h). */
static int resolve_layout(const gsat_search_params *p) {
  if (p->gpu_layout == GSAT_GPU_LAYOUT_CSR || p->gpu_layout == GSAT_GPU_LAYOUT_SLOT)
    return (int)p->gpu_layout;
  return GSAT_GPU_LAYOUT_AUTO_PICK;
}

/* The sort of the GPU layout build's occurrence lists (the hidden option
 * gpu_occ_sort, for experiments): gsat's bank-conflict-free sort, radix, or
 * the default (gpu/occ.h). */
static int occ_sort(const gsat_search_params *p) {
  if (p->gpu_occ_sort == GSAT_GPU_OCC_SORT_BCF) return GSAT_OCC_SORT_BCF;
  if (p->gpu_occ_sort == GSAT_GPU_OCC_SORT_RADIX) return GSAT_OCC_SORT_RADIX;
  return GSAT_OCC_SORT_DEFAULT;
}

/* The slot layout's buckets (host plan from the clause lengths); MOMS reads
 * them, so the static order needs none and cnf->slot stays 0 then. */
static gsat_status plan_slot_layout(const gsat_db *db, const gsat_search_params *p,
                                    gsat_gpu_cnf *cnf, gsat_slot_plan *sp, gsat_error *err) {
  GSAT_FORWARD(gsat_slot_plan_init(sp, db->clause_start, db->num_clauses, db->num_vars, err));
  if (p->decide != GSAT_DECIDE_MOMS) return GSAT_OK;
  GSAT_RETURN_IF(sp->size >= UINT32_MAX || sp->compact_size >= UINT32_MAX, err, RESOURCE,
                 "the slot-major clause layout needs %llu words, more than 2^32 - 1",
                 (unsigned long long)sp->size);
  cnf->slot = 1;
  cnf->num_buckets = sp->num_buckets;
  cnf->slot_size = (uint32_t)sp->size;
  cnf->slot_compact_size = (uint32_t)sp->compact_size;
  return GSAT_OK;
}

/* Chooses where the CNF and the per-worker state live, the block shape and the grid
 * (from the occupancy the compiled kernel allows), and the cube pool size. */
static gsat_status make_plan(gsat_gpu_plan *pl, const gsat_search_params *p,
                             const gsat_gpu_info *info, const gsat_gpu_cnf *cnf, gsat_error *err) {
  memset(pl, 0, sizeof *pl);
  const uint32_t V = cnf->num_vars;
  pl->moms = gsat_gpu_heur_kind(p->decide);
  pl->block_queue_cap = 64;
  /* Tuning for experiments (bench/RESULTS.md), the hidden options gpu_slice
   * (decisions between work-exchange checks) and gpu_backoff (the longest idle
   * sleep in ns); 0 takes the defaults. */
  pl->slice = p->gpu_slice ? p->gpu_slice : slice_for(cnf, pl->moms);
  pl->max_backoff = p->gpu_backoff ? p->gpu_backoff : 2048;
  GSAT_RETURN_IF(p->gpu_threads % 32, err, USAGE, "--gpu-threads=%u is not a multiple of 32",
                 p->gpu_threads);
  const uint64_t smem_max = info->smem_per_block_optin - 1024; /* margin for the runtime */
  const uint64_t fixed = GSAT_GPU_BLOCK_HEADER + gsat_gpu_block_queue_bytes(pl->block_queue_cap);
  const uint64_t cnf_bytes = gsat_gpu_cnf_smem_bytes(cnf, pl->moms);
  /* The default block shape, by measurement (bench/RESULTS.md, block-shape
   * sweep on hole10): 16 warps per block (512 threads, the kernel's launch
   * bound). */
  const uint64_t wsb = gsat_gpu_warp_state_bytes(V, cnf->lits_size, pl->moms);
  uint64_t fit = fixed + cnf_bytes < smem_max ? (smem_max - fixed - cnf_bytes) / wsb : 0;
  uint32_t want = p->gpu_threads ? p->gpu_threads / 32 : 16;
  if (fit >= want) {
    pl->cnf_in_smem = pl->state_in_smem = 1;
  } else {
    pl->cnf_in_smem = fixed + cnf_bytes <= smem_max;
  }
  pl->warps_per_block = want;
  pl->threads = 32 * pl->warps_per_block;
  pl->smem = gsat_gpu_smem_bytes(pl, cnf);
  const void *kernel = (const void *)gsat_gpu_warp_kernel;
  cudaFuncAttributes fa;
  int per_sm = 0;
  GSAT_CUDA_TRY(err, cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                          (int)pl->smem));
  GSAT_CUDA_TRY(err, cudaFuncGetAttributes(&fa, kernel));
  GSAT_CUDA_TRY(err, cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel,
                                                                   (int)pl->threads, pl->smem));
  GSAT_RETURN_IF(per_sm < 1, err, RESOURCE,
                 "the warp kernel cannot run %u threads per block with %llu bytes of shared "
                 "memory (%d registers per thread); try a smaller --gpu-threads",
                 pl->threads, (unsigned long long)pl->smem, fa.numRegs);
  /* One block per SM by default: the tree is split among fewer, longer-lived
   * workers (bench/RESULTS.md shows more workers spending their time replaying
   * cubes); --gpu-blocks sets any grid up to what fits. */
  pl->blocks = p->gpu_blocks ? p->gpu_blocks : (uint32_t)info->sm_count;
  pl->state_stride = gsat_gpu_state_stride(pl, V, cnf->lits_size);
  if (!pl->state_in_smem && !p->gpu_blocks) {
    /* Per-worker state in global memory: at most a quarter of the device. */
    uint64_t per_block = (uint64_t)pl->warps_per_block * pl->state_stride;
    uint64_t fit = info->global_mem / 4 / per_block;
    if (fit < pl->blocks) pl->blocks = fit ? (uint32_t)fit : 1;
  }
  pl->occupancy = (double)(per_sm * pl->threads) / info->max_threads_per_sm;
  uint64_t slot_bytes = 4 * ((uint64_t)V + 1);
  pl->slots = pow2_at_least(4 * gsat_gpu_workers(pl));
  while (pl->slots > 64 && (uint64_t)pl->slots * slot_bytes > info->global_mem / 8) pl->slots >>= 1;
  return GSAT_OK;
}

static void sum_counters(const gsat_gpu_counters *c, uint64_t n, gsat_worker_stats *t) {
  memset(t, 0, sizeof *t);
  for (uint64_t i = 0; i < n; i++) {
#define GSAT_GPU_SUM_STEP(field)   t->n.field += c[i].field;
#define GSAT_GPU_SUM_WORKER(field) t->field += c[i].field;
    GSAT_DPLL_COUNTER_FIELDS(GSAT_GPU_SUM_STEP)
    GSAT_WORKER_COUNTER_FIELDS(GSAT_GPU_SUM_WORKER)
#undef GSAT_GPU_SUM_STEP
#undef GSAT_GPU_SUM_WORKER
  }
}

static void sum_cycles(const gsat_gpu_counters *c, uint64_t n, gsat_search_result *r) {
  double search = 0, replay = 0, idle = 0;
  for (uint64_t i = 0; i < n; i++) {
    search += (double)c[i].cyc_search;
    replay += (double)c[i].cyc_replay;
    idle += (double)c[i].cyc_idle;
  }
  double all = search + replay + idle;
  r->gpu_busy = all > 0 ? search / all : 0;
  r->gpu_replay = all > 0 ? replay / all : 0;
}

/* The device state kept between runs (gpu/search.h): what a run borrows
 * (device_run's pointers are copies of these), grown to the largest run. */
struct gsat_gpu_engine {
  int info_device; /* device of info, -1: none yet */
  gsat_gpu_info info;
  int usable_device; /* device of usable and reason, -1: not asked */
  int usable;
  char reason[256];
  int objects_device; /* device of everything below, -1: none */
  uint8_t *d_arena;
  size_t arena_bytes;
  int *h_stop;
  gsat_gpu_counters *h_counters;
  uint64_t counters_cap; /* workers h_counters holds */
  cudaStream_t stream, copy_stream;
  cudaEvent_t start, stop;
};

static void engine_clear(gsat_gpu_engine *e) {
  memset(e, 0, sizeof *e);
  e->info_device = e->usable_device = e->objects_device = -1;
}

/* Forgets the engine's device memory and CUDA objects (freed or not). */
static void engine_clear_objects(gsat_gpu_engine *e) {
  e->d_arena = NULL;
  e->arena_bytes = 0;
  e->h_stop = NULL;
  e->h_counters = NULL;
  e->counters_cap = 0;
  e->stream = e->copy_stream = NULL;
  e->start = e->stop = NULL;
  e->objects_device = -1;
}

/* Frees the engine's device memory and CUDA objects (errors ignored: after a
 * fault they may fail), keeping the cached device properties.  While a
 * kernel of this process is stuck (gpu/kernel_wait.h) it only forgets them:
 * cudaFree would wait for that kernel, which may still read the stop flag. */
static void engine_drop(gsat_gpu_engine *e) {
  if (e->objects_device < 0) return;
  if (gsat_gpu_stuck_kernels()) {
    engine_clear_objects(e);
    return;
  }
  (void)cudaSetDevice(e->objects_device);
  if (e->d_arena) cudaFree(e->d_arena);
  if (e->h_stop) cudaFreeHost(e->h_stop);
  if (e->h_counters) cudaFreeHost(e->h_counters);
  if (e->stream) cudaStreamDestroy(e->stream);
  if (e->copy_stream) cudaStreamDestroy(e->copy_stream);
  if (e->start) cudaEventDestroy(e->start);
  if (e->stop) cudaEventDestroy(e->stop);
  (void)cudaGetLastError(); /* teardown errors after a reported one */
  engine_clear_objects(e);
}

extern "C" gsat_gpu_engine *gsat_gpu_engine_new(void) {
  gsat_gpu_engine *e = (gsat_gpu_engine *)malloc(sizeof *e);
  if (e) engine_clear(e);
  return e;
}

extern "C" void gsat_gpu_engine_free(gsat_gpu_engine *e) {
  if (!e) return;
  engine_drop(e);
  free(e);
}

extern "C" int gsat_gpu_engine_has_context(const gsat_gpu_engine *e) {
  return e && e->info_device >= 0;
}

extern "C" int gsat_gpu_engine_usable(gsat_gpu_engine *e, int device, char *reason,
                                      size_t reason_size) {
  if (!e) return gsat_gpu_usable(device, reason, reason_size);
  if (e->usable_device != device) {
    e->usable = gsat_gpu_usable(device, e->reason, sizeof e->reason);
    e->usable_device = device;
  }
  snprintf(reason, reason_size, "%s", e->reason);
  return e->usable;
}

/* One run of the GPU search: its plan, and the memory and CUDA objects it
 * borrows from its engine (release_run stops the kernel whatever happens). */
typedef struct device_run {
  gsat_gpu_engine *engine;
  gsat_gpu_info info;
  gsat_gpu_cnf cnf;
  gsat_slot_plan sp;
  gsat_gpu_plan pl;
  gsat_gpu_layout L;
  int layout, sort;
  uint64_t workers;
  uint8_t *d_arena;
  int *h_stop;
  gsat_gpu_counters *h_counters;
  cudaStream_t stream, copy_stream;
  cudaEvent_t start, stop;
} device_run;

/* Ends the run: after an error in the supervision loop the kernel still
 * runs, and the next run (or cudaFree) would wait for it: ask it to stop and
 * wait, unless a kernel is stuck (it would never return).  After a failed
 * run (st not OK) the engine drops its objects. */
static void release_run(device_run *d, gsat_status st) {
  if (d->h_stop && d->stream && !gsat_gpu_stuck_kernels()) {
    *(volatile int *)d->h_stop = 1;
    (void)cudaStreamSynchronize(d->stream);
    (void)cudaStreamSynchronize(d->copy_stream);
  }
  if (st != GSAT_OK) engine_drop(d->engine);
  (void)cudaGetLastError(); /* teardown errors after a reported one */
}

/* The workers' counters while the kernel runs (on the copy stream), summed. */
static gsat_status running_counters(device_run *d, gsat_worker_stats *t, gsat_error *err) {
  GSAT_CUDA_TRY(err, cudaMemcpyAsync(d->h_counters, d->L.counters,
                                     d->workers * sizeof(gsat_gpu_counters), cudaMemcpyDeviceToHost,
                                     d->copy_stream));
  GSAT_CUDA_TRY(err, cudaStreamSynchronize(d->copy_stream));
  sum_counters(d->h_counters, d->workers, t);
  return GSAT_OK;
}

/* Selects the device and creates its context (timed: it can take seconds). */
static gsat_status open_device(const gsat_search_params *p, gsat_search_result *r, device_run *d,
                               gsat_error *err) {
  gsat_gpu_engine *e = d->engine;
  if (e->objects_device >= 0 && e->objects_device != p->device) engine_drop(e);
  double t0 = gsat_seconds();
  GSAT_CUDA_TRY(err, cudaSetDevice(p->device));
  GSAT_CUDA_TRY(err, cudaFree(0)); /* creates the context (once per process) */
  r->context_seconds = gsat_seconds() - t0;
  if (e->info_device != p->device) {
    GSAT_FORWARD(gsat_gpu_device_info(p->device, &e->info, err));
    e->info_device = p->device;
  }
  d->info = e->info;
  snprintf(r->device_name, sizeof r->device_name, "%s", d->info.name);
  return GSAT_OK;
}

/* The device CNF's sizes, the layout (and the slot plan, with its build's
 * temporaries) and the plan of the run. */
static gsat_status plan_run(const gsat_db *db, const gsat_search_params *p, gsat_search_result *r,
                            device_run *d, gsat_error *err) {
  gsat_gpu_cnf *cnf = &d->cnf;
  memset(cnf, 0, sizeof *cnf);
  cnf->num_vars = db->num_vars;
  cnf->num_clauses = db->num_clauses;
  cnf->order_len = db->order_len;
  cnf->num_units = db->num_units;
  cnf->stream_size = gsat_db_stream_size(db);
  cnf->lits_size = db->clause_start[db->num_clauses];
  d->layout = resolve_layout(p);
  d->sort = occ_sort(p);
  uint64_t build_temp = 0;
  if (d->layout == GSAT_GPU_LAYOUT_SLOT) {
    GSAT_FORWARD(plan_slot_layout(db, p, cnf, &d->sp, err));
    gsat_layout_input in = {NULL, NULL, cnf->num_clauses, cnf->lits_size, db->num_vars};
    size_t bytes = 0;
    GSAT_FORWARD(gsat_gpu_layout_build(NULL, &bytes, &in, cnf->slot ? &d->sp : NULL, NULL, d->sort,
                                       NULL, err));
    build_temp = bytes;
  }
  GSAT_FORWARD(make_plan(&d->pl, p, &d->info, cnf, err));
  d->pl.layout = d->layout;
  d->pl.build_temp_bytes = build_temp;
  r->gpu_map = GSAT_GPU_MAP_WARP;
  r->gpu_layout = (gsat_opt_gpu_layout)d->layout;
  r->gpu_blocks = d->pl.blocks;
  r->gpu_threads = d->pl.threads;
  r->occupancy = d->pl.occupancy;
  return GSAT_OK;
}

/* Makes the engine's arena hold `bytes` (checked against the free device
 * memory; a smaller arena is freed first, so its memory counts as free). */
static gsat_status grow_arena(gsat_gpu_engine *e, size_t bytes, int device, gsat_error *err) {
  if (e->arena_bytes >= bytes) return GSAT_OK;
  if (e->d_arena) GSAT_CUDA_TRY(err, cudaFree(e->d_arena));
  e->d_arena = NULL;
  e->arena_bytes = 0;
  size_t free_mem = 0, total_mem = 0;
  GSAT_CUDA_TRY(err, cudaMemGetInfo(&free_mem, &total_mem));
  GSAT_RETURN_IF(bytes > free_mem, err, RESOURCE,
                 "the GPU search needs %.1f MiB of device memory, but device %d has %.1f MiB "
                 "free (%.1f MiB in all); try smaller --gpu-blocks or --gpu-threads, or "
                 "--backend=cpu",
                 bytes / 1048576.0, device, free_mem / 1048576.0, total_mem / 1048576.0);
  GSAT_CUDA_TRY(err, cudaMalloc(&e->d_arena, bytes));
  e->arena_bytes = bytes;
  return GSAT_OK;
}

/* The engine's host buffers, streams and events, made on first use; the
 * pinned counter buffer grown to `workers`. */
static gsat_status engine_objects(gsat_gpu_engine *e, uint64_t workers, gsat_error *err) {
  if (!e->h_stop) GSAT_CUDA_TRY(err, cudaHostAlloc(&e->h_stop, sizeof(int), cudaHostAllocMapped));
  if (e->counters_cap < workers) {
    if (e->h_counters) GSAT_CUDA_TRY(err, cudaFreeHost(e->h_counters));
    e->h_counters = NULL;
    e->counters_cap = 0;
    GSAT_CUDA_TRY(err, cudaHostAlloc(&e->h_counters, workers * sizeof(gsat_gpu_counters),
                                     cudaHostAllocDefault));
    e->counters_cap = workers;
  }
  if (!e->stream) GSAT_CUDA_TRY(err, cudaStreamCreateWithFlags(&e->stream, cudaStreamNonBlocking));
  if (!e->copy_stream)
    GSAT_CUDA_TRY(err, cudaStreamCreateWithFlags(&e->copy_stream, cudaStreamNonBlocking));
  if (!e->start) GSAT_CUDA_TRY(err, cudaEventCreate(&e->start));
  if (!e->stop) GSAT_CUDA_TRY(err, cudaEventCreate(&e->stop));
  return GSAT_OK;
}

/* Takes the arena (grown to the plan's size and cleared), the host buffers,
 * streams and events from the engine. */
static gsat_status allocate_run(const gsat_search_params *p, device_run *d, gsat_error *err) {
  gsat_gpu_engine *e = d->engine;
  gsat_gpu_layout *L = &d->L;
  gsat_gpu_layout_carve(L, NULL, &d->pl, &d->cnf);
  e->objects_device = p->device;
  GSAT_FORWARD(grow_arena(e, L->bytes, p->device, err));
  d->d_arena = e->d_arena;
  gsat_gpu_layout_carve(L, d->d_arena, &d->pl, &d->cnf);
  d->workers = gsat_gpu_workers(&d->pl);
  GSAT_FORWARD(engine_objects(e, d->workers, err));
  d->h_stop = e->h_stop;
  *(volatile int *)d->h_stop = 0;
  d->h_counters = e->h_counters;
  d->stream = e->stream;
  d->copy_stream = e->copy_stream;
  d->start = e->start;
  d->stop = e->stop;
  /* A reused arena holds the last run's data: every run starts from zeros,
   * as from fresh device memory. */
  GSAT_CUDA_TRY(err, cudaMemsetAsync(d->d_arena, 0, L->bytes, d->stream));
  return GSAT_OK;
}

/* Uploads the database (the slot layout: without the streams), initializes
 * the queues and the control block, and waits for it. */
static gsat_status upload(const gsat_db *db, device_run *d, gsat_error *err) {
  const gsat_gpu_layout *L = &d->L;
  const void *h_arrays[6] = {db->occ_start,    db->occ_stream,  db->order,
                             db->clause_start, db->clause_lits, db->units};
  for (int k = d->layout == GSAT_GPU_LAYOUT_SLOT ? 2 : 0; k < 6; k++) /* slot: no streams */
    if (L->lens[k])
      GSAT_CUDA_TRY(err, cudaMemcpyAsync(L->arrays[k], h_arrays[k], 4 * L->lens[k],
                                         cudaMemcpyHostToDevice, d->stream));
  GSAT_CUDA_TRY(err,
                cudaMemsetAsync(L->counters, 0, d->workers * sizeof(gsat_gpu_counters), d->stream));
  gsat_gpu_init_kernel<<<(d->pl.slots + 255) / 256, 256, 0, d->stream>>>(*L, d->pl.slots);
  GSAT_CUDA_LAUNCHED(err, "gsat_gpu_init_kernel");
  if (d->cnf.slot) {
    gsat_slot_bucket table[2 * GSAT_SLOT_MAX_BUCKETS];
    memcpy(table, d->sp.bucket, d->sp.num_buckets * sizeof *table);
    gsat_slot_compact_buckets(&d->sp, table + d->sp.num_buckets);
    GSAT_CUDA_TRY(err,
                  cudaMemcpyAsync(L->slot_buckets, table, 2 * d->sp.num_buckets * sizeof *table,
                                  cudaMemcpyHostToDevice, d->stream));
  }
  GSAT_CUDA_TRY(err, cudaStreamSynchronize(d->stream));
  return GSAT_OK;
}

/* The slot layout: builds the streams and the slot-major buckets on the
 * device (timed with the run's events). */
static gsat_status build_layout(gsat_search_result *r, device_run *d, gsat_error *err) {
  const gsat_gpu_layout *L = &d->L;
  gsat_layout_input in = {L->arrays[3], L->arrays[4], d->cnf.num_clauses, d->cnf.lits_size,
                          d->cnf.num_vars};
  gsat_layout_output out = {L->arrays[0], L->arrays[1], L->slot_lits};
  size_t bytes = d->pl.build_temp_bytes;
  GSAT_CUDA_TRY(err, cudaEventRecord(d->start, d->stream));
  GSAT_FORWARD(gsat_gpu_layout_build(L->build_temp, &bytes, &in, d->cnf.slot ? &d->sp : NULL, &out,
                                     d->sort, d->stream, err));
  GSAT_CUDA_TRY(err, cudaEventRecord(d->stop, d->stream));
  GSAT_CUDA_TRY(err, cudaEventSynchronize(d->stop));
  float build_ms = 0;
  GSAT_CUDA_TRY(err, cudaEventElapsedTime(&build_ms, d->start, d->stop));
  r->layout_seconds = build_ms / 1000.0;
  return GSAT_OK;
}

/* The search's side of the wait for its kernel (gsat_kernel_watch): the
 * time and node limits and the progress lines. */
typedef struct dpll_watch {
  const gsat_search_params *p;
  device_run *d;
  double start, next_progress, next_node_check;
} dpll_watch;

static gsat_status watch_check(void *run, double now, int stop_sent, int *cause, gsat_error *err) {
  dpll_watch *w = (dpll_watch *)run;
  const gsat_search_params *p = w->p;
  int over = p->time_limit > 0 && now - w->start >= p->time_limit;
  if (!stop_sent && !over && p->node_limit && now >= w->next_node_check) {
    /* The node limit, from the counters the workers store every 64 rounds:
     * the search may overshoot it by about 10 ms of work. */
    gsat_worker_stats t;
    GSAT_FORWARD(running_counters(w->d, &t, err));
    over = t.n.nodes >= p->node_limit;
    w->next_node_check = now + 0.01;
  }
  *cause = over ? GSAT_KERNEL_LIMIT : GSAT_KERNEL_GO_ON;
  return GSAT_OK;
}

/* One `c progress` report while the kernel runs, when one is due. */
static gsat_status watch_report(void *run, double now, int stop_sent, gsat_error *err) {
  dpll_watch *w = (dpll_watch *)run;
  const gsat_search_params *p = w->p;
  device_run *d = w->d;
  (void)stop_sent;
  if (!w->next_progress || now < w->next_progress || !p->progress) return GSAT_OK;
  gsat_worker_stats t;
  GSAT_FORWARD(running_counters(d, &t, err));
  gsat_gpu_control run_ctl; /* outstanding cubes, read while the kernel runs */
  GSAT_CUDA_TRY(err, cudaMemcpyAsync(&run_ctl, d->L.ctl, sizeof run_ctl, cudaMemcpyDeviceToHost,
                                     d->copy_stream));
  GSAT_CUDA_TRY(err, cudaStreamSynchronize(d->copy_stream));
  gsat_progress pr;
  memset(&pr, 0, sizeof pr);
  pr.seconds = now - w->start;
  pr.search = GSAT_SEARCH_DPLL;
  pr.total = t;
  pr.cubes_left = run_ctl.work;
  /* hungry counts idle warps */
  pr.busy_workers = (uint32_t)(d->workers > run_ctl.hungry ? d->workers - run_ctl.hungry : 0);
  p->progress(p->progress_data, &pr);
  w->next_progress = now + p->progress_interval;
  return GSAT_OK;
}

/* Gives up on a kernel that did not stop (gsat_kernel_wait_give_up): the
 * workers' phases from their counters, read through the copy stream, which
 * the kernel's stream does not hold up; without them when the copy does not
 * come back within 0.5 s. */
static gsat_status watch_give_up(void *run, const gsat_kernel_wait *wait, gsat_error *err) {
  device_run *d = ((dpll_watch *)run)->d;
  gsat_kernel_where k;
  k.where = &d->h_counters[0].where;
  k.round = &d->h_counters[0].round;
  k.stride = sizeof(gsat_gpu_counters);
  k.workers = d->workers;
  k.per_block = d->workers / d->pl.blocks ? d->workers / d->pl.blocks : 1;
  k.noun = "worker";
  const int got = gsat_kernel_wait_fetch(d->h_counters, d->L.counters,
                                         d->workers * sizeof(gsat_gpu_counters), d->copy_stream);
  return gsat_kernel_wait_give_up(wait, got ? &k : NULL, err);
}

/* Waits for the kernel launched at `start` (host seconds) to end
 * (gsat_kernel_supervise),
 * meanwhile passing on stop requests and the time and node limits, and
 * reporting progress. */
static gsat_status supervise(const gsat_search_params *p, gsat_search_result *r, device_run *d,
                             double start, gsat_error *err) {
  dpll_watch w;
  w.p = p;
  w.d = d;
  w.start = start;
  w.next_progress = p->progress_interval > 0 ? start + p->progress_interval : 0;
  w.next_node_check = start + 0.01;
  const gsat_kernel_watch hooks = {&w, NULL, watch_check, watch_report, watch_give_up};
  GSAT_FORWARD(gsat_kernel_supervise(&hooks, d->stop, p->stop, p->gpu_stop_grace, d->h_stop,
                                     &r->stopped_by_limit, err));
  GSAT_CUDA_TRY(err, cudaStreamSynchronize(d->stream)); /* reports a kernel fault */
  return GSAT_OK;
}

/* After the kernel: its time, the counters, the answer and the model. */
static gsat_status collect(gsat_search_result *r, device_run *d, gsat_error *err) {
  float ms = 0;
  GSAT_CUDA_TRY(err, cudaEventElapsedTime(&ms, d->start, d->stop));
  r->kernel_seconds = ms / 1000.0;
  r->search_seconds = r->kernel_seconds;
  gsat_gpu_control h_ctl;
  GSAT_CUDA_TRY(err, cudaMemcpy(&h_ctl, d->L.ctl, sizeof h_ctl, cudaMemcpyDeviceToHost));
  GSAT_CUDA_TRY(err, cudaMemcpy(d->h_counters, d->L.counters,
                                d->workers * sizeof(gsat_gpu_counters), cudaMemcpyDeviceToHost));
  sum_counters(d->h_counters, d->workers, &r->total);
  sum_cycles(d->h_counters, d->workers, r);
  r->num_workers = (uint32_t)d->workers;
  r->steals_warp = h_ctl.steals_warp;
  r->steals_block = h_ctl.steals_block;
  GSAT_RETURN_IF(h_ctl.answer != GSAT_ANSWER_UNKNOWN && h_ctl.answer != GSAT_ANSWER_SAT &&
                     h_ctl.answer != GSAT_ANSWER_UNSAT,
                 err, INTERNAL, "the GPU search ended with an invalid answer %d", h_ctl.answer);
  r->answer = h_ctl.answer;
  if (r->answer == GSAT_ANSWER_SAT) {
    const uint32_t V = d->cnf.num_vars;
    r->model = (uint8_t *)malloc((size_t)V + 1);
    GSAT_RETURN_IF(!r->model, err, NOMEM, "out of memory for the model");
    GSAT_CUDA_TRY(err, cudaMemcpy(r->model, d->L.model, V, cudaMemcpyDeviceToHost));
  }
  return GSAT_OK;
}

/* The run: device, plan, memory, upload (and layout build), the kernel, its
 * supervision and its results. */
static gsat_status run(const gsat_db *db, const gsat_search_params *p, gsat_search_result *r,
                       device_run *d, gsat_error *err) {
  GSAT_FORWARD(open_device(p, r, d, err));
  if (GSAT_FLAG_IS_RAISED(p->stop)) return GSAT_OK; /* stopped while the context was made */
  GSAT_FORWARD(plan_run(db, p, r, d, err));
  double t1 = gsat_seconds();
  GSAT_FORWARD(allocate_run(p, d, err));
  GSAT_FORWARD(upload(db, d, err));
  r->upload_seconds = gsat_seconds() - t1;
  if (d->layout == GSAT_GPU_LAYOUT_SLOT) GSAT_FORWARD(build_layout(r, d, err));
  int *d_host_stop = NULL;
  GSAT_CUDA_TRY(err, cudaHostGetDevicePointer((void **)&d_host_stop, d->h_stop, 0));
  const gsat_gpu_plan *pl = &d->pl;
  gsat_gpu_params kp = gsat_gpu_params_for(&d->L, pl, d->cnf, p->decide, d_host_stop,
                                           (unsigned long long)d->info.clock_khz); /* ~1 ms */
  /* A stop request during context creation or the upload (which can take
   * seconds), or a portfolio that no longer needs this search: no launch,
   * UNKNOWN. */
  if (GSAT_FLAG_IS_RAISED(p->stop) || (p->may_start && !p->may_start(p->may_start_data)))
    return GSAT_OK;
  double start = gsat_seconds();
  GSAT_CUDA_TRY(err, cudaEventRecord(d->start, d->stream));
  gsat_gpu_warp_kernel<<<pl->blocks, pl->threads, pl->smem, d->stream>>>(kp);
  GSAT_CUDA_TRY(err, cudaPeekAtLastError());
  GSAT_CUDA_TRY(err, cudaEventRecord(d->stop, d->stream));
  GSAT_FORWARD(supervise(p, r, d, start, err));
  return collect(r, d, err);
}

/* The root (unit clauses and their propagation) is checked on the host with the
 * shared step code: a refuted root needs no kernel, and the kernels may assume
 * it is not refuted. */
static gsat_status root_refuted(const gsat_db *db, int *refuted, gsat_error *err) {
  gsat_dpll s;
  memset(&s, 0, sizeof s);
  s.val = (int8_t *)malloc(2 * (size_t)db->num_vars + 2);
  s.trail = (gsat_lit *)malloc(((size_t)db->num_vars + 1) * sizeof(gsat_lit));
  s.levels = (gsat_level *)malloc(2 * sizeof(gsat_level));
  gsat_status st = GSAT_OK;
  if (!s.val || !s.trail || !s.levels) {
    st = gsat_error_set(err, GSAT_NOMEM, "out of memory for the root check");
  } else {
    gsat_db_view v = gsat_db_view_of(db);
    *refuted = (int)gsat_dpll_init_root(&s, &v, db->units, db->num_units);
  }
  free(s.val);
  free(s.trail);
  free(s.levels);
  return st;
}

extern "C" gsat_status gsat_gpu_engine_solve(gsat_gpu_engine *e, const gsat_db *db,
                                             const gsat_search_params *p, gsat_search_result *r,
                                             gsat_error *err) {
  memset(r, 0, sizeof *r);
  if (GSAT_FLAG_IS_RAISED(p->stop)) return GSAT_OK; /* UNKNOWN, nothing touched */
  if (!e) {
    gsat_gpu_engine temp;
    engine_clear(&temp);
    gsat_status st = gsat_gpu_engine_solve(&temp, db, p, r, err);
    engine_drop(&temp);
    return st;
  }
  GSAT_FORWARD(gsat_gpu_refuse_if_stuck(err));
  char reason[256];
  GSAT_RETURN_IF(!gsat_gpu_engine_usable(e, p->device, reason, sizeof reason), err, NODEVICE, "%s",
                 reason);
  int refuted = 0;
  double t0 = gsat_seconds();
  GSAT_FORWARD(root_refuted(db, &refuted, err));
  if (refuted) {
    r->answer = GSAT_ANSWER_UNSAT;
    r->search_seconds = gsat_seconds() - t0;
    return GSAT_OK;
  }
  device_run d;
  memset(&d, 0, sizeof d);
  d.engine = e;
  gsat_status st = run(db, p, r, &d, err);
  release_run(&d, st);
  if (st != GSAT_OK) {
    free(r->model);
    r->model = NULL;
  }
  return st;
}

extern "C" gsat_status gsat_gpu_solve(const gsat_db *db, const gsat_search_params *p,
                                      gsat_search_result *r, gsat_error *err) {
  return gsat_gpu_engine_solve(NULL, db, p, r, err);
}
