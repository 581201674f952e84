/* The preprocessing of the CDCL search (core/simp.h) run once for every
 * searcher that searches its result: the CPU CDCL search (cdcl_cpu.c) and
 * the CPU+GPU portfolio (api/api.c), whose CPU and GPU members then search
 * the same simplified formula (docs/simplify.md, "The portfolio"). */
#ifndef GSAT_CPU_CDCL_SIMP_H
#define GSAT_CPU_CDCL_SIMP_H

#include "core/db.h"
#include "core/search.h"
#include "core/simp.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The result of one preprocessing round. */
typedef struct gsat_simplified {
  gsat_db db;                /* the simplified formula (gsat_simp_run's out) */
  gsat_simp_ext ext;         /* its extension stack (gsat_simp_extend) */
  gsat_worker_stats n;       /* the preprocessing counters (simp_* and bva_* rows) */
  double seconds;            /* time the presearch (not answering) and the round took */
  int out_of_time;           /* the time limit passed during the round: no time left to search */
  uint32_t sweep_next;       /* the variable where the round's sweeping stopped (q's
                                simp.sweep_next: the inprocessing goes on from there) */
  int answered;              /* the presearch answered, or a limit or stop ended it: no round ran */
  gsat_search_result first;  /* with answered, the presearch's result (a model over db's
                                variables, no extension); empty otherwise */
  gsat_progress_fn progress; /* p's, which q's (simplified_progress) calls */
  void *progress_data;
} gsat_simplified;

/* Simplifies db (not modified) with p->simp, writing DRAT to p->proof (may
 * be NULL), into *out, and sets *q to p for the search of out->db: simplify
 * off, the limits less what was spent; the round's deadline is the time
 * left.  With p->presearch, one searcher first searches db itself for that
 * many conflicts, as Kissat and CaDiCaL search before their first
 * elimination (easy formulas end sooner than a round takes): out->answered
 * and out->first when it ends the solve, no round then; its counters and
 * time are the round's otherwise (out->n.preprocess_us: the round alone).  q's progress
 * reports go on from the presearch's (the time and counters of the presearch and the round
 * added), so *out must stay where it is while q is used.  A model of out->db
 * extended by gsat_simp_extend(&out->ext, model) and cut to db's variables is a model of db.
 * Errors: NOMEM (nothing left to free). */
gsat_status gsat_simplified_run(const gsat_db *db, const gsat_search_params *p,
                                gsat_simplified *out, gsat_search_params *q, gsat_error *err);

void gsat_simplified_free(gsat_simplified *s);

/* Adds the counters of round pre (its simp_* and bva_* rows) and its time
 * to the result r of the search that followed it: to r->total, to r's first
 * worker (when it has one) and to r->search_seconds; the statistics show the
 * round once, in the solve's. */
void gsat_simplified_add(const gsat_simplified *pre, gsat_search_result *r);

#ifdef __cplusplus
}
#endif

#endif
