/* Literal encoding shared by every part of gsat: host C, CUDA device code and the
 * DIMACS reader.  A variable is a 0-based index v; its literals are 2*v (positive)
 * and 2*v + 1 (negated).  Signed DIMACS integers exist only at the API boundary. */
#ifndef GSAT_LITERAL_H
#define GSAT_LITERAL_H

#include <assert.h>
#include <stdint.h>

#include "base/hd.h"

typedef uint32_t gsat_lit;
typedef uint32_t gsat_var;

/* Largest DIMACS variable index accepted anywhere (INT32_MAX, so that every
 * literal 2*v + 1 fits in 32 bits). */
#define GSAT_MAX_DIMACS_VAR ((int64_t)INT32_MAX)

/* Largest number of distinct variables the search works with: internal
 * literals keep bit 31 free for the end-of-clause flag of occurrence streams. */
#define GSAT_MAX_SEARCH_VARS ((uint32_t)1 << 30)

#define GSAT_LIT(v, negated) ((gsat_lit)(((gsat_lit)(v) << 1) | (gsat_lit)((negated) != 0)))
#define GSAT_VAR(l)          ((gsat_var)((l) >> 1))
#define GSAT_SIGN(l)         ((unsigned)((l)&1u))
#define GSAT_NOT(l)          ((gsat_lit)((l) ^ 1u))

/* Occurrence stream entries (db.h): an internal literal, bit 31 set on the last
 * literal of each clause. */
#define GSAT_STREAM_END 0x80000000u
#define GSAT_STREAM_LIT 0x7fffffffu

/* DIMACS integer (non-zero, |d| <= GSAT_MAX_DIMACS_VAR) to literal and back. */
GSAT_HD gsat_lit gsat_lit_from_dimacs(int64_t d) {
  return d > 0 ? GSAT_LIT(d - 1, 0) : GSAT_LIT(-d - 1, 1);
}
GSAT_HD int64_t gsat_lit_to_dimacs(gsat_lit l) {
  int64_t v = (int64_t)GSAT_VAR(l) + 1;
  return GSAT_SIGN(l) ? -v : v;
}

#endif
