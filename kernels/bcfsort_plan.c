/* Plan of the merge passes and of the temporary storage (bcfsort_plan.h). */
#include "kernels/bcfsort_plan.h"

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

size_t gsat_bcf_pairs_u32_extra_bytes(uint64_t n) {
  return gsat_bcf_composite_bytes(n) + align256((size_t)n * sizeof(uint32_t));
}

size_t gsat_bcf_pairs_u64_extra_bytes(uint64_t n) {
  return 2 * gsat_bcf_composite_bytes(n);
}

gsat_status gsat_bcf_storage(void *d_temp, size_t *temp_bytes, uint64_t n, uint32_t key_bytes,
                             size_t extra, const gsat_sort_config *cfg, gsat_bcf_plan *plan,
                             int *run, gsat_error *err) {
  *run = 0;
  GSAT_RETURN_IF(!temp_bytes, err, USAGE, "sort: temp_bytes is NULL");
  GSAT_FORWARD(gsat_bcf_plan_make(plan, n, key_bytes, cfg, err));
  const size_t need = extra + plan->bytes;
  if (!d_temp) {
    *temp_bytes = need;
    return GSAT_OK;
  }
  GSAT_RETURN_IF(*temp_bytes < need, err, USAGE, "sort: %zu bytes of temporary storage, %zu needed",
                 *temp_bytes, need);
  *run = n > 0;
  return GSAT_OK;
}

int gsat_bcf_pair_moves(const gsat_bcf_plan *plan, uint32_t j, int *to_out) {
  const uint32_t every = plan->pair_carry ? plan->pair_carry : 1;
  const uint32_t last = plan->npasses;
  *to_out = 0;
  if (j % every != 0 && j != last) return 0;
  /* moving kernels after j: the multiples of every in (j, last], and last
   * when it is not one */
  const uint32_t later = last / every - j / every + (j < last && last % every != 0);
  *to_out = later % 2 == 0;
  return 1;
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

/* Variants measured by `bench/device/sort.sh round` (kernels/bcfsort.h,
 * bench/RESULTS.md, "Sort against CUB" and its history). */
static const struct {
  const char *name;
  gsat_sort_config cfg;
} variants[] = {
    /* the first default: 4-way splitter merges, tiles of 16 (32-bit) or 8
     * (64-bit) pages, leftovers transposed back */
    {"classic", {.ways = 4, .partition = GSAT_SORT_SPLITTERS, .form = GSAT_SORT_FORM_CLASSIC}},
    /* the former best for 64-bit keys: binary merges cut by merge path */
    {"classic-mp2", {.ways = 2, .partition = GSAT_SORT_MERGE_PATH, .form = GSAT_SORT_FORM_CLASSIC}},
    /* 4-way, merged rows stored directly, tiles of 16 pages for every key */
    {"row4",
     {.ways = 4, .partition = GSAT_SORT_SPLITTERS, .tile_pages = 16, .form = GSAT_SORT_FORM_ROW}},
    /* the same with tiles of 8 pages for 64-bit keys (more blocks per SM) */
    {"row4-t8",
     {.ways = 4, .partition = GSAT_SORT_SPLITTERS, .tile_pages = 8, .form = GSAT_SORT_FORM_ROW}},
    /* 8-way, rows stored directly: fewest global passes */
    {"row8",
     {.ways = 8, .partition = GSAT_SORT_SPLITTERS, .tile_pages = 16, .form = GSAT_SORT_FORM_ROW}},
    /* binary merge path, leftover in registers: least shared memory */
    {"reg2",
     {.ways = 2, .partition = GSAT_SORT_MERGE_PATH, .tile_pages = 16, .form = GSAT_SORT_FORM_REG}},
    /* row4 and row4-t8 with the bitonic page sort (831 instead of 1843
     * compare-exchanges per lane and page, the same shared accesses) */
    {"row4-bp",
     {.ways = 4,
      .partition = GSAT_SORT_SPLITTERS,
      .tile_pages = 16,
      .form = GSAT_SORT_FORM_ROW,
      .page_sort = GSAT_SORT_PAGE_BITONIC}},
    {"row4-t8-bp",
     {.ways = 4,
      .partition = GSAT_SORT_SPLITTERS,
      .tile_pages = 8,
      .form = GSAT_SORT_FORM_ROW,
      .page_sort = GSAT_SORT_PAGE_BITONIC}},
    /* row4-t8-bp with one warp per merge block: 10 instead of 8 merge
     * warps per SM for 64-bit keys (shared memory bound) */
    {"row4-t8-bp-w1",
     {.ways = 4,
      .partition = GSAT_SORT_SPLITTERS,
      .tile_pages = 8,
      .form = GSAT_SORT_FORM_ROW,
      .page_sort = GSAT_SORT_PAGE_BITONIC,
      .merge_warps = 1}},
    /* row4-t8-bp-w1 moving pair values in every second kernel only (the
     * default for 64-bit keys and pairs) */
    {"row4-t8-bp-w1-c2",
     {.ways = 4,
      .partition = GSAT_SORT_SPLITTERS,
      .tile_pages = 8,
      .form = GSAT_SORT_FORM_ROW,
      .page_sort = GSAT_SORT_PAGE_BITONIC,
      .merge_warps = 1,
      .pair_carry = 2}},
};

const char *gsat_sort_variant(int i, gsat_sort_config *cfg) {
  if (i < 0 || (size_t)i >= sizeof variants / sizeof variants[0]) return NULL;
  *cfg = variants[i].cfg;
  return variants[i].name;
}

/* a == b as strings.  Not strcmp: inlined into gsat_bcf_config_resolve with
 * a default name, strcmp against the longer names ("row4-t8-bp") trips gcc
 * 12's -Wstring-compare, a false positive that -Werror turns fatal. */
static int same_name(const char *a, const char *b) {
  while (*a && *a == *b) ++a, ++b;
  return *a == *b;
}

gsat_status gsat_sort_variant_find(const char *name, gsat_sort_config *cfg, gsat_error *err) {
  for (size_t i = 0; i < sizeof variants / sizeof variants[0]; ++i)
    if (same_name(variants[i].name, name)) {
      *cfg = variants[i].cfg;
      return GSAT_OK;
    }
  return gsat_error_set(err, GSAT_USAGE, "sort: no variant called '%s'", name);
}

gsat_sort_config gsat_bcf_config_resolve(const gsat_sort_config *cfg, uint32_t key_bytes) {
  gsat_sort_config c = {0};
  if (cfg) return *cfg;
  gsat_status s = gsat_sort_variant_find(
      key_bytes == 4 ? GSAT_SORT_DEFAULT_VARIANT_32 : GSAT_SORT_DEFAULT_VARIANT_64, &c, NULL);
  if (s != GSAT_OK) memset(&c, 0, sizeof c); /* a misspelt default name */
  return c;
}

static void plan_pass(gsat_bcf_pass *p, uint64_t n, uint64_t run, uint32_t ways, int merge_path,
                      uint64_t chunk, uint32_t form) {
  memset(p, 0, sizeof *p);
  p->form = form;
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

gsat_status gsat_bcf_plan_make(gsat_bcf_plan *plan, uint64_t n, uint32_t key_bytes,
                               const gsat_sort_config *cfg, gsat_error *err) {
  memset(plan, 0, sizeof *plan);
  GSAT_RETURN_IF(n > GSAT_SORT_MAX_N, err, USAGE, "sort: %llu keys exceed the limit %llu",
                 (unsigned long long)n, (unsigned long long)GSAT_SORT_MAX_N);
  GSAT_RETURN_IF(key_bytes != 4 && key_bytes != 8, err, USAGE, "sort: key size %u is not 4 or 8",
                 key_bytes);
  const gsat_sort_config rc = gsat_bcf_config_resolve(cfg, key_bytes);
  cfg = &rc;
  int ways = cfg->ways ? cfg->ways : 4;
  int merge_path = cfg->partition == GSAT_SORT_MERGE_PATH;
  GSAT_RETURN_IF(cfg->partition != GSAT_SORT_SPLITTERS && !merge_path, err, USAGE,
                 "sort: unknown partition %d", cfg->partition);
  if (merge_path && cfg->ways == 0) ways = 2;
  GSAT_RETURN_IF(ways != 2 && ways != 4 && ways != 8, err, USAGE, "sort: ways %d is not 2, 4 or 8",
                 ways);
  GSAT_RETURN_IF(merge_path && ways != 2, err, USAGE, "sort: merge path needs ways 2, not %d",
                 ways);
  uint64_t chunk = cfg->chunk ? cfg->chunk : gsat_bcf_default_chunk(n);
  GSAT_RETURN_IF(chunk < 1024 || chunk > ((uint64_t)1 << 24) || (chunk & (chunk - 1)), err, USAGE,
                 "sort: chunk %llu is not a power of two in "
                 "[1024, 2^24]",
                 (unsigned long long)chunk);
  const int tp = cfg->tile_pages ? cfg->tile_pages : (int)GSAT_BCF_TILE_PAGES(key_bytes);
  GSAT_RETURN_IF(tp != 8 && tp != 16, err, USAGE, "sort: tile_pages %d is not 8 or 16", tp);
  GSAT_RETURN_IF(cfg->integer_pairs != 0 && cfg->integer_pairs != 1, err, USAGE,
                 "sort: integer_pairs %d is not 0 or 1", cfg->integer_pairs);
  const int form = cfg->form ? cfg->form : GSAT_SORT_FORM_CLASSIC;
  GSAT_RETURN_IF(form < GSAT_SORT_FORM_CLASSIC || form > GSAT_SORT_FORM_REG, err, USAGE,
                 "sort: unknown merge form %d", form);
  GSAT_RETURN_IF(form == GSAT_SORT_FORM_REG && ways != 2, err, USAGE,
                 "sort: the register form needs ways 2, not %d%s", ways,
                 cfg->ways ? "" : " (ways 0 means 4)");
  const int page_sort = cfg->page_sort ? cfg->page_sort : GSAT_SORT_PAGE_SHEAR;
  GSAT_RETURN_IF(page_sort != GSAT_SORT_PAGE_SHEAR && page_sort != GSAT_SORT_PAGE_BITONIC, err,
                 USAGE, "sort: unknown page sort %d", cfg->page_sort);
  const int mw = cfg->merge_warps ? cfg->merge_warps : 4;
  GSAT_RETURN_IF(mw != 1 && mw != 2 && mw != 4, err, USAGE, "sort: merge_warps %d is not 1, 2 or 4",
                 mw);
  plan->n = n;
  plan->key_bytes = key_bytes;
  plan->merge_warps = (uint32_t)mw;
  const int carry = cfg->pair_carry ? cfg->pair_carry : 1;
  GSAT_RETURN_IF(carry < 1 || carry > 4, err, USAGE, "sort: pair_carry %d is not in 1..4", carry);
  plan->pair_carry = (uint32_t)carry;
  plan->tile_pages = (uint32_t)tp;
  plan->form = (uint32_t)form;
  plan->page_sort = (uint32_t)page_sort;
  size_t sorted = 0, split = 0, cuts = 0;
  const uint64_t tile = (uint64_t)plan->tile_pages * GSAT_BCF_PAGE;
  for (uint64_t run = tile; run < n; run *= (uint64_t)ways) {
    uint64_t runs = ceil_div(n, run);
    uint32_t w = 2;
    while (w < (uint32_t)ways && w < runs) w *= 2;
    gsat_bcf_pass *p = &plan->pass[plan->npasses++];
    plan_pass(p, n, run, w, merge_path, chunk, plan->form);
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
