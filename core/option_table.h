/* The option table (style.md, 7): one row per option generates the typed
 * fields of gsat_options, the enum of every enum option, the defaults, ranges
 * and value names, the parser of `--name=value` and GSAT_<NAME>, and the
 * --help lines (options.h, options.c).  No option is listed anywhere else.
 * Plain C without functions: the step code and the kernels include it for the
 * enums (gsat_decide, GSAT_GPU_MAP_*, ...). */
#ifndef GSAT_OPTION_TABLE_H
#define GSAT_OPTION_TABLE_H

#include <stdbool.h>
#include <stdint.h>

/* O (name, kind, default, low, high, step, values, hide, "help")
 *
 * kind    the field's type and how a value is parsed:
 *   BOOL    bool      true/false, yes/no, on/off, 1/0; --name, --no-name
 *   INT     int       a number in low..high, a multiple of step (0: any)
 *   UINT64  uint64_t  as INT
 *   REAL    double    a number in low..high
 *   ENUM    gsat_opt_<name>, the constants GSAT_<values>_<X> of the list
 *           GSAT_<values>_VALUES below, numbered from 0 in order; parsed by
 *           name; the range is the list
 *   STRING  char [GSAT_OPTION_STRING_SIZE], e.g. a file path; "" is unset
 * hide    SHOW, or HIDE for a tuning knob: not in --help, still set by
 *         --name=value and GSAT_<NAME>
 * A column the kind does not use is `_`.  Keep the rows sorted by name (a test
 * checks it, and that every default is in range). */
// clang-format off
#define GSAT_OPTIONS(O) \
  O (backend,      ENUM,   GSAT_BACKEND_AUTO,      _, _,        _,  BACKEND,      SHOW, "search backend (auto: the CPU search, raced by the GPU search when a GPU may be present: the first answer wins)") \
  O (bva,          BOOL,   true,                   _, _,        _,  _,            SHOW, "CPU CDCL preprocessing: bounded variable addition (structured BVA: clauses that share remainders re-encoded with a fresh variable), where a first pass finds large at-most-one-like structure (docs/simplify.md)") \
  O (bva_effort,   INT,    100,                    1, 1000000,  0,  _,            HIDE, "CPU CDCL preprocessing: steps (clause literals read) bounded variable addition earns per clause it removed, beyond one step per literal of the formula (at least 100,000)") \
  O (bva_share,    INT,    10,                     0, 100,      0,  _,            HIDE, "bounded variable addition replaces only when a first pass finds disjoint matches that remove this percent of the clauses (large at-most-one-like structure; 0: always)") \
  O (bva_size,     INT,    2,                      0, 1000000,  0,  _,            HIDE, "bounded variable addition: longest clause matched (2, the default: binary clauses only, as at-most-one constraints; 0: any)") \
  O (bva_tiebreak, BOOL,   true,                   _, _,        _,  _,            HIDE, "bounded variable addition: break ties between literals of equal match count by the 3-hop heuristic (SBVA); false: the first found") \
  O (cdcl_bcp,     ENUM,   GSAT_BCP_WATCHED,       _, _,        _,  BCP,          HIDE, "CDCL BCP of original clauses: watched, or read whole from the occurrence streams (only learned clauses watched)") \
  O (cdcl_cube_count, INT, 0,                     0, 2048,     0,  _,            HIDE, "CPU CDCL with --cdcl-cubes=lookahead: look-ahead cubes the searchers start from (0: the measured default)") \
  O (cdcl_cube_team, INT, 0,                      0, 4096,     0,  _,            HIDE, "CPU CDCL with cubes: the searchers that split the work as cubes, the others search the whole formula (0: the measured default; at least --threads: all)") \
  O (cdcl_cubes,   ENUM,   GSAT_CDCL_CUBES_AUTO,   _, _,        _,  CDCL_CUBES,   HIDE, "CDCL with several threads: split the work as cubes (on) or let every searcher search the whole formula (off); lookahead: the CPU searchers start from look-ahead cubes, also one thread; auto: the measured default") \
  O (cdcl_decide,  ENUM,   GSAT_CDCL_DECIDE_AUTO,  _, _,        _,  CDCL_DECIDE,  HIDE, "CDCL decision heuristic (auto: the measured default)") \
  O (cdcl_memory,  INT,    0,                      0, 1048576,  0,  _,            HIDE, "CPU CDCL: MiB the searchers may start with in all (0: half the memory available, and of ulimit -v); with --threads beyond it fewer searchers run, as --stats says") \
  O (cdcl_reduce,  INT,    0,                      0, 1e9,      0,  _,            HIDE, "CDCL conflicts before the first learned-clause reduction, and its interval step / 7 (0: the measured default)") \
  O (cdcl_restart, ENUM,   GSAT_RESTARTS_AUTO,     _, _,        _,  RESTARTS,     HIDE, "CDCL restarts: switch (focused LBD averages and stable Luby phases), glucose or luby only (auto: the measured default)") \
  O (cdcl_target,  ENUM,   GSAT_TARGETS_AUTO,      _, _,        _,  TARGETS,      HIDE, "CDCL target phases (the assignment of the longest conflict-free trail since the mode switch): off, in stable mode, or always (auto: the measured default, stable)") \
  O (cdcl_walk,    INT,    0,                      0, 1000,     0,  _,            HIDE, "CPU CDCL: per mille of the searchers' time that a CPU walker beside them may take; its best assignments become the searchers' phases at rephase, it restarts from their target phases (0: no walker; docs/phases.md)") \
  O (cdcl_walk_answers, BOOL, true,               _, _,        _,  _,            HIDE, "with --cdcl-walk: the CPU walker's model answers SAT (false: it is only offered as phases, taken at the searchers' next restart; for measuring the phases alone)") \
  O (conflicts,    UINT64, 0,                      0, 1e15,     0,  _,            SHOW, "CPU CDCL: conflicts (of all searchers) before giving up with s UNKNOWN (0: none; with it --search=auto picks CDCL and no GPU search races; refused with DPLL, the GPU search and MPI)") \
  O (congruence,   BOOL,   true,                   _, _,        _,  _,            SHOW, "CPU CDCL preprocessing: congruence closure: AND, XOR and if-then-else gates with the same inputs (up to equivalences found) have equivalent outputs, proved in DRAT and substituted (docs/simplify.md)") \
  O (cubes,        UINT64, 0,                      0, 1e12,     0,  _,            SHOW, "instead of solving, write up to N cubes of the look-ahead's splitting for cube-and-conquer, one 'a LIT... 0' line each (iCNF, as march_cu); every model satisfies exactly one; 0: solve") \
  O (decide,       ENUM,   GSAT_DECIDE_AUTO,       _, _,        _,  DECIDE,       SHOW, "DPLL decision heuristic (auto: chosen from instance features)") \
  O (device,       INT,    0,                      0, 1023,     0,  _,            SHOW, "CUDA device ordinal") \
  O (elim,         BOOL,   true,                   _, _,        _,  _,            SHOW, "CPU CDCL preprocessing: bounded variable elimination (with AND, equivalence, if-then-else and XOR gates); models are extended to the eliminated variables") \
  O (equiv,        BOOL,   true,                   _, _,        _,  _,            SHOW, "CPU CDCL preprocessing: equivalent-literal substitution (strongly connected components of the binary clauses)") \
  O (equiv_learned, BOOL,  false,                  _, _,        _,  _,            SHOW, "CPU CDCL inprocessing: the rounds' equivalent-literal substitution takes the live learned binary clauses as edges of the binary implication graph beside the irredundant ones (docs/simplify.md)") \
  O (fast_exit,    INT,    0,                      -1, 1,       0,  _,            HIDE, "the CLI's end after the output is flushed: 1 _exit (no CUDA teardown), -1 a normal exit, 0 auto: _exit once CUDA was used (a GPU search, or a portfolio member still in its setup)") \
  O (gpu_backoff,  INT,    0,                      0, 1000000,  0,  _,            HIDE, "longest sleep in ns of an idle GPU worker between polls (0: 2048)") \
  O (gpu_blocks,   INT,    0,                      0, 1048576,  0,  _,            SHOW, "GPU thread blocks (0: one per SM)") \
  O (gpu_cdcl_arena, INT,  0,                      0, 65536,    0,  _,            SHOW, "GPU CDCL: MiB of learned clauses per searcher (0: planned from the instance and the free device memory; a full arena triggers reduction)") \
  O (gpu_cdcl_proof_ring, INT, 16384,               1, 1048576,  0,  _,            SHOW, "GPU CDCL with --proof: KiB of the ring of clause records that the searchers append to and the host drains into the proof (pinned host memory; at least two records of every variable; a searcher waits while it is full)") \
  O (gpu_cdcl_searchers, INT, 0,                   0, 1048576,  0,  _,            SHOW, "GPU CDCL: searchers, one per warp (0: 16 per SM, fewer when the device memory does not hold them)") \
  O (gpu_cdcl_share, BOOL,  true,                   _, _,        _,  _,            SHOW, "GPU CDCL: share learned units and short clauses between the searchers through a global ring (imported at restarts)") \
  O (gpu_layout,   ENUM,   GSAT_GPU_LAYOUT_AUTO,   _, _,        _,  GPU_LAYOUT,   SHOW, "GPU CNF layout: csr, or slot (streams and slot-major clause buckets built on the GPU); auto: slot, by the A/B in bench/RESULTS.md") \
  O (gpu_map,      ENUM,   GSAT_GPU_MAP_AUTO,      _, _,        _,  GPU_MAP,      SHOW, "GPU mapping of the DPLL tree search: warp, a subtree per warp (the only mapping; auto is warp)") \
  O (gpu_occ_sort, ENUM,   GSAT_GPU_OCC_SORT_AUTO, _, _,        _,  GPU_OCC_SORT, HIDE, "sort of the occurrence lists in the GPU layout build (auto: radix, gpu/occ.h)") \
  O (gpu_slice,    INT,    0,                      0, 1000000,  0,  _,            HIDE, "GPU decisions between stop and work-exchange checks (0: 64, fewer for MOMS on large formulas)") \
  O (gpu_stop_grace, REAL, 0,                      0, 3600,     _,  _,            HIDE, "seconds a GPU search kernel (DPLL or CDCL) may keep running after the stop request (a limit, a signal, the other member's answer) before gsat gives up on it with an error (0: 2)") \
  O (gpu_threads,  INT,    0,                      0, 512,      32, _,            SHOW, "GPU threads per block, a multiple of 32 (0: 512)") \
  O (gpu_walk_global, BOOL, false,                _, _,        _,  _,            HIDE, "GPU walkers: keep every walker's state in global memory (many walkers per SM) even when it fits in shared memory (a few per SM); for A/B measurements") \
  O (gpu_walk_lane_dense, BOOL, false,             _, _,        _,  _,            HIDE, "GPU lane walkers: pack a block's lane walkers into its first warps, 32 a warp, instead of spreading them one a warp (up to 1024 threads a block); for A/B measurements") \
  O (gpu_walk_mapping, ENUM, GSAT_GPU_WALK_MAPPING_AUTO, _, _,   _,  GPU_WALK_MAPPING, SHOW, "GPU walkers: one walker per warp (warp) or per thread (lane, for small formulas: 8/16-bit state where the formula allows); auto: warp (lane walkers found models later on five of six classes measured, docs/walk.md)") \
  O (gpu_walk_wide, BOOL,  false,                  _, _,        _,  _,            HIDE, "GPU lane walkers: keep the wide state (32-bit counts and indices) where the compact one (8-bit counts, 16-bit indices) would fit; for A/B measurements") \
  O (hbr,          BOOL,   true,                   _, _,        _,  _,            SHOW, "CPU CDCL preprocessing: hyper-binary resolution in failed-literal probing (a binary (NOT root, u) for each literal u that a longer clause implied while probing root)") \
  O (inprocess,    BOOL,   true,                   _, _,        _,  _,            SHOW, "CPU CDCL (each searcher of the portfolio): simplification rounds during the search (subsumption, probing, equivalences, congruence closure, sweeping, elimination, then subsumption of the learned clauses) on a conflict schedule; needs --simplify (docs/simplify.md)") \
  O (inprocess_bound, INT,  16,                     0, 1024,     0,  _,            HIDE, "CPU CDCL inprocessing: elimination may add at most this many clauses more than it removes for a variable; 0 in the first round, then 1, 2, 4, ... up to this (0: never more than it removes)") \
  O (inprocess_effort, INT, 50,                    1, 100000,   0,  _,            HIDE, "CPU CDCL inprocessing: steps (clause literals read) a round may take, per mille of the literal checks the search made since the last round (shared by its five parts, each at least 100,000)") \
  O (inprocess_interval, INT, 10000,               1, 1e9,      0,  _,            HIDE, "CPU CDCL inprocessing: conflicts before the first round; the k-th round comes k intervals after the one before") \
  O (model,        BOOL,   true,                   _, _,        _,  _,            SHOW, "print the model (v lines) of a SAT answer; --no-model prints only the s line") \
  O (mpi_cube_queue, INT, 0,                       0, 4096,     0,  _,            HIDE, "MPI, GPU ranks: cubes a rank keeps split off beside the one its GPU searches, for other ranks and its next search (0: 4)") \
  O (mpi_cube_standin, BOOL, false,                _, _,        _,  _,            HIDE, "MPI with --backend=cpu: every rank runs the GPU ranks' cube loop with the CPU search standing in for the GPU search (tests without a GPU)") \
  O (mpi_port_ring, INT, 14,                      4, 24,       0,  _,            HIDE, "CDCL over MPI, GPU ranks (and --mpi-cube-standin): log2 of the slots of the rank's exchange ring between its search's clause port and the MPI rounds (its filter: 16 times as many hashes); it holds what arrives between two polls of the port") \
  O (mpi_share_interval, REAL, 0.1,                0.001, 1e3,  _,  _,            HIDE, "CDCL over MPI: seconds between clause exchange rounds") \
  O (mpi_share_words, INT, 1024,                   64, 1048576, 0,  _,            HIDE, "CDCL over MPI: 32-bit words of learned clauses (a length word, then the literals) a rank sends per round") \
  O (node_limit,   UINT64, 0,                      0, 1e15,     0,  _,            SHOW, "decisions before giving up with s UNKNOWN (0: none)") \
  O (partial,      BOOL,   false,                  _, _,        _,  _,            SHOW, "print only the variables that occur in a clause in the model") \
  O (portfolio_gpu_cdcl, BOOL, true,               _, _,        _,  _,            HIDE, "with --no-portfolio-gpu-walk, the portfolio's GPU member runs the GPU CDCL search (clauses exchanged with the CPU member) when the search is CDCL; false: GPU DPLL, no exchange") \
  O (portfolio_gpu_delay, REAL, -1,               -1, 10,      _,  _,            HIDE, "seconds the portfolio's GPU member waits before it touches CUDA, so that what the CPU answers sooner costs no CUDA context (0: none; -1 auto: 0.02 s, and 0.25 s for the GPU walkers beside the CPU CDCL search, by measurement, bench/RESULTS.md); no wait once an earlier solve made the CUDA context") \
  O (portfolio_gpu_walk, BOOL, true,               _, _,        _,  _,            HIDE, "the portfolio's GPU member runs the GPU walkers (models only, never UNSAT, no clause exchange) when the search is CDCL; false: the GPU CDCL search or DPLL, as --portfolio-gpu-cdcl says") \
  O (portfolio_phases, BOOL, true,                 _, _,        _,  _,            HIDE, "the portfolio's GPU walkers offer their best assignments to the CPU CDCL searchers, which take them as phases at rephase (docs/phases.md)") \
  O (portfolio_walk, INT,    -1,                     -1, 256,     0,  _,            HIDE, "CPU walker threads that race the search, taken from its threads (models only; docs/walk.md): -1 auto (one for uniform random k-SAT with --search=auto on 4 or more threads, or 2-3 from 500 variables), 0 none; never with --proof, --conflicts, MPI or one thread; the walkers race without --node-limit, which counts the search's decisions") \
  O (presearch,    UINT64, 1000,                   0, 1e9,      0,  _,            HIDE, "CPU CDCL with --simplify: conflicts of a one-thread search of the input before the preprocessing, which runs only where that search did not answer (0: none; docs/simplify.md)") \
  O (probe,        BOOL,   true,                   _, _,        _,  _,            SHOW, "CPU CDCL preprocessing: failed-literal probing on the roots of the binary implication graph") \
  O (progress,     REAL,   5,                      0, 1e9,      _,  _,            SHOW, "seconds between progress lines (0: none)") \
  O (proof,        STRING, "",                     _, _,        _,  _,            SHOW, "write a DRAT proof of the CDCL search to this file (a second file argument is the same; format: --proof-format)") \
  O (proof_format, ENUM,   GSAT_PROOF_FORMAT_BINARY, _, _,      _,  PROOF_FORMAT, SHOW, "DRAT proof format of --proof=FILE") \
  O (quiet,        BOOL,   false,                  _, _,        _,  _,            SHOW, "print only the s and v lines, errors and the statistics of --stats") \
  O (relaxed,      BOOL,   false,                  _, _,        _,  _,            SHOW, "accept fewer clauses than the header declares (with a warning)") \
  O (search,       ENUM,   GSAT_SEARCH_AUTO,       _, _,        _,  SEARCH,       SHOW, "search: dpll (no learning), cdcl (clause learning; on the GPU one searcher per warp), walk (probSAT local search, one walker per thread or GPU warp: finds models, never proves UNSAT; --node-limit counts flips), auto: DPLL or CDCL chosen from instance features, on the GPU by the same rule") \
  O (seed,         UINT64, 0,                      0, 4294967295.0, 0, _,         SHOW, "seed of the CDCL search's diversification (phase perturbation; 0: none) and of the walkers; DPLL uses no randomness") \
  O (simp_effort,  INT,    5,                      1, 1000000,  0,  _,            HIDE, "CPU CDCL preprocessing: steps (clause literals read) each technique may take per literal of the formula (at least a million)") \
  O (simp_occ_limit, INT,  64,                     1, 1000000,  0,  _,            HIDE, "CPU CDCL preprocessing: a variable with more occurrences of one sign is not eliminated") \
  O (simplify,     BOOL,   true,                   _, _,        _,  _,            SHOW, "CPU CDCL: simplify the formula once before the search (congruence closure, subsumption, probing, equivalences, sweeping, variable addition, elimination; docs/simplify.md); once for both members of the CPU+GPU portfolio; off with assumptions, incremental solves and the MPI ranks' clause exchange") \
  O (stats,        BOOL,   false,                  _, _,        _,  _,            SHOW, "print statistics") \
  O (strict,       BOOL,   false,                  _, _,        _,  _,            SHOW, "reject the % end marker, extra clauses and undeclared variables") \
  O (subsume,      BOOL,   true,                   _, _,        _,  _,            SHOW, "CPU CDCL preprocessing: backward subsumption and self-subsuming strengthening") \
  O (sweep,        BOOL,   true,                   _, _,        _,  _,            SHOW, "CPU CDCL preprocessing and inprocessing: SAT sweeping: equivalences and backbone units proved by a small solver on the environment of each variable (the clauses near it), then substituted, on a budget of a share of the search's work (docs/simplify.md)") \
  O (sweep_clauses, INT,   1024,                   2, 1000000,  0,  _,            HIDE, "SAT sweeping: clauses of an environment at most") \
  O (sweep_depth,  INT,    2,                      0, 100,      0,  _,            HIDE, "SAT sweeping: an environment's clauses are within this many shared variables of the variable swept") \
  O (sweep_effort, INT,    20,                    1, 100000,   0,  _,            HIDE, "SAT sweeping in an inprocessing round: its base budget in steps (clause literals read, the small solver's watch visits), per mille of the literal checks the search made since the last round (preprocessing: 5 steps per literal of the formula, at most 250,000; at least 20,000)") \
  O (sweep_reward, INT,   200000,                 0, 1000000000, 0, _,           HIDE, "SAT sweeping: steps each equivalence or unit proved adds to its budget") \
  O (sweep_reward_cap, INT, 200,                  0, 100000,   0,  _,            HIDE, "SAT sweeping: the rewards add at most this percent of the base budget (preprocessing: at most 100)") \
  O (sweep_rounds, INT,   30,                     1, 1000,     0,  _,            HIDE, "SAT sweeping: rounds of sweeping and substitution at most (while a round proves an equivalence)") \
  O (sweep_vars,   INT,    20000,                  0, 1000000000, 0, _,           HIDE, "SAT sweeping: variables swept per round at most (0: none)") \
  O (threads,      INT,    0,                      0, 4096,     0,  _,            SHOW, "CPU worker threads (0: all cores)") \
  O (time_limit,   REAL,   0,                      0, 1e9,      _,  _,            SHOW, "seconds from start to giving up with s UNKNOWN (0: none)") \
  O (verbose,      INT,    0,                      0, 2,        0,  _,            SHOW, "more c lines: 1 the options not at their defaults, the formula and the phase times; 2 also the statistics and progress every second; each -v adds one (-vvv is 2)") \
  O (vivify,       BOOL,   true,                   _, _,        _,  _,            SHOW, "CPU CDCL: vivify learned clauses at restarts (propagate the negation of a clause's literals, shorten it on a conflict or an implied literal; docs/simplify.md)") \
  O (vivify_effort, INT,   100,                    1, 1000000,  0,  _,            HIDE, "CDCL vivification: budget of a round, per mille of the literal checks the search made since the last round") \
  O (vivify_interval, INT, 1000,                   1, 1e9,      0,  _,            HIDE, "CDCL vivification: conflicts between rounds") \
  O (vivify_irred, BOOL,   false,                  _, _,        _,  _,            HIDE, "CDCL vivification: irredundant clauses too (a quarter of the budget; --no-vivify-irred: learned clauses only)")

/* The searches that read an option, for the options that not every search
 * or not every backend reads: R (A, name, searches), searches a '|' of
 * GSAT_READ (DPLL, CDCL, WALK) and GSAT_GPU_ONLY; an option not listed is
 * read whatever the search and the backend.  A is passed through
 * (options.c fills gsat_option_info.searches and gpu_only from it).  An option
 * given explicitly (the command line, gsat_set_option) beside an explicit
 * --search that does not read it is a usage error (options.h,
 * gsat_options_check_search); where --search=auto chose searches that do
 * not read it, the solve names it (gsat_options_unread, the CLI's note).
 * What runs beside the search counts: with
 * --search=cdcl the portfolio's GPU member runs the walkers, or DPLL, as
 * --portfolio-gpu-walk and --portfolio-gpu-cdcl say.  GSAT_GPU_ONLY marks an
 * option read by the GPU only (a GPU search, or the portfolio's GPU member),
 * whatever searches its other bits name (none: every search): one given
 * explicitly beside an explicit --backend=cpu is a usage error
 * (gsat_options_check_backend); --backend=auto accepts it with or without
 * a GPU. */
#define GSAT_READ(X)  (1u << GSAT_SEARCH_##X)
#define GSAT_GPU_ONLY (1u << 16)
#define GSAT_OPTION_READERS(R, A) \
  R (A, bva,                 GSAT_READ (CDCL)) \
  R (A, bva_effort,          GSAT_READ (CDCL)) \
  R (A, bva_share,           GSAT_READ (CDCL)) \
  R (A, bva_size,            GSAT_READ (CDCL)) \
  R (A, bva_tiebreak,        GSAT_READ (CDCL)) \
  R (A, cdcl_bcp,            GSAT_READ (CDCL)) \
  R (A, cdcl_cube_count,     GSAT_READ (CDCL)) \
  R (A, cdcl_cube_team,      GSAT_READ (CDCL)) \
  R (A, cdcl_cubes,          GSAT_READ (CDCL)) \
  R (A, cdcl_decide,         GSAT_READ (CDCL)) \
  R (A, cdcl_memory,         GSAT_READ (CDCL)) \
  R (A, cdcl_reduce,         GSAT_READ (CDCL)) \
  R (A, cdcl_restart,        GSAT_READ (CDCL)) \
  R (A, cdcl_target,         GSAT_READ (CDCL)) \
  R (A, cdcl_walk,           GSAT_READ (CDCL)) \
  R (A, cdcl_walk_answers,   GSAT_READ (CDCL)) \
  R (A, conflicts,           GSAT_READ (CDCL)) \
  R (A, congruence,          GSAT_READ (CDCL)) \
  R (A, cubes,               GSAT_READ (DPLL)) \
  R (A, decide,              GSAT_READ (DPLL)) \
  R (A, device,              GSAT_GPU_ONLY) \
  R (A, elim,                GSAT_READ (CDCL)) \
  R (A, equiv,               GSAT_READ (CDCL)) \
  R (A, equiv_learned,       GSAT_READ (CDCL)) \
  R (A, gpu_backoff,         GSAT_READ (DPLL) | GSAT_GPU_ONLY) \
  R (A, gpu_blocks,          GSAT_READ (DPLL) | GSAT_READ (WALK) | GSAT_GPU_ONLY) \
  R (A, gpu_cdcl_arena,      GSAT_READ (CDCL) | GSAT_GPU_ONLY) \
  R (A, gpu_cdcl_proof_ring, GSAT_READ (CDCL) | GSAT_GPU_ONLY) \
  R (A, gpu_cdcl_searchers,  GSAT_READ (CDCL) | GSAT_GPU_ONLY) \
  R (A, gpu_cdcl_share,      GSAT_READ (CDCL) | GSAT_GPU_ONLY) \
  R (A, gpu_layout,          GSAT_READ (DPLL) | GSAT_GPU_ONLY) \
  R (A, gpu_map,             GSAT_READ (DPLL) | GSAT_GPU_ONLY) \
  R (A, gpu_occ_sort,        GSAT_READ (DPLL) | GSAT_GPU_ONLY) \
  R (A, gpu_slice,           GSAT_READ (DPLL) | GSAT_READ (WALK) | GSAT_GPU_ONLY) \
  R (A, gpu_stop_grace,      GSAT_GPU_ONLY) \
  R (A, gpu_threads,         GSAT_READ (DPLL) | GSAT_GPU_ONLY) \
  R (A, gpu_walk_global,     GSAT_READ (WALK) | GSAT_GPU_ONLY) \
  R (A, gpu_walk_lane_dense, GSAT_READ (WALK) | GSAT_GPU_ONLY) \
  R (A, gpu_walk_mapping,    GSAT_READ (WALK) | GSAT_GPU_ONLY) \
  R (A, gpu_walk_wide,       GSAT_READ (WALK) | GSAT_GPU_ONLY) \
  R (A, hbr,                 GSAT_READ (CDCL)) \
  R (A, inprocess,           GSAT_READ (CDCL)) \
  R (A, inprocess_bound,     GSAT_READ (CDCL)) \
  R (A, inprocess_effort,    GSAT_READ (CDCL)) \
  R (A, inprocess_interval,  GSAT_READ (CDCL)) \
  R (A, mpi_cube_queue,      GSAT_READ (DPLL)) \
  R (A, mpi_port_ring,       GSAT_READ (CDCL)) \
  R (A, mpi_share_interval,  GSAT_READ (CDCL)) \
  R (A, mpi_share_words,     GSAT_READ (CDCL)) \
  R (A, portfolio_gpu_cdcl,  GSAT_READ (CDCL) | GSAT_GPU_ONLY) \
  R (A, portfolio_gpu_delay, GSAT_GPU_ONLY) \
  R (A, portfolio_gpu_walk,  GSAT_READ (CDCL) | GSAT_GPU_ONLY) \
  R (A, portfolio_phases,    GSAT_READ (CDCL) | GSAT_GPU_ONLY) \
  R (A, portfolio_walk,      GSAT_READ (DPLL) | GSAT_READ (CDCL)) \
  R (A, presearch,           GSAT_READ (CDCL)) \
  R (A, probe,               GSAT_READ (CDCL)) \
  R (A, proof,               GSAT_READ (CDCL)) \
  R (A, proof_format,        GSAT_READ (CDCL)) \
  R (A, seed,                GSAT_READ (CDCL) | GSAT_READ (WALK)) \
  R (A, simp_effort,         GSAT_READ (CDCL)) \
  R (A, simp_occ_limit,      GSAT_READ (CDCL)) \
  R (A, simplify,            GSAT_READ (CDCL)) \
  R (A, subsume,             GSAT_READ (CDCL)) \
  R (A, sweep,               GSAT_READ (CDCL)) \
  R (A, sweep_clauses,       GSAT_READ (CDCL)) \
  R (A, sweep_depth,         GSAT_READ (CDCL)) \
  R (A, sweep_effort,        GSAT_READ (CDCL)) \
  R (A, sweep_reward,        GSAT_READ (CDCL)) \
  R (A, sweep_reward_cap,    GSAT_READ (CDCL)) \
  R (A, sweep_rounds,        GSAT_READ (CDCL)) \
  R (A, sweep_vars,          GSAT_READ (CDCL)) \
  R (A, vivify,              GSAT_READ (CDCL)) \
  R (A, vivify_effort,       GSAT_READ (CDCL)) \
  R (A, vivify_interval,     GSAT_READ (CDCL)) \
  R (A, vivify_irred,        GSAT_READ (CDCL))

/* The values of the enum options: V (P, X, "name") makes the constant
 * GSAT_<P>_<X> (P is the list's prefix, passed in) and its name. */
#define GSAT_BACKEND_VALUES(V, P) \
  V (P, AUTO, "auto")   /* the CPU, raced by the GPU when a device may be present */ \
  V (P, CPU,  "cpu")    /* the CPU reference (cpu/) */ \
  V (P, GPU,  "gpu")    /* the GPU; an error without a usable device */
#define GSAT_BCP_VALUES(V, P) \
  V (P, WATCHED, "watched") /* GSAT_CDCL_BCP_WATCHED (cdcl_types.h) */ \
  V (P, STREAMS, "streams") /* GSAT_CDCL_BCP_STREAMS */
#define GSAT_CDCL_CUBES_VALUES(V, P) \
  V (P, AUTO, "auto") /* GSAT_PORTFOLIO_CUBES_DEFAULT (cpu/cdcl_portfolio.h) */ \
  V (P, ON,   "on")   /* cubes as assumptions, split when a searcher idles */ \
  V (P, OFF,  "off")  /* a plain portfolio */ \
  V (P, LOOKAHEAD, "lookahead") /* on, from look-ahead cubes (cpu_ref.h gsat_cpu_cubes_seed) */
#define GSAT_CDCL_DECIDE_VALUES(V, P) \
  V (P, AUTO,  "auto")  /* gsat_cdcl_config_default's */ \
  V (P, VSIDS, "vsids") /* GSAT_CDCL_VSIDS */ \
  V (P, VMTF,  "vmtf")  /* GSAT_CDCL_VMTF */
#define GSAT_PROOF_FORMAT_VALUES(V, P) \
  V (P, BINARY, "binary") /* GSAT_PROOF_BINARY (proof.h) */ \
  V (P, TEXT,   "text")   /* GSAT_PROOF_TEXT */
#define GSAT_RESTARTS_VALUES(V, P) \
  V (P, AUTO,    "auto")    /* gsat_cdcl_config_default's */ \
  V (P, SWITCH,  "switch")  /* GSAT_CDCL_RESTART_SWITCH */ \
  V (P, GLUCOSE, "glucose") /* GSAT_CDCL_RESTART_GLUCOSE */ \
  V (P, LUBY,    "luby")    /* GSAT_CDCL_RESTART_LUBY */
#define GSAT_TARGETS_VALUES(V, P) \
  V (P, AUTO,   "auto")   /* gsat_cdcl_config_default's */ \
  V (P, OFF,    "off")    /* GSAT_CDCL_TARGET_OFF */ \
  V (P, STABLE, "stable") /* GSAT_CDCL_TARGET_STABLE */ \
  V (P, ALWAYS, "always") /* GSAT_CDCL_TARGET_ALWAYS */
#define GSAT_SEARCH_VALUES(V, P) \
  V (P, AUTO, "auto")   /* chosen from instance features (choose.h) */ \
  V (P, DPLL, "dpll")   /* no learning, CPU or GPU */ \
  V (P, CDCL, "cdcl")   /* clause learning, CPU or GPU */ \
  V (P, WALK, "walk")   /* local search (walk.h): SAT or UNKNOWN, never UNSAT */
#define GSAT_DECIDE_VALUES(V, P) \
  V (P, AUTO,   "auto")   /* chosen from instance features (choose.h) */ \
  V (P, STATIC, "static") /* occurrence-count order fixed at load time */ \
  V (P, MOMS,   "moms")   /* max occurrences in min-size unsatisfied clauses */ \
  V (P, LOOKAHEAD, "lookahead") /* march/kcnfs look-ahead (dpll_lookahead.h) */
#define GSAT_GPU_LAYOUT_VALUES(V, P) \
  V (P, AUTO, "auto")   /* GSAT_GPU_LAYOUT_AUTO_PICK (gpu/search.h) */ \
  V (P, CSR,  "csr")    /* host-built occurrence streams, MOMS reads CSR */ \
  V (P, SLOT, "slot")   /* streams and slot-major buckets built on the GPU */
#define GSAT_GPU_MAP_VALUES(V, P) \
  V (P, AUTO, "auto")   /* warp */ \
  V (P, WARP, "warp")   /* a subtree per warp, the lanes share BCP */
#define GSAT_GPU_WALK_MAPPING_VALUES(V, P) \
  V (P, AUTO, "auto")   /* the plan's rule (gpu/walk_plan.h) */ \
  V (P, LANE, "lane")   /* one walker per thread (gpu/walk_lane.cuh) */ \
  V (P, WARP, "warp")   /* one walker per warp (gpu/walk_warp.cuh) */
#define GSAT_GPU_OCC_SORT_VALUES(V, P) \
  V (P, AUTO,  "auto")  /* GSAT_OCC_SORT_DEFAULT (gpu/occ.h) */ \
  V (P, RADIX, "radix") /* CUB radix sort */ \
  V (P, BCF,   "bcf")   /* gsat's bank-conflict-free sort (kernels/bcfsort.h) */

/* Other spellings of table options, for what users type (as kissat and
 * MiniSat spell them): A (spelling, option, value), where value is what the
 * spelling sets, NULL when it takes a value (the next argument, or after '='
 * for a long spelling: `-t 5`, `--time=5`), "=" when it takes a value only
 * after '=' (MiniSat's and Glucose's `-verb=1`, `-cpu-lim=10`; their
 * -cpu-lim counts CPU seconds, gsat's limit wall-clock seconds), or "+1"
 * when each use adds one, up to the option's high (`-v -v`, `-vv`).  --help
 * lists them beside their options (options.c); the CLI reads them
 * (app/main.c). */
#define GSAT_OPTION_ALIASES(A)           \
  A ("-cpu-lim", time_limit, "=")        \
  A ("-n",       model,      "0")        \
  A ("-q",       quiet,      "1")        \
  A ("-s",       stats,      "1")        \
  A ("-t",       time_limit, NULL)       \
  A ("--time",   time_limit, NULL)       \
  A ("-v",       verbose,    "+1")       \
  A ("-verb",    verbose,    "=")
// clang-format on

/* Bytes of a STRING option's field, its terminating 0 included. */
#define GSAT_OPTION_STRING_SIZE 4096

/*------------------------------------------------------------------------*/
/* Generators.  GSAT_OPT_<WHAT>_<kind> expands a row by its kind; a row's
 * unused `_` columns are never expanded. */

/* The enums: typedef enum gsat_opt_<name> { GSAT_<values>_<X>, ... }. */
#define GSAT_OPT_ENUM_CONSTANT(P, X, str) GSAT_##P##_##X,
#define GSAT_OPT_ENUM_TYPE_ENUM(name, values)                                                      \
  typedef enum gsat_opt_##name{                                                                    \
      GSAT_##values##_VALUES(GSAT_OPT_ENUM_CONSTANT, values)} gsat_opt_##name;
#define GSAT_OPT_ENUM_TYPE_BOOL(name, values)
#define GSAT_OPT_ENUM_TYPE_INT(name, values)
#define GSAT_OPT_ENUM_TYPE_UINT64(name, values)
#define GSAT_OPT_ENUM_TYPE_REAL(name, values)
#define GSAT_OPT_ENUM_TYPE_STRING(name, values)
#define GSAT_OPT_ENUM_TYPE(name, kind, def, lo, hi, step, values, hide, help)                      \
  GSAT_OPT_ENUM_TYPE_##kind(name, values)
GSAT_OPTIONS(GSAT_OPT_ENUM_TYPE)

/* The fields, one per row, of the row's type. */
#define GSAT_OPT_FIELD_BOOL(name)   bool name;
#define GSAT_OPT_FIELD_INT(name)    int name;
#define GSAT_OPT_FIELD_UINT64(name) uint64_t name;
#define GSAT_OPT_FIELD_REAL(name)   double name;
#define GSAT_OPT_FIELD_ENUM(name)   gsat_opt_##name name;
#define GSAT_OPT_FIELD_STRING(name) char name[GSAT_OPTION_STRING_SIZE];
#define GSAT_OPT_FIELD(name, kind, def, lo, hi, step, values, hide, help)                          \
  GSAT_OPT_FIELD_##kind(name)

/* The row's position in the table: GSAT_OPTION_INDEX_<name>. */
#define GSAT_OPT_INDEX(name, kind, def, lo, hi, step, values, hide, help) GSAT_OPTION_INDEX_##name,
enum { GSAT_OPTIONS(GSAT_OPT_INDEX) GSAT_OPTION_ROWS };

/* given[GSAT_OPTION_INDEX_<name>]: the option was set by gsat_option_set
 * (the command line, gsat_set_option), not only by its default or the
 * environment. */
typedef struct gsat_options {
  GSAT_OPTIONS(GSAT_OPT_FIELD)
  bool given[GSAT_OPTION_ROWS];
} gsat_options;

#endif
