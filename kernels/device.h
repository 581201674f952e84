/* CUDA device discovery behind a C ABI.  Without a CUDA build, or without a driver
 * or device, gsat_gpu_device_count() returns 0 and the rest report NODEVICE. */
#ifndef GSAT_GPU_DEVICE_H
#define GSAT_GPU_DEVICE_H

#include <stddef.h>

#include "base/status.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gsat_gpu_info {
  int device; /* CUDA ordinal */
  char name[256];
  int cc_major, cc_minor; /* compute capability */
  int sm_count;           /* multiprocessors */
  int max_threads_per_sm;
  size_t global_mem;           /* bytes */
  size_t smem_per_block_optin; /* bytes of shared memory a block may opt in to */
  size_t smem_per_sm;          /* bytes */
  int regs_per_sm;
  int clock_khz;
} gsat_gpu_info;

/* Number of usable CUDA devices: 0 when CUDA is not built in, or no driver or no
 * device is present.  Never fails. */
int gsat_gpu_device_count(void);

/* 1 when gsat was built with CUDA (the device may still be absent), else 0. */
int gsat_gpu_built(void);

/* Properties of device `device`.  Errors: NODEVICE (no such device), CUDA. */
gsat_status gsat_gpu_device_info(int device, gsat_gpu_info *info, gsat_error *err);

#ifdef __cplusplus
}
#endif

#endif
