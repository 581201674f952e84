/* Instance generators: see generate.h. */
#include "generate.h"

#include "core/literal.h"

uint64_t gsat_gen_below(gsat_gen_rng *rng, uint64_t n) {
  const uint64_t limit = UINT64_MAX - UINT64_MAX % n; /* a multiple of n */
  uint64_t r;
  do r = gsat_gen_next(rng);
  while (r >= limit);
  return r % n;
}

gsat_status gsat_gen_php(uint32_t holes, gsat_cnf *cnf, gsat_error *err) {
  GSAT_RETURN_IF(holes > GSAT_GEN_MAX_HOLES, err, USAGE, "php: at most %u holes",
                 GSAT_GEN_MAX_HOLES);
  const uint64_t n = holes, pigeons = n + 1;
  cnf->declared_vars = n * pigeons;
  cnf->declared_clauses = pigeons + n * n * pigeons / 2;
  GSAT_FORWARD(gsat_cnf_reserve_lits(cnf, (size_t)(n * pigeons * (n + 1)), err));
  for (uint64_t i = 0; i < pigeons; i++) {
    for (uint64_t j = 0; j < n; j++)
      GSAT_FORWARD(gsat_cnf_add_lit(cnf, GSAT_LIT(i * n + j, 0), err));
    GSAT_FORWARD(gsat_cnf_end_clause(cnf, err));
  }
  for (uint64_t j = 0; j < n; j++)
    for (uint64_t i = 0; i < pigeons; i++)
      for (uint64_t k = i + 1; k < pigeons; k++) {
        GSAT_FORWARD(gsat_cnf_add_lit(cnf, GSAT_LIT(i * n + j, 1), err));
        GSAT_FORWARD(gsat_cnf_add_lit(cnf, GSAT_LIT(k * n + j, 1), err));
        GSAT_FORWARD(gsat_cnf_end_clause(cnf, err));
      }
  return GSAT_OK;
}

gsat_status gsat_gen_rand(uint32_t k, uint64_t vars, uint64_t clauses, uint64_t seed, gsat_cnf *cnf,
                          gsat_error *err) {
  GSAT_RETURN_IF(k < 1 || k > GSAT_GEN_MAX_K, err, USAGE, "rand: K must be in 1..%u",
                 GSAT_GEN_MAX_K);
  GSAT_RETURN_IF(vars > (uint64_t)GSAT_MAX_DIMACS_VAR, err, USAGE, "rand: at most %lld variables",
                 (long long)GSAT_MAX_DIMACS_VAR);
  GSAT_RETURN_IF(k > vars, err, USAGE, "rand: K = %u distinct variables need V >= K", k);
  GSAT_RETURN_IF(clauses > SIZE_MAX / 8 / k, err, RESOURCE, "rand: too many literals");
  cnf->declared_vars = vars;
  cnf->declared_clauses = clauses;
  GSAT_FORWARD(gsat_cnf_reserve_lits(cnf, (size_t)(clauses * k), err));
  gsat_gen_rng rng = {seed};
  for (uint64_t c = 0; c < clauses; c++) {
    const size_t first = cnf->num_lits;
    for (uint32_t i = 0; i < k; i++) {
      uint64_t v;
      bool repeated;
      do {
        v = gsat_gen_below(&rng, vars);
        repeated = false;
        for (size_t j = first; j < cnf->num_lits && !repeated; j++)
          repeated = GSAT_VAR(cnf->lits[j]) == v;
      } while (repeated);
      const bool negated = gsat_gen_next(&rng) >> 63;
      GSAT_FORWARD(gsat_cnf_add_lit(cnf, GSAT_LIT(v, negated), err));
    }
    GSAT_FORWARD(gsat_cnf_end_clause(cnf, err));
  }
  return GSAT_OK;
}
