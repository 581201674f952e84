#include "core/cnf.h"

#include <stdlib.h>
#include <string.h>

void gsat_cnf_init(gsat_cnf *cnf) {
  memset(cnf, 0, sizeof *cnf);
}

void gsat_cnf_free(gsat_cnf *cnf) {
  free(cnf->clause_start);
  free(cnf->lits);
  gsat_cnf_init(cnf);
}

gsat_status gsat_cnf_reserve_lits(gsat_cnf *cnf, size_t extra, gsat_error *err) {
  const size_t limit = SIZE_MAX / (8 * sizeof(gsat_lit));
  GSAT_RETURN_IF(extra > limit - cnf->num_lits, err, RESOURCE, "too many literals (more than %zu)",
                 limit);
  size_t need = cnf->num_lits + extra;
  if (need <= cnf->cap_lits) return GSAT_OK;
  size_t cap = cnf->cap_lits ? cnf->cap_lits : 1024;
  while (cap < need) cap = cap > limit / 2 ? limit : 2 * cap;
  gsat_lit *lits = realloc(cnf->lits, cap * sizeof *lits);
  GSAT_RETURN_IF(!lits, err, NOMEM, "out of memory for %zu literals", cap);
  cnf->lits = lits;
  cnf->cap_lits = cap;
  return GSAT_OK;
}

gsat_status gsat_cnf_end_clause(gsat_cnf *cnf, gsat_error *err) {
  if (cnf->num_clauses + 2 > cnf->cap_clauses) {
    const size_t limit = SIZE_MAX / (4 * sizeof(size_t));
    GSAT_RETURN_IF(cnf->cap_clauses >= limit, err, RESOURCE, "too many clauses");
    size_t cap = cnf->cap_clauses ? 2 * cnf->cap_clauses : 1024;
    size_t *start = realloc(cnf->clause_start, cap * sizeof *start);
    GSAT_RETURN_IF(!start, err, NOMEM, "out of memory for %zu clauses", cap);
    if (!cnf->clause_start) start[0] = 0;
    cnf->clause_start = start;
    cnf->cap_clauses = cap;
  }
  cnf->clause_start[++cnf->num_clauses] = cnf->num_lits;
  return GSAT_OK;
}

void gsat_cnf_drop_open(gsat_cnf *cnf) {
  cnf->num_lits = cnf->clause_start ? cnf->clause_start[cnf->num_clauses] : 0;
}

size_t gsat_cnf_first_falsified(const gsat_cnf *cnf, const uint8_t *value, size_t num_values) {
  for (size_t c = 0; c < cnf->num_clauses; c++) {
    bool sat = false;
    for (size_t i = cnf->clause_start[c]; i < cnf->clause_start[c + 1] && !sat; i++) {
      gsat_lit l = cnf->lits[i];
      gsat_var v = GSAT_VAR(l);
      bool t = v < num_values && value[v];
      sat = t != (bool)GSAT_SIGN(l);
    }
    if (!sat) return c;
  }
  return SIZE_MAX;
}
