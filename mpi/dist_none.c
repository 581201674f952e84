/* The distributed search without MPI (dist.h): one process, size 1, every
 * call a no-op; gsat runs as alone. */
#include "mpi/dist.h"

#include <stdlib.h>

/* Started by mpirun with several ranks, a gsat without MPI would run one
 * whole search per rank and print as many answers: refused instead. */
gsat_status gsat_dist_init(int *argc, char ***argv, gsat_error *err) {
  (void)argc;
  (void)argv;
  const char *n = getenv("OMPI_COMM_WORLD_SIZE");
  if (!n) n = getenv("PMI_SIZE");
  GSAT_RETURN_IF(n && atoi(n) > 1, err, USAGE,
                 "started as one of %s MPI ranks, but gsat was built without MPI "
                 "(install libopenmpi-dev and rebuild, or run one process)",
                 n);
  return GSAT_OK;
}

void gsat_dist_finalize(void) {}

uint32_t gsat_dist_size(void) {
  return 1;
}

uint32_t gsat_dist_rank(void) {
  return 0;
}

uint32_t gsat_dist_local_size(void) {
  return 1;
}

uint32_t gsat_dist_local_rank(void) {
  return 0;
}

int gsat_dist_local_failure(void) {
  return 0;
}

gsat_status gsat_dist_share_cnf(gsat_cnf *cnf, gsat_status read_status, gsat_error *err) {
  (void)cnf;
  (void)err;
  return read_status;
}

gsat_status gsat_dist_solve(const gsat_db *db, const gsat_search_params *p, gsat_search_kind search,
                            const gsat_dist_searcher *searcher, gsat_search_result *r,
                            gsat_dist_rank_stats *ranks, gsat_error *err) {
  (void)searcher;
  (void)db;
  (void)p;
  (void)search;
  (void)r;
  (void)ranks;
  return gsat_error_set(err, GSAT_INTERNAL, "gsat was built without MPI: no distributed search");
}
