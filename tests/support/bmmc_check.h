/* Device correctness checks of the BMMC kernels against the CPU scatter
 * out[A x ^ c] = in[x], shared by the cmocka GPU test (tests/test_bmmc_gpu.c)
 * and `device_check bmmc` (device_check.c: the H200 machine has no cmocka).
 * Every kernel variant (naive scatter and gather, tiled with registers or
 * cp.async, other geometry and locality, two-pass) runs on random BPCs, tiled BMMCs and general
 * BMMCs, with and without complement, 4- and 8-byte elements, n in {0, 1, 5,
 * 9, 10, 11, 15, 20, 24, 28}; the output is poisoned before each run and every
 * element is compared. */
#ifndef GSAT_TESTS_BMMC_CHECK_H
#define GSAT_TESTS_BMMC_CHECK_H

#include <stdio.h>

#include "kernels/f2.h"
#include "base/status.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gsat_bmmc_check_result {
  int passed, failed;
} gsat_bmmc_check_result;

/* Runs the checks for every listed n <= max_n on device 0, printing one
 * "PASS ..." or "FAIL ..." line per case to log (may be NULL).  Mismatches are
 * counted in res->failed; the status reports only infrastructure failures
 * (NODEVICE, NOMEM, CUDA). */
gsat_status gsat_bmmc_check_run(int max_n, FILE *log, gsat_bmmc_check_result *res, gsat_error *err);

/* Byte tables of x -> A x: A x = XOR over k of table[k][byte k of x]
 * (n <= 40), the references' own matrix-vector product. */
void gsat_bmmc_check_tables(const gsat_f2_mat *a, uint64_t table[5][256]);

/* The 64-bit index path at n = 32 and 33 (4-byte elements, about 100 GB of
 * device memory; prints SKIP when the device has less): payloads are filled
 * and verified on the device.  Adds to res (bmmc_check_large.cu). */
void gsat_bmmc_check_large(FILE *log, gsat_bmmc_check_result *res);

#ifdef __cplusplus
}
#endif

#endif
