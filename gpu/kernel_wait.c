/* The host's wait for a search kernel: the stop request's grace period
 * (gpu/kernel_wait.h). */
#include "gpu/kernel_wait.h"

static int stuck_kernels; /* __atomic builtins: any thread may ask */

void gsat_kernel_wait_init(gsat_kernel_wait *w, double grace) {
  w->grace = grace > 0 ? grace : GSAT_GPU_STOP_GRACE;
  w->sent_at = -1;
}

gsat_kernel_wait_action gsat_kernel_wait_step(gsat_kernel_wait *w, double now,
                                              int stop_wanted) {
  if (w->sent_at < 0) {
    if (!stop_wanted) return GSAT_KERNEL_WAIT_KEEP;
    w->sent_at = now;
    return GSAT_KERNEL_WAIT_SEND_STOP;
  }
  return now - w->sent_at >= w->grace ? GSAT_KERNEL_WAIT_STUCK : GSAT_KERNEL_WAIT_KEEP;
}

void gsat_gpu_note_stuck_kernel(void) {
  __atomic_fetch_add(&stuck_kernels, 1, __ATOMIC_SEQ_CST);
}

int gsat_gpu_stuck_kernels(void) {
  return __atomic_load_n(&stuck_kernels, __ATOMIC_SEQ_CST);
}

gsat_status gsat_gpu_refuse_if_stuck(gsat_error *err) {
  GSAT_RETURN_IF(gsat_gpu_stuck_kernels(), err, CUDA,
                 "an earlier GPU kernel of this process did not stop and may still run: "
                 "no further GPU search");
  return GSAT_OK;
}
