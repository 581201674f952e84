/* Device checks of the bank-conflict-free sort (sort_check.h). */
#include "tests/support/sort_check.h"

#include <stdlib.h>
#include <string.h>

#include <cuda_runtime_api.h>

#include "kernels/cuda_check.cuh"

#include "tests/support/sort_inputs.h"
#include "kernels/bcfsort.h"
#include "kernels/device.h"
#include "gpu/occ.h"

typedef enum kind { KEYS32, KEYS64, PAIRS32, PAIRS64, KINDS } kind;

static const char *kind_name[KINDS] = {"keys u32", "keys u64", "pairs u32", "pairs u64"};

typedef struct bufs {
  size_t cap;
  uint64_t *h_key, *h_ref, *h_out, *h_tmp;
  uint32_t *h_val, *h_rval, *h_oval, *h_tval, *h_k32;
  void *d_kin, *d_kout, *d_vin, *d_vout, *d_temp;
  size_t temp_cap;
} bufs;

static gsat_status sort(kind k, bufs *b, size_t n, const gsat_sort_config *cfg, void *temp,
                        size_t *bytes, gsat_error *err) {
  switch (k) {
  case KEYS32:
    return gsat_gpu_sort_keys_u32(temp, bytes, b->d_kin, b->d_kout, n, cfg, NULL, err);
  case KEYS64:
    return gsat_gpu_sort_keys_u64(temp, bytes, b->d_kin, b->d_kout, n, cfg, NULL, err);
  case PAIRS32:
    return gsat_gpu_sort_pairs_u32(temp, bytes, b->d_kin, b->d_kout, b->d_vin, b->d_vout, n, cfg,
                                   NULL, err);
  default:
    return gsat_gpu_sort_pairs_u64(temp, bytes, b->d_kin, b->d_kout, b->d_vin, b->d_vout, n, cfg,
                                   NULL, err);
  }
}

/* Runs one case; *ok tells whether the output equals the reference. */
static gsat_status run_case(bufs *b, kind k, size_t n, gsat_sort_dist d,
                            const gsat_sort_config *cfg, int *ok, gsat_error *err) {
  const int wide = k == KEYS64 || k == PAIRS64, pairs = k >= PAIRS32;
  const size_t ks = wide ? 8 : 4;
  uint64_t seed = 0x5eed + n * 31 + (uint64_t)d * 7 + (uint64_t)k;
  gsat_sort_fill(b->h_key, n, d, wide ? 64 : 32, seed);
  for (size_t i = 0; i < n; ++i) {
    b->h_val[i] = (uint32_t)gsat_sort_rand(&seed);
    b->h_k32[i] = (uint32_t)b->h_key[i];
  }
  GSAT_CUDA_TRY(err, cudaMemcpy(b->d_kin, wide ? (void *)b->h_key : (void *)b->h_k32, n * ks,
                                cudaMemcpyHostToDevice));
  GSAT_CUDA_TRY(err, cudaMemcpy(b->d_vin, b->h_val, n * 4, cudaMemcpyHostToDevice));
  GSAT_CUDA_TRY(err, cudaMemset(b->d_kout, 0xa5, b->cap * 8));
  GSAT_CUDA_TRY(err, cudaMemset(b->d_vout, 0xa5, b->cap * 4));
  size_t bytes = 0;
  GSAT_FORWARD(sort(k, b, n, cfg, NULL, &bytes, err));
  if (bytes > b->temp_cap) {
    GSAT_CUDA_TRY(err, cudaFree(b->d_temp));
    b->d_temp = NULL;
    GSAT_CUDA_TRY(err, cudaMalloc(&b->d_temp, bytes));
    b->temp_cap = bytes;
  }
  bytes = b->temp_cap;
  GSAT_FORWARD(sort(k, b, n, cfg, b->d_temp, &bytes, err));
  GSAT_CUDA_TRY(err, cudaDeviceSynchronize());
  GSAT_CUDA_TRY(err, cudaMemcpy(wide ? (void *)b->h_out : (void *)b->h_k32, b->d_kout, n * ks,
                                cudaMemcpyDeviceToHost));
  GSAT_CUDA_TRY(err, cudaMemcpy(b->h_oval, b->d_vout, n * 4, cudaMemcpyDeviceToHost));
  if (!wide)
    for (size_t i = 0; i < n; ++i) b->h_out[i] = b->h_k32[i];
  memcpy(b->h_ref, b->h_key, n * sizeof *b->h_ref);
  memcpy(b->h_rval, b->h_val, n * sizeof *b->h_rval);
  gsat_sort_host_radix(b->h_ref, pairs ? b->h_rval : NULL, n, wide ? 64 : 32, b->h_tmp, b->h_tval);
  *ok = memcmp(b->h_out, b->h_ref, n * sizeof *b->h_ref) == 0 &&
        (!pairs || memcmp(b->h_oval, b->h_rval, n * 4) == 0);
  return GSAT_OK;
}

static void report(FILE *log, gsat_sort_check_result *res, int ok, const char *what, kind k,
                   size_t n, gsat_sort_dist d) {
  if (ok)
    res->passed++;
  else
    res->failed++;
  if (log)
    fprintf(log, "%s %s %s n=%zu %s\n", ok ? "PASS" : "FAIL", what, kind_name[k], n,
            gsat_sort_dist_name(d));
}

/* A temporary buffer one byte short is refused. */
static gsat_status check_usage(bufs *b, FILE *log, gsat_sort_check_result *res, gsat_error *err) {
  size_t bytes = 0;
  if (!b->d_temp) {
    GSAT_CUDA_TRY(err, cudaMalloc(&b->d_temp, 256));
    b->temp_cap = 256;
  }
  GSAT_FORWARD(gsat_gpu_sort_keys_u32(NULL, &bytes, b->d_kin, b->d_kout, 5000, NULL, NULL, err));
  bytes -= 1;
  gsat_error e2;
  gsat_status s =
      gsat_gpu_sort_keys_u32(b->d_temp, &bytes, b->d_kin, b->d_kout, 5000, NULL, NULL, &e2);
  int ok = s == GSAT_USAGE;
  res->passed += ok;
  res->failed += !ok;
  if (log) fprintf(log, "%s short temporary storage refused\n", ok ? "PASS" : "FAIL");
  return GSAT_OK;
}

/* Occurrence lists of a random CNF (clauses of 0 to max_len literals, some
 * repeated) with both sorts, against gsat_occ_build_host. */
static gsat_status check_occ(uint32_t vars, uint32_t clauses, uint32_t max_len, FILE *log,
                             gsat_sort_check_result *res, gsat_error *err) {
  uint64_t seed = 77 + vars + clauses;
  uint32_t *cs = malloc(((size_t)clauses + 1) * 4);
  GSAT_RETURN_IF(!cs, err, NOMEM, "occ check: out of memory");
  cs[0] = 0;
  for (uint32_t c = 0; c < clauses; ++c)
    cs[c + 1] = cs[c] + (uint32_t)(gsat_sort_rand(&seed) % (max_len + 1));
  const uint32_t entries = cs[clauses], nl = 2 * vars;
  uint32_t *lits = malloc((size_t)entries * 4 + 4);
  uint32_t *ref_start = malloc(((size_t)nl + 1) * 4);
  uint32_t *ref_clause = malloc((size_t)entries * 4 + 4);
  uint32_t *got_start = malloc(((size_t)nl + 1) * 4);
  uint32_t *got_clause = malloc((size_t)entries * 4 + 4);
  uint32_t *d_cs = NULL, *d_lits = NULL, *d_start = NULL, *d_clause = NULL;
  void *d_temp = NULL;
  gsat_status s = GSAT_OK;
  if (!lits || !ref_start || !ref_clause || !got_start || !got_clause) {
    s = gsat_error_set(err, GSAT_NOMEM, "occ check: out of memory");
    goto done;
  }
  for (uint32_t p = 0; p < entries; ++p) lits[p] = (uint32_t)(gsat_sort_rand(&seed) % nl);
  gsat_occ_build_host(cs, lits, clauses, nl, ref_start, ref_clause);
  if (cudaMalloc((void **)&d_cs, ((size_t)clauses + 1) * 4) != cudaSuccess ||
      cudaMalloc((void **)&d_lits, (size_t)entries * 4 + 4) != cudaSuccess ||
      cudaMalloc((void **)&d_start, ((size_t)nl + 1) * 4) != cudaSuccess ||
      cudaMalloc((void **)&d_clause, (size_t)entries * 4 + 4) != cudaSuccess ||
      cudaMemcpy(d_cs, cs, ((size_t)clauses + 1) * 4, cudaMemcpyHostToDevice) != cudaSuccess ||
      cudaMemcpy(d_lits, lits, (size_t)entries * 4, cudaMemcpyHostToDevice) != cudaSuccess) {
    s = gsat_error_set(err, GSAT_CUDA, "occ check: device buffers");
    goto done;
  }
  gsat_occ_input in = {d_cs, d_lits, clauses, entries, nl};
  for (int sort = 0; sort < 2 && s == GSAT_OK; ++sort) {
    size_t bytes = 0;
    s = gsat_gpu_occ_build(NULL, &bytes, &in, d_start, d_clause, (gsat_occ_sort)sort, NULL, err);
    if (s != GSAT_OK) break;
    cudaFree(d_temp);
    if (cudaMalloc(&d_temp, bytes) != cudaSuccess ||
        cudaMemset(d_start, 0xa5, ((size_t)nl + 1) * 4) != cudaSuccess ||
        cudaMemset(d_clause, 0xa5, (size_t)entries * 4) != cudaSuccess) {
      s = gsat_error_set(err, GSAT_CUDA, "occ check: temporary storage");
      break;
    }
    s = gsat_gpu_occ_build(d_temp, &bytes, &in, d_start, d_clause, (gsat_occ_sort)sort, NULL, err);
    if (s != GSAT_OK) break;
    if (cudaMemcpy(got_start, d_start, ((size_t)nl + 1) * 4, cudaMemcpyDeviceToHost) !=
            cudaSuccess ||
        cudaMemcpy(got_clause, d_clause, (size_t)entries * 4, cudaMemcpyDeviceToHost) !=
            cudaSuccess) {
      s = gsat_error_set(err, GSAT_CUDA, "occ check: %s", cudaGetErrorString(cudaGetLastError()));
      break;
    }
    int ok = !memcmp(got_start, ref_start, ((size_t)nl + 1) * 4) &&
             !memcmp(got_clause, ref_clause, (size_t)entries * 4);
    res->passed += ok;
    res->failed += !ok;
    if (log)
      fprintf(log, "%s occ %s vars=%u clauses=%u entries=%u\n", ok ? "PASS" : "FAIL",
              sort ? "radix" : "bcf", vars, clauses, entries);
  }
done:
  cudaFree(d_cs), cudaFree(d_lits), cudaFree(d_start), cudaFree(d_clause);
  cudaFree(d_temp);
  free(cs), free(lits), free(ref_start), free(ref_clause), free(got_start);
  free(got_clause);
  return s;
}

static void free_bufs(bufs *b) {
  free(b->h_key), free(b->h_ref), free(b->h_out), free(b->h_tmp);
  free(b->h_val), free(b->h_rval), free(b->h_oval), free(b->h_tval);
  free(b->h_k32);
  cudaFree(b->d_kin), cudaFree(b->d_kout), cudaFree(b->d_vin);
  cudaFree(b->d_vout), cudaFree(b->d_temp);
}

gsat_status gsat_sort_check_run(size_t max_n, int quick, FILE *log, gsat_sort_check_result *res,
                                gsat_error *err) {
  /* 24577 and 2^18 + 7 give the default pair sort 1 and 3 merge passes (an
   * odd count: its last kernel moves values right after another) */
  static const size_t sizes[] = {
      0, 1, 31, 32, 33, 1023, 1024, 1025, 24577, 70001, (1u << 18) + 7, (1u << 20) + 7, 1u << 24};
  /* more configurations up to 2^20 + 7: for 32-bit keys and pairs, and for
   * all pairs the integer comparison of the packed keys, with zeroed fields
   * and on the default 64-bit variant (set below) */
  struct {
    const char *name;
    gsat_sort_config cfg;
    int pairs_only;
  } extra[] = {{"merge-path", {.ways = 2, .partition = GSAT_SORT_MERGE_PATH}, 0},
               {"8-way", {.ways = 8, .partition = GSAT_SORT_SPLITTERS}, 0},
               {"integer-pairs", {.partition = GSAT_SORT_SPLITTERS, .integer_pairs = 1}, 1},
               {"integer-pairs-default", {0}, 1}};
  memset(res, 0, sizeof *res);
  if (gsat_sort_variant_find(GSAT_SORT_DEFAULT_VARIANT_64, &extra[3].cfg, err) != GSAT_OK)
    return GSAT_USAGE;
  extra[3].cfg.integer_pairs = 1;
  GSAT_RETURN_IF(gsat_gpu_device_count() == 0, err, NODEVICE, "sort check: no CUDA device");
  bufs b;
  memset(&b, 0, sizeof b);
  b.cap = max_n > 1 ? max_n : 1;
  b.h_key = malloc(b.cap * 8), b.h_ref = malloc(b.cap * 8);
  b.h_out = malloc(b.cap * 8), b.h_tmp = malloc(b.cap * 8);
  b.h_val = malloc(b.cap * 4), b.h_rval = malloc(b.cap * 4);
  b.h_oval = malloc(b.cap * 4), b.h_tval = malloc(b.cap * 4);
  b.h_k32 = malloc(b.cap * 4);
  if (!b.h_key || !b.h_ref || !b.h_out || !b.h_tmp || !b.h_val || !b.h_rval || !b.h_oval ||
      !b.h_tval || !b.h_k32 || cudaMalloc(&b.d_kin, b.cap * 8) != cudaSuccess ||
      cudaMalloc(&b.d_kout, b.cap * 8) != cudaSuccess ||
      cudaMalloc(&b.d_vin, b.cap * 4) != cudaSuccess ||
      cudaMalloc(&b.d_vout, b.cap * 4) != cudaSuccess) {
    free_bufs(&b);
    return gsat_error_set(err, GSAT_NOMEM, "sort check: out of memory");
  }
  gsat_status s = GSAT_OK;
  for (size_t si = 0; s == GSAT_OK && si < sizeof sizes / sizeof sizes[0]; ++si) {
    size_t n = sizes[si];
    if (n > max_n) continue;
    for (int d = 0; s == GSAT_OK && d < GSAT_DIST_COUNT; ++d)
      for (int k = 0; s == GSAT_OK && k < KINDS; ++k) {
        if (quick && d != GSAT_DIST_RANDOM && d != GSAT_DIST_FEW) continue;
        int ok = 0;
        s = run_case(&b, (kind)k, n, (gsat_sort_dist)d, NULL, &ok, err);
        if (s == GSAT_OK) report(log, res, ok, "default", (kind)k, n, d);
        for (size_t c = 0;
             s == GSAT_OK && !quick && n <= (1u << 20) + 7 && c < sizeof extra / sizeof extra[0];
             ++c) {
          if (extra[c].pairs_only ? k < PAIRS32 : k != KEYS32 && k != PAIRS32) continue;
          s = run_case(&b, (kind)k, n, (gsat_sort_dist)d, &extra[c].cfg, &ok, err);
          if (s == GSAT_OK) report(log, res, ok, extra[c].name, (kind)k, n, d);
        }
        /* every named variant (gsat_sort_variant), in both modes */
        gsat_sort_config vc;
        const char *vn;
        for (int v = 0;
             s == GSAT_OK && n <= (1u << 20) + 7 && (vn = gsat_sort_variant(v, &vc)) != NULL; ++v) {
          s = run_case(&b, (kind)k, n, (gsat_sort_dist)d, &vc, &ok, err);
          if (s == GSAT_OK) report(log, res, ok, vn, (kind)k, n, d);
        }
      }
  }
  if (s == GSAT_OK) s = check_usage(&b, log, res, err);
  free_bufs(&b);
  static const uint32_t cnf[][3] = {
      {1, 0, 3}, {1, 1, 3}, {50, 7, 0}, {1000, 5000, 6}, {1u << 18, 1u << 20, 8}};
  for (size_t i = 0; s == GSAT_OK && i < sizeof cnf / sizeof cnf[0]; ++i)
    if (cnf[i][1] <= max_n) s = check_occ(cnf[i][0], cnf[i][1], cnf[i][2], log, res, err);
  return s;
}
