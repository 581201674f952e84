/* The decision order: the EVSIDS binary heap and the VMTF queue (bump,
 * pick the next unassigned variable).
 * Part of the CDCL step code (core/cdcl.h). */
#ifndef GSAT_CDCL_QUEUE_H
#define GSAT_CDCL_QUEUE_H

#include "core/cdcl_base.h"

/*---- decision heuristics -------------------------------------------------*/

/* The VSIDS heap: variable v at position i. */
GSAT_HD void gsat_cdcl_heap_place(gsat_cdcl *s, uint32_t i, uint32_t v) {
  s->heap[i] = v;
  s->heap_pos[v] = i;
}

GSAT_HD void gsat_cdcl_heap_up(gsat_cdcl *s, uint32_t i) {
  uint32_t v = s->heap[i];
  double a = s->activity[v];
  while (i > 0) {
    uint32_t p = (i - 1) / 2;
    if (s->activity[s->heap[p]] >= a) break;
    s->heap[i] = s->heap[p];
    s->heap_pos[s->heap[i]] = i;
    i = p;
  }
  gsat_cdcl_heap_place(s, i, v);
}

GSAT_HD void gsat_cdcl_heap_down(gsat_cdcl *s, uint32_t i) {
  uint32_t v = s->heap[i];
  double a = s->activity[v];
  for (;;) {
    uint32_t c = 2 * i + 1;
    if (c >= s->heap_len) break;
    if (c + 1 < s->heap_len && s->activity[s->heap[c + 1]] > s->activity[s->heap[c]]) c++;
    if (s->activity[s->heap[c]] <= a) break;
    s->heap[i] = s->heap[c];
    s->heap_pos[s->heap[i]] = i;
    i = c;
  }
  gsat_cdcl_heap_place(s, i, v);
}

GSAT_HD void gsat_cdcl_heap_insert(gsat_cdcl *s, uint32_t v) {
  if (s->heap_pos[v] != GSAT_CDCL_NOREF) return;
  s->heap[s->heap_len] = v;
  s->heap_pos[v] = s->heap_len;
  s->heap_len++;
  gsat_cdcl_heap_up(s, s->heap_len - 1);
}

GSAT_HD uint32_t gsat_cdcl_heap_pop(gsat_cdcl *s) {
  uint32_t v = s->heap[0];
  s->heap_pos[v] = GSAT_CDCL_NOREF;
  s->heap_len--;
  if (s->heap_len) {
    s->heap[0] = s->heap[s->heap_len];
    s->heap_pos[s->heap[0]] = 0;
    gsat_cdcl_heap_down(s, 0);
  }
  return v;
}

/* VMTF: move v to the end (most recent) of the queue. */
GSAT_HD void gsat_cdcl_vmtf_bump(gsat_cdcl *s, uint32_t v) {
  s->vmtf_stamp[v] = ++s->vmtf_clock;
  if (s->vmtf_last != v) {
    uint32_t p = s->vmtf_prev[v], n = s->vmtf_next[v];
    if (p != GSAT_CDCL_NOREF)
      s->vmtf_next[p] = n;
    else
      s->vmtf_first = n;
    s->vmtf_prev[n] = p; /* n exists: v is not last */
    s->vmtf_prev[v] = s->vmtf_last;
    s->vmtf_next[v] = GSAT_CDCL_NOREF;
    s->vmtf_next[s->vmtf_last] = v;
    s->vmtf_last = v;
  }
  if (s->val[2 * v] == 0) s->vmtf_search = v;
}

GSAT_HD void gsat_cdcl_bump_var(gsat_cdcl *s, uint32_t v) {
  if (s->cfg.decide == GSAT_CDCL_VMTF) {
    gsat_cdcl_vmtf_bump(s, v);
    return;
  }
  double a = s->activity[v] += s->var_inc;
  if (a > 1e100) {
    for (uint32_t i = 0; i < s->num_vars; i++) s->activity[i] *= 1e-100;
    s->var_inc *= 1e-100;
  }
  if (s->heap_pos[v] != GSAT_CDCL_NOREF) gsat_cdcl_heap_up(s, s->heap_pos[v]);
}

/* The next unassigned variable by the heuristic, or NOREF when all are
 * assigned. */
GSAT_HD uint32_t gsat_cdcl_pick(gsat_cdcl *s) {
  if (s->cfg.decide == GSAT_CDCL_VMTF) {
    uint32_t v = s->vmtf_search;
    while (v != GSAT_CDCL_NOREF && s->val[2 * v] != 0) v = s->vmtf_prev[v];
    if (v != GSAT_CDCL_NOREF) s->vmtf_search = v;
    return v;
  }
  while (s->heap_len) {
    uint32_t v = gsat_cdcl_heap_pop(s);
    if (s->val[2 * v] == 0) return v;
  }
  return GSAT_CDCL_NOREF;
}

#endif
