/* gsat: a SAT solver: CDCL and DPLL search on CPU cores and NVIDIA GPUs.
 *
 * The public C API, shaped like IPASIR: create a solver, add clauses literal by
 * literal (or read a DIMACS file), solve, read the model, release.  Results use
 * the SAT competition codes: GSAT_SATISFIABLE = 10, GSAT_UNSATISFIABLE = 20,
 * GSAT_UNKNOWN = 0; errors are negative status codes with a message from
 * gsat_last_error().  The library never prints and never exits.
 *
 * States:
 *
 *   gsat_init --> ADDING --gsat_solve--> SOLVED --gsat_add/gsat_read_dimacs--> ADDING
 *                  ^  |                                                         |
 *                  +--+ gsat_add, gsat_read_dimacs, gsat_set_option             |
 *                  +------------------------------------------------------------+
 *
 *   gsat_reset: any state --> ADDING with no clauses (options, callbacks and the
 *   GPU state kept).
 *
 * Every function except gsat_terminate() must be called from one thread at a time.
 * gsat_terminate() may be called from any thread or a signal handler. */
#ifndef GSAT_H
#define GSAT_H

#include <stdint.h>
#include <stdio.h>

#include "core/counters.h"

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#define GSAT_API __attribute__((visibility("default")))
#else
#define GSAT_API
#endif

#define GSAT_VERSION "0.1.0"

#define GSAT_SATISFIABLE   10
#define GSAT_UNSATISFIABLE 20
#define GSAT_UNKNOWN       0

typedef struct gsat_solver gsat_solver;

/* The search that ran (gsat_statistics.search_id, gsat_progress_report):
 * the values of option search, NONE where no search was chosen. */
typedef enum gsat_search_id {
  GSAT_SEARCH_ID_NONE = 0,
  GSAT_SEARCH_ID_DPLL = 1,
  GSAT_SEARCH_ID_CDCL = 2,
  GSAT_SEARCH_ID_WALK = 3
} gsat_search_id;

/* Where it ran (gsat_statistics.backend_id): the values of option backend,
 * NONE where the solve stopped before a backend was chosen, BOTH for a
 * portfolio none of whose members answered. */
typedef enum gsat_backend_id {
  GSAT_BACKEND_ID_NONE = 0,
  GSAT_BACKEND_ID_CPU = 1,
  GSAT_BACKEND_ID_GPU = 2,
  GSAT_BACKEND_ID_BOTH = 3
} gsat_backend_id;

/* Statistics of the last gsat_read_dimacs() and gsat_solve().  Times in seconds;
 * counts are totals over all workers.  A literal check is one clause literal read
 * and evaluated during BCP (ARCHITECTURE.md, "Literal check"). */
typedef struct gsat_worker_statistics {
  GSAT_PUBLIC_COUNTER_FIELDS(GSAT_CTR_U64_FIELD) /* as in gsat_statistics */
  double busy_seconds;
} gsat_worker_statistics;

/* One MPI rank's share of a distributed search (mpirun -np N gsat). */
typedef struct gsat_rank_statistics {
  uint32_t threads; /* its CPU workers */
  uint64_t nodes, checks, cubes, donations;
  uint64_t steals;   /* cubes received from other ranks */
  uint64_t given;    /* cubes sent to other ranks */
  uint64_t requests; /* work requests sent */
  uint64_t refused;  /* requests answered with no work */
  /* CDCL over MPI */
  uint64_t conflicts;
  uint64_t clauses_sent;      /* learned units and clauses sent to the others */
  uint64_t clauses_received;  /* new ones received (duplicates filtered) */
  uint64_t rounds;            /* exchange rounds sent */
  uint64_t port_out, port_in; /* units and clauses that crossed its search's clause
                               * port: out of the search, into it (a CPU rank: those
                               * sent and received; a GPU rank: its bridge's relays) */
  double busy_seconds;        /* its workers' time on cubes, summed */
  double search_seconds;
} gsat_rank_statistics;

/* One member of the portfolio (--backend=auto on a machine with a GPU): the
 * CPU search and the GPU search race over the formula, the first verified
 * answer wins and the other is stopped.  Times in seconds since the race
 * began. */
typedef struct gsat_member_statistics {
  char name[8];                  /* "cpu", "gpu" or "walk" (CPU walkers) */
  char search[8];                /* "cdcl", "dpll" or "walk" */
  int status;                    /* 0, or the negative status it failed with */
  char message[256];             /* why it failed, "" otherwise */
  int answer;                    /* 10, 20 or 0 (stopped, or no answer) */
  int searched;                  /* its search began (the GPU: its kernel was launched) */
  int returned;                  /* 0: still in its setup (a CUDA context) when the race
                                  * ended, left to finish in the background */
  double started_seconds;        /* its thread started */
  double search_started_seconds; /* its search began (0: never) */
  double ended_seconds;          /* it returned (0: not while the race ran) */
  double search_seconds;         /* its own search time */
  double context_seconds;        /* GPU: creating the CUDA context */
  GSAT_PUBLIC_COUNTER_FIELDS(GSAT_CTR_U64_FIELD) /* its counters, as in gsat_statistics */
} gsat_member_statistics;

typedef struct gsat_statistics {
  double parse_seconds;  /* gsat_read_dimacs */
  double build_seconds;  /* normalisation, occurrence streams, decision order */
  double search_seconds; /* backend search, excluding build and upload */
  /* The counters, one uint64_t per row of core/counters.h (its help
   * column says what each counts): nodes, checks, replay_checks, heuristic,
   * propagations, conflicts; for CDCL decisions, restarts, reductions,
   * learned, learned_literals, minimized_literals, deleted_clauses,
   * simplifications, compactions, shared_exported, shared_imported (the
   * portfolio's clause exchange); cubes, donations. */
  GSAT_PUBLIC_COUNTER_FIELDS(GSAT_CTR_U64_FIELD)
  double checks_per_second; /* checks / search_seconds */
  uint32_t vars, clauses;   /* after normalisation (clauses of length >= 2) */
  uint64_t literals;
  uint32_t units;
  char backend[8]; /* "cpu" or "gpu" (the portfolio: the member that answered, "cpu+gpu" when none
                      did) */
  char backend_reason[160]; /* why: "auto: no CUDA device", "requested", ... */
  char search[8];           /* "dpll", "cdcl" or "walk" */
  char search_reason[96];
  char decide[16]; /* "static", "moms" or "lookahead" (DPLL) */
  char decide_reason[96];
  uint32_t workers;                     /* CPU threads, or GPU workers (warps) */
  const gsat_worker_statistics *worker; /* [workers] for the CPU; NULL on the GPU
                                           and in a distributed search */
  uint32_t ranks;                       /* MPI ranks of a distributed search (0: one process) */
  const gsat_rank_statistics *rank;     /* [ranks], on rank 0 */
  /* GPU */
  char device[256];
  char gpu_map[8]; /* "warp" (GPU DPLL, CDCL and walk) */
  uint32_t gpu_blocks, gpu_threads;
  /* GPU CDCL: searchers, those that ran out of arena, learned-clause arena
   * bytes of each, device bytes of the plan in all */
  uint32_t gpu_cdcl_searchers, gpu_cdcl_retired;
  uint64_t gpu_cdcl_arena_bytes, gpu_cdcl_device_bytes;
  /* GPU CDCL cubes: split or not, cubes refuted, tree nodes used of cap */
  int gpu_cdcl_cubes;
  uint64_t gpu_cdcl_cubes_refuted;
  uint32_t gpu_cdcl_cube_nodes, gpu_cdcl_cube_cap;
  /* GPU CDCL with a proof: the record ring's bytes and the clause records
   * it carried into the proof */
  uint64_t gpu_cdcl_proof_ring_bytes, gpu_cdcl_proof_records;
  double context_seconds, upload_seconds, kernel_seconds, occupancy;
  double gpu_busy;       /* fraction of worker time spent searching */
  double gpu_replay;     /* fraction of worker time spent replaying cubes */
  uint64_t steals_warp;  /* GPU DPLL: cubes taken from a block's queue (between its warps) */
  uint64_t steals_block; /* GPU DPLL: cubes taken from the global queue (between blocks) */
  char gpu_layout[8];    /* "csr" or "slot" (--gpu-layout) */
  double layout_seconds; /* building the layout on the GPU, apart from upload */
  /* GPU walkers: where each walker's state is ("shared" or "global"
   * memory), walkers per SM, bytes of one walker's state */
  char gpu_walk_memory[8];
  char gpu_walk_state[8]; /* "compact" (8-bit counts, 16-bit indices) or "wide" */
  uint32_t gpu_walk_per_sm;
  uint64_t gpu_walk_state_bytes;
  /* The portfolio (--backend=auto with a GPU; 0 members otherwise); the
   * fields above are the answering member's (the CPU's when none answered) */
  uint32_t members;
  const gsat_member_statistics *member; /* [members] */
  char answered_by[8];                  /* the member that answered, "" when none did */
  uint32_t workers_requested;           /* CPU CDCL: the threads asked for when fewer
                                           searchers fit in memory (0: all ran) */
  gsat_search_id search_id;             /* search, as an enum */
  gsat_backend_id backend_id;           /* backend, as an enum */
  /* The options given (the command line, gsat_set_option) that the searches
   * that ran do not read, as a note's text: "ignored by the search that
   * ran, cdcl (--search=auto): --decide (read only by --search=dpll)"; ""
   * when every option given was read (docs/options.md) */
  char ignored[256];
} gsat_statistics;

/* The counters of a progress report: one uint64_t per row of
 * core/counters.h, as in gsat_statistics. */
typedef struct gsat_progress_counters {
  GSAT_PUBLIC_COUNTER_FIELDS(GSAT_CTR_U64_FIELD)
} gsat_progress_counters;

/* Progress report, about every `progress` seconds during gsat_solve(), from the
 * thread that supervises the CPU search (the calling thread, or in the
 * portfolio the CPU member's thread; never two calls at once).  nodes and
 * checks are counters.nodes and counters.checks.  A CDCL search (search
 * "cdcl") fills its CDCL counters too (conflicts, propagations, decisions,
 * restarts, learned, ...; the CPU CDCL portfolio's are its searchers' sums
 * after their last slices); a DPLL search only nodes and checks. */
typedef struct gsat_progress_report {
  double seconds;
  uint64_t nodes, checks, cubes_left;
  uint32_t busy_workers;
  char search[8]; /* "dpll", "cdcl" or "walk" */
  gsat_progress_counters counters;
  gsat_search_id search_id; /* search, as an enum */
} gsat_progress_report;

typedef void (*gsat_progress_callback)(void *data, const gsat_progress_report *report);

/* Called for each warning of gsat_read_dimacs() (file, 1-based line or 0, text). */
typedef void (*gsat_warning_callback)(void *data, const char *file, uint64_t line,
                                      const char *message);

/* Name and version, e.g. "gsat 0.1.0". */
GSAT_API const char *gsat_signature(void);

/* A new solver in state ADDING with default options (and GSAT_<OPTION>
 * environment overrides).  Returns NULL when out of memory. */
GSAT_API gsat_solver *gsat_init(void);

/* Releases all memory of s (NULL is fine). */
GSAT_API void gsat_release(gsat_solver *s);

/* Forgets the formula, so that s solves a new one as a fresh solver would,
 * but keeps what is costly to set up: the options, the callbacks (progress,
 * warning, terminate, learn) and the backend state, i.e. the GPU's device
 * properties, device arena, pinned buffers, streams and events (the CUDA
 * context lives as long as the process), so that the GPU is initialized once
 * for many formulas (`gsat --batch`).  Gone: the clauses, the declared
 * variable count, the model, the assumptions and failed set, the learned
 * clauses kept between solves (they are implied by the old formula only),
 * the statistics, the last error and an error pending from gsat_add.  A
 * terminate request (gsat_terminate) stays: gsat_reset_terminate clears it.
 * Any state; ensure (ADDING).  Never fails (it only frees). */
GSAT_API void gsat_reset(gsat_solver *s);

/* Adds literal lit (a DIMACS integer) to the current clause, or ends the clause
 * when lit is 0.  ensure (ADDING).  An invalid literal (INT32_MIN) or running out
 * of memory is remembered and reported by the next gsat_solve(). */
GSAT_API void gsat_add(gsat_solver *s, int32_t lit);

/* Assumes lit (a non-zero DIMACS literal) for the next gsat_solve() only, as
 * IPASIR's assume: that solve runs CDCL on the CPU (--search=dpll with
 * assumptions is a usage error) with the assumptions as its first decisions,
 * and its 20 means "unsatisfiable under the assumptions" (gsat_failed() then
 * names the ones used).  Clauses and learned clauses stay; the assumptions
 * are cleared by that solve.  ensure (ADDING).  Out of memory is remembered
 * and reported by the next gsat_solve(). */
GSAT_API void gsat_assume(gsat_solver *s, int32_t lit);

/* After 20 from a solve under assumptions: 1 when assumption lit is in the
 * failed set (the clauses plus the failed assumptions as units are
 * unsatisfiable; an empty set means the clauses alone are), 0 otherwise and
 * in any other state. */
GSAT_API int gsat_failed(gsat_solver *s, int32_t lit);

/* Sets the terminate callback (NULL: none): while gsat_solve() searches, a
 * helper thread calls terminate(data) every few milliseconds (never two calls
 * at once); a non-zero return stops that solve, which returns 0.  Unlike
 * gsat_terminate(), the stop does not outlast the call. */
GSAT_API void gsat_set_terminate(gsat_solver *s, void *data, int (*terminate)(void *data));

/* Sets the learn callback (NULL or max_length <= 0: none): every clause of at
 * most max_length literals that the CDCL search learns (units included) is
 * passed as a 0-terminated array of DIMACS literals, valid during the call;
 * calls are serialized, from the searching threads.  Returns 0, or -1 (out of
 * memory, the callback left unset). */
GSAT_API int gsat_set_learn(gsat_solver *s, void *data, int max_length,
                            void (*learn)(void *data, int32_t *clause));

/* Reads a DIMACS CNF file (plain, gzip, xz, lzma or bzip2, recognised by its
 * magic bytes; "-" or NULL for standard input) and adds its clauses, under the
 * options strict and relaxed; with a proof file set (option proof), a clause
 * after the ones the header declares is a parse error in every mode (a proof
 * checker reads only the declared clauses).  ensure (ADDING).  Returns 0 or a negative
 * status: parse errors (-2) name file, line and column in gsat_last_error(); -3
 * for I/O errors; -9 when gsat_terminate() interrupted it. */
GSAT_API int gsat_read_dimacs(gsat_solver *s, const char *path);

/* Sets option `name` (as in `gsat --help`, '-' or '_') from a string value.
 * An option set here counts as given explicitly: one that only some
 * searches read (docs/options.md), set beside a search option set here to
 * a search that does not read it, makes gsat_check_options() and
 * gsat_solve() fail with -4 (usage), naming both; so does one that only the
 * GPU reads (gpu_blocks, device, ...) beside backend set here to cpu.
 * Returns 0, or -4 (usage) with a message in gsat_last_error(). */
GSAT_API int gsat_set_option(gsat_solver *s, const char *name, const char *value);

/* Reads an option's value (enums: the index); 0 for an unknown name. */
GSAT_API double gsat_get_option(gsat_solver *s, const char *name);

/* Asks the next gsat_solve() calls to write a DRAT proof to path (created or
 * truncated at each solve; the format is the option proof_format, binary by
 * default): every learned clause, every deleted clause and, for UNSAT, the
 * empty clause, in the input's DIMACS numbering, checkable by drat-trim.  A
 * proof needs CDCL: with search auto CDCL is chosen, with search dpll
 * gsat_solve() fails with -4 (usage).  NULL stops writing proofs.  A proof that
 * cannot be written (path not creatable, disk full) makes gsat_solve() return
 * -3 (I/O).  The same as gsat_set_option(s, "proof", path) (NULL: "").
 * Returns 0, or -4 (usage: a path of 4096 bytes or more). */
GSAT_API int gsat_set_proof_path(gsat_solver *s, const char *path);

/* Checks, before any input is read, that the backend option can be honoured:
 * with backend gpu, that device `device` is usable (a CUDA build, a driver,
 * the device, compute capability 9.0 or newer), the same test gsat_solve()
 * makes.  Returns 0, or -7 (no usable GPU) with gsat_solve()'s message in
 * gsat_last_error().  When an earlier call left an error pending (e.g.
 * gsat_add with an invalid literal), returns that error instead, as
 * gsat_solve() would, and leaves its message.  Otherwise always 0 for auto
 * and cpu (auto falls back to the CPU in gsat_solve()), without touching
 * CUDA.  Any state; changes nothing
 * but the error message. */
GSAT_API int gsat_check_backend(gsat_solver *s);

/* Checks, before any input is read, the options that exclude each other
 * whatever the formula, as gsat_solve() would: the proof path "-", a proof
 * (option proof) with search dpll, a proof in the distributed search
 * (several MPI ranks), a conflict limit (option conflicts) with search
 * dpll, backend gpu or several MPI ranks, option cubes with a proof, an
 * option set by gsat_set_option() that the search set there (not auto)
 * does not read (--decide with --search=cdcl), one that only the GPU reads
 * with backend cpu set there (--gpu-blocks with --backend=cpu).
 * Returns 0, or -4 (usage) with gsat_solve()'s message in gsat_last_error().
 * Any state; changes nothing but the error message. */
GSAT_API int gsat_check_options(gsat_solver *s);

/* Solves the clauses added so far.  require (ADDING or SOLVED), ensure
 * (SOLVED). Returns 10 (satisfiable: the model was checked against every clause
 * added), 20 (unsatisfiable), 0 (unknown: the time limit, counted from the
 * call, the node limit, or gsat_terminate()), or a negative status on error: -1
 * out of memory, -4 usage, -5 resource (e.g. the GPU is too small), -6 CUDA, -7
 * no usable GPU for --backend=gpu, -8 internal (including a model that fails
 * the check, never reported as an answer). */
GSAT_API int gsat_solve(gsat_solver *s);

/* A cube of gsat_cubes(): its DIMACS literals lits[0..n) (no 0).  Returns 0
 * to stop the splitting (gsat_cubes() then fails with -3, input/output). */
typedef int (*gsat_cube_callback)(void *data, const int64_t *lits, uint32_t n);

/* Splits the formula into cubes for cube-and-conquer, as march_cu does, by the
 * DPLL look-ahead (--decide=lookahead): the shallowest open cube is split on
 * the look-ahead's decision until max_cubes (>= 1) are made or none is left to
 * split; cubes refuted on the way are dropped.  Calls fn with each cube (the
 * decisions from the root).  Every model of the formula satisfies exactly one
 * cube, so the formula is UNSAT when each cube is refuted under it.  Returns
 * 20 when no cube is left (the formula is UNSAT), 0 when cubes were given
 * (also when a stop request ends the splitting early: then they do not
 * cover the formula), or a negative status with gsat_last_error(): -4 (usage:
 * max_cubes 0 or no fn, or a proof requested: the look-ahead learns nothing
 * and writes no proof), -1, -3 (fn returned 0).  The statistics count the
 * look-ahead's work.  State as gsat_solve(). */
GSAT_API int gsat_cubes(gsat_solver *s, uint64_t max_cubes, gsat_cube_callback fn, void *data);

/* After 10: lit if lit is true in the model, -lit if false, and 0 when its
 * variable occurs in no clause (either value satisfies the formula, as IPASIR
 * allows).  0 in any other state.  Nothing is stored per declared variable or
 * per index: the values of the variables that occur are kept (sparse when the
 * indices are far above the literal count, looked up by binary search). */
GSAT_API int32_t gsat_value(gsat_solver *s, int32_t lit);

/* After 10: the smallest variable above v (v >= 0) that occurs in a clause,
 * i.e. whose gsat_value() is not 0; 0 when there is none (and in any other
 * state).  Walks the model without visiting every declared index, for partial
 * models of formulas that declare far more variables than they use. */
GSAT_API int64_t gsat_next_model_variable(gsat_solver *s, int64_t v);

/* Asks a running gsat_read_dimacs() or gsat_solve() to stop soon (it then
 * returns -9 or 0).  The request stays until gsat_reset_terminate(): a later
 * call also stops at once, so that a signal that arrives between two calls is
 * not lost. Async-signal-safe. */
GSAT_API void gsat_terminate(gsat_solver *s);

/* Clears a terminate request, so that the next call runs. */
GSAT_API void gsat_reset_terminate(gsat_solver *s);

/* Message of the last error ("" if none). */
GSAT_API const char *gsat_last_error(gsat_solver *s);

/* Statistics of the last read and solve; valid until the next call on s. */
GSAT_API const gsat_statistics *gsat_get_statistics(gsat_solver *s);

/* Writes the statistics as `c` comment lines to out (the CLI's --stats). */
GSAT_API void gsat_print_statistics(gsat_solver *s, FILE *out);

/* Portfolio members of earlier gsat_solve() calls in this process that are
 * still finishing their setup in the background (a CUDA context that no solve
 * needs any more: the CPU answered first), plus GPU search kernels that did
 * not stop when asked (their solve failed with a CUDA error).  The members
 * never search, and free what they hold when they return; a program may end
 * without waiting for them (after flushing its output, e.g. by _exit(),
 * skipping the CUDA teardown, which would wait for a stuck kernel forever),
 * as the gsat CLI does.  0 without a GPU. */
GSAT_API int gsat_background_members(void);

/* Largest variable to report in a model: max of the declared count of the last
 * DIMACS header read and the largest variable added. */
GSAT_API int64_t gsat_max_variable(gsat_solver *s);

GSAT_API void gsat_set_progress_callback(gsat_solver *s, gsat_progress_callback fn, void *data);
GSAT_API void gsat_set_warning_callback(gsat_solver *s, gsat_warning_callback fn, void *data);

#ifdef __cplusplus
}
#endif

#endif
