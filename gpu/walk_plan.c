#include "gpu/walk_plan.h"

#include <string.h>

/* x rounded up to a multiple of 256. */
static uint64_t align256(uint64_t x) {
  return (x + 255) & ~255ull;
}

uint64_t gsat_walk_gpu_shared_bytes(const gsat_walk_cnf *f) {
  const uint64_t lits = f->clause_start ? f->clause_start[f->num_clauses] : 0;
  return align256(4ull * (f->num_clauses + 1)) + 2 * align256(4 * lits) +
         align256(4ull * (2ull * f->num_vars + 1)) + align256(sizeof(gsat_walk_params)) +
         align256(64) + 2 * align256((uint64_t)f->num_vars + 1) + 256;
}

/* Bytes of one walker's arrays, compact or wide. */
static uint64_t arrays_bytes(const gsat_walk_cnf *f, int compact) {
  return compact ? gsat_walker16_bytes(f->num_vars, f->num_clauses, f->max_len)
                 : gsat_walker_bytes(f->num_vars, f->num_clauses, f->max_len);
}

uint64_t gsat_walk_gpu_state_bytes(const gsat_walk_cnf *f, int compact) {
  return (sizeof(gsat_walker) + arrays_bytes(f, compact) + 15) & ~15ull;
}

uint32_t gsat_walk_gpu_team(const gsat_walk_gpu_plan *pl) {
  return pl->lane ? 1u : 32u;
}

uint32_t gsat_walk_gpu_threads(const gsat_walk_gpu_plan *pl) {
  return (pl->stride * pl->per_block + 31u) & ~31u;
}

/* The slot of pl's walkers (pl->per_block set): a warp; a lane alone, or
 * spread (GSAT_WALK_LANE_SPREAD) unless dense. */
static uint32_t stride_of(const gsat_walk_gpu_plan *pl, int dense) {
  if (!pl->lane) return 32u;
  if (dense) return 1u;
  uint32_t s = 32u;
  while (s > 1 && s * pl->per_block > GSAT_WALK_LANE_SPREAD) s >>= 1;
  return s;
}

const char *gsat_walk_gpu_memory_name(const gsat_walk_gpu_plan *pl) {
  return pl->in_shared ? "shared" : "global";
}

const char *gsat_walk_gpu_mapping_name(const gsat_walk_gpu_plan *pl) {
  return pl->lane ? "lane" : "warp";
}

/* n rounded up to a multiple of d, over d. */
static uint64_t ceil_div(uint64_t n, uint64_t d) {
  return (n + d - 1) / d;
}

/* The end of a plan in shared memory: n walkers (fewer when the budget
 * does not hold their descriptors and copies of their bests), per_block
 * walkers of pl->state_bytes a block; 0 when not one fits. */
static int shared_fits(gsat_walk_gpu_plan *pl, const gsat_walk_cnf *f,
                       const gsat_walk_gpu_device *dev, uint64_t n, uint64_t per_block) {
  /* its descriptor, and a copy of its best assignment that the host can read */
  pl->walker_bytes = sizeof(gsat_walker) + align256(f->num_vars);
  if (pl->shared_bytes + pl->walker_bytes > dev->budget) return 0;
  const uint64_t room = (dev->budget - pl->shared_bytes) / pl->walker_bytes;
  if (n > room) n = room;
  if (n == 0) return 0;
  pl->in_shared = 1;
  pl->walkers = (uint32_t)n;
  pl->per_block = (uint32_t)per_block;
  pl->smem_bytes = per_block * pl->state_bytes;
  return 1;
}

/* The plan with the state in shared memory, one walker per block; 0 when
 * a walker's state does not fit a block, or no descriptor the budget. */
static int plan_shared(gsat_walk_gpu_plan *pl, const gsat_walk_cnf *f,
                       const gsat_walk_gpu_device *dev, uint32_t want) {
  const uint64_t block = pl->state_bytes;
  if (block > dev->smem_per_block) return 0;
  uint64_t fit = dev->smem_per_sm / (block + dev->smem_reserved);
  if (fit > dev->max_blocks_per_sm) fit = dev->max_blocks_per_sm;
  const uint64_t resident = fit * dev->sm_count;
  const uint64_t per_sm = fit < GSAT_WALK_GPU_SHARED_PER_SM ? fit : GSAT_WALK_GPU_SHARED_PER_SM;
  uint64_t n = want ? want : dev->sm_count * per_sm;
  if (n > resident) n = resident;
  return shared_fits(pl, f, dev, n, 1);
}

/* Lane walkers whose state 3/4 of the L2 cache holds beside the formula
 * (pl->walker_bytes each), at least GSAT_WALK_LANE_SHARED_MIN per SM. */
static uint32_t lane_l2_walkers(const gsat_walk_gpu_plan *pl, const gsat_walk_gpu_device *dev) {
  const uint64_t l2 = dev->l2_bytes / 4 * 3;
  uint64_t n = l2 > pl->shared_bytes ? (l2 - pl->shared_bytes) / pl->walker_bytes : 0;
  const uint64_t least = (uint64_t)GSAT_WALK_LANE_SHARED_MIN * dev->sm_count;
  if (n < least) n = least;
  return n > 0xffffffffull ? 0xffffffffu : (uint32_t)n;
}

/* The plan of lane walkers with the state in shared memory: blocks of as
 * many lanes as a block's shared memory holds (at most
 * GSAT_WALK_LANE_MAX_PER_BLOCK), every resident one unless want says
 * fewer; 0 when a block holds fewer than GSAT_WALK_LANE_SHARED_MIN or no
 * descriptor fits the budget. */
static int plan_lane_shared(gsat_walk_gpu_plan *pl, const gsat_walk_cnf *f,
                            const gsat_walk_gpu_device *dev, uint32_t want) {
  uint64_t per_block = dev->smem_per_block / pl->state_bytes;
  if (per_block < GSAT_WALK_LANE_SHARED_MIN) return 0;
  if (per_block > GSAT_WALK_LANE_MAX_PER_BLOCK) per_block = GSAT_WALK_LANE_MAX_PER_BLOCK;
  uint64_t fit = dev->smem_per_sm / (per_block * pl->state_bytes + dev->smem_reserved);
  if (fit > dev->max_blocks_per_sm) fit = dev->max_blocks_per_sm;
  const uint64_t resident = fit * dev->sm_count * per_block;
  const uint64_t n = want && want < resident ? want : resident;
  return shared_fits(pl, f, dev, n, n < per_block ? n : per_block);
}

/* The plan with the state in global memory, as many walkers as wanted or
 * the budget holds. */
static gsat_status plan_global(gsat_walk_gpu_plan *pl, const gsat_walk_cnf *f,
                               const gsat_walk_gpu_device *dev, uint32_t want, gsat_error *err) {
  pl->walker_bytes = align256(arrays_bytes(f, (int)pl->compact)) + sizeof(gsat_walker);
  const uint64_t need = pl->shared_bytes + pl->walker_bytes;
  GSAT_RETURN_IF(need > dev->budget, err, RESOURCE,
                 "the GPU walkers need %.1f MiB of device memory for the formula and one walker "
                 "(%.1f MiB per walker), more than the %.1f MiB they may use (a walker's state "
                 "of %.1f KiB in shared memory, up to %.1f KiB a block, still needs %.1f MiB of "
                 "device memory for the formula)",
                 need / 1048576.0, pl->walker_bytes / 1048576.0, dev->budget / 1048576.0,
                 pl->state_bytes / 1024.0, dev->smem_per_block / 1024.0,
                 (pl->shared_bytes + sizeof(gsat_walker)) / 1048576.0);
  if (!want)
    want = pl->lane ? lane_l2_walkers(pl, dev) : dev->sm_count * GSAT_WALK_GPU_GLOBAL_PER_SM;
  const uint64_t fit = (dev->budget - pl->shared_bytes) / pl->walker_bytes;
  pl->walkers = want < fit ? want : (uint32_t)fit;
  pl->per_block = GSAT_WALK_GPU_GLOBAL_PER_BLOCK;
  if (pl->lane) { /* spread over the SMs */
    const uint64_t sms = dev->sm_count ? dev->sm_count : 1;
    const uint64_t per = ceil_div(pl->walkers, sms);
    pl->per_block =
        (uint32_t)(per < GSAT_WALK_LANE_MAX_PER_BLOCK ? per : GSAT_WALK_LANE_MAX_PER_BLOCK);
  }
  pl->smem_bytes = 0;
  return GSAT_OK;
}

/* The mapping and the state's width of *ask on f, into pl: auto is warp
 * walkers (walk_plan.h). */
static void choose_mapping(gsat_walk_gpu_plan *pl, const gsat_walk_cnf *f,
                           const gsat_walk_gpu_ask *ask) {
  const int fits16 = !ask->wide && gsat_walk_fits16(f->num_vars, f->num_clauses, f->max_len);
  pl->lane = ask->mapping == GSAT_GPU_WALK_MAPPING_LANE;
  pl->compact = pl->lane && fits16; /* a warp's atomics add 32-bit words */
}

gsat_status gsat_walk_gpu_plan_make(gsat_walk_gpu_plan *pl, const gsat_walk_cnf *f,
                                    const gsat_walk_gpu_device *dev, const gsat_walk_gpu_ask *ask,
                                    gsat_error *err) {
  memset(pl, 0, sizeof *pl);
  pl->shared_bytes = gsat_walk_gpu_shared_bytes(f);
  choose_mapping(pl, f, ask);
  pl->state_bytes = gsat_walk_gpu_state_bytes(f, (int)pl->compact);
  const uint32_t want = ask->want;
  int shared = 0;
  if (!ask->force_global)
    shared = pl->lane ? plan_lane_shared(pl, f, dev, want) : plan_shared(pl, f, dev, want);
  if (!shared) GSAT_FORWARD(plan_global(pl, f, dev, want, err));
  pl->stride = stride_of(pl, ask->dense);
  pl->blocks = (uint32_t)ceil_div(pl->walkers, pl->per_block);
  pl->per_sm = (uint32_t)ceil_div(pl->walkers, dev->sm_count ? dev->sm_count : 1);
  pl->total = pl->shared_bytes + (uint64_t)pl->walkers * pl->walker_bytes;
  return GSAT_OK;
}

void gsat_walk_gpu_layout_of(const gsat_walk_gpu_plan *pl, const gsat_walk_cnf *f,
                             gsat_walk_gpu_layout *L) {
  const uint64_t lits = f->clause_start[f->num_clauses];
  L->clause_start = 0;
  L->clause_lits = L->clause_start + align256(4ull * (f->num_clauses + 1));
  L->occ_start = L->clause_lits + align256(4 * lits);
  L->occ = L->occ_start + align256(4ull * (2ull * f->num_vars + 1));
  L->params = L->occ + align256(4 * lits);
  L->ctl = L->params + align256(sizeof(gsat_walk_params));
  L->model = L->ctl + align256(64);
  L->phases = L->model + align256((uint64_t)f->num_vars + 1);
  L->desc = L->phases + align256((uint64_t)f->num_vars + 1);
  L->arrays = align256(L->desc + (uint64_t)pl->walkers * sizeof(gsat_walker));
  L->stride = pl->walker_bytes - sizeof(gsat_walker); /* shared: the copies of the bests */
}

void gsat_walk_gpu_describe(const gsat_walk_gpu_plan *pl, const gsat_walk_gpu_layout *L,
                            const gsat_walk_cnf *f, char *base, gsat_walk_cnf *view,
                            gsat_walker *desc) {
  *view = *f;
  view->clause_start = (const uint32_t *)(base + L->clause_start);
  view->clause_lits = (const gsat_lit *)(base + L->clause_lits);
  view->occ_start = (const uint32_t *)(base + L->occ_start);
  view->occ = (const uint32_t *)(base + L->occ);
  for (uint32_t i = 0; i < pl->walkers; i++) {
    char *mem = base + L->arrays + i * L->stride;
    if (!pl->in_shared && pl->compact) { /* the same layout (walk_types.h) */
      gsat_walker16_carve((gsat_walker16 *)(void *)&desc[i], mem, f->num_vars, f->num_clauses,
                          f->max_len);
      continue;
    }
    if (!pl->in_shared) {
      gsat_walker_carve(&desc[i], mem, f->num_vars, f->num_clauses, f->max_len);
      continue;
    }
    memset(&desc[i], 0, sizeof desc[i]); /* no arrays: the kernel's copy has them */
    desc[i].best = (uint8_t *)(base + L->arrays + i * L->stride); /* the copy of its best */
    desc[i].best_unsat = ~0u;
  }
}
