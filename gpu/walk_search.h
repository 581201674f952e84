/* The GPU walkers behind a C ABI (local-search.md, section 2): the walker
 * step code (core/walk.h) on a warp (gpu/walk_warp.cuh, one walker per
 * warp) or on one thread (gpu/walk_lane.cuh, one walker per lane, the
 * compact state where it fits), thousands with different seeds, the
 * mapping and their state planned from the formula, the L2 cache, the
 * shared memory and the free device memory before the launch
 * (gpu/walk_plan.h). */
#ifndef GSAT_GPU_WALK_SEARCH_H
#define GSAT_GPU_WALK_SEARCH_H

#include "base/status.h"
#include "core/db.h"
#include "core/search.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Walks db on device p->device with one walker per warp or per thread
 * (p->gpu_walk_mapping, auto: the plan's rule; p->gpu_walk_wide keeps a
 * lane walker's 32-bit state), planned by gpu/walk_plan.h: a warp walker's
 * state in shared memory, one walker per block and a few per SM, when it
 * fits (unless p->gpu_walk_global), else in device memory, 4 walkers per
 * block and 48 per SM; lane walkers' state in shared memory, a block of
 * lanes per SM, or in device memory, as many as the L2 cache holds
 * (p->gpu_blocks sets the blocks; fewer walkers when the memory does not
 * hold them; p->gpu_threads is not read; r->gpu_walk_* say which) until one
 * finds a model: r->answer
 * SAT with it in r->model
 * (internal variables; the caller checks it against the original clauses).
 * Never UNSAT: UNKNOWN at p->time_limit, p->node_limit (flips of all
 * walkers, checked about every 10 ms; each walker also stops by itself
 * after its share, node_limit / walkers rounded up) or p->stop (forwarded to the kernel
 * through a host-mapped flag), r->stopped_by_limit for a limit.  Walker i's
 * seed: gsat_walk_mix(p->seed + i), as the CPU walkers'.  With p->phases
 * (core/phases.h), about every 10 ms the best walker's best assignment is
 * offered to its from_walk slot (r->total.phases_out) and a newer from_cdcl
 * assignment copied to the device, where the walkers of odd index restart
 * from it (r->total.phases_in, gpu/walk_warp.cuh).  Errors: NODEVICE,
 * RESOURCE (not one walker fits the free device memory: the message names
 * the bytes one needs and the shared memory its state needs), CUDA (a
 * failed call, a fault, or a kernel still running p->gpu_stop_grace seconds
 * after the stop request, gpu/kernel_wait.h), NOMEM. */
gsat_status gsat_gpu_walk_solve(const gsat_db *db, const gsat_search_params *p,
                                gsat_search_result *r, gsat_error *err);

#ifdef __cplusplus
}
#endif

#endif
