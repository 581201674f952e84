/* Device correctness checks of the bank-conflict-free sort (kernels/bcfsort.h)
 * against a stable host radix sort, shared by the cmocka GPU test
 * (tests/test_bcfsort_gpu.c) and `device_check sort` (device_check.c: the
 * H200 machine has no cmocka).  Keys u32 and u64, pairs u32/u32 and u64/u32
 * (stability checked by comparing with the stable reference, values random),
 * every distribution of sort_inputs.h, n in {0, 1, 31, 32, 33, 1023, 1024,
 * 1025, 70001, 2^20 + 7, 2^24}, default configuration plus, up to 2^20 + 7,
 * 2-way merge path and 8-way splitters (32-bit keys and pairs), integer
 * comparison of packed pair keys and every named variant (gsat_sort_variant,
 * also in quick mode); outputs are poisoned before each run.
 * Then occurrence lists (gpu/occ.h) of random CNFs up to 2^20 clauses with
 * both sorts against the host builder. */
#ifndef GSAT_TESTS_SORT_CHECK_H
#define GSAT_TESTS_SORT_CHECK_H

#include <stdint.h>
#include <stdio.h>

#include "base/status.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gsat_sort_check_result {
  int passed, failed;
} gsat_sort_check_result;

/* Runs every case with n <= max_n on device 0 (quick: the default
 * configuration and the named variants on random and few-distinct keys
 * only),
 * printing one "PASS ..." or "FAIL ..." line per case to log (may be NULL).
 * Mismatches count in res->failed; the status reports infrastructure
 * failures only (NODEVICE, NOMEM, CUDA). */
gsat_status gsat_sort_check_run(size_t max_n, int quick, FILE *log, gsat_sort_check_result *res,
                                gsat_error *err);

#ifdef __cplusplus
}
#endif

#endif
