/* device_check: the device correctness checks of the sort and of the
 * permutations as a program without cmocka, for the GPU machine (which has
 * none) and for compute-sanitizer runs there (bench/device/sort.sh, bmmc.sh,
 * profile.sh).  The cmocka tests test_bcfsort_gpu and test_bmmc_gpu run the
 * same checks (tests/support/sort_check.c, bmmc_check.c).
 *
 *   device_check sort [LOG2]         sort_check.h up to n = 2^LOG2 (24; an
 *                                    integer in [10, 28])
 *   device_check sort-quick [LOG2]   the same on random and few-distinct keys
 *                                    only (the defaults and every named
 *                                    variant)
 *   device_check bmmc [N]            bmmc_check.h up to n = N (28; in
 *                                    [0, 33]); N >= 28 adds the 64-bit index
 *                                    path at n = 32 and 33
 *
 * Prints one PASS or FAIL line per case, then "sort check: P passed, F
 * failed" (or "bmmc check: ..."); a failure of the checking itself (memory,
 * CUDA) is a "FAIL infrastructure: ..." line.  Exit status: 0 every case
 * passed, 1 a failure, 2 bad arguments (checked before the device is looked
 * for; tests/sort_bench_args.sh), 77 no CUDA device. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/support/bmmc_check.h"
#include "tests/support/sort_check.h"

/* Parses s as a decimal integer in [lo, hi] into *out; else prints why
 * (naming opt) and returns 0. */
static int arg_int(const char *opt, const char *s, int lo, int hi, int *out) {
  char *end = NULL;
  errno = 0;
  const long v = strtol(s, &end, 10);
  if (!*s || isspace((unsigned char)*s) || *end || errno || v < lo || v > hi) {
    fprintf(stderr, "device_check: %s needs an integer in [%d, %d], not '%s'\n", opt, lo, hi, s);
    return 0;
  }
  *out = (int)v;
  return 1;
}

static int usage(FILE *to) {
  fprintf(to, "usage: device_check sort|sort-quick [LOG2] | bmmc [N] | --help\n");
  return 2;
}

/* The exit status of a check run: 77 without a device, 1 on an
 * infrastructure failure or a failed case, else 0. */
static int finish(const char *what, gsat_status s, const gsat_error *err, int passed, int failed) {
  if (s == GSAT_NODEVICE) { /* 77: a skip for CTest and the scripts */
    printf("SKIP: %s\n", err->message);
    return 77;
  }
  if (s != GSAT_OK) printf("FAIL infrastructure: %s\n", err->message);
  printf("%s check: %d passed, %d failed\n", what, passed, failed);
  return s != GSAT_OK || failed ? 1 : 0;
}

int main(int argc, char **argv) {
  const char *kind = argc > 1 ? argv[1] : "";
  if (!strcmp(kind, "--help") || !strcmp(kind, "-h")) {
    if (argc != 2) return usage(stderr);
    usage(stdout);
    return 0;
  }
  const int is_bmmc = !strcmp(kind, "bmmc");
  const int quick = !strcmp(kind, "sort-quick");
  if (argc > 3 || (!is_bmmc && !quick && strcmp(kind, "sort"))) return usage(stderr);
  int size = is_bmmc ? 28 : 24;
  if (argc == 3 && !arg_int(kind, argv[2], is_bmmc ? 0 : 10, is_bmmc ? 33 : 28, &size)) return 2;
  gsat_error err;
  gsat_error_clear(&err);
  if (is_bmmc) {
    gsat_bmmc_check_result res;
    gsat_status s = gsat_bmmc_check_run(size, stdout, &res, &err);
    if (s == GSAT_OK && size >= 28) gsat_bmmc_check_large(stdout, &res);
    return finish("bmmc", s, &err, res.passed, res.failed);
  }
  gsat_sort_check_result res;
  gsat_status s = gsat_sort_check_run((size_t)1 << size, quick, stdout, &res, &err);
  return finish("sort", s, &err, res.passed, res.failed);
}
