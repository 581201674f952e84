/* Device checks of the BMMC kernels (see bmmc_check.h).  C11 over the CUDA
 * runtime API; the reference is a multi-threaded CPU scatter that uses its own
 * byte tables for A x (independent of the plan code). */
#include "tests/support/bmmc_check.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cuda_runtime_api.h>

#include "kernels/cuda_check.cuh"

#include "kernels/bmmc_plan.h"
#include "kernels/device.h"

/* Payloads are a bijection of x that never equals the poison for x < 2^32-1,
 * so a missing write cannot hide behind a matching value. */
#define POISON_BYTE 0xa5
#define POISON32    0xa5a5a5a5u
#define POISON64    0xa5a5a5a5a5a5a5a5ull
#define MUL32       0x9e3779b1u
#define MUL64       0x9e3779b97f4a7c15ull

static uint64_t payload(uint64_t x, uint32_t es) {
  if (es == 4) return (uint32_t)((uint32_t)x * MUL32 ^ POISON32 ^ (0xffffffffu * MUL32));
  return x * MUL64 ^ POISON64 ^ (~0ull * MUL64);
}

void gsat_bmmc_check_tables(const gsat_f2_mat *a, uint64_t table[5][256]) {
  for (int k = 0; k < 5; k++)
    for (int v = 0; v < 256; v++)
      table[k][v] = 8 * k < a->n ? gsat_f2_apply(a, (uint64_t)v << (8 * k)) : 0;
}

/* --- a small parallel-for over [0, count) --------------------------------- */

typedef struct job {
  void (*fn)(struct job *, uint64_t lo, uint64_t hi);
  uint64_t lo, hi;
  const gsat_bmmc *perm;
  uint64_t table[5][256]; /* A x by bytes of x */
  uint32_t es;
  void *ref, *out;
  uint64_t bad, first_bad;
} job;

static void *job_main(void *arg) {
  job *j = arg;
  j->fn(j, j->lo, j->hi);
  return NULL;
}

static void parallel(job *proto, uint64_t count) {
  enum { MAX_THREADS = 32 };
  long cpus = sysconf(_SC_NPROCESSORS_ONLN);
  int threads = count < (1u << 16) ? 1 : cpus < 1 ? 1 : (int)cpus;
  if (threads > MAX_THREADS) threads = MAX_THREADS;
  static job jobs[MAX_THREADS];
  pthread_t tid[MAX_THREADS];
  for (int t = 0; t < threads; t++) {
    jobs[t] = *proto;
    jobs[t].lo = count * (uint64_t)t / (uint64_t)threads;
    jobs[t].hi = count * (uint64_t)(t + 1) / (uint64_t)threads;
    if (threads == 1 || pthread_create(&tid[t], NULL, job_main, &jobs[t]))
      job_main(&jobs[t]), tid[t] = 0;
  }
  proto->bad = 0, proto->first_bad = ~0ull;
  for (int t = 0; t < threads; t++) {
    if (tid[t]) pthread_join(tid[t], NULL);
    proto->bad += jobs[t].bad;
    if (jobs[t].first_bad < proto->first_bad) proto->first_bad = jobs[t].first_bad;
  }
}

static void scatter_range(job *j, uint64_t lo, uint64_t hi) {
  int bytes = (j->perm->a.n + 7) / 8;
  for (uint64_t x = lo; x < hi; x++) {
    uint64_t y = j->perm->c;
    for (int k = 0; k < bytes; k++) y ^= j->table[k][x >> (8 * k) & 255];
    if (j->es == 4)
      ((uint32_t *)j->ref)[y] = (uint32_t)payload(x, 4);
    else
      ((uint64_t *)j->ref)[y] = payload(x, 8);
  }
}

static void fill_range(job *j, uint64_t lo, uint64_t hi) {
  for (uint64_t x = lo; x < hi; x++)
    if (j->es == 4)
      ((uint32_t *)j->out)[x] = (uint32_t)payload(x, 4);
    else
      ((uint64_t *)j->out)[x] = payload(x, 8);
}

static void compare_range(job *j, uint64_t lo, uint64_t hi) {
  j->bad = 0, j->first_bad = ~0ull;
  for (uint64_t y = lo; y < hi; y++) {
    bool ok = j->es == 4 ? ((uint32_t *)j->ref)[y] == ((uint32_t *)j->out)[y]
                         : ((uint64_t *)j->ref)[y] == ((uint64_t *)j->out)[y];
    if (!ok && j->bad++ == 0) j->first_bad = y;
  }
}

/* --- cases ------------------------------------------------------------------
 */

typedef struct variant {
  const char *name;
  int kernel, warps_log, iters_log, locality;
  bool async, gather;
} variant;

static const variant variants[] = {
    {"auto", GSAT_BMMC_AUTO, -1, -1, 0, false, false},
    {"naive", GSAT_BMMC_NAIVE, -1, -1, 0, false, false},
    {"naive-gather", GSAT_BMMC_NAIVE, -1, -1, 0, false, true},
    {"tiled", GSAT_BMMC_TILED, -1, -1, 0, false, false},
    {"tiled-async", GSAT_BMMC_TILED, -1, -1, 0, true, false},
    {"tiled-h4m3-low", GSAT_BMMC_TILED, 4, 3, GSAT_BMMC_LOCALITY_LOW, false, false},
    {"two-pass", GSAT_BMMC_TWO_PASS, -1, -1, 0, false, false},
    {"two-pass-async", GSAT_BMMC_TWO_PASS, -1, -1, 0, true, false},
};

static const char *kind_names[] = {"bpc", "tiled-bmmc", "bmmc"};

typedef struct buffers {
  void *d_in, *d_out, *d_tmp, *h_ref, *h_out;
} buffers;

static gsat_status run_variant(const gsat_bmmc *perm, uint32_t es, const variant *v,
                               const char *what, const buffers *b, job *cmp, FILE *log,
                               gsat_bmmc_check_result *res, gsat_error *err) {
  int n = perm->a.n;
  gsat_bmmc_options o;
  gsat_bmmc_options_init(&o);
  o.kernel = v->kernel;
  o.warps_log = v->warps_log;
  o.iters_log = v->iters_log;
  o.locality = v->locality;
  o.async_copy = v->async;
  o.naive_gather = v->gather;
  gsat_bmmc_plan plan;
  gsat_error perr;
  if (gsat_bmmc_plan_init(&plan, perm, es, &o, &perr) != GSAT_OK) {
    res->failed++;
    if (log) fprintf(log, "FAIL %s %s: plan: %s\n", what, v->name, perr.message);
    return GSAT_OK;
  }
  size_t bytes = (size_t)es << n;
  GSAT_CUDA_TRY(err, cudaMemset(b->d_out, POISON_BYTE, bytes));
  GSAT_CUDA_TRY(err, cudaMemset(b->d_tmp, POISON_BYTE, bytes));
  gsat_status s = gsat_bmmc_plan_run(&plan, b->d_in, b->d_out, b->d_tmp, NULL, &perr);
  if (s == GSAT_OK) s = cudaDeviceSynchronize() == cudaSuccess ? GSAT_OK : GSAT_CUDA;
  if (s != GSAT_OK) {
    res->failed++;
    if (log)
      fprintf(log, "FAIL %s %s: run: %s %s\n", what, v->name, perr.message,
              cudaGetErrorString(cudaGetLastError()));
    return GSAT_OK;
  }
  GSAT_CUDA_TRY(err, cudaMemcpy(b->h_out, b->d_out, bytes, cudaMemcpyDeviceToHost));
  parallel(cmp, (uint64_t)1 << n);
  char desc[256];
  gsat_bmmc_plan_describe(&plan, desc, sizeof desc);
  if (cmp->bad) {
    res->failed++;
    if (log)
      fprintf(log, "FAIL %s %s: %llu of %llu wrong, first at %llu [%s]\n", what, v->name,
              (unsigned long long)cmp->bad, (unsigned long long)1 << n,
              (unsigned long long)cmp->first_bad, desc);
  } else {
    res->passed++;
    if (log) fprintf(log, "PASS %s %s [%s]\n", what, v->name, desc);
  }
  return GSAT_OK;
}

static bool applies(const variant *v, int kind, int n) {
  if (v->kernel == GSAT_BMMC_TILED) return kind < 2 && n >= 5;
  if (v->kernel == GSAT_BMMC_TWO_PASS) return n >= 5;
  return true;
}

static gsat_status run_case(int n, uint32_t es, int kind, bool with_c, const buffers *b, FILE *log,
                            gsat_bmmc_check_result *res, gsat_error *err) {
  uint64_t rng = 0x5eed0000ull + (uint64_t)n * 1000 + es * 10 + kind * 2 + (with_c ? 1 : 0);
  gsat_bmmc perm;
  gsat_bmmc_random(&perm, n, kind, with_c, &rng);
  uint64_t count = (uint64_t)1 << n;
  job j;
  memset(&j, 0, sizeof j);
  j.perm = &perm;
  j.es = es;
  j.ref = b->h_ref;
  j.out = b->h_out;
  gsat_bmmc_check_tables(&perm.a, j.table);
  j.fn = fill_range;
  parallel(&j, count);
  GSAT_CUDA_TRY(err, cudaMemcpy(b->d_in, b->h_out, (size_t)es << n, cudaMemcpyHostToDevice));
  j.fn = scatter_range;
  parallel(&j, count);
  j.fn = compare_range;
  char what[64];
  snprintf(what, sizeof what, "n=%d es=%u %s%s", n, es, kind_names[kind], with_c ? "+c" : "");
  for (size_t v = 0; v < sizeof variants / sizeof variants[0]; v++)
    if (applies(&variants[v], kind, n))
      GSAT_FORWARD(run_variant(&perm, es, &variants[v], what, b, &j, log, res, err));
  return GSAT_OK;
}

/* Running a plan a second time must not allocate device memory. */
static gsat_status check_no_alloc(const buffers *b, FILE *log, gsat_bmmc_check_result *res,
                                  gsat_error *err) {
  uint64_t rng = 99;
  gsat_bmmc perm;
  gsat_f2_random_invertible(&perm.a, 20, &rng);
  perm.c = 0;
  gsat_bmmc_plan plan;
  GSAT_FORWARD(gsat_bmmc_plan_init(&plan, &perm, 4, NULL, err));
  GSAT_FORWARD(gsat_bmmc_plan_run(&plan, b->d_in, b->d_out, b->d_tmp, NULL, err));
  GSAT_CUDA_TRY(err, cudaDeviceSynchronize());
  size_t free0, free1, total;
  GSAT_CUDA_TRY(err, cudaMemGetInfo(&free0, &total));
  for (int i = 0; i < 3; i++)
    GSAT_FORWARD(gsat_bmmc_plan_run(&plan, b->d_in, b->d_out, b->d_tmp, NULL, err));
  GSAT_CUDA_TRY(err, cudaDeviceSynchronize());
  GSAT_CUDA_TRY(err, cudaMemGetInfo(&free1, &total));
  bool ok = free0 == free1;
  ok ? res->passed++ : res->failed++;
  if (log)
    fprintf(log, "%s plan reuse allocates nothing (free %zu -> %zu)\n", ok ? "PASS" : "FAIL", free0,
            free1);
  return GSAT_OK;
}

gsat_status gsat_bmmc_check_run(int max_n, FILE *log, gsat_bmmc_check_result *res,
                                gsat_error *err) {
  static const int ns[] = {0, 1, 5, 9, 10, 11, 15, 20, 24, 28};
  memset(res, 0, sizeof *res);
  GSAT_RETURN_IF(gsat_gpu_device_count() == 0, err, NODEVICE, "no CUDA device");
  int top = 0;
  for (size_t i = 0; i < sizeof ns / sizeof ns[0]; i++)
    if (ns[i] <= max_n) top = ns[i];
  size_t bytes = (size_t)8 << (top < 20 ? 20 : top);
  buffers b;
  memset(&b, 0, sizeof b);
  gsat_status s = GSAT_OK;
  if (cudaMalloc(&b.d_in, bytes) != cudaSuccess || cudaMalloc(&b.d_out, bytes) != cudaSuccess ||
      cudaMalloc(&b.d_tmp, bytes) != cudaSuccess ||
      cudaMallocHost(&b.h_ref, bytes) != cudaSuccess ||
      cudaMallocHost(&b.h_out, bytes) != cudaSuccess) {
    s = gsat_error_set(err, GSAT_NOMEM, "cannot allocate 5 x %zu bytes", bytes);
  }
  for (size_t i = 0; s == GSAT_OK && i < sizeof ns / sizeof ns[0]; i++) {
    if (ns[i] > max_n) continue;
    for (uint32_t es = 4; s == GSAT_OK && es <= 8; es += 4)
      for (int kind = 0; s == GSAT_OK && kind < 3; kind++)
        for (int c = 0; s == GSAT_OK && c < 2; c++)
          s = run_case(ns[i], es, kind, c, &b, log, res, err);
  }
  if (s == GSAT_OK) s = check_no_alloc(&b, log, res, err);
  cudaFree(b.d_in), cudaFree(b.d_out), cudaFree(b.d_tmp);
  cudaFreeHost(b.h_ref), cudaFreeHost(b.h_out);
  return s;
}
