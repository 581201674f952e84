/* The CPU reference DPLL: the algorithm of tree-mapping.md run on host threads,
 * with the DPLL step code shared with the GPU (core/dpll.h).  One thread runs
 * plain sequential DPLL.  With more threads, workers exchange cubes: an idle
 * worker waits on a shared queue and busy workers donate their shallowest untried
 * branch (tree-mapping.md, "Work items"), pthreads only. */
#ifndef GSAT_CPU_REF_H
#define GSAT_CPU_REF_H

#include "core/db.h"
#include "core/search.h"
#include "core/share.h" /* GSAT_CLAUSE_PORT_CONTINUE */
#include "base/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The cube port (search.h): the hook through which the distributed search
 * (mpi/) feeds the queue of this process's workers with cubes from
 * other processes and takes cubes out for them; one search, not a second one.
 * With a port, workers that run out of cubes wait for more instead of
 * answering UNSAT: only the port ends a search as refuted (when it knows that
 * no cube is left anywhere). */
typedef struct gsat_cpu_queue gsat_cpu_queue; /* the workers' queue, opaque */

#define GSAT_PORT_CONTINUE   GSAT_CLAUSE_PORT_CONTINUE
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

/* The cube splitter: a host searcher of the DPLL step code that splits a
 * cube by its next decision, for a process whose search of a cube runs
 * elsewhere (the distributed search's GPU ranks, mpi/: the GPU search
 * cannot give back part of a cube it holds, so the rank splits cubes before
 * it hands them over).  One splitter serves one thread. */
typedef struct gsat_cpu_splitter gsat_cpu_splitter;

typedef enum gsat_cpu_split_result {
  GSAT_CPU_SPLIT_REFUTED, /* the cube's replay (or the root) is refuted: no child */
  GSAT_CPU_SPLIT_SAT,     /* every variable is assigned below the cube: a model */
  GSAT_CPU_SPLIT_SECOND,  /* the first branch conflicted at once: only b is left */
  GSAT_CPU_SPLIT_TWO      /* two children: a (the decision) and b (its flip) */
} gsat_cpu_split_result;

/* A splitter over db (kept, not copied) with heuristic decide (STATIC or
 * MOMS, not AUTO), at db's root.  NULL when out of memory. */
gsat_cpu_splitter *gsat_cpu_splitter_new(const gsat_db *db, gsat_decide decide);

/* The arrays of a CPU searcher of the DPLL step code (a team of one) over db
 * (its variables and clause literals) with heuristic decide: val, trail, levels, and MOMS's and the
 * look-ahead's scratch; s->decide set.  Returns 0 when out of memory (what was
 * allocated is freed by gsat_cpu_dpll_free). */
int gsat_cpu_dpll_alloc(gsat_dpll *s, const gsat_db *db, gsat_decide decide);

/* Frees the arrays of gsat_cpu_dpll_alloc. */
void gsat_cpu_dpll_free(gsat_dpll *s);

/* A cube's receiver (gsat_cpu_cubes): its internal literals lits[0..n);
 * returns 0 to report a failed write (the splitting stops with IO). */
typedef int (*gsat_cube_emit)(void *data, const gsat_lit *lits, uint32_t n);

typedef struct gsat_cpu_cubes_result {
  uint64_t cubes;       /* cubes emitted */
  uint64_t refuted;     /* cubes dropped as refuted (by propagation or the
                           look-ahead's failed literals) */
  uint32_t max_len;     /* literals of the longest open cube emitted */
  gsat_dpll_counters n; /* the splitter's look-ahead work; nodes: 2 a split */
} gsat_cpu_cubes_result;

/* Cube-and-conquer's cubes by look-ahead splitting (dpll_lookahead.h, as
 * march_cu makes them: Heule, Kullmann, Wieringa and Biere, "Cube and
 * Conquer", HVC 2011): from the root, the shallowest open cube is replayed
 * and split on the look-ahead's decision l into cube + l and cube + NOT l
 * (first the branch the search takes first) until max_cubes (>= 1) are open
 * or done, or none is left.  A cube that propagation or the look-ahead
 * refutes is dropped; one below which every clause is satisfied is emitted at
 * once; the open cubes are emitted at the end, by depth.  The cubes are the
 * decisions only (not the failed literals' negations): every model of the
 * formula satisfies exactly one of them, and none (r->cubes 0) means the
 * formula is UNSAT.  Errors: NOMEM, IO (emit failed), INTERRUPTED (stop,
 * which may be NULL, raised; the cubes emitted so far do not cover). */
gsat_status gsat_cpu_cubes(const gsat_db *db, uint64_t max_cubes, const gsat_flag *stop,
                           gsat_cube_emit emit, void *data, gsat_cpu_cubes_result *r,
                           gsat_error *err);

struct gsat_cubes; /* core/cube.h */
struct gsat_term;  /* core/term.h */

/* Seeds the cube tree c of a CDCL team (core/cube.h; fresh from
 * gsat_cubes_init, its root held by nobody, t fresh from gsat_term_init) with
 * look-ahead cubes, as gsat_cpu_cubes splits (cube-and-conquer, Heule et al.,
 * HVC 2011): the shallowest open node is replayed and split on the
 * look-ahead's decision l into children + l and + NOT l, until max_cubes
 * leaves (at least 1, at most the queue's slots) exist, none is left to split,
 * stop (may be NULL) is raised or the deadline (a gsat_seconds() time, 0:
 * none) has passed.  Leaves that propagation or the look-ahead refutes, or
 * below which every clause is satisfied, are kept as leaves (the searchers
 * refute them, or find the model, with their own log).  Every leaf is
 * queued, t->open_cubes is their count, and c->idle must be set by the caller
 * (every searcher idle).  Without occurrence streams in db they are built for
 * the look-ahead and freed after.  r: as gsat_cpu_cubes (cubes: the leaves
 * queued, refuted: those the look-ahead refuted).  Errors: NOMEM, RESOURCE
 * (streams; c and t are then left as they came, and the caller may search
 * without the seeds). */
gsat_status gsat_cpu_cubes_seed(const gsat_db *db, uint32_t max_cubes, const gsat_flag *stop,
                                double deadline, struct gsat_cubes *c, struct gsat_term *t,
                                gsat_cpu_cubes_result *r, gsat_error *err);

/* Frees sp (NULL is fine). */
void gsat_cpu_splitter_free(gsat_cpu_splitter *sp);

/* Splits cube[0..n) by one decision of the step code (dpll.h): replays the
 * cube, decides the next literal l and propagates it, then writes the
 * children cube + l to a and cube + NOT l to b (*len = n + 1; with the
 * look-ahead, GSAT_DECIDE_LOOKAHEAD, the children hold every literal assigned
 * above l after the root's instead of the cube, dpll.h donate: a, b need room
 * for V literals).  SAT: a model over internal variables in
 * model[0..V).  Nodes are counted as the tree search counts them: the
 * decision and the flip, one node each (2 for TWO and SECOND), so that the
 * children searched as cubes add up to the node count of the cube. */
gsat_cpu_split_result gsat_cpu_split(gsat_cpu_splitter *sp, const gsat_lit *cube, uint32_t n,
                                     gsat_lit *a, gsat_lit *b, uint32_t *len, uint8_t *model);

/* The splitter's counters so far (nodes, literal checks, replay). */
gsat_dpll_counters gsat_cpu_splitter_counters(const gsat_cpu_splitter *sp);

/* Searches db with p->threads workers and fills r (answer, model over internal
 * variables when SAT, per-worker statistics).  The calling thread supervises:
 * it enforces p->time_limit, polls p->stop and calls p->progress; workers
 * count their decisions and stop at p->node_limit (exact with one worker; with
 * more, each may overshoot by one slice).  Answer 0 (UNKNOWN) means stopped by
 * a limit (r->stopped_by_limit) or the flag.  db must not hold an empty
 * clause (the caller answers UNSAT for it).  With p->port, cubes also come
 * and go through the port (above).  Errors: NOMEM, RESOURCE (threads). */
gsat_status gsat_cpu_solve(const gsat_db *db, const gsat_search_params *p, gsat_search_result *r,
                           gsat_error *err);

#ifdef __cplusplus
}
#endif

#endif
