/* A CDCL searcher's end of the phase exchange (phases_cdcl.h). */
#include "core/phases_cdcl.h"

#include <stdlib.h>
#include <string.h>

#include "base/atomic.h"
#include "core/cdcl.h"

gsat_status gsat_cdcl_phase_port_init(gsat_cdcl_phase_port *port, gsat_phases *x, uint32_t num_vars,
                                      gsat_error *err) {
  memset(port, 0, sizeof *port);
  port->x = x;
  port->next_take = GSAT_CDCL_REPHASE_FIRST;
  port->buf = calloc(num_vars ? num_vars : 1, 1); /* past a smaller slot's: 0 */
  GSAT_RETURN_IF(!port->buf, err, NOMEM, "out of memory for a searcher's phases (%u variables)",
                 num_vars);
  return GSAT_OK;
}

void gsat_cdcl_phase_port_free(gsat_cdcl_phase_port *port) {
  free(port->buf);
  port->buf = NULL;
}

void gsat_cdcl_take_phases(gsat_cdcl *s, const uint8_t *val) {
  for (uint32_t v = 0; v < s->num_vars; v++) {
    if (s->val[2 * v]) continue; /* fixed at level 0 */
    s->phase[v] = val[v] ? 1 : 0;
    s->target[v] = (uint8_t)(val[v] ? 2 : 1);
  }
  s->target_assigned = 0;
}

uint32_t gsat_cdcl_offer_phases(const gsat_cdcl *s, uint8_t *out) {
  for (uint32_t v = 0; v < s->num_vars; v++)
    out[v] = s->target[v] ? (uint8_t)(s->target[v] - 1u) : s->phase[v];
  return s->num_vars - s->target_assigned;
}

/* The offer of the poll: when the target trail grew past the last offer and
 * would beat the slot's cost. */
static void offer(gsat_cdcl *s, gsat_cdcl_phase_port *port) {
  if (s->target_assigned < port->offered_assigned) port->offered_assigned = 0; /* a new mode */
  if (s->target_assigned <= port->offered_assigned) return;
  port->offered_assigned = s->target_assigned;
  if (s->num_vars - s->target_assigned >= gsat_phase_cost(&port->x->from_cdcl)) return;
  const uint32_t cost = gsat_cdcl_offer_phases(s, port->buf);
  port->offered += (uint64_t)gsat_phase_offer(&port->x->from_cdcl, port->buf, cost);
}

int gsat_cdcl_phases_poll(gsat_cdcl *s, gsat_cdcl_phase_port *port) {
  if (s->n.restarts == port->restarts_seen) return 0;
  port->restarts_seen = s->n.restarts;
  offer(s, port);
  const int model = gsat_phase_cost(&port->x->from_walk) == 0; /* taken at once */
  if (s->n.conflicts < port->next_take && !model) return 0;
  if (!gsat_phase_take(&port->x->from_walk, &port->seen, port->buf, NULL)) return 0;
  gsat_cdcl_backtrack(s, 0);
  gsat_cdcl_take_phases(s, port->buf);
  gsat_store_u64(&port->taken, port->taken + 1); /* read by the progress reports */
  port->next_take = s->n.conflicts + (uint64_t)GSAT_CDCL_REPHASE_STEP * (port->taken + 1);
  return 1;
}
