/* IPASIR 1.0 over gsat's public API (api/gsat.h): each function is
 * the gsat call of the same name, plus the state machine IPASIR describes
 * (INPUT, SAT, UNSAT) and two defaults an IPASIR application expects: one
 * search thread (deterministic; set GSAT_THREADS to change it) and no
 * progress or warning output (the library never prints).  ipasir_val also
 * answers for an assumed variable that occurs in no clause (its assumed
 * value), which gsat_value leaves at 0.  IPASIR has no error result: a
 * failed gsat_solve (out of memory, a bad literal) returns 0 from
 * ipasir_solve, and the state stays INPUT. */
#include "api/ipasir.h"

#include <stdlib.h>
#include <string.h>

#include "api/gsat.h"

enum { INPUT, SAT, UNSAT };

typedef struct ipasir_solver {
  gsat_solver *s;
  int state;
  int32_t *assumed; /* of the last solve, for ipasir_val */
  size_t num_assumed, cap_assumed, solved_assumed;
} ipasir_solver;

const char *ipasir_signature(void) {
  return gsat_signature();
}

void *ipasir_init(void) {
  ipasir_solver *i = calloc(1, sizeof *i);
  if (!i) return NULL;
  i->s = gsat_init();
  if (!i->s) {
    free(i);
    return NULL;
  }
  if (!getenv("GSAT_THREADS")) gsat_set_option(i->s, "threads", "1");
  return i;
}

void ipasir_release(void *solver) {
  ipasir_solver *i = solver;
  if (!i) return;
  gsat_release(i->s);
  free(i->assumed);
  free(i);
}

void ipasir_add(void *solver, int32_t lit_or_zero) {
  ipasir_solver *i = solver;
  gsat_add(i->s, lit_or_zero);
  i->state = INPUT;
}

void ipasir_assume(void *solver, int32_t lit) {
  ipasir_solver *i = solver;
  i->state = INPUT;
  gsat_assume(i->s, lit);
  if (i->num_assumed == i->cap_assumed) {
    size_t cap = i->cap_assumed ? 2 * i->cap_assumed : 16;
    int32_t *a = realloc(i->assumed, cap * sizeof *a);
    if (!a) return; /* ipasir_val then misses it; gsat_solve reports NOMEM */
    i->assumed = a;
    i->cap_assumed = cap;
  }
  i->assumed[i->num_assumed++] = lit;
}

int ipasir_solve(void *solver) {
  ipasir_solver *i = solver;
  int r = gsat_solve(i->s);
  i->solved_assumed = i->num_assumed;
  i->num_assumed = 0;
  i->state = r == GSAT_SATISFIABLE ? SAT : r == GSAT_UNSATISFIABLE ? UNSAT : INPUT;
  return r == GSAT_SATISFIABLE || r == GSAT_UNSATISFIABLE ? r : 0;
}

int32_t ipasir_val(void *solver, int32_t lit) {
  ipasir_solver *i = solver;
  if (i->state != SAT) return 0;
  int32_t v = gsat_value(i->s, lit);
  if (v) return v;
  for (size_t k = 0; k < i->solved_assumed; k++) {
    if (i->assumed[k] == lit) return lit;
    if (i->assumed[k] == -lit) return -lit;
  }
  return 0;
}

int ipasir_failed(void *solver, int32_t lit) {
  ipasir_solver *i = solver;
  return i->state == UNSAT && gsat_failed(i->s, lit);
}

void ipasir_set_terminate(void *solver, void *data, int (*terminate)(void *data)) {
  ipasir_solver *i = solver;
  gsat_set_terminate(i->s, data, terminate);
}

void ipasir_set_learn(void *solver, void *data, int max_length,
                      void (*learn)(void *data, int32_t *clause)) {
  ipasir_solver *i = solver;
  gsat_set_learn(i->s, data, max_length, learn);
}
