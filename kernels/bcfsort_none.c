/* Without a CUDA build the sort reports its temporary storage size (the plan
 * is plain C) and NODEVICE for the sort itself. */
#include "kernels/bcfsort.h"

#include "kernels/bcfsort_plan.h"

static gsat_status no_device(void *d_temp, size_t *temp_bytes, size_t n, uint32_t key_bytes,
                             size_t extra, const gsat_sort_config *cfg, gsat_error *err) {
  gsat_bcf_plan plan;
  int run = 0;
  GSAT_FORWARD(gsat_bcf_storage(d_temp, temp_bytes, n, key_bytes, extra, cfg, &plan, &run, err));
  if (!run) return GSAT_OK; /* as the CUDA build: nothing to enqueue */
  return gsat_error_set(err, GSAT_NODEVICE, "sort: gsat was built without CUDA");
}

gsat_status gsat_gpu_sort_keys_u32(void *d_temp, size_t *temp_bytes, const uint32_t *d_keys_in,
                                   uint32_t *d_keys_out, size_t n, const gsat_sort_config *cfg,
                                   struct CUstream_st *stream, gsat_error *err) {
  (void)d_keys_in, (void)d_keys_out, (void)stream;
  return no_device(d_temp, temp_bytes, n, 4, 0, cfg, err);
}

gsat_status gsat_gpu_sort_keys_u64(void *d_temp, size_t *temp_bytes, const uint64_t *d_keys_in,
                                   uint64_t *d_keys_out, size_t n, const gsat_sort_config *cfg,
                                   struct CUstream_st *stream, gsat_error *err) {
  (void)d_keys_in, (void)d_keys_out, (void)stream;
  return no_device(d_temp, temp_bytes, n, 8, 0, cfg, err);
}

gsat_status gsat_gpu_sort_pairs_u32(void *d_temp, size_t *temp_bytes, const uint32_t *d_keys_in,
                                    uint32_t *d_keys_out, const uint32_t *d_vals_in,
                                    uint32_t *d_vals_out, size_t n, const gsat_sort_config *cfg,
                                    struct CUstream_st *stream, gsat_error *err) {
  (void)d_keys_in, (void)d_keys_out, (void)d_vals_in, (void)d_vals_out;
  (void)stream;
  return no_device(d_temp, temp_bytes, n, 8, gsat_bcf_pairs_u32_extra_bytes(n), cfg, err);
}

gsat_status gsat_gpu_sort_pairs_u64(void *d_temp, size_t *temp_bytes, const uint64_t *d_keys_in,
                                    uint64_t *d_keys_out, const uint32_t *d_vals_in,
                                    uint32_t *d_vals_out, size_t n, const gsat_sort_config *cfg,
                                    struct CUstream_st *stream, gsat_error *err) {
  (void)d_keys_in, (void)d_keys_out, (void)d_vals_in, (void)d_vals_out;
  (void)stream;
  return no_device(d_temp, temp_bytes, n, 8, gsat_bcf_pairs_u64_extra_bytes(n), cfg, err);
}
