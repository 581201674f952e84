/* Without a CUDA build there is no device occurrence-list builder. */
#include "gpu/occ.h"

gsat_status gsat_gpu_occ_build(void *d_temp, size_t *temp_bytes, const gsat_occ_input *in,
                               uint32_t *d_occ_start, uint32_t *d_occ_clause, gsat_occ_sort sort,
                               struct CUstream_st *stream, gsat_error *err) {
  (void)d_temp, (void)temp_bytes, (void)in, (void)d_occ_start;
  (void)d_occ_clause, (void)sort, (void)stream;
  return gsat_error_set(err, GSAT_NODEVICE, "occ: gsat was built without CUDA");
}
