#include "kernels/device.h"

#include <string.h>

#include "kernels/cuda_check.cuh"

extern "C" int gsat_gpu_built(void) {
  return 1;
}

int gsat_gpu_device_count(void) {
  int count = 0;
  cudaError_t e = cudaGetDeviceCount(&count);
  if (e != cudaSuccess) {
    (void)cudaGetLastError(); /* no driver or no device: not an error here */
    return 0;
  }
  return count;
}

extern "C" gsat_status gsat_gpu_device_info(int device, gsat_gpu_info *info, gsat_error *err) {
  int count = gsat_gpu_device_count();
  GSAT_RETURN_IF(device < 0 || device >= count, err, NODEVICE, "no CUDA device %d (%d found)",
                 device, count);
  cudaDeviceProp p;
  GSAT_CUDA_TRY(err, cudaGetDeviceProperties(&p, device));
  memset(info, 0, sizeof *info);
  info->device = device;
  strncpy(info->name, p.name, sizeof info->name - 1);
  info->cc_major = p.major;
  info->cc_minor = p.minor;
  info->sm_count = p.multiProcessorCount;
  info->max_threads_per_sm = p.maxThreadsPerMultiProcessor;
  info->global_mem = p.totalGlobalMem;
  info->smem_per_block_optin = p.sharedMemPerBlockOptin;
  info->smem_per_sm = p.sharedMemPerMultiprocessor;
  info->regs_per_sm = p.regsPerMultiprocessor;
  int clock = 0;
  GSAT_CUDA_TRY(err, cudaDeviceGetAttribute(&clock, cudaDevAttrClockRate, device));
  info->clock_khz = clock;
  return GSAT_OK;
}
