/* Host side of the CDCL searcher (cdcl.c): configuration defaults, creating a
 * searcher from the search database (the memory plan: one block for the fixed
 * per-variable state, a clause arena and a watch pool sized from the
 * formula), growing a region after a GROW status, assumptions.  The step code
 * itself is cdcl.h. */
#ifndef GSAT_CDCL_HOST_H
#define GSAT_CDCL_HOST_H

#include <stddef.h>

#include "base/status.h"
#include "core/cdcl_types.h"
#include "core/db.h"

#ifdef __cplusplus
extern "C" {
#endif

struct gsat_options; /* core/options.h */

/* The fields of gsat_cdcl_config that are options taken as they are:
 * S (field, option), the option's row in option_table.h.  vivify is
 * --vivify-effort with --vivify, 0 without.  gsat_cdcl_config_default takes
 * their defaults from the option table and gsat_cdcl_config_from_options
 * their values by this list (test_config_options checks every pair). */
// clang-format off
#define GSAT_CDCL_OPTIONS(S)               \
  S (seed,            seed)                \
  S (vivify_interval, vivify_interval)     \
  S (vivify_irred,    vivify_irred)
// clang-format on

/* The measured defaults (bench/RESULTS.md, "CDCL on one CPU core, and the
 * search choice"); the option table's for vivify and the fields of
 * GSAT_CDCL_OPTIONS. */
void gsat_cdcl_config_default(gsat_cdcl_config *c);

/* Sets vivify and the fields of GSAT_CDCL_OPTIONS from options o
 * (core/options.h), leaving the others as they are. */
void gsat_cdcl_config_from_options(gsat_cdcl_config *c, const struct gsat_options *o);

/* Searcher id's configuration in a portfolio (the CPU threads, MPI ranks, the
 * GPU's warps): id 0 is base unchanged; the others differ in seed, initial
 * phase, decision heuristic (EVSIDS/VMTF), restart policy and margin. */
void gsat_cdcl_config_diversify(gsat_cdcl_config *c, const gsat_cdcl_config *base, uint32_t id);

/* Bytes of the fixed per-variable block of a searcher over num_vars variables
 * (about 70 bytes per variable). */
size_t gsat_cdcl_fixed_bytes(uint32_t num_vars);

/* Points the per-variable arrays of s into the fixed block at m
 * (gsat_cdcl_fixed_bytes (V) bytes, 8-aligned).  Only address arithmetic: m
 * may be a device address (the GPU searchers' plan, gpu/cdcl_plan.h). */
void gsat_cdcl_carve(gsat_cdcl *s, char *m, uint32_t V);

/* Bytes that gsat_cdcl_create allocates for one searcher over db with cfg
 * (the fixed block, arena, reduction scratch and watch pool as they start;
 * they grow while it learns): what many searchers on one host must fit in. */
uint64_t gsat_cdcl_start_bytes(const gsat_db *db, const gsat_cdcl_config *cfg);

/* Creates searcher s over db: carves the fixed block, sizes the arena (the
 * original clauses, unless cfg->bcp is STREAMS, plus room to learn) and the
 * watch pool, loads and watches the clauses, assigns the root units.  STREAMS
 * falls back to WATCHED when db has no streams (gsat_db_build_clauses) or
 * they exceed 2^31 entries; WATCHED reads no streams.  *refuted is
 * set when two units clash (the empty clause then went to proof).  proof may
 * be NULL; it must outlive s.  Errors: NOMEM, RESOURCE (arena above 2^31
 * words).  On error call gsat_cdcl_destroy. */
gsat_status gsat_cdcl_create(gsat_cdcl *s, const gsat_db *db, const gsat_cdcl_config *cfg,
                             const gsat_proof_sink *proof, int *refuted, gsat_error *err);

/* Frees what gsat_cdcl_create allocated (also after its failure). */
void gsat_cdcl_destroy(gsat_cdcl *s);

/* Serves a GSAT_CDCL_GROW_ARENA or GSAT_CDCL_GROW_WATCHES status of
 * gsat_cdcl_search: doubles that region (references are offsets, so they stay
 * valid).  Errors: NOMEM, RESOURCE (beyond 2^31 arena words or 2^32 watchers). */
gsat_status gsat_cdcl_grow(gsat_cdcl *s, int status, gsat_error *err);

/* Sets the assumptions for the next searches (internal literals, each
 * variable at most once, so n <= the number of variables: more are dropped,
 * and callers drop repeats first, as api/incremental.c does); backtracks to
 * level 0. */
void gsat_cdcl_set_assumptions(gsat_cdcl *s, const gsat_lit *lits, uint32_t n);

#ifdef __cplusplus
}
#endif

#endif
