/* gsat-parse-bench: times gsat_dimacs_read_path on each file given.
 *   gsat-parse-bench [--strict|--relaxed] [--repeat=N] FILE...
 * Prints one line per file: the best wall time of N reads, the file size, the
 * resulting MB/s of file bytes, and the clause, literal and variable counts
 * (or the error).  Exit code 0 when every file parsed, 1 otherwise. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "dimacs/dimacs.h"

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void print_warning(void *data, const char *file, uint64_t line, const char *message) {
  (void)data;
  printf("c warning: %s:%llu: %s\n", file, (unsigned long long)line, message);
}

int main(int argc, char **argv) {
  gsat_dimacs_options opt = {.mode = GSAT_DIMACS_DEFAULT, .warn = print_warning};
  int repeat = 1, failed = 0, files = 0;
  for (int a = 1; a < argc; a++) {
    if (!strcmp(argv[a], "--strict")) {
      opt.mode = GSAT_DIMACS_STRICT;
      continue;
    }
    if (!strcmp(argv[a], "--relaxed")) {
      opt.mode = GSAT_DIMACS_RELAXED;
      continue;
    }
    if (!strncmp(argv[a], "--repeat=", 9)) {
      repeat = atoi(argv[a] + 9);
      if (repeat < 1) repeat = 1;
      continue;
    }
    if (!strcmp(argv[a], "--help")) {
      printf("usage: gsat-parse-bench [--strict|--relaxed] [--repeat=N] "
             "FILE...\n");
      return 0;
    }
    files++;
    struct stat sb;
    double bytes = stat(argv[a], &sb) == 0 ? (double)sb.st_size : 0;
    double best = 1e300;
    for (int r = 0; r < repeat; r++) {
      gsat_cnf cnf;
      gsat_cnf_init(&cnf);
      gsat_error err;
      double t0 = now();
      gsat_status st = gsat_dimacs_read_path(argv[a], &opt, &cnf, &err);
      double t = now() - t0;
      if (st != GSAT_OK) {
        printf("%s: %s: %s\n", argv[a], gsat_status_name(st), err.message);
        failed++;
        break;
      }
      if (t < best) best = t;
      if (r == repeat - 1)
        printf("%s: %.3f s, %.1f MB, %.1f MB/s, %zu clauses, %zu literals, "
               "%llu variables (declared %llu)\n",
               argv[a], best, bytes / 1e6, bytes / 1e6 / best, cnf.num_clauses, cnf.num_lits,
               (unsigned long long)cnf.max_var, (unsigned long long)cnf.declared_vars);
      gsat_cnf_free(&cnf);
    }
  }
  if (!files) {
    fprintf(stderr, "usage: gsat-parse-bench [--strict|--relaxed] "
                    "[--repeat=N] FILE...\n");
    return 1;
  }
  return failed ? 1 : 0;
}
