/* The CPU reference DPLL: the algorithm of tree-mapping.md run on host threads,
 * with the DPLL step code shared with the GPU (solver/dpll.h).  One thread runs
 * plain sequential DPLL.  With more threads, workers exchange cubes: an idle
 * worker waits on a shared queue and busy workers donate their shallowest untried
 * branch (tree-mapping.md, "Work items"), pthreads only. */
#ifndef GSAT_CPU_REF_H
#define GSAT_CPU_REF_H

#include "solver/core/db.h"
#include "solver/core/search.h"
#include "solver/base/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The cube port (search.h): the hook through which the distributed search
 * (solver/dist/) feeds the queue of this process's workers with cubes from
 * other processes and takes cubes out for them; one search, not a second one.
 * With a port, workers that run out of cubes wait for more instead of
 * answering UNSAT: only the port ends a search as refuted (when it knows that
 * no cube is left anywhere). */
typedef struct gsat_cpu_queue gsat_cpu_queue; /* the workers' queue, opaque */

#define GSAT_PORT_CONTINUE (-1)
#define GSAT_CPU_QUEUE_EMPTY 0xffffffffu

typedef struct gsat_cube_port {
  void *data;
  int start_empty;     /* 1: begin without the root cube (another process has it) */
  double poll_seconds; /* interval between calls of poll */
  /* Called by the supervising thread (the caller of gsat_cpu_solve) about
   * every poll_seconds, without the queue's lock.  Returns GSAT_PORT_CONTINUE,
   * or an answer that ends the search: 20 (refuted everywhere) or 0 (stopped
   * from outside: an answer or a limit elsewhere). */
  int (*poll)(void *data, gsat_cpu_queue *q);
} gsat_cube_port;

/* What a port sees of the workers at a poll. */
typedef struct gsat_cpu_queue_state {
  uint32_t queued;  /* cubes waiting in the queue */
  uint32_t busy;    /* workers holding a cube */
  uint32_t workers; /* all workers */
} gsat_cpu_queue_state;

/* Pops the most recently queued cube into out[0..n) (cap >= the formula's
 * variables) and returns n (0 is the root cube), or GSAT_CPU_QUEUE_EMPTY.
 * Each cube taken lowers the wanted count (gsat_cpu_queue_want) by one. */
uint32_t gsat_cpu_queue_take(gsat_cpu_queue *q, gsat_lit *out, uint32_t cap);

/* Queues cube lits[0..n) for the workers.  Returns 0 when out of memory. */
int gsat_cpu_queue_put(gsat_cpu_queue *q, const gsat_lit *lits, uint32_t n);

/* Asks the busy workers to split off n cubes beyond what their idle
 * colleagues need (each donates its shallowest untried branch after its
 * slice), for the port to take. */
void gsat_cpu_queue_want(gsat_cpu_queue *q, uint32_t n);

/* A snapshot of the queue and the workers. */
gsat_cpu_queue_state gsat_cpu_queue_state_of(gsat_cpu_queue *q);

/* Searches db with p->threads workers and fills r (answer, model over internal
 * variables when SAT, per-worker statistics).  The calling thread supervises:
 * it enforces p->time_limit, polls p->stop and calls p->progress; workers
 * count their decisions and stop at p->node_limit (exact with one worker; with
 * more, each may overshoot by one slice).  Answer 0 (UNKNOWN) means stopped by
 * a limit (r->stopped_by_limit) or the flag.  db must not hold an empty
 * clause (the caller answers UNSAT for it).  With p->port, cubes also come
 * and go through the port (above).  Errors: NOMEM, RESOURCE (threads). */
gsat_status gsat_cpu_solve(const gsat_db *db, const gsat_search_params *p,
                           gsat_search_result *r, gsat_error *err);

#ifdef __cplusplus
}
#endif

#endif
