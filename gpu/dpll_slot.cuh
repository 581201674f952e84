/* The slot layout's hook of the DPLL step code (core/dpll.h): MOMS's
 * scan over the slot-major clause buckets (gpu/slot_layout.h) when the GPU
 * view has them, else over the CSR clauses.  A GPU instance of dpll.h includes
 * this after its team header and its GSAT_DPLL_FN / GSAT_DPLL_AT, right before
 * dpll.h; the members of a team read row r, r + TEAM_SIZE, ... of each bucket
 * (a warp reads slot k of consecutive rows: consecutive words).  The step code
 * passes &view.db of a gsat_gpu_view (gpu/search_common.cuh).  No include
 * guard: once per instance. */

TEAM_HD uint32_t GSAT_DPLL_FN(moms_clause)(gsat_dpll *s, const uint32_t *lits, uint32_t width,
                                           uint32_t stride, uint32_t min, int count);

/* MOMS's scan of this member's rows of every bucket (moms_clause on each). */
TEAM_HD uint32_t GSAT_DPLL_FN(moms_walk_slot)(gsat_dpll *s, const gsat_gpu_view *v, uint32_t min,
                                              int count) {
  for (uint32_t j = 0; j < v->num_buckets; j++) {
    const gsat_slot_bucket b = v->buckets[j];
    TEAM_FOR(r, 0, b.count)
    min = GSAT_DPLL_FN(moms_clause)(s, v->slot_lits + gsat_slot_index(&b, 0, r), 1u << b.width_log,
                                    b.stride, min, count);
  }
  return min;
}

#define GSAT_DPLL_MOMS_WALK(s, db, min, count)                                                     \
  (((const gsat_gpu_view *)(db))->slot_lits                                                        \
       ? GSAT_DPLL_FN(moms_walk_slot)(s, (const gsat_gpu_view *)(db), min, count)                  \
       : GSAT_DPLL_FN(moms_walk)(s, db, min, count))
