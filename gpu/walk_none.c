/* Without a CUDA build the GPU walkers (gpu/walk_search.h) are not available. */
#include "gpu/walk_search.h"

gsat_status gsat_gpu_walk_solve(const gsat_db *db, const gsat_search_params *p,
                                gsat_search_result *r, gsat_error *err) {
  (void)db, (void)r;
  return gsat_error_set(err, GSAT_NODEVICE,
                        "gsat was built without CUDA: no GPU walkers (device %d)", p->device);
}
