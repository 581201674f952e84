/* Host side of the GPU CDCL search (cdcl_search.h): builds the template
 * searcher on the host with the CPU code (gsat_cdcl_create: original clauses,
 * watches, root units), plans device memory (gpu/cdcl_plan.h), uploads the
 * template once, launches one searcher per warp (gpu/cdcl_warp.cuh) and
 * supervises it (time and node limits, stop requests, progress, and with a
 * proof the drain of the proof ring into the proof sink) until it ends.
 * With cubes (p->cdcl_cubes, several searchers, no assumptions)
 * the cube pool is planned for the searchers (gsat_cdcl_gpu_cube_plan) and
 * laid out with the rest.  Nothing is allocated once the kernel runs.
 * Every searcher records its phase (gsat_cdcl_gpu_at), so that a kernel
 * still running p->gpu_stop_grace seconds after the stop request is given up
 * on (gpu/kernel_wait.h) with a report of the searchers that have not left,
 * and nothing waits for it afterwards. */
#include "gpu/cdcl_search.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu/cdcl_plan.h"
#include "gpu/cdcl_port.h"
#include "gpu/cdcl_warp.cuh"
#include "kernels/cuda_check.cuh"
#include "kernels/device.h"
#include "gpu/kernel_run.cuh"
#include "gpu/search.h"
#include "base/clock.h"
#include "core/cdcl_host.h"
#include "core/proof_ring.h"
#include "core/share.h"

#define GSAT_CDCL_GPU_WARPS_PER_BLOCK 4u
#define GSAT_CDCL_GPU_SLICE           64u
/* The ring (core/share.h): 2^14 slots, a filter of 2^20 hashes,
 * clauses of at most 8 literals or glue at most 2 (the CPU portfolio's rule),
 * at most 256 imports per restart. */
#define GSAT_CDCL_GPU_RING_LOG2   14u
#define GSAT_CDCL_GPU_FILTER_LOG2 20u
#define GSAT_CDCL_GPU_IMPORT_MAX  256u
/* Proof records drained between two looks at the stop flag and the limits:
 * 2^22 words (16 MiB) at most. */
#define GSAT_CDCL_GPU_DRAIN_WORDS (1u << 22)

__global__ void __launch_bounds__(32 * GSAT_CDCL_GPU_WARPS_PER_BLOCK)
    gsat_cdcl_gpu_kernel(gsat_cdcl_gpu_params p) {
  gsat_cdcl_gpu_searcher(p);
}

static uint64_t align256(uint64_t x) {
  return (x + 255) & ~(uint64_t)255;
}

/* One run: the template, the plan, device memory and CUDA objects
 * (release_run frees them whatever happens). */
typedef struct cdcl_run {
  gsat_kernel_run k; /* the device, the stop flag, streams, events */
  gsat_cdcl t;
  int have_t;
  gsat_cdcl_gpu_plan pl;
  uint64_t off_fixed, off_arena, off_wpool, off_occ_start, off_occ_stream, off_model, off_ctl;
  uint64_t off_share, off_share_arena, off_readers, share_bytes, off_proof;
  uint32_t max_searchers;
  int streams, share;
  /* the cube pool (cube.h), when cubes: tree and queue, its open-cube count,
   * the searchers' states */
  int cubes;
  unsigned cube_node_log2, cube_queue_log2;
  uint64_t off_cubes, off_cube_term, off_cube_arena, off_cube_state, cube_bytes;
  uint64_t off_at; /* the searchers' phases (gsat_cdcl_gpu_at, cleared) */
  char *d_mem;
  gsat_cdcl_gpu_at *h_at; /* pinned: their host copy for the stuck report */
  gsat_cdcl *h_desc;      /* descriptors (device addresses) */
  /* with a proof (p->proof): the ring's words and head in mapped pinned host
   * memory (proof_ring.h), its writers' side at off_proof, the host reader */
  const gsat_proof_sink *proof;
  uint64_t ring_words;
  char *h_ring;
  gsat_proof_reader rd;
  int have_rd;
  gsat_gpu_cdcl_mirror *mirror; /* p->clause_port's end (cdcl_port.h), or NULL */
  int port_unsat;               /* the clause port found complementary units */
} cdcl_run;

/* Ends the run: a kernel still running after an error is asked to stop and
 * waited for, and the device memory and CUDA objects are freed; while a
 * kernel of this process is stuck (gpu/kernel_wait.h) they are only
 * forgotten (cudaFree and cudaFreeHost would wait for it, and it may still
 * read the stop flag and the descriptors and write the proof ring).  Host
 * memory is freed either way (the clause port's thread is joined first). */
static void release_run(cdcl_run *d) {
  const int stuck = gsat_kernel_run_halt(&d->k); /* a kernel still running after an error */
  gsat_gpu_cdcl_mirror_close(d->mirror);         /* (its port skips CUDA when stuck) */
  if (d->have_rd) gsat_proof_reader_free(&d->rd);
  if (d->have_t) gsat_cdcl_destroy(&d->t);
  if (stuck) return;
  if (d->d_mem) cudaFree(d->d_mem);
  if (d->h_desc) cudaFreeHost(d->h_desc);
  if (d->h_at) cudaFreeHost(d->h_at);
  if (d->h_ring) cudaFreeHost(d->h_ring);
  gsat_kernel_run_free(&d->k);
}

/* The shared part's layout: template images, streams, model, control. */
static uint64_t shared_layout(cdcl_run *d, const gsat_db *db) {
  const gsat_cdcl *t = &d->t;
  uint64_t at = 0;
  d->off_fixed = at;
  at += align256(gsat_cdcl_fixed_bytes(t->num_vars));
  d->off_arena = at;
  at += align256(4 * t->arena_top + 4);
  d->off_wpool = at;
  at += align256(8 * t->wpool_top + 8);
  d->off_occ_start = at;
  at += d->streams ? align256(4 * (2 * (uint64_t)db->num_vars + 1)) : 0;
  d->off_occ_stream = at;
  at += d->streams ? align256(4 * (uint64_t)gsat_db_stream_size(db)) : 0;
  d->off_model = at;
  at += align256((uint64_t)db->num_vars + 1);
  d->off_ctl = at;
  at += align256(sizeof(gsat_cdcl_gpu_ctl));
  d->off_share = at;
  d->off_share_arena = at + align256(sizeof(gsat_share));
  d->off_readers = d->off_share_arena + align256(d->share_bytes);
  if (d->share)
    at = d->off_readers + align256((uint64_t)d->max_searchers * sizeof(gsat_cdcl_gpu_reader));
  if (d->cubes) {
    d->off_cubes = at;
    d->off_cube_term = at + align256(sizeof(gsat_cubes));
    d->off_cube_arena = d->off_cube_term + align256(sizeof(gsat_term));
    d->off_cube_state = d->off_cube_arena + align256(d->cube_bytes);
    at = d->off_cube_state + align256((uint64_t)d->max_searchers * sizeof(gsat_cdcl_gpu_cube));
  }
  d->off_at = at;
  at += align256((uint64_t)d->max_searchers * sizeof(gsat_cdcl_gpu_at));
  d->off_proof = at;
  if (d->proof) at += align256(sizeof(gsat_proof_ring));
  return at;
}

/* Template, plan and memory: RESOURCE when one searcher does not fit. */
static gsat_status plan_run(const gsat_db *db, const gsat_search_params *p, gsat_search_result *r,
                            cdcl_run *d, int *refuted, gsat_error *err) {
  d->proof = p->proof;
  GSAT_FORWARD(gsat_cdcl_create(&d->t, db, &p->cdcl, p->proof, refuted, err));
  d->have_t = 1; /* refuted: the empty clause went to the proof */
  if (*refuted) return GSAT_OK;
  if (p->num_assumptions) gsat_cdcl_set_assumptions(&d->t, p->assumptions, p->num_assumptions);
  d->streams = d->t.cfg.bcp == GSAT_CDCL_BCP_STREAMS;
  uint32_t dflt = (uint32_t)d->k.info.sm_count * 16;
  d->max_searchers = p->gpu_cdcl_searchers ? p->gpu_cdcl_searchers : dflt;
  d->share = (p->gpu_cdcl_share && d->max_searchers > 1) || p->clause_port;
  d->share_bytes =
      gsat_share_bytes(GSAT_CDCL_GPU_RING_LOG2, GSAT_CDCL_GPU_FILTER_LOG2, db->num_vars);
  /* cubes as the CPU portfolio takes them (not with assumptions); with a
   * proof the refuted cubes' clauses and the closed parents' enter it
   * (gpu/cdcl_warp.cuh, cdcl.md 5) */
  d->cubes = p->cdcl_cubes && d->max_searchers > 1 && !p->num_assumptions;
  if (d->cubes)
    d->cube_bytes =
        gsat_cdcl_gpu_cube_plan(d->max_searchers, &d->cube_node_log2, &d->cube_queue_log2);
  uint64_t shared = shared_layout(d, db);
  size_t free_mem = 0, total_mem = 0;
  GSAT_CUDA_TRY(err, cudaMemGetInfo(&free_mem, &total_mem));
  uint64_t budget = free_mem / 10 * 6; /* room for the runtime and other users */
  GSAT_FORWARD(gsat_cdcl_gpu_plan_make(&d->pl, &d->t, shared, p->gpu_cdcl_searchers, dflt,
                                       (uint64_t)p->gpu_cdcl_arena << 18, budget, err));
  r->gpu_cdcl_searchers = d->pl.searchers;
  r->gpu_cdcl_arena_words = d->pl.learned_words;
  r->gpu_cdcl_bytes = d->pl.total;
  if (d->proof) {
    uint64_t kib = p->gpu_cdcl_proof_ring ? p->gpu_cdcl_proof_ring : 16384;
    d->ring_words = gsat_proof_ring_words(kib << 10, d->t.num_vars);
    r->gpu_cdcl_proof_ring_bytes = 4 * d->ring_words;
  }
  r->num_workers = d->pl.searchers;
  r->gpu_threads = 32 * GSAT_CDCL_GPU_WARPS_PER_BLOCK;
  r->gpu_blocks =
      (d->pl.searchers + GSAT_CDCL_GPU_WARPS_PER_BLOCK - 1) / GSAT_CDCL_GPU_WARPS_PER_BLOCK;
  r->gpu_map = GSAT_GPU_MAP_WARP;
  if (d->pl.searchers < 2) d->cubes = 0; /* (the layout keeps its room) */
  r->gpu_cdcl_cubes = d->cubes;
  return GSAT_OK;
}

/* The cube pool, laid out on the host (gsat_cubes_init: the root and the
 * queue's sequence words) and copied: the header with device pointers, the
 * root's entries and the sequence words (the other nodes are written by the
 * splits that claim them), the open-cube count.  Searcher 0 holds the root;
 * the others start idle. */
static gsat_status upload_cubes(cdcl_run *d, char *sh, gsat_error *err) {
  char *host = (char *)malloc(d->cube_bytes);
  GSAT_RETURN_IF(!host, err, NOMEM, "out of memory for the cube tree's image");
  gsat_cubes hc;
  gsat_status st = gsat_cubes_init(&hc, host, d->cube_node_log2, d->cube_queue_log2, err);
  if (st != GSAT_OK) {
    free(host);
    return st;
  }
  hc.idle = d->pl.searchers - 1;
  char *dev = sh + d->off_cube_arena;
  cudaError_t e = cudaSuccess;
#define GSAT_CDCL_GPU_CUBE_COPY(ptr, bytes)                                                        \
  if (e == cudaSuccess)                                                                            \
  e = cudaMemcpy(dev + ((char *)(ptr)-host), (ptr), (bytes), cudaMemcpyHostToDevice)
  GSAT_CDCL_GPU_CUBE_COPY(hc.parent, sizeof *hc.parent);
  GSAT_CDCL_GPU_CUBE_COPY(hc.lit, sizeof *hc.lit);
  GSAT_CDCL_GPU_CUBE_COPY(hc.open, sizeof *hc.open);
  GSAT_CDCL_GPU_CUBE_COPY(hc.seq, (hc.queue_mask + 1) * sizeof *hc.seq);
#undef GSAT_CDCL_GPU_CUBE_COPY
#define GSAT_CDCL_GPU_MOVE(f) hc.f = (decltype(hc.f))(dev + ((char *)hc.f - host))
  GSAT_CDCL_GPU_MOVE(parent);
  GSAT_CDCL_GPU_MOVE(lit);
  GSAT_CDCL_GPU_MOVE(open);
  GSAT_CDCL_GPU_MOVE(seq);
  GSAT_CDCL_GPU_MOVE(slot);
#undef GSAT_CDCL_GPU_MOVE
  free(host);
  gsat_term ht;
  gsat_term_init(&ht);
  if (e == cudaSuccess) e = cudaMemcpy(sh + d->off_cubes, &hc, sizeof hc, cudaMemcpyHostToDevice);
  if (e == cudaSuccess)
    e = cudaMemcpy(sh + d->off_cube_term, &ht, sizeof ht, cudaMemcpyHostToDevice);
  GSAT_CUDA_TRY(err, e);
  return GSAT_OK;
}

/* The ring, laid out and cleared on the host (gsat_share_init), its pointers
 * moved to the device copy; the readers; the descriptors' share fields. */
static gsat_status upload_share(cdcl_run *d, char *sh, gsat_error *err) {
  const uint32_t n = d->pl.searchers;
  char *host = (char *)malloc(d->share_bytes + (size_t)n * sizeof(gsat_cdcl_gpu_reader));
  GSAT_RETURN_IF(!host, err, NOMEM, "out of memory for the clause ring's image");
  gsat_share hs;
  gsat_status st = gsat_share_init(&hs, host, GSAT_CDCL_GPU_RING_LOG2, GSAT_CDCL_GPU_FILTER_LOG2,
                                   d->t.num_vars, 8, 2, err);
  if (st != GSAT_OK) {
    free(host);
    return st;
  }
  gsat_cdcl_gpu_reader *rd = (gsat_cdcl_gpu_reader *)(host + d->share_bytes);
  for (uint32_t i = 0; i < n; i++) {
    memset(&rd[i], 0, sizeof rd[i]);
    gsat_share_reader_init(&rd[i].r, &hs, i);
  }
  char *dev = sh + d->off_share_arena;
#define GSAT_CDCL_GPU_MOVE(f) hs.f = (decltype(hs.f))(dev + ((char *)hs.f - host))
  GSAT_CDCL_GPU_MOVE(slot);
  GSAT_CDCL_GPU_MOVE(filter);
  GSAT_CDCL_GPU_MOVE(unit_value);
  GSAT_CDCL_GPU_MOVE(units);
  GSAT_CDCL_GPU_MOVE(unit_from);
#undef GSAT_CDCL_GPU_MOVE
  cudaError_t e = cudaMemcpy(sh + d->off_share, &hs, sizeof hs, cudaMemcpyHostToDevice);
  if (e == cudaSuccess) e = cudaMemcpy(dev, host, d->share_bytes, cudaMemcpyHostToDevice);
  if (e == cudaSuccess)
    e = cudaMemcpy(sh + d->off_readers, rd, n * sizeof *rd, cudaMemcpyHostToDevice);
  free(host);
  GSAT_CUDA_TRY(err, e);
  for (uint32_t i = 0; i < n; i++) {
    d->h_desc[i].share = (gsat_share *)(sh + d->off_share);
    d->h_desc[i].share_id = i;
  }
  GSAT_CUDA_TRY(err,
                cudaMemcpy(d->d_mem, d->h_desc, n * sizeof(gsat_cdcl), cudaMemcpyHostToDevice));
  return GSAT_OK;
}

/* The proof ring (proof_ring.h): its head and words in mapped pinned host
 * memory (cleared), its writers' side in device memory (the host's stop flag
 * is its abort word), the host's reader; every descriptor points to it. */
static gsat_status upload_proof(cdcl_run *d, char *sh, gsat_error *err) {
  const uint64_t bytes = 256 + 4 * d->ring_words;
  GSAT_CUDA_TRY(err, cudaHostAlloc((void **)&d->h_ring, bytes, cudaHostAllocMapped));
  memset(d->h_ring, 0, bytes);
  char *dev = NULL;
  GSAT_CUDA_TRY(err, cudaHostGetDevicePointer((void **)&dev, d->h_ring, 0));
  gsat_proof_ring w;
  memset(&w, 0, sizeof w);
  w.words = (uint32_t *)(dev + 256);
  w.mask = d->ring_words - 1;
  w.head = (uint64_t *)dev;
  w.abort = d->k.d_stop;
  w.max_len = d->t.num_vars;
  GSAT_CUDA_TRY(err, cudaMemcpy(sh + d->off_proof, &w, sizeof w, cudaMemcpyHostToDevice));
  GSAT_FORWARD(gsat_proof_reader_init(&d->rd, (uint32_t *)(d->h_ring + 256), w.mask,
                                      (uint64_t *)d->h_ring, w.max_len, err));
  d->have_rd = 1;
  for (uint32_t i = 0; i < d->pl.searchers; i++)
    d->h_desc[i].proof_ring = (gsat_proof_ring *)(sh + d->off_proof);
  return GSAT_OK;
}

/* Allocates and uploads: descriptors, template images, streams, control. */
static gsat_status upload(const gsat_db *db, const gsat_search_params *p, cdcl_run *d,
                          gsat_error *err) {
  const gsat_cdcl_gpu_plan *pl = &d->pl;
  GSAT_CUDA_TRY(err, cudaMalloc(&d->d_mem, pl->total));
  GSAT_FORWARD(gsat_kernel_run_create(&d->k, err));
  GSAT_CUDA_TRY(err,
                cudaHostAlloc(&d->h_desc, pl->searchers * sizeof(gsat_cdcl), cudaHostAllocDefault));
  GSAT_CUDA_TRY(
      err, cudaHostAlloc(&d->h_at, pl->searchers * sizeof(gsat_cdcl_gpu_at), cudaHostAllocDefault));
  gsat_cdcl_gpu_describe(pl, &d->t, &p->cdcl, d->d_mem, d->h_desc);
  char *sh = d->d_mem + gsat_cdcl_gpu_shared_at(pl);
  if (d->proof) GSAT_FORWARD(upload_proof(d, sh, err));
  const gsat_cdcl *t = &d->t;
  GSAT_CUDA_TRY(err, cudaMemcpyAsync(d->d_mem, d->h_desc, pl->searchers * sizeof(gsat_cdcl),
                                     cudaMemcpyHostToDevice, d->k.stream));
  GSAT_CUDA_TRY(err, cudaMemcpyAsync(sh + d->off_fixed, gsat_cdcl_fixed_block(t),
                                     gsat_cdcl_fixed_bytes(t->num_vars), cudaMemcpyHostToDevice,
                                     d->k.stream));
  GSAT_CUDA_TRY(err, cudaMemcpyAsync(sh + d->off_arena, t->arena, 4 * t->arena_top,
                                     cudaMemcpyHostToDevice, d->k.stream));
  GSAT_CUDA_TRY(err, cudaMemcpyAsync(sh + d->off_wpool, t->wpool, 8 * t->wpool_top,
                                     cudaMemcpyHostToDevice, d->k.stream));
  if (d->streams) {
    GSAT_CUDA_TRY(err, cudaMemcpyAsync(sh + d->off_occ_start, db->occ_start,
                                       4 * (2 * (size_t)db->num_vars + 1), cudaMemcpyHostToDevice,
                                       d->k.stream));
    GSAT_CUDA_TRY(err, cudaMemcpyAsync(sh + d->off_occ_stream, db->occ_stream,
                                       4 * (size_t)gsat_db_stream_size(db), cudaMemcpyHostToDevice,
                                       d->k.stream));
  }
  GSAT_CUDA_TRY(err, cudaMemsetAsync(sh + d->off_ctl, 0, sizeof(gsat_cdcl_gpu_ctl), d->k.stream));
  GSAT_CUDA_TRY(err, cudaMemsetAsync(sh + d->off_at, 0, pl->searchers * sizeof(gsat_cdcl_gpu_at),
                                     d->k.stream));
  GSAT_CUDA_TRY(err, cudaStreamSynchronize(d->k.stream));
  if (d->share) GSAT_FORWARD(upload_share(d, sh, err));
  if (d->cubes) GSAT_FORWARD(upload_cubes(d, sh, err));
  return GSAT_OK;
}

static gsat_cdcl_gpu_params params_of(const gsat_db *db, cdcl_run *d, int *d_host_stop) {
  char *sh = d->d_mem + gsat_cdcl_gpu_shared_at(&d->pl);
  gsat_cdcl_gpu_params kp;
  memset(&kp, 0, sizeof kp);
  kp.searchers = (gsat_cdcl *)d->d_mem;
  kp.count = d->pl.searchers;
  kp.tmpl_fixed = (const uint32_t *)(sh + d->off_fixed);
  kp.fixed_words = gsat_cdcl_fixed_bytes(d->t.num_vars) / 4;
  kp.tmpl_arena = (const uint32_t *)(sh + d->off_arena);
  kp.arena_words = d->t.arena_top;
  kp.tmpl_wpool = (const gsat_watch *)(sh + d->off_wpool);
  kp.wpool_entries = d->t.wpool_top;
  kp.db = gsat_db_view_of(db);
  kp.db.occ_start = d->streams ? (const uint32_t *)(sh + d->off_occ_start) : NULL;
  kp.db.occ_stream = d->streams ? (const uint32_t *)(sh + d->off_occ_stream) : NULL;
  kp.db.order = NULL;
  kp.db.clause_start = NULL;
  kp.db.clause_lits = NULL;
  kp.ctl = (gsat_cdcl_gpu_ctl *)(sh + d->off_ctl);
  kp.model = (uint8_t *)(sh + d->off_model);
  kp.host_stop = d_host_stop;
  kp.slice = GSAT_CDCL_GPU_SLICE;
  kp.share = d->share ? (gsat_share *)(sh + d->off_share) : NULL;
  kp.readers = d->share ? (gsat_cdcl_gpu_reader *)(sh + d->off_readers) : NULL;
  kp.import_max = GSAT_CDCL_GPU_IMPORT_MAX;
  kp.cubes = d->cubes ? (gsat_cubes *)(sh + d->off_cubes) : NULL;
  kp.cube_term = d->cubes ? (gsat_term *)(sh + d->off_cube_term) : NULL;
  kp.cube_state = d->cubes ? (gsat_cdcl_gpu_cube *)(sh + d->off_cube_state) : NULL;
  kp.at = (gsat_cdcl_gpu_at *)(sh + d->off_at);
  return kp;
}

/* The searchers' counters summed into t (from host copies of the descriptors). */
static void sum_counters(const gsat_cdcl *desc, uint32_t n, gsat_worker_stats *t) {
  memset(t, 0, sizeof *t);
  for (uint32_t i = 0; i < n; i++) {
#define GSAT_CDCL_GPU_SUM(field) t->c.field += desc[i].n.field;
    GSAT_CDCL_COUNTER_FIELDS(GSAT_CDCL_GPU_SUM)
#undef GSAT_CDCL_GPU_SUM
  }
  gsat_worker_stats_set_cdcl(t, &t->c);
  for (uint32_t i = 0; i < n; i++) t->shared_exported += desc[i].share_out;
}

static gsat_status read_counters(cdcl_run *d, gsat_worker_stats *t, gsat_error *err) {
  GSAT_CUDA_TRY(err, cudaMemcpyAsync(d->h_desc, d->d_mem, d->pl.searchers * sizeof(gsat_cdcl),
                                     cudaMemcpyDeviceToHost, d->k.copy_stream));
  GSAT_CUDA_TRY(err, cudaStreamSynchronize(d->k.copy_stream));
  sum_counters(d->h_desc, d->pl.searchers, t);
  return GSAT_OK;
}

/* The clause port's verdict (cdcl_port.h: its thread exchanges): 1 when it
 * ends the search (its 20, complementary units: UNSAT; its 0: UNKNOWN). */
static int port_ends(cdcl_run *d) {
  int res = gsat_gpu_cdcl_mirror_result(d->mirror);
  if (res == GSAT_CLAUSE_PORT_CONTINUE) return 0;
  d->port_unsat = res == 20;
  return 1;
}

/* The search's side of the wait for its kernel (gsat_kernel_watch): the
 * clause port's verdict, the limits and progress from the searchers'
 * counters (gpu/kernel_run.cuh), the proof ring's drain. */
typedef struct cdcl_watch {
  gsat_kernel_progress c;
  cdcl_run *d;
} cdcl_watch;

static gsat_status read_hook(void *run, gsat_worker_stats *t, gsat_error *err) {
  return read_counters((cdcl_run *)run, t, err);
}

static int watch_drain(void *run) {
  cdcl_run *d = ((cdcl_watch *)run)->d;
  return d->proof && gsat_proof_reader_drain(&d->rd, d->proof, GSAT_CDCL_GPU_DRAIN_WORDS) != 0;
}

static gsat_status watch_check(void *run, double now, int stop_sent, int *cause, gsat_error *err) {
  cdcl_watch *w = (cdcl_watch *)run;
  const int port = !stop_sent && w->d->mirror && port_ends(w->d);
  int over = 0;
  GSAT_FORWARD(gsat_kernel_progress_check(&w->c, now, stop_sent, &over, err));
  *cause = port ? GSAT_KERNEL_VERDICT : over ? GSAT_KERNEL_LIMIT : GSAT_KERNEL_GO_ON;
  return GSAT_OK;
}

/* The progress line from the searchers' counters. */
static gsat_status watch_report(void *run, double now, int stop_sent, gsat_error *err) {
  (void)err;
  return gsat_kernel_progress_report(&((cdcl_watch *)run)->c, now, stop_sent);
}

/* Gives up on a kernel that did not stop (gsat_kernel_wait_give_up): the
 * searchers' phases read through the copy stream, which the kernel's stream
 * does not hold up; without them when the copy does not come back within
 * 0.5 s. */
static gsat_status watch_give_up(void *run, const gsat_kernel_wait *wait, gsat_error *err) {
  cdcl_run *d = ((cdcl_watch *)run)->d;
  char *sh = d->d_mem + gsat_cdcl_gpu_shared_at(&d->pl);
  const gsat_kernel_where k =
      gsat_cdcl_gpu_where_of(d->h_at, d->pl.searchers, GSAT_CDCL_GPU_WARPS_PER_BLOCK);
  const int got = gsat_kernel_wait_fetch(
      d->h_at, sh + d->off_at, d->pl.searchers * sizeof(gsat_cdcl_gpu_at), d->k.copy_stream);
  return gsat_kernel_wait_give_up(wait, got ? &k : NULL, err);
}

/* Waits for the kernel (gsat_kernel_supervise), passing on stop requests
 * (the flag, the limits, the clause port's verdict), reporting progress and
 * draining the proof ring; then drains what is left. */
static gsat_status supervise(const gsat_search_params *p, gsat_search_result *r, cdcl_run *d,
                             double start, gsat_error *err) {
  cdcl_watch w;
  gsat_kernel_progress_init(&w.c, p, start, d, read_hook, GSAT_SEARCH_CDCL, d->pl.searchers);
  w.d = d;
  const gsat_kernel_watch hooks = {&w, watch_drain, watch_check, watch_report, watch_give_up};
  GSAT_FORWARD(gsat_kernel_supervise(&hooks, d->k.stop, p->stop, p->gpu_stop_grace, d->k.h_stop,
                                     &r->stopped_by_limit, err));
  GSAT_CUDA_TRY(err, cudaStreamSynchronize(d->k.stream));     /* reports a kernel fault */
  if (d->proof) gsat_proof_reader_drain(&d->rd, d->proof, 0); /* every record is written */
  return GSAT_OK;
}

/* After the kernel and the last drain: the proof's end (proof_ring.h,
 * gsat_proof_reader_finish); an UNSAT whose proof lost a record at a stop
 * becomes UNKNOWN. */
static gsat_status finish_proof(gsat_search_result *r, cdcl_run *d, gsat_error *err) {
  char *sh = d->d_mem + gsat_cdcl_gpu_shared_at(&d->pl);
  gsat_proof_ring w;
  GSAT_CUDA_TRY(err, cudaMemcpy(&w, sh + d->off_proof, sizeof w, cudaMemcpyDeviceToHost));
  r->gpu_cdcl_proof_records = d->rd.records;
  int unsat = r->answer == GSAT_CDCL_GPU_UNSAT && !r->unsat_assumptions;
  const int was = unsat;
  GSAT_FORWARD(gsat_proof_reader_finish(&d->rd, &w, d->proof, &unsat, err));
  if (was && !unsat) r->answer = 0;
  return GSAT_OK;
}

/* The cube counters: taken and donated (into the totals), refuted, the
 * tree's use. */
static gsat_status collect_cubes(gsat_search_result *r, cdcl_run *d, const char *sh,
                                 gsat_error *err) {
  const uint32_t n = d->pl.searchers;
  gsat_cdcl_gpu_cube *cs = (gsat_cdcl_gpu_cube *)malloc(n * sizeof *cs);
  GSAT_RETURN_IF(!cs, err, NOMEM, "out of memory for the cube counters");
  gsat_cubes hc;
  cudaError_t e = cudaMemcpy(cs, sh + d->off_cube_state, n * sizeof *cs, cudaMemcpyDeviceToHost);
  if (e == cudaSuccess) e = cudaMemcpy(&hc, sh + d->off_cubes, sizeof hc, cudaMemcpyDeviceToHost);
  for (uint32_t i = 0; e == cudaSuccess && i < n; i++) {
    r->total.cubes += cs[i].taken;
    r->total.donations += cs[i].donated;
    r->gpu_cdcl_cubes_refuted += cs[i].refuted;
  }
  free(cs);
  GSAT_CUDA_TRY(err, e);
  r->gpu_cdcl_cube_nodes = hc.node_count < hc.node_cap ? hc.node_count : hc.node_cap;
  r->gpu_cdcl_cube_cap = hc.node_cap;
  return GSAT_OK;
}

/* After the kernel: time, counters, answer, model, failed assumptions. */
static gsat_status collect(gsat_search_result *r, cdcl_run *d, gsat_error *err) {
  float ms = 0;
  GSAT_CUDA_TRY(err, cudaEventElapsedTime(&ms, d->k.start, d->k.stop));
  r->kernel_seconds = ms / 1000.0;
  char *sh = d->d_mem + gsat_cdcl_gpu_shared_at(&d->pl);
  gsat_cdcl_gpu_ctl ctl;
  GSAT_CUDA_TRY(err, cudaMemcpy(&ctl, sh + d->off_ctl, sizeof ctl, cudaMemcpyDeviceToHost));
  GSAT_FORWARD(read_counters(d, &r->total, err));
  r->gpu_cdcl_retired = ctl.retired;
  if (d->share) {
    const uint32_t n = d->pl.searchers;
    gsat_cdcl_gpu_reader *rd = (gsat_cdcl_gpu_reader *)malloc(n * sizeof *rd);
    GSAT_RETURN_IF(!rd, err, NOMEM, "out of memory for the readers' counters");
    cudaError_t e = cudaMemcpy(rd, sh + d->off_readers, n * sizeof *rd, cudaMemcpyDeviceToHost);
    for (uint32_t i = 0; e == cudaSuccess && i < n; i++)
      r->total.shared_imported += rd[i].r.imported;
    free(rd);
    GSAT_CUDA_TRY(err, e);
  }
  if (d->cubes) GSAT_FORWARD(collect_cubes(r, d, sh, err));
  GSAT_RETURN_IF(ctl.answer != 0 && ctl.answer != GSAT_CDCL_GPU_SAT &&
                     ctl.answer != GSAT_CDCL_GPU_UNSAT,
                 err, INTERNAL, "the GPU CDCL search ended with an invalid answer %u", ctl.answer);
  GSAT_RETURN_IF(ctl.answer && ctl.winner >= d->pl.searchers, err, INTERNAL,
                 "the GPU CDCL search names searcher %u of %u", ctl.winner, d->pl.searchers);
  r->answer = (int)ctl.answer;
  if (!r->answer && d->port_unsat) r->answer = GSAT_CDCL_GPU_UNSAT;
  if (d->mirror) gsat_gpu_cdcl_mirror_counts(d->mirror, &r->total.port_out, &r->total.port_in);
  const uint32_t V = d->t.num_vars;
  if (r->answer == GSAT_CDCL_GPU_SAT) {
    r->model = (uint8_t *)malloc((size_t)V + 1);
    GSAT_RETURN_IF(!r->model, err, NOMEM, "out of memory for the model");
    GSAT_CUDA_TRY(err, cudaMemcpy(r->model, sh + d->off_model, V, cudaMemcpyDeviceToHost));
  }
  const gsat_cdcl *w = ctl.answer ? &d->h_desc[ctl.winner] : NULL;
  if (r->answer == GSAT_CDCL_GPU_UNSAT && w && w->unsat_assumptions) {
    r->unsat_assumptions = 1;
    r->failed_len = w->failed_len;
    r->failed = (gsat_lit *)malloc(((size_t)w->failed_len + 1) * sizeof *r->failed);
    GSAT_RETURN_IF(!r->failed, err, NOMEM, "out of memory for the failed assumptions");
    GSAT_CUDA_TRY(err, cudaMemcpy(r->failed, w->failed, w->failed_len * sizeof *r->failed,
                                  cudaMemcpyDeviceToHost));
  }
  return d->proof ? finish_proof(r, d, err) : GSAT_OK;
}

static gsat_status run(const gsat_db *db, const gsat_search_params *p, gsat_search_result *r,
                       cdcl_run *d, gsat_error *err) {
  GSAT_FORWARD(gsat_kernel_run_open(&d->k, p, r, err));
  double t1 = gsat_seconds();
  int refuted = 0;
  GSAT_FORWARD(plan_run(db, p, r, d, &refuted, err));
  if (refuted) {
    r->answer = GSAT_CDCL_GPU_UNSAT;
    return GSAT_OK;
  }
  GSAT_FORWARD(upload(db, p, d, err));
  if (p->clause_port) {
    char *sh = d->d_mem + gsat_cdcl_gpu_shared_at(&d->pl);
    GSAT_FORWARD(gsat_gpu_cdcl_mirror_open(&d->mirror, (gsat_share *)(sh + d->off_share),
                                           db->num_vars, p->clause_port, err));
  }
  r->upload_seconds = gsat_seconds() - t1;
  gsat_cdcl_gpu_params kp = params_of(db, d, d->k.d_stop);
  if (GSAT_FLAG_IS_RAISED(p->stop)) return GSAT_OK; /* stopped during the setup */
  if (p->may_start && !p->may_start(p->may_start_data)) return GSAT_OK; /* the race is over */
  double start = gsat_seconds();
  GSAT_CUDA_TRY(err, cudaEventRecord(d->k.start, d->k.stream));
  gsat_cdcl_gpu_kernel<<<r->gpu_blocks, r->gpu_threads, 0, d->k.stream>>>(kp);
  GSAT_CUDA_TRY(err, cudaPeekAtLastError());
  GSAT_CUDA_TRY(err, cudaEventRecord(d->k.stop, d->k.stream));
  if (d->mirror) GSAT_FORWARD(gsat_gpu_cdcl_mirror_start(d->mirror, err));
  GSAT_FORWARD(supervise(p, r, d, start, err));
  if (d->mirror) GSAT_FORWARD(gsat_gpu_cdcl_mirror_stop(d->mirror, err));
  return collect(r, d, err);
}

extern "C" gsat_status gsat_gpu_cdcl_solve(const gsat_db *db, const gsat_search_params *p,
                                           gsat_search_result *r, gsat_error *err) {
  memset(r, 0, sizeof *r);
  GSAT_FORWARD(gsat_kernel_run_usable(p->device, err));
  double t0 = gsat_seconds();
  cdcl_run d;
  memset(&d, 0, sizeof d);
  gsat_status st = run(db, p, r, &d, err);
  release_run(&d);
  r->search_seconds = r->kernel_seconds > 0 ? r->kernel_seconds : gsat_seconds() - t0;
  if (st != GSAT_OK) {
    free(r->model);
    r->model = NULL;
    free(r->failed);
    r->failed = NULL;
  }
  return st;
}
