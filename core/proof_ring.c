/* The host's side of the proof ring (proof_ring.h). */
#include "core/proof_ring.h"

#include <stdlib.h>
#include <string.h>

uint64_t gsat_proof_ring_words(uint64_t want_bytes, uint32_t max_len) {
  uint64_t want = want_bytes / 4, need = 2 * ((uint64_t)max_len + 1), w = 256;
  if (want < need) want = need;
  while (w < want) w *= 2;
  return w;
}

gsat_status gsat_proof_reader_init(gsat_proof_reader *r, uint32_t *words, uint64_t mask,
                                   uint64_t *head, uint32_t max_len, gsat_error *err) {
  memset(r, 0, sizeof *r);
  r->words = words;
  r->mask = mask;
  r->head = head;
  r->max_len = max_len;
  r->buf = malloc(((size_t)max_len + 1) * sizeof *r->buf);
  GSAT_RETURN_IF(!r->buf, err, NOMEM, "out of memory for the proof reader (%u literals)", max_len);
  return GSAT_OK;
}

void gsat_proof_reader_free(gsat_proof_reader *r) {
  free(r->buf);
  r->buf = NULL;
}

uint64_t gsat_proof_reader_drain(gsat_proof_reader *r, const gsat_proof_sink *sink,
                                 uint64_t max_words) {
  const uint64_t start = r->at;
  while (!r->corrupt && (max_words == 0 || r->at - start < max_words)) {
    uint32_t *hp = &r->words[r->at & r->mask];
    const uint32_t hdr = __atomic_load_n(hp, __ATOMIC_ACQUIRE);
    if (hdr == 0) break;
    const uint32_t n = hdr - 1;
    if (n > r->max_len) {
      r->corrupt = 1;
      break;
    }
    for (uint32_t k = 0; k < n; k++) {
      uint32_t *w = &r->words[(r->at + 1 + k) & r->mask];
      r->buf[k] = __atomic_load_n(w, __ATOMIC_RELAXED);
      __atomic_store_n(w, 0u, __ATOMIC_RELAXED);
    }
    __atomic_store_n(hp, 0u, __ATOMIC_RELAXED);
    if (sink) sink->add(sink->data, r->buf, n);
    r->records++;
    r->lits += n;
    if (n == 0) r->empty = 1;
    r->at += (uint64_t)n + 1;
  }
  if (r->at != start) __atomic_store_n(r->head, r->at, __ATOMIC_RELEASE);
  return r->at - start;
}

gsat_status gsat_proof_reader_finish(gsat_proof_reader *r, const gsat_proof_ring *w,
                                     const gsat_proof_sink *sink, int *unsat, gsat_error *err) {
  GSAT_RETURN_IF(r->corrupt, err, INTERNAL,
                 "the proof ring holds a record longer than %u literals at word %llu", r->max_len,
                 (unsigned long long)r->at);
  GSAT_RETURN_IF(!w->dropped && r->at != w->reserved, err, INTERNAL,
                 "the proof ring ends at word %llu, but %llu words were reserved",
                 (unsigned long long)r->at, (unsigned long long)w->reserved);
  if (!*unsat) return GSAT_OK;
  if (w->dropped)
    *unsat = 0;
  else if (!r->empty && sink)
    sink->add(sink->data, r->buf, 0);
  return GSAT_OK;
}
