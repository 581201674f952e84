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

uint64_t gsat_walk_gpu_state_bytes(const gsat_walk_cnf *f) {
  return (sizeof(gsat_walker) + gsat_walker_bytes(f->num_vars, f->num_clauses, f->max_len) + 15) &
         ~15ull;
}

const char *gsat_walk_gpu_memory_name(const gsat_walk_gpu_plan *pl) {
  return pl->in_shared ? "shared" : "global";
}

/* n rounded up to a multiple of d, over d. */
static uint64_t ceil_div(uint64_t n, uint64_t d) {
  return (n + d - 1) / d;
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
  /* its descriptor, and a copy of its best assignment that the host can read */
  pl->walker_bytes = sizeof(gsat_walker) + align256(f->num_vars);
  if (pl->shared_bytes + pl->walker_bytes > dev->budget) return 0;
  const uint64_t room = (dev->budget - pl->shared_bytes) / pl->walker_bytes;
  if (n > room) n = room;
  if (n == 0) return 0;
  pl->in_shared = 1;
  pl->walkers = (uint32_t)n;
  pl->per_block = 1;
  pl->smem_bytes = block;
  return 1;
}

/* The plan with the state in global memory, as many walkers as wanted or
 * the budget holds. */
static gsat_status plan_global(gsat_walk_gpu_plan *pl, const gsat_walk_cnf *f,
                               const gsat_walk_gpu_device *dev, uint32_t want, gsat_error *err) {
  pl->walker_bytes =
      align256(gsat_walker_bytes(f->num_vars, f->num_clauses, f->max_len)) + sizeof(gsat_walker);
  const uint64_t need = pl->shared_bytes + pl->walker_bytes;
  GSAT_RETURN_IF(need > dev->budget, err, RESOURCE,
                 "the GPU walkers need %.1f MiB of device memory for the formula and one walker "
                 "(%.1f MiB per walker), more than the %.1f MiB they may use (a walker's state "
                 "of %.1f KiB in shared memory, up to %.1f KiB a block, still needs %.1f MiB of "
                 "device memory for the formula)",
                 need / 1048576.0, pl->walker_bytes / 1048576.0, dev->budget / 1048576.0,
                 pl->state_bytes / 1024.0, dev->smem_per_block / 1024.0,
                 (pl->shared_bytes + sizeof(gsat_walker)) / 1048576.0);
  if (!want) want = dev->sm_count * GSAT_WALK_GPU_GLOBAL_PER_SM;
  const uint64_t fit = (dev->budget - pl->shared_bytes) / pl->walker_bytes;
  pl->walkers = want < fit ? want : (uint32_t)fit;
  pl->per_block = GSAT_WALK_GPU_GLOBAL_PER_BLOCK;
  pl->smem_bytes = 0;
  return GSAT_OK;
}

gsat_status gsat_walk_gpu_plan_make(gsat_walk_gpu_plan *pl, const gsat_walk_cnf *f,
                                    const gsat_walk_gpu_device *dev, uint32_t want,
                                    int force_global, gsat_error *err) {
  memset(pl, 0, sizeof *pl);
  pl->shared_bytes = gsat_walk_gpu_shared_bytes(f);
  pl->state_bytes = gsat_walk_gpu_state_bytes(f);
  if (force_global || !plan_shared(pl, f, dev, want))
    GSAT_FORWARD(plan_global(pl, f, dev, want, err));
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
    if (!pl->in_shared) {
      gsat_walker_carve(&desc[i], base + L->arrays + i * L->stride, f->num_vars, f->num_clauses,
                        f->max_len);
      continue;
    }
    memset(&desc[i], 0, sizeof desc[i]); /* no arrays: the kernel's copy has them */
    desc[i].best = (uint8_t *)(base + L->arrays + i * L->stride); /* the copy of its best */
    desc[i].best_unsat = ~0u;
  }
}
