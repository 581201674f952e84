/* The noun after a count in messages, in the singular for 1: "1 clause",
 * "2 clauses", "0 clauses". */
#ifndef GSAT_BASE_PLURAL_H
#define GSAT_BASE_PLURAL_H

#include <stdint.h>

/* one when n is 1, many otherwise: gsat_plural(n, "clause", "clauses"). */
static inline const char *gsat_plural(uint64_t n, const char *one, const char *many) {
  return n == 1 ? one : many;
}

#endif
