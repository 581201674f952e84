/* Host reference of the occurrence lists (occ.h): counting sort by literal,
 * clauses visited in increasing order. */
#include "gpu/occ.h"

#include <string.h>

void gsat_occ_build_host(const uint32_t *clause_start, const uint32_t *lits, uint32_t num_clauses,
                         uint32_t num_literals, uint32_t *occ_start, uint32_t *occ_clause) {
  memset(occ_start, 0, ((size_t)num_literals + 1) * sizeof *occ_start);
  uint32_t entries = clause_start[num_clauses];
  for (uint32_t p = 0; p < entries; ++p) occ_start[lits[p] + 1]++;
  for (uint32_t l = 0; l < num_literals; ++l) occ_start[l + 1] += occ_start[l];
  for (uint32_t c = 0; c < num_clauses; ++c)
    for (uint32_t p = clause_start[c]; p < clause_start[c + 1]; ++p)
      occ_clause[occ_start[lits[p]]++] = c;
  for (uint32_t l = num_literals; l > 0; --l) occ_start[l] = occ_start[l - 1];
  occ_start[0] = 0;
}
