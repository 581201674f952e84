/* gsat-gen: writes generated DIMACS instances to standard output.
 *   gsat-gen php N               pigeonhole: N+1 pigeons, N holes (UNSAT)
 *   gsat-gen rand K V C SEED     uniform random K-SAT, V variables, C clauses
 * The formulas are defined in generate.h. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dimacs/generate.h"
#include "dimacs/write.h"

enum { EXIT_USAGE = 1, EXIT_IO = 2, EXIT_RESOURCE = 3 };

static const char usage[] = "usage: gsat-gen php N\n"
                            "       gsat-gen rand K V C SEED\n"
                            "       gsat-gen --help\n";

static void help(void) {
  printf("%s", usage);
  printf("\n"
         "Writes a CNF formula in DIMACS format to standard output.\n"
         "\n"
         "  php N             pigeonhole formula: N+1 pigeons, N holes (UNSAT),\n"
         "                    variable p(i,j) = i*N + j + 1 for pigeon i, hole "
         "j;\n"
         "                    one clause per pigeon over its N hole variables,\n"
         "                    then for each hole each pair of pigeons excluded\n"
         "                    (0 <= N <= %u)\n"
         "  rand K V C SEED   uniform random K-SAT: C clauses of K distinct\n"
         "                    variables out of V, random signs, drawn from the\n"
         "                    splitmix64 generator seeded with SEED (0..2^64-1);\n"
         "                    the same arguments give the same file everywhere\n"
         "                    (1 <= K <= %u, K <= V <= 2147483647)\n"
         "\n"
         "Exit codes: 0 success, %d usage error, %d write error, %d out of "
         "memory.\n",
         GSAT_GEN_MAX_HOLES, GSAT_GEN_MAX_K, EXIT_USAGE, EXIT_IO, EXIT_RESOURCE);
}

static int usage_error(const char *fmt, const char *arg) {
  fprintf(stderr, "gsat-gen: ");
  fprintf(stderr, fmt, arg);
  fprintf(stderr, "\n%s", usage);
  return EXIT_USAGE;
}

/* A decimal number in 0..max with nothing else around it. */
static int number(const char *s, uint64_t max, uint64_t *value) {
  if (!s || *s < '0' || *s > '9') return -1;
  errno = 0;
  char *end;
  unsigned long long v = strtoull(s, &end, 10);
  if (errno || *end || v > max) return -1;
  *value = v;
  return 0;
}

int main(int argc, char **argv) {
  if (argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
    help();
    return 0;
  }
  if (argc < 2) return usage_error("%smissing generator", "");
  gsat_cnf cnf;
  gsat_cnf_init(&cnf);
  gsat_error err;
  gsat_error_clear(&err);
  gsat_status st;
  char comment[256];
  if (!strcmp(argv[1], "php")) {
    uint64_t n;
    if (argc != 3) return usage_error("%sphp takes one argument", "");
    if (number(argv[2], GSAT_GEN_MAX_HOLES, &n)) return usage_error("invalid N '%s'", argv[2]);
    snprintf(comment, sizeof comment,
             "gsat-gen php %" PRIu64 "\npigeonhole: %" PRIu64 " pigeons, %" PRIu64
             " holes, p(i,j) = i*%" PRIu64 " + j + 1",
             n, n + 1, n, n);
    st = gsat_gen_php((uint32_t)n, &cnf, &err);
  } else if (!strcmp(argv[1], "rand")) {
    uint64_t k, v, c, seed;
    if (argc != 6) return usage_error("%srand takes four arguments", "");
    if (number(argv[2], GSAT_GEN_MAX_K, &k) || k == 0)
      return usage_error("invalid K '%s'", argv[2]);
    if (number(argv[3], (uint64_t)GSAT_MAX_DIMACS_VAR, &v) || v < k)
      return usage_error("invalid V '%s' (need K <= V <= 2147483647)", argv[3]);
    if (number(argv[4], UINT64_MAX, &c)) return usage_error("invalid C '%s'", argv[4]);
    if (number(argv[5], UINT64_MAX, &seed)) return usage_error("invalid SEED '%s'", argv[5]);
    snprintf(comment, sizeof comment,
             "gsat-gen rand %" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64
             "\nuniform random %" PRIu64 "-SAT, splitmix64 seed %" PRIu64,
             k, v, c, seed, k, seed);
    st = gsat_gen_rand((uint32_t)k, v, c, seed, &cnf, &err);
  } else {
    return usage_error("unknown generator '%s'", argv[1]);
  }
  if (st == GSAT_OK) st = gsat_dimacs_write(stdout, &cnf, comment, &err);
  gsat_cnf_free(&cnf);
  if (st == GSAT_OK) return 0;
  fprintf(stderr, "gsat-gen: %s\n", err.message);
  return st == GSAT_IO ? EXIT_IO : st == GSAT_USAGE ? EXIT_USAGE : EXIT_RESOURCE;
}
