/* Without a CUDA build there is no device layout builder. */
#include "gpu/layout_build.h"

gsat_status gsat_gpu_layout_build(void *d_temp, size_t *temp_bytes, const gsat_layout_input *in,
                                  const gsat_slot_plan *plan, const gsat_layout_output *out,
                                  int sort, struct CUstream_st *stream, gsat_error *err) {
  (void)d_temp, (void)temp_bytes, (void)in, (void)plan, (void)out, (void)sort;
  (void)stream;
  return gsat_error_set(err, GSAT_NODEVICE, "layout: gsat was built without CUDA");
}

gsat_status gsat_gpu_layout_roundtrip(const uint32_t *clause_start, const uint32_t *lits,
                                      uint32_t num_clauses, uint32_t num_vars,
                                      const gsat_slot_plan *plan, int sort, uint32_t *occ_start,
                                      uint32_t *stream, uint64_t stream_size, uint32_t *slot,
                                      double *seconds, gsat_error *err) {
  (void)clause_start, (void)lits, (void)num_clauses, (void)num_vars;
  (void)plan, (void)sort, (void)occ_start, (void)stream, (void)stream_size;
  (void)slot, (void)seconds;
  return gsat_error_set(err, GSAT_NODEVICE, "layout: gsat was built without CUDA");
}
