/* The phase exchange (phases.h). */
#include "core/phases.h"

#include <stdlib.h>
#include <string.h>

#include "base/atomic.h"

static gsat_status slot_init(gsat_phase_slot *s, uint32_t num_vars, gsat_error *err) {
  memset(s, 0, sizeof *s);
  s->num_vars = num_vars;
  s->cost = GSAT_PHASES_NONE;
  s->val = calloc(num_vars ? num_vars : 1, 1);
  GSAT_RETURN_IF(!s->val, err, NOMEM, "out of memory for the phase exchange (%u variables)",
                 num_vars);
  return GSAT_OK;
}

gsat_status gsat_phases_init(gsat_phases *x, uint32_t num_vars, gsat_error *err) {
  memset(x, 0, sizeof *x);
  GSAT_FORWARD(slot_init(&x->from_walk, num_vars, err));
  return slot_init(&x->from_cdcl, num_vars, err);
}

void gsat_phases_free(gsat_phases *x) {
  free(x->from_walk.val);
  free(x->from_cdcl.val);
  memset(x, 0, sizeof *x);
}

static void lock(gsat_phase_slot *s) {
  while (gsat_cas_u32(&s->lock, 0, 1) != 0) sched_yield();
}

static void unlock(gsat_phase_slot *s) {
  gsat_store_release_u32(&s->lock, 0);
}

int gsat_phase_offer(gsat_phase_slot *s, const uint8_t *val, uint32_t cost) {
  gsat_fetch_add_u64(&s->offers, 1);
  if (cost >= gsat_load_u32(&s->cost)) return 0;
  lock(s);
  const int better = cost < s->cost;
  if (better) {
    memcpy(s->val, val, s->num_vars);
    gsat_store_u32(&s->cost, cost);
    gsat_store_u64(&s->generation, s->generation + 1);
  }
  unlock(s);
  return better;
}

int gsat_phase_take(gsat_phase_slot *s, uint64_t *seen, uint8_t *out, uint32_t *cost) {
  if (gsat_load_u64(&s->generation) <= *seen) return 0;
  lock(s);
  const uint64_t g = s->generation;
  const int newer = g > *seen;
  if (newer) {
    memcpy(out, s->val, s->num_vars);
    *seen = g;
    if (cost) *cost = s->cost;
  }
  unlock(s);
  return newer;
}

uint32_t gsat_phase_cost(const gsat_phase_slot *s) {
  return gsat_load_u32(&s->cost);
}

uint64_t gsat_phase_generation(const gsat_phase_slot *s) {
  return gsat_load_u64(&s->generation);
}
