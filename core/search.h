/* What a backend's search takes and gives back: parameters (heuristic, workers,
 * limits, progress callback, stop flag) and the result (answer, model over internal
 * variables, per-worker counters).  Shared by cpu/ and gpu/. */
#ifndef GSAT_SEARCH_H
#define GSAT_SEARCH_H

#include <stdint.h>

#include "base/control.h"
#include "core/cdcl_types.h"
#include "core/dpll_types.h"
#include "core/simp.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A search: GSAT_SEARCH_DPLL, GSAT_SEARCH_CDCL or GSAT_SEARCH_WALK (the
 * values of option search, option_table.h; GSAT_SEARCH_AUTO is resolved by
 * gsat_choose_search, choose.h, before any search runs). */
typedef gsat_opt_search gsat_search_kind;

/* A progress report (defined below, after gsat_worker_stats). */
typedef struct gsat_progress gsat_progress;

/* Called from the thread that runs the search, about every progress_interval s. */
typedef void (*gsat_progress_fn)(void *data, const gsat_progress *progress);

/* An external cube source and sink beside the backend's own queue (the
 * distributed search, mpi/, passes one; the CPU backend implements it,
 * cpu_ref.h).  NULL: the search covers the whole tree alone. */
struct gsat_cube_port;

/* The same for CDCL: learned clauses exchanged with other processes through
 * the portfolio's sharing ring (cpu/cdcl_portfolio.h).  NULL: none. */
struct gsat_clause_port;

typedef struct gsat_search_params {
  gsat_decide decide;
  gsat_decide decide_gpu;   /* a CPU+GPU portfolio's GPU member's (auto chooses per machine) */
  uint32_t threads;         /* CPU workers (>= 1) */
  double time_limit;        /* seconds of search, 0 = none */
  uint64_t node_limit;      /* decisions (nodes) of all workers, 0 = none */
  uint64_t conflict_limit;  /* CPU CDCL: conflicts of all searchers, 0 = none */
  double progress_interval; /* seconds, 0 = no progress callbacks */
  gsat_progress_fn progress;
  void *progress_data;
  const gsat_flag *stop; /* raised by a signal handler or gsat_terminate() */
  uint64_t seed;
  /* CDCL (cpu/cdcl_portfolio.h) */
  gsat_cdcl_config cdcl;
  const gsat_proof_sink *proof; /* DRAT sink or NULL */
  int simplify;                 /* CPU CDCL: preprocess first (simp.h); the
                                   search leaves it out with assumptions,
                                   extra clauses or a clause port */
  gsat_simp_config simp;
  uint64_t presearch;            /* with simplify: conflicts of a one-thread
                                    search of the input before the
                                    preprocessing (cdcl_simp.h); 0: none */
  int inprocess;                 /* CPU CDCL, each searcher: inprocessing rounds
                                    (cpu/cdcl_inproc.h) with simp's techniques;
                                    set only where simplify may be */
  uint32_t inprocess_interval;   /* conflicts: the first round, the growth */
  uint32_t inprocess_bound;      /* elimination's added clauses, at most */
  uint32_t inprocess_effort;     /* a round's steps, per mille of the search's
                                    literal checks since the last round */
  int cdcl_cubes;                /* 1: the portfolio splits the work as cubes
                                    (cdcl_portfolio.h); 0: each searcher
                                    searches the whole formula */
  uint32_t cdcl_cube_team;       /* with cdcl_cubes, the CPU searchers 0..team-1
                                    split the work as cubes, the others search
                                    the whole formula; 0: all of them */
  uint32_t cdcl_lookahead_cubes; /* with cdcl_cubes, the CPU portfolio starts from
                                   this many look-ahead cubes (cpu_ref.h
                                   gsat_cpu_cubes_seed), also with one searcher;
                                   0: from the whole formula */
  const gsat_lit *assumptions;   /* internal literals, or NULL */
  uint32_t num_assumptions;
  const struct gsat_cube_port *port;          /* CPU only; NULL: none */
  const struct gsat_clause_port *clause_port; /* CPU CDCL only; NULL: none */
  /* clauses implied by the formula (learned in an earlier solve), added at
   * level 0 before the search: extra_start[num_extra + 1] offsets into
   * extra_lits (internal literals) */
  const uint32_t *extra_start;
  const gsat_lit *extra_lits;
  uint32_t num_extra;
  /* Called by a backend once its setup is done (the GPU: device, context,
   * upload, layout), right before its search proper: 0 means "do not
   * search" (the portfolio's race is over), and the backend returns
   * GSAT_OK with r->answer UNKNOWN without launching anything.  NULL: always
   * search.  Only the GPU has a setup worth asking about so far. */
  int (*may_start)(void *data);
  void *may_start_data;
  /* The phase exchange (core/phases.h; NULL: none): the CDCL
   * searchers take the walkers' best assignments at rephase and offer their
   * target phases (phases_cdcl.h); walkers offer their best assignments and
   * restart from the searchers' phases. */
  struct gsat_phases *phases;
  /* CPU CDCL: per mille of its searchers' time that one CPU walker beside
   * them may take, trading phases through an exchange of their own (or
   * p->phases); 0: no walker */
  uint32_t cdcl_walk;
  /* CPU walkers: the share of one core each may take (0: all; between 0
   * and 1 a walker sleeps to keep its busy time at that share of the wall
   * time) */
  double walk_duty;
  /* CPU walkers with p->phases: a model is offered (cost 0), not answered:
   * the walk goes on until stopped */
  int walk_phases_only;
  /* the CPU+GPU portfolio with GPU walkers: an exchange between them and the
   * CPU searchers (api/portfolio.h); 0: none */
  int portfolio_phases;
  int device; /* the GPU rows' CUDA device */
  /* The knobs of one backend, GSAT_SEARCH_KNOBS below: options the rows
   * read as they are (option_table.h's help says what each does; 0: the
   * backend's own choice).  The distributed search's are in dist.h. */
  uint32_t cdcl_memory; /* CPU CDCL: MiB the searchers may start with, 0 = auto */
  /* GPU rows (gpu/search.h, gpu/cdcl_search.h, gpu/walk_search.h) */
  uint32_t gpu_blocks;  /* 0 = from the device */
  uint32_t gpu_threads; /* per block, 0 = from the device */
  gsat_opt_gpu_layout gpu_layout;
  gsat_opt_gpu_occ_sort gpu_occ_sort;
  uint32_t gpu_slice;           /* decisions between checks, 0 = from the formula */
  uint32_t gpu_backoff;         /* longest idle sleep in ns, 0 = 2048 */
  double gpu_stop_grace;        /* seconds a GPU search kernel may run after the stop
                                   request before the search gives up on it, 0 = 2 */
  uint32_t gpu_cdcl_searchers;  /* 0 = planned from the device */
  uint32_t gpu_cdcl_arena;      /* MiB of learned clauses per searcher, 0 = planned */
  uint32_t gpu_cdcl_proof_ring; /* KiB of the proof ring (with proof), 0 = 16 MiB */
  int gpu_cdcl_share;           /* share units and short clauses through a ring */
  int gpu_walk_global;          /* GPU walkers: state in global memory even when it fits shared */
  gsat_opt_gpu_walk_mapping gpu_walk_mapping; /* GPU walkers: lane, warp or the plan's rule */
  int gpu_walk_wide;                          /* GPU lane walkers: the wide state always */
  int gpu_walk_lane_dense;                    /* GPU lane walkers: 32 a warp, not spread */
} gsat_search_params;

/* The fields of gsat_search_params that are options of the same name, taken
 * as they are (api.c copies them by this list). */
/* clang-format off */
#define GSAT_SEARCH_KNOBS(K)  \
  K(cdcl_memory)              \
  K(gpu_blocks)               \
  K(gpu_threads)              \
  K(gpu_layout)               \
  K(gpu_occ_sort)             \
  K(gpu_slice)                \
  K(gpu_backoff)              \
  K(gpu_stop_grace)           \
  K(gpu_cdcl_searchers)       \
  K(gpu_cdcl_arena)           \
  K(gpu_cdcl_proof_ring)      \
  K(gpu_cdcl_share)           \
  K(gpu_walk_global)          \
  K(gpu_walk_mapping)         \
  K(gpu_walk_wide)            \
  K(gpu_walk_lane_dense)      \
  K(cdcl_walk)                \
  K(inprocess_interval)       \
  K(inprocess_effort)         \
  K(inprocess_bound)          \
  K(portfolio_phases)
/* clang-format on */

/* Why a search must end now (gsat_search_stop_reason). */
typedef enum gsat_stop_reason {
  GSAT_STOP_NONE = 0,  /* go on */
  GSAT_STOP_ASKED = 1, /* p->stop raised: a signal, gsat_terminate() */
  GSAT_STOP_LIMIT = 2  /* the time or the node limit reached */
} gsat_stop_reason;

/* The check that every CPU worker or searcher makes between its slices (not
 * only the calling thread, which many more threads than cores can starve):
 * whether p->stop is raised, p->time_limit seconds have passed from start to
 * now (both gsat_seconds()), or nodes, the decisions of all workers so far,
 * reach p->node_limit.  Any thread may call it. */
gsat_stop_reason gsat_search_stop_reason(const gsat_search_params *p, double start, double now,
                                         uint64_t nodes);

/* Per worker counters (counters.h): the step code's, and the WORKER rows
 * (cubes, donations: the work exchange). */
typedef struct gsat_worker_stats {
  gsat_dpll_counters n; /* DPLL; CDCL fills nodes, checks, props, conflicts too */
  gsat_cdcl_counters c; /* CDCL only */
  GSAT_WORKER_COUNTER_FIELDS(GSAT_CTR_U64_FIELD)
  double busy_seconds;
} gsat_worker_stats;

/* A progress report of a running search: its counters so far in `total`
 * (counters.h's rows: nodes and checks from every search; a CDCL search,
 * cdcl set, also fills its CDCL counters and conflicts and propagations, as
 * in its result; the CPU CDCL portfolio's sums are of its searchers' last
 * slices). */
struct gsat_progress {
  double seconds;          /* since the search started */
  gsat_search_kind search; /* which search reports: DPLL, CDCL, or the walkers
                              (walk_flips, walk_best_unsat) */
  gsat_worker_stats total;
  uint64_t cubes_left; /* cubes queued, not yet taken */
  uint32_t busy_workers;
};

/* Adds every counter of w, and its busy time, to t. */
void gsat_worker_stats_add(gsat_worker_stats *t, const gsat_worker_stats *w);

/* A CDCL search's counters c into w: w->c, and the DPLL fields a CDCL
 * search fills (counters.h: the BOTH rows, nodes from its decisions); the
 * rest of w is left as it is. */
void gsat_worker_stats_set_cdcl(gsat_worker_stats *w, const gsat_cdcl_counters *c);

typedef struct gsat_search_result {
  int answer;           /* gsat_answer: SAT, UNSAT or UNKNOWN */
  int stopped_by_limit; /* UNKNOWN because of the time or node limit */
  uint8_t *model;       /* [db num_vars] internal variable values (SAT); malloc'd */
  uint32_t num_workers;
  uint32_t workers_requested; /* CPU CDCL: the searchers asked for when fewer
                                 fit in memory (0: all ran) */
  gsat_worker_stats *workers; /* [num_workers]; malloc'd */
  gsat_worker_stats total;
  double search_seconds;
  /* CDCL with assumptions: UNSAT under them (failed_len may be 0 when the
   * formula itself is UNSAT) and the failed ones (internal literals) */
  int unsat_assumptions;
  gsat_lit *failed; /* [failed_len]; malloc'd */
  uint32_t failed_len;
  /* GPU only (zero on the CPU) */
  double upload_seconds, kernel_seconds, context_seconds;
  uint64_t steals_warp, steals_block; /* GPU DPLL: cubes taken from a block's, the global queue */
  double occupancy;
  double gpu_busy, gpu_replay; /* fractions of worker cycles in search and in replay */
  char device_name[256];
  gsat_opt_gpu_map gpu_map; /* resolved: WARP */
  uint32_t gpu_blocks, gpu_threads;
  gsat_opt_gpu_layout gpu_layout; /* resolved: CSR or SLOT */
  double layout_seconds;          /* building the layouts on the GPU (events) */
  /* GPU CDCL: the plan (searchers, learned-clause arena words of each,
   * device bytes in all) and the searchers that ran out of arena */
  uint32_t gpu_cdcl_searchers, gpu_cdcl_retired;
  uint64_t gpu_cdcl_arena_words, gpu_cdcl_bytes;
  /* GPU CDCL cubes (core/cube.h): whether the work was split, the
   * cubes refuted, the tree's nodes used and its capacity */
  int gpu_cdcl_cubes;
  uint64_t gpu_cdcl_cubes_refuted;
  uint32_t gpu_cdcl_cube_nodes, gpu_cdcl_cube_cap;
  /* GPU CDCL with a proof: ring bytes, clause records drained into it */
  uint64_t gpu_cdcl_proof_ring_bytes, gpu_cdcl_proof_records;
  /* GPU walkers (gpu/walk_plan.h): state in shared memory (else global),
   * walkers per SM, bytes of one walker's state */
  int gpu_walk_shared;
  int gpu_walk_lane;    /* one walker per thread (else per warp) */
  int gpu_walk_compact; /* the compact state (gsat_walker16) */
  uint32_t gpu_walk_per_sm;
  uint64_t gpu_walk_state_bytes;
} gsat_search_result;

/* Frees the arrays of a result. */
void gsat_search_result_free(gsat_search_result *r);

#ifdef __cplusplus
}
#endif

#endif
