/* The GPU CDCL search's memory plan and searcher descriptors (cdcl_plan.h). */
#include "gpu/cdcl_plan.h"

#include <string.h>

#include "core/cdcl.h"
#include "core/cdcl_host.h"
#include "core/cube.h"

static uint64_t align256(uint64_t x) {
  return (x + 255) & ~(uint64_t)255;
}

/* Bytes of one searcher with cap arena words (scratch and pool follow). */
static void size_regions(gsat_cdcl_gpu_plan *pl, const gsat_cdcl *t, uint64_t learned) {
  pl->learned_words = learned;
  pl->arena_cap = t->arena_top + learned;
  pl->scratch_cap = gsat_cdcl_scratch_need(pl->arena_cap);
  /* every clause of the arena has >= 2 literals: at most cap / 7 clauses,
   * two watchers each, so the pool never needs to grow (gsat_cdcl_room) */
  pl->wpool_cap = gsat_cdcl_watch_need(2 * pl->scratch_cap + 2, t->num_vars);
  if (pl->wpool_cap < t->wpool_top + 64) pl->wpool_cap = t->wpool_top + 64;
  pl->per_searcher = align256(sizeof(gsat_cdcl)) + align256(pl->fixed_bytes) +
                     align256(4 * pl->arena_cap) + align256(4 * pl->scratch_cap) +
                     align256(8 * pl->wpool_cap);
}

gsat_status gsat_cdcl_gpu_plan_make(gsat_cdcl_gpu_plan *pl, const gsat_cdcl *t,
                                    uint64_t shared_bytes, uint32_t want_searchers,
                                    uint32_t default_searchers, uint64_t learned_words,
                                    uint64_t budget, gsat_error *err) {
  memset(pl, 0, sizeof *pl);
  pl->fixed_bytes = (gsat_cdcl_fixed_bytes(t->num_vars) + 15) & ~(uint64_t)15;
  pl->shared_bytes = align256(shared_bytes);
  const uint64_t clause_max = GSAT_CDCL_HDR + (uint64_t)t->num_vars + 2;
  uint64_t learned = learned_words;
  if (!learned_words) {
    learned = 2 * (uint64_t)t->arena_top;
    if (learned < (1u << 18)) learned = 1u << 18;
  }
  if (learned < 2 * clause_max) {
    GSAT_RETURN_IF(learned_words >= 1u << 18, err, USAGE,
                   "a learned-clause arena of %llu words (--gpu-cdcl-arena) leaves no room "
                   "for two learned clauses of %llu words",
                   (unsigned long long)learned_words, (unsigned long long)clause_max);
    learned = 2 * clause_max; /* the room check needs one clause of V literals free */
  }
  GSAT_RETURN_IF(t->arena_top + learned >= GSAT_CDCL_STREAM, err, RESOURCE,
                 "the GPU CDCL clause arena would exceed 2^31 words (%llu)",
                 (unsigned long long)(t->arena_top + learned));
  size_regions(pl, t, learned);
  uint64_t fit = budget > pl->shared_bytes ? (budget - pl->shared_bytes) / pl->per_searcher : 0;
  if (!fit && !learned_words && learned > 4 * clause_max) { /* a big instance: a smaller budget */
    size_regions(pl, t, 4 * clause_max > (1u << 16) ? 4 * clause_max : (1u << 16));
    fit = budget > pl->shared_bytes ? (budget - pl->shared_bytes) / pl->per_searcher : 0;
  }
  GSAT_RETURN_IF(!fit, err, RESOURCE,
                 "the GPU CDCL search needs %.1f MiB of device memory for one searcher "
                 "(%.1f MiB of it the clause arena and watch pool) plus %.1f MiB shared, "
                 "more than the %.1f MiB it may use; try --backend=cpu",
                 pl->per_searcher / 1048576.0,
                 (4.0 * pl->arena_cap + 8.0 * pl->wpool_cap) / 1048576.0,
                 pl->shared_bytes / 1048576.0, budget / 1048576.0);
  uint32_t n = want_searchers ? want_searchers : default_searchers;
  if (n < 1) n = 1;
  if (!want_searchers && n > fit) n = (uint32_t)fit;
  GSAT_RETURN_IF(n > fit, err, RESOURCE,
                 "--gpu-cdcl-searchers=%u needs %.1f MiB of device memory (%.1f MiB per "
                 "searcher), more than the %.1f MiB it may use (at most %llu searchers)",
                 n, (pl->shared_bytes + (double)n * pl->per_searcher) / 1048576.0,
                 pl->per_searcher / 1048576.0, budget / 1048576.0, (unsigned long long)fit);
  pl->searchers = n;
  pl->total = pl->shared_bytes + (uint64_t)n * pl->per_searcher;
  return GSAT_OK;
}

static uint64_t descriptors(const gsat_cdcl_gpu_plan *pl) {
  return align256((uint64_t)pl->searchers * sizeof(gsat_cdcl));
}

uint64_t gsat_cdcl_gpu_fixed_at(const gsat_cdcl_gpu_plan *pl, uint32_t i) {
  return descriptors(pl) + (uint64_t)i * (pl->per_searcher - align256(sizeof(gsat_cdcl)));
}

uint64_t gsat_cdcl_gpu_arena_at(const gsat_cdcl_gpu_plan *pl, uint32_t i) {
  return gsat_cdcl_gpu_fixed_at(pl, i) + align256(pl->fixed_bytes);
}

uint64_t gsat_cdcl_gpu_scratch_at(const gsat_cdcl_gpu_plan *pl, uint32_t i) {
  return gsat_cdcl_gpu_arena_at(pl, i) + align256(4 * pl->arena_cap);
}

uint64_t gsat_cdcl_gpu_wpool_at(const gsat_cdcl_gpu_plan *pl, uint32_t i) {
  return gsat_cdcl_gpu_scratch_at(pl, i) + align256(4 * pl->scratch_cap);
}

uint64_t gsat_cdcl_gpu_shared_at(const gsat_cdcl_gpu_plan *pl) {
  return gsat_cdcl_gpu_fixed_at(pl, pl->searchers);
}

static unsigned log2_at_least(uint64_t x) {
  unsigned k = 0;
  while (((uint64_t)1 << k) < x) k++;
  return k;
}

uint64_t gsat_cdcl_gpu_cube_plan(uint32_t searchers, unsigned *node_log2, unsigned *queue_log2) {
  unsigned q = log2_at_least(2 * (uint64_t)searchers),
           n = log2_at_least(1024 * (uint64_t)searchers);
  *queue_log2 = q < 6 ? 6 : q;
  *node_log2 = n < 16 ? 16 : n > 22 ? 22 : n;
  return gsat_cubes_bytes(*node_log2, *queue_log2);
}

void gsat_cdcl_gpu_diversify(gsat_cdcl_config *c, const gsat_cdcl_config *base, uint32_t id) {
  static const double luby[4] = {1, 0.25, 0.5, 2}; /* times the base's Luby unit */
  gsat_cdcl_config_diversify(c, base, id);
  if (id == 0) return;
  double unit = (double)base->luby_unit * luby[(id / 12) % 4];
  c->luby_unit = unit < 1 ? 1 : (uint32_t)unit;
}

void gsat_cdcl_gpu_describe(const gsat_cdcl_gpu_plan *pl, const gsat_cdcl *t,
                            const gsat_cdcl_config *base_cfg, char *base, gsat_cdcl *d) {
  for (uint32_t i = 0; i < pl->searchers; i++) {
    gsat_cdcl *s = &d[i];
    *s = *t;
    gsat_cdcl_carve(s, base + gsat_cdcl_gpu_fixed_at(pl, i), t->num_vars);
    s->arena = (uint32_t *)(base + gsat_cdcl_gpu_arena_at(pl, i));
    s->scratch = (uint32_t *)(base + gsat_cdcl_gpu_scratch_at(pl, i));
    s->wpool = (gsat_watch *)(base + gsat_cdcl_gpu_wpool_at(pl, i));
    s->arena_cap = pl->arena_cap;
    s->scratch_cap = pl->scratch_cap;
    s->wpool_cap = pl->wpool_cap;
    s->proof = NULL;
    gsat_cdcl_config c;
    gsat_cdcl_gpu_diversify(&c, base_cfg, i);
    c.bcp = t->cfg.bcp; /* what the template was built for */
    c.vivify = 0;       /* vivification (cdcl_vivify.h): not measured on the GPU */
    s->cfg = c;
  }
}
