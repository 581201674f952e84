/* Preprocessing of the CDCL search (docs/simplify.md): one round over the
 * search database before the CPU searchers split, so that every searcher of
 * the portfolio starts from the same simplified formula.  Inherently
 * sequential (occurrence lists over the whole formula), so it is CPU floor
 * code, not team step code.  Techniques, in this order:
 *   - root unit propagation (satisfied clauses removed, false literals cut);
 *   - backward subsumption and self-subsuming strengthening over occurrence
 *     lists (Een and Biere, "Effective Preprocessing in SAT through Variable
 *     and Clause Elimination", SAT 2005, section 4);
 *   - bounded variable elimination by clause distribution (same paper,
 *     section 3): a variable goes when its non-tautological resolvents are
 *     no more than the clauses it occurs in, each at most clause_limit
 *     literals; candidates by occurrence product, ascending; AND and
 *     equivalence gates (same paper, 3.2) cut the resolvents to those
 *     between a gate and a non-gate clause;
 *   - failed-literal probing on the roots of the binary implication graph
 *     (a root: a literal that no binary clause implies), with hyper-binary
 *     resolution (Bacchus, AAAI 2002): a binary (NOT root, u) for each
 *     literal u a longer clause implied;
 *   - bounded variable addition (on, where a first pass finds large
 *     at-most-one-like structure): clauses (k_i OR R_j) for every literal k_i
 *     of a set and every remainder R_j of a set replaced by (x OR k_i) and
 *     (NOT x OR R_j) over a fresh variable x when that makes fewer clauses
 *     (Haberlandt, Green and Heule, "Effective Auxiliary Variables via
 *     Structured Reencoding", SAT 2023, Algorithm 1);
 *   - equivalent-literal substitution: the strongly connected components of
 *     the binary implication graph (Tarjan), each literal replaced by its
 *     component's representative; the substituted variable's equivalence
 *     goes to the extension stack.
 *   - congruence closure: AND, XOR and if-then-else gates
 *     read off the clauses; gates with the same inputs up to the
 *     equivalences found have equivalent outputs, to a fixpoint, proved in
 *     DRAT and substituted as above (Biere, Fazekas, Fleury and Froleyks,
 *     "Clausal Congruence Closure", SAT 2024; docs/simplify.md);
 *   - SAT sweeping: equivalences and backbone units proved
 *     by a small solver (core/mini.h) on each variable's environment (the
 *     clauses near it), as binary clauses that the substitution then takes
 *     (Kissat's sweep.c; docs/simplify.md).
 * Every step writes DRAT to the proof sink: a clause is added before the one
 * it replaces is deleted, resolvents before their antecedents are deleted.
 * Eliminated clauses go to an extension stack (pivot literal first) from
 * which gsat_simp_extend turns a model of the simplified formula into one of
 * the original formula (Een and Biere, section 3.1). */
#ifndef GSAT_SIMP_H
#define GSAT_SIMP_H

#include <stdint.h>

#include "base/control.h"
#include "base/status.h"
#include "core/cdcl_types.h"

struct gsat_db;           /* core/db.h */
struct gsat_options;      /* core/options.h */
struct gsat_worker_stats; /* core/search.h (which includes this header) */

#ifdef __cplusplus
extern "C" {
#endif

/* What the round does; gsat_simp_config_default gives the defaults. */
typedef struct gsat_simp_config {
  int subsume, elim, probe, equiv; /* each technique on (1) or off (0) */
  int bva;                         /* bounded variable addition (adds variables) */
  int hbr;                         /* probing: hyper-binary resolvents added */
  int equiv_learned;               /* inprocessing: the learned binary clauses join the
                                      graph of the equivalences (cpu/cdcl_inproc.h) */
  const gsat_lit *extra_bins;      /* equivalences: binary clauses implied by the input
                                      and in the proof (2 literals each: learned ones),
                                      edges of the graph beside its binary clauses, never
                                      rewritten, kept or logged; NULL: none (the graph's
                                      edges, two per binary clause, below 2^32, else NOMEM) */
  uint64_t num_extra_bins;         /* the clauses of extra_bins */
  int bva_tiebreak;                /* BVA: ties broken by the 3-hop heuristic */
  uint32_t bva_effort;             /* BVA's steps per clause removed, beyond one per literal */
  uint32_t bva_size;               /* BVA: longest clause matched (0: any) */
  int congruence;                  /* congruence closure: equivalent gate outputs proved
                                      and substituted (docs/simplify.md) */
  int sweep;                       /* SAT sweeping: equivalences and backbone units proved
                                      on each variable's environment (docs/simplify.md) */
  uint32_t sweep_clauses;          /* sweeping: an environment's clauses at most */
  uint32_t sweep_depth;            /* sweeping: shared-variable distance of its clauses */
  uint32_t sweep_vars;             /* sweeping: variables swept per round at most */
  uint32_t sweep_rounds;           /* sweeping: rounds of sweeping and substitution at most */
  uint32_t sweep_effort;           /* sweeping in inprocessing: its budget, per mille of
                                      sweep_ref (preprocessing: SWEEP_PRE_LITS steps per
                                      literal of the formula, at most SWEEP_PRE_STEPS) */
  uint32_t sweep_reward;           /* sweeping: steps each equivalence or unit proved earns */
  uint32_t sweep_reward_cap;       /* sweeping: rewards earned at most, percent of the base */
  uint64_t sweep_ref;              /* sweeping in inprocessing: the search's literal checks
                                      since the last round; 0: preprocessing */
  uint32_t *sweep_next;            /* sweeping: in, the variable its first pass starts at
                                      (then wraps around); out, where the pass stopped
                                      (the next round goes on from there); NULL: 0 */
  uint32_t sweep_skip;             /* sweeping in inprocessing: its first rounds that do
                                      not sweep (1 after a barren preprocessing sweep) */
  uint32_t bva_share;              /* BVA: replaces only when a first pass finds matches
                                      removing this percent of the clauses (0: always) */
  uint32_t effort;                 /* work per technique: steps (clause literals
                                      read) per literal of the formula, at least
                                      10^6 steps */
  uint64_t steps;                  /* when not 0: each technique's steps instead
                                      (inprocessing's budget, cpu/cdcl_inproc.h) */
  uint32_t occ_limit;              /* elimination: at most this many occurrences of
                                      each polarity */
  uint32_t clause_limit;           /* elimination: longest resolvent allowed */
  uint32_t elim_bound;             /* elimination: resolvents allowed beyond the
                                      clauses removed (0: no growth; inprocessing
                                      raises it round by round, as Kissat does) */
  const gsat_flag *stop;           /* polled between steps; NULL: none */
  double deadline;                 /* gsat_seconds() time, 0: none */
} gsat_simp_config;

/* The fields of gsat_simp_config that are options: S (field, option), the
 * option's row in option_table.h.  gsat_simp_config_default takes their
 * defaults from the option table and gsat_simp_config_from_options their
 * values by this list, so each default lives in the option table only
 * (test_config_options checks every pair). */
// clang-format off
#define GSAT_SIMP_OPTIONS(S)           \
  S (subsume,       subsume)           \
  S (elim,          elim)              \
  S (probe,         probe)             \
  S (equiv,         equiv)             \
  S (bva,           bva)               \
  S (hbr,           hbr)               \
  S (equiv_learned, equiv_learned)     \
  S (bva_tiebreak,  bva_tiebreak)      \
  S (bva_effort,    bva_effort)        \
  S (bva_size,      bva_size)          \
  S (bva_share,     bva_share)         \
  S (congruence,    congruence)        \
  S (sweep,         sweep)             \
  S (sweep_clauses, sweep_clauses)     \
  S (sweep_depth,   sweep_depth)       \
  S (sweep_vars,    sweep_vars)        \
  S (sweep_rounds,  sweep_rounds)      \
  S (sweep_effort,  sweep_effort)      \
  S (sweep_reward,  sweep_reward)      \
  S (sweep_reward_cap, sweep_reward_cap) \
  S (effort,        simp_effort)       \
  S (occ_limit,     simp_occ_limit)
// clang-format on

/* The extension stack: eliminated clauses, each stored as its literals (the
 * pivot first) followed by its length. */
typedef struct gsat_simp_ext {
  gsat_lit *lits;
  uint64_t len, cap;
} gsat_simp_ext;

/* The defaults: the option table's for the fields of GSAT_SIMP_OPTIONS,
 * clause_limit 100, the rest 0 (NULL). */
void gsat_simp_config_default(gsat_simp_config *c);

/* Sets the fields of GSAT_SIMP_OPTIONS from options o (core/options.h),
 * leaving the others as they are. */
void gsat_simp_config_from_options(gsat_simp_config *c, const struct gsat_options *o);

/* Simplifies in (not modified) into out, a database over the same variables
 * (same ext_var numbering, no occurrence streams), plus the fresh variables
 * of bounded variable addition: internal in->num_vars + i, external (ext_var)
 * in->ext_vars + i, above every variable of the input (gsat_proof_set_fresh
 * maps them alike in the proof); a model of out restricted to in's variables
 * and extended (gsat_simp_extend) is a model of in.  out->units
 * holds every root assignment found, and one arbitrary unit per eliminated
 * variable (it occurs in no clause; the unit keeps the searchers from
 * deciding it, and is not in the proof: gsat_cdcl_create logs none of the
 * database's units); out->empty_clause when
 * the round refuted the formula (the empty clause then went to proof).
 * Eliminated clauses are appended to ext.  The counters (the simp_* rows of
 * counters.h) are added to *n.  proof may be NULL.  Errors: NOMEM (out and
 * ext then freed). */
gsat_status gsat_simp_run(const struct gsat_db *in, const gsat_simp_config *cfg,
                          const gsat_proof_sink *proof, struct gsat_db *out, gsat_simp_ext *ext,
                          struct gsat_worker_stats *n, gsat_error *err);

/* Turns model (one byte per internal variable, 1 true), a model of the
 * simplified formula, into a model of the original one: the stack is walked
 * from its top, and each clause that the model falsifies gets its pivot set
 * true (Een and Biere, section 3.1). */
void gsat_simp_extend(const gsat_simp_ext *ext, uint8_t *model);

void gsat_simp_ext_free(gsat_simp_ext *ext);

#ifdef __cplusplus
}
#endif

#endif
