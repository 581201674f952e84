/* The team (cdcl.md, section 2): the group of cooperating threads that runs one
 * searcher.  The step code (dpll.h, and the CDCL step code) is written once
 * with the collective primitives below; each instantiation defines them:
 *
 *   team of one, a CPU thread               (core/team_one.h)
 *   team of 32, a GPU warp                   (gpu/team_warp.cuh)
 *
 * | primitive               | team of one              | warp                          |
 * |-------------------------|--------------------------|-------------------------------|
 * | TEAM_SIZE, TEAM_RANK    | 1, 0                     | 32, the lane                  |
 * | TEAM_FOR(i, lo, hi)     | for i in [lo, hi)        | lane-strided, lanes diverge   |
 * | TEAM_ROUNDS(b, lo, hi)  | b = lo, lo + 1, ...      | b = lo, lo + 32, ... (every   |
 * |                         |                          | lane iterates, for ballots)   |
 * | TEAM_ANY(p), TEAM_ALL(p)| p                        | __any_sync, __all_sync        |
 * | TEAM_BALLOT(p)          | p ? 1 : 0                | __ballot_sync                 |
 * | TEAM_FIRST(m)           | 0 if m, else -1          | __ffs(m) - 1                  |
 * | TEAM_MIN(x), TEAM_SUM(x)| x                        | shuffle reduction             |
 * | TEAM_BCAST(x, r)        | x                        | __shfl_sync from rank r       |
 * | TEAM_ONE(stmt)          | stmt                     | lane 0 runs stmt, then        |
 * |                         |                          | __syncwarp (stores visible)   |
 * | TEAM_SYNC()             | nothing                  | __syncwarp                    |
 * | TEAM_LAST(m)            | 0 if m, else -1          | highest rank in m, -1 if none |
 * | TEAM_POPC(m)            | m (0 or 1)               | __popc                        |
 * | TEAM_SHFL_XOR(x, d)     | x (d is never > 0)       | __shfl_xor_sync (butterfly)   |
 * | TEAM_INC(p)             | ++*p                     | atomicAdd(p, 1): members may  |
 * |                         |                          | count into one word at once   |
 * | TEAM_ADD(p, x)          | *p += x                  | atomicAdd(p, x): as TEAM_INC  |
 * |                         |                          | (unsigned: x = ~0u subtracts) |
 * | TEAM_FETCH_ADD(p, x)    | *p += x, the old *p      | atomicAdd(p, x), the old *p   |
 * | TEAM_HD                 | GSAT_HD                  | __device__ inline             |
 * | AT(a, i)                | a[i] (or the variant's   | a[i] (or the variant's        |
 * |                         | GSAT_DPLL_AT)            | GSAT_DPLL_AT)                 |
 *
 * A mask m of team members has bit r for rank r; the masks of a team of one
 * are 0 or 1, so the compiler folds every mask operation of the step code
 * when TEAM_SIZE is 1 (a segmented reduction over TEAM_SIZE entries becomes
 * the sequential loop).  A butterfly `for (d = TEAM_SIZE / 2; d; d >>= 1)`
 * over TEAM_SHFL_XOR is empty for a team of one.
 *
 * TEAM_FOR's body must not use a collective (lanes leave it at different
 * times); TEAM_ROUNDS's body may, with `b + TEAM_RANK < hi` as the lane's
 * active test.  Scalar state of a searcher is team-uniform: every member holds
 * the same value, and shared arrays are written inside TEAM_ONE.
 *
 * An instantiation includes its team header, then the step code header (which
 * has no include guard in its template part, see dpll.h); the team headers
 * #undef every primitive before defining them, so that several instantiations
 * can live in one translation unit. */
#ifndef GSAT_CORE_TEAM_H
#define GSAT_CORE_TEAM_H

#include <stdint.h>

#include "base/hd.h"

/* Mask of the ranks lo..hi of a team of 32 (0 <= lo, hi <= 31; empty when
 * lo > hi). */
GSAT_HD uint32_t gsat_team_ranks(int lo, int hi) {
  if (lo > hi) return 0;
  uint32_t upto = hi == 31 ? 0xffffffffu : ((1u << (hi + 1)) - 1);
  uint32_t below = lo == 0 ? 0 : ((1u << lo) - 1);
  return upto & ~below;
}

/* Mask of the ranks below r (0 <= r <= 31). */
GSAT_HD uint32_t gsat_team_below(uint32_t r) {
  return (1u << r) - 1u;
}

/* TEAM_FETCH_ADD of a team of one: adds x to *p, returns the old *p. */
GSAT_HD uint32_t gsat_team_fetch_add_one(uint32_t *p, uint32_t x) {
  const uint32_t old = *p;
  *p = old + x;
  return old;
}

#endif

/* Undefines every primitive (the team headers start with this). */
#undef TEAM_SIZE
#undef TEAM_RANK
#undef TEAM_FOR
#undef TEAM_ROUNDS
#undef TEAM_ANY
#undef TEAM_ALL
#undef TEAM_BALLOT
#undef TEAM_FIRST
#undef TEAM_MIN
#undef TEAM_SUM
#undef TEAM_BCAST
#undef TEAM_ONE
#undef TEAM_SYNC
#undef TEAM_LAST
#undef TEAM_POPC
#undef TEAM_SHFL_XOR
#undef TEAM_INC
#undef TEAM_ADD
#undef TEAM_FETCH_ADD
#undef TEAM_HD
