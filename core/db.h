/* The search database: the normalised formula that the CPU reference and the
 * GPU search both run on.  Built once from the clause database as read (cnf.h):
 *   - variables are renumbered densely (internal variable i is external
 * variable ext_var[i]), so a huge declared or used index costs nothing;
 *   - duplicate literals are merged, tautologies dropped, unit clauses kept
 * apart as root assignments, and an empty clause makes the formula UNSAT;
 *   - occurrence streams: for each literal f, the literals of every clause that
 *     contains f, one clause after another in clause order, the last literal of
 * a clause flagged with GSAT_STREAM_END.  BCP of a literal t reads stream[NOT
 * t] front to back, so its clause x literal loop is one flat loop
 *     (tree-mapping.md, "Take 3" and "Take 4");
 *   - the static decision order (occurrence count, ties by index) and the cheap
 *     instance features that --decide=auto reads. */
#ifndef GSAT_DB_H
#define GSAT_DB_H

#include <stddef.h>
#include <stdint.h>

#include "core/cnf.h"
#include "base/control.h"
#include "core/dpll_types.h"
#include "core/literal.h"
#include "base/status.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gsat_features {
  uint32_t vars, clauses;    /* non-unit clauses after normalisation */
  uint64_t lits;             /* literals of those clauses */
  uint32_t max_len, min_len; /* clause lengths */
  double mean_len;           /* lits / clauses */
  double binary_fraction;    /* clauses of length 2 / clauses */
  double len_stddev;         /* standard deviation of clause length */
  double mean_stream;        /* mean occurrence-stream length per literal */
} gsat_features;

typedef struct gsat_db {
  uint32_t num_vars;       /* internal variables: those that occur in a clause */
  uint32_t num_clauses;    /* clauses of length >= 2 */
  uint32_t num_units;      /* unit clauses (distinct literals) */
  int empty_clause;        /* the input holds an empty clause: UNSAT */
  uint64_t ext_vars;       /* external variables to report in a model */
  gsat_var *ext_var;       /* [num_vars] internal -> external variable */
  gsat_lit *units;         /* [num_units] internal literals */
  uint32_t *clause_start;  /* [num_clauses + 1] */
  gsat_lit *clause_lits;   /* [clause_start[num_clauses]] internal literals */
  uint32_t *occ_start;     /* [2 * num_vars + 1] offsets into occ_stream, or
                              NULL: not built (gsat_db_build_clauses) */
  uint32_t *occ_stream;    /* whole clause copies, see above */
  uint64_t stream_entries; /* entries the streams have, or would have when
                              built: the sum of squared clause lengths */
  gsat_lit *order;         /* [order_len] static order: literal of preferred sign */
  uint32_t order_len;      /* variables that occur in a clause of length >= 2 */
  gsat_features features;
} gsat_db;

/* Builds db from cnf (which is not modified).  Errors: NOMEM, RESOURCE (more
 * than GSAT_MAX_SEARCH_VARS variables or 2^32 - 1 stream entries).  On error db
 * is left empty. */
gsat_status gsat_db_build(gsat_db *db, const gsat_cnf *cnf, gsat_error *err);

/* As gsat_db_build, polling stop (which may be NULL) and the deadline (a
 * gsat_seconds() time, 0: none) every 2^16 clauses, every 2^20
 * occurrence-stream entries and between phases: INTERRUPTED (db left empty)
 * once the flag is raised or the deadline passed, so that a signal or a time
 * limit during the build of a large instance is answered promptly. */
gsat_status gsat_db_build_stoppable(gsat_db *db, const gsat_cnf *cnf, const gsat_flag *stop,
                                    double deadline, gsat_error *err);

/* As gsat_db_build_stoppable without the occurrence streams (occ_start and
 * occ_stream stay NULL; stream_entries and the features are set): memory
 * proportional to the formula's size, for the CDCL search with watched BCP,
 * which reads no streams (a clause of n literals costs n^2 stream entries).
 * Errors as gsat_db_build_stoppable, except the stream limits. */
gsat_status gsat_db_build_clauses(gsat_db *db, const gsat_cnf *cnf, const gsat_flag *stop,
                                  double deadline, gsat_error *err);

/* Builds the occurrence streams of a db from gsat_db_build_clauses (nothing
 * when they exist), polling as gsat_db_build_stoppable.  Errors: NOMEM,
 * RESOURCE (2^32 - 1 entries or more, or more than 3/4 of the host's
 * memory), INTERRUPTED; db then keeps its clauses without streams. */
gsat_status gsat_db_build_streams(gsat_db *db, const gsat_flag *stop, double deadline,
                                  gsat_error *err);

/* Builds db's static decision order (order, order_len; nothing when it
 * exists) from its clauses, as gsat_db_build_clauses does: for a database
 * built otherwise (core/simp.h's simplified formula) that DPLL searches.
 * Errors: NOMEM. */
gsat_status gsat_db_build_order(gsat_db *db, gsat_error *err);

/* Frees everything db owns. */
void gsat_db_free(gsat_db *db);

/* The view of db that the DPLL step code (dpll.h) reads. */
gsat_db_view gsat_db_view_of(const gsat_db *db);

/* Total stream entries built (occ_start[2 * num_vars]; 0 when not built). */
static inline uint32_t gsat_db_stream_size(const gsat_db *db) {
  return db->occ_start ? db->occ_start[2 * db->num_vars] : 0;
}

/* The first position of sorted[0..n-1] (ascending variables: ext_var, a
 * sparse model's variables) whose variable is at least v; n when none is. */
static inline size_t gsat_var_lower_bound(const gsat_var *sorted, size_t n, uint64_t v) {
  size_t lo = 0, hi = n;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (sorted[mid] < v)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

#ifdef __cplusplus
}
#endif

#endif
