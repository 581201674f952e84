/* A program built against the installed library (tests/install.sh): only
 * <gsat.h> and what pkg-config says.  With a file argument, reads it as DIMACS
 * and prints "s SATISFIABLE" and the value of every variable on one "v" line,
 * or "s UNSATISFIABLE"; without one, solves (x1 or x2) and not x1, on the
 * default backend (auto: the GPU when one is usable, GSAT_BACKEND).  Exits with
 * the result (10, 20, 0), or 1 on an error (its message on stderr). */
#include <gsat.h>
#include <stdio.h>

int main(int argc, char **argv) {
  gsat_solver *s = gsat_init();
  if (!s) return 1;
  if (argc > 1 && gsat_read_dimacs(s, argv[1]) != 0) {
    fprintf(stderr, "error: %s\n", gsat_last_error(s));
    gsat_release(s);
    return 1;
  }
  if (argc <= 1) {
    const int clauses[] = {1, 2, 0, -1, 0};
    for (unsigned i = 0; i < sizeof clauses / sizeof *clauses; i++) gsat_add(s, clauses[i]);
  }
  int result = gsat_solve(s);
  if (result == GSAT_SATISFIABLE) {
    printf("s SATISFIABLE\nv");
    for (int64_t v = 1; v <= gsat_max_variable(s); v++)
      printf(" %d", (int)gsat_value(s, (int32_t)v));
    printf("\n");
  } else if (result == GSAT_UNSATISFIABLE) {
    printf("s UNSATISFIABLE\n");
  } else if (result < 0) {
    fprintf(stderr, "error: %s\n", gsat_last_error(s));
    result = 1;
  }
  printf("c %s\n", gsat_signature());
  gsat_release(s);
  return result;
}
