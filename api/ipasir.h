/* IPASIR 1.0, the Re-entrant Incremental Satisfiability Application Program
 * Interface of the SAT Race 2015 incremental track (Balyo, Biere, Iser,
 * Sinz): the ten functions every IPASIR solver provides, with their
 * contracts as the interface defines them.  This declaration is written for
 * gsat's library (api/ipasir.c): libgsat.a, libgsat.so and
 * libipasirgsat.a (the same objects under the name IPASIR applications
 * link against).
 *
 * A solver is in one of three states: INPUT (after init, add, assume, or a
 * solve that returned 0), SAT (after solve returned 10) or UNSAT (after
 * solve returned 20).  Assumptions hold for the next solve only; clauses
 * stay for good. */
#ifndef IPASIR_H
#define IPASIR_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Name and version of the solver. */
const char *ipasir_signature(void);

/* A new solver in state INPUT. */
void *ipasir_init(void);

/* Releases the solver and all its memory; any state. */
void ipasir_release(void *solver);

/* Adds lit to the clause being built, or ends it when lit is 0.  Any state;
 * the solver goes to INPUT. */
void ipasir_add(void *solver, int32_t lit_or_zero);

/* Assumes lit for the next ipasir_solve only.  Any state; to INPUT. */
void ipasir_assume(void *solver, int32_t lit);

/* Solves the clauses under the assumptions: 10 (SAT), 20 (UNSAT) or 0
 * (interrupted by the terminate callback).  Any state; to SAT, UNSAT or
 * INPUT. */
int ipasir_solve(void *solver);

/* State SAT: lit if lit is true in the model, -lit if false, 0 if either
 * value satisfies the clauses. */
int32_t ipasir_val(void *solver, int32_t lit);

/* State UNSAT: 1 if assumption lit was used to refute the clauses, 0 if not. */
int ipasir_failed(void *solver, int32_t lit);

/* The solver calls terminate(data) periodically while it solves; a non-zero
 * return stops the solve.  NULL clears it.  Any state. */
void ipasir_set_terminate(void *solver, void *data, int (*terminate)(void *data));

/* The solver calls learn(data, clause) for learned clauses of at most
 * max_length literals (clause: 0-terminated, valid during the call).  NULL
 * clears it.  Any state. */
void ipasir_set_learn(void *solver, void *data, int max_length,
                      void (*learn)(void *data, int32_t *clause));

#ifdef __cplusplus
}
#endif

#endif
