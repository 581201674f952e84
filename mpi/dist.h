/* The distributed search: gsat started by mpirun with more than one rank runs
 * one search over all ranks.  Each rank builds the same search
 * database and drives its CPU workers (cpu/); the DPLL tree is shared out
 * as cubes with work stealing between ranks through the CPU backend's cube port
 * (cpu_ref.h): an idle rank asks another for work, and the victim hands over a
 * queued cube or has a busy worker split off its shallowest untried branch
 * (dpll.h's donate).  Nodes are counted where cubes are created, so the
 * static-order node count of an UNSAT formula is that of one process.
 *
 * Termination is detected with the Dijkstra-Safra token ring (EWD 998): every
 * rank counts cubes sent minus cubes received and turns black on receiving
 * one; rank 0 sends a token round the ring, which a rank without work
 * forwards; a round that comes back white with a zero sum proves that no cube
 * is left anywhere or in flight: UNSAT.  Rank 0 decides and reports every
 * answer: a model found on another rank is sent to it and checked there; a
 * limit, a signal or an error on any rank stops all ranks; rank 0 then
 * collects every rank's counters (with a timeout: a rank that does not report
 * makes the run an error, never an answer).
 *
 * CDCL over MPI: every rank runs the CPU CDCL portfolio of its threads over
 * the whole formula, diversified by rank, and the ranks exchange learned
 * units and short clauses in periodic rounds (fixed-size buffers, point to
 * point) through the portfolio's sharing ring (cpu/cdcl_portfolio.h's
 * clause port; dist_mpi.c says how); the first rank with an answer ends the
 * run: a model is checked on rank 0, an UNSAT comes from a rank's empty
 * clause.
 *
 * GPU ranks (a searcher, gsat_dist_solve): the same cube protocol through a
 * host queue whose cubes the rank splits on the host (the GPU search cannot
 * give back part of the cube it holds) and hands to the GPU one at a time;
 * GPU CDCL ranks exchange clauses in the same rounds as CPU ranks, through
 * the GPU CDCL search's clause port (gpu/cdcl_port.h) bridged to an exchange
 * ring in host memory that the rounds read and fill.
 *
 * Without MPI (dist_none.c), or in a process that was not started by an MPI
 * launcher with more than one rank, every function below is a no-op and the
 * size is 1: gsat runs exactly as alone.  Only the thread that called
 * gsat_dist_init may call the others (MPI_THREAD_FUNNELED). */
#ifndef GSAT_DIST_H
#define GSAT_DIST_H

#include <stdint.h>

#include "base/status.h"
#include "core/cnf.h"
#include "core/db.h"
#include "core/search.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One rank's share of a distributed search, for --stats. */
typedef struct gsat_dist_rank_stats {
  gsat_worker_stats work; /* the rank's workers summed (n, cubes, donations, busy) */
  uint32_t threads;       /* its CPU workers */
  uint64_t steals;        /* cubes received from other ranks */
  uint64_t given;         /* cubes sent to other ranks */
  uint64_t requests;      /* work requests sent */
  uint64_t refused;       /* requests answered with no work */
  /* CDCL */
  uint64_t clauses_sent;           /* clauses (units included) sent, once per round */
  uint64_t clauses_received;       /* clauses from other ranks taken into the ring */
  uint64_t rounds, rounds_skipped; /* exchange rounds sent, skipped (flow control) */
  double search_seconds;
} gsat_dist_rank_stats;

/* Joins the distributed search when the process was started by an MPI
 * launcher (Open MPI's OMPI_COMM_WORLD_SIZE, PMI_SIZE or PMIX_RANK in the
 * environment) with more than one rank: calls MPI_Init_thread (FUNNELED) and
 * makes communication errors return (MPI_ERRORS_RETURN).  Otherwise does
 * nothing.  Call once, first thing in main.  Errors: INTERNAL (MPI failed);
 * USAGE when gsat was built without MPI but started as one of several ranks. */
gsat_status gsat_dist_init(int *argc, char ***argv, gsat_error *err);

/* Leaves the distributed search (MPI_Finalize), if gsat_dist_init joined. */
void gsat_dist_finalize(void);

/* Ranks in the search (1 when not distributed) and this process's rank. */
uint32_t gsat_dist_size(void);
uint32_t gsat_dist_rank(void);

/* Ranks on this host (1 when not distributed): the CLI divides the cores
 * among them when --threads is 0. */
uint32_t gsat_dist_local_size(void);

/* This rank's place among the ranks on its host (MPI_Comm_split_type with
 * MPI_COMM_TYPE_SHARED, ordered by world rank); 0 when not distributed. */
uint32_t gsat_dist_local_rank(void);

/* The CUDA device of the rank with node-local rank local_rank when `visible`
 * devices are visible on its host: (first + local_rank) mod visible, so that
 * the ranks of a host spread over its devices round robin starting at
 * `first` (--device); -1 when no device is visible (visible <= 0) or first
 * is negative. */
static inline int gsat_dist_pick_device(uint32_t local_rank, int first, int visible) {
  if (visible <= 0 || first < 0) return -1;
  return (int)(((uint64_t)(uint32_t)first + local_rank) % (uint64_t)visible);
}

/* 1 when the last error of this rank is its own, one that rank 0 cannot
 * report (rank 0 silent or unreachable, memory for the formula, MPI): the
 * CLI prints only those on ranks other than 0; every other error is the same
 * on every rank (options, input) or reported by rank 0. */
int gsat_dist_local_failure(void);

/* Gives every rank the formula that rank 0 read: on rank 0, sends read_status
 * and, when it is OK, cnf's clauses to the others; on another rank, receives
 * them into cnf (empty on entry) and returns rank 0's read_status (an empty
 * error message then: rank 0 reports it).  Waits without spinning while rank
 * 0 reads.  A no-op returning read_status when not distributed.  Errors:
 * NOMEM, INTERNAL (MPI). */
gsat_status gsat_dist_share_cnf(gsat_cnf *cnf, gsat_status read_status, gsat_error *err);

/* A rank's search (a row of the backend table, api/backends.h):
 * searches db alone and fills r (answer, model over internal variables,
 * counters in r->total), stopping when *p->stop is raised and at
 * p->time_limit and p->node_limit.  In the cube loop (GPU ranks, and the
 * CLI's stand-in --mpi-cube-standin for tests without a GPU) db is the
 * formula with a cube's literals added to its units (CDCL: the whole
 * formula, no cube), and the GPU's search runs on the rank's engine (data,
 * set up once per rank); a CPU rank's search outside the loop takes the
 * rank's cube port (p->port, DPLL) or clause port (p->clause_port, CDCL). */
typedef gsat_status (*gsat_dist_search_fn)(void *data, const gsat_db *db,
                                           const gsat_search_params *p, gsat_search_result *r,
                                           gsat_error *err);

/* The distributed search's knobs, options of the same name (option_table.h;
 * api.c copies them by GSAT_DIST_KNOBS). */
typedef struct gsat_dist_knobs {
  double mpi_share_interval; /* CDCL: seconds between clause exchange rounds (0: 0.1) */
  uint32_t mpi_share_words;  /* CDCL: 32-bit words a rank sends per round (0: 1024) */
  uint32_t mpi_port_ring;    /* log2 of the slots of a GPU rank's exchange ring (0: 14) */
  uint32_t mpi_cube_queue;   /* GPU ranks: cubes a rank keeps split off beside the one
                              * its GPU searches (0: GSAT_DIST_CUBE_QUEUE) */
} gsat_dist_knobs;
#define GSAT_DIST_KNOBS(K)                                                                         \
  K(mpi_share_interval) K(mpi_share_words) K(mpi_port_ring) K(mpi_cube_queue)

/* How a rank searches: its row's search, the cube loop or not, the knobs. */
typedef struct gsat_dist_searcher {
  gsat_dist_search_fn search;
  void *data;
  uint32_t threads; /* the rank's workers, for --stats (1 for a GPU) */
  int cube_loop;    /* 1: the cube loop (dist_mpi.c); 0: search takes the rank's port */
  gsat_dist_knobs knobs;
} gsat_dist_searcher;

/* Cubes a rank with a searcher keeps split off beside the one its search
 * holds (knob mpi_cube_queue, 0: this), for other ranks and its next search. */
#define GSAT_DIST_CUBE_QUEUE 4

/* Searches db on every rank (all ranks call it with the same db) with
 * searcher (CPU ranks: p->threads CPU workers each), as it searches alone:
 * DPLL (search GSAT_SEARCH_DPLL: cubes stolen between ranks) or CDCL
 * (GSAT_SEARCH_CDCL: p->cdcl; clause exchange every mpi_share_interval s, at
 * most mpi_share_words words per round, searcher's knobs; 0: 0.1 s, 1024);
 * no proof, no assumptions.  On rank 0, r is
 * the whole run's result: the answer, the model (SAT, found on any rank, over
 * internal variables: rank 0 checks it), the counters summed over the ranks
 * (r->num_workers: the workers of all ranks; r->workers NULL) and
 * ranks[0..size) (an array of gsat_dist_size() entries).  On another rank,
 * r's answer is rank 0's (but 0 for SAT: the model is on rank 0) and the
 * counters are its own.  Each rank keeps its own time limit and stop flag; a
 * limit, a stop request or an error on any rank stops every rank.  The node
 * limit counts each rank's decisions against limit / size.  Errors: those of
 * gsat_cpu_solve on any rank (named with the rank; on another rank the message
 * is empty, rank 0 reports it), INTERNAL (MPI errors, a rank that does not
 * report within the timeout).
 *
 * With searcher->cube_loop, the rank runs the cube loop of dist_mpi.c
 * instead: DPLL: it keeps its cubes in a host queue, splits
 * them on the host (gsat_cpu_split, nodes counted as the tree search counts
 * them) until mpi_cube_queue (a knob) are queued, hands the deepest to the
 * searcher on a thread of its own (one cube at a time, to its end: refuted,
 * a model, or stopped) while this thread keeps the protocol going (thieves
 * get the shallowest queued cube, never part of the one being searched);
 * CDCL: every rank searches the whole formula, diversified by rank, and the
 * first answer wins; the searcher gets p->clause_port, a bridge
 * (gsat_share_bridge, share.h) to the rank's exchange ring of
 * 2^mpi_port_ring slots (a knob; 0: 14), on which this thread runs the clause
 * rounds as a CPU rank runs them on its portfolio's ring; the rank's
 * port_out / port_in count the bridge's relays. */
gsat_status gsat_dist_solve(const gsat_db *db, const gsat_search_params *p, gsat_search_kind search,
                            const gsat_dist_searcher *searcher, gsat_search_result *r,
                            gsat_dist_rank_stats *ranks, gsat_error *err);

#ifdef __cplusplus
}
#endif

#endif
