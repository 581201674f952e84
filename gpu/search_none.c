/* Without a CUDA build the GPU search is not available. */
#include "gpu/search.h"

#include <stdio.h>

int gsat_gpu_usable(int device, char *reason, size_t reason_size) {
  snprintf(reason, reason_size, "gsat was built without CUDA");
  (void)device;
  return 0;
}

gsat_status gsat_gpu_solve(const gsat_db *db, const gsat_search_params *p,
                           gsat_search_result *r, gsat_error *err) {
  (void)db;
  (void)r;
  return gsat_error_set(err, GSAT_NODEVICE,
                        "gsat was built without CUDA: no GPU search (device %d)", p->device);
}
