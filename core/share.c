/* Clause sharing: the arena plan and initialisation (share.h). */
#include "core/share.h"

#include <assert.h>
#include <string.h>

static size_t align8(size_t n) {
  return (n + 7) & ~(size_t)7;
}

size_t gsat_share_bytes(unsigned ring_log2, unsigned filter_log2, uint32_t num_vars) {
  if (ring_log2 < 1 || ring_log2 > 40 || filter_log2 < 1 || filter_log2 > 40) return 0;
  return align8(((size_t)1 << ring_log2) * sizeof(gsat_share_slot)) +
         align8(((size_t)1 << filter_log2) * sizeof(uint64_t)) +
         3 * align8((size_t)num_vars * sizeof(uint32_t));
}

gsat_status gsat_share_init(gsat_share *s, void *arena, unsigned ring_log2, unsigned filter_log2,
                            uint32_t num_vars, uint32_t max_len, uint32_t max_lbd,
                            gsat_error *err) {
  size_t bytes = gsat_share_bytes(ring_log2, filter_log2, num_vars);
  if (bytes != 0 && arena) memset(arena, 0, bytes);
  return gsat_share_init_zeroed(s, arena, ring_log2, filter_log2, num_vars, max_len, max_lbd, err);
}

gsat_status gsat_share_init_zeroed(gsat_share *s, void *arena, unsigned ring_log2,
                                   unsigned filter_log2, uint32_t num_vars, uint32_t max_len,
                                   uint32_t max_lbd, gsat_error *err) {
  size_t bytes = gsat_share_bytes(ring_log2, filter_log2, num_vars);
  GSAT_RETURN_IF(bytes == 0, err, USAGE,
                 "sharing ring: 2^%u slots and a filter of 2^%u entries "
                 "(each exponent 1..40)",
                 ring_log2, filter_log2);
  GSAT_RETURN_IF(!arena, err, USAGE, "sharing ring: no arena");
  memset(s, 0, sizeof *s);
  unsigned char *at = arena;
  s->capacity = (uint64_t)1 << ring_log2;
  s->slot = (gsat_share_slot *)at;
  at += align8(s->capacity * sizeof(gsat_share_slot));
  s->filter = (uint64_t *)at;
  s->filter_mask = ((uint64_t)1 << filter_log2) - 1;
  at += align8((s->filter_mask + 1) * sizeof(uint64_t));
  s->unit_value = (uint32_t *)at;
  at += align8((size_t)num_vars * sizeof(uint32_t));
  s->units = (gsat_lit *)at;
  memset(s->units, 0xff, (size_t)num_vars * sizeof(gsat_lit));
  at += align8((size_t)num_vars * sizeof(uint32_t));
  s->unit_from = (uint32_t *)at;
  s->num_vars = num_vars;
  s->max_len = max_len;
  s->max_lbd = max_lbd;
  return GSAT_OK;
}

void gsat_share_reader_init(gsat_share_reader *r, const gsat_share *s, uint32_t id) {
  memset(r, 0, sizeof *r);
  r->id = id;
  uint64_t cursor = gsat_load_acquire_u64(&s->cursor);
  r->next = cursor > s->capacity ? cursor - s->capacity : 0;
}

uint64_t gsat_share_relay(const gsat_share *from, gsat_share_reader *r, gsat_share *to,
                          uint32_t producer) {
  uint64_t added = 0;
  gsat_lit lits[GSAT_SHARE_MAX_LEN];
  uint32_t n;
  while (gsat_share_import_unit(from, r, &lits[0]))
    added += gsat_share_export_unit(to, producer, lits[0]) == GSAT_SHARE_ADDED;
  while (gsat_share_import(from, r, lits, &n))
    added += gsat_share_export(to, producer, lits, n) == GSAT_SHARE_ADDED;
  return added;
}

/* The bridge's clause port (share.h, gsat_share_bridge). */
static int bridge_poll(void *data, gsat_share *ring) {
  gsat_share_bridge *b = data;
  gsat_share *x = b->exchange;
  if (b->ring != ring) { /* the first poll: read the ring from its start */
    assert(!b->ring);
    gsat_share_reader_init(&b->own, ring, GSAT_SHARE_REMOTE);
    b->ring = ring;
  }
  b->out += gsat_share_relay(ring, &b->own, x, b->id);
  b->in += gsat_share_relay(x, &b->other, ring, GSAT_SHARE_REMOTE);
  return gsat_load_acquire_u32(&x->unit_conflict) || gsat_load_acquire_u32(&ring->unit_conflict)
             ? 20
             : GSAT_CLAUSE_PORT_CONTINUE;
}

void gsat_share_bridge_init(gsat_share_bridge *b, gsat_share *exchange, uint32_t id,
                            uint32_t first_id, double poll_seconds) {
  memset(b, 0, sizeof *b);
  b->exchange = exchange;
  b->id = id;
  b->port = (gsat_clause_port){b, first_id, poll_seconds, bridge_poll};
  gsat_share_reader_init(&b->other, exchange, id);
}
