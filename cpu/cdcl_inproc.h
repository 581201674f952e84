/* Inprocessing of the CPU CDCL search: rounds of the preprocessing's
 * techniques (core/simp.h: subsumption, probing, equivalent literals,
 * bounded variable elimination; no variable addition) run again during the
 * search, at level 0, on a conflict schedule and a time budget, as Kissat
 * and CaDiCaL schedule them (Biere, Fazekas, Fleury and Heisinger, "CaDiCaL,
 * Kissat, Paracooba, Plingeling and Treengeling entering the SAT Competition
 * 2020"; Jarvisalo, Heule and Biere, "Inprocessing Rules", IJCAR 2012).
 *
 * A round exports the searcher's irredundant clauses and root units, runs
 * gsat_simp_run over them, and rebuilds the searcher over the result: the
 * decision order, phases, restart and reduction schedules and counters are
 * kept; the learned clauses are kept unless they hold a variable the round
 * removed (eliminated or substituted), and are then subsumed and
 * strengthened by the other clauses (forward subsumption with one watched
 * literal per clause, its rarest; Een and Biere, SAT 2005, section 4;
 * Biere's CaDiCaL, "subsume").  Every change goes to the proof (additions
 * before deletions), and the round's eliminations to the extension stack,
 * so a model is extended as after preprocessing.  Sequential over the whole
 * formula: CPU floor code, run between slices by the one-thread CDCL search
 * (cdcl_cpu.c) and by each searcher of the portfolio (cdcl_portfolio.c).
 *
 * A searcher that removed variable v searches a formula equivalent to the
 * input with v existentially quantified (Jarvisalo, Heule and Biere, section
 * 3): any clause implied by the input and free of v is implied by it, so it
 * may take the others' learned clauses that do not name a removed variable
 * (gsat_inproc_names_removed), and a cube or assumption literal over one
 * may be left out (gsat_inproc_filter: a refutation under fewer literals
 * refutes the cube; a model of the rest, extended, is a model of the
 * input). */
#ifndef GSAT_CPU_CDCL_INPROC_H
#define GSAT_CPU_CDCL_INPROC_H

#include "core/cdcl_types.h"
#include "core/db.h"
#include "core/search.h"
#include "core/simp.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The inprocessing of one searcher. */
typedef struct gsat_inproc {
  gsat_simp_config cfg;       /* the techniques of each round (bva off) */
  gsat_simp_ext ext;          /* the eliminations of every round, in order */
  gsat_worker_stats n;        /* the simp_* rows and the inproc_* rows */
  const gsat_db *db;          /* the searched formula: its variable names */
  uint64_t next;              /* conflicts at which the next round is due */
  uint32_t interval;          /* conflicts between rounds grow by this */
  uint32_t effort;            /* steps per technique, per mille of the search's checks */
  uint64_t checks;            /* the search's literal checks at the last round */
  uint32_t sweep_next;        /* the variable the next round's sweeping starts at */
  int sweep;                  /* sweeping asked for (cfg.sweep is off in a round delayed) */
  uint32_t sweep_delay;       /* rounds a barren sweep delays the next by (see sweep_plan) */
  uint32_t sweep_skip;        /* rounds left to sweep in no more */
  uint64_t lits;              /* literals of the irredundant clauses at the last round */
  uint32_t bound;             /* elimination's added clauses, at most (round k > 0:
                                 min(bound, 2^(k-1)); 0 in the first) */
  uint8_t *removed;           /* [V]: 1 for each variable a round removed (eliminated
                                 or substituted); NULL before the first round */
  const gsat_proof_sink *log; /* where a round logs its own clauses (NULL: the
                                 searcher's proof); the rebuilt searcher keeps
                                 the searcher's */
} gsat_inproc;

/* Sets up inprocessing for a search of db (which must outlive ip) with the
 * techniques and deadline of simp (bounded variable addition is left out:
 * its fresh variables would change the searcher's size), the first round
 * after interval conflicts, the k-th k intervals after the one before; a
 * round may take effort per mille of the literal checks the search made
 * since the last round in steps (clause literals read), shared by its
 * techniques and the subsumption of the learned clauses (each at least
 * GSAT_INPROC_MIN_STEPS), so that a round does the same work on every run;
 * elimination may add 0 clauses more than it removes for a variable in the
 * first round, then 1, 2, 4, ... up to bound (Kissat's bound grows alike). */
void gsat_inproc_init(gsat_inproc *ip, const gsat_db *db, const gsat_simp_config *simp,
                      uint32_t interval, uint32_t effort, uint32_t bound);

/* Whether a sweep that proved `proved` equivalences and units over `swept`
 * variables was barren (fewer than one per GSAT_SWEEP_BARREN): it delays
 * the next (gsat_inproc_round). */
#define GSAT_SWEEP_BARREN 100u
static inline int gsat_inproc_sweep_barren(uint64_t proved, uint64_t swept) {
  return proved * GSAT_SWEEP_BARREN < swept;
}

#define GSAT_INPROC_MIN_STEPS 100000u
#define GSAT_INPROC_PASSES    10u
/* Learned binary clauses a round's equivalences take at most (cfg.equiv_learned):
 * the graph's edges stay below 2^32. */
#define GSAT_INPROC_MAX_BINS (1u << 30)

/* Conflicts s may have before it must pause for the next round's check
 * (UINT64_MAX when ip is NULL): the slices end there, so that a round comes
 * at the same conflict on every run. */
uint64_t gsat_inproc_conflicts_left(const gsat_inproc *ip, const gsat_cdcl *s);

/* Whether a round is due for searcher s: its conflicts reached ip->next and
 * the round's budget (effort per mille of the search's literal checks since
 * the last round) covers GSAT_INPROC_PASSES passes over the formula, which
 * a round makes whatever it finds (export, occurrence lists, rebuild):
 * with the default effort, 200 checks per literal of the formula (watched
 * BCP only: with the streams variant the original clauses are not in the
 * arena). */
int gsat_inproc_due(const gsat_inproc *ip, const gsat_cdcl *s);

/* One round on searcher s, which must be at level 0 with its propagation
 * done and no conflict.  s is replaced by a searcher over the simplified
 * formula (same variables; the removed ones assigned at level 0 and in no
 * clause) that holds s's assumptions less those over removed variables.
 * *refuted is set when the round refuted the formula (the empty clause then
 * went to the proof).  Errors: NOMEM; s is then destroyed. */
gsat_status gsat_inproc_round(gsat_inproc *ip, gsat_cdcl *s, int *refuted, gsat_error *err);

/* A round on searcher s at its next restart: backtracks to level 0,
 * propagates (a search of budget 0, GROW statuses served), then
 * gsat_inproc_round.  view: the searched formula's (gsat_db_view_of).
 * Returns GSAT_CDCL_PAUSED (search on), GSAT_CDCL_UNSAT (refuted: the empty
 * clause is in the proof), or a negative gsat_status on error. */
int gsat_inproc_run(gsat_inproc *ip, gsat_cdcl *s, const gsat_db_view *view, gsat_error *err);

/* Whether lits[0..n-1] name a variable some round of ip removed. */
int gsat_inproc_names_removed(const gsat_inproc *ip, const gsat_lit *lits, uint32_t n);

/* Drops from lits[0..n-1], in place, the literals over a variable some round
 * of ip removed; returns how many are left. */
uint32_t gsat_inproc_filter(const gsat_inproc *ip, gsat_lit *lits, uint32_t n);

/* Extends model (one byte per variable of the searched formula, 1 true), a
 * model of the last round's formula, to one of the searched formula. */
void gsat_inproc_extend(const gsat_inproc *ip, uint8_t *model);

void gsat_inproc_free(gsat_inproc *ip);

#ifdef __cplusplus
}
#endif

#endif
