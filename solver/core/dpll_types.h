/* Types of the shared DPLL step code (dpll.h): levels, the database view, the
 * per-worker state and its counters.  Safe to include anywhere. */
#ifndef GSAT_DPLL_TYPES_H
#define GSAT_DPLL_TYPES_H

#include <stdint.h>

#include "solver/core/counters.h"
#include "solver/core/literal.h"
#include "solver/core/option_table.h"

#define GSAT_DPLL_NONE 0xffffffffu

/* Results of the search loop. */
enum {
  GSAT_DPLL_PAUSED = 0,     /* budget used up; call again */
  GSAT_DPLL_SAT = 10,       /* full consistent assignment: a model */
  GSAT_DPLL_EXHAUSTED = 20, /* the subtree below the base level is refuted */
};

/* The decision heuristic: GSAT_DECIDE_STATIC or GSAT_DECIDE_MOMS (the values
 * of option decide, option_table.h; GSAT_DECIDE_AUTO is resolved before the
 * search, choose.h). */
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
 * (slot_layout.h).  With a team of several threads (solver/core/team.h) every
 * member holds its own copy of the struct, and the scalars are equal in all. */
typedef struct gsat_dpll {
  int8_t *val;         /* [2 V + 1] per literal: 1 true, -1 false, 0 unassigned */
  gsat_lit *trail;     /* [V] */
  gsat_level *levels;  /* [V + 1] */
  uint32_t *moms_count; /* [2 V] scratch for MOMS (NULL with the static order) */
  uint32_t trail_len, qhead, level, base, root_len;
  uint32_t conflict;   /* a conflict is pending resolution */
  uint32_t decide;     /* gsat_decide */
  uint32_t next_order_pos;
  gsat_dpll_counters n;
} gsat_dpll;

#endif
