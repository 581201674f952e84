/* Cubes of a CDCL team (cdcl.md, section 4): the cube tree and the queue of
 * donated cubes, as GSAT_HD code over base/atomic.h so that CPU
 * threads and, later, GPU warps run one protocol on one layout; all state
 * lives in one arena planned up front (gsat_cubes_bytes), nothing is
 * allocated after.
 *
 * A cube is a node of a binary tree whose root (node 0) is the whole
 * formula; node x holds its parent and the literal that its parent's split
 * added, so the cube of x (the literals on the path from the root) is read
 * by walking up.  A searcher searches its cube with the cube's literals as
 * assumptions.  Split: a busy searcher turns its first free decision d into
 * one more assumption; its node x gets two children, x + d (kept) and
 * x + NOT d (donated through the queue), and x's `open` count becomes 2.
 * Refutation: when the search under cube x fails (its failed assumptions
 * F, a subset of the cube), the clause NOT F is learned (implied by the
 * formula: every reason used was), and x is closed; closing a node
 * decrements its parent's `open`, and the caller that brings it to 0 closes
 * the parent too, whose negated cube then follows by unit propagation from
 * its children's clauses (children before parents: cdcl.md, section 5); the
 * root closed means the empty clause, UNSAT.  term.h counts the open leaves
 * for the answer; the tree gives the proof its order.
 *
 * Queue: a bounded multi-producer multi-consumer ring of node ids (Vyukov's
 * bounded MPMC queue, "Bounded MPMC queue", 1024cores.net, 2010): slot i's
 * sequence word says whether it is free for the producer of ticket i
 * (seq == i) or holds ticket i for a consumer (seq == i + 1); producers and
 * consumers claim tickets by compare-and-swap of their cursors.  `idle`
 * counts the searchers without a cube; a busy searcher splits when there are
 * more idle searchers than queued cubes.
 *
 * Capacity: a full node array or queue refuses the split (the searcher keeps
 * its whole cube; soundness never depends on a split). */
#ifndef GSAT_CORE_CUBE_H
#define GSAT_CORE_CUBE_H

#include <assert.h>
#include <stddef.h>
#include <stdint.h>

#include "base/atomic.h"
#include "base/hd.h"
#include "base/status.h"
#include "core/literal.h"
#include "core/term.h"

#ifdef __cplusplus
extern "C" {
#endif

#define GSAT_CUBE_NONE 0xffffffffu /* no node (the root's parent) */

typedef struct gsat_cubes {
  uint32_t node_cap;   /* nodes, at most */
  uint32_t node_count; /* nodes claimed (node 0: the root) */
  uint32_t *parent;    /* [node_cap] GSAT_CUBE_NONE for the root */
  gsat_lit *lit;       /* [node_cap] literal the split added (root: unused) */
  uint32_t *open;      /* [node_cap] children not yet closed (0: a leaf) */
  uint64_t queue_mask; /* queue slots - 1 (a power of two) */
  uint64_t *seq;       /* [queue_mask + 1] Vyukov sequence words */
  uint32_t *slot;      /* [queue_mask + 1] node ids */
  uint64_t head, tail; /* tickets: next to take, next to give */
  uint32_t idle;       /* searchers without a cube */
  /* counters (relaxed atomics) */
  uint64_t splits, refuted, refused;
} gsat_cubes;

/* Bytes of the arena for 2^node_log2 nodes and a queue of 2^queue_log2
 * slots (0 when an exponent is outside 1..31). */
size_t gsat_cubes_bytes(unsigned node_log2, unsigned queue_log2);

/* Lays c out in arena (gsat_cubes_bytes(...) bytes, 8-byte aligned, owned by
 * the caller): the root node 0, held by nobody yet, an empty queue, idle 0.
 * Only the root and the queue are written (the node arrays' pages stay
 * untouched until splits use them).
 * Errors: USAGE (an exponent outside 1..31, or NULL arena). */
gsat_status gsat_cubes_init(gsat_cubes *c, void *arena, unsigned node_log2, unsigned queue_log2,
                            gsat_error *err);

/* Cubes in the queue now (a snapshot). */
GSAT_HD uint64_t gsat_cubes_queued(const gsat_cubes *c) {
  uint64_t h = gsat_load_acquire_u64(&c->head), t = gsat_load_acquire_u64(&c->tail);
  return t > h ? t - h : 0;
}

/* Whether a busy searcher should split: more idle searchers than queued
 * cubes. */
GSAT_HD int gsat_cubes_hungry(const gsat_cubes *c) {
  return (uint64_t)gsat_load_acquire_u32(&c->idle) > gsat_cubes_queued(c);
}

/* Appends node x to the queue; 0 when it is full. */
GSAT_HD int gsat_cubes_push(gsat_cubes *c, uint32_t x) {
  for (;;) {
    uint64_t pos = gsat_load_acquire_u64(&c->tail);
    uint64_t *seq = &c->seq[pos & c->queue_mask];
    uint64_t s = gsat_load_acquire_u64(seq);
    if (s == pos) {
      if (gsat_cas_u64(&c->tail, pos, pos + 1) != pos) continue;
      gsat_store_u32(&c->slot[pos & c->queue_mask], x);
      gsat_store_release_u64(seq, pos + 1);
      return 1;
    }
    if (s < pos) return 0; /* the slot still holds a ticket a lap older: full */
  }
}

/* Takes the oldest queued node into *x; 0 when the queue is empty. */
GSAT_HD int gsat_cubes_take(gsat_cubes *c, uint32_t *x) {
  for (;;) {
    uint64_t pos = gsat_load_acquire_u64(&c->head);
    uint64_t *seq = &c->seq[pos & c->queue_mask];
    uint64_t s = gsat_load_acquire_u64(seq);
    if (s == pos + 1) {
      if (gsat_cas_u64(&c->head, pos, pos + 1) != pos) continue;
      *x = gsat_load_u32(&c->slot[pos & c->queue_mask]);
      gsat_store_release_u64(seq, pos + c->queue_mask + 1);
      return 1;
    }
    if (s < pos + 1) return 0; /* not yet given: empty */
  }
}

/* Splits node x (a leaf held by the caller) on the free decision d: x gets
 * the children x + d, returned in *kept, and x + NOT d, queued; t counts the
 * new open leaf before the donated one can be taken (so that its refutation
 * cannot bring the count to 0 while x's other half is still searched).
 * Returns 0 (nothing changed, the split refused) when the nodes or the queue
 * are full. */
GSAT_HD int gsat_cubes_split(gsat_cubes *c, gsat_term *t, uint32_t x, gsat_lit d, uint32_t *kept) {
  assert(x < gsat_load_u32(&c->node_count) && gsat_load_u32(&c->open[x]) == 0);
  uint32_t at = gsat_fetch_add_u32(&c->node_count, 2);
  if (at >= c->node_cap || c->node_cap - at < 2) {
    gsat_fetch_add_u32(&c->node_count, (uint32_t)-2); /* give them back */
    gsat_fetch_add_u64(&c->refused, 1);
    return 0;
  }
  for (uint32_t k = 0; k < 2; k++) {
    c->parent[at + k] = x;
    c->lit[at + k] = k ? GSAT_NOT(d) : d;
    c->open[at + k] = 0;
  }
  gsat_store_release_u32(&c->open[x], 2);
  gsat_term_split(t);
  if (!gsat_cubes_push(c, at + 1)) {
    gsat_fetch_add_u64(&t->open_cubes, (uint64_t)-1); /* x is still held: >= 1 */
    gsat_store_release_u32(&c->open[x], 0);           /* x stays a leaf; the nodes leak */
    gsat_fetch_add_u64(&c->refused, 1);
    return 0;
  }
  gsat_fetch_add_u64(&c->splits, 1);
  *kept = at;
  return 1;
}

/* The cube of node x into out (at most max literals; the node's depth must
 * not exceed it), from the root down; returns its length. */
GSAT_HD uint32_t gsat_cubes_path(const gsat_cubes *c, uint32_t x, gsat_lit *out, uint32_t max) {
  uint32_t n = 0;
  for (uint32_t y = x; y != 0 && y != GSAT_CUBE_NONE; y = c->parent[y]) n++;
  assert(n <= max);
  (void)max;
  uint32_t k = n;
  for (uint32_t y = x; y != 0 && y != GSAT_CUBE_NONE; y = c->parent[y]) out[--k] = c->lit[y];
  return n;
}

/* Node x is closed (refuted, or both children closed): returns its parent
 * when x was the parent's last open child (the parent closes in turn: the
 * caller logs its negated cube, then closes it), else GSAT_CUBE_NONE (also
 * for the root, whose closing is UNSAT).  The decrement is a release and,
 * for the caller that completes the parent, an acquire (fences around the
 * relaxed read-modify-write): what the closer of the other child did before
 * (its clause's proof record reserved) happens before what this caller does
 * next (the parent's record), so the parent follows both children in the
 * proof (cdcl.md, section 5). */
GSAT_HD uint32_t gsat_cubes_close(gsat_cubes *c, uint32_t x) {
  uint32_t p = c->parent[x];
  if (p == GSAT_CUBE_NONE) return GSAT_CUBE_NONE;
  gsat_fence_release();
  uint32_t before = gsat_fetch_add_u32(&c->open[p], (uint32_t)-1);
  assert(before == 1 || before == 2);
  if (before != 1) return GSAT_CUBE_NONE;
  gsat_fence_acquire();
  return p;
}

#ifdef __cplusplus
}
#endif

#endif
