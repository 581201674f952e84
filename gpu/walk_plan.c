#include "gpu/walk_plan.h"

/* x rounded up to a multiple of 256. */
static uint64_t align256(uint64_t x) { return (x + 255) & ~255ull; }

uint64_t gsat_walk_gpu_shared_bytes(const gsat_walk_cnf *f) {
  const uint64_t lits = f->clause_start ? f->clause_start[f->num_clauses] : 0;
  return align256(4ull * (f->num_clauses + 1)) + 2 * align256(4 * lits) +
         align256(4ull * (2ull * f->num_vars + 1)) + align256(sizeof(gsat_walk_params)) +
         align256(64) + align256((uint64_t)f->num_vars + 1) + 256;
}

gsat_status gsat_walk_gpu_plan_make(gsat_walk_gpu_plan *pl, const gsat_walk_cnf *f,
                                    uint32_t want, uint64_t budget, gsat_error *err) {
  pl->shared_bytes = gsat_walk_gpu_shared_bytes(f);
  pl->walker_bytes =
      align256(gsat_walker_bytes(f->num_vars, f->num_clauses, f->max_len)) + sizeof(gsat_walker);
  const uint64_t need = pl->shared_bytes + pl->walker_bytes;
  GSAT_RETURN_IF(need > budget, err, RESOURCE,
                 "the GPU walkers need %.1f MiB for the formula and one walker (%.1f MiB per "
                 "walker), more than the %.1f MiB of device memory they may use",
                 need / 1048576.0, pl->walker_bytes / 1048576.0, budget / 1048576.0);
  const uint64_t fit = (budget - pl->shared_bytes) / pl->walker_bytes;
  pl->walkers = want < fit ? want : (uint32_t)fit;
  if (pl->walkers == 0) pl->walkers = 1;
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
  L->desc = L->model + align256((uint64_t)f->num_vars + 1);
  L->arrays = align256(L->desc + (uint64_t)pl->walkers * sizeof(gsat_walker));
  L->stride = pl->walker_bytes - sizeof(gsat_walker);
}

void gsat_walk_gpu_describe(const gsat_walk_gpu_plan *pl, const gsat_walk_gpu_layout *L,
                            const gsat_walk_cnf *f, char *base, gsat_walk_cnf *view,
                            gsat_walker *desc) {
  *view = *f;
  view->clause_start = (const uint32_t *)(base + L->clause_start);
  view->clause_lits = (const gsat_lit *)(base + L->clause_lits);
  view->occ_start = (const uint32_t *)(base + L->occ_start);
  view->occ = (const uint32_t *)(base + L->occ);
  for (uint32_t i = 0; i < pl->walkers; i++)
    gsat_walker_carve(&desc[i], base + L->arrays + i * L->stride, f->num_vars, f->num_clauses,
                      f->max_len);
}
