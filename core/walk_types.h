/* Types of the walker step code (walk.h, local-search.md): the formula a
 * walker reads, the score tables, one walker's state and its carving out of
 * one block of memory.  Safe to include anywhere (plain C, GSAT_HD helpers). */
#ifndef GSAT_WALK_TYPES_H
#define GSAT_WALK_TYPES_H

#include <stddef.h>
#include <stdint.h>

#include "base/hd.h"
#include "core/literal.h"

/* Break values at or above this share the last table entry. */
#define GSAT_WALK_MAXB 64u
/* Score tables by clause length: <= 3 (polynomial), 4, 5, 6, >= 7
 * (exponential). */
#define GSAT_WALK_CLASSES 5u
/* The largest table entry (the score of break 0); a warp's 32 entries sum
 * below 2^32. */
#define GSAT_WALK_SCORE_ONE (1u << 24)
/* The least restart interval's base in flips (times the Luby sequence). */
#define GSAT_WALK_RESTART_BASE 100000u
/* Flips a walker walks at least between two restarts from CDCL phases
 * (phases.h), on the CPU and the GPU. */
#define GSAT_WALK_PHASES_MIN_FLIPS 10000u

/* The formula a walker reads (host or device pointers, read-only): every
 * clause of the search database and every unit as a clause of one literal;
 * for each literal the clauses that contain it.  len: the length of every
 * clause when all have one (uniform random k-SAT: clause c's literals start
 * at c * len, no read of clause_start), else 0. */
typedef struct gsat_walk_cnf {
  uint32_t num_vars, num_clauses, max_len, len;
  const uint32_t *clause_start; /* [num_clauses + 1] */
  const gsat_lit *clause_lits;  /* [clause_start[num_clauses]] */
  const uint32_t *occ_start;    /* [2 num_vars + 1] */
  const uint32_t *occ;          /* clause indices, by literal */
} gsat_walk_cnf;

/* The walk's parameters (read-only, the same for every walker): the
 * probSAT score f(break) per length class, scaled so that f(0) is
 * GSAT_WALK_SCORE_ONE (gsat_walk_params_default, walk.c), and the restart
 * interval's base in flips (0: no restarts). */
typedef struct gsat_walk_params {
  uint32_t table[GSAT_WALK_CLASSES][GSAT_WALK_MAXB];
  uint32_t restart_base;
} gsat_walk_params;

/* The fields of a walker, its arrays' element types IDX (variables, clause
 * indices and positions, break values) and CNT (true counts) given: every
 * pointer is a pointer whatever it points to, so every walker type has one
 * layout (the host reads any walker's descriptor as a gsat_walker).  Arrays:
 * its own (carved by GSAT_WALKER_CARVE); scalars are team-uniform and written
 * back at the end of each gsat_walk_* call. */
#define GSAT_WALKER_FIELDS(IDX, CNT)                                                               \
  IDX *brk;            /* [V] clauses that only this variable satisfies */                         \
  IDX *trail;          /* [V + 32] variables flipped since the best was saved */                   \
  CNT *tcount;         /* [C] true literals of each clause */                                      \
  IDX *tx;             /* [C] xor of the variables of its true literals */                         \
  IDX *unsat;          /* [C] unsatisfied clauses, unsat_len of them */                            \
  IDX *where;          /* [C] position of an unsatisfied clause in unsat */                        \
  uint32_t *score;     /* [max_len] scratch: the chosen clause's scores */                         \
  uint8_t *val;        /* [V] the assignment: 1 true */                                            \
  uint8_t *best;       /* [V] the assignment with the fewest unsatisfied clauses */                \
  const uint8_t *from; /* [V] the next restart's assignment (1 true: the CDCL                      \
                        * searchers' phases, phases.h), NULL: its own; with                        \
                        * restart_at = since_restart the next flip restarts */                     \
  uint64_t seed, rng;                                                                              \
  uint64_t flips;         /* in all */                                                             \
  uint64_t since_restart; /* flips since the last (re)start */                                     \
  uint64_t restart_at;    /* since_restart that triggers the next restart */                       \
  uint64_t restarts;                                                                               \
  uint32_t unsat_len;                                                                              \
  uint32_t best_unsat; /* fewest unsatisfied clauses seen (~0u: none) */                           \
  uint32_t trail_len, trail_cap;                                                                   \
  uint32_t trail_over; /* the trail lost flips: the best is copied whole */                        \
  uint32_t phases_in;  /* restarts from a given assignment (from, walk.h) */                       \
  uint32_t phases_gen; /* the generation of the given assignments last taken (GPU) */              \
  uint32_t pad;

/* One walker, the wide state: 32-bit counts and indices, any formula. */
typedef struct gsat_walker {
  GSAT_WALKER_FIELDS(uint32_t, uint32_t)
} gsat_walker;

/* One walker, the compact state: 8-bit true counts, 16-bit variables,
 * clause indices, positions and break values, for formulas where they fit
 * (gsat_walk_fits16): under half the wide state's bytes, so that more
 * walkers' state stays in the L2 cache or shared memory (gpu/walk_plan.h). */
typedef struct gsat_walker16 {
  GSAT_WALKER_FIELDS(uint16_t, uint8_t)
} gsat_walker16;

#ifdef __cplusplus
#define GSAT_WALK_STATIC_ASSERT static_assert
#else
#define GSAT_WALK_STATIC_ASSERT _Static_assert
#endif
GSAT_WALK_STATIC_ASSERT(sizeof(gsat_walker) == sizeof(gsat_walker16) &&
                            offsetof(gsat_walker, pad) == offsetof(gsat_walker16, pad),
                        "every walker type has one layout");

/* The most variables, clauses and literals per clause of the compact state:
 * every variable, clause index, position and break value below 2^16 (a xor
 * of variables below 2^16 is too), every true count below 2^8. */
#define GSAT_WALK16_MAX_VARS    65535u
#define GSAT_WALK16_MAX_CLAUSES 65535u
#define GSAT_WALK16_MAX_LEN     255u

/* Whether a formula of V variables, C clauses of at most max_len literals
 * fits the compact state (gsat_walker16). */
GSAT_HD int gsat_walk_fits16(uint32_t V, uint32_t C, uint32_t max_len) {
  return V <= GSAT_WALK16_MAX_VARS && C <= GSAT_WALK16_MAX_CLAUSES &&
         max_len <= GSAT_WALK16_MAX_LEN;
}

/* Bytes of a walker's arrays for V variables, C clauses of at most max_len
 * literals, `idx` bytes per index and `cnt` per true count (8-byte
 * multiple): GSAT_WALKER_CARVE's layout, the widest arrays first. */
GSAT_HD uint64_t gsat_walker_bytes_of(uint32_t V, uint32_t C, uint32_t max_len, uint32_t idx,
                                      uint32_t cnt) {
  const uint64_t b = 4ull * max_len + idx * ((uint64_t)V + V + 32 + 3ull * C) + (uint64_t)cnt * C;
  return (b + 2ull * V + 7) & ~7ull;
}

/* Bytes of one wide walker's arrays (gsat_walker). */
GSAT_HD uint64_t gsat_walker_bytes(uint32_t V, uint32_t C, uint32_t max_len) {
  return gsat_walker_bytes_of(V, C, max_len, 4, 4);
}

/* Bytes of one compact walker's arrays (gsat_walker16). */
GSAT_HD uint64_t gsat_walker16_bytes(uint32_t V, uint32_t C, uint32_t max_len) {
  return gsat_walker_bytes_of(V, C, max_len, 2, 1);
}

/* Points walker *w's arrays (any walker type, its index and count types IDX
 * and CNT) into mem (4-byte aligned; gsat_walker_bytes_of for their sizes)
 * and clears its scalars; the walk starts with gsat_walk_*_start. */
#define GSAT_WALKER_CARVE(w, mem, V, C, max_len, IDX, CNT)                                         \
  do {                                                                                             \
    uint8_t *p_ = (uint8_t *)(mem);                                                                \
    (w)->score = (uint32_t *)p_;                                                                   \
    (w)->brk = (IDX *)(p_ + 4ull * (max_len));                                                     \
    (w)->trail = (w)->brk + (V);                                                                   \
    (w)->tx = (w)->trail + (V) + 32;                                                               \
    (w)->unsat = (w)->tx + (C);                                                                    \
    (w)->where = (w)->unsat + (C);                                                                 \
    (w)->tcount = (CNT *)((w)->where + (C));                                                       \
    (w)->val = (uint8_t *)((w)->tcount + (C));                                                     \
    (w)->best = (w)->val + (V);                                                                    \
    (w)->from = 0;                                                                                 \
    (w)->seed = (w)->rng = (w)->flips = (w)->since_restart = (w)->restart_at = 0;                  \
    (w)->restarts = 0;                                                                             \
    (w)->unsat_len = (w)->trail_len = 0;                                                           \
    (w)->best_unsat = ~0u;                                                                         \
    (w)->trail_cap = (V) + 32;                                                                     \
    (w)->trail_over = 1;                                                                           \
    (w)->phases_in = (w)->phases_gen = (w)->pad = 0;                                               \
  } while (0)

/* Points w's arrays into mem (gsat_walker_bytes of them, 4-byte aligned)
 * and clears its scalars (GSAT_WALKER_CARVE). */
GSAT_HD void gsat_walker_carve(gsat_walker *w, void *mem, uint32_t V, uint32_t C,
                               uint32_t max_len) {
  GSAT_WALKER_CARVE(w, mem, V, C, max_len, uint32_t, uint32_t);
}

/* As gsat_walker_carve for the compact state (gsat_walker16_bytes). */
GSAT_HD void gsat_walker16_carve(gsat_walker16 *w, void *mem, uint32_t V, uint32_t C,
                                 uint32_t max_len) {
  GSAT_WALKER_CARVE(w, mem, V, C, max_len, uint16_t, uint8_t);
}

/* xorshift64* (Marsaglia 2003; Vigna 2016): the walker's random numbers. */
GSAT_HD uint64_t gsat_walk_rand(uint64_t *s) {
  uint64_t x = *s;
  x ^= x >> 12;
  x ^= x << 25;
  x ^= x >> 27;
  *s = x;
  return x * 0x2545f4914f6cdd1dull;
}

/* splitmix64's finaliser (Steele, Lea and Flood 2014): a hash of x, for
 * seeds and starting assignments. */
GSAT_HD uint64_t gsat_walk_mix(uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

/* The Luby sequence's i-th term (i >= 1): 1 1 2 1 1 2 4 ... */
GSAT_HD uint64_t gsat_walk_luby(uint64_t i) {
  for (;;) {
    uint64_t k = 1;
    while (((1ull << k) - 1) < i) k++;
    if (i == (1ull << k) - 1) return 1ull << (k - 1);
    i -= (1ull << (k - 1)) - 1;
  }
}

/* The first literal of clause c of f, its length in *n: from f->len when
 * every clause has that length, else from clause_start (a dependent load
 * fewer per pick on uniform formulas). */
GSAT_HD uint32_t gsat_walk_clause(const gsat_walk_cnf *f, uint32_t c, uint32_t *n) {
  if (f->len) {
    *n = f->len;
    return c * f->len;
  }
  const uint32_t lo = f->clause_start[c];
  *n = f->clause_start[c + 1] - lo;
  return lo;
}

/* The score table of a clause of n literals. */
GSAT_HD uint32_t gsat_walk_class(uint32_t n) {
  return n <= 3 ? 0u : n >= 7 ? 4u : n - 3;
}

#endif
