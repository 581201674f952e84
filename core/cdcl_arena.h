/* The clause arena: new clauses, deletion, garbage collection that rewrites
 * references in watchers and reasons, a reason's literals, the room check
 * before each step.
 * Part of the CDCL step code (core/cdcl.h). */
#ifndef GSAT_CDCL_ARENA_H
#define GSAT_CDCL_ARENA_H

#include "core/cdcl_proof.h"
#include "core/cdcl_watch.h"

/* Words of the reduction scratch that an arena of `arena` words needs (one
 * per clause it can hold, and one). */
GSAT_HD uint64_t gsat_cdcl_scratch_need(uint64_t arena) {
  return arena / (GSAT_CDCL_HDR + 2) + 1;
}

/*---- clause arena ----------------------------------------------------------*/

/* A new clause at the arena top, or NOREF when it does not fit. */
GSAT_HD uint32_t gsat_cdcl_clause_new(gsat_cdcl *s, const gsat_lit *lits, uint32_t n,
                                      uint32_t learned, uint32_t lbd) {
  if (s->arena_top + GSAT_CDCL_HDR + n > s->arena_cap) return GSAT_CDCL_NOREF;
  uint32_t c = (uint32_t)s->arena_top;
  s->arena[c] = n;
  s->arena[c + 1] = n;
  s->arena[c + 2] =
      (learned ? GSAT_CDCL_LEARNED : 0) | (lbd < GSAT_CDCL_LBD_MASK ? lbd : GSAT_CDCL_LBD_MASK);
  s->arena[c + 3] = gsat_cdcl_u(0.0f);
  s->arena[c + 4] = 0;
  uint32_t *d = GSAT_CDCL_LITS(s, c);
  for (uint32_t k = 0; k < n; k++) d[k] = lits[k];
  s->arena_top += GSAT_CDCL_HDR + n;
  return c;
}

/* Watches lits[0] and lits[1] of clause c (binary clauses inline). */
GSAT_HD int gsat_cdcl_attach(gsat_cdcl *s, uint32_t c) {
  const uint32_t *l = GSAT_CDCL_LITS(s, c);
  uint32_t tag = s->arena[c] == 2 ? GSAT_CDCL_BIN : 0;
  return gsat_cdcl_watch(s, l[0], c | tag, l[1]) && gsat_cdcl_watch(s, l[1], c | tag, l[0]);
}

GSAT_HD void gsat_cdcl_delete(gsat_cdcl *s, uint32_t c) {
  uint32_t *m = &s->arena[c + 2];
  assert(!(*m & GSAT_CDCL_DELETED));
  if (gsat_cdcl_log_deletes(s)) s->proof->del(s->proof->data, GSAT_CDCL_LITS(s, c), s->arena[c]);
  if (*m & GSAT_CDCL_LEARNED) s->learned_live--;
  *m |= GSAT_CDCL_DELETED;
  s->arena_garbage += GSAT_CDCL_HDR + s->arena[c + 1];
  s->n.deleted++;
}

/* Clause c is the reason of one of its watched literals. */
GSAT_HD int gsat_cdcl_locked(const gsat_cdcl *s, uint32_t c) {
  const uint32_t *l = GSAT_CDCL_LITS(s, c);
  for (uint32_t k = 0; k < 2; k++)
    if (s->val[l[k]] > 0 && s->reason[GSAT_VAR(l[k])] == c) return 1;
  return 0;
}

/* Drops the watchers of deleted clauses from every list. */
GSAT_HD void gsat_cdcl_sweep_watches(gsat_cdcl *s) {
  for (uint32_t lit = 0; lit < 2 * s->num_vars; lit++) {
    uint32_t st = s->ws_start[lit], len = s->ws_len[lit], j = 0;
    if (st == GSAT_CDCL_NOREF) continue;
    gsat_watch *ws = s->wpool + st + 1;
    for (uint32_t i = 0; i < len; i++) {
      uint32_t c = ws[i].cref & ~GSAT_CDCL_BIN;
      if (!(s->arena[c + 2] & GSAT_CDCL_DELETED)) ws[j++] = ws[i];
    }
    s->wpool_live -= len - j;
    s->ws_len[lit] = j;
  }
}

/* Garbage collection: moves live clauses down and rewrites every reference in
 * watchers and reasons (three passes: forward addresses, references, moves). */
GSAT_HD void gsat_cdcl_compact_arena(gsat_cdcl *s) {
  uint32_t *a = s->arena;
  uint64_t w = 0;
  gsat_cdcl_sweep_watches(s);
  for (uint64_t c = 0; c < s->arena_top; c += GSAT_CDCL_HDR + a[c + 1]) {
    if (a[c + 2] & GSAT_CDCL_DELETED) continue;
    a[c + 4] = (uint32_t)w;
    w += GSAT_CDCL_HDR + a[c];
  }
  for (uint32_t lit = 0; lit < 2 * s->num_vars; lit++) {
    if (s->ws_start[lit] == GSAT_CDCL_NOREF) continue;
    gsat_watch *ws = s->wpool + s->ws_start[lit] + 1;
    for (uint32_t i = 0; i < s->ws_len[lit]; i++) {
      uint32_t c = ws[i].cref & ~GSAT_CDCL_BIN;
      ws[i].cref = a[c + 4] | (ws[i].cref & GSAT_CDCL_BIN);
    }
  }
  for (uint32_t i = 0; i < s->trail_len; i++) {
    uint32_t v = GSAT_VAR(s->trail[i]), r = s->reason[v];
    if (r == GSAT_CDCL_NOREF || (r & GSAT_CDCL_STREAM)) continue;
    assert(!(a[r + 2] & GSAT_CDCL_DELETED));
    s->reason[v] = a[r + 4];
  }
  uint64_t c = 0;
  while (c < s->arena_top) {
    uint64_t next = c + GSAT_CDCL_HDR + a[c + 1];
    if (!(a[c + 2] & GSAT_CDCL_DELETED)) {
      uint32_t d = a[c + 4], n = a[c];
      for (uint32_t k = 0; k < GSAT_CDCL_HDR + n; k++) a[d + k] = a[c + k];
      a[d + 1] = n;
    }
    c = next;
  }
  s->arena_top = w;
  s->arena_garbage = 0;
  s->n.compactions++;
}

/* Literals of a reason or conflict code (arena or stream); *n set.  Stream
 * entries carry GSAT_STREAM_END: mask with GSAT_STREAM_LIT. */
GSAT_HD const uint32_t *gsat_cdcl_reason_lits(const gsat_cdcl *s, const gsat_db_view *db,
                                              uint32_t code, uint32_t *n) {
  if (code & GSAT_CDCL_STREAM) {
    const uint32_t *p = db->occ_stream + (code & ~GSAT_CDCL_STREAM);
    uint32_t k = 0;
    while (!(p[k] & GSAT_STREAM_END)) k++;
    *n = k + 1;
    return p;
  }
  *n = s->arena[code];
  return GSAT_CDCL_LITS(s, code);
}

/* 0, or the GROW status the host must serve before the next step. */
GSAT_HD int gsat_cdcl_room(gsat_cdcl *s) {
  if (s->arena_cap - s->arena_top < GSAT_CDCL_HDR + (uint64_t)s->num_vars + 2) {
    if (s->arena_garbage) gsat_cdcl_compact_arena(s);
    if (s->arena_cap - s->arena_top < GSAT_CDCL_HDR + (uint64_t)s->num_vars + 2)
      return GSAT_CDCL_GROW_ARENA;
  }
  if (s->scratch_cap < gsat_cdcl_scratch_need(s->arena_cap)) return GSAT_CDCL_GROW_ARENA;
  if (s->wpool_cap < gsat_cdcl_watch_need(s->wpool_live + 2, s->num_vars))
    return GSAT_CDCL_GROW_WATCHES;
  return 0;
}

#endif
