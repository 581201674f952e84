#include "core/walk_cnf.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void gsat_walk_params_default(gsat_walk_params *p, uint32_t num_vars) {
  static const double cb[GSAT_WALK_CLASSES] = {2.06, 2.85, 3.7, 5.1, 5.4};
  for (uint32_t k = 0; k < GSAT_WALK_CLASSES; k++)
    for (uint32_t b = 0; b < GSAT_WALK_MAXB; b++) {
      const double f = k == 0 ? pow(0.9 + b, -cb[k]) / pow(0.9, -cb[k]) : pow(cb[k], -(double)b);
      p->table[k][b] = (uint32_t)llround(f * GSAT_WALK_SCORE_ONE);
    }
  const uint64_t base = 100ull * num_vars;
  p->restart_base = base < GSAT_WALK_RESTART_BASE ? GSAT_WALK_RESTART_BASE
                    : base > (1u << 30)           ? (1u << 30)
                                                  : (uint32_t)base;
}

void gsat_walk_formula_free(gsat_walk_formula *f) {
  free(f->clause_start);
  free(f->clause_lits);
  free(f->occ_start);
  free(f->occ);
  memset(f, 0, sizeof *f);
}

/* The clauses of db and its units into f's clause arrays. */
static void copy_clauses(gsat_walk_formula *f, const gsat_db *db) {
  const uint32_t C = db->num_clauses;
  const uint32_t lits = db->clause_start[C];
  memcpy(f->clause_start, db->clause_start, (C + 1) * sizeof *f->clause_start);
  memcpy(f->clause_lits, db->clause_lits, lits * sizeof *f->clause_lits);
  for (uint32_t u = 0; u < db->num_units; u++) {
    f->clause_lits[lits + u] = db->units[u];
    f->clause_start[C + u + 1] = lits + u + 1;
  }
}

/* f's occurrence lists (counting sort by literal, clause order kept). */
static void build_occ(gsat_walk_formula *f, uint32_t V, uint32_t C) {
  memset(f->occ_start, 0, (2 * (size_t)V + 1) * sizeof *f->occ_start);
  for (uint32_t k = 0; k < f->clause_start[C]; k++) f->occ_start[f->clause_lits[k] + 1]++;
  for (uint32_t l = 0; l < 2 * V; l++) f->occ_start[l + 1] += f->occ_start[l];
  for (uint32_t c = 0; c < C; c++)
    for (uint32_t k = f->clause_start[c]; k < f->clause_start[c + 1]; k++)
      f->occ[f->occ_start[f->clause_lits[k]]++] = c;
  for (uint32_t l = 2 * V; l > 0; l--) f->occ_start[l] = f->occ_start[l - 1];
  f->occ_start[0] = 0;
}

gsat_status gsat_walk_formula_build(gsat_walk_formula *f, const gsat_db *db, gsat_error *err) {
  memset(f, 0, sizeof *f);
  const uint32_t V = db->num_vars;
  const uint64_t C = (uint64_t)db->num_clauses + db->num_units;
  const uint64_t lits = (uint64_t)db->clause_start[db->num_clauses] + db->num_units;
  GSAT_RETURN_IF(lits >= 0xffffffffull || C >= 0xffffffffull, err, RESOURCE,
                 "the walkers take at most 2^32 - 2 literals (this formula has %llu)",
                 (unsigned long long)lits);
  f->clause_start = malloc((C + 1) * sizeof *f->clause_start);
  f->clause_lits = malloc((lits ? lits : 1) * sizeof *f->clause_lits);
  f->occ_start = malloc((2 * (size_t)V + 1) * sizeof *f->occ_start);
  f->occ = malloc((lits ? lits : 1) * sizeof *f->occ);
  if (!f->clause_start || !f->clause_lits || !f->occ_start || !f->occ) {
    gsat_walk_formula_free(f);
    return gsat_error_set(err, GSAT_NOMEM, "out of memory for the walkers' formula (%llu literals)",
                          (unsigned long long)lits);
  }
  copy_clauses(f, db);
  build_occ(f, V, (uint32_t)C);
  uint32_t max_len = 0, min_len = ~0u;
  for (uint32_t c = 0; c < C; c++) {
    const uint32_t n = f->clause_start[c + 1] - f->clause_start[c];
    if (n > max_len) max_len = n;
    if (n < min_len) min_len = n;
  }
  const uint32_t len = C && min_len == max_len ? max_len : 0;
  f->view = (gsat_walk_cnf){
      V, (uint32_t)C, max_len, len, f->clause_start, f->clause_lits, f->occ_start, f->occ};
  return GSAT_OK;
}
