/* The host's port on the GPU CDCL search's sharing ring: how
 * units and short learned clauses leave and enter the device ring
 * (core/share.h, the layout every CDCL search shares) while the
 * kernel runs.
 *
 * A round.  gsat_gpu_cdcl_port_pull() runs one small kernel on the port's
 * own stream, beside the search kernel: one device thread, with a ring
 * reader of id GSAT_GPU_CDCL_PORT_ID, first exports into the device ring the
 * clauses staged by gsat_gpu_cdcl_port_push() since the last round (producer
 * GSAT_GPU_CDCL_PORT_ID, so that every device searcher imports them at its
 * next restart), then copies the units and clauses the device searchers
 * exported since the last round into an outbox (the ring's own sequence-lock
 * reader protocol, so that nothing torn leaves the device); the outbox comes
 * back by an asynchronous copy.  The step is gsat_gpu_cdcl_port_step(),
 * GSAT_HD code that the host unit test runs on a ring in host memory.  pull
 * never waits: it hands the previous round's outbox to the callback once
 * that round has completed (an event), then starts the next round; a round
 * still in flight (or one the device has not scheduled yet, while the search
 * kernel fills it) makes pull return 0 and keeps the staged clauses for
 * later.  Latency: one pull interval.
 *
 * Who uses it.  The GPU CDCL search itself (gpu/cdcl_search.cu): given a
 * clause port (p->clause_port, core/share.h) it opens a port on its
 * device ring and, on a host thread of the port's own, about every
 * port->poll_seconds, pulls into a ring in host memory (the mirror), polls
 * the clause port with the mirror, and pushes what the clause port put
 * there.  So the clause port is the one hook for
 * CPU and GPU searches alike: the CPU+GPU portfolio (api/portfolio.c)
 * bridges its two members' clause ports, and an MPI rank that runs the GPU
 * search gives it a bridge of the same kind (gsat_share_bridge) to the ring
 * that its MPI clause rounds read and fill, as a CPU rank's rounds read and
 * fill its portfolio's ring (mpi/).  A caller
 * with other needs may drive a port directly (create, push/pull from one
 * thread, destroy); it is CUDA-only (a build without CUDA has no GPU
 * search to attach it to). */
#ifndef GSAT_GPU_CDCL_PORT_H
#define GSAT_GPU_CDCL_PORT_H

#include <stdint.h>

#include "base/hd.h"
#include "base/status.h"
#include "core/literal.h"
#include "core/share.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Producer id of what the port exports into the device ring (no searcher
 * has it; distinct from GSAT_SHARE_REMOTE, which the clause port uses). */
#define GSAT_GPU_CDCL_PORT_ID 0xfffffffdu
/* A staged or outbox record: its length, then its literals. */
#define GSAT_GPU_CDCL_PORT_RECORD (GSAT_SHARE_MAX_LEN + 2u)
/* Records per round each way. */
#define GSAT_GPU_CDCL_PORT_PUSH_MAX 1024u
#define GSAT_GPU_CDCL_PORT_PULL_MAX 2048u

/* The counts of one round (gsat_gpu_cdcl_port_step). */
typedef struct gsat_gpu_cdcl_port_round {
  uint32_t pushed;   /* inbox records the ring took (ADDED) */
  uint32_t refused;  /* inbox records it did not (duplicate, busy, too long) */
  uint32_t pulled;   /* records written to the outbox */
  uint32_t conflict; /* 1: complementary units in the ring (UNSAT) */
} gsat_gpu_cdcl_port_round;

/* Appends lits[0..n-1] (1 <= n <= GSAT_SHARE_MAX_LEN) as a record to
 * records[*count * GSAT_GPU_CDCL_PORT_RECORD ...] when *count < max: 1, or
 * 0 (full, or n out of range: the clause is dropped). */
GSAT_HD int gsat_gpu_cdcl_port_record(uint32_t *records, uint32_t max, uint32_t *count,
                                      const gsat_lit *lits, uint32_t n) {
  if (*count >= max || n < 1 || n > GSAT_SHARE_MAX_LEN) return 0;
  uint32_t *rec = records + (uint64_t)*count * GSAT_GPU_CDCL_PORT_RECORD;
  rec[0] = n;
  for (uint32_t k = 0; k < n; k++) rec[1 + k] = lits[k];
  ++*count;
  return 1;
}

/* One round on ring s (device or host memory; one thread): exports the
 * n_in records of inbox with producer GSAT_GPU_CDCL_PORT_ID, then reads with
 * r (id GSAT_GPU_CDCL_PORT_ID, so the port's own records are passed over)
 * the units and then the clauses others exported, at most out_max, into
 * outbox.  Fills *round. */
GSAT_HD void gsat_gpu_cdcl_port_step(gsat_share *s, gsat_share_reader *r, const uint32_t *inbox,
                                     uint32_t n_in, uint32_t *outbox, uint32_t out_max,
                                     gsat_gpu_cdcl_port_round *round) {
  round->pushed = round->refused = round->pulled = 0;
  for (uint32_t i = 0; i < n_in; i++) {
    const uint32_t *rec = inbox + (uint64_t)i * GSAT_GPU_CDCL_PORT_RECORD;
    if (gsat_share_export(s, GSAT_GPU_CDCL_PORT_ID, rec + 1, rec[0]) == GSAT_SHARE_ADDED)
      round->pushed++;
    else
      round->refused++;
  }
  gsat_lit lits[GSAT_SHARE_MAX_LEN];
  uint32_t n = 1;
  while (round->pulled < out_max && gsat_share_import_unit(s, r, &lits[0]))
    gsat_gpu_cdcl_port_record(outbox, out_max, &round->pulled, lits, 1);
  while (round->pulled < out_max && gsat_share_import(s, r, lits, &n))
    gsat_gpu_cdcl_port_record(outbox, out_max, &round->pulled, lits, n);
  round->conflict = gsat_load_acquire_u32(&s->unit_conflict);
}

/* Receives one unit or clause (internal literals) pulled from the GPU. */
typedef void (*gsat_gpu_cdcl_port_fn)(void *data, const gsat_lit *lits, uint32_t n);

typedef struct gsat_gpu_cdcl_port gsat_gpu_cdcl_port;

/* Totals of a port (host side): records pushed (staged), accepted by the
 * ring, dropped (staging full, or refused by the ring), pulled, rounds. */
typedef struct gsat_gpu_cdcl_port_counters {
  uint64_t staged, pushed, dropped, pulled, rounds;
  int conflict; /* the device ring holds complementary units */
} gsat_gpu_cdcl_port_counters;

/* Opens a port on the device ring at d_share (a gsat_share in device memory
 * whose pointers are device addresses; the ring starts empty) in the
 * current device's context.  Allocates its device and pinned host buffers
 * (call it before the search kernel starts).  Errors: CUDA, NOMEM. */
gsat_status gsat_gpu_cdcl_port_create(gsat_gpu_cdcl_port **port, gsat_share *d_share,
                                      gsat_error *err);

/* Stages lits[0..n-1] (1 <= n <= GSAT_SHARE_MAX_LEN internal literals,
 * implied by the formula) for the next round: 1, or 0 when dropped (full). */
int gsat_gpu_cdcl_port_push(gsat_gpu_cdcl_port *port, const gsat_lit *lits, uint32_t n);

/* Calls fn(data, lits, n) for each unit and clause the device searchers
 * exported that the last completed round fetched, and starts the next round
 * (which also sends what was pushed); returns without waiting.  *delivered:
 * how many fn received (may be NULL).  Errors: CUDA. */
gsat_status gsat_gpu_cdcl_port_pull(gsat_gpu_cdcl_port *port, gsat_gpu_cdcl_port_fn fn, void *data,
                                    uint32_t *delivered, gsat_error *err);

/* The port's totals so far (rounds completed). */
void gsat_gpu_cdcl_port_counters_get(const gsat_gpu_cdcl_port *port,
                                     gsat_gpu_cdcl_port_counters *out);

/* Waits for a round in flight (the search kernel must have ended or be
 * ending, else it may wait for it) and frees the port; NULL is a no-op.
 * While a kernel of this process is stuck (gpu/kernel_wait.h) it makes no
 * CUDA call: the port's buffers and CUDA objects are forgotten. */
void gsat_gpu_cdcl_port_destroy(gsat_gpu_cdcl_port *port);

/* The GPU search's end of a clause port (core/share.h): a port on
 * the device ring, the mirror (a ring in host memory of the clause port's
 * layout: 2^14 slots, a filter of 2^18 hashes, the sharing rule 8 / 2; calloc, so
 * that only the pages the ring fills are touched) and
 * the reader that brings back what the clause port put there. */
typedef struct gsat_gpu_cdcl_mirror gsat_gpu_cdcl_mirror;

/* Opens a port on d_share (as gsat_gpu_cdcl_port_create) and a mirror for
 * num_vars variables that serves clause port cp (kept, not owned).  Errors:
 * CUDA, NOMEM. */
gsat_status gsat_gpu_cdcl_mirror_open(gsat_gpu_cdcl_mirror **m, gsat_share *d_share,
                                      uint32_t num_vars, const gsat_clause_port *cp,
                                      gsat_error *err);

/* When cp->poll_seconds have passed since the last exchange (now: seconds,
 * gsat_seconds()): pulls what the device searchers exported into the mirror
 * (producer GSAT_GPU_CDCL_PORT_ID), calls cp->poll with the mirror, pushes
 * what it exported there (producer GSAT_SHARE_REMOTE) to the device.  *res:
 * the poll's result (GSAT_CLAUSE_PORT_CONTINUE when not due; 20 also when
 * the device ring or the mirror holds complementary units).  Errors: CUDA. */
gsat_status gsat_gpu_cdcl_mirror_poll(gsat_gpu_cdcl_mirror *m, double now, int *res,
                                      gsat_error *err);

/* Starts a host thread that runs gsat_gpu_cdcl_mirror_poll about every
 * 0.25 ms (a round when due) until gsat_gpu_cdcl_mirror_stop or the clause
 * port's verdict, so that a CUDA call of the port that waits (it should
 * not) never delays the search's own supervision.  Errors: RESOURCE. */
gsat_status gsat_gpu_cdcl_mirror_start(gsat_gpu_cdcl_mirror *m, gsat_error *err);

/* The clause port's verdict so far (the thread's): GSAT_CLAUSE_PORT_CONTINUE,
 * 0 or 20; never waits. */
int gsat_gpu_cdcl_mirror_result(const gsat_gpu_cdcl_mirror *m);

/* Ends the thread (waits for it) and returns the error that ended it, if
 * any (CUDA).  A no-op when it was not started. */
gsat_status gsat_gpu_cdcl_mirror_stop(gsat_gpu_cdcl_mirror *m, gsat_error *err);

/* Clauses and units out (pulled from the device and put into the mirror)
 * and in (pushed into the device ring, ADDED there) so far. */
void gsat_gpu_cdcl_mirror_counts(const gsat_gpu_cdcl_mirror *m, uint64_t *out, uint64_t *in);

/* Stops the thread, closes the port (as gsat_gpu_cdcl_port_destroy) and
 * frees the mirror;
 * NULL is a no-op. */
void gsat_gpu_cdcl_mirror_close(gsat_gpu_cdcl_mirror *m);

#ifdef __cplusplus
}
#endif

#endif
