/* Per-instance choices made from cheap features (db.h gsat_features), by
 * measurement (bench/RESULTS.md records the runs behind each rule). */
#ifndef GSAT_CHOOSE_H
#define GSAT_CHOOSE_H

#include "core/db.h"
#include "core/dpll_types.h"
#include "core/search.h" /* gsat_search_kind */

#ifdef __cplusplus
extern "C" {
#endif

/* The look-ahead's share of --decide=auto (gsat_choose_decide; the runs:
 * docs/lookahead.md, "The choice", and bench/RESULTS.md): uniform random
 * 3-SAT with clauses per variable in [GSAT_LA_AUTO_RATIO_LO,
 * GSAT_LA_AUTO_RATIO_HI] and at least GSAT_LA_AUTO_3SAT_VARS_GPU variables
 * on the GPU (below it the GPU's MOMS search is faster), at least
 * GSAT_LA_AUTO_3SAT_VARS_CPU on the CPU; pigeonhole-like formulas with at
 * least GSAT_LA_AUTO_HOLES holes; on the CPU, uniform random k-SAT for k
 * from GSAT_LA_AUTO_KSAT_MIN to _MAX with clauses per variable in
 * [GSAT_LA_AUTO_KSAT_LO, GSAT_LA_AUTO_KSAT_HI] times the threshold. */
#define GSAT_LA_AUTO_3SAT_VARS_GPU 400
#define GSAT_LA_AUTO_3SAT_VARS_CPU 200
#define GSAT_LA_AUTO_RATIO_LO      4.0
#define GSAT_LA_AUTO_RATIO_HI      5.0
#define GSAT_LA_AUTO_HOLES         10
#define GSAT_LA_AUTO_KSAT_MIN      5
#define GSAT_LA_AUTO_KSAT_MAX      7
#define GSAT_LA_AUTO_KSAT_LO       0.94
#define GSAT_LA_AUTO_KSAT_HI       1.17

typedef struct gsat_decide_choice {
  gsat_decide decide;
  char reason[96];
} gsat_decide_choice;

/* The heuristic for option decide (--decide): GSAT_DECIDE_STATIC, _MOMS or
 * _LOOKAHEAD as requested, or for GSAT_DECIDE_AUTO one chosen from f and the
 * machine that searches (on_gpu: 1 the GPU, 0 the CPU), with the reason: the
 * look-ahead for the formulas above, else the static order when at least
 * half the clauses are binary, else MOMS. */
gsat_decide_choice gsat_choose_decide(const gsat_features *f, gsat_decide option, int on_gpu);

typedef struct gsat_search_choice {
  gsat_search_kind search;
  char reason[96];
} gsat_search_choice;

/* The search for option search (--search): GSAT_SEARCH_DPLL or
 * GSAT_SEARCH_CDCL or GSAT_SEARCH_WALK as requested, or for GSAT_SEARCH_AUTO DPLL for
 * pigeonhole-like and uniform random 3-SAT formulas, CDCL otherwise (the rule
 * and its measurement: bench/RESULTS.md, "CDCL on one CPU core, and the search
 * choice"); but CDCL for pigeonhole-like formulas when no GPU searches (on_gpu
 * 0: the GPU's DPLL races a CPU search chosen by on_gpu 1) and the CPU CDCL
 * search would run bounded variable addition first (bva 1), which re-encodes
 * the at-most-one constraints (bench/RESULTS.md, "--search=auto without a
 * GPU"). */
gsat_search_choice gsat_choose_search(const gsat_features *f, gsat_search_kind option, int on_gpu,
                                      int bva);

/* The CPU walkers that race the search (api/portfolio.h
 * gsat_portfolio_set_walkers; docs/walk.md): for option (--portfolio-walk)
 * N >= 0, N threads (at most threads - 1); for -1 (auto), one thread when the
 * search was chosen by --search=auto (by_auto), every clause of f has one
 * length k >= 3 (uniform random k-SAT: a satisfiable one is found by local
 * search long before a tree search ends) and there are at least
 * GSAT_WALK_AUTO_MIN_THREADS threads, or 2 or 3 with at least
 * GSAT_WALK_AUTO_MIN_VARS variables (a tree search on so few threads refutes
 * none of those in any useful time, so the thread it gives up costs
 * nothing); else none (pigeonhole and other structured formulas). */
#define GSAT_WALK_AUTO_MIN_THREADS 4
#define GSAT_WALK_AUTO_MIN_VARS    500
uint32_t gsat_choose_walkers(const gsat_features *f, int option, int by_auto, uint32_t threads);

#ifdef __cplusplus
}
#endif

#endif
