/* Host side of the coalesced CNF layouts (slot_layout.h): bucket planning and
 * the references the GPU build is checked against. */
#include "gpu/slot_layout.h"

#include <stdlib.h>
#include <string.h>

#include "gpu/occ.h"

gsat_status gsat_slot_plan_init(gsat_slot_plan *plan, const uint32_t *clause_start,
                                uint32_t num_clauses, uint32_t vars, gsat_error *err) {
  memset(plan, 0, sizeof *plan);
  plan->pad_lit = 2 * vars;
  plan->lits = clause_start[num_clauses];
  uint32_t count[GSAT_SLOT_MAX_BUCKETS] = {0};
  for (uint32_t c = 0; c < num_clauses; c++)
    count[gsat_slot_width_log(clause_start[c + 1] - clause_start[c])]++;
  uint64_t at = 0, compact = 0;
  for (uint32_t w = 0; w < GSAT_SLOT_MAX_BUCKETS; w++) {
    plan->of_width[w] = -1;
    if (!count[w]) continue;
    uint32_t a = GSAT_SLOT_MIN_ROWS_LOG;
    while (((uint64_t)1 << a) < count[w]) a++;
    gsat_slot_bucket *b = &plan->bucket[plan->num_buckets];
    b->offset = (uint32_t)at;
    b->count = count[w];
    b->stride = 1u << a;
    b->width_log = (uint8_t)w;
    b->rows_log = (uint8_t)a;
    plan->of_width[w] = (int8_t)plan->num_buckets++;
    at += (uint64_t)1 << (a + w);
    compact += (uint64_t)count[w] << w;
    GSAT_RETURN_IF(at >= UINT32_MAX, err, RESOURCE,
                   "the slot-major clause layout needs %llu words or more, more "
                   "than 2^32 - 1 (use --gpu-layout=csr)",
                   (unsigned long long)at);
  }
  plan->size = at;
  plan->compact_size = compact;
  return GSAT_OK;
}

void gsat_slot_compact_buckets(const gsat_slot_plan *plan, gsat_slot_bucket *out) {
  uint32_t at = 0;
  for (uint32_t j = 0; j < plan->num_buckets; j++) {
    out[j] = plan->bucket[j];
    out[j].offset = at;
    out[j].stride = out[j].count;
    at += out[j].count << out[j].width_log;
  }
}

void gsat_slot_build_host(const gsat_slot_plan *plan, const uint32_t *clause_start,
                          const uint32_t *lits, uint32_t num_clauses, uint32_t *slot) {
  for (uint64_t i = 0; i < plan->size; i++) slot[i] = plan->pad_lit;
  uint32_t rank[GSAT_SLOT_MAX_BUCKETS] = {0};
  for (uint32_t c = 0; c < num_clauses; c++) {
    uint32_t len = clause_start[c + 1] - clause_start[c];
    int j = plan->of_width[gsat_slot_width_log(len)];
    const gsat_slot_bucket *b = &plan->bucket[j];
    uint32_t r = rank[j]++;
    for (uint32_t k = 0; k < len; k++) slot[gsat_slot_index(b, k, r)] = lits[clause_start[c] + k];
  }
}

uint64_t gsat_slot_streams_host(const uint32_t *clause_start, const uint32_t *lits,
                                uint32_t num_clauses, uint32_t num_literals, uint32_t *occ_start,
                                uint32_t *stream) {
  const uint32_t entries = clause_start[num_clauses];
  uint32_t *lstart = malloc(((size_t)num_literals + 1) * sizeof *lstart);
  uint32_t *lclause = malloc((entries ? entries : 1) * sizeof *lclause);
  uint64_t *pos = malloc(((size_t)entries + 1) * sizeof *pos);
  if (!lstart || !lclause || !pos) {
    free(lstart);
    free(lclause);
    free(pos);
    return UINT64_MAX;
  }
  gsat_occ_build_host(clause_start, lits, num_clauses, num_literals, lstart, lclause);
  pos[0] = 0;
  for (uint32_t p = 0; p < entries; p++) {
    uint32_t c = lclause[p];
    pos[p + 1] = pos[p] + (clause_start[c + 1] - clause_start[c]);
  }
  for (uint32_t l = 0; l <= num_literals; l++) occ_start[l] = (uint32_t)pos[lstart[l]];
  for (uint32_t p = 0; p < entries; p++) {
    uint32_t c = lclause[p];
    gsat_stream_gather_clause(lits + clause_start[c], clause_start[c + 1] - clause_start[c],
                              stream + pos[p]);
  }
  uint64_t total = pos[entries];
  free(lstart);
  free(lclause);
  free(pos);
  return total;
}
