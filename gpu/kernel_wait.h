/* The host's wait for a persistent search kernel (gpu/search.cu): when to
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

#include "solver/base/status.h"

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
gsat_kernel_wait_action gsat_kernel_wait_step(gsat_kernel_wait *w, double now,
                                              int stop_wanted);

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
