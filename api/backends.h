/* The backend table: one row per search gsat runs on one machine, the CPU
 * (cpu/) or a GPU (gpu/): DPLL, CDCL and the walkers on each.  A backend
 * is a row here, never a string or an int threaded through signatures
 * (ARCHITECTURE.md, "Who may include whom"): api.c picks the row that
 * solves, the portfolio (portfolio.h) races a CPU row against a GPU row, and
 * the MPI ranks (mpi/) run a row's solve on each rank.
 *
 * Every row takes the same parameters (gsat_search_params, search.h) and
 * fills the same result, so the statistics are read from the result alike
 * (api.c); every row stops when *p->stop is raised and at the limits in p,
 * so no row has a stop function of its own. */
#ifndef GSAT_API_BACKENDS_H
#define GSAT_API_BACKENDS_H

#include <stddef.h>

#include "base/status.h"
#include "core/choose.h"
#include "core/db.h"
#include "core/search.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Where a search runs: GSAT_BACKEND_CPU or GSAT_BACKEND_GPU (the values of
 * option backend, option_table.h, once its auto is resolved). */
typedef gsat_opt_backend gsat_backend_kind;

struct gsat_gpu_engine; /* gpu/search.h */

/* What a row does beyond searching (gsat_backend.features). */
enum {
  GSAT_BACKEND_STREAMS = 1u << 0, /* reads db's occurrence streams (db.h) whatever p says */
  GSAT_BACKEND_ENGINE = 1u << 1,  /* searches on the solver's kept GPU engine (solve's engine) */
  GSAT_BACKEND_PROOF = 1u << 2,   /* writes a DRAT proof to p->proof when it is set */
  GSAT_BACKEND_CLAUSES = 1u << 3  /* learns clauses, and exchanges them through p->clause_port */
};

/* A row's search: db with p into r, as the function it wraps (cpu_ref.h,
 * cdcl_portfolio.h, walk_cpu.h, gpu/search.h, gpu/cdcl_search.h,
 * gpu/walk_search.h) says; engine is the solver's kept GPU engine for a row
 * with GSAT_BACKEND_ENGINE (NULL: a temporary one), unused by the others. */
typedef gsat_status (*gsat_backend_solve_fn)(void *engine, const gsat_db *db,
                                             const gsat_search_params *p, gsat_search_result *r,
                                             gsat_error *err);

typedef struct gsat_backend {
  const char *name;          /* "cpu dpll", "gpu cdcl", ... */
  gsat_backend_kind machine; /* GSAT_BACKEND_CPU or GSAT_BACKEND_GPU */
  gsat_search_kind search;   /* GSAT_SEARCH_DPLL, GSAT_SEARCH_CDCL or GSAT_SEARCH_WALK */
  unsigned features;         /* GSAT_BACKEND_* above */
  /* The setup check: whether device can run the row (gpu/search.h
   * gsat_gpu_engine_usable, asked once per device and engine), with the
   * reason when not; NULL: always (the CPU). */
  int (*usable)(struct gsat_gpu_engine *e, int device, char *reason, size_t reason_size);
  gsat_backend_solve_fn solve;
} gsat_backend;

/* The rows: the CPU's DPLL, CDCL and walkers, then the GPU's. */
enum { GSAT_BACKEND_ROWS = 6 };
extern const gsat_backend gsat_backends[GSAT_BACKEND_ROWS];

/* The row of search (DPLL, CDCL or WALK) on machine (CPU or GPU). */
const gsat_backend *gsat_backend_of(gsat_backend_kind machine, gsat_search_kind search);

/* Whether row r reads the occurrence streams with p's CDCL configuration:
 * GSAT_BACKEND_STREAMS, or CDCL with streams BCP (cdcl_types.h). */
int gsat_backend_reads_streams(const gsat_backend *r, const gsat_search_params *p);

/* The name of a search or of a machine as its option spells it ("dpll",
 * "cpu", ...; option_table.h). */
const char *gsat_search_name(gsat_search_kind search);
const char *gsat_machine_name(gsat_backend_kind machine);

#ifdef __cplusplus
}
#endif

#endif
