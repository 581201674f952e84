/* What every part of the CDCL step code uses: the types, a clause's literals
 * in the arena (GSAT_CDCL_LITS), a float's bits in an arena word.
 * Part of the CDCL step code (core/cdcl.h). */
#ifndef GSAT_CDCL_BASE_H
#define GSAT_CDCL_BASE_H

#include <assert.h>
#include <stdint.h>

#include "core/cdcl_types.h"
#include "core/dpll_types.h"
#include "core/proof_ring.h"
#include "core/share.h"

#define GSAT_CDCL_LITS(s, c) ((s)->arena + (c) + GSAT_CDCL_HDR)

GSAT_HD float gsat_cdcl_f(uint32_t u) {
  union {
    uint32_t u;
    float f;
  } x;
  x.u = u;
  return x.f;
}
GSAT_HD uint32_t gsat_cdcl_u(float f) {
  union {
    uint32_t u;
    float f;
  } x;
  x.f = f;
  return x.u;
}

#endif
