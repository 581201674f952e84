/* The team primitives (core/team.h) for a GPU warp: 32 lanes run one
 * searcher, all lanes converged at every primitive.  No include guard: include
 * it before each instantiation of a step code header. */
#include "core/team.h"

#define GSAT_TEAM_MASK         0xffffffffu
#define TEAM_SIZE              32u
#define TEAM_RANK              ((uint32_t)threadIdx.x & 31u)
#define TEAM_FOR(i, lo, hi)    for (uint32_t i = (lo) + TEAM_RANK; i < (hi); i += 32u)
#define TEAM_ROUNDS(b, lo, hi) for (uint32_t b = (lo); b < (hi); b += 32u)
#define TEAM_ANY(p)            __any_sync(GSAT_TEAM_MASK, (p))
#define TEAM_ALL(p)            __all_sync(GSAT_TEAM_MASK, (p))
#define TEAM_BALLOT(p)         __ballot_sync(GSAT_TEAM_MASK, (p))
#define TEAM_FIRST(m)          (__ffs(m) - 1)
#define TEAM_MIN(x)            __reduce_min_sync(GSAT_TEAM_MASK, (x))
#define TEAM_SUM(x)            __reduce_add_sync(GSAT_TEAM_MASK, (x))
#define TEAM_BCAST(x, r)       __shfl_sync(GSAT_TEAM_MASK, (x), (r))
#define TEAM_ONE(stmt)                                                                             \
  do {                                                                                             \
    __syncwarp();                                                                                  \
    if (TEAM_RANK == 0) {                                                                          \
      stmt;                                                                                        \
    }                                                                                              \
    __syncwarp();                                                                                  \
  } while (0)
#define TEAM_SYNC()          __syncwarp()
#define TEAM_LAST(m)         (31 - __clz(m))
#define TEAM_POPC(m)         ((uint32_t)__popc(m))
#define TEAM_SHFL_XOR(x, d)  __shfl_xor_sync(GSAT_TEAM_MASK, (x), (d))
#define TEAM_INC(p)          ((void)atomicAdd((p), 1u))
#define TEAM_ADD(p, x)       ((void)atomicAdd((p), (x)))
#define TEAM_FETCH_ADD(p, x) atomicAdd((p), (x))
#define TEAM_HD              __device__ inline
