/* Incremental use of the API: see incremental.h. */
#include "api/incremental.h"

#include <assert.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "base/clock.h"

/* Milliseconds between two calls of the terminate callback. */
#define WATCH_MS 2

void gsat_inc_init(gsat_incremental *inc) {
  memset(inc, 0, sizeof *inc);
  pthread_mutex_init(&inc->learn_lock, NULL);
}

void gsat_inc_free(gsat_incremental *inc) {
  free(inc->assumed);
  free(inc->internal);
  free(inc->failed);
  free(inc->learn_buf);
  free(inc->kept_lits);
  free(inc->kept_start);
  free(inc->extra_start);
  free(inc->extra_lits);
  pthread_mutex_destroy(&inc->learn_lock);
  memset(inc, 0, sizeof *inc);
}

void gsat_inc_forget(gsat_incremental *inc) {
  inc->num_assumed = 0;
  inc->num_failed = 0;
  inc->num_kept = 0; /* kept_start[0] stays 0 */
  inc->keep = 0;
}

gsat_status gsat_inc_assume(gsat_incremental *inc, int32_t lit, gsat_error *err) {
  if (inc->num_assumed == inc->cap_assumed) {
    size_t cap = inc->cap_assumed ? 2 * inc->cap_assumed : 16;
    int32_t *a = realloc(inc->assumed, cap * sizeof *a);
    GSAT_RETURN_IF(!a, err, NOMEM, "out of memory for %zu assumptions", cap);
    inc->assumed = a;
    inc->cap_assumed = cap;
  }
  inc->assumed[inc->num_assumed++] = lit;
  return GSAT_OK;
}

static int cmp_i32(const void *a, const void *b) {
  int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
  return (x > y) - (x < y);
}

int gsat_inc_failed(const gsat_incremental *inc, int32_t lit) {
  return inc->num_failed &&
         bsearch(&lit, inc->failed, inc->num_failed, sizeof lit, cmp_i32) != NULL;
}

/* Internal variable of external variable x (0-based) in db, or NOREF. */
static uint32_t internal_var(const gsat_db *db, gsat_var x) {
  uint32_t lo = 0, hi = db->num_vars;
  while (lo < hi) {
    uint32_t mid = lo + (hi - lo) / 2;
    if (db->ext_var[mid] < x)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo < db->num_vars && db->ext_var[lo] == x ? lo : GSAT_CDCL_NOREF;
}

static int32_t dimacs_of(const gsat_db *db, gsat_lit l) {
  int32_t v = (int32_t)db->ext_var[GSAT_VAR(l)] + 1;
  return GSAT_SIGN(l) ? -v : v;
}

/* The learn callback's sink: hands short clauses over as DIMACS (serialized:
 * several searchers may learn at once), then passes everything on. */
/* Keeps a short learned clause; the caller holds learn_lock. */
static void keep_clause(gsat_incremental *inc, const gsat_lit *lits, uint32_t n) {
  if (n == 0 || n > GSAT_INC_KEEP_LEN || inc->num_kept >= GSAT_INC_KEEP_CLAUSES) return;
  uint32_t at = inc->kept_start[inc->num_kept];
  for (uint32_t k = 0; k < n; k++) inc->kept_lits[at + k] = dimacs_of(inc->db, lits[k]);
  inc->kept_start[++inc->num_kept] = at + n;
}

static void learn_add(void *data, const gsat_lit *lits, uint32_t n) {
  gsat_incremental *inc = data;
  if (inc->chain) inc->chain->add(inc->chain->data, lits, n);
  int learn = inc->learn && n > 0 && (int64_t)n <= inc->learn_max;
  if (!learn && (!inc->keep || n == 0 || n > GSAT_INC_KEEP_LEN)) return;
  pthread_mutex_lock(&inc->learn_lock);
  if (inc->keep) keep_clause(inc, lits, n);
  if (learn) {
    for (uint32_t k = 0; k < n; k++) inc->learn_buf[k] = dimacs_of(inc->db, lits[k]);
    inc->learn_buf[n] = 0;
    inc->learn(inc->learn_data, inc->learn_buf);
  }
  pthread_mutex_unlock(&inc->learn_lock);
}

/* Maps the kept clauses over db's variables into inc->extra_* (*mapped of
 * them); allocates the store on first use.  The store keeps its clauses
 * (imports are not learned again) and takes new ones until it is full. */
static gsat_status map_kept(gsat_incremental *inc, const gsat_db *db, uint32_t *mapped,
                            gsat_error *err) {
  if (!inc->kept_start) {
    inc->kept_start = calloc(GSAT_INC_KEEP_CLAUSES + 1, sizeof *inc->kept_start);
    inc->kept_lits = malloc(GSAT_INC_KEEP_CLAUSES * GSAT_INC_KEEP_LEN * sizeof *inc->kept_lits);
    inc->extra_start = malloc((GSAT_INC_KEEP_CLAUSES + 1) * sizeof *inc->extra_start);
    inc->extra_lits = malloc(GSAT_INC_KEEP_CLAUSES * GSAT_INC_KEEP_LEN * sizeof *inc->extra_lits);
    GSAT_RETURN_IF(!inc->kept_start || !inc->kept_lits || !inc->extra_start || !inc->extra_lits,
                   err, NOMEM, "out of memory for the kept learned clauses");
  }
  uint32_t m = 0, at = 0;
  inc->extra_start[0] = 0;
  for (uint32_t c = 0; c < inc->num_kept; c++) {
    uint32_t k = 0, ok = 1;
    for (uint32_t i = inc->kept_start[c]; i < inc->kept_start[c + 1] && ok; i++) {
      gsat_lit ext = gsat_lit_from_dimacs(inc->kept_lits[i]);
      uint32_t v = internal_var(db, GSAT_VAR(ext));
      ok = v != GSAT_CDCL_NOREF;
      if (ok) inc->extra_lits[at + k++] = GSAT_LIT(v, GSAT_SIGN(ext));
    }
    if (!ok) continue;
    at += k;
    inc->extra_start[++m] = at;
  }
  *mapped = m;
  return GSAT_OK;
}

static void learn_del(void *data, const gsat_lit *lits, uint32_t n) {
  gsat_incremental *inc = data;
  if (inc->chain) inc->chain->del(inc->chain->data, lits, n);
}

static void *watch_main(void *arg) {
  gsat_incremental *inc = arg;
  while (!__atomic_load_n(&inc->quit, __ATOMIC_ACQUIRE)) {
    if (inc->terminate(inc->terminate_data)) {
      __atomic_store_n(&inc->stopped_by_callback, 1, __ATOMIC_RELEASE);
      GSAT_FLAG_RAISE(inc->stop);
      break;
    }
    gsat_sleep(WATCH_MS * 1e-3);
  }
  return NULL;
}

/* The failed set of two contradicting assumptions a and -a. */
static void contradicting(gsat_incremental *inc, int32_t a, int *trivial) {
  inc->failed[0] = a < -a ? a : -a;
  inc->failed[1] = -inc->failed[0];
  inc->num_failed = 2;
  *trivial = 1;
}

/* Maps the assumptions, each variable once: a repeated literal is dropped
 * (the search takes at most one assumption per variable: more were cut off,
 * the last ones ignored), a literal whose negation came before makes the
 * solve trivially UNSAT; assumptions on variables in no clause only need to
 * agree with each other.  Errors: NOMEM. */
static gsat_status map_assumptions(gsat_incremental *inc, const gsat_db *db, int *trivial,
                                   uint32_t *mapped, gsat_error *err) {
  free(inc->internal);
  inc->internal = malloc((inc->num_assumed + 1) * sizeof *inc->internal);
  uint8_t *sign = calloc((size_t)db->num_vars + 1, 1); /* 1 + sign of v's assumption */
  if (!inc->internal || !sign) free(sign);
  GSAT_RETURN_IF(!inc->internal || !sign, err, NOMEM, "out of memory for the assumptions");
  size_t k = 0;
  for (size_t i = 0; i < inc->num_assumed && !*trivial; i++) {
    int32_t a = inc->assumed[i];
    gsat_lit ext = gsat_lit_from_dimacs(a);
    uint32_t v = internal_var(db, GSAT_VAR(ext));
    if (v != GSAT_CDCL_NOREF) {
      if (sign[v] == 1 + GSAT_SIGN(ext)) continue;
      if (sign[v]) contradicting(inc, a, trivial);
      sign[v] = (uint8_t)(1 + GSAT_SIGN(ext));
      inc->internal[k++] = GSAT_LIT(v, GSAT_SIGN(ext));
      continue;
    }
    for (size_t j = 0; j < i && !*trivial; j++)
      if (inc->assumed[j] == -a) contradicting(inc, a, trivial);
  }
  free(sign);
  *mapped = (uint32_t)k;
  return GSAT_OK;
}

gsat_status gsat_inc_begin(gsat_incremental *inc, const gsat_db *db, gsat_flag *stop,
                           const gsat_proof_sink *proof, int keep, gsat_search_params *p,
                           int *trivially_unsat, gsat_error *err) {
  *trivially_unsat = 0;
  inc->num_failed = 0;
  free(inc->failed);
  inc->failed = malloc((inc->num_assumed + 2) * sizeof *inc->failed);
  GSAT_RETURN_IF(!inc->failed, err, NOMEM, "out of memory for the failed assumptions");
  uint32_t mapped = 0;
  GSAT_FORWARD(map_assumptions(inc, db, trivially_unsat, &mapped, err));
  p->assumptions = mapped ? inc->internal : NULL;
  p->num_assumptions = mapped;
  p->proof = proof;
  inc->db = db;
  inc->keep = keep && !proof;
  if (inc->keep) {
    uint32_t extra = 0;
    GSAT_FORWARD(map_kept(inc, db, &extra, err));
    p->extra_start = inc->extra_start;
    p->extra_lits = inc->extra_lits;
    p->num_extra = extra;
  }
  if (inc->learn || inc->keep) {
    inc->chain = proof;
    inc->sink = (gsat_proof_sink){learn_add, learn_del, inc};
    p->proof = &inc->sink;
  }
  return gsat_inc_watch(inc, stop, err);
}

gsat_status gsat_inc_watch(gsat_incremental *inc, gsat_flag *stop, gsat_error *err) {
  if (inc->watching) return GSAT_OK;
  inc->stopped_by_callback = 0;
  inc->quit = 0;
  inc->stop = stop;
  if (!inc->terminate) return GSAT_OK;
  GSAT_RETURN_IF(pthread_create(&inc->watcher, NULL, watch_main, inc) != 0, err, RESOURCE,
                 "cannot start the terminate-callback thread: %s", strerror(errno));
  inc->watching = 1;
  return GSAT_OK;
}

void gsat_inc_unwatch(gsat_incremental *inc) {
  if (!inc->watching) return;
  __atomic_store_n(&inc->quit, 1, __ATOMIC_RELEASE);
  pthread_join(inc->watcher, NULL);
  inc->watching = 0;
  if (inc->stopped_by_callback) GSAT_FLAG_CLEAR(inc->stop);
}

gsat_status gsat_inc_end(gsat_incremental *inc, const gsat_search_result *r, gsat_error *err) {
  gsat_inc_unwatch(inc);
  if (r && r->answer == GSAT_ANSWER_UNSAT && r->unsat_assumptions) {
    assert(r->failed_len <= inc->num_assumed);
    for (uint32_t i = 0; i < r->failed_len; i++) inc->failed[i] = dimacs_of(inc->db, r->failed[i]);
    inc->num_failed = r->failed_len;
    qsort(inc->failed, inc->num_failed, sizeof *inc->failed, cmp_i32);
  }
  inc->num_assumed = 0;
  inc->db = NULL;
  inc->keep = 0;
  return GSAT_OK;
}

gsat_status gsat_inc_set_learn(gsat_incremental *inc, int32_t max_length,
                               void (*learn)(void *data, int32_t *clause), void *data,
                               gsat_error *err) {
  int32_t *buf = NULL;
  if (learn && max_length > 0) {
    buf = malloc(((size_t)max_length + 1) * sizeof *buf);
    GSAT_RETURN_IF(!buf, err, NOMEM, "out of memory for learned clauses of %d literals",
                   (int)max_length);
  }
  free(inc->learn_buf);
  inc->learn_buf = buf;
  inc->learn = buf ? learn : NULL;
  inc->learn_data = data;
  inc->learn_max = max_length;
  return GSAT_OK;
}
