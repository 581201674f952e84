/* Types of the CDCL step code (cdcl.h, cdcl.md sections 1-3): the searcher's
 * state, its configuration, its counters and the proof sink.  Safe to include
 * anywhere (C and CUDA).
 *
 * Clause arena layout (32-bit words): a clause at reference c is
 *   arena[c + 0] size          literals now
 *   arena[c + 1] cap           literal slots allocated (size <= cap)
 *   arena[c + 2] meta          GSAT_CDCL_LEARNED | GSAT_CDCL_DELETED | used (2 bits) |
 *                              GSAT_CDCL_VIVIFIED | LBD
 *   arena[c + 3] activity      float bits (learned clauses)
 *   arena[c + 4] forward       new reference during compaction
 *   arena[c + 5 ...] literals  lits[0], lits[1] are the watched ones
 * References are word offsets below 2^31, so a reference survives the arena
 * being moved or grown by the host (realloc).
 *
 * A reason (and a conflict) is a 32-bit code: GSAT_CDCL_NOREF (decision,
 * assumption, root unit), an arena reference, or GSAT_CDCL_STREAM | offset:
 * an original clause read from the shared occurrence streams (the "streams"
 * BCP variant; the offset is the clause's first entry in db occ_stream). */
#ifndef GSAT_CDCL_TYPES_H
#define GSAT_CDCL_TYPES_H

#include <stdint.h>

#include "core/counters.h"
#include "core/literal.h"
#include "core/option_table.h"

#define GSAT_CDCL_NOREF      0xffffffffu
#define GSAT_CDCL_STREAM     0x80000000u /* reason: an occurrence-stream clause */
#define GSAT_CDCL_BIN        0x80000000u /* watcher: a binary clause, blocker = other literal */
#define GSAT_CDCL_HDR        5u          /* header words of an arena clause */
#define GSAT_CDCL_LEARNED    0x80000000u
#define GSAT_CDCL_DELETED    0x40000000u
#define GSAT_CDCL_USED_SHIFT 28
#define GSAT_CDCL_VIVIFIED   0x08000000u /* tried by vivification (cdcl_vivify.h) */
#define GSAT_CDCL_LBD_MASK   0x07ffffffu

/* Results of gsat_cdcl_search. */
enum {
  GSAT_CDCL_PAUSED = 0,       /* budget used up; call again */
  GSAT_CDCL_GROW_ARENA = 1,   /* the clause arena is full: grow it (host), call again */
  GSAT_CDCL_GROW_WATCHES = 2, /* the watch pool is too small: grow it, call again */
  GSAT_CDCL_SAT = 10,         /* every variable assigned, no conflict: a model */
  GSAT_CDCL_UNSAT = 20,       /* refuted (under the assumptions when failed_len > 0 or
                                 unsat_assumptions is set) */
};

/* The policies, generated from the value lists of their options
 * (option_table.h) in the lists' order: decision heuristics GSAT_CDCL_<X>
 * (cdcl_decide: VSIDS, VMTF), restart policies GSAT_CDCL_RESTART_<X>
 * (cdcl_restart: SWITCH, GLUCOSE, LUBY), target phases GSAT_CDCL_TARGET_<X>
 * (cdcl_target: OFF, STABLE, ALWAYS: never, in stable mode, always), BCP
 * variants GSAT_CDCL_BCP_<X> (cdcl_bcp: WATCHED, STREAMS; cdcl.md section 3).
 * A list's AUTO comes first and is -1 here (gsat_cdcl_config_default resolves
 * it; it is never in a configuration), so the policies count from 0 and
 * GSAT_CDCL_<KIND>S is how many there are.  GSAT_CDCL_OPTION(v) is the
 * policy of option value v (not AUTO) of a list with AUTO. */
#define GSAT_CDCL_POLICY(P, X, str) GSAT_##P##_##X,
enum {
  GSAT_CDCL_DECIDE_BEFORE_AUTO = -2,
  GSAT_CDCL_DECIDE_VALUES(GSAT_CDCL_POLICY, CDCL) GSAT_CDCL_DECIDES
};
enum {
  GSAT_CDCL_RESTART_BEFORE_AUTO = -2,
  GSAT_RESTARTS_VALUES(GSAT_CDCL_POLICY, CDCL_RESTART) GSAT_CDCL_RESTARTS
};
enum {
  GSAT_CDCL_TARGET_BEFORE_AUTO = -2,
  GSAT_TARGETS_VALUES(GSAT_CDCL_POLICY, CDCL_TARGET) GSAT_CDCL_TARGETS
};
enum { GSAT_BCP_VALUES(GSAT_CDCL_POLICY, CDCL_BCP) GSAT_CDCL_BCPS }; /* no AUTO */
#undef GSAT_CDCL_POLICY
#define GSAT_CDCL_OPTION(v) ((uint32_t)(v)-1u)

/* Tuning knobs; gsat_cdcl_config_default gives the measured defaults. */
typedef struct gsat_cdcl_config {
  uint32_t decide;          /* GSAT_CDCL_VSIDS or GSAT_CDCL_VMTF */
  uint32_t restart;         /* GSAT_CDCL_RESTART_* */
  uint32_t bcp;             /* GSAT_CDCL_BCP_* */
  double var_decay;         /* EVSIDS decay (0.95) */
  float clause_decay;       /* clause activity decay (0.999) */
  double restart_margin;    /* focused: restart when fast LBD EMA > margin * slow */
  uint32_t restart_min;     /* focused: conflicts at least between restarts */
  uint32_t luby_unit;       /* stable: conflicts per Luby unit */
  uint32_t mode_conflicts;  /* switch: conflicts of the first focused phase */
  uint32_t reduce_first;    /* conflicts before the first reduction */
  uint32_t reduce_inc;      /* each reduction interval is this much longer */
  uint32_t tier1_lbd;       /* glue <= this: kept forever (2) */
  uint32_t tier2_lbd;       /* glue <= this: kept while used since the last reduction (6) */
  uint32_t initial_phase;   /* 0 false, 1 true */
  uint32_t target;          /* GSAT_CDCL_TARGET_*: when decisions take the target phase */
  uint64_t seed;            /* diversification (phase perturbation); 0 = none */
  uint32_t vivify;          /* vivification budget, per mille of the search's checks (0: off) */
  uint32_t vivify_interval; /* conflicts between vivification rounds */
  uint32_t vivify_irred;    /* vivify irredundant clauses too */
} gsat_cdcl_config;

/* Counters of one searcher: the CDCL and BOTH rows of the counter table
 * (counters.h: checks, propagations, conflicts, decisions, restarts, ...). */
typedef struct gsat_cdcl_counters {
  GSAT_CDCL_COUNTER_FIELDS(GSAT_CTR_U64_FIELD)
} gsat_cdcl_counters;

/* Proof sink (DRAT): called with internal literals when a clause enters
 * (add) or leaves (del) the database; n == 0 is the empty clause.  Host only:
 * the GPU searchers log into a proof ring (proof_ring.h) that the host
 * drains into a sink. */
typedef struct gsat_proof_sink {
  void (*add)(void *data, const gsat_lit *lits, uint32_t n);
  void (*del)(void *data, const gsat_lit *lits, uint32_t n);
  void *data;
} gsat_proof_sink;

struct gsat_share;      /* core/share.h */
struct gsat_proof_ring; /* core/proof_ring.h */

/* One watcher: an arena reference (GSAT_CDCL_BIN set for a binary clause) and a
 * blocking literal (for a binary clause, the other literal).  The first entry
 * of each watch block is its header: cref = owner literal, blocker = capacity. */
typedef struct gsat_watch {
  uint32_t cref;
  gsat_lit blocker;
} gsat_watch;

/* The fixed block: a searcher's arrays sized by its number of variables V,
 * one table row each, X(name, element type, count, what); count is an
 * expression of V (a size_t where it is evaluated).  The table generates the
 * searcher's pointers (gsat_cdcl), the plan of the block (each array at the
 * next 8-aligned offset, in row order: gsat_cdcl_fixed_bytes in cdcl.c), the
 * carve (gsat_cdcl_carve) and the block's start (gsat_cdcl_fixed_block), from
 * which the GPU copies a template searcher's block whole into each searcher's
 * (gpu/cdcl_search.cu, gpu/cdcl_warp.cuh).  A new per-variable array is one
 * new row. */
// clang-format off
#define GSAT_CDCL_FIXED(X)                                                                  \
  X(val,         int8_t,   2 * (V),     "per literal: 1 true, -1 false, 0 unassigned")     \
  X(ws_start,    uint32_t, 2 * (V),     "per literal: watch block offset (NOREF: none)")   \
  X(ws_len,      uint32_t, 2 * (V),     "per literal: watch list length")                  \
  X(level,       uint32_t, V,           "decision level")                                  \
  X(reason,      uint32_t, V,           "reason (NOREF: decision, assumption, root unit)")  \
  X(trail,       gsat_lit, V,           "assigned literals in order")                      \
  X(trail_lim,   uint32_t, 2 * (V) + 2, "trail length at each level's start (<= assumptions + V levels)") \
  X(phase,       uint8_t,  V,           "saved phase")                                     \
  X(seen,        uint8_t,  V,           "analysis and minimization marks")                 \
  X(activity,    double,   V,           "EVSIDS")                                          \
  X(heap,        uint32_t, V,           "max-heap of variables by activity")               \
  X(heap_pos,    uint32_t, V,           "position in the heap (NOREF: not in)")            \
  X(vmtf_prev,   uint32_t, V,           "VMTF queue, NOREF-terminated")                    \
  X(vmtf_next,   uint32_t, V,           "VMTF queue, NOREF-terminated")                    \
  X(vmtf_stamp,  uint64_t, V,           "VMTF enqueue time")                               \
  X(learnt,      gsat_lit, (V) + 1,     "scratch: the learned clause")                     \
  X(stack,       gsat_lit, (V) + 1,     "scratch: minimization")                           \
  X(toclear,     gsat_lit, (V) + 1,     "scratch: minimization's marks to clear")          \
  X(level_stamp, uint32_t, 2 * (V) + 2, "scratch: LBD, per level")                         \
  X(assumptions, gsat_lit, (V) + 1,     "the assumptions")                                 \
  X(failed,      gsat_lit, (V) + 1,     "failed assumptions (as given)")                   \
  X(target,      uint8_t,  V,           "target phase: 0 none, 1 false, 2 true")
// clang-format on

/* The table's first row: the plan puts it at the start of the block (cdcl.c
 * checks that it is row 0). */
#define GSAT_CDCL_FIXED_FIRST val

#define GSAT_CDCL_POINTER(name, type, count, what) type *name;
#define GSAT_CDCL_SLOT(name, type, count, what)    GSAT_CDCL_SLOT_##name,
/* The rows' numbers: GSAT_CDCL_SLOT_val == 0, ... */
enum { GSAT_CDCL_FIXED(GSAT_CDCL_SLOT) GSAT_CDCL_FIXED_ROWS };

/* One searcher.  Fixed arrays are carved from one planned block
 * (GSAT_CDCL_FIXED); arena, scratch and wpool are the growable regions, which
 * only the host reallocates (between calls, after a GROW status). */
typedef struct gsat_cdcl {
  uint32_t num_vars;
  gsat_cdcl_config cfg;
  GSAT_CDCL_FIXED(GSAT_CDCL_POINTER) /* the fixed block's arrays (the table above) */
  /* growable regions */
  uint32_t *arena;
  uint64_t arena_cap, arena_top, arena_garbage; /* words */
  uint32_t *scratch;                            /* [scratch_cap] clause references (reduction) */
  uint64_t scratch_cap;
  gsat_watch *wpool;
  uint64_t wpool_cap, wpool_top, wpool_live; /* entries; live = watchers in lists */
  /* search state (team-uniform scalars) */
  uint32_t trail_len, qhead, dlevel;
  uint32_t num_assumptions, failed_len, unsat_assumptions;
  uint32_t heap_len;
  uint32_t vmtf_first, vmtf_last, vmtf_search;
  uint64_t vmtf_clock;
  uint32_t lbd_clock;
  double var_inc;
  float cla_inc;
  double lbd_fast, lbd_slow;  /* exponential moving averages of learned LBDs */
  uint64_t restart_conflicts; /* conflicts since the last restart */
  uint32_t stable;            /* stable mode (Luby) rather than focused (Glucose) */
  uint64_t luby_index, luby_limit;
  uint64_t mode_switch_at, mode_length;
  uint64_t next_reduce, reduce_interval;
  uint64_t next_vivify, vivify_mark; /* conflicts of the next round; checks at the last */
  uint32_t target_assigned;          /* trail length the target phases were taken at */
  uint32_t simplified_trail;         /* level-0 trail length at the last simplification */
  uint32_t proof_units;              /* level-0 trail literals already logged as units */
  uint64_t learned_live;             /* learned clauses in the arena */
  uint64_t rng;
  const gsat_proof_sink *proof;
  /* the proof log of a GPU searcher (a ring the host drains, without
   * deletions); when set it replaces proof (gsat_cdcl_log_add) */
  struct gsat_proof_ring *proof_ring;
  /* clause sharing by the step code (the GPU searchers): learned clauses the
   * ring wants go to *share as producer share_id; NULL: none (the CPU
   * portfolio exports through its proof sink) */
  struct gsat_share *share;
  uint32_t share_id;
  uint64_t share_out; /* clauses and units added to the ring */
  gsat_cdcl_counters n;
} gsat_cdcl;

/* The start of s's fixed block (gsat_cdcl_fixed_bytes of them). */
GSAT_HD void *gsat_cdcl_fixed_block(const gsat_cdcl *s) {
  return (void *)s->GSAT_CDCL_FIXED_FIRST;
}

#endif
