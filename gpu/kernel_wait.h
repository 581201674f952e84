/* The host's wait for a persistent search kernel (gpu/search.cu, the DPLL
 * search, and gpu/cdcl_search.cu, the CDCL search): when to
 * raise the device's stop flag, and when a kernel that was asked to stop and
 * still runs counts as stuck.  A stuck kernel cannot be cancelled (the CUDA
 * runtime has no kernel abort; cudaFree, cudaStreamSynchronize and the
 * runtime's teardown at exit all wait for it), so the library gives up on it:
 * the solve returns an error, the process-wide count below makes every later
 * GPU search refuse and the engine skip its CUDA teardown, and the program
 * (the gsat CLI: gsat_background_members) ends by _exit, which lets the
 * driver reclaim the device.  Plain C without CUDA, so that a unit test
 * drives it with a simulated clock and kernel (tests/test_kernel_wait.c). */
#ifndef GSAT_GPU_KERNEL_WAIT_H
#define GSAT_GPU_KERNEL_WAIT_H

#include <stddef.h>
#include <stdint.h>

#include "base/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Seconds a search kernel may keep running after the stop request (the
 * hidden option gpu_stop_grace, 0: this). */
#define GSAT_GPU_STOP_GRACE 2.0

typedef struct gsat_kernel_wait {
  double grace;   /* seconds */
  double sent_at; /* host seconds (gsat_seconds) of the stop request; < 0: none */
} gsat_kernel_wait;

typedef enum gsat_kernel_wait_action {
  GSAT_KERNEL_WAIT_KEEP = 0,  /* keep polling */
  GSAT_KERNEL_WAIT_SEND_STOP, /* raise the device's stop flag now (once) */
  GSAT_KERNEL_WAIT_STUCK,     /* asked `grace` seconds ago and still running: give up */
} gsat_kernel_wait_action;

/* A wait with no stop request sent; grace in seconds, <= 0 takes
 * GSAT_GPU_STOP_GRACE. */
void gsat_kernel_wait_init(gsat_kernel_wait *w, double grace);

/* One poll of a kernel found still running at host time `now` (seconds),
 * stop_wanted nonzero when the search should end (a stop flag, a limit):
 * SEND_STOP the first time stop_wanted is seen, STUCK once `grace` seconds
 * have passed since then, else KEEP. */
gsat_kernel_wait_action gsat_kernel_wait_step(gsat_kernel_wait *w, double now, int stop_wanted);

/* Where a worker of a search kernel is (a DPLL worker's
 * gsat_gpu_counters.where, a CDCL searcher's gsat_cdcl_gpu_at.where), stored
 * by the kernel as it goes (volatile), so that the host can say where the
 * workers of a kernel that does not stop are (gsat_kernel_wait_give_up).
 * Names: gsat_gpu_where_name. */
enum gsat_gpu_where {
  GSAT_GPU_AT_NOT_STARTED = 0, /* the cleared word: not begun */
  GSAT_GPU_AT_LEFT,            /* out of the kernel's loop, done */
  GSAT_GPU_AT_SETUP,           /* staging the CNF, the root; CDCL: loading the template */
  GSAT_GPU_AT_ROUND,           /* the top of a round (CDCL: of a slice): the stop check */
  GSAT_GPU_AT_SEARCH,          /* the step code's search of a slice */
  GSAT_GPU_AT_SHARE,           /* CDCL: importing shared clauses after a restart */
  GSAT_GPU_AT_TAKE,            /* taking a queued cube */
  GSAT_GPU_AT_RETURN_SLOT,     /* DPLL: giving a taken cube's pool slot back */
  GSAT_GPU_AT_GIVE,            /* donating (CDCL: a busy searcher's split turn) */
  GSAT_GPU_AT_PUBLISH,         /* DPLL: pushing a donated cube to a queue */
  GSAT_GPU_AT_SLEEP,           /* an idle worker's backoff */
  /* the CDCL searchers' */
  GSAT_GPU_AT_REDUCE,  /* CDCL: reducing a full learned-clause arena */
  GSAT_GPU_AT_REFUTED, /* CDCL: learning a refuted cube, closing its parents */
  GSAT_GPU_AT_CLAIM,   /* CDCL: claiming the answer, writing the model */
  GSAT_GPU_AT_RETIRED, /* CDCL: searcher 0 retired (no room), forwarding the stop */
  GSAT_GPU_AT_COUNT
};

/* The name of phase w (gsat_gpu_where: "search", "left", ...); "?" when out
 * of range. */
const char *gsat_gpu_where_name(unsigned w);

/* Host copies of a kernel's per-worker phases, for the stuck report:
 * worker i's phase at (char *)where + i * stride, its rounds begun at
 * (char *)round + i * stride. */
typedef struct gsat_kernel_where {
  const unsigned *where, *round;
  size_t stride;      /* bytes */
  uint64_t workers;   /* count */
  uint64_t per_block; /* workers per thread block (> 0) */
  const char *noun;   /* "worker", "searcher" */
} gsat_kernel_where;

/* The report of where the workers of a kernel that did not stop are,
 * appended to out (a C string in size bytes, cut at whole entries): the
 * counts by phase and the first worker not left, "; 87 of 16896 workers not
 * left: search 3, publish 84; the first, worker 1234 (block 9), in publish
 * at round 5678"; then the other workers not left, as many as fit, "; also
 * worker 1240 (block 9) in search at round 5601, ..., and 80 more". */
void gsat_kernel_wait_report(const gsat_kernel_where *k, char *out, size_t size);

/* The end of a wait whose step said STUCK: records the stuck kernel
 * (gsat_gpu_note_stuck_kernel) and returns GSAT_CUDA with err saying "GPU
 * kernel did not stop within <grace> s of the stop request (...)" and, when
 * k is given (the phases could be read), gsat_kernel_wait_report's
 * report. */
gsat_status gsat_kernel_wait_give_up(const gsat_kernel_wait *w, const gsat_kernel_where *k,
                                     gsat_error *err);

/* Records that a search kernel of this process did not stop (it may run
 * until the process ends). */
void gsat_gpu_note_stuck_kernel(void);

/* Search kernels of this process that did not stop when asked (0 normally):
 * while nonzero no CUDA call may be made that waits for the device. */
int gsat_gpu_stuck_kernels(void);

/* What a GPU search does first: GSAT_OK, or while a kernel is stuck a CUDA
 * error saying so (err filled). */
gsat_status gsat_gpu_refuse_if_stuck(gsat_error *err);

#ifdef __cplusplus
}
#endif

#endif
