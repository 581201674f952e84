/* Termination of a team of searchers (cdcl.md, section 4), as GSAT_HD code
 * over base/atomic.h so that CPU threads and GPU warps share it:
 *   - SAT: the first searcher with a full assignment wins (its model is the
 *     one to check and print) and raises the stop flag;
 *   - UNSAT: a searcher derives the empty clause, or every cube is refuted
 *     and none is held.  `open_cubes` counts the cubes neither refuted nor
 *     split: 1 at the start (the whole formula), +1 when a held cube is split
 *     in two (the splitter keeps one half), -1 when one is refuted; it only
 *     reaches 0 when the last open cube is refuted;
 *   - limits and signals raise the stop flag without an answer (UNKNOWN).
 * The first answer stays; a second, different answer (SAT after UNSAT or
 * the reverse) can only come from a bug, and is recorded in `disagree` for
 * the host to report as an internal error instead of answering. */
#ifndef GSAT_CORE_TERM_H
#define GSAT_CORE_TERM_H

#include <assert.h>
#include <stdint.h>

#include "base/atomic.h"
#include "base/hd.h"

#define GSAT_TERM_UNKNOWN 0u
#define GSAT_TERM_SAT     10u
#define GSAT_TERM_UNSAT   20u
#define GSAT_TERM_NOBODY  0xffffffffu

typedef struct gsat_term {
  uint32_t answer;     /* GSAT_TERM_UNKNOWN, _SAT or _UNSAT: the first one */
  uint32_t winner;     /* searcher that gave it (GSAT_TERM_NOBODY: none) */
  uint32_t disagree;   /* 1: a different answer came after the first */
  uint32_t stop;       /* 1: every searcher stops at its next poll */
  uint64_t open_cubes; /* cubes neither refuted nor split */
} gsat_term;

GSAT_HD void gsat_term_init(gsat_term *t) {
  t->answer = GSAT_TERM_UNKNOWN;
  t->winner = GSAT_TERM_NOBODY;
  t->disagree = 0;
  t->stop = 0;
  t->open_cubes = 1;
}

/* Records answer (GSAT_TERM_SAT or _UNSAT) from searcher id and raises the
 * stop flag; returns 1 when it is the first answer (for SAT: this
 * searcher's model is the one to report), 0 otherwise. */
GSAT_HD int gsat_term_answer(gsat_term *t, uint32_t id, uint32_t answer) {
  uint32_t old = gsat_cas_u32(&t->answer, GSAT_TERM_UNKNOWN, answer);
  if (old == GSAT_TERM_UNKNOWN) {
    gsat_store_release_u32(&t->winner, id);
    gsat_store_release_u32(&t->stop, 1);
    return 1;
  }
  if (old != answer) gsat_store_release_u32(&t->disagree, 1);
  gsat_store_release_u32(&t->stop, 1);
  return 0;
}

/* A searcher found a model: see gsat_term_answer. */
GSAT_HD int gsat_term_sat(gsat_term *t, uint32_t id) {
  return gsat_term_answer(t, id, GSAT_TERM_SAT);
}

/* A searcher derived the empty clause. */
GSAT_HD int gsat_term_unsat(gsat_term *t, uint32_t id) {
  return gsat_term_answer(t, id, GSAT_TERM_UNSAT);
}

/* A held cube was split into two (the searcher keeps one, donates one). */
GSAT_HD void gsat_term_split(gsat_term *t) {
  gsat_fetch_add_u64(&t->open_cubes, 1);
}

/* Searcher id refuted the cube it held; returns 1 when that was the last
 * open cube (the formula is UNSAT, answered through gsat_term_answer). */
GSAT_HD int gsat_term_cube_refuted(gsat_term *t, uint32_t id) {
  uint64_t before = gsat_fetch_add_u64(&t->open_cubes, (uint64_t)-1);
  assert(before > 0);
  if (before != 1) return 0;
  gsat_term_answer(t, id, GSAT_TERM_UNSAT);
  return 1;
}

/* A limit or a signal: stop everyone without an answer. */
GSAT_HD void gsat_term_interrupt(gsat_term *t) {
  gsat_store_release_u32(&t->stop, 1);
}

/* Whether the searchers are to stop (an answer, a limit, a signal). */
GSAT_HD int gsat_term_stopped(const gsat_term *t) {
  return gsat_load_acquire_u32(&t->stop) != 0;
}

#endif
