/* Plan of the merge passes and of the temporary storage (bcfsort_plan.h). */
#include "gpu/bcfsort_plan.h"

#include <string.h>

static uint64_t ceil_div(uint64_t a, uint64_t b) {
  return (a + b - 1) / b;
}

static size_t align256(size_t x) {
  return (x + 255u) & ~(size_t)255u;
}

size_t gsat_bcf_composite_bytes(uint64_t n) {
  return align256((size_t)n * sizeof(uint64_t));
}

uint64_t gsat_bcf_default_chunk(uint64_t n) {
  uint64_t c = 1024;
  while (c < 32768 && c * 2 * 2048 <= n) c *= 2;
  return c;
}

/* Buckets of a group whose runs hold `samples` samples in all. */
static uint32_t splitter_buckets(uint64_t samples) {
  uint64_t b = samples / GSAT_BCF_SPB;
  return b ? (uint32_t)b : 1u;
}

static void plan_pass(gsat_bcf_pass *p, uint64_t n, uint64_t run, uint32_t ways,
                      int merge_path, uint64_t chunk) {
  memset(p, 0, sizeof *p);
  p->n = n;
  p->run = run;
  p->ways = ways;
  p->depth = ways == 2 ? 1 : ways == 4 ? 2 : 3;
  p->groups = ceil_div(n, (uint64_t)ways * run);
  p->chunk = chunk;
  p->spb = GSAT_BCF_SPB;
  uint64_t last = p->groups - 1;
  uint64_t last_size = gsat_bcf_group_size(p, last);
  if (merge_path) {
    p->merge_path = 1;
    p->buckets_full = (uint32_t)ceil_div((uint64_t)ways * run, chunk);
    p->buckets_last = (uint32_t)ceil_div(last_size, chunk);
  } else if ((uint64_t)ways * run <= chunk) {
    p->buckets_full = p->buckets_last = 1;
  } else {
    p->k = (uint32_t)(chunk / GSAT_BCF_SPB);
    p->samples_full = (uint32_t)(ways * (run / p->k));
    p->buckets_full = splitter_buckets(p->samples_full);
    uint64_t s = 0;
    for (uint32_t m = 0; m < ways; ++m) s += gsat_bcf_run_samples(p, last, m);
    p->buckets_last = splitter_buckets(s);
  }
  p->buckets = last * p->buckets_full + p->buckets_last;
}

gsat_status gsat_bcf_plan_make(gsat_bcf_plan *plan, uint64_t n,
                               uint32_t key_bytes, const gsat_sort_config *cfg,
                               gsat_error *err) {
  memset(plan, 0, sizeof *plan);
  GSAT_RETURN_IF(n > GSAT_SORT_MAX_N, err, USAGE,
                 "sort: %llu keys exceed the limit %llu", (unsigned long long)n,
                 (unsigned long long)GSAT_SORT_MAX_N);
  GSAT_RETURN_IF(key_bytes != 4 && key_bytes != 8, err, USAGE,
                 "sort: key size %u is not 4 or 8", key_bytes);
  int ways = cfg && cfg->ways ? cfg->ways : 4;
  int merge_path = cfg && cfg->partition == GSAT_SORT_MERGE_PATH;
  GSAT_RETURN_IF(cfg && cfg->partition != GSAT_SORT_SPLITTERS && !merge_path,
                 err, USAGE, "sort: unknown partition %d", cfg->partition);
  if (merge_path && cfg->ways == 0) ways = 2;
  GSAT_RETURN_IF(ways != 2 && ways != 4 && ways != 8, err, USAGE,
                 "sort: ways %d is not 2, 4 or 8", ways);
  GSAT_RETURN_IF(merge_path && ways != 2, err, USAGE,
                 "sort: merge path needs ways 2, not %d", ways);
  uint64_t chunk = cfg && cfg->chunk ? cfg->chunk : gsat_bcf_default_chunk(n);
  GSAT_RETURN_IF(chunk < 1024 || chunk > ((uint64_t)1 << 24) ||
                     (chunk & (chunk - 1)),
                 err, USAGE,
                 "sort: chunk %llu is not a power of two in "
                 "[1024, 2^24]",
                 (unsigned long long)chunk);
  plan->n = n;
  plan->key_bytes = key_bytes;
  size_t sorted = 0, split = 0, cuts = 0;
  const uint64_t tile =
      (uint64_t)GSAT_BCF_TILE_PAGES(key_bytes) * GSAT_BCF_PAGE;
  for (uint64_t run = tile; run < n; run *= (uint64_t)ways) {
    uint64_t runs = ceil_div(n, run);
    uint32_t w = 2;
    while (w < (uint32_t)ways && w < runs) w *= 2;
    gsat_bcf_pass *p = &plan->pass[plan->npasses++];
    plan_pass(p, n, run, w, merge_path, chunk);
    size_t ss = (size_t)p->groups * p->samples_full;
    size_t sp = (size_t)p->groups * p->buckets_full;
    if (ss > sorted) sorted = ss;
    if (sp > split) split = sp;
    if (sp * w * 2 > cuts) cuts = sp * w * 2;
    if (w < (uint32_t)ways) break; /* the last pass merged every run */
  }
  plan->page_to_out = plan->npasses % 2 == 0;
  plan->buf_off = 0;
  plan->sorted_off = align256(plan->buf_off + (size_t)n * key_bytes);
  plan->split_off = align256(plan->sorted_off + sorted * key_bytes);
  plan->cuts_off = align256(plan->split_off + split * key_bytes);
  plan->bytes = align256(plan->cuts_off + cuts * sizeof(uint32_t));
  return GSAT_OK;
}
