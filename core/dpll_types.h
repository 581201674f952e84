/* Types of the shared DPLL step code (dpll.h): levels, the database view, the
 * per-worker state and its counters.  Safe to include anywhere. */
#ifndef GSAT_DPLL_TYPES_H
#define GSAT_DPLL_TYPES_H

#include <stdint.h>

#include "base/hd.h"
#include "core/counters.h"
#include "core/literal.h"
#include "core/option_table.h"

#define GSAT_DPLL_NONE 0xffffffffu

/* Results of the search loop. */
enum {
  GSAT_DPLL_PAUSED = 0,     /* budget used up; call again */
  GSAT_DPLL_SAT = 10,       /* full consistent assignment: a model */
  GSAT_DPLL_EXHAUSTED = 20, /* the subtree below the base level is refuted */
};

/* The decision heuristic: GSAT_DECIDE_STATIC, GSAT_DECIDE_MOMS or
 * GSAT_DECIDE_LOOKAHEAD (the values of option decide, option_table.h;
 * GSAT_DECIDE_AUTO is resolved before the search, choose.h). */
typedef gsat_opt_decide gsat_decide;

/* One decision level. */
typedef struct gsat_level {
  uint32_t trail_pos; /* trail index of this level's decision literal */
  gsat_lit lit;       /* the decision literal as assigned now */
  uint32_t order_pos; /* static order: position after this level's variable */
  uint32_t flipped;   /* 1 once the second branch is taken or given away */
} gsat_level;

/* Read-only view of the search database (db.h), host or device pointers. */
typedef struct gsat_db_view {
  uint32_t num_vars, num_clauses, order_len;
  uint32_t num_lits;            /* literals of the clauses: MOMS's work per scan */
  const uint32_t *occ_start;    /* [2 V + 1] */
  const uint32_t *occ_stream;   /* whole clause copies, GSAT_STREAM_END flags */
  const gsat_lit *order;        /* [order_len] */
  const uint32_t *clause_start; /* [num_clauses + 1] */
  const gsat_lit *clause_lits;
} gsat_db_view;

/* Work counters of one worker: the DPLL and BOTH rows of the counter table
 * (counters.h: nodes, checks, replay, heur, props, conflicts). */
typedef struct gsat_dpll_counters {
  GSAT_DPLL_COUNTER_FIELDS(GSAT_CTR_U64_FIELD)
} gsat_dpll_counters;

/* One worker's state.  The arrays are the worker's own (or strided views);
 * val has 2 V + 1 entries, the last the always-false padding literal 2 V
 * (slot_layout.h).  With a team of several threads (core/team.h) every
 * member holds its own copy of the struct, and the scalars are equal in all. */
typedef struct gsat_dpll {
  int8_t *val;          /* [2 V + 1] per literal: 1 true, -1 false, 0 unassigned */
  gsat_lit *trail;      /* [V] */
  gsat_level *levels;   /* [V + 1] */
  uint32_t *moms_count; /* [2 V] scratch for MOMS and the look-ahead's
                           preselection (NULL with the static order) */
  /* The look-ahead's arrays (dpll_lookahead.h; NULL unless
   * GSAT_DECIDE_LOOKAHEAD), carved by gsat_dpll_la_carve: */
  uint32_t *la_cand;  /* [GSAT_LA_MAX_CAND] candidate variables of a round */
  uint64_t *la_diff;  /* [2 GSAT_LA_MAX_CAND] reduction of each candidate
                         literal (GSAT_LA_FAILED: its look-ahead conflicts) */
  uint32_t *la_bits;  /* [GSAT_LA_SLOTS (team size) * la_words] each slot's
                         look-ahead assignment: bit l, literal l true */
  gsat_lit *la_queue; /* [GSAT_LA_SLOTS (team size) * V] each slot's trail */
  /* The reduced formula (dpll_lookahead.h): for literal l, the unsatisfied
   * clauses with l unassigned are la_list[la_lstart[l] .. la_lend[l]) (l's
   * list; la_lstart is fixed, set once la_ready is 0), per clause its
   * unassigned literals (la_cu, while unsatisfied).  Two representations, the
   * instance's choice (GSAT_LA_KEPT): kept along the tree for the literals
   * la_trail[0 .. la_top), which its BCP keeps equal to the trail (the lists
   * hold all of l's clauses from la_lstart[l + 1] on; while l is true, those
   * it satisfied), with per literal the preselection sum of its unsatisfied
   * clauses (la_score); or built again by each round's scan (the sums in
   * moms_count; la_score, la_locc, la_lpos, la_trail and la_top unused, not
   * carved nor set). */
  uint32_t *la_lstart; /* [2 V + 1] */
  uint32_t *la_lend;   /* [2 V] */
  uint32_t *la_list;   /* [literals of the clauses] clause indices */
  uint32_t *la_locc;   /* [literals of the clauses] each entry's clause literal */
  uint32_t *la_lpos;   /* [literals of the clauses] each clause literal's entry */
  uint32_t *la_score;  /* [2 V] sum of la_pre_weight over l's unsatisfied clauses */
  gsat_lit *la_trail;  /* [V] the literals reflected */
  uint32_t *la_cu;     /* [la_cstride] per clause: unassigned literals */
  uint32_t *la_cnt;    /* [GSAT_LA_SLOTS (team size) * la_cstride] each slot's count
                          of each clause's literals its look-ahead falsified (kept 0
                          between look-aheads) */
  uint32_t la_cstride; /* clauses at most: lits / 2 + 1 (clauses of 2 or more) */
  uint32_t la_top;     /* literals of la_trail reflected */
  uint32_t la_ready;   /* the lists are built (la_starts) */
  uint32_t la_words;   /* words of one member's la_bits */
  uint32_t trail_len, qhead, level, base, root_len;
  uint32_t conflict; /* a conflict is pending resolution */
  uint32_t decide;   /* gsat_decide */
  uint32_t next_order_pos;
  gsat_dpll_counters n;
} gsat_dpll;

/* The look-ahead (dpll_lookahead.h): candidates per round at most (a warp
 * looks ahead on 2 GSAT_LA_MAX_CAND literals, 4 per lane), at least (unless
 * fewer variables are free), and the fraction 1 / GSAT_LA_FRACTION of the
 * free variables taken between the two. */
#define GSAT_LA_MAX_CAND 64u
#define GSAT_LA_MIN_CAND 8u
#define GSAT_LA_FRACTION 10u
#define GSAT_LA_FAILED   0xffffffffffffffffull

/* Look-ahead slots (bits and queue) of a team of `team` members: one per
 * member, two for a team of one (both literals of a candidate at once). */
#define GSAT_LA_SLOTS(team) ((team) < 2 ? 2u : (team))

/* The look-ahead's reduced formula of a team of `team` members
 * (dpll_lookahead.h; an instance's default, GSAT_DPLL_LA_KEPT in dpll.h): 1,
 * kept along the tree, its BCP over it (a team of one: a CPU thread, where a
 * node then costs the clauses of the variables that changed); 0, built again
 * by a scan of every clause in each round, the search's BCP over the
 * occurrence streams (a warp: on an H100 the kept formula made it slower,
 * and its code cost the warp kernel registers even under MOMS;
 * docs/lookahead.md).  The arrays of the kept formula are carved for a team
 * that keeps it (gsat_dpll_la_carve). */
#define GSAT_LA_KEPT(team) ((team) < 2)

/* Bytes of the look-ahead arrays of one searcher over V variables and `lits`
 * clause literals run by a team of `team` members (16-byte aligned pieces,
 * gsat_dpll_la_carve): with S = GSAT_LA_SLOTS (team) and w = (2 V + 33) / 32,
 * 1280 + 4 (S (V + w) + 4 V + 1 + lits + (S + 1) (lits / 2 + 1)) bytes and
 * padding, and 4 (3 V + 2 lits) more where the formula is kept
 * (GSAT_LA_KEPT): for a warp, about 38 words a variable and 70 bytes a
 * clause literal. */
GSAT_HD uint64_t gsat_dpll_la_bytes(uint32_t V, uint64_t lits, uint32_t team) {
  const uint64_t words = (2 * (uint64_t)V + 2 + 31) / 32, L = 2 * (uint64_t)V;
  const uint64_t kept = GSAT_LA_KEPT(team)
                            ? ((4 * L + 15) & ~15ull) + 2 * ((4 * lits + 15) & ~15ull) +
                                  ((4 * (uint64_t)V + 15) & ~15ull)
                            : 0;
  team = GSAT_LA_SLOTS(team);
  return 4 * GSAT_LA_MAX_CAND + 16 * GSAT_LA_MAX_CAND + ((team * words * 4 + 15) & ~15ull) +
         ((team * 4 * (uint64_t)V + 15) & ~15ull) + ((4 * (L + 1) + 15) & ~15ull) +
         ((4 * L + 15) & ~15ull) + ((4 * lits + 15) & ~15ull) + 4 * (team + 1) * (lits / 2 + 1) +
         kept;
}

/* Points s's look-ahead arrays into `at` (gsat_dpll_la_bytes (V, lits, team)
 * bytes, 16-byte aligned). */
GSAT_HD void gsat_dpll_la_carve(gsat_dpll *s, uint8_t *at, uint32_t V, uint64_t lits,
                                uint32_t team) {
  const uint64_t L = 2 * (uint64_t)V;
  const int kept = GSAT_LA_KEPT(team);
  team = GSAT_LA_SLOTS(team);
  s->la_ready = 0;
  s->la_words = (uint32_t)((2 * (uint64_t)V + 2 + 31) / 32);
  s->la_cand = (uint32_t *)at;
  at += 4 * GSAT_LA_MAX_CAND;
  s->la_diff = (uint64_t *)at;
  at += 16 * GSAT_LA_MAX_CAND;
  s->la_bits = (uint32_t *)at;
  at += (team * (uint64_t)s->la_words * 4 + 15) & ~15ull;
  s->la_queue = (gsat_lit *)at;
  at += (team * 4 * (uint64_t)V + 15) & ~15ull;
  s->la_lstart = (uint32_t *)at;
  at += (4 * (L + 1) + 15) & ~15ull;
  s->la_lend = (uint32_t *)at;
  at += (4 * L + 15) & ~15ull;
  s->la_list = (uint32_t *)at;
  at += (4 * lits + 15) & ~15ull;
  if (kept) {
    const uint64_t list = (4 * lits + 15) & ~15ull, per = (4 * L + 15) & ~15ull;
    s->la_top = 0;
    s->la_score = (uint32_t *)at;
    s->la_locc = (uint32_t *)(at + per);
    s->la_lpos = (uint32_t *)(at + per + list);
    s->la_trail = (gsat_lit *)(at + per + 2 * list);
    at += per + 2 * list + ((4 * (uint64_t)V + 15) & ~15ull);
  }
  s->la_cstride = (uint32_t)(lits / 2 + 1);
  s->la_cu = (uint32_t *)at;
  s->la_cnt = s->la_cu + s->la_cstride;
}

#endif
