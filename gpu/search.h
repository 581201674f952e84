/* The GPU tree search behind a C ABI (tree-mapping.md): uploads the search database
 * once, runs the persistent search kernel (a subtree per warp, the `warp` mapping)
 * with work stealing, and returns the answer, the model and per-worker counters. */
#ifndef GSAT_GPU_SEARCH_H
#define GSAT_GPU_SEARCH_H

#include "core/db.h"
#include "core/search.h"
#include "base/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* CNF layouts (gsat_search_params.gpu_layout, --gpu-layout): GSAT_GPU_LAYOUT_CSR
 * uploads the host-built occurrence streams and reads MOMS's clauses from CSR
 * arrays; GSAT_GPU_LAYOUT_SLOT uploads only the CSR arrays and builds the
 * streams and the slot-major clause buckets on the GPU (gpu/layout_build.h,
 * gpu/slot_layout.h), which MOMS then reads. */

/* What --gpu-layout=auto picks: the winner of the layout A/B (bench/RESULTS.md,
 * gsat-bench configs warp-csr, warp-slot; bench/device/layout.sh). */
#define GSAT_GPU_LAYOUT_AUTO_PICK GSAT_GPU_LAYOUT_SLOT

/* Whether device p->device can run the search (a CUDA build, a driver, the device,
 * compute capability 9.0 or newer).  When not, reason says why. */
int gsat_gpu_usable(int device, char *reason, size_t reason_size);

/* Whether a usable GPU is possible at all, without touching CUDA (whose
 * first call initializes the driver): a CUDA build and the NVIDIA driver's
 * device node (/dev/nvidiactl, or /dev/dxg under WSL).  0 means
 * gsat_gpu_usable() would say no; 1 means it may say yes. */
int gsat_gpu_maybe_present(void);

/* Searches db on the GPU.  The calling thread supervises: it enforces
 * p->time_limit and p->node_limit (from the workers' counters, read about every
 * 10 ms, so the search may overshoot it a little), polls p->stop (all three
 * reach the kernel through a host-mapped stop flag) and calls p->progress.
 * p->stop is also looked at before CUDA is touched and after the context is
 * made, and p->may_start (search.h) is asked right before the launch: either
 * gives GSAT_OK with r->answer UNKNOWN and no kernel launched.
 * Errors: NODEVICE, RESOURCE (the device is too small: the message says how
 * much memory is needed), CUDA (a failed call, a kernel fault, or a kernel
 * still running p->gpu_stop_grace seconds after the stop request: then the
 * kernel is left running, and every later GPU search of the process fails
 * at once, gpu/kernel_wait.h), NOMEM. */
gsat_status gsat_gpu_solve(const gsat_db *db, const gsat_search_params *p, gsat_search_result *r,
                           gsat_error *err);

/* What the GPU search keeps between solves, so that a caller that solves many
 * formulas one after another (gsat_solver, the CLI's --batch) pays the setup
 * once: the device's properties and usability (asked once per device), and
 * the device arena, the mapped stop flag, the pinned counter buffer, the two
 * streams and the timing events, each kept and grown (never shrunk) to the
 * largest run so far.  The CUDA context is the runtime's primary context of
 * the device, created by the first solve and kept by the process.  No CUDA
 * call is made before the first solve or usability check.  One engine serves
 * one search at a time (it is not thread-safe).  After a failed solve the
 * engine drops its device memory and objects (a fault may have left them
 * unusable); the next solve allocates them again. */
typedef struct gsat_gpu_engine gsat_gpu_engine;

/* A new engine holding nothing yet (no CUDA call).  NULL when out of
 * memory. */
gsat_gpu_engine *gsat_gpu_engine_new(void);

/* Frees what e holds on the device and the host, then e (NULL is fine). */
void gsat_gpu_engine_free(gsat_gpu_engine *e);

/* gsat_gpu_usable(device, ...), asked once per device and then answered from
 * e (the reason copied again); e NULL asks every time. */
int gsat_gpu_engine_usable(gsat_gpu_engine *e, int device, char *reason, size_t reason_size);

/* Whether a solve with e has created the device's CUDA context (so that a
 * further CUDA call costs no context creation and no extra teardown at the
 * process's exit).  0 for NULL and without CUDA. */
int gsat_gpu_engine_has_context(const gsat_gpu_engine *e);

/* gsat_gpu_solve() with the device state of e (NULL: a temporary engine,
 * freed before the return, which is what gsat_gpu_solve does).  The arena
 * is cleared before each upload, so that a run never sees an earlier run's
 * data.  Errors as gsat_gpu_solve. */
gsat_status gsat_gpu_engine_solve(gsat_gpu_engine *e, const gsat_db *db,
                                  const gsat_search_params *p, gsat_search_result *r,
                                  gsat_error *err);

#ifdef __cplusplus
}
#endif

#endif
