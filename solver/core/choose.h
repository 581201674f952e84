/* Per-instance choices made from cheap features (db.h gsat_features), by
 * measurement (bench/RESULTS.md records the runs behind each rule). */
#ifndef GSAT_CHOOSE_H
#define GSAT_CHOOSE_H

#include "solver/core/db.h"
#include "solver/core/dpll_types.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gsat_decide_choice {
  gsat_decide decide;
  char reason[96];
} gsat_decide_choice;

/* option: 0 auto, 1 static, 2 moms (the --decide values). */
gsat_decide_choice gsat_choose_decide(const gsat_features *f, int option);

typedef enum gsat_search_kind { GSAT_SEARCH_DPLL = 1, GSAT_SEARCH_CDCL = 2 } gsat_search_kind;

typedef struct gsat_search_choice {
  gsat_search_kind search;
  char reason[96];
} gsat_search_choice;

/* option: 0 auto, 1 dpll, 2 cdcl (the --search values).  auto: DPLL for
 * pigeonhole-like and uniform random 3-SAT formulas, CDCL otherwise (the rule
 * and its measurement: bench/RESULTS.md, "Search choice"). */
gsat_search_choice gsat_choose_search(const gsat_features *f, int option);

#ifdef __cplusplus
}
#endif

#endif
