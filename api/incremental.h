/* Incremental use of the API (gsat.h: gsat_assume, gsat_failed,
 * gsat_set_terminate, gsat_set_learn), kept apart from api.c: the
 * assumptions of the next solve and the failed ones of the last, the
 * terminate callback's watcher thread and the learn callback's proof sink.
 * Private to api/. */
#ifndef GSAT_API_INCREMENTAL_H
#define GSAT_API_INCREMENTAL_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

#include "base/control.h"
#include "base/status.h"
#include "core/cdcl_types.h"
#include "core/db.h"
#include "core/search.h"

/* Learned clauses kept between solves: at most this many, of at most
 * GSAT_INC_KEEP_LEN literals. */
#define GSAT_INC_KEEP_CLAUSES 20000u
#define GSAT_INC_KEEP_LEN     8u

typedef struct gsat_incremental {
  int32_t *assumed; /* DIMACS literals for the next solve */
  size_t num_assumed, cap_assumed;
  gsat_lit *internal; /* [num_assumed] mapped for the search */
  int32_t *failed;    /* after UNSAT under assumptions: sorted DIMACS */
  size_t num_failed;
  /* terminate callback, polled by a watcher thread during a solve */
  int (*terminate)(void *data);
  void *terminate_data;
  pthread_t watcher;
  int watching, quit, stopped_by_callback;
  gsat_flag *stop;
  /* learn callback: a proof sink ahead of the DRAT one (chain) */
  void (*learn)(void *data, int32_t *clause);
  void *learn_data;
  int32_t learn_max;
  int32_t *learn_buf; /* [learn_max + 1] */
  pthread_mutex_t learn_lock;
  /* learned clauses kept for the next solves (DIMACS, CSR), see begin */
  int keep;             /* collecting during this solve */
  int32_t *kept_lits;   /* [kept_start[num_kept]] */
  uint32_t *kept_start; /* [GSAT_INC_KEEP_CLAUSES + 1] */
  uint32_t num_kept;
  uint32_t *extra_start; /* the kept clauses mapped for the search */
  gsat_lit *extra_lits;
  const gsat_db *db; /* during a solve: ext_var for the learn callback */
  gsat_proof_sink sink;
  const gsat_proof_sink *chain;
} gsat_incremental;

/* Initialises inc (no allocation). */
void gsat_inc_init(gsat_incremental *inc);

/* Frees what inc holds. */
void gsat_inc_free(gsat_incremental *inc);

/* Forgets the formula's incremental state: the assumptions, the failed set
 * and the learned clauses kept for later solves (they are implied by the
 * old formula only); keeps the callbacks and the buffers (gsat_reset). */
void gsat_inc_forget(gsat_incremental *inc);

/* Adds an assumption (a non-zero DIMACS literal) for the next solve.
 * Errors: NOMEM. */
gsat_status gsat_inc_assume(gsat_incremental *inc, int32_t lit, gsat_error *err);

/* 1 when lit was among the failed assumptions of the last UNSAT answer. */
int gsat_inc_failed(const gsat_incremental *inc, int32_t lit);

/* Sets (learn non-NULL, max_length > 0) or clears the learn callback: each
 * clause of at most max_length literals that a searcher learns is handed
 * over as a 0-terminated DIMACS array, valid during the call.  Errors:
 * NOMEM. */
gsat_status gsat_inc_set_learn(gsat_incremental *inc, int32_t max_length,
                               void (*learn)(void *data, int32_t *clause), void *data,
                               gsat_error *err);

/* Prepares a solve over db: maps the assumptions into p (internal
 * literals); with keep (an incremental solve: assumptions, or not the
 * first solve, and no DRAT proof) hands the clauses kept from earlier solves
 * to p->extra_* (those over variables db has) and collects the new short
 * learned clauses (the formula only grows, so they stay implied); *trivially_unsat when two
 * assumptions on a variable that occurs in no clause contradict each other (the failed set is then
 * those two); chains the learn sink ahead of proof (may be NULL) into p->proof; starts the
 * terminate watcher (gsat_inc_watch).  Errors: NOMEM, RESOURCE (no watcher thread). */
gsat_status gsat_inc_begin(gsat_incremental *inc, const gsat_db *db, gsat_flag *stop,
                           const gsat_proof_sink *proof, int keep, gsat_search_params *p,
                           int *trivially_unsat, gsat_error *err);

/* Starts the terminate watcher (when a callback is set), which raises
 * *stop, unless it runs already: gsat_inc_begin starts it, and a solve
 * whose preprocessing runs before gsat_inc_begin starts it earlier.
 * Errors: RESOURCE (no watcher thread). */
gsat_status gsat_inc_watch(gsat_incremental *inc, gsat_flag *stop, gsat_error *err);

/* Stops the watcher, if it runs, clearing *stop if the callback raised it
 * (the stop lasts one solve); gsat_inc_end does this too. */
void gsat_inc_unwatch(gsat_incremental *inc);

/* Ends a solve: stops the watcher (clearing *stop if the callback raised
 * it), records the failed assumptions of r (when r is UNSAT under them),
 * clears the assumptions (each holds for one solve, as in IPASIR).  r may be
 * NULL (the search failed).  Errors: NOMEM. */
gsat_status gsat_inc_end(gsat_incremental *inc, const gsat_search_result *r, gsat_error *err);

#endif
