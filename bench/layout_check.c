/* layout_check: builds the GPU search's CNF layouts on the device
 * (gpu/layout_build.h), copies them back and compares them with the host:
 * the occurrence streams must be bit-identical to core/db.c's, the
 * slot-major buckets equal to the host reference (gpu/slot_layout.h).  One
 * PASS or FAIL line per instance, layout and sort; exit 1 on any failure, 77
 * (SKIP) without a device, 2 on a bad argument (checked first).  Needs no
 * cmocka, so that it runs on the GPU machine (bench/device/layout.sh) as well
 * as under CTest. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dimacs/dimacs.h"
#include "dimacs/generate.h"
#include "kernels/device.h"
#include "gpu/layout_build.h"
#include "gpu/occ.h"
#include "gpu/slot_layout.h"
#include "core/db.h"

static void usage(FILE *out) {
  fprintf(out, "usage: layout_check [--sort=radix|bcf|both] INSTANCE...\n"
               "INSTANCE: a DIMACS file, php:N (N holes) or rand:K:VARS:CLAUSES:SEED.\n"
               "Prints PASS/FAIL per instance, layout part and sort; exits 1 on a\n"
               "failure, 77 without a CUDA device.\n");
}

/* The kind of instance name: 'p' php:N, 'r' rand:K:V:C:SEED (each number
 * all digits, nothing after the last), 'f' a readable file, 0 neither. */
static int instance_kind(const char *name, unsigned *n, unsigned long long *k,
                         unsigned long long *v, unsigned long long *c, unsigned long long *seed) {
  int end = -1;
  if (!strncmp(name, "php:", 4))
    return strspn(name + 4, "0123456789") == strlen(name + 4) && name[4] &&
                   sscanf(name, "php:%u%n", n, &end) == 1 && name[end] == 0
               ? 'p'
               : 0;
  if (!strncmp(name, "rand:", 5))
    return strspn(name + 5, "0123456789:") == strlen(name + 5) &&
                   sscanf(name, "rand:%llu:%llu:%llu:%llu%n", k, v, c, seed, &end) == 4 &&
                   name[end] == 0
               ? 'r'
               : 0;
  FILE *f = fopen(name, "rb");
  if (!f) return 0;
  fclose(f);
  return 'f';
}

/* Reads a file or generates php:N / rand:K:V:C:SEED into cnf. */
static gsat_status load(const char *name, gsat_cnf *cnf, gsat_error *err) {
  unsigned long long k, v, c, seed;
  unsigned n;
  gsat_cnf_init(cnf);
  const int kind = instance_kind(name, &n, &k, &v, &c, &seed);
  if (kind == 'p') return gsat_gen_php(n, cnf, err);
  if (kind == 'r') return gsat_gen_rand((uint32_t)k, v, c, seed, cnf, err);
  gsat_dimacs_options opt = {.mode = GSAT_DIMACS_RELAXED};
  return gsat_dimacs_read_path(name, &opt, cnf, err);
}

/* First index where a and b differ, or -1. */
static long long first_difference(const uint32_t *a, const uint32_t *b, uint64_t n) {
  for (uint64_t i = 0; i < n; i++)
    if (a[i] != b[i]) return (long long)i;
  return -1;
}

static int report(const char *what, const char *name, const char *sort, long long bad,
                  const uint32_t *got, const uint32_t *want, uint64_t n, double ms) {
  if (bad < 0) {
    printf("PASS %-7s %s sort=%s words=%llu build=%.3f ms\n", what, name, sort,
           (unsigned long long)n, ms);
    return 0;
  }
  printf("FAIL %-7s %s sort=%s: word %lld is %#x, want %#x (of %llu)\n", what, name, sort, bad,
         got[bad], want[bad], (unsigned long long)n);
  return 1;
}

/* Builds both layouts with `sort` and compares; returns the failures. */
static int check_one(const char *name, const gsat_db *db, int sort) {
  const char *sname = sort == GSAT_OCC_SORT_BCF ? "bcf" : "radix";
  const uint64_t L = 2ull * db->num_vars, total = gsat_db_stream_size(db);
  gsat_slot_plan plan;
  gsat_error err;
  if (gsat_slot_plan_init(&plan, db->clause_start, db->num_clauses, db->num_vars, &err) !=
      GSAT_OK) {
    printf("FAIL plan    %s: %s\n", name, err.message);
    return 1;
  }
  uint32_t *start = malloc((L + 1) * 4), *stream = malloc((total ? total : 1) * 4);
  uint32_t *slot = malloc((plan.size ? plan.size : 1) * 4);
  uint32_t *want = malloc((plan.size ? plan.size : 1) * 4);
  int fails = 0;
  double seconds = 0;
  if (!start || !stream || !slot || !want) {
    printf("FAIL memory  %s: out of host memory\n", name);
    fails = 1;
  } else if (gsat_gpu_layout_roundtrip(db->clause_start, db->clause_lits, db->num_clauses,
                                       db->num_vars, &plan, sort, start, stream, total, slot,
                                       &seconds, &err) != GSAT_OK) {
    printf("FAIL build   %s sort=%s: %s\n", name, sname, err.message);
    fails = 1;
  } else {
    double ms = 1e3 * seconds;
    fails += report("starts", name, sname, first_difference(start, db->occ_start, L + 1), start,
                    db->occ_start, L + 1, ms);
    fails += report("streams", name, sname, first_difference(stream, db->occ_stream, total), stream,
                    db->occ_stream, total, ms);
    gsat_slot_build_host(&plan, db->clause_start, db->clause_lits, db->num_clauses, want);
    fails += report("slots", name, sname, first_difference(slot, want, plan.size), slot, want,
                    plan.size, ms);
  }
  free(start);
  free(stream);
  free(slot);
  free(want);
  return fails;
}

int main(int argc, char **argv) {
  int sorts[2] = {GSAT_OCC_SORT_RADIX, GSAT_OCC_SORT_BCF}, nsorts = 2, first = 1;
  if (argc > 1 && !strncmp(argv[1], "--sort=", 7)) {
    if (!strcmp(argv[1] + 7, "radix"))
      nsorts = 1;
    else if (!strcmp(argv[1] + 7, "bcf"))
      sorts[0] = GSAT_OCC_SORT_BCF, nsorts = 1;
    else if (strcmp(argv[1] + 7, "both")) {
      usage(stderr);
      return 2;
    }
    first = 2;
  }
  if (first >= argc || !strcmp(argv[1], "--help")) {
    usage(first >= argc ? stderr : stdout);
    return first >= argc ? 2 : 0;
  }
  for (int i = first; i < argc; i++) { /* arguments before the device */
    unsigned n;
    unsigned long long k, v, c, seed;
    if (!instance_kind(argv[i], &n, &k, &v, &c, &seed)) {
      fprintf(stderr,
              "layout_check: '%s' is not php:N, rand:K:VARS:CLAUSES:SEED or a "
              "readable file\n",
              argv[i]);
      return 2;
    }
  }
  if (gsat_gpu_device_count() == 0) {
    printf("SKIP layout_check: no CUDA device\n");
    return 77;
  }
  int fails = 0;
  for (int i = first; i < argc; i++) {
    const char *name = argv[i];
    const char *base = strrchr(name, '/') ? strrchr(name, '/') + 1 : name;
    gsat_cnf cnf;
    gsat_db db;
    gsat_error err;
    if (load(name, &cnf, &err) != GSAT_OK) {
      printf("FAIL read    %s: %s\n", base, err.message);
      fails++;
      gsat_cnf_free(&cnf);
      continue;
    }
    gsat_status st = gsat_db_build(&db, &cnf, &err);
    gsat_cnf_free(&cnf);
    if (st != GSAT_OK) {
      printf("FAIL db      %s: %s\n", base, err.message);
      fails++;
      continue;
    }
    for (int s = 0; s < nsorts; s++) fails += check_one(base, &db, sorts[s]);
    gsat_db_free(&db);
    fflush(stdout);
  }
  printf("layout_check: %d failure%s\n", fails, fails == 1 ? "" : "s");
  return fails ? 1 : 0;
}
