/* The backend table (backends.h). */
#include "api/backends.h"

#include "cpu/cdcl_portfolio.h"
#include "cpu/cpu_ref.h"
#include "cpu/walk_cpu.h"
#include "gpu/cdcl_search.h"
#include "gpu/search.h"
#include "gpu/walk_search.h"

/* The rows' searches: the backends' entry points with the table's
 * signature; only GPU DPLL runs on an engine. */
#define WITHOUT_ENGINE(name, entry)                                                                \
  static gsat_status name(void *engine, const gsat_db *db, const gsat_search_params *p,            \
                          gsat_search_result *r, gsat_error *err) {                                \
    (void)engine;                                                                                  \
    return entry(db, p, r, err);                                                                   \
  }
WITHOUT_ENGINE(cpu_dpll, gsat_cpu_solve)
WITHOUT_ENGINE(cpu_cdcl, gsat_cpu_cdcl_solve)
WITHOUT_ENGINE(cpu_walk, gsat_cpu_walk_solve)
WITHOUT_ENGINE(gpu_cdcl, gsat_gpu_cdcl_solve)
WITHOUT_ENGINE(gpu_walk, gsat_gpu_walk_solve)
#undef WITHOUT_ENGINE

static gsat_status gpu_dpll(void *engine, const gsat_db *db, const gsat_search_params *p,
                            gsat_search_result *r, gsat_error *err) {
  return gsat_gpu_engine_solve(engine, db, p, r, err); /* NULL: a temporary engine */
}

#define CPU     GSAT_BACKEND_CPU
#define GPU     GSAT_BACKEND_GPU
#define DPLL    GSAT_SEARCH_DPLL
#define CDCL    GSAT_SEARCH_CDCL
#define WALK    GSAT_SEARCH_WALK
#define STREAMS GSAT_BACKEND_STREAMS
#define ENGINE  GSAT_BACKEND_ENGINE
#define PROOF   GSAT_BACKEND_PROOF
#define CLAUSES GSAT_BACKEND_CLAUSES
#define USABLE  gsat_gpu_engine_usable
// clang-format off
const gsat_backend gsat_backends[GSAT_BACKEND_ROWS] = {
  /* name        machine search features          setup   solve */
  {"cpu dpll",   CPU,    DPLL,  STREAMS,          NULL,   cpu_dpll},
  {"cpu cdcl",   CPU,    CDCL,  PROOF | CLAUSES,  NULL,   cpu_cdcl},
  {"cpu walk",   CPU,    WALK,  0,                NULL,   cpu_walk},
  {"gpu dpll",   GPU,    DPLL,  STREAMS | ENGINE, USABLE, gpu_dpll},
  {"gpu cdcl",   GPU,    CDCL,  PROOF | CLAUSES,  USABLE, gpu_cdcl},
  {"gpu walk",   GPU,    WALK,  0,                USABLE, gpu_walk},
};
// clang-format on

const gsat_backend *gsat_backend_of(gsat_backend_kind machine, gsat_search_kind search) {
  for (unsigned i = 0; i < GSAT_BACKEND_ROWS; i++)
    if (gsat_backends[i].machine == machine && gsat_backends[i].search == search)
      return &gsat_backends[i];
  return NULL;
}

int gsat_backend_reads_streams(const gsat_backend *r, const gsat_search_params *p) {
  return (r->features & GSAT_BACKEND_STREAMS) ||
         (r->search == GSAT_SEARCH_CDCL && p->cdcl.bcp == GSAT_CDCL_BCP_STREAMS);
}

#define NAME(P, X, str) str,
static const char *const search_names[] = {GSAT_SEARCH_VALUES(NAME, SEARCH)};
static const char *const machine_names[] = {GSAT_BACKEND_VALUES(NAME, BACKEND)};
#undef NAME

const char *gsat_search_name(gsat_search_kind search) {
  return search_names[search];
}

const char *gsat_machine_name(gsat_backend_kind machine) {
  return machine_names[machine];
}
