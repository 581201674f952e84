/* A CDCL searcher's side of the cube protocol (cdcl.md, section 4; the tree
 * and queue of core/cube.h, the counts of core/term.h), part of
 * the CDCL step code as GSAT_HD functions that one member of a team runs:
 * the CPU portfolio's threads (cpu/cdcl_portfolio.c) and the GPU's warps
 * (gpu/cdcl_warp.cuh) take, split and refute cubes through these (with the
 * proof log of refuted cubes and closed parents, through gsat_cdcl_log_add:
 * the CPU's proof sink, the GPU's proof ring), and keep only their
 * scheduling (waiting, growing or reducing the arena) apart.  Include after
 * core/cdcl.h. */
#ifndef GSAT_CDCL_CUBES_H
#define GSAT_CDCL_CUBES_H

#include "core/cdcl.h"
#include "core/cube.h"
#include "core/term.h"

/* An idle searcher s takes the oldest queued cube: backtracks to level 0 and
 * assumes the cube's literals (the root's path down to the node).  Returns 1
 * and the node in *node, or 0 when the queue is empty.  Counts s no longer
 * idle. */
GSAT_HD int gsat_cdcl_cube_take(gsat_cdcl *s, gsat_cubes *c, uint32_t *node) {
  uint32_t x;
  if (!gsat_cubes_take(c, &x)) return 0;
  gsat_cdcl_backtrack(s, 0);
  s->num_assumptions = gsat_cubes_path(c, x, s->assumptions, s->num_vars);
  s->failed_len = 0;
  s->unsat_assumptions = 0;
  *node = x;
  gsat_fetch_add_u32(&c->idle, (uint32_t)-1);
  return 1;
}

/* When more searchers are idle than cubes queued, s (holding leaf *node)
 * splits: its first free decision d becomes one more assumption
 * (gsat_cdcl_assume_decision), *node becomes the child node + d and
 * node + NOT d is queued for the others.  Returns 1 when it split, 0 when it
 * did not (nobody hungry, no free decision, or the tree or queue full: d is
 * a plain decision again). */
GSAT_HD int gsat_cdcl_cube_split(gsat_cdcl *s, gsat_cubes *c, gsat_term *t, uint32_t *node) {
  if (*node == GSAT_CUBE_NONE || !gsat_cubes_hungry(c)) return 0;
  gsat_lit d = gsat_cdcl_assume_decision(s);
  if (d == GSAT_CDCL_NOREF) return 0;
  uint32_t kept;
  if (!gsat_cubes_split(c, t, *node, d, &kept)) {
    s->num_assumptions--; /* refused */
    return 0;
  }
  *node = kept;
  return 1;
}

/* The search of s failed under its cube (s->unsat_assumptions): turns
 * s->failed into the clause NOT F (implied by the formula: every reason the
 * refutation used was), in place, drops the assumptions (backtracking to
 * level 0), logs the clause and shares it (gsat_cdcl_log_export: the log
 * before anyone else can use it), and returns its length.  The caller then
 * adds it to its own database (gsat_cdcl_import), closes the node
 * (gsat_cdcl_cube_close) and counts the refutation (gsat_cdcl_cube_done). */
GSAT_HD uint32_t gsat_cdcl_cube_clause(gsat_cdcl *s) {
  const uint32_t n = s->failed_len;
  for (uint32_t k = 0; k < n; k++) s->failed[k] = GSAT_NOT(s->failed[k]);
  gsat_cdcl_backtrack(s, 0);
  s->num_assumptions = 0;
  s->unsat_assumptions = 0;
  gsat_cdcl_log_export(s, s->failed, n, n);
  return n;
}

/* Node x, refuted by s (its clause logged), is closed, and with it every
 * ancestor whose last open child it completes (gsat_cubes_close): each such
 * parent's negated cube, which follows by unit propagation from its two
 * children's clauses, is logged and shared right after the child that
 * completed it (children before parents, cdcl.md section 5; the root's is
 * the empty clause).  s->assumptions (free: s holds no cube now) holds the
 * paths. */
GSAT_HD void gsat_cdcl_cube_close(gsat_cdcl *s, gsat_cubes *c, uint32_t x) {
  for (uint32_t p = gsat_cubes_close(c, x); p != GSAT_CUBE_NONE; p = gsat_cubes_close(c, p)) {
    const uint32_t n = gsat_cubes_path(c, p, s->assumptions, s->num_vars);
    for (uint32_t k = 0; k < n; k++) s->assumptions[k] = GSAT_NOT(s->assumptions[k]);
    gsat_cdcl_log_export(s, s->assumptions, n, n);
  }
}

/* s's cube, closed with its completed parents, is counted refuted and s
 * idle.  Returns 1 when it was the last open cube: the formula is UNSAT (t
 * records the answer for searcher id). */
GSAT_HD int gsat_cdcl_cube_done(gsat_cubes *c, gsat_term *t, uint32_t id, uint32_t *node) {
  gsat_fetch_add_u64(&c->refuted, 1);
  *node = GSAT_CUBE_NONE;
  gsat_fetch_add_u32(&c->idle, 1);
  return gsat_term_cube_refuted(t, id);
}

#endif
