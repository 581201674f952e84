#include "core/db.h"

#include "base/clock.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void gsat_db_free(gsat_db *db) {
  free(db->ext_var);
  free(db->units);
  free(db->clause_start);
  free(db->clause_lits);
  free(db->occ_start);
  free(db->occ_stream);
  free(db->order);
  memset(db, 0, sizeof *db);
}

static void free_streams(gsat_db *db) {
  free(db->occ_start);
  free(db->occ_stream);
  db->occ_start = NULL;
  db->occ_stream = NULL;
}

/* When the build must stop: the flag (may be NULL) and a deadline in
 * gsat_seconds() (0: none). */
typedef struct halt {
  const gsat_flag *stop;
  double deadline;
} halt;

static int halted(const halt *h) {
  return GSAT_FLAG_IS_RAISED(h->stop) || (h->deadline > 0 && gsat_seconds() >= h->deadline);
}

/* Every 2^16 steps of a long loop: whether the build must stop. */
static int stop_now(const halt *h, uint64_t step) {
  return (step & 0xffff) == 0 && halted(h);
}

#define INTERRUPTED(err)                                                                           \
  gsat_error_set((err), GSAT_INTERRUPTED, "interrupted while building the search database")

static int compare_u32(const void *a, const void *b) {
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  return (x > y) - (x < y);
}

/* Internal variable of external variable v: direct table or binary search. */
typedef struct var_map {
  int32_t *direct;        /* [limit] or NULL */
  const gsat_var *sorted; /* ext_var, sorted ascending */
  uint32_t count;
} var_map;

static uint32_t map_var(const var_map *m, gsat_var v) {
  if (m->direct) return (uint32_t)m->direct[v];
  return (uint32_t)gsat_var_lower_bound(m->sorted, m->count, v);
}

/* Collects the used external variables in ascending order into db->ext_var. */
static gsat_status compact_variables(gsat_db *db, const gsat_cnf *cnf, var_map *m,
                                     gsat_error *err) {
  memset(m, 0, sizeof *m);
  size_t n = cnf->num_lits;
  uint64_t limit = cnf->max_var;
  if (limit <= (uint64_t)2 * n + (1u << 20)) {
    m->direct = malloc((limit ? limit : 1) * sizeof *m->direct);
    GSAT_RETURN_IF(!m->direct, err, NOMEM, "out of memory for the variable map");
    for (uint64_t v = 0; v < limit; v++) m->direct[v] = -1;
    for (size_t i = 0; i < n; i++) m->direct[GSAT_VAR(cnf->lits[i])] = 0;
    uint64_t count = 0;
    for (uint64_t v = 0; v < limit; v++)
      if (m->direct[v] == 0) count++;
    if (count >= GSAT_MAX_SEARCH_VARS) {
      free(m->direct);
      m->direct = NULL;
      return gsat_error_set(err, GSAT_RESOURCE,
                            "%llu variables occur, more than the %u the search supports",
                            (unsigned long long)count, GSAT_MAX_SEARCH_VARS - 1);
    }
    db->ext_var = malloc((count ? count : 1) * sizeof *db->ext_var);
    if (!db->ext_var) {
      free(m->direct);
      m->direct = NULL;
      return gsat_error_set(err, GSAT_NOMEM, "out of memory for the variable map");
    }
    uint32_t next = 0;
    for (uint64_t v = 0; v < limit; v++)
      if (m->direct[v] == 0) {
        db->ext_var[next] = (gsat_var)v;
        m->direct[v] = (int32_t)next++;
      }
    db->num_vars = next;
    return GSAT_OK;
  }
  /* Sparse: sort a copy of the variables and keep the distinct ones. */
  gsat_var *vars = malloc((n ? n : 1) * sizeof *vars);
  GSAT_RETURN_IF(!vars, err, NOMEM, "out of memory for the variable map");
  for (size_t i = 0; i < n; i++) vars[i] = GSAT_VAR(cnf->lits[i]);
  qsort(vars, n, sizeof *vars, compare_u32);
  size_t count = 0;
  for (size_t i = 0; i < n; i++)
    if (!count || vars[count - 1] != vars[i]) vars[count++] = vars[i];
  if (count >= GSAT_MAX_SEARCH_VARS) {
    free(vars);
    return gsat_error_set(err, GSAT_RESOURCE,
                          "%zu variables occur, more than the %u the search supports", count,
                          GSAT_MAX_SEARCH_VARS - 1);
  }
  gsat_var *shrunk = realloc(vars, (count ? count : 1) * sizeof *vars);
  db->ext_var = shrunk ? shrunk : vars;
  db->num_vars = (uint32_t)count;
  m->sorted = db->ext_var;
  m->count = (uint32_t)count;
  return GSAT_OK;
}

typedef struct order_key {
  uint32_t occurrences;
  gsat_var var;
} order_key;

static int compare_order(const void *a, const void *b) {
  const order_key *x = a, *y = b;
  if (x->occurrences != y->occurrences) return x->occurrences > y->occurrences ? -1 : 1;
  return (x->var > y->var) - (x->var < y->var);
}

static gsat_status build_order(gsat_db *db, gsat_error *err) {
  uint32_t V = db->num_vars;
  uint32_t *count = calloc(2 * (size_t)V + 1, sizeof *count);
  order_key *keys = malloc(((size_t)V + 1) * sizeof *keys);
  db->order = malloc(((size_t)V + 1) * sizeof *db->order);
  if (!count || !keys || !db->order) {
    free(count);
    free(keys);
    return gsat_error_set(err, GSAT_NOMEM, "out of memory for the decision order");
  }
  for (uint32_t i = 0; i < db->clause_start[db->num_clauses]; i++) count[db->clause_lits[i]]++;
  uint32_t n = 0;
  for (gsat_var v = 0; v < V; v++) {
    uint32_t occ = count[GSAT_LIT(v, 0)] + count[GSAT_LIT(v, 1)];
    if (occ) keys[n++] = (order_key){occ, v};
  }
  qsort(keys, n, sizeof *keys, compare_order);
  for (uint32_t i = 0; i < n; i++) {
    gsat_var v = keys[i].var;
    /* Preferred sign: the literal with more occurrences, negative on ties. */
    db->order[i] = GSAT_LIT(v, count[GSAT_LIT(v, 0)] <= count[GSAT_LIT(v, 1)]);
  }
  db->order_len = n;
  free(count);
  free(keys);
  return GSAT_OK;
}

/* Physical memory of this machine in bytes (0: unknown). */
static uint64_t host_memory_bytes(void) {
  long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
  return pages > 0 && page > 0 ? (uint64_t)pages * (uint64_t)page : 0;
}

/* Entries of the occurrence streams of db: the sum of squared clause lengths. */
static uint64_t planned_stream_entries(const gsat_db *db) {
  uint64_t total = 0;
  for (uint32_t c = 0; c < db->num_clauses; c++) {
    uint64_t len = db->clause_start[c + 1] - db->clause_start[c];
    total += len * len;
  }
  return total;
}

static gsat_status build_streams(gsat_db *db, const halt *stop, gsat_error *err) {
  uint32_t L = 2 * db->num_vars;
  uint64_t total = db->stream_entries;
  if (total >= UINT32_MAX)
    return gsat_error_set(err, GSAT_RESOURCE,
                          "occurrence streams need %llu entries, more than 2^32 - 1 "
                          "(the sum of squared clause lengths is too large)",
                          (unsigned long long)total);
  uint64_t bytes = total * sizeof *db->occ_stream, mem = host_memory_bytes();
  if (mem && bytes > mem / 4 * 3)
    return gsat_error_set(err, GSAT_RESOURCE,
                          "occurrence streams need %.1f GB (the sum of squared clause "
                          "lengths is %llu), more than 3/4 of this machine's %.1f GB of "
                          "memory",
                          bytes / 1e9, (unsigned long long)total, mem / 1e9);
  uint64_t *size = calloc((size_t)L + 1, sizeof *size);
  GSAT_RETURN_IF(!size, err, NOMEM, "out of memory for occurrence streams");
  for (uint32_t c = 0; c < db->num_clauses; c++) {
    uint32_t len = db->clause_start[c + 1] - db->clause_start[c];
    for (uint32_t i = db->clause_start[c]; i < db->clause_start[c + 1]; i++)
      size[db->clause_lits[i]] += len;
  }
  db->occ_start = malloc(((size_t)L + 1) * sizeof *db->occ_start);
  db->occ_stream = malloc((total ? total : 1) * sizeof *db->occ_stream);
  if (!db->occ_start || !db->occ_stream) {
    free(size);
    free_streams(db);
    return gsat_error_set(err, GSAT_NOMEM, "out of memory for %llu occurrence stream entries",
                          (unsigned long long)total);
  }
  uint32_t at = 0;
  for (uint32_t l = 0; l < L; l++) {
    db->occ_start[l] = at;
    at += (uint32_t)size[l];
    size[l] = db->occ_start[l]; /* now the fill cursor */
  }
  db->occ_start[L] = at;
  uint64_t written = 0, next_poll = 0; /* poll per 2^20 entries, not per clause */
  for (uint32_t c = 0; c < db->num_clauses; c++) {
    uint32_t b = db->clause_start[c], e = db->clause_start[c + 1];
    if (written >= next_poll) {
      next_poll = written + (1u << 20);
      if (halted(stop)) {
        free(size);
        free_streams(db);
        return INTERRUPTED(err);
      }
    }
    written += (uint64_t)(e - b) * (e - b);
    for (uint32_t i = b; i < e; i++) {
      gsat_lit f = db->clause_lits[i];
      for (uint32_t k = b; k < e; k++)
        db->occ_stream[size[f]++] = db->clause_lits[k] | (k + 1 == e ? GSAT_STREAM_END : 0);
    }
  }
  free(size);
  return GSAT_OK;
}

static void compute_features(gsat_db *db) {
  gsat_features *f = &db->features;
  memset(f, 0, sizeof *f);
  f->vars = db->num_vars;
  f->clauses = db->num_clauses;
  f->lits = db->clause_start[db->num_clauses];
  if (!db->num_clauses) return;
  uint32_t binary = 0;
  double sq = 0;
  f->min_len = UINT32_MAX;
  for (uint32_t c = 0; c < db->num_clauses; c++) {
    uint32_t len = db->clause_start[c + 1] - db->clause_start[c];
    if (len > f->max_len) f->max_len = len;
    if (len < f->min_len) f->min_len = len;
    binary += len == 2;
    sq += (double)len * len;
  }
  f->mean_len = (double)f->lits / db->num_clauses;
  f->binary_fraction = (double)binary / db->num_clauses;
  double var = sq / db->num_clauses - f->mean_len * f->mean_len;
  f->len_stddev = var > 0 ? sqrt(var) : 0;
  f->mean_stream = db->num_vars ? (double)db->stream_entries / (2.0 * db->num_vars) : 0;
}

gsat_status gsat_db_build(gsat_db *db, const gsat_cnf *cnf, gsat_error *err) {
  return gsat_db_build_stoppable(db, cnf, NULL, 0, err);
}

gsat_status gsat_db_build_stoppable(gsat_db *db, const gsat_cnf *cnf, const gsat_flag *stop_flag,
                                    double deadline, gsat_error *err) {
  GSAT_FORWARD(gsat_db_build_clauses(db, cnf, stop_flag, deadline, err));
  gsat_status st = gsat_db_build_streams(db, stop_flag, deadline, err);
  if (st != GSAT_OK) gsat_db_free(db);
  return st;
}

gsat_status gsat_db_build_streams(gsat_db *db, const gsat_flag *stop_flag, double deadline,
                                  gsat_error *err) {
  const halt h = {stop_flag, deadline};
  if (db->occ_start) return GSAT_OK;
  return halted(&h) ? INTERRUPTED(err) : build_streams(db, &h, err);
}

gsat_status gsat_db_build_clauses(gsat_db *db, const gsat_cnf *cnf, const gsat_flag *stop_flag,
                                  double deadline, gsat_error *err) {
  const halt h = {stop_flag, deadline}, *stop = &h;
  memset(db, 0, sizeof *db);
  db->ext_vars = cnf->declared_vars > cnf->max_var ? cnf->declared_vars : cnf->max_var;
  GSAT_RETURN_IF(cnf->num_lits >= UINT32_MAX, err, RESOURCE,
                 "%zu literals, more than the search supports (2^32 - 1)", cnf->num_lits);
  var_map m;
  gsat_status st = compact_variables(db, cnf, &m, err);
  if (st != GSAT_OK) {
    gsat_db_free(db);
    return st;
  }
  uint32_t L = 2 * db->num_vars;
  uint32_t *stamp = calloc((size_t)L + 1, sizeof *stamp);
  db->clause_start = malloc((cnf->num_clauses + 1) * sizeof *db->clause_start);
  db->clause_lits = malloc((cnf->num_lits ? cnf->num_lits : 1) * sizeof *db->clause_lits);
  db->units = malloc((cnf->num_clauses ? cnf->num_clauses : 1) * sizeof *db->units);
  if (!stamp || !db->clause_start || !db->clause_lits || !db->units) {
    free(stamp);
    free(m.direct);
    gsat_db_free(db);
    return gsat_error_set(err, GSAT_NOMEM, "out of memory for the search database");
  }
  uint32_t nclauses = 0, nlits = 0;
  db->clause_start[0] = 0;
  for (size_t c = 0; c < cnf->num_clauses; c++) {
    if (stop_now(stop, c)) {
      free(stamp);
      free(m.direct);
      gsat_db_free(db);
      return INTERRUPTED(err);
    }
    const uint32_t mark = 1; /* stamps are cleared after every clause */
    uint32_t begin = nlits;
    int tautology = 0;
    for (size_t i = cnf->clause_start[c]; i < cnf->clause_start[c + 1]; i++) {
      gsat_lit e = cnf->lits[i];
      gsat_lit l = GSAT_LIT(map_var(&m, GSAT_VAR(e)), GSAT_SIGN(e));
      if (stamp[l] == mark) continue; /* duplicate literal */
      if (stamp[GSAT_NOT(l)] == mark) tautology = 1;
      stamp[l] = mark;
      db->clause_lits[nlits++] = l;
    }
    uint32_t len = nlits - begin;
    if (tautology) {
      nlits = begin;
    } else if (len == 0) {
      db->empty_clause = 1;
    } else if (len == 1) {
      nlits = begin;
      db->units[db->num_units++] = db->clause_lits[begin];
    } else {
      db->clause_start[++nclauses] = nlits;
    }
    /* Clear the stamps of this clause (its literals are still in place). */
    for (uint32_t i = begin; i < begin + len; i++) stamp[db->clause_lits[i]] = 0;
  }
  free(stamp);
  free(m.direct);
  db->num_clauses = nclauses;
  /* Merge duplicate units. */
  if (db->num_units > 1) {
    qsort(db->units, db->num_units, sizeof *db->units, compare_u32);
    uint32_t k = 0;
    for (uint32_t i = 0; i < db->num_units; i++)
      if (!k || db->units[k - 1] != db->units[i]) db->units[k++] = db->units[i];
    db->num_units = k;
  }
  db->stream_entries = planned_stream_entries(db);
  st = halted(stop) ? INTERRUPTED(err) : build_order(db, err);
  if (st != GSAT_OK) {
    gsat_db_free(db);
    return st;
  }
  compute_features(db);
  return GSAT_OK;
}

gsat_status gsat_db_build_order(gsat_db *db, gsat_error *err) {
  if (db->order) return GSAT_OK;
  return build_order(db, err);
}

gsat_db_view gsat_db_view_of(const gsat_db *db) {
  gsat_db_view v;
  v.num_vars = db->num_vars;
  v.num_clauses = db->num_clauses;
  v.order_len = db->order_len;
  v.num_lits = db->clause_start[db->num_clauses];
  v.occ_start = db->occ_start;
  v.occ_stream = db->occ_stream;
  v.order = db->order;
  v.clause_start = db->clause_start;
  v.clause_lits = db->clause_lits;
  return v;
}
