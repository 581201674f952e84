# The GPU CDCL search's clause port without a GPU (gpu/cdcl_port.h): its
# round on a host ring, records, conflicts, and the relay between rings.
gsat_add_test(test_gpu_cdcl_port LABELS unit SOURCES test_gpu_cdcl_port.c LIBS gsat_core)
