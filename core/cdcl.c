/* Host side of the CDCL searcher: the configuration defaults, the memory plan
 * (one block for the fixed per-variable state, growable arena and watch
 * pool), loading the formula, growing after a GROW status, assumptions. */
#include "core/cdcl_host.h"

#include <stdlib.h>
#include <string.h>

#include "core/cdcl.h"
#include "core/options.h"

void gsat_cdcl_config_default(gsat_cdcl_config *c) {
  memset(c, 0, sizeof *c);
  c->decide = GSAT_CDCL_VSIDS;
  c->restart = GSAT_CDCL_RESTART_SWITCH;
  c->bcp = GSAT_CDCL_BCP_WATCHED;
  c->var_decay = 0.95;
  c->clause_decay = 0.999f;
  c->restart_margin = 1.25;
  c->restart_min = 50;
  c->luby_unit = 512;
  c->mode_conflicts = 2000;
  c->reduce_first = 2000;
  c->reduce_inc = 300;
  c->tier1_lbd = 2;
  c->tier2_lbd = 6;
  c->initial_phase = 0;
  c->target = GSAT_CDCL_TARGET_STABLE;
  gsat_options o;
  gsat_options_init(&o);
  gsat_cdcl_config_from_options(c, &o);
}

void gsat_cdcl_config_from_options(gsat_cdcl_config *c, const gsat_options *o) {
#define FROM_OPTION(field, option) c->field = o->option;
  GSAT_CDCL_OPTIONS(FROM_OPTION)
#undef FROM_OPTION
  c->vivify = o->vivify ? (uint32_t)o->vivify_effort : 0;
}

/* The fixed block (GSAT_CDCL_FIXED) for num_vars variables: its rows in
 * order, each at the next 8-aligned offset.  Points s's arrays into the block
 * at m when s is set; returns the block's bytes. */
static size_t place_fixed(gsat_cdcl *s, char *m, uint32_t num_vars) {
  const size_t V = num_vars;
  size_t at = 0;
#define GSAT_CDCL_PLACE(name, type, count, what)                                                   \
  if (s) s->name = (type *)(m + at);                                                               \
  at += ((count) * sizeof(type) + 7) & ~(size_t)7;
  GSAT_CDCL_FIXED(GSAT_CDCL_PLACE)
#undef GSAT_CDCL_PLACE
  return at;
}

#define SLOT_OF(name)  SLOT_OF_(name)
#define SLOT_OF_(name) GSAT_CDCL_SLOT_##name
_Static_assert(SLOT_OF(GSAT_CDCL_FIXED_FIRST) == 0, "the fixed block starts with its first row");

/* GSAT_CDCL_OPTION's rule: the policies are their option's values less one. */
_Static_assert(GSAT_CDCL_AUTO == -1 && GSAT_CDCL_RESTART_AUTO == -1 &&
                   GSAT_CDCL_TARGET_AUTO == -1 && GSAT_CDCL_DECIDE_AUTO == 0 &&
                   GSAT_RESTARTS_AUTO == 0 && GSAT_TARGETS_AUTO == 0,
               "AUTO first in the CDCL policy lists");

/* Every searcher past the first gets the next decision heuristic every
 * second id and the next restart policy every fourth, cycling through all
 * of them (their counts, cdcl_types.h), so that a policy added to the
 * option's list is diversified into as well. */
void gsat_cdcl_config_diversify(gsat_cdcl_config *c, const gsat_cdcl_config *base, uint32_t id) {
  *c = *base;
  if (id == 0) return;
  c->seed = base->seed + 0x9e3779b97f4a7c15ull * id;
  if (c->seed == 0) c->seed = 1;
  if (id & 1) c->initial_phase = !base->initial_phase;
  c->decide = (base->decide + id / 2) % GSAT_CDCL_DECIDES;
  if (id >= 4) c->restart = (base->restart + id / 4) % GSAT_CDCL_RESTARTS;
  c->restart_margin *= 1.0 + 0.03 * (double)(id % 5);
}

size_t gsat_cdcl_fixed_bytes(uint32_t num_vars) {
  return place_fixed(NULL, NULL, num_vars);
}

void gsat_cdcl_carve(gsat_cdcl *s, char *m, uint32_t V) {
  (void)place_fixed(s, m, V);
}

/* Resets the per-variable state: nothing assigned, every variable queued. */
static void reset_vars(gsat_cdcl *s) {
  const uint32_t V = s->num_vars;
  memset(s->val, 0, 2 * (size_t)V);
  memset(s->ws_len, 0, 2 * (size_t)V * 4);
  memset(s->ws_start, 0xff, 2 * (size_t)V * 4);
  memset(s->reason, 0xff, (size_t)V * 4);
  memset(s->level, 0, (size_t)V * 4);
  memset(s->seen, 0, V);
  memset(s->target, 0, V);
  s->target_assigned = 0;
  memset(s->level_stamp, 0, (2 * (size_t)V + 2) * 4);
  for (uint32_t v = 0; v < V; v++) {
    s->phase[v] = (uint8_t)s->cfg.initial_phase;
    s->activity[v] = 0;
    s->heap[v] = v;
    s->heap_pos[v] = v;
    /* VMTF: variable 0 is the most recent (decided first, as with the heap) */
    s->vmtf_next[v] = v ? v - 1 : GSAT_CDCL_NOREF;
    s->vmtf_prev[v] = v + 1 < V ? v + 1 : GSAT_CDCL_NOREF;
    s->vmtf_stamp[v] = (uint64_t)(V - v);
  }
  s->heap_len = V;
  for (uint32_t i = V / 2; i > 0; i--) gsat_cdcl_heap_down(s, i - 1);
  s->vmtf_first = V ? V - 1 : GSAT_CDCL_NOREF;
  s->vmtf_last = V ? 0 : GSAT_CDCL_NOREF;
  s->vmtf_search = s->vmtf_last;
  s->vmtf_clock = V;
  gsat_cdcl_diversify(s);
}

static gsat_status alloc_regions(gsat_cdcl *s, uint64_t arena, uint64_t watches, gsat_error *err) {
  s->arena_cap = arena;
  s->scratch_cap = gsat_cdcl_scratch_need(arena);
  s->wpool_cap = watches;
  s->arena = malloc(arena * sizeof *s->arena);
  s->scratch = malloc(s->scratch_cap * sizeof *s->scratch);
  s->wpool = malloc(watches * sizeof *s->wpool);
  GSAT_RETURN_IF(!s->arena || !s->scratch || !s->wpool, err, NOMEM,
                 "out of memory for the CDCL clause arena (%llu MB) and watch pool (%llu MB)",
                 (unsigned long long)(arena * 4 >> 20), (unsigned long long)(watches * 8 >> 20));
  return GSAT_OK;
}

/* A searcher's starting sizes over db: whether it reads the streams, its
 * arena (words) and its watch pool (entries). */
typedef struct start_sizes {
  int streams;
  uint64_t arena, watches;
} start_sizes;

static start_sizes sizes_of(const gsat_db *db, const gsat_cdcl_config *cfg) {
  const uint32_t V = db->num_vars, C = db->num_clauses;
  start_sizes z;
  z.streams = cfg->bcp == GSAT_CDCL_BCP_STREAMS && db->occ_start &&
              gsat_db_stream_size(db) < GSAT_CDCL_STREAM;
  uint64_t orig = z.streams ? 0 : (uint64_t)db->clause_start[C] + (uint64_t)GSAT_CDCL_HDR * C;
  /* Room for learned clauses to start with; both regions grow on demand
   * (gsat_cdcl_grow), so thousands of searchers on a small formula stay small. */
  z.arena = orig + orig / 2 + ((uint64_t)V + GSAT_CDCL_HDR + 2) * 8 + (1u << 15);
  z.watches = gsat_cdcl_watch_need(z.streams ? 1u << 12 : 2 * (uint64_t)C + (1u << 12), V);
  return z;
}

uint64_t gsat_cdcl_start_bytes(const gsat_db *db, const gsat_cdcl_config *cfg) {
  const start_sizes z = sizes_of(db, cfg);
  return gsat_cdcl_fixed_bytes(db->num_vars) + 4 * (z.arena + gsat_cdcl_scratch_need(z.arena)) +
         8 * z.watches;
}

gsat_status gsat_cdcl_create(gsat_cdcl *s, const gsat_db *db, const gsat_cdcl_config *cfg,
                             const gsat_proof_sink *proof, int *refuted, gsat_error *err) {
  memset(s, 0, sizeof *s);
  *refuted = 0;
  const uint32_t V = db->num_vars, C = db->num_clauses;
  const start_sizes z = sizes_of(db, cfg);
  const int streams = z.streams;
  s->num_vars = V;
  s->cfg = *cfg;
  if (!streams) s->cfg.bcp = GSAT_CDCL_BCP_WATCHED;
  s->proof = proof;
  char *m = malloc(gsat_cdcl_fixed_bytes(V) + 8);
  GSAT_RETURN_IF(!m, err, NOMEM, "out of memory for the CDCL state of %u variables", V);
  gsat_cdcl_carve(s, m, V);
  const uint64_t arena = z.arena;
  GSAT_RETURN_IF(arena >= GSAT_CDCL_STREAM, err, RESOURCE,
                 "the CDCL clause arena would exceed 2^31 words (%llu)", (unsigned long long)arena);
  GSAT_FORWARD(alloc_regions(s, arena, z.watches, err));
  reset_vars(s);
  s->var_inc = 1;
  s->cla_inc = 1;
  s->next_reduce = s->cfg.reduce_first;
  s->next_vivify = s->cfg.vivify_interval;
  s->reduce_interval = s->cfg.reduce_first;
  s->mode_length = s->cfg.mode_conflicts;
  s->mode_switch_at = s->cfg.mode_conflicts;
  for (uint32_t c = 0; !streams && c < C; c++) {
    uint32_t b = db->clause_start[c], n = db->clause_start[c + 1] - b;
    uint32_t r = gsat_cdcl_clause_new(s, db->clause_lits + b, n, 0, 0);
    GSAT_RETURN_IF(r == GSAT_CDCL_NOREF || !gsat_cdcl_attach(s, r), err, INTERNAL,
                   "CDCL plan too small for the original clauses");
  }
  for (uint32_t i = 0; i < db->num_units; i++) {
    gsat_lit u = db->units[i];
    if (s->val[u] < 0)
      *refuted = 1;
    else if (s->val[u] == 0)
      gsat_cdcl_assign(s, u, GSAT_CDCL_NOREF);
  }
  if (*refuted && proof) proof->add(proof->data, s->learnt, 0);
  /* The database's units are in the proof's formula already (input units,
   * or units the preprocessing logged), except the preprocessing's unit of
   * each eliminated variable, which occurs in no clause: none is logged. */
  s->proof_units = s->trail_len;
  return GSAT_OK;
}

void gsat_cdcl_destroy(gsat_cdcl *s) {
  free(gsat_cdcl_fixed_block(s));
  free(s->arena);
  free(s->scratch);
  free(s->wpool);
  memset(s, 0, sizeof *s);
}

gsat_status gsat_cdcl_grow(gsat_cdcl *s, int status, gsat_error *err) {
  if (status == GSAT_CDCL_GROW_ARENA) {
    uint64_t cap = s->arena_cap * 2;
    GSAT_RETURN_IF(cap >= GSAT_CDCL_STREAM, err, RESOURCE,
                   "the CDCL clause arena would exceed 2^31 words");
    uint32_t *a = realloc(s->arena, cap * sizeof *a);
    GSAT_RETURN_IF(!a, err, NOMEM, "out of memory growing the clause arena to %llu MB",
                   (unsigned long long)(cap * 4 >> 20));
    s->arena = a;
    s->arena_cap = cap;
    uint64_t sc = gsat_cdcl_scratch_need(cap);
    uint32_t *r = realloc(s->scratch, sc * sizeof *r);
    GSAT_RETURN_IF(!r, err, NOMEM, "out of memory growing the reduction scratch");
    s->scratch = r;
    s->scratch_cap = sc;
    return GSAT_OK;
  }
  uint64_t cap = s->wpool_cap * 2;
  uint64_t need = gsat_cdcl_watch_need(s->wpool_live + 2, s->num_vars);
  if (cap < need) cap = need;
  GSAT_RETURN_IF(cap >= 0xffffffffull, err, RESOURCE,
                 "the CDCL watch pool would exceed 2^32 entries");
  gsat_watch *w = realloc(s->wpool, cap * sizeof *w);
  GSAT_RETURN_IF(!w, err, NOMEM, "out of memory growing the watch pool to %llu MB",
                 (unsigned long long)(cap * 8 >> 20));
  s->wpool = w;
  s->wpool_cap = cap;
  return GSAT_OK;
}

void gsat_cdcl_set_assumptions(gsat_cdcl *s, const gsat_lit *lits, uint32_t n) {
  gsat_cdcl_backtrack(s, 0);
  if (n > s->num_vars) n = s->num_vars;
  if (n) memcpy(s->assumptions, lits, n * sizeof *lits);
  s->num_assumptions = n;
  s->failed_len = 0;
  s->unsat_assumptions = 0;
}
