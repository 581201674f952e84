/* The GPU CDCL search behind a C ABI (cdcl.md sections 3-4): one CDCL
 * searcher per warp over the whole formula (gpu/cdcl_warp.cuh), diversified,
 * with state and learned-clause arenas planned before the launch from the
 * free device memory and the instance (gpu/cdcl_plan.h). */
#ifndef GSAT_GPU_CDCL_SEARCH_H
#define GSAT_GPU_CDCL_SEARCH_H

#include "base/status.h"
#include "core/db.h"
#include "core/search.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Searches db with CDCL on device p->device.  Takes from p: the CDCL
 * configuration (p->cdcl: searcher 0 runs it, the others are diversified
 * from it), the assumptions (shared by every searcher), p->time_limit,
 * p->node_limit (decisions of all searchers, checked about every 10 ms),
 * p->stop (polled by the calling thread and passed to the kernel through a
 * host-mapped flag), p->progress, p->gpu_cdcl_searchers and
 * p->gpu_cdcl_arena (0: planned).  The first model found is returned in
 * r->model (the caller checks it against the original clauses); r->answer
 * UNSAT when a searcher refuted the formula (r->unsat_assumptions and
 * r->failed when under the assumptions); UNKNOWN at a limit, a stop, or when
 * every searcher ran out of arena.  p->clause_port (core/share.h):
 * polled about every poll_seconds by a host thread of its own
 * (gsat_gpu_cdcl_mirror_start) with a host mirror of the device ring (gpu/cdcl_port.h; the ring is
 * used even with one searcher), its 20 ends the search UNSAT; r->total.port_out / port_in count
 * what crossed it.  p->may_start: asked after the upload, before the launch
 * (search.h).  p->proof (may be NULL) receives, from this thread while the
 * kernel runs, every clause the searchers learn (with cubes also each
 * refuted cube's negated failed assumptions and, after its children, each
 * closed parent's negated cube; and the empty clause of an UNSAT), streamed through a ring of
 * p->gpu_cdcl_proof_ring KiB (0: 16 MiB) of mapped pinned host memory (core/proof_ring.h), in an
 * order where each clause follows those it was derived from, without deletions (cdcl.md, section
 * 5); an UNSAT whose proof lost records at a stop comes back UNKNOWN.  p->extra_* are ignored (they
 * are implied clauses).  Errors: NODEVICE, RESOURCE (the formula does not fit: the message names
 * the memory needed), CUDA (a failed call, a kernel fault, or a kernel still running
 * p->gpu_stop_grace seconds after the stop request: the message names the searchers that have not
 * left, the kernel is left running and every later GPU search of the process fails at once,
 * gpu/kernel_wait.h), NOMEM, INTERNAL (a corrupt proof ring). */
gsat_status gsat_gpu_cdcl_solve(const gsat_db *db, const gsat_search_params *p,
                                gsat_search_result *r, gsat_error *err);

#ifdef __cplusplus
}
#endif

#endif
