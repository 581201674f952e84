/* Without a CUDA build the GPU searches (DPLL, gpu/search.h, and CDCL,
 * gpu/cdcl_search.h) are not available. */
#include "gpu/search.h"

#include <stdio.h>
#include <stdlib.h>

#include "gpu/cdcl_search.h"

/* The answer of a GPU search without CUDA: NODEVICE, naming the search and
 * the device asked for. */
static gsat_status no_search(const char *search, const gsat_search_params *p, gsat_error *err) {
  return gsat_error_set(err, GSAT_NODEVICE, "gsat was built without CUDA: no %s (device %d)",
                        search, p->device);
}

int gsat_gpu_usable(int device, char *reason, size_t reason_size) {
  snprintf(reason, reason_size, "gsat was built without CUDA");
  (void)device;
  return 0;
}

int gsat_gpu_maybe_present(void) {
  return 0;
}

gsat_status gsat_gpu_solve(const gsat_db *db, const gsat_search_params *p, gsat_search_result *r,
                           gsat_error *err) {
  (void)db, (void)r;
  return no_search("GPU search", p, err);
}

gsat_status gsat_gpu_cdcl_solve(const gsat_db *db, const gsat_search_params *p,
                                gsat_search_result *r, gsat_error *err) {
  (void)db, (void)r;
  return no_search("GPU CDCL search", p, err);
}

/* The engine holds nothing without CUDA; it exists so that callers keep one
 * code path. */
struct gsat_gpu_engine {
  int unused;
};

gsat_gpu_engine *gsat_gpu_engine_new(void) {
  return calloc(1, sizeof(gsat_gpu_engine));
}

void gsat_gpu_engine_free(gsat_gpu_engine *e) {
  free(e);
}

int gsat_gpu_engine_has_context(const gsat_gpu_engine *e) {
  (void)e;
  return 0;
}

int gsat_gpu_engine_usable(gsat_gpu_engine *e, int device, char *reason, size_t reason_size) {
  (void)e;
  return gsat_gpu_usable(device, reason, reason_size);
}

gsat_status gsat_gpu_engine_solve(gsat_gpu_engine *e, const gsat_db *db,
                                  const gsat_search_params *p, gsat_search_result *r,
                                  gsat_error *err) {
  (void)e;
  return gsat_gpu_solve(db, p, r, err);
}
