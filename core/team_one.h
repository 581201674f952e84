/* The team primitives (team.h) for a team of one: a CPU thread.  No include
 * guard: include it before each instantiation of a step code header. */
#include "core/team.h"

#define TEAM_SIZE              1u
#define TEAM_RANK              0u
#define TEAM_FOR(i, lo, hi)    for (uint32_t i = (lo); i < (hi); i++)
#define TEAM_ROUNDS(b, lo, hi) for (uint32_t b = (lo); b < (hi); b++)
#define TEAM_ANY(p)            ((p) != 0)
#define TEAM_ALL(p)            ((p) != 0)
#define TEAM_BALLOT(p)         ((uint32_t)((p) != 0))
#define TEAM_FIRST(m)          ((m) ? 0 : -1)
#define TEAM_MIN(x)            (x)
#define TEAM_SUM(x)            (x)
#define TEAM_BCAST(x, r)       (x)
#define TEAM_ONE(stmt)                                                                             \
  do {                                                                                             \
    stmt;                                                                                          \
  } while (0)
#define TEAM_SYNC()          ((void)0)
#define TEAM_LAST(m)         ((m) ? 0 : -1)
#define TEAM_POPC(m)         ((uint32_t)(m))
#define TEAM_SHFL_XOR(x, d)  (x)
#define TEAM_INC(p)          ((void)++*(p))
#define TEAM_ADD(p, x)       ((void)(*(p) += (x)))
#define TEAM_FETCH_ADD(p, x) gsat_team_fetch_add_one((p), (x))
#define TEAM_HD              GSAT_HD
