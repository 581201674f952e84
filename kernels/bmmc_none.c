/* Without a CUDA build the BMMC plans still build (kernels/bmmc_plan.c), but
 * nothing runs. */
#include "kernels/bmmc_plan.h"

gsat_status gsat_bmmc_plan_run(const gsat_bmmc_plan *plan, const void *d_in, void *d_out,
                               void *d_temp, void *stream, gsat_error *err) {
  (void)plan, (void)d_in, (void)d_out, (void)d_temp, (void)stream;
  return gsat_error_set(err, GSAT_NODEVICE, "gsat was built without CUDA: no BMMC kernels");
}

gsat_status gsat_bmmc_permute(const gsat_bmmc *perm, uint32_t elem_size, const void *d_in,
                              void *d_out, void *d_temp, void *stream, gsat_error *err) {
  gsat_bmmc_plan plan;
  GSAT_FORWARD(gsat_bmmc_plan_init(&plan, perm, elem_size, NULL, err));
  return gsat_bmmc_plan_run(&plan, d_in, d_out, d_temp, stream, err);
}
