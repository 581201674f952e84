/* The host's port on the GPU CDCL search's sharing ring (cdcl_port.h):
 * pinned host buffers (inbox, outbox, round counts), their device twins and
 * the device reader, a stream and an event per round. */
#include "gpu/cdcl_port.h"

#include <assert.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/cuda_check.cuh"
#include "gpu/kernel_wait.h"
#include "base/atomic.h"
#include "base/clock.h"

/* The device side of a round: the reader and the round's counts. */
typedef struct port_dev {
  gsat_share_reader reader;
  gsat_gpu_cdcl_port_round round;
} port_dev;

struct gsat_gpu_cdcl_port {
  gsat_share *d_share;
  port_dev *d_state;
  uint32_t *d_inbox, *d_outbox;
  uint32_t *h_inbox, *h_outbox; /* pinned */
  port_dev *h_state;            /* pinned: the last round's counts */
  uint32_t staged;              /* records in h_inbox for the next round */
  uint32_t *h_sent;             /* pinned: the records of the round in flight */
  uint32_t sent;
  int in_flight;
  cudaStream_t stream;
  cudaEvent_t done;
  gsat_gpu_cdcl_port_counters total;
};

__global__ void gsat_gpu_cdcl_port_kernel(gsat_share *share, port_dev *state, const uint32_t *inbox,
                                          uint32_t n_in, uint32_t *outbox) {
  if (threadIdx.x != 0 || blockIdx.x != 0) return;
  gsat_gpu_cdcl_port_step(share, &state->reader, inbox, n_in, outbox, GSAT_GPU_CDCL_PORT_PULL_MAX,
                          &state->round);
}

static const size_t in_bytes =
    (size_t)GSAT_GPU_CDCL_PORT_PUSH_MAX * GSAT_GPU_CDCL_PORT_RECORD * sizeof(uint32_t);
static const size_t out_bytes =
    (size_t)GSAT_GPU_CDCL_PORT_PULL_MAX * GSAT_GPU_CDCL_PORT_RECORD * sizeof(uint32_t);

static gsat_status create(gsat_gpu_cdcl_port *p, gsat_error *err) {
  /* Loads the round's kernel now: with lazy module loading (CUDA's default)
   * its first launch would otherwise load it then, which waits for the
   * running search kernel to end. */
  cudaFuncAttributes attr;
  GSAT_CUDA_TRY(err, cudaFuncGetAttributes(&attr, gsat_gpu_cdcl_port_kernel));
  GSAT_CUDA_TRY(err, cudaMalloc(&p->d_state, sizeof(port_dev)));
  GSAT_CUDA_TRY(err, cudaMalloc(&p->d_inbox, in_bytes));
  GSAT_CUDA_TRY(err, cudaMalloc(&p->d_outbox, out_bytes));
  GSAT_CUDA_TRY(err, cudaHostAlloc(&p->h_inbox, in_bytes, cudaHostAllocDefault));
  GSAT_CUDA_TRY(err, cudaHostAlloc(&p->h_sent, in_bytes, cudaHostAllocDefault));
  GSAT_CUDA_TRY(err, cudaHostAlloc(&p->h_outbox, out_bytes, cudaHostAllocDefault));
  GSAT_CUDA_TRY(err, cudaHostAlloc(&p->h_state, sizeof(port_dev), cudaHostAllocDefault));
  GSAT_CUDA_TRY(err, cudaStreamCreateWithFlags(&p->stream, cudaStreamNonBlocking));
  GSAT_CUDA_TRY(err, cudaEventCreateWithFlags(&p->done, cudaEventDisableTiming));
  memset(p->h_state, 0, sizeof *p->h_state);
  p->h_state->reader.id = GSAT_GPU_CDCL_PORT_ID; /* the ring is empty: index 0 */
  GSAT_CUDA_TRY(err, cudaMemcpy(p->d_state, p->h_state, sizeof(port_dev), cudaMemcpyHostToDevice));
  /* an empty round before the search kernel starts: the round's kernel has
   * run once (loaded, whatever the loading mode) */
  gsat_gpu_cdcl_port_kernel<<<1, 32, 0, p->stream>>>(p->d_share, p->d_state, p->d_inbox, 0,
                                                     p->d_outbox);
  GSAT_CUDA_TRY(err, cudaPeekAtLastError());
  GSAT_CUDA_TRY(err, cudaStreamSynchronize(p->stream));
  return GSAT_OK;
}

extern "C" gsat_status gsat_gpu_cdcl_port_create(gsat_gpu_cdcl_port **port, gsat_share *d_share,
                                                 gsat_error *err) {
  *port = NULL;
  gsat_gpu_cdcl_port *p = (gsat_gpu_cdcl_port *)calloc(1, sizeof *p);
  GSAT_RETURN_IF(!p, err, NOMEM, "out of memory for the GPU clause port");
  p->d_share = d_share;
  gsat_status st = create(p, err);
  if (st != GSAT_OK) {
    gsat_gpu_cdcl_port_destroy(p);
    return st;
  }
  *port = p;
  return GSAT_OK;
}

extern "C" int gsat_gpu_cdcl_port_push(gsat_gpu_cdcl_port *port, const gsat_lit *lits, uint32_t n) {
  port->total.staged++;
  if (gsat_gpu_cdcl_port_record(port->h_inbox, GSAT_GPU_CDCL_PORT_PUSH_MAX, &port->staged, lits, n))
    return 1;
  port->total.dropped++;
  return 0;
}

/* Hands the completed round's outbox to fn and adds its counts. */
static uint32_t deliver(gsat_gpu_cdcl_port *p, gsat_gpu_cdcl_port_fn fn, void *data) {
  const gsat_gpu_cdcl_port_round *r = &p->h_state->round;
  assert(r->pulled <= GSAT_GPU_CDCL_PORT_PULL_MAX);
  for (uint32_t i = 0; i < r->pulled; i++) {
    const uint32_t *rec = p->h_outbox + (size_t)i * GSAT_GPU_CDCL_PORT_RECORD;
    if (fn) fn(data, rec + 1, rec[0]);
  }
  p->total.pushed += r->pushed;
  p->total.dropped += r->refused;
  p->total.pulled += r->pulled;
  p->total.rounds++;
  p->total.conflict |= r->conflict != 0;
  return r->pulled;
}

/* Starts a round: inbox down, the step, outbox and counts back. */
static gsat_status start_round(gsat_gpu_cdcl_port *p, gsat_error *err) {
  uint32_t *t = p->h_sent; /* the staged records travel from a buffer push no longer writes */
  p->h_sent = p->h_inbox;
  p->h_inbox = t;
  p->sent = p->staged;
  p->staged = 0;
  if (p->sent)
    GSAT_CUDA_TRY(err, cudaMemcpyAsync(p->d_inbox, p->h_sent,
                                       (size_t)p->sent * GSAT_GPU_CDCL_PORT_RECORD * 4,
                                       cudaMemcpyHostToDevice, p->stream));
  gsat_gpu_cdcl_port_kernel<<<1, 32, 0, p->stream>>>(p->d_share, p->d_state, p->d_inbox, p->sent,
                                                     p->d_outbox);
  GSAT_CUDA_TRY(err, cudaPeekAtLastError());
  GSAT_CUDA_TRY(err, cudaMemcpyAsync(p->h_state, p->d_state, sizeof(port_dev),
                                     cudaMemcpyDeviceToHost, p->stream));
  GSAT_CUDA_TRY(
      err, cudaMemcpyAsync(p->h_outbox, p->d_outbox, out_bytes, cudaMemcpyDeviceToHost, p->stream));
  GSAT_CUDA_TRY(err, cudaEventRecord(p->done, p->stream));
  p->in_flight = 1;
  return GSAT_OK;
}

extern "C" gsat_status gsat_gpu_cdcl_port_pull(gsat_gpu_cdcl_port *port, gsat_gpu_cdcl_port_fn fn,
                                               void *data, uint32_t *delivered, gsat_error *err) {
  if (delivered) *delivered = 0;
  if (port->in_flight) {
    cudaError_t q = cudaEventQuery(port->done);
    if (q == cudaErrorNotReady) return GSAT_OK;
    GSAT_CUDA_TRY(err, q);
    port->in_flight = 0;
    uint32_t n = deliver(port, fn, data);
    if (delivered) *delivered = n;
  }
  return start_round(port, err);
}

extern "C" void gsat_gpu_cdcl_port_counters_get(const gsat_gpu_cdcl_port *port,
                                                gsat_gpu_cdcl_port_counters *out) {
  *out = port->total;
}

extern "C" void gsat_gpu_cdcl_port_destroy(gsat_gpu_cdcl_port *port) {
  if (!port) return;
  if (gsat_gpu_stuck_kernels()) { /* (gpu/kernel_wait.h) a round may never end: */
    free(port);                   /* its buffers and CUDA objects are forgotten */
    return;
  }
  if (port->stream) (void)cudaStreamSynchronize(port->stream);
  if (port->d_state) cudaFree(port->d_state);
  if (port->d_inbox) cudaFree(port->d_inbox);
  if (port->d_outbox) cudaFree(port->d_outbox);
  if (port->h_inbox) cudaFreeHost(port->h_inbox);
  if (port->h_sent) cudaFreeHost(port->h_sent);
  if (port->h_outbox) cudaFreeHost(port->h_outbox);
  if (port->h_state) cudaFreeHost(port->h_state);
  if (port->done) cudaEventDestroy(port->done);
  if (port->stream) cudaStreamDestroy(port->stream);
  (void)cudaGetLastError();
  free(port);
}

/*------------------------------------------------------------------------*/
/* The mirror. */

#define GSAT_GPU_CDCL_MIRROR_RING_LOG2   14u
#define GSAT_GPU_CDCL_MIRROR_FILTER_LOG2 18u

struct gsat_gpu_cdcl_mirror {
  gsat_gpu_cdcl_port *port;
  const gsat_clause_port *cp;
  gsat_share ring;
  void *arena;
  gsat_share_reader back; /* id GSAT_GPU_CDCL_PORT_ID: what the clause port exported */
  double next;
  uint64_t out;
  /* the exchange thread (gsat_gpu_cdcl_mirror_start) */
  pthread_t thread;
  int running;
  uint32_t quit;   /* atomic: 1 asks the thread to end */
  uint32_t result; /* atomic: the clause port's verdict + 1 (0: none yet) */
  gsat_status st;
  gsat_error err;
};

extern "C" gsat_status gsat_gpu_cdcl_mirror_open(gsat_gpu_cdcl_mirror **m, gsat_share *d_share,
                                                 uint32_t num_vars, const gsat_clause_port *cp,
                                                 gsat_error *err) {
  *m = NULL;
  gsat_gpu_cdcl_mirror *x = (gsat_gpu_cdcl_mirror *)calloc(1, sizeof *x);
  GSAT_RETURN_IF(!x, err, NOMEM, "out of memory for the GPU clause port's mirror");
  x->cp = cp;
  x->arena = calloc(1, gsat_share_bytes(GSAT_GPU_CDCL_MIRROR_RING_LOG2,
                                        GSAT_GPU_CDCL_MIRROR_FILTER_LOG2, num_vars));
  gsat_status st =
      x->arena ? GSAT_OK
               : gsat_error_set(err, GSAT_NOMEM, "out of memory for the GPU clause port's mirror");
  if (st == GSAT_OK)
    st = gsat_share_init_zeroed(&x->ring, x->arena, GSAT_GPU_CDCL_MIRROR_RING_LOG2,
                                GSAT_GPU_CDCL_MIRROR_FILTER_LOG2, num_vars, 8, 2, err);
  if (st == GSAT_OK) st = gsat_gpu_cdcl_port_create(&x->port, d_share, err);
  if (st != GSAT_OK) {
    gsat_gpu_cdcl_mirror_close(x);
    return st;
  }
  gsat_share_reader_init(&x->back, &x->ring, GSAT_GPU_CDCL_PORT_ID);
  *m = x;
  return GSAT_OK;
}

static void into_mirror(void *data, const gsat_lit *lits, uint32_t n) {
  gsat_gpu_cdcl_mirror *m = (gsat_gpu_cdcl_mirror *)data;
  m->out += gsat_share_export(&m->ring, GSAT_GPU_CDCL_PORT_ID, lits, n) == GSAT_SHARE_ADDED;
}

extern "C" gsat_status gsat_gpu_cdcl_mirror_poll(gsat_gpu_cdcl_mirror *m, double now, int *res,
                                                 gsat_error *err) {
  *res = GSAT_CLAUSE_PORT_CONTINUE;
  if (now < m->next) return GSAT_OK;
  m->next = now + m->cp->poll_seconds;
  GSAT_FORWARD(gsat_gpu_cdcl_port_pull(m->port, into_mirror, m, NULL, err));
  *res = m->cp->poll(m->cp->data, &m->ring);
  gsat_lit lits[GSAT_SHARE_MAX_LEN];
  uint32_t n;
  while (gsat_share_import_unit(&m->ring, &m->back, &lits[0]))
    gsat_gpu_cdcl_port_push(m->port, lits, 1);
  while (gsat_share_import(&m->ring, &m->back, lits, &n)) gsat_gpu_cdcl_port_push(m->port, lits, n);
  if (*res == GSAT_CLAUSE_PORT_CONTINUE &&
      (m->port->total.conflict || gsat_load_acquire_u32(&m->ring.unit_conflict)))
    *res = 20;
  return GSAT_OK;
}

/* The exchange thread: a round when due, until asked to end or the clause
 * port gives a verdict; a CUDA error ends it (kept for mirror_stop). */
static void *exchange_main(void *arg) {
  gsat_gpu_cdcl_mirror *m = (gsat_gpu_cdcl_mirror *)arg;
  while (!gsat_load_acquire_u32(&m->quit)) {
    int res = GSAT_CLAUSE_PORT_CONTINUE;
    m->st = gsat_gpu_cdcl_mirror_poll(m, gsat_seconds(), &res, &m->err);
    if (m->st != GSAT_OK) break;
    if (res != GSAT_CLAUSE_PORT_CONTINUE) {
      gsat_store_release_u32(&m->result, (uint32_t)res + 1);
      break;
    }
    gsat_sleep(0.25e-3);
  }
  return NULL;
}

extern "C" gsat_status gsat_gpu_cdcl_mirror_start(gsat_gpu_cdcl_mirror *m, gsat_error *err) {
  assert(!m->running);
  GSAT_RETURN_IF(pthread_create(&m->thread, NULL, exchange_main, m) != 0, err, RESOURCE,
                 "cannot start the GPU clause port's thread");
  m->running = 1;
  return GSAT_OK;
}

extern "C" int gsat_gpu_cdcl_mirror_result(const gsat_gpu_cdcl_mirror *m) {
  uint32_t r = gsat_load_acquire_u32(&m->result);
  return r ? (int)r - 1 : GSAT_CLAUSE_PORT_CONTINUE;
}

extern "C" gsat_status gsat_gpu_cdcl_mirror_stop(gsat_gpu_cdcl_mirror *m, gsat_error *err) {
  if (!m || !m->running) return GSAT_OK;
  gsat_store_release_u32(&m->quit, 1);
  pthread_join(m->thread, NULL);
  m->running = 0;
  if (m->st != GSAT_OK && err) *err = m->err;
  return m->st;
}

extern "C" void gsat_gpu_cdcl_mirror_counts(const gsat_gpu_cdcl_mirror *m, uint64_t *out,
                                            uint64_t *in) {
  *out = m->out;
  *in = m->port ? m->port->total.pushed : 0;
}

extern "C" void gsat_gpu_cdcl_mirror_close(gsat_gpu_cdcl_mirror *m) {
  if (!m) return;
  (void)gsat_gpu_cdcl_mirror_stop(m, NULL);
  gsat_gpu_cdcl_port_destroy(m->port);
  free(m->arena);
  free(m);
}
