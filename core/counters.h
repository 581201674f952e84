/* The counter table (style.md, 8): one row per search counter generates the
 * per-worker counters of the DPLL and the CDCL step code (gsat_dpll_counters,
 * gsat_cdcl_counters, dpll_types.h and cdcl_types.h), the scheduling counters
 * of gsat_worker_stats and the GPU's per-worker block (search.h,
 * gpu/search_types.cuh), their sums (search.h), the public statistics fields
 * (gsat.h) and the `--stats` lines (report.c).  A new counter is one row.
 * Plain preprocessor text without includes: gsat.h includes it, so it is
 * installed beside it (include/core/counters.h). */
#ifndef GSAT_COUNTERS_H
#define GSAT_COUNTERS_H

/* C (F, name, in, dpll, cdcl, shown, rate, "label", "help")
 *
 * F      passed through to C (the field lists below use it)
 * name   the public field of gsat_statistics and gsat_worker_statistics, and
 *        for a WORKER row its field in gsat_worker_stats
 * in     where a worker counts it:
 *          DPLL    the DPLL step code: field `dpll` of gsat_dpll_counters
 *          CDCL    the CDCL step code: field `cdcl` of gsat_cdcl_counters
 *          BOTH    both: `dpll` and `cdcl`; a CDCL backend also fills the
 *                  DPLL field (cpu/cdcl_cpu.c), the one that is reported
 *          WORKER  the backend's scheduling (cube and clause exchange):
 *                  field `name` of gsat_worker_stats
 *        the GPU block (gsat_gpu_counters) holds the DPLL, BOTH and WORKER
 *        rows (the GPU runs DPLL)
 * shown  when --stats prints it: ALL, DPLL or CDCL (the search that ran),
 *        PORTFOLIO (CDCL on several workers), NONZERO, or NO (API only)
 * rate   RATE: --stats prints "label  count/s" after the count; NORATE
 * label  the --stats name; help: what is counted
 * A column the row does not use is `_`. */
// clang-format off
#define GSAT_COUNTERS(C, F) \
  C (F, nodes,              DPLL,   nodes,     _,               ALL,  RATE,   "nodes",              "decisions, both branches (CDCL: its decisions)") \
  C (F, checks,             BOTH,   checks,    checks,          ALL,  RATE,   "literal checks",     "BCP literal checks during search (CDCL: clause and blocking literals read)") \
  C (F, replay_checks,      DPLL,   replay,    _,               ALL,  NORATE, "replay checks",      "BCP literal checks while replaying received cubes") \
  C (F, heuristic,          DPLL,   heur,      _,               ALL,  NORATE, "heuristic work",     "literals and variables read by the decision heuristic") \
  C (F, propagations,       BOTH,   props,     propagations,    ALL,  RATE,   "propagations",       "assignments (decisions and implications)") \
  C (F, conflicts,          BOTH,   conflicts, conflicts,       ALL,  RATE,   "conflicts",          "falsified clauses found (CDCL: learned from)") \
  C (F, lookaheads,         DPLL,   la,        _,               NONZERO, RATE, "look-aheads",      "look-ahead propagations of candidate literals (--decide=lookahead)") \
  C (F, failed_literals,    DPLL,   failed,    _,               NONZERO, NORATE, "failed literals",  "look-ahead literals whose propagation conflicts (their negation is assigned)") \
  C (F, lookahead_candidates, DPLL, cand,      _,               NONZERO, NORATE, "look-ahead candidates", "candidate variables of all look-ahead rounds (per node: divide by nodes)") \
  C (F, decisions,          CDCL,   _,         decisions,       CDCL, RATE,   "decisions",          "CDCL decisions") \
  C (F, restarts,           CDCL,   _,         restarts,        CDCL, RATE,   "restarts",           "restarts") \
  C (F, reductions,         CDCL,   _,         reductions,      CDCL, NORATE, "reductions",         "learned-clause database reductions") \
  C (F, learned,            CDCL,   _,         learned,         CDCL, NORATE, "learned clauses",    "learned clauses") \
  C (F, learned_literals,   CDCL,   _,         learned_lits,    CDCL, RATE,   "learned literals",   "literals of learned clauses after minimization") \
  C (F, minimized_literals, CDCL,   _,         minimized_lits,  CDCL, NORATE, "minimized literals", "literals removed from learned clauses by minimization") \
  C (F, deleted_clauses,    CDCL,   _,         deleted,         CDCL, NORATE, "deleted clauses",    "clauses deleted (reduction and level-0 simplification)") \
  C (F, simplifications,    CDCL,   _,         simplifications, NO,   NORATE, "simplifications",    "level-0 simplification rounds") \
  C (F, compactions,        CDCL,   _,         compactions,     NO,   NORATE, "compactions",        "clause arena compactions") \
  C (F, vivify_tried,       CDCL,   _,         vivify_tried,    NONZERO, NORATE, "vivify tried",    "clauses vivification tried (cdcl_vivify.h)") \
  C (F, vivified_clauses,   CDCL,   _,         vivified,        NONZERO, NORATE, "vivified clauses", "clauses vivification shortened") \
  C (F, vivify_subsumed,    CDCL,   _,         vivify_subsumed, NONZERO, NORATE, "vivify subsumed",  "clauses vivification found subsumed by another clause (deleted)") \
  C (F, vivify_irred,       CDCL,   _,         vivify_irred,    NONZERO, NORATE, "vivify irred",     "irredundant clauses vivification shortened or found subsumed (--vivify-irred)") \
  C (F, vivify_literals,    CDCL,   _,         vivify_lits,     NONZERO, NORATE, "vivify removed lits", "literals vivification removed") \
  C (F, vivify_checks,      CDCL,   _,         vivify_checks,   NONZERO, NORATE, "vivify checks",   "literal checks of vivification's propagations (part of the literal checks)") \
  C (F, vivify_us,          CDCL,   _,         vivify_us,       NONZERO, NORATE, "vivify us",       "microseconds in vivification (CPU searchers)") \
  C (F, shared_exported,    WORKER, _,         _,               PORTFOLIO, NORATE, "shared clauses out", "CDCL portfolio: learned clauses given to the other searchers") \
  C (F, shared_imported,    WORKER, _,         _,               PORTFOLIO, NORATE, "shared clauses in",  "CDCL portfolio: clauses taken from the other searchers") \
  C (F, port_out,           WORKER, _,         _,               NONZERO, NORATE, "port clauses out", "clause port: units and clauses this search gave to the other portfolio member or MPI ranks") \
  C (F, port_in,            WORKER, _,         _,               NONZERO, NORATE, "port clauses in",  "clause port: units and clauses this search took from the other portfolio member or MPI ranks") \
  C (F, cubes,              WORKER, _,         _,               ALL,  NORATE, "cubes",              "cubes taken from the queue") \
  C (F, donations,          WORKER, _,         _,               ALL,  NORATE, "donations",          "branches given away") \
  C (F, walk_flips,         WORKER, _,         _,               NONZERO, RATE, "flips",             "walkers: variables flipped (local search, walk.h)") \
  C (F, walk_restarts,      WORKER, _,         _,               NONZERO, NORATE, "walk restarts",   "walkers: restarts from a random or the best assignment") \
  C (F, walk_best_unsat,    WORKER, _,         _,               NONZERO, NORATE, "best unsatisfied", "walkers: the fewest unsatisfied clauses any walker reached (a minimum over the walkers, not a sum; 0 also when none walked)") \
  C (F, phases_out,         WORKER, _,         _,               NONZERO, NORATE, "phases out",       "phase exchange: assignments this search offered that the exchange kept (walkers: best assignments; CDCL: target phases)") \
  C (F, phases_in,          WORKER, _,         _,               NONZERO, NORATE, "phases in",        "phase exchange: assignments taken from the other side (CDCL: walker phases at a rephase; walkers: restarts from CDCL phases)") \
  C (F, simp_eliminated,    WORKER, _,         _,               NONZERO, NORATE, "eliminated vars",   "preprocessing: variables eliminated by clause distribution") \
  C (F, simp_gates,         WORKER, _,         _,               NONZERO, NORATE, "gates",             "preprocessing: eliminations that used a gate (AND, equivalence, if-then-else or parity)") \
  C (F, simp_ite_gates,     WORKER, _,         _,               NONZERO, NORATE, "ite gates",         "preprocessing: eliminations that used an if-then-else gate") \
  C (F, simp_xor_gates,     WORKER, _,         _,               NONZERO, NORATE, "xor gates",         "preprocessing: eliminations that used a parity (XOR) gate") \
  C (F, simp_removed,       WORKER, _,         _,               NONZERO, NORATE, "removed clauses",   "preprocessing: clauses removed by subsumption and elimination") \
  C (F, simp_subsumed,      WORKER, _,         _,               NONZERO, NORATE, "subsumed clauses",  "preprocessing: clauses removed by backward subsumption") \
  C (F, simp_strengthened,  WORKER, _,         _,               NONZERO, NORATE, "strengthened lits", "preprocessing: literals removed by self-subsuming resolution") \
  C (F, simp_failed,        WORKER, _,         _,               NONZERO, NORATE, "failed literals",   "preprocessing: failed literals found by probing") \
  C (F, simp_hbr,           WORKER, _,         _,               NONZERO, NORATE, "hyper binaries",    "preprocessing: binary clauses added by hyper-binary resolution in probing") \
  C (F, simp_substituted,   WORKER, _,         _,               NONZERO, NORATE, "substituted vars",  "preprocessing: variables replaced by an equivalent literal") \
  C (F, simp_units,         WORKER, _,         _,               NONZERO, NORATE, "simp units",        "preprocessing: root units derived") \
  C (F, simp_subsume_us,    WORKER, _,         _,               NONZERO, NORATE, "subsume us",        "preprocessing: microseconds in subsumption") \
  C (F, simp_elim_us,       WORKER, _,         _,               NONZERO, NORATE, "elim us",           "preprocessing: microseconds in variable elimination") \
  C (F, simp_probe_us,      WORKER, _,         _,               NONZERO, NORATE, "probe us",          "preprocessing: microseconds in failed-literal probing") \
  C (F, simp_equiv_us,      WORKER, _,         _,               NONZERO, NORATE, "equiv us",          "preprocessing: microseconds in equivalent-literal substitution") \
  C (F, inproc_rounds,      WORKER, _,         _,               NONZERO, NORATE, "inproc rounds",     "inprocessing: simplification rounds during the CPU CDCL search (cpu/cdcl_inproc.h)") \
  C (F, inproc_subsumed,    WORKER, _,         _,               NONZERO, NORATE, "learned subsumed",  "inprocessing: learned clauses removed by forward subsumption") \
  C (F, inproc_strengthened, WORKER, _,        _,               NONZERO, NORATE, "learned strengthened", "inprocessing: learned clauses shortened by self-subsuming resolution") \
  C (F, inproc_learned_bins, WORKER, _,        _,               NONZERO, NORATE, "learned bins",      "inprocessing: learned binary clauses its rounds' equivalences took as edges of the binary implication graph (--equiv-learned; summed over the rounds)") \
  C (F, inproc_us,          WORKER, _,         _,               NONZERO, NORATE, "inproc us",         "inprocessing: microseconds in its rounds (the simp_* rows count the techniques of preprocessing and of these rounds together)") \
  C (F, preprocess_us,      WORKER, _,         _,               NONZERO, NORATE, "preprocess us",     "preprocessing: microseconds of the whole preprocessing before the CDCL search (its techniques, loading and storing the formula; part of the search time)") \
  C (F, shared_dropped,     WORKER, _,         _,               NONZERO, NORATE, "shared dropped",    "inprocessing in the CDCL portfolio: shared clauses a searcher left out because they name a variable its rounds removed") \
  C (F, bva_vars,           WORKER, _,         _,               NONZERO, NORATE, "bva vars",          "preprocessing: fresh variables added by bounded variable addition (one per match)") \
  C (F, bva_matched,        WORKER, _,         _,               NONZERO, NORATE, "bva matched",       "preprocessing: clauses that bounded variable addition replaced") \
  C (F, bva_removed,        WORKER, _,         _,               NONZERO, NORATE, "bva removed",       "preprocessing: clauses removed net by bounded variable addition (replaced less added)") \
  C (F, bva_found,          WORKER, _,         _,               NONZERO, NORATE, "bva found",         "preprocessing: clauses the gate pass of bounded variable addition found removable (it replaces at --bva-share percent)") \
  C (F, bva_us,             WORKER, _,         _,               NONZERO, NORATE, "bva us",            "preprocessing: microseconds in bounded variable addition") \
  C (F, cong_gates,         WORKER, _,         _,               NONZERO, NORATE, "congruence gates",  "preprocessing: AND, XOR and if-then-else gates congruence closure extracted (summed over its rounds; --congruence)") \
  C (F, cong_equivs,        WORKER, _,         _,               NONZERO, NORATE, "congruent equivs",  "preprocessing: equivalences of gate outputs congruence closure proved (binary clause pairs added for the equivalent-literal substitution; --congruence)") \
  C (F, cong_units,         WORKER, _,         _,               NONZERO, NORATE, "congruence units",  "preprocessing: units congruence closure proved from gates whose inputs collapse (--congruence)") \
  C (F, cong_us,            WORKER, _,         _,               NONZERO, NORATE, "congruence us",     "preprocessing: microseconds in congruence closure and its substitutions (--congruence)") \
  C (F, sweep_equivs,       WORKER, _,         _,               NONZERO, NORATE, "sweep equivs",      "preprocessing: equivalences SAT sweeping proved (binary clauses pairs added for the equivalent-literal substitution; --sweep)") \
  C (F, sweep_units,        WORKER, _,         _,               NONZERO, NORATE, "sweep units",       "preprocessing: backbone units SAT sweeping proved (--sweep)") \
  C (F, sweep_vars,         WORKER, _,         _,               NONZERO, NORATE, "sweep vars",        "preprocessing: variables SAT sweeping swept (an environment solved; --sweep)") \
  C (F, sweep_us,           WORKER, _,         _,               NONZERO, NORATE, "sweep us",          "preprocessing: microseconds in SAT sweeping (--sweep)")
// clang-format on

/*------------------------------------------------------------------------*/
/* Field lists: F (field) for every field of one struct, in table order.
 *   GSAT_DPLL_COUNTER_FIELDS(F)    gsat_dpll_counters (DPLL and BOTH rows)
 *   GSAT_CDCL_COUNTER_FIELDS(F)    gsat_cdcl_counters (CDCL and BOTH rows)
 *   GSAT_WORKER_COUNTER_FIELDS(F)  gsat_worker_stats' own (WORKER rows)
 *   GSAT_PUBLIC_COUNTER_FIELDS(F)  gsat_statistics (every row) */
#define GSAT_CTR_IN_DPLL_DPLL(x) x
#define GSAT_CTR_IN_DPLL_BOTH(x) x
#define GSAT_CTR_IN_DPLL_CDCL(x)
#define GSAT_CTR_IN_DPLL_WORKER(x)
#define GSAT_CTR_IN_CDCL_DPLL(x)
#define GSAT_CTR_IN_CDCL_BOTH(x) x
#define GSAT_CTR_IN_CDCL_CDCL(x) x
#define GSAT_CTR_IN_CDCL_WORKER(x)
#define GSAT_CTR_IN_WORKER_DPLL(x)
#define GSAT_CTR_IN_WORKER_BOTH(x)
#define GSAT_CTR_IN_WORKER_CDCL(x)
#define GSAT_CTR_IN_WORKER_WORKER(x) x
#define GSAT_CTR_PICK_DPLL(F, name, in, dpll, cdcl, shown, rate, label, help)                      \
  GSAT_CTR_IN_DPLL_##in(F(dpll))
#define GSAT_CTR_PICK_CDCL(F, name, in, dpll, cdcl, shown, rate, label, help)                      \
  GSAT_CTR_IN_CDCL_##in(F(cdcl))
#define GSAT_CTR_PICK_WORKER(F, name, in, dpll, cdcl, shown, rate, label, help)                    \
  GSAT_CTR_IN_WORKER_##in(F(name))
#define GSAT_CTR_PICK_PUBLIC(F, name, in, dpll, cdcl, shown, rate, label, help) F(name)
#define GSAT_DPLL_COUNTER_FIELDS(F)                                             GSAT_COUNTERS(GSAT_CTR_PICK_DPLL, F)
#define GSAT_CDCL_COUNTER_FIELDS(F)                                             GSAT_COUNTERS(GSAT_CTR_PICK_CDCL, F)
#define GSAT_WORKER_COUNTER_FIELDS(F)                                           GSAT_COUNTERS(GSAT_CTR_PICK_WORKER, F)
#define GSAT_PUBLIC_COUNTER_FIELDS(F)                                           GSAT_COUNTERS(GSAT_CTR_PICK_PUBLIC, F)

/* A field declaration of each type. */
#define GSAT_CTR_U64_FIELD(field) uint64_t field;
#define GSAT_CTR_ULL_FIELD(field) unsigned long long field;

/* The reported value of row `name` in a gsat_worker_stats w (search.h):
 * GSAT_CTR_VALUE_<in>(w, dpll, cdcl, name). */
#define GSAT_CTR_VALUE_DPLL(w, dpll, cdcl, name)   ((w).n.dpll)
#define GSAT_CTR_VALUE_BOTH(w, dpll, cdcl, name)   ((w).n.dpll)
#define GSAT_CTR_VALUE_CDCL(w, dpll, cdcl, name)   ((w).c.cdcl)
#define GSAT_CTR_VALUE_WORKER(w, dpll, cdcl, name) ((w).name)

#endif
