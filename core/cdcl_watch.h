/* The watch pool: every literal's watch list is a block of one pool, moved
 * to a larger block when full and compacted in place when the pool is.
 * Part of the CDCL step code (core/cdcl.h). */
#ifndef GSAT_CDCL_WATCH_H
#define GSAT_CDCL_WATCH_H

#include "core/cdcl_base.h"

/* Entries the watch pool needs so that compaction always makes room for one
 * more block during a propagation (live watchers, V variables). */
GSAT_HD uint64_t gsat_cdcl_watch_need(uint64_t live, uint32_t V) {
  return 8 * (live + 8) + 12 * (uint64_t)V + 64;
}

/*---- watch pool -------------------------------------------------------------*/

/* Slides every live watch block to the front of the pool (block order kept),
 * shrinking capacities to max(4, 2 len).  In place, no allocation. */
GSAT_HD void gsat_cdcl_wpool_compact(gsat_cdcl *s) {
  uint64_t r = 0, w = 0;
  while (r < s->wpool_top) {
    uint32_t owner = s->wpool[r].cref, cap = s->wpool[r].blocker;
    uint64_t next = r + 1 + cap;
    if (s->ws_start[owner] == r) {
      uint32_t len = s->ws_len[owner];
      uint32_t ncap = len * 2 > 4 ? len * 2 : 4;
      if (ncap > cap) ncap = cap;
      s->wpool[w].cref = owner;
      s->wpool[w].blocker = ncap;
      for (uint32_t k = 0; k < len; k++) s->wpool[w + 1 + k] = s->wpool[r + 1 + k];
      s->ws_start[owner] = (uint32_t)w;
      w += 1 + ncap;
    }
    r = next;
  }
  s->wpool_top = w;
}

/* Appends a watcher to the list of lit, moving the list to a larger block
 * when full.  Returns 0 when the pool has no room even after compaction
 * (gsat_cdcl_watch_need rules that out). */
GSAT_HD int gsat_cdcl_watch(gsat_cdcl *s, gsat_lit lit, uint32_t cref, gsat_lit blocker) {
  uint32_t st = s->ws_start[lit], len = s->ws_len[lit];
  uint32_t cap = st == GSAT_CDCL_NOREF ? 0 : s->wpool[st].blocker;
  if (len == cap) {
    uint32_t ncap = cap ? 2 * cap : 4;
    if (s->wpool_top + 1 + ncap > s->wpool_cap) {
      gsat_cdcl_wpool_compact(s);
      st = s->ws_start[lit];
      if (s->wpool_top + 1 + ncap > s->wpool_cap) return 0;
    }
    uint32_t nst = (uint32_t)s->wpool_top;
    s->wpool[nst].cref = lit;
    s->wpool[nst].blocker = ncap;
    for (uint32_t k = 0; k < len; k++) s->wpool[nst + 1 + k] = s->wpool[st + 1 + k];
    s->ws_start[lit] = nst;
    s->wpool_top += 1 + ncap;
    st = nst;
  }
  s->wpool[st + 1 + len].cref = cref;
  s->wpool[st + 1 + len].blocker = blocker;
  s->ws_len[lit] = len + 1;
  s->wpool_live++;
  return 1;
}

#endif
