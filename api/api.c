/* The public API (gsat.h): clause collection, backend and heuristic choice, the
 * model check, statistics.  The search itself is in cpu/ and gpu/. */
#include "base/clock.h"
#include "api/gsat.h"
#include "api/incremental.h"
#include "api/backends.h"
#include "api/portfolio.h"

#include <assert.h>
#include <stdarg.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/choose.h"
#include "core/cnf.h"
#include "base/control.h"
#include "cpu/cdcl_portfolio.h"
#include "cpu/cdcl_simp.h"
#include "cpu/cpu_ref.h"
#include "core/cdcl_host.h"
#include "core/db.h"
#include "dimacs/dimacs.h"
#include "mpi/dist.h"
#include "kernels/device.h"
#include "gpu/kernel_wait.h"
#include "gpu/search.h"
#include "core/options.h"
#include "core/proof.h"
#include "core/search.h"

enum { STATE_ADDING, STATE_SOLVED };

/* The search's answers are the API's results. */
_Static_assert(GSAT_ANSWER_SAT == GSAT_SATISFIABLE && GSAT_ANSWER_UNSAT == GSAT_UNSATISFIABLE &&
                   GSAT_ANSWER_UNKNOWN == GSAT_UNKNOWN,
               "gsat_answer and gsat.h agree");
/* The searches and backends of the statistics are the option values. */
_Static_assert(GSAT_SEARCH_ID_NONE == (int)GSAT_SEARCH_AUTO &&
                   GSAT_SEARCH_ID_DPLL == (int)GSAT_SEARCH_DPLL &&
                   GSAT_SEARCH_ID_CDCL == (int)GSAT_SEARCH_CDCL &&
                   GSAT_SEARCH_ID_WALK == (int)GSAT_SEARCH_WALK &&
                   GSAT_BACKEND_ID_NONE == (int)GSAT_BACKEND_AUTO &&
                   GSAT_BACKEND_ID_CPU == (int)GSAT_BACKEND_CPU &&
                   GSAT_BACKEND_ID_GPU == (int)GSAT_BACKEND_GPU,
               "gsat.h's search and backend ids are the option values");

/* Dense model entry of a variable that occurs in no clause. */
#define NO_VALUE 2

struct gsat_solver {
  gsat_options opt;
  gsat_cnf cnf; /* every clause as added: the model is checked against it */
  gsat_error err;
  gsat_status pending; /* error from gsat_add, reported by gsat_solve */
  int state, answer;
  /* After SAT, the values of the variables that occur in a clause: dense,
   * model[v] for external variable v < model_size (model_vars NULL), or sparse,
   * model[i] for external variable model_vars[i] (ascending), when the largest
   * index is far above the number of literals (nothing is ever allocated per
   * declared variable or per index). */
  uint8_t *model; /* dense: 0 false, 1 true, NO_VALUE: in no clause */
  gsat_var *model_vars;
  size_t model_size;
  gsat_flag stop;
  gsat_statistics stats;
  gsat_worker_statistics *worker;
  gsat_rank_statistics *rank; /* [stats.ranks] after a distributed solve */
  gsat_member_statistics member[GSAT_RACE_MAX_MEMBERS]; /* the portfolio's */
  gsat_progress_callback progress;
  void *progress_data;
  gsat_warning_callback warn;
  void *warn_data;
  gsat_incremental inc; /* assumptions and callbacks (incremental.h) */
  uint64_t solves;      /* searches started: from the second on, learned
                         * clauses are kept for the next (incremental.h) */
  int input_known;      /* the last file read: its device and inode, so that */
  dev_t input_dev;      /* a proof is never written over it */
  ino_t input_ino;
  gsat_gpu_engine *gpu;      /* the GPU state kept between solves (gpu/search.h) */
  gsat_gpu_engine *lent_gpu; /* an engine a portfolio's GPU member may still hold */
};

const char *gsat_signature(void) {
  return "gsat " GSAT_VERSION;
}

gsat_solver *gsat_init(void) {
  gsat_solver *s = calloc(1, sizeof *s);
  if (!s) return NULL;
  gsat_options_init(&s->opt);
  gsat_cnf_init(&s->cnf);
  gsat_inc_init(&s->inc);
  gsat_error_clear(&s->err);
  s->gpu = gsat_gpu_engine_new();
  if (!s->gpu) {
    gsat_release(s);
    return NULL;
  }
  if (gsat_options_from_env(&s->opt, &s->err) != GSAT_OK) s->pending = GSAT_USAGE;
  return s;
}

static void free_model(gsat_solver *s) {
  free(s->model);
  free(s->model_vars);
  s->model = NULL;
  s->model_vars = NULL;
  s->model_size = 0;
}

/* Frees the engine lent to a GPU member left in its setup once no member runs
 * in the background any more (else it stays lent: the process is ending). */
static void free_lent_gpu_engine(gsat_solver *s) {
  if (s->lent_gpu && !gsat_race_background()) {
    gsat_gpu_engine_free(s->lent_gpu);
    s->lent_gpu = NULL;
  }
}

/* The portfolio left its GPU member in its setup, still holding s->gpu: the
 * engine stays lent to it and later solves get a new one. */
static void lend_gpu_engine(gsat_solver *s) {
  free_lent_gpu_engine(s);
  if (!s->lent_gpu) s->lent_gpu = s->gpu; /* else leaked: two members still in setup */
  s->gpu = gsat_gpu_engine_new();         /* NULL: each solve uses a temporary engine */
}

void gsat_release(gsat_solver *s) {
  if (!s) return;
  gsat_cnf_free(&s->cnf);
  gsat_inc_free(&s->inc);
  free_model(s);
  free(s->worker);
  free(s->rank);
  gsat_gpu_engine_free(s->gpu);
  free_lent_gpu_engine(s);
  free(s);
}

void gsat_reset(gsat_solver *s) {
  gsat_cnf_free(&s->cnf);
  gsat_cnf_init(&s->cnf);
  gsat_inc_forget(&s->inc);
  free_model(s);
  free(s->worker);
  s->worker = NULL;
  free(s->rank);
  s->rank = NULL;
  memset(&s->stats, 0, sizeof s->stats);
  gsat_error_clear(&s->err);
  s->pending = GSAT_OK;
  s->state = STATE_ADDING;
  s->answer = GSAT_UNKNOWN;
  s->solves = 0;
  s->input_known = 0;
}

int gsat_set_proof_path(gsat_solver *s, const char *path) {
  return gsat_set_option(s, "proof", path ? path : "");
}

/* The DRAT proof file requested (option proof), or NULL. */
static const char *proof_path(const gsat_solver *s) {
  return s->opt.proof[0] ? s->opt.proof : NULL;
}

static void to_adding(gsat_solver *s) {
  if (s->state != STATE_SOLVED) return;
  s->state = STATE_ADDING;
  s->answer = GSAT_UNKNOWN;
  free_model(s);
}

void gsat_add(gsat_solver *s, int32_t lit) {
  to_adding(s);
  if (s->pending != GSAT_OK) return;
  gsat_status st;
  if (lit == INT32_MIN)
    st = gsat_error_set(&s->err, GSAT_USAGE, "gsat_add: invalid literal %d", (int)lit);
  else if (lit == 0)
    st = gsat_cnf_end_clause(&s->cnf, &s->err);
  else
    st = gsat_cnf_add_lit(&s->cnf, gsat_lit_from_dimacs(lit), &s->err);
  s->pending = st;
}

static void forward_warning(void *data, const char *file, uint64_t line, const char *message) {
  gsat_solver *s = data;
  if (s->warn) s->warn(s->warn_data, file, line, message);
}

/* Records the device and inode of the file read (for standard input, of the
 * file it is redirected from: `gsat --proof=f.cnf < f.cnf`). */
static void remember_input(gsat_solver *s, const char *path) {
  struct stat st;
  const int std_in = !path || !strcmp(path, "-");
  s->input_known = std_in ? !fstat(STDIN_FILENO, &st) && S_ISREG(st.st_mode) : !stat(path, &st);
  if (s->input_known) {
    s->input_dev = st.st_dev;
    s->input_ino = st.st_ino;
  }
}

/* USAGE when the proof path names the input file read last (which writing
 * the proof would overwrite: `gsat f.cnf f.cnf`); a proof path "-" is
 * refused before, with the options (check_proof_options). */
static gsat_status check_proof_not_input(gsat_solver *s, const char *proof) {
  struct stat st;
  GSAT_RETURN_IF(
      s->input_known && !stat(proof, &st) && st.st_dev == s->input_dev && st.st_ino == s->input_ino,
      &s->err, USAGE, "the proof file '%s' is the input file: refusing to overwrite it", proof);
  return GSAT_OK;
}

int gsat_read_dimacs(gsat_solver *s, const char *path) {
  to_adding(s);
  if (s->pending != GSAT_OK) return s->pending;
  gsat_error_clear(&s->err);
  gsat_dimacs_options o;
  memset(&o, 0, sizeof o);
  o.mode = s->opt.strict    ? GSAT_DIMACS_STRICT
           : s->opt.relaxed ? GSAT_DIMACS_RELAXED
                            : GSAT_DIMACS_DEFAULT;
  o.declared_only = proof_path(s) != NULL; /* drat-trim reads no more */
  o.warn = forward_warning;
  o.warn_data = s;
  o.stop = &s->stop;
  double t0 = gsat_seconds();
  gsat_cnf file;
  gsat_cnf_init(&file);
  /* Distributed (mpi/): rank 0 reads, every rank gets its clauses. */
  gsat_status st =
      gsat_dist_rank() == 0 ? gsat_dimacs_read_path(path, &o, &file, &s->err) : GSAT_OK;
  st = gsat_dist_share_cnf(&file, st, &s->err);
  s->stats.parse_seconds = gsat_seconds() - t0;
  remember_input(s, path);
  if (st != GSAT_OK) {
    gsat_cnf_free(&file);
    return st;
  }
  if (s->cnf.num_clauses == 0 && gsat_cnf_open_size(&s->cnf) == 0) {
    gsat_cnf_free(&s->cnf);
    s->cnf = file; /* the common case: adopt without copying */
    return GSAT_OK;
  }
  /* Append to clauses added before. */
  uint64_t declared =
      file.declared_vars > s->cnf.declared_vars ? file.declared_vars : s->cnf.declared_vars;
  st = gsat_cnf_reserve_lits(&s->cnf, file.num_lits, &s->err);
  for (size_t c = 0; st == GSAT_OK && c < file.num_clauses; c++) {
    for (size_t i = file.clause_start[c]; st == GSAT_OK && i < file.clause_start[c + 1]; i++)
      st = gsat_cnf_add_lit(&s->cnf, file.lits[i], &s->err);
    if (st == GSAT_OK) st = gsat_cnf_end_clause(&s->cnf, &s->err);
  }
  s->cnf.declared_vars = declared;
  gsat_cnf_free(&file);
  return st;
}

int gsat_set_option(gsat_solver *s, const char *name, const char *value) {
  return gsat_option_set(&s->opt, name, value, &s->err);
}

double gsat_get_option(gsat_solver *s, const char *name) {
  const gsat_option_info *info = gsat_option_find(name);
  return info ? gsat_option_get(&s->opt, info) : 0;
}

void gsat_assume(gsat_solver *s, int32_t lit) {
  to_adding(s);
  if (s->pending != GSAT_OK) return;
  if (lit == 0 || lit == INT32_MIN)
    s->pending = gsat_error_set(&s->err, GSAT_USAGE, "gsat_assume: invalid literal %d", (int)lit);
  else
    s->pending = gsat_inc_assume(&s->inc, lit, &s->err);
}

int gsat_failed(gsat_solver *s, int32_t lit) {
  return s->state == STATE_SOLVED && s->answer == GSAT_UNSATISFIABLE &&
         gsat_inc_failed(&s->inc, lit);
}

void gsat_set_terminate(gsat_solver *s, void *data, int (*terminate)(void *data)) {
  s->inc.terminate = terminate;
  s->inc.terminate_data = data;
}

int gsat_set_learn(gsat_solver *s, void *data, int max_length,
                   void (*learn)(void *data, int32_t *clause)) {
  return gsat_inc_set_learn(&s->inc, max_length, learn, data, &s->err) == GSAT_OK ? 0 : -1;
}

void gsat_terminate(gsat_solver *s) {
  GSAT_FLAG_RAISE(&s->stop);
}
void gsat_reset_terminate(gsat_solver *s) {
  GSAT_FLAG_CLEAR(&s->stop);
}

const char *gsat_last_error(gsat_solver *s) {
  return s->err.message;
}

const gsat_statistics *gsat_get_statistics(gsat_solver *s) {
  return &s->stats;
}

int64_t gsat_max_variable(gsat_solver *s) {
  uint64_t m = s->cnf.declared_vars > s->cnf.max_var ? s->cnf.declared_vars : s->cnf.max_var;
  return (int64_t)m;
}

void gsat_set_progress_callback(gsat_solver *s, gsat_progress_callback fn, void *data) {
  s->progress = fn;
  s->progress_data = data;
}

void gsat_set_warning_callback(gsat_solver *s, gsat_warning_callback fn, void *data) {
  s->warn = fn;
  s->warn_data = data;
}

/* Value of external variable v in the model: 1 true, 0 false, -1 when v
 * occurs in no clause. */
static int model_value(const gsat_solver *s, uint64_t v) {
  if (!s->model_vars) {
    if (v >= s->model_size || s->model[v] == NO_VALUE) return -1;
    return s->model[v];
  }
  size_t k = gsat_var_lower_bound(s->model_vars, s->model_size, v);
  return k < s->model_size && s->model_vars[k] == v ? s->model[k] : -1;
}

int32_t gsat_value(gsat_solver *s, int32_t lit) {
  if (s->state != STATE_SOLVED || s->answer != GSAT_SATISFIABLE || lit == 0 || lit == INT32_MIN)
    return 0;
  int truth = model_value(s, (uint64_t)(lit > 0 ? lit : -lit) - 1);
  if (truth < 0) return 0;
  return lit > 0 ? (truth ? lit : -lit) : (truth ? -lit : lit);
}

int64_t gsat_next_model_variable(gsat_solver *s, int64_t v) {
  if (s->state != STATE_SOLVED || s->answer != GSAT_SATISFIABLE || v < 0) return 0;
  if (!s->model_vars) { /* dense: index v is variable v + 1 */
    for (uint64_t i = (uint64_t)v; i < s->model_size; i++)
      if (s->model[i] != NO_VALUE) return (int64_t)i + 1;
    return 0;
  }
  /* index >= v: variable > v */
  size_t k = gsat_var_lower_bound(s->model_vars, s->model_size, (uint64_t)v);
  return k < s->model_size ? (int64_t)s->model_vars[k] + 1 : 0;
}

/*------------------------------------------------------------------------*/

/* The reported value of every counter (counters.h) of w into the public
 * struct *o (gsat_statistics, gsat_worker_statistics, ...). */
#define COPY_COUNTER(o, name, in, dpll, cdcl, shown, rate, label, help)                            \
  (o)->name = GSAT_CTR_VALUE_##in(*w, dpll, cdcl, name);
static void copy_progress_counters(gsat_progress_counters *o, const gsat_worker_stats *w) {
  GSAT_COUNTERS(COPY_COUNTER, o)
}

static void forward_progress(void *data, const gsat_progress *p) {
  gsat_solver *s = data;
  gsat_progress_report r;
  memset(&r, 0, sizeof r);
  r.seconds = p->seconds;
  r.cubes_left = p->cubes_left;
  r.busy_workers = p->busy_workers;
  snprintf(r.search, sizeof r.search, "%s", gsat_search_name(p->search));
  r.search_id = (gsat_search_id)p->search;
  copy_progress_counters(&r.counters, &p->total);
  r.nodes = r.counters.nodes;
  r.checks = r.counters.checks;
  s->progress(s->progress_data, &r);
}
static void copy_counters(gsat_statistics *st, const gsat_worker_stats *w) {
  GSAT_COUNTERS(COPY_COUNTER, st)
}
static void copy_worker_counters(gsat_worker_statistics *o, const gsat_worker_stats *w) {
  GSAT_COUNTERS(COPY_COUNTER, o)
}
static void copy_member_counters(gsat_member_statistics *o, const gsat_worker_stats *w) {
  GSAT_COUNTERS(COPY_COUNTER, o)
}
#undef COPY_COUNTER

static void copy_result_statistics(gsat_solver *s, const gsat_search_result *r) {
  gsat_statistics *st = &s->stats;
  st->search_seconds = r->search_seconds;
  copy_counters(st, &r->total);
  st->checks_per_second = r->search_seconds > 0 ? (double)st->checks / r->search_seconds : 0;
  st->workers = r->num_workers;
  st->workers_requested = r->workers_requested;
  free(s->worker);
  s->worker = NULL;
  st->worker = NULL;
  if (r->workers && r->num_workers) {
    s->worker = calloc(r->num_workers, sizeof *s->worker);
    if (s->worker) {
      for (uint32_t i = 0; i < r->num_workers; i++) {
        const gsat_worker_stats *w = &r->workers[i];
        gsat_worker_statistics *o = &s->worker[i];
        copy_worker_counters(o, w);
        o->busy_seconds = w->busy_seconds;
      }
      st->worker = s->worker;
    }
  }
  snprintf(st->device, sizeof st->device, "%s", r->device_name);
  st->context_seconds = r->context_seconds;
  st->upload_seconds = r->upload_seconds;
  st->kernel_seconds = r->kernel_seconds;
  st->occupancy = r->occupancy;
  st->gpu_busy = r->gpu_busy;
  st->gpu_replay = r->gpu_replay;
  st->steals_warp = r->steals_warp;
  st->steals_block = r->steals_block;
  st->gpu_blocks = r->gpu_blocks;
  st->gpu_cdcl_searchers = r->gpu_cdcl_searchers;
  st->gpu_cdcl_retired = r->gpu_cdcl_retired;
  st->gpu_cdcl_arena_bytes = 4 * r->gpu_cdcl_arena_words;
  st->gpu_cdcl_device_bytes = r->gpu_cdcl_bytes;
  st->gpu_cdcl_cubes = r->gpu_cdcl_cubes;
  st->gpu_cdcl_cubes_refuted = r->gpu_cdcl_cubes_refuted;
  st->gpu_cdcl_cube_nodes = r->gpu_cdcl_cube_nodes;
  st->gpu_cdcl_cube_cap = r->gpu_cdcl_cube_cap;
  st->gpu_cdcl_proof_ring_bytes = r->gpu_cdcl_proof_ring_bytes;
  st->gpu_cdcl_proof_records = r->gpu_cdcl_proof_records;
  st->gpu_threads = r->gpu_threads;
  snprintf(st->gpu_map, sizeof st->gpu_map, "%s",
           r->gpu_walk_lane                  ? "lane"
           : r->gpu_map == GSAT_GPU_MAP_WARP ? "warp"
                                             : "");
  snprintf(st->gpu_layout, sizeof st->gpu_layout, "%s",
           r->gpu_layout == GSAT_GPU_LAYOUT_SLOT  ? "slot"
           : r->gpu_layout == GSAT_GPU_LAYOUT_CSR ? "csr"
                                                  : "");
  st->layout_seconds = r->layout_seconds;
  snprintf(st->gpu_walk_memory, sizeof st->gpu_walk_memory, "%s",
           r->gpu_walk_shared ? "shared" : "global");
  snprintf(st->gpu_walk_state, sizeof st->gpu_walk_state, "%s",
           r->gpu_walk_compact ? "compact" : "wide");
  st->gpu_walk_per_sm = r->gpu_walk_per_sm;
  st->gpu_walk_state_bytes = r->gpu_walk_state_bytes;
}

/* Keeps the model of the variables that occur (db->ext_var, internal values):
 * dense when the largest index is at most about twice the literal count,
 * sparse otherwise (see struct gsat_solver). */
static gsat_status keep_model(gsat_solver *s, const gsat_db *db, const uint8_t *internal) {
  free_model(s);
  const uint64_t n = s->cnf.max_var, dense_limit = 2 * (uint64_t)s->cnf.num_lits + (1u << 20);
  if (n <= dense_limit) {
    s->model = malloc(n ? n : 1);
    GSAT_RETURN_IF(!s->model, &s->err, NOMEM, "out of memory for the model");
    memset(s->model, NO_VALUE, n);
    s->model_size = (size_t)n;
    for (uint32_t v = 0; v < db->num_vars; v++) s->model[db->ext_var[v]] = internal[v] != 0;
    return GSAT_OK;
  }
  const size_t V = db->num_vars;
  s->model = malloc(V ? V : 1);
  s->model_vars = malloc((V ? V : 1) * sizeof *s->model_vars);
  GSAT_RETURN_IF(!s->model || !s->model_vars, &s->err, NOMEM, "out of memory for the model");
  s->model_size = V;
  for (size_t v = 0; v < V; v++) {
    GSAT_RETURN_IF(v && db->ext_var[v] <= db->ext_var[v - 1], &s->err, INTERNAL,
                   "the search database's variables are not in ascending order");
    s->model_vars[v] = db->ext_var[v];
    s->model[v] = internal[v] != 0;
  }
  return GSAT_OK;
}

/* First clause added that the kept model falsifies, or SIZE_MAX. */
static size_t first_falsified(const gsat_solver *s) {
  const gsat_cnf *cnf = &s->cnf;
  if (!s->model_vars) /* NO_VALUE counts as true, but never occurs in a clause
                       */
    return gsat_cnf_first_falsified(cnf, s->model, s->model_size);
  for (size_t c = 0; c < cnf->num_clauses; c++) {
    int sat = 0;
    for (size_t i = cnf->clause_start[c]; i < cnf->clause_start[c + 1] && !sat; i++) {
      gsat_lit l = cnf->lits[i];
      sat = model_value(s, GSAT_VAR(l)) == (int)!GSAT_SIGN(l);
    }
    if (!sat) return c;
  }
  return SIZE_MAX;
}

/* Maps the internal model to external variables and checks it against every
 * clause added.  A failure is an internal error, never an answer. */
static gsat_status check_model(gsat_solver *s, const gsat_db *db, const uint8_t *internal) {
  GSAT_FORWARD(keep_model(s, db, internal));
  size_t bad = first_falsified(s);
  GSAT_RETURN_IF(bad != SIZE_MAX, &s->err, INTERNAL,
                 "model check failed: clause %zu (of %zu) is falsified by the "
                 "model the %s "
                 "backend returned; no answer is given",
                 bad + 1, s->cnf.num_clauses, s->stats.backend);
  return GSAT_OK;
}

/* UNKNOWN before the search started: a stop request, or the time limit used
 * up while building the search database. */
static int stopped(gsat_solver *s) {
  s->state = STATE_SOLVED;
  s->answer = GSAT_UNKNOWN;
  return GSAT_UNKNOWN;
}

static unsigned online_cores(void) {
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n > 0 ? (unsigned)n : 1;
}

/* NODEVICE for backend gpu, with gsat_gpu_usable()'s reason.  The option
 * layer does not record where the value came from, so the message names both
 * ways to set it. */
static gsat_status no_usable_gpu(gsat_solver *s, const char *reason) {
  return gsat_error_set(&s->err, GSAT_NODEVICE,
                        "backend gpu (--backend=gpu or GSAT_BACKEND=gpu): no "
                        "usable GPU: %s (use --backend=cpu or auto)",
                        reason);
}

/* The CUDA device of this process: --device, or, under MPI with several
 * ranks, the node-local rank's turn among the host's visible devices from
 * --device on (gsat_dist_pick_device); -1 when none is visible. */
static int process_device(const gsat_solver *s) {
  if (gsat_dist_size() <= 1) return s->opt.device;
  return gsat_dist_pick_device(gsat_dist_local_rank(), s->opt.device, gsat_gpu_device_count());
}

/* Under MPI, the device of this rank in words, for the backend line. */
static void describe_rank_device(char *text, size_t size) {
  const int visible = gsat_gpu_device_count();
  const int dev = gsat_dist_pick_device(gsat_dist_local_rank(), 0, visible);
  if (dev < 0)
    snprintf(text, size, "rank %u: no CUDA device visible", gsat_dist_rank());
  else
    snprintf(text, size, "rank %u: device %d of %d (node-local rank %u)", gsat_dist_rank(), dev,
             visible, gsat_dist_local_rank());
}

/* --backend=gpu under MPI: NODEVICE (exit 7) when this rank has no usable
 * device (its own: gsat_dist_pick_device). */
static gsat_status check_gpu_rank(gsat_solver *s) {
  char reason[128] = "";
  const int dev = process_device(s);
  if (dev < 0) {
    snprintf(reason, sizeof reason, "rank %u of %u (node-local rank %u): no CUDA device visible",
             gsat_dist_rank(), gsat_dist_size(), gsat_dist_local_rank());
    return no_usable_gpu(s, reason);
  }
  if (!gsat_gpu_engine_usable(s->gpu, dev, reason, sizeof reason)) return no_usable_gpu(s, reason);
  return GSAT_OK;
}

int gsat_check_backend(gsat_solver *s) {
  char reason[128] = "";
  if (s->pending != GSAT_OK) return s->pending; /* its message stays */
  if (s->opt.backend == GSAT_BACKEND_GPU && gsat_dist_size() > 1) return check_gpu_rank(s);
  if (s->opt.backend != GSAT_BACKEND_GPU ||
      gsat_gpu_engine_usable(s->gpu, s->opt.device, reason, sizeof reason))
    return GSAT_OK;
  return no_usable_gpu(s, reason);
}

/* CPU threads of this process when --threads is 0: every core, or, with
 * several MPI ranks on this host, a share of them. */
static uint32_t threads_per_rank(unsigned cores) {
  uint32_t local = gsat_dist_local_size();
  return cores / local > 0 ? cores / local : 1;
}

static void keep_rank_statistics(gsat_solver *s, const gsat_dist_rank_stats *ranks, uint32_t n) {
  s->rank = calloc(n, sizeof *s->rank);
  if (!s->rank) return; /* the per-rank table is left out */
  for (uint32_t i = 0; i < n; i++) {
    const gsat_dist_rank_stats *k = &ranks[i];
    gsat_rank_statistics *o = &s->rank[i];
    o->threads = k->threads;
    o->nodes = k->work.n.nodes;
    o->checks = k->work.n.checks;
    o->cubes = k->work.cubes;
    o->donations = k->work.donations;
    o->steals = k->steals;
    o->given = k->given;
    o->requests = k->requests;
    o->refused = k->refused;
    o->conflicts = k->work.n.conflicts;
    o->clauses_sent = k->clauses_sent;
    o->clauses_received = k->clauses_received;
    o->rounds = k->rounds;
    o->port_out = k->work.port_out;
    o->port_in = k->work.port_in;
    o->busy_seconds = k->work.busy_seconds;
    o->search_seconds = k->search_seconds;
  }
  s->stats.ranks = n;
  s->stats.rank = s->rank;
}

/* The search over every MPI rank (mpi/): each rank runs row's
 * search, a CPU row with the rank's cube or clause port, a GPU row (or the
 * CPU row standing in for it, --mpi-cube-standin) in the GPU ranks' cube
 * loop on the solver's engine; rank 0 keeps the per-rank counters. */
static gsat_status solve_distributed(gsat_solver *s, const gsat_db *db, const gsat_search_params *p,
                                     const gsat_backend *row, gsat_search_result *r) {
  const uint32_t n = gsat_dist_size();
  gsat_dist_searcher searcher = {row->solve, s->gpu, 1, 1, {0, 0, 0, 0}};
#define COPY_KNOB(name) searcher.knobs.name = s->opt.name;
  GSAT_DIST_KNOBS(COPY_KNOB)
#undef COPY_KNOB
  if (row->machine == GSAT_BACKEND_CPU) {
    searcher.data = NULL;
    searcher.threads = p->threads ? p->threads : 1;
    searcher.cube_loop = s->opt.mpi_cube_standin;
  }
  gsat_dist_rank_stats *ranks = calloc(n, sizeof *ranks);
  GSAT_RETURN_IF(!ranks, &s->err, NOMEM, "out of memory for %u ranks", n);
  gsat_status st = gsat_dist_solve(db, p, row->search, &searcher, r, ranks, &s->err);
  if (st == GSAT_OK && gsat_dist_rank() == 0) keep_rank_statistics(s, ranks, n);
  free(ranks);
  return st;
}

/* Whether path is the file standard output writes to (/dev/stdout, or the
 * file stdout was redirected to), by device and inode; the null device is
 * not (`--proof=/dev/null >/dev/null` discards both, nothing interleaves). */
static int is_standard_output(const char *path) {
  struct stat p, out, null;
  if (stat(path, &p) || fstat(STDOUT_FILENO, &out)) return 0;
  if (p.st_dev != out.st_dev || p.st_ino != out.st_ino) return 0;
  return !(S_ISCHR(p.st_mode) && !stat("/dev/null", &null) && S_ISCHR(null.st_mode) &&
           p.st_rdev == null.st_rdev);
}

/* What the options alone make of a proof request (gsat_check_options):
 * USAGE for the path "-" (which would otherwise create a file named '-',
 * where a user means standard output) and for a path that is standard
 * output (the proof and the answer would interleave), with --search=dpll,
 * and in the distributed search (the ranks write no common proof). */
static gsat_status check_proof_options(gsat_solver *s) {
  if (!proof_path(s)) return GSAT_OK;
  GSAT_RETURN_IF(!strcmp(proof_path(s), "-"), &s->err, USAGE,
                 "the proof file '-': a proof cannot go to standard output, where "
                 "the answer is printed; name a file");
  GSAT_RETURN_IF(is_standard_output(proof_path(s)), &s->err, USAGE,
                 "the proof file '%s' is standard output, where the answer is printed: "
                 "the two would interleave; name another file",
                 proof_path(s));
  const char *env_search = getenv("GSAT_SEARCH"); /* named when it says dpll */
  GSAT_RETURN_IF(s->opt.search == GSAT_SEARCH_DPLL, &s->err, USAGE,
                 "a proof (--proof) needs CDCL: DPLL writes none (use --search=cdcl or "
                 "auto%s)",
                 env_search && !strcmp(env_search, "dpll")
                     ? "; the environment variable GSAT_SEARCH is dpll"
                     : "");
  GSAT_RETURN_IF(s->opt.search == GSAT_SEARCH_WALK, &s->err, USAGE,
                 "a proof (--proof) needs CDCL: the walkers (--search=walk) prove nothing, "
                 "they only find models (use --search=cdcl or auto%s)",
                 env_search && !strcmp(env_search, "walk")
                     ? "; the environment variable GSAT_SEARCH is walk"
                     : "");
  GSAT_RETURN_IF(gsat_dist_size() > 1, &s->err, USAGE,
                 "no proof from the distributed search (%u MPI ranks): --proof needs "
                 "one process (run gsat without mpirun, or with -np 1)",
                 gsat_dist_size());
  return GSAT_OK;
}

/* What the options alone make of a conflict limit (gsat_check_options):
 * it limits the CPU CDCL search, so USAGE with --search=dpll (no conflicts
 * to count: --node-limit limits DPLL), --backend=gpu and the distributed
 * search (neither counts conflicts against it). */
static gsat_status check_conflict_options(gsat_solver *s) {
  if (!s->opt.conflicts) return GSAT_OK;
  GSAT_RETURN_IF(s->opt.search == GSAT_SEARCH_DPLL, &s->err, USAGE,
                 "--conflicts limits the CDCL search: DPLL learns no clauses and counts no "
                 "conflicts (use --node-limit to limit DPLL, or --search=cdcl)");
  GSAT_RETURN_IF(s->opt.search == GSAT_SEARCH_WALK, &s->err, USAGE,
                 "--conflicts limits the CDCL search: the walkers count no conflicts (use "
                 "--node-limit for their flips, or --time-limit)");
  GSAT_RETURN_IF(s->opt.backend == GSAT_BACKEND_GPU, &s->err, USAGE,
                 "--conflicts limits the CPU CDCL search: not with --backend=gpu (use "
                 "--node-limit or --time-limit there)");
  GSAT_RETURN_IF(gsat_dist_size() > 1, &s->err, USAGE,
                 "--conflicts limits the CPU CDCL search of one process: not under mpirun "
                 "with %u ranks",
                 gsat_dist_size());
  return GSAT_OK;
}

/* USAGE when a proof is requested of the cube writer (`what`: "--cubes"
 * or "gsat_cubes"): its look-ahead learns no clauses, so its UNSAT answer
 * (no cube left) has no DRAT proof, and it would write none. */
static gsat_status check_cubes_proof(gsat_solver *s, const char *what) {
  GSAT_RETURN_IF(proof_path(s), &s->err, USAGE,
                 "%s writes cubes, not a proof: not with --proof (the look-ahead that splits "
                 "the formula learns no clauses, so the cube writer has no DRAT proof to "
                 "write; drop --proof, or solve without --cubes to get a proof)",
                 what);
  return GSAT_OK;
}

int gsat_check_options(gsat_solver *s) {
  gsat_status st = check_proof_options(s);
  if (st == GSAT_OK) st = check_conflict_options(s);
  if (st == GSAT_OK && s->opt.cubes) st = check_cubes_proof(s, "--cubes");
  if (st == GSAT_OK) st = gsat_options_check_search(&s->opt, &s->err);
  if (st == GSAT_OK) st = gsat_options_check_backend(&s->opt, &s->err);
  return (int)st;
}

/* Records the search that runs, or the backend (its id, and its name as
 * the option spells it; "cpu+gpu" for BOTH), in the statistics. */
static void note_search(gsat_solver *s, gsat_search_kind search) {
  s->stats.search_id = (gsat_search_id)search;
  snprintf(s->stats.search, sizeof s->stats.search, "%s", gsat_search_name(search));
}

static void note_backend(gsat_solver *s, gsat_backend_id backend) {
  s->stats.backend_id = backend;
  snprintf(s->stats.backend, sizeof s->stats.backend, "%s",
           backend == GSAT_BACKEND_ID_BOTH ? "cpu+gpu"
                                           : gsat_machine_name((gsat_backend_kind)backend));
}

/* The CDCL configuration of p from the options: the defaults
 * (gsat_cdcl_config_default), the policies the options name (cdcl_types.h
 * numbers them as the option lists do), the reduction interval, and the
 * seed and vivification (gsat_cdcl_config_from_options). */
static void set_cdcl_config(const gsat_solver *s, gsat_search_params *p) {
  gsat_cdcl_config_default(&p->cdcl);
  if (s->opt.cdcl_decide != GSAT_CDCL_DECIDE_AUTO)
    p->cdcl.decide = GSAT_CDCL_OPTION(s->opt.cdcl_decide);
  if (s->opt.cdcl_restart != GSAT_RESTARTS_AUTO)
    p->cdcl.restart = GSAT_CDCL_OPTION(s->opt.cdcl_restart);
  if (s->opt.cdcl_target != GSAT_TARGETS_AUTO)
    p->cdcl.target = GSAT_CDCL_OPTION(s->opt.cdcl_target);
  p->cdcl.bcp = s->opt.cdcl_bcp; /* no auto: the same numbers */
  if (s->opt.cdcl_reduce > 0) {
    p->cdcl.reduce_first = (uint32_t)s->opt.cdcl_reduce;
    p->cdcl.reduce_inc = (uint32_t)s->opt.cdcl_reduce / 7 + 1;
  }
  gsat_cdcl_config_from_options(&p->cdcl, &s->opt);
}

static int race_possible(const gsat_solver *s);

/* Whether a GPU searches, as choose_backend will decide: GPU ranks
 * (--backend=gpu over MPI), --backend=gpu, or auto where a portfolio with a
 * GPU member may race (CUDA is not touched here). */
static int gpu_searches(const gsat_solver *s) {
  if (s->opt.backend == GSAT_BACKEND_GPU) return 1;
  return s->opt.backend == GSAT_BACKEND_AUTO && gsat_dist_size() <= 1 && race_possible(s) &&
         gsat_portfolio_gpu_possible();
}

/* Picks DPLL, CDCL or the walkers (--search, the features, whether a GPU
 * searches and the CPU CDCL search would run BVA (p->simplify, set before),
 * a proof request, assumptions, a conflict limit) into *search and fills the
 * CDCL configuration of p.  Errors: USAGE (a proof with --search=dpll, ...). */
static gsat_status choose_search(gsat_solver *s, const gsat_db *db, gsat_search_params *p,
                                 gsat_search_kind *search) {
  const int bva = p->simplify && p->simp.bva && gsat_dist_size() <= 1;
  gsat_search_choice sc = gsat_choose_search(&db->features, s->opt.search, gpu_searches(s), bva);
  GSAT_FORWARD(check_proof_options(s));
  GSAT_FORWARD(check_conflict_options(s));
  GSAT_FORWARD(gsat_options_check_search(&s->opt, &s->err));
  GSAT_FORWARD(gsat_options_check_backend(&s->opt, &s->err));
  GSAT_RETURN_IF(s->inc.num_assumed && s->opt.search == GSAT_SEARCH_DPLL, &s->err, USAGE,
                 "assumptions need --search=cdcl or auto (DPLL takes none)");
  GSAT_RETURN_IF(s->inc.num_assumed && s->opt.search == GSAT_SEARCH_WALK, &s->err, USAGE,
                 "assumptions need --search=cdcl or auto (the walkers take none)");
  GSAT_RETURN_IF(s->opt.search == GSAT_SEARCH_WALK && gsat_dist_size() > 1, &s->err, USAGE,
                 "the walkers (--search=walk) run in one process, not over %u MPI ranks",
                 gsat_dist_size());
  if (s->opt.search == GSAT_SEARCH_AUTO && proof_path(s)) {
    sc.search = GSAT_SEARCH_CDCL;
    snprintf(sc.reason, sizeof sc.reason, "auto: a proof was requested");
  } else if (s->opt.search == GSAT_SEARCH_AUTO && s->inc.num_assumed) {
    sc.search = GSAT_SEARCH_CDCL;
    snprintf(sc.reason, sizeof sc.reason, "auto: assumptions need CDCL");
  } else if (s->opt.search == GSAT_SEARCH_AUTO && s->opt.conflicts) {
    sc.search = GSAT_SEARCH_CDCL;
    snprintf(sc.reason, sizeof sc.reason, "auto: a conflict limit (--conflicts) was set");
  }
  /* --backend=gpu follows the same rule: pigeonhole-like and uniform random
   * 3-SAT to GPU DPLL, the rest to GPU CDCL (bench/RESULTS.md, "CDCL on the
   * GPU": over 58 structured instances at 10 s GPU CDCL solves 54, GPU DPLL
   * 50, PAR-2 115 s against 190 s; GPU DPLL refutes hole and uuf250 that GPU
   * CDCL leaves open) */
  if (gsat_dist_size() > 1) {
    GSAT_RETURN_IF(s->inc.num_assumed, &s->err, USAGE,
                   "assumptions are not supported in the distributed search (%u MPI ranks)",
                   gsat_dist_size());
  }
  note_search(s, sc.search);
  snprintf(s->stats.search_reason, sizeof s->stats.search_reason, "%s", sc.reason);
  *search = sc.search;
  set_cdcl_config(s, p);
  /* auto: cubes, except on uniform random k-SAT (every clause of one length
   * >= 3), where they cost 1.3-1.4x CPU time (bench/RESULTS.md, "CDCL
   * cubes"; --search=auto gives those to DPLL anyway) */
  const gsat_features *f = &db->features;
  const int uniform = f->clauses && f->min_len == f->max_len && f->min_len >= 3;
  const int lookahead_cubes = s->opt.cdcl_cubes == GSAT_CDCL_CUBES_LOOKAHEAD;
  p->cdcl_lookahead_cubes = !lookahead_cubes         ? 0
                            : s->opt.cdcl_cube_count ? (uint32_t)s->opt.cdcl_cube_count
                                                     : GSAT_PORTFOLIO_LOOKAHEAD_CUBES;
  p->cdcl_cube_team =
      s->opt.cdcl_cube_team ? (uint32_t)s->opt.cdcl_cube_team : GSAT_PORTFOLIO_CUBE_TEAM;
  p->cdcl_cubes =
      lookahead_cubes || s->opt.cdcl_cubes == GSAT_CDCL_CUBES_ON ||
      (s->opt.cdcl_cubes == GSAT_CDCL_CUBES_AUTO && GSAT_PORTFOLIO_CUBES_DEFAULT && !uniform);
  return GSAT_OK;
}

/* The search itself: row's (with the proof, when requested and the row
 * writes one), in this process or over the MPI ranks, with the assumptions
 * and callbacks of incremental.h. */
static gsat_status run_search(gsat_solver *s, const gsat_db *db, gsat_search_params *p,
                              const gsat_backend *row, gsat_search_result *r) {
  gsat_proof proof;
  gsat_proof_sink sink = gsat_proof_sink_of(&proof);
  const int with_proof = (row->features & GSAT_BACKEND_PROOF) && proof_path(s);
  if (with_proof) {
    gsat_proof_format f =
        s->opt.proof_format == GSAT_PROOF_FORMAT_TEXT ? GSAT_PROOF_TEXT : GSAT_PROOF_BINARY;
    GSAT_FORWARD(check_proof_not_input(s, proof_path(s)));
    GSAT_FORWARD(gsat_proof_open_path(&proof, proof_path(s), f, &s->err));
    gsat_proof_set_map(&proof, db->ext_var, db->num_vars);
    gsat_proof_set_fresh(&proof, db->ext_vars); /* as core/simp.h numbers them */
    gsat_proof_stop_on_error(&proof, &s->stop);
  }
  int trivial = 0;
  const int keep = row->search == GSAT_SEARCH_CDCL && (s->solves++ > 0 || s->inc.num_assumed > 0);
  gsat_status st =
      gsat_inc_begin(&s->inc, db, &s->stop, with_proof ? &sink : NULL, keep, p, &trivial, &s->err);
  if (st != GSAT_OK) {
    /* no search */
  } else if (db->empty_clause || trivial) {
    r->answer = GSAT_ANSWER_UNSAT; /* an empty clause, or contradicting assumptions */
    if (with_proof && db->empty_clause) gsat_proof_add(&proof, NULL, 0);
  } else if (gsat_dist_size() > 1) {
    st = solve_distributed(s, db, p, row, r);
  } else {
    st = row->solve(row->features & GSAT_BACKEND_ENGINE ? s->gpu : NULL, db, p, r, &s->err);
  }
  gsat_status inc_st = gsat_inc_end(&s->inc, st == GSAT_OK ? r : NULL, &s->err);
  if (st == GSAT_OK) st = inc_st;
  p->proof = NULL;
  if (with_proof && proof.raised) GSAT_FLAG_CLEAR(&s->stop); /* its own: not the user's */
  if (with_proof) {
    gsat_error perr;
    gsat_error_clear(&perr);
    gsat_status pst = gsat_proof_close(&proof, &perr);
    if (st == GSAT_OK && pst != GSAT_OK) {
      s->err = perr;
      st = pst;
    }
  }
  return st;
}

/* Clears the statistics of the last solve (keeping the parse time) and closes
 * a clause left open by gsat_add (IPASIR). */
static gsat_status begin_solve(gsat_solver *s) {
  gsat_error_clear(&s->err);
  double parse_seconds = s->stats.parse_seconds;
  free(s->worker);
  s->worker = NULL;
  free(s->rank);
  s->rank = NULL;
  memset(&s->stats, 0, sizeof s->stats);
  s->stats.parse_seconds = parse_seconds;
  if (gsat_cnf_open_size(&s->cnf))
    return gsat_cnf_end_clause(&s->cnf, &s->err); /* IPASIR: close it */
  return GSAT_OK;
}

/* Builds the search database within the time limit (counted from t0, the
 * start of gsat_solve) and records its size.  INTERRUPTED: stopped. */
static gsat_status build_db(gsat_solver *s, gsat_db *db, double t0) {
  /* The time limit counts from this call, so it bounds the build too. */
  const double deadline = s->opt.time_limit > 0 ? t0 + s->opt.time_limit : 0;
  gsat_status st = gsat_db_build_clauses(db, &s->cnf, &s->stop, deadline, &s->err);
  s->stats.build_seconds = gsat_seconds() - t0;
  if (st != GSAT_OK) return st;
  s->stats.vars = db->num_vars;
  s->stats.clauses = db->num_clauses;
  s->stats.literals = db->features.lits;
  s->stats.units = db->num_units;
  return GSAT_OK;
}

/* Builds db's occurrence streams when the chosen search reads them
 * (gsat_backend_reads_streams: DPLL on every backend, CDCL with
 * --cdcl-bcp=streams; the CPU and GPU rows of a search agree, test_backends
 * checks it, so the CPU row answers before the backend is chosen).  CDCL
 * with watched BCP reads none, so its memory stays proportional to the formula (a clause of n
 * literals costs n^2 stream entries); a streams request whose streams would
 * not fit the CDCL reference codes (2^31 entries) falls back to watched BCP
 * without building them.  The time counts as build time (t0: the start of
 * gsat_solve).  Errors: as gsat_db_build_streams. */
static gsat_status build_streams_for(gsat_solver *s, gsat_db *db, const gsat_search_params *p,
                                     gsat_search_kind search, double t0) {
  if (!gsat_backend_reads_streams(gsat_backend_of(GSAT_BACKEND_CPU, search), p) ||
      (search == GSAT_SEARCH_CDCL && db->stream_entries >= GSAT_CDCL_STREAM))
    return GSAT_OK;
  const double deadline = s->opt.time_limit > 0 ? t0 + s->opt.time_limit : 0;
  gsat_status st = gsat_db_build_streams(db, &s->stop, deadline, &s->err);
  s->stats.build_seconds = gsat_seconds() - t0;
  return st;
}

/* The techniques of simp.h: preprocessing runs when one of them is on. */
#define SIMP_TECHNIQUES(K) K(elim) K(subsume) K(probe) K(equiv) K(bva)

/* Preprocessing of the CPU CDCL search (core/simp.h) from the
 * options: only in a first solve without assumptions or a learn callback.
 * Incremental use keeps learned clauses and hands them to the user, and
 * they must hold in the original formula; the simplified one carries a unit
 * for each eliminated variable that does not (docs/simplify.md). */
static void set_simplify(const gsat_solver *s, gsat_search_params *p) {
  gsat_simp_config_default(&p->simp);
  gsat_simp_config_from_options(&p->simp, &s->opt);
  int any = 0;
#define ANY_TECHNIQUE(name) any |= p->simp.name;
  SIMP_TECHNIQUES(ANY_TECHNIQUE)
#undef ANY_TECHNIQUE
  p->simp.stop = &s->stop;
  p->simplify = s->opt.simplify && any && s->solves == 0 && !s->inc.num_assumed && !s->inc.learn;
  p->inprocess = p->simplify && s->opt.inprocess;
  p->presearch = s->opt.presearch;
}

/* Notes the decision heuristic dc (name and reason) in the statistics. */
static gsat_decide note_choice(gsat_solver *s, const gsat_decide_choice *dc) {
  gsat_option_enum_name("decide", dc->decide, s->stats.decide, sizeof s->stats.decide);
  snprintf(s->stats.decide_reason, sizeof s->stats.decide_reason, "%s", dc->reason);
  return dc->decide;
}

/* The decision heuristic of --decide for the CPU (on_gpu 0) or the GPU
 * (gsat_choose_decide), noted in the statistics. */
static gsat_decide note_decide(gsat_solver *s, const gsat_db *db, int on_gpu) {
  const gsat_decide_choice dc = gsat_choose_decide(&db->features, s->opt.decide, on_gpu);
  return note_choice(s, &dc);
}

/* The search parameters from the options and db's features: heuristic,
 * search (choose_search), the streams it needs (build_streams_for), threads,
 * limits, progress, GPU shape and knobs.  INTERRUPTED: the build used up the
 * time limit; USAGE as choose_search; NOMEM, RESOURCE as
 * gsat_db_build_streams. */
static gsat_status set_params(gsat_solver *s, gsat_db *db, gsat_search_params *p,
                              gsat_search_kind *search, double t0) {
  memset(p, 0, sizeof *p);
  p->decide = note_decide(s, db, 0); /* a GPU row's: gsat_solve, after the backend */
  set_simplify(s, p);
  GSAT_FORWARD(choose_search(s, db, p, search));
  GSAT_FORWARD(build_streams_for(s, db, p, *search, t0));
  p->threads = s->opt.threads > 0 ? (uint32_t)s->opt.threads : threads_per_rank(online_cores());
  if (s->opt.time_limit > 0) { /* the limit counts from the call: build time too */
    p->time_limit = s->opt.time_limit - s->stats.build_seconds;
    if (p->time_limit <= 0) return GSAT_INTERRUPTED;
  }
  p->node_limit = s->opt.node_limit;
  p->conflict_limit = s->opt.conflicts;
  p->progress_interval = s->progress ? s->opt.progress : 0;
  p->progress = s->progress ? forward_progress : NULL;
  p->progress_data = s;
  p->stop = &s->stop;
  p->seed = s->opt.seed;
  p->device = process_device(s) >= 0 ? process_device(s) : s->opt.device;
#define COPY_KNOB(name) p->name = s->opt.name;
  GSAT_SEARCH_KNOBS(COPY_KNOB)
#undef COPY_KNOB
  p->walk_phases_only = !s->opt.cdcl_walk_answers;
  return GSAT_OK;
}

/* Whether --backend=auto may race the GPU beside the CPU: one process, no
 * proof, no assumptions, no conflict limit (the portfolio's GPU member is not
 * given the proof, the portfolio passes the GPU no assumptions, and the GPU
 * search counts no conflicts against the limit).  The GPU member runs
 * gsat_options_gpu_member: with --search=walk the GPU walkers race the CPU
 * walkers, which flip while the GPU member creates its CUDA context. */
static int race_possible(const gsat_solver *s) {
  return gsat_dist_size() <= 1 && !proof_path(s) && !s->inc.num_assumed && !s->opt.conflicts;
}

static int portfolio_possible(const gsat_solver *s) {
  return s->opt.backend == GSAT_BACKEND_AUTO && race_possible(s);
}

/* Notes in the statistics the options given that none of the searches of
 * ran (GSAT_READ bits) reads (gsat_options_unread); --bva and --simplify
 * count as read where they turned --search=auto's choice for db
 * (gsat_choose_search: pigeonhole-like formulas without a GPU). */
static void note_unread(gsat_solver *s, const gsat_db *db, unsigned ran) {
  gsat_options o = s->opt;
  const int gpu = gpu_searches(s);
  if (o.search == GSAT_SEARCH_AUTO &&
      gsat_choose_search(&db->features, o.search, gpu, 1).search !=
          gsat_choose_search(&db->features, o.search, gpu, 0).search)
    o.given[GSAT_OPTION_INDEX_bva] = o.given[GSAT_OPTION_INDEX_simplify] = false;
  gsat_options_unread(&o, ran, s->stats.ignored, sizeof s->stats.ignored);
}

/* Notes the --inprocess* options given where no round will run: the rounds
 * run in the CPU CDCL search (cpu/cdcl_inproc.h, gsat_cpu_cdcl_inprocesses),
 * on one thread or many, beside a GPU member or not, with preprocessing on;
 * not on the GPU; cpu_threads: the CDCL threads on the CPU (0: none). */
static void note_inprocess(gsat_solver *s, const gsat_search_params *p, gsat_search_kind search,
                           uint32_t cpu_threads) {
  const gsat_options *o = &s->opt;
  /* --no-inprocess is read (it turns the rounds off): not noted alone */
  const bool given = (o->given[GSAT_OPTION_INDEX_inprocess] && o->inprocess) ||
                     o->given[GSAT_OPTION_INDEX_inprocess_interval] ||
                     o->given[GSAT_OPTION_INDEX_inprocess_effort] ||
                     o->given[GSAT_OPTION_INDEX_inprocess_bound];
  if (search != GSAT_SEARCH_CDCL || !given || (gsat_cpu_cdcl_inprocesses(p) && cpu_threads > 0))
    return;
  const size_t k = strlen(s->stats.ignored), n = sizeof s->stats.ignored;
  snprintf(s->stats.ignored + k, n - k,
           "%s--inprocess* unused: inprocessing rounds run only in the CDCL search on the CPU, "
           "with --simplify and --inprocess",
           k ? "; " : "");
}

/* The CPU walker threads that race a CPU search of kind search on threads
 * threads (core/choose.h gsat_choose_walkers), when a race may run
 * (race_possible) and the search is not the walkers' own. */
static uint32_t race_walkers(const gsat_solver *s, const gsat_db *db, gsat_search_kind search,
                             uint32_t threads) {
  if (search == GSAT_SEARCH_WALK || !race_possible(s)) return 0;
  return gsat_choose_walkers(&db->features, s->opt.portfolio_walk,
                             s->opt.search == GSAT_SEARCH_AUTO, threads);
}

/* The reason for the backend choice, printf-style, into the statistics. */
static void backend_reason(gsat_solver *s, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
static void backend_reason(gsat_solver *s, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(s->stats.backend_reason, sizeof s->stats.backend_reason, fmt, ap);
  va_end(ap);
}

/* The backend of the ranks of a distributed search: GPU ranks for
 * --backend=gpu (NODEVICE when this rank has no usable device), else CPU
 * ranks (in the GPU ranks' cube loop with --mpi-cube-standin). */
static gsat_status choose_rank_backend(gsat_solver *s, gsat_search_kind search,
                                       gsat_backend_kind *machine) {
  char device[128] = "";
  const char *how = s->opt.backend == GSAT_BACKEND_CPU ? "requested" : "auto";
  const int learns = search == GSAT_SEARCH_CDCL;
  if (s->opt.backend == GSAT_BACKEND_GPU) {
    GSAT_FORWARD(check_gpu_rank(s));
    *machine = GSAT_BACKEND_GPU;
    describe_rank_device(device, sizeof device);
    backend_reason(s, "requested: %u MPI ranks, GPU ranks (%.60s%s)", gsat_dist_size(), device,
                   learns ? "; CDCL: clauses exchanged in rounds through the GPU clause port"
                          : "; cubes split on the host, one at a time searched on the GPU");
  } else if (s->opt.mpi_cube_standin) {
    backend_reason(s,
                   "%s: %u MPI ranks, CPU ranks in the GPU ranks' cube loop (--mpi-cube-standin%s)",
                   how, gsat_dist_size(),
                   learns ? "; CDCL: clauses exchanged through the search's clause port" : "");
  } else if (!gsat_gpu_built()) {
    backend_reason(s, "%s: %u MPI ranks, CPU ranks (gsat was built without CUDA)", how,
                   gsat_dist_size());
  } else {
    describe_rank_device(device, sizeof device);
    backend_reason(s, "%s: %u MPI ranks, CPU ranks (--backend=gpu for GPU ranks; %.90s)", how,
                   gsat_dist_size(), device);
  }
  return GSAT_OK;
}

/* Whether the GPU row of search can run on p->device (its setup check),
 * with the reason when not; the walkers name a build without CUDA first. */
static int gpu_usable(gsat_solver *s, const gsat_search_params *p, gsat_search_kind search,
                      char *reason, size_t size) {
  if (search == GSAT_SEARCH_WALK && !gsat_gpu_built()) {
    snprintf(reason, size, "gsat was built without CUDA");
    return 0;
  }
  const gsat_backend *row = gsat_backend_of(GSAT_BACKEND_GPU, search);
  return row->usable(s->gpu, p->device, reason, size);
}

/* The backend of one process with --backend=gpu or auto (no portfolio):
 * the GPU when its row is usable (auto: not for CDCL, which runs on the
 * CPU), else NODEVICE for --backend=gpu and the CPU for auto. */
static gsat_status choose_local_backend(gsat_solver *s, const gsat_search_params *p,
                                        gsat_search_kind search, gsat_backend_kind *machine) {
  char reason[128] = "";
  const int requested = s->opt.backend == GSAT_BACKEND_GPU;
  if (search == GSAT_SEARCH_CDCL && !requested) {
    backend_reason(s, "auto: CDCL runs on the CPU");
    return GSAT_OK;
  }
  if (!gpu_usable(s, p, search, reason, sizeof reason)) {
    if (requested) return no_usable_gpu(s, reason);
    if (search == GSAT_SEARCH_WALK)
      backend_reason(s, "auto: CPU walkers (%s)", reason);
    else
      backend_reason(s, "auto: %s", reason);
    return GSAT_OK;
  }
  *machine = GSAT_BACKEND_GPU;
  if (search == GSAT_SEARCH_WALK)
    backend_reason(s, "%s: walkers, one per warp",
                   requested ? "requested" : "auto: a usable CUDA device");
  else if (search == GSAT_SEARCH_CDCL)
    backend_reason(s, "requested: CDCL, one searcher per warp");
  else
    backend_reason(s, "%s", requested ? "requested" : "auto: a usable CUDA device");
  return GSAT_OK;
}

/* The row that searches, by the backend option, MPI, the search and the
 * device, with the reason in the statistics; or (*portfolio) a race of the
 * CPU row with the GPU row of gsat_options_gpu_member, when auto may race them and
 * a GPU may be present (gsat_gpu_maybe_present: CUDA is not touched here;
 * *row is the CPU member's then).  Errors: NODEVICE (the GPU asked for and
 * none usable). */
static gsat_status choose_backend(gsat_solver *s, const gsat_search_params *p,
                                  gsat_search_kind search, const gsat_backend **row,
                                  int *portfolio) {
  gsat_backend_kind machine = GSAT_BACKEND_CPU;
  *portfolio = 0;
  if (gsat_dist_size() > 1) {
    GSAT_FORWARD(choose_rank_backend(s, search, &machine));
  } else if (s->opt.backend == GSAT_BACKEND_CPU) {
    backend_reason(s, "requested");
  } else if (portfolio_possible(s) && gsat_portfolio_gpu_possible()) {
    *portfolio = 1; /* the GPU member checks the device on its own thread */
    const gsat_search_kind gpu = gsat_options_gpu_member(&s->opt, search);
    backend_reason(s, "auto: portfolio of the CPU (%s) and the GPU (%s)%s",
                   gsat_search_name(search), gsat_search_name(gpu),
                   search == GSAT_SEARCH_CDCL && gpu == GSAT_SEARCH_CDCL ? ", clauses exchanged"
                                                                         : "");
    note_backend(s, GSAT_BACKEND_ID_BOTH);
    *row = gsat_backend_of(GSAT_BACKEND_CPU, search);
    return GSAT_OK;
  } else {
    GSAT_FORWARD(choose_local_backend(s, p, search, &machine));
  }
  *row = gsat_backend_of(machine, search);
  note_backend(s, (gsat_backend_id)machine);
  return GSAT_OK;
}

/* The model check of a portfolio member's SAT answer (race.h): the model,
 * extended by ext when the members searched the simplified formula (into
 * model, [vars] bytes), kept (keep_model over db, the input's variables) and
 * checked against every clause added. */
typedef struct member_check {
  gsat_solver *s;
  const gsat_db *db;
  const char *name[GSAT_RACE_MAX_MEMBERS]; /* by race index */
  const gsat_simp_ext *ext;                /* NULL: the members searched db itself */
  uint8_t *model;
  uint32_t vars;
  gsat_db input;       /* share_simplified's: the input's num_vars and ext_var */
  gsat_simplified pre; /* share_simplified's round (its db: the portfolio's) */
} member_check;

static void member_check_free(member_check *c) {
  free(c->input.ext_var);
  free(c->model);
  gsat_simplified_free(&c->pre);
}

static gsat_status verify_member(void *data, uint32_t index, const gsat_search_result *r,
                                 gsat_error *err) {
  member_check *c = data;
  gsat_solver *s = c->s;
  gsat_error saved = s->err;
  const uint8_t *model = r->model;
  if (c->ext) { /* the model is the member's: extend a copy (race.h: verify may not change it) */
    memcpy(c->model, r->model, c->vars);
    gsat_simp_extend(c->ext, c->model);
    model = c->model;
  }
  gsat_status st = keep_model(s, c->db, model);
  if (st != GSAT_OK) *err = s->err;
  s->err = saved;
  if (st != GSAT_OK) return st;
  size_t bad = first_falsified(s);
  GSAT_RETURN_IF(bad != SIZE_MAX, err, INTERNAL,
                 "model check failed: clause %zu (of %zu) is falsified by the model the %s "
                 "member returned; its answer is not taken",
                 bad + 1, s->cnf.num_clauses, c->name[index]);
  return GSAT_OK;
}

/* The solve's statistics: result r's (NULL: an empty one, as when the
 * portfolio's shared preprocessing round answered) with round pre's
 * counters and time added (gsat_simplified_add; r is changed). */
static void keep_simplified_statistics(gsat_solver *s, const gsat_simplified *pre,
                                       gsat_search_result *r) {
  gsat_search_result none;
  memset(&none, 0, sizeof none);
  if (!r) r = &none;
  gsat_simplified_add(pre, r);
  copy_result_statistics(s, r);
}

/* The statistics of a race: each member's, and the answering member's (the
 * CPU's when none answered) as the solve's, with the counters and the time
 * of the shared preprocessing round pre (zero when none) added once
 * (gsat_simplified_add: into that member's result, after the members'
 * statistics were kept).  member: the rows that raced, by race index;
 * gpu_decide: the GPU member's heuristic (chosen before the race: its
 * database is gone now). */
static void keep_portfolio_statistics(gsat_solver *s, const gsat_decide_choice *gpu_decide,
                                      gsat_race_outcome *out, const gsat_backend *const *member,
                                      const gsat_simplified *pre) {
  gsat_statistics *st = &s->stats;
  for (uint32_t i = 0; i < out->num_members; i++) {
    const gsat_race_member_report *m = &out->member[i];
    gsat_member_statistics *o = &s->member[i];
    memset(o, 0, sizeof *o);
    snprintf(o->name, sizeof o->name, "%s", m->name);
    snprintf(o->search, sizeof o->search, "%s", gsat_search_name(member[i]->search));
    o->status = m->status;
    snprintf(o->message, sizeof o->message, "%s", m->message);
    o->answer = m->answer;
    o->searched = m->began > 0;
    o->returned = m->phase == GSAT_RACE_DONE;
    o->started_seconds = m->started;
    o->search_started_seconds = m->began;
    o->ended_seconds = m->ended;
    o->search_seconds = m->result.search_seconds;
    o->context_seconds = m->result.context_seconds;
    copy_member_counters(o, &m->result.total);
  }
  st->members = out->num_members;
  st->member = s->member;
  const uint32_t shown = out->winner != GSAT_RACE_NONE ? out->winner : GSAT_PORTFOLIO_CPU;
  keep_simplified_statistics(
      s, pre, out->member[shown].phase == GSAT_RACE_DONE ? &out->member[shown].result : NULL);
  snprintf(st->answered_by, sizeof st->answered_by, "%s",
           out->winner != GSAT_RACE_NONE ? out->member[out->winner].name : "");
  const gsat_backend *cpu = member[GSAT_PORTFOLIO_CPU];
  const gsat_backend *won = out->winner != GSAT_RACE_NONE ? member[out->winner] : NULL;
  if (won && won->search != cpu->search) {
    note_search(s, won->search);
    snprintf(st->search_reason, sizeof st->search_reason,
             won->search == GSAT_SEARCH_WALK
                 ? "the %s member's walkers found the model (the CPU member: %s)"
                 : "the %s member runs DPLL (--no-portfolio-gpu-cdcl; the CPU member: %s)",
             out->member[out->winner].name, gsat_search_name(cpu->search));
  }
  int gpu = 0; /* a GPU member raced */
  for (uint32_t i = 0; i < out->num_members; i++) gpu |= member[i]->machine == GSAT_BACKEND_GPU;
  note_backend(s, won   ? (gsat_backend_id)won->machine
                  : gpu ? GSAT_BACKEND_ID_BOTH
                        : (gsat_backend_id)cpu->machine);
  if (won && won->machine == GSAT_BACKEND_GPU && won->search == GSAT_SEARCH_DPLL)
    note_choice(s, gpu_decide); /* the GPU member's heuristic answered */
}

/* The solve ended before any member started (the presearch or the shared
 * round answered): answer, and r's statistics with round pre's
 * (keep_simplified_statistics; r NULL: the round's alone), in s; sets
 * *answered. */
static void solved_before_race(gsat_solver *s, const gsat_simplified *pre, gsat_search_result *r,
                               int answer, int *answered) {
  keep_simplified_statistics(s, pre, r);
  s->solves++;
  s->state = STATE_SOLVED;
  s->answer = answer;
  *answered = 1;
}

/* The presearch before the shared round (cdcl_simp.h) ended the solve: its
 * answer is the solve's, its model checked against the input db (freed
 * here), nothing raced.  Sets *answered.  Errors: NOMEM, INTERNAL (a
 * model that fails the check). */
static gsat_status presearch_answered(gsat_solver *s, gsat_db *db, gsat_simplified *pre,
                                      int *answered) {
  gsat_search_result *r = &pre->first;
  note_backend(s, GSAT_BACKEND_ID_CPU); /* nothing raced */
  gsat_status st = r->answer == GSAT_ANSWER_SAT ? check_model(s, db, r->model) : GSAT_OK;
  gsat_db_free(db);
  if (st == GSAT_OK) solved_before_race(s, pre, r, r->answer, answered);
  return st;
}

/* The portfolio's shared preprocessing (docs/simplify.md, "The portfolio"):
 * the CDCL search's round (set_simplify's condition, p->simplify) runs once
 * here, before the members split, and both members search its result.  db
 * becomes the simplified formula; check->input keeps the input's variables
 * (num_vars, ext_var: the model check's) and check extends every member's
 * model before the check.  *p: as gsat_simplified_run's q (simplify off, the
 * limits less what was spent).  *answered: the presearch before the round
 * ended the solve (presearch_answered), or the round refuted the formula
 * (UNSAT) or spent the time limit (UNKNOWN); the solve is done (the answer
 * in s).  Errors: NOMEM, INTERNAL (a presearch model failing the check). */
static gsat_status share_simplified(gsat_solver *s, gsat_db *db, gsat_search_params *p,
                                    member_check *check, int *answered) {
  gsat_simplified *pre = &check->pre;
  gsat_db *input = &check->input;
  gsat_search_params q;
  gsat_status st = gsat_simplified_run(db, p, pre, &q, &s->err);
  if (st == GSAT_OK && pre->answered) return presearch_answered(s, db, pre, answered);
  if (st == GSAT_OK) st = gsat_db_build_order(&pre->db, &s->err); /* for a DPLL member */
  check->vars = pre->db.num_vars;
  check->model = st == GSAT_OK ? malloc((size_t)check->vars + 1) : NULL;
  if (st == GSAT_OK && !check->model) st = gsat_error_set(&s->err, GSAT_NOMEM, "out of memory");
  input->num_vars = db->num_vars;
  input->ext_var = db->ext_var; /* kept for the model; the rest of db is freed */
  db->ext_var = NULL;
  gsat_db_free(db);
  if (st == GSAT_OK && (pre->db.empty_clause || pre->out_of_time)) {
    note_backend(s, GSAT_BACKEND_ID_CPU); /* nothing to race */
    solved_before_race(s, pre, NULL, pre->db.empty_clause ? GSAT_UNSATISFIABLE : GSAT_UNKNOWN,
                       answered);
    return GSAT_OK;
  }
  if (st != GSAT_OK) return st;
  *db = pre->db;
  memset(&pre->db, 0, sizeof pre->db); /* the portfolio's now */
  *p = q;
  check->db = input;
  check->ext = &pre->ext;
  return GSAT_OK;
}

/* --backend=auto with a GPU (with_gpu): the CPU row of search and the GPU
 * row of gsat_options_gpu_member race (portfolio.h) over db (taken over), or
 * over its simplification (share_simplified) when the CPU member runs CDCL
 * with p->simplify, with CPU walkers beside them where race_walkers says (by
 * the input's features); without with_gpu the CPU row and the CPU walkers
 * (race_walkers > 0).  gpu_decide: the GPU member's heuristic.  Returns as
 * gsat_solve. */
static int solve_portfolio(gsat_solver *s, gsat_db *db, gsat_search_params *p,
                           gsat_search_kind search, const gsat_decide_choice *gpu_decide,
                           int with_gpu) {
  member_check check;
  memset(&check, 0, sizeof check);
  check.s = s;
  /* All cores but one: the GPU member's thread creates the CUDA context,
   * which is CPU-bound (measured slower beside a busy worker on every
   * core; bench/RESULTS.md, The CPU+GPU portfolio). */
  if (with_gpu && s->opt.threads == 0 && p->threads > 1) p->threads--;
  const uint32_t walkers = race_walkers(s, db, search, p->threads);
  note_unread(s, db,
              1u << search | (with_gpu ? 1u << gsat_options_gpu_member(&s->opt, search) : 0) |
                  (walkers ? GSAT_READ(WALK) : 0));
  note_inprocess(s, p, search, p->threads - walkers);
  if (search == GSAT_SEARCH_CDCL && p->simplify) {
    /* the terminate callback watches the presearch and the round too */
    int answered = 0;
    gsat_status done = gsat_inc_watch(&s->inc, &s->stop, &s->err);
    if (done == GSAT_OK) done = share_simplified(s, db, p, &check, &answered);
    if (done != GSAT_OK || answered) {
      gsat_inc_unwatch(&s->inc);
      member_check_free(&check);
      return done != GSAT_OK ? done : s->answer;
    }
  }
  gsat_portfolio *pf = gsat_portfolio_new(db);
  if (!pf) {
    gsat_inc_unwatch(&s->inc);
    gsat_db_free(db);
    member_check_free(&check);
    return gsat_error_set(&s->err, GSAT_NOMEM, "out of memory for the portfolio");
  }
  if (!check.db) check.db = gsat_portfolio_db(pf);
  int trivial = 0;
  /* learned clauses of earlier solves */
  const int keep = search == GSAT_SEARCH_CDCL && s->solves++ > 0;
  gsat_status st =
      gsat_inc_begin(&s->inc, gsat_portfolio_db(pf), &s->stop, NULL, keep, p, &trivial, &s->err);
  assert(!trivial); /* no assumptions */
  if (st != GSAT_OK) {
    gsat_inc_end(&s->inc, NULL, &s->err);
    gsat_portfolio_discard(pf);
    member_check_free(&check);
    return st;
  }
  gsat_race_outcome out;
  const gsat_backend *member[GSAT_RACE_MAX_MEMBERS]; /* by race index */
  const gsat_backend *gpu =
      with_gpu ? gsat_backend_of(GSAT_BACKEND_GPU, gsat_options_gpu_member(&s->opt, search)) : NULL;
  gsat_portfolio_members(gsat_backend_of(GSAT_BACKEND_CPU, search), gpu, walkers, member,
                         check.name);
  gsat_portfolio_set_walkers(pf, walkers);
  int engine_taken = 0;
  gsat_portfolio_set_gpu_engine(pf, s->gpu, &engine_taken);
  /* The delay spares a process that never touches CUDA its context; once an
   * earlier solve made it, waiting saves nothing. */
  const double delay =
      gsat_gpu_engine_has_context(s->gpu) ? 0 : gsat_options_gpu_delay(&s->opt, search);
  st = gsat_portfolio_solve(pf, p, member[GSAT_PORTFOLIO_CPU], gpu, delay, verify_member, &check,
                            &out, &s->err);
  if (engine_taken && with_gpu && out.num_members > GSAT_PORTFOLIO_GPU &&
      out.member[GSAT_PORTFOLIO_GPU].phase == GSAT_RACE_SETUP)
    lend_gpu_engine(s);
  const gsat_search_result *w =
      out.winner != GSAT_RACE_NONE ? &out.member[out.winner].result : NULL;
  gsat_status inc_st = gsat_inc_end(&s->inc, w, &s->err);
  if (st == GSAT_OK) st = inc_st;
  keep_portfolio_statistics(s, gpu_decide, &out, member, &check.pre);
  member_check_free(&check);
  const int answer = out.answer;
  gsat_race_outcome_free(&out);
  if (st != GSAT_OK) return st;
  s->state = STATE_SOLVED;
  s->answer = answer;
  return answer;
}

int gsat_background_members(void) {
  return gsat_race_background() + gsat_gpu_stuck_kernels();
}

int gsat_solve(gsat_solver *s) {
  to_adding(s);
  if (s->pending != GSAT_OK) return s->pending;
  gsat_status st = begin_solve(s);
  if (st != GSAT_OK) return st;
  double t0 = gsat_seconds();
  if (GSAT_FLAG_IS_RAISED(&s->stop)) return stopped(s);
  gsat_db db;
  st = build_db(s, &db, t0);
  if (st == GSAT_INTERRUPTED) return stopped(s);
  if (st != GSAT_OK) return st;
  gsat_search_params p;
  gsat_search_kind search = GSAT_SEARCH_AUTO;
  const gsat_backend *row = NULL;
  int portfolio = 0;
  st = set_params(s, &db, &p, &search, t0);
  if (st == GSAT_OK) st = choose_backend(s, &p, search, &row, &portfolio);
  /* the GPU's heuristic (choose.h): a GPU row's, or the portfolio's GPU member's */
  const gsat_decide_choice gpu_decide = gsat_choose_decide(&db.features, s->opt.decide, 1);
  p.decide_gpu = gpu_decide.decide;
  if (st == GSAT_OK && !portfolio && row->machine == GSAT_BACKEND_GPU)
    p.decide = note_choice(s, &gpu_decide);
  if (st != GSAT_OK) {
    gsat_db_free(&db);
    return st == GSAT_INTERRUPTED ? stopped(s) : st;
  }
  if (portfolio && !db.empty_clause) return solve_portfolio(s, &db, &p, search, &gpu_decide, 1);
  if (portfolio) note_backend(s, GSAT_BACKEND_ID_CPU); /* the CPU member's row: nothing to race */
  if (!portfolio && row->machine == GSAT_BACKEND_CPU && !db.empty_clause &&
      race_walkers(s, &db, search, p.threads))
    return solve_portfolio(s, &db, &p, search, &gpu_decide, 0);
  note_unread(s, &db, 1u << search);
  note_inprocess(s, &p, search, row->machine == GSAT_BACKEND_CPU ? p.threads : 0);
  gsat_search_result r;
  memset(&r, 0, sizeof r);
  st = run_search(s, &db, &p, row, &r);
  if (st == GSAT_OK) {
    copy_result_statistics(s, &r);
    if (r.answer == GSAT_ANSWER_SAT) st = check_model(s, &db, r.model);
  }
  int answer = r.answer;
  gsat_search_result_free(&r);
  gsat_db_free(&db);
  if (st == GSAT_INTERRUPTED) return stopped(s); /* a stop signal while the proof FIFO opened */
  if (st != GSAT_OK) return st;
  s->state = STATE_SOLVED;
  s->answer = answer;
  return answer;
}

/* gsat_cubes' receiver: a cube's internal literals as DIMACS literals. */
typedef struct cube_out {
  const gsat_db *db;
  gsat_cube_callback fn;
  void *data;
  int64_t *lits; /* [V] */
} cube_out;

static int emit_cube(void *data, const gsat_lit *lits, uint32_t n) {
  cube_out *o = data;
  for (uint32_t k = 0; k < n; k++)
    o->lits[k] =
        gsat_lit_to_dimacs(GSAT_LIT(o->db->ext_var[GSAT_VAR(lits[k])], GSAT_SIGN(lits[k])));
  return o->fn(o->data, o->lits, n);
}

int gsat_cubes(gsat_solver *s, uint64_t max_cubes, gsat_cube_callback fn, void *data) {
  to_adding(s);
  if (s->pending != GSAT_OK) return s->pending;
  gsat_status st = begin_solve(s);
  if (st != GSAT_OK) return st;
  GSAT_FORWARD(check_cubes_proof(s, s->opt.cubes ? "--cubes" : "gsat_cubes"));
  if (!max_cubes || !fn)
    return gsat_error_set(&s->err, GSAT_USAGE, "gsat_cubes needs at least 1 cube and a callback");
  const double t0 = gsat_seconds();
  gsat_db db;
  st = build_db(s, &db, t0);
  if (st == GSAT_INTERRUPTED) return stopped(s);
  if (st != GSAT_OK) return st;
  gsat_cpu_cubes_result r;
  memset(&r, 0, sizeof r);
  cube_out out = {&db, fn, data, malloc(((size_t)db.num_vars + 1) * sizeof *out.lits)};
  if (!out.lits) st = gsat_error_set(&s->err, GSAT_NOMEM, "out of memory for the cubes");
  if (st == GSAT_OK && !db.empty_clause) st = gsat_db_build_streams(&db, &s->stop, 0, &s->err);
  if (st == GSAT_OK && !db.empty_clause)
    st = gsat_cpu_cubes(&db, max_cubes, &s->stop, emit_cube, &out, &r, &s->err);
  gsat_worker_stats w;
  memset(&w, 0, sizeof w);
  w.n = r.n;
  copy_counters(&s->stats, &w);
  s->stats.search_seconds = gsat_seconds() - t0 - s->stats.build_seconds;
  free(out.lits);
  note_unread(s, &db, GSAT_READ(DPLL)); /* the look-ahead's */
  gsat_db_free(&db);
  if (st == GSAT_INTERRUPTED) return stopped(s);
  if (st != GSAT_OK) return st;
  s->state = STATE_SOLVED;
  s->answer = r.cubes ? GSAT_UNKNOWN : GSAT_UNSATISFIABLE;
  return s->answer;
}
