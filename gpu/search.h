/* The GPU tree search behind a C ABI (tree-mapping.md): uploads the search database
 * once, runs the persistent search kernel with the `lane` or `warp` mapping and
 * work stealing, and returns the answer, the model and per-worker counters. */
#ifndef GSAT_GPU_SEARCH_H
#define GSAT_GPU_SEARCH_H

#include "solver/db.h"
#include "solver/search.h"
#include "solver/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Mappings (gsat_search_params.gpu_map). */
enum { GSAT_GPU_MAP_AUTO = 0, GSAT_GPU_MAP_LANE = 1, GSAT_GPU_MAP_WARP = 2 };

/* Whether device p->device can run the search (a CUDA build, a driver, the device,
 * compute capability 9.0 or newer).  When not, reason says why. */
int gsat_gpu_usable(int device, char *reason, size_t reason_size);

/* Searches db on the GPU.  The calling thread supervises: it enforces
 * p->time_limit and p->node_limit (from the workers' counters, read about every
 * 10 ms, so the search may overshoot it a little), polls p->stop (all three
 * reach the kernel through a host-mapped stop flag) and calls p->progress.
 * Errors: NODEVICE, RESOURCE (the device is too small: the message says how
 * much memory is needed), CUDA (a failed call or a kernel fault), NOMEM. */
gsat_status gsat_gpu_solve(const gsat_db *db, const gsat_search_params *p,
                           gsat_search_result *r, gsat_error *err);

#ifdef __cplusplus
}
#endif

#endif
