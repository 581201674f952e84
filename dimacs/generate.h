/* Instance generators for examples, tests and benchmarks: the pigeonhole
 * formulas and uniform random k-SAT, reproducible on every machine. */
#ifndef GSAT_GENERATE_H
#define GSAT_GENERATE_H

#include <stdint.h>

#include "core/cnf.h"
#include "base/status.h"

/* Largest N for gsat_gen_php (about 5 * 10^8 clauses already). */
#define GSAT_GEN_MAX_HOLES 1000u

/* Largest clause width for gsat_gen_rand. */
#define GSAT_GEN_MAX_K 1024u

/* splitmix64 (Steele, Lea, Flood: "Fast splittable pseudorandom number
 * generators", OOPSLA 2014; the constants of Vigna's public-domain
 * splitmix64.c): a 64-bit state advanced by a fixed odd constant and mixed.
 * Fully specified by its seed, so generated instances are the same everywhere.
 */
typedef struct gsat_gen_rng {
  uint64_t state;
} gsat_gen_rng;

static inline uint64_t gsat_gen_next(gsat_gen_rng *rng) {
  uint64_t z = (rng->state += UINT64_C(0x9e3779b97f4a7c15));
  z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
  return z ^ (z >> 31);
}

/* A uniform value in [0, n) for n >= 1: gsat_gen_next() values at or above
 * the largest multiple of n below 2^64 are rejected and drawn again, and the
 * accepted value is reduced modulo n. */
uint64_t gsat_gen_below(gsat_gen_rng *rng, uint64_t n);

/* Fills the empty cnf with the pigeonhole formula PHP(N+1, N): N + 1 pigeons,
 * N holes, variable p(i, j) = i*N + j + 1 (DIMACS) for pigeon i < N+1 and hole
 * j < N.  Clauses, in this order: for each pigeon i, (p(i,0) | ... |
 * p(i,N-1)); then for each hole j and each pair of pigeons i < k,
 * (-p(i,j) | -p(k,j)).  N(N+1) variables, (N+1) + N*N*(N+1)/2 clauses; UNSAT
 * for every N (for N = 0, one empty clause).  Errors: USAGE (N >
 * GSAT_GEN_MAX_HOLES), NOMEM, RESOURCE. */
gsat_status gsat_gen_php(uint32_t holes, gsat_cnf *cnf, gsat_error *err);

/* Fills the empty cnf with uniform random k-SAT over vars variables: clauses
 * clauses, each of k distinct variables drawn uniformly, each negated with
 * probability 1/2.  The draws, from a splitmix64 generator seeded with seed,
 * are in this order: for each clause, for each of its k positions, a variable
 * gsat_gen_below(vars) (drawn again while it repeats one of the clause's
 * earlier variables), then the sign: negated iff the top bit of the next
 * gsat_gen_next() is set.  declared_vars is set to vars.  Errors: USAGE (k
 * outside 1..GSAT_GEN_MAX_K, k > vars, vars > GSAT_MAX_DIMACS_VAR), NOMEM,
 * RESOURCE. */
gsat_status gsat_gen_rand(uint32_t k, uint64_t vars, uint64_t clauses, uint64_t seed, gsat_cnf *cnf,
                          gsat_error *err);

#endif
