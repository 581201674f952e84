/* Cubes: the arena plan and initialisation (cube.h). */
#include "core/cube.h"

#include <string.h>

static size_t align8(size_t n) {
  return (n + 7) & ~(size_t)7;
}

size_t gsat_cubes_bytes(unsigned node_log2, unsigned queue_log2) {
  if (node_log2 < 1 || node_log2 > 31 || queue_log2 < 1 || queue_log2 > 31) return 0;
  size_t nodes = (size_t)1 << node_log2, slots = (size_t)1 << queue_log2;
  return 3 * align8(nodes * sizeof(uint32_t)) + align8(slots * sizeof(uint64_t)) +
         align8(slots * sizeof(uint32_t));
}

gsat_status gsat_cubes_init(gsat_cubes *c, void *arena, unsigned node_log2, unsigned queue_log2,
                            gsat_error *err) {
  size_t bytes = gsat_cubes_bytes(node_log2, queue_log2);
  GSAT_RETURN_IF(bytes == 0, err, USAGE,
                 "cube tree: 2^%u nodes and a queue of 2^%u slots (each exponent 1..31)", node_log2,
                 queue_log2);
  GSAT_RETURN_IF(!arena, err, USAGE, "cube tree: no arena");
  memset(c, 0, sizeof *c);
  /* Node entries are written by the split that claims them, before anyone
   * reads them: only the root and the queue's sequence words are set here,
   * so the node arrays' pages are not touched until used. */
  unsigned char *at = arena;
  size_t nodes = (size_t)1 << node_log2, slots = (size_t)1 << queue_log2;
  c->node_cap = (uint32_t)nodes;
  c->parent = (uint32_t *)at;
  at += align8(nodes * sizeof(uint32_t));
  c->lit = (gsat_lit *)at;
  at += align8(nodes * sizeof(uint32_t));
  c->open = (uint32_t *)at;
  at += align8(nodes * sizeof(uint32_t));
  c->seq = (uint64_t *)at;
  at += align8(slots * sizeof(uint64_t));
  c->slot = (uint32_t *)at;
  c->queue_mask = slots - 1;
  for (size_t i = 0; i < slots; i++) c->seq[i] = i;
  c->parent[0] = GSAT_CUBE_NONE;
  c->lit[0] = 0;
  c->open[0] = 0;
  c->node_count = 1;
  return GSAT_OK;
}
