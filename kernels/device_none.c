/* Without a CUDA build there is no device. */
#include "kernels/device.h"

int gsat_gpu_device_count(void) {
  return 0;
}

int gsat_gpu_built(void) {
  return 0;
}

gsat_status gsat_gpu_device_info(int device, gsat_gpu_info *info, gsat_error *err) {
  (void)info;
  return gsat_error_set(err, GSAT_NODEVICE, "gsat was built without CUDA: no device %d", device);
}
