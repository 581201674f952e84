/* The CPU+GPU portfolio (portfolio.h): the two members and their parameters. */
#include "api/portfolio.h"

#include <stdlib.h>
#include <string.h>

#include "base/clock.h"
#include "gpu/search.h"
#include "core/phases.h"
#include "core/share.h"

/* The exchange between the members (portfolio.h): a ring in host memory of
 * the CPU portfolio's layout, 2^14 slots (each side relays every 2 ms), a
 * filter of 2^18 hashes. */
#define EXCHANGE_RING_LOG2   14
#define EXCHANGE_FILTER_LOG2 18
#define PORT_POLL_SECONDS    0.002

/* What the members share; it outlives the caller when the GPU member is left
 * in its setup, and is freed with the race. */
struct gsat_portfolio {
  gsat_db db;
  gsat_search_params cpu, gpu, walk;
  const gsat_backend *member[GSAT_RACE_MAX_MEMBERS]; /* the rows, by race index */
  uint32_t walk_threads;                             /* the CPU walker member's (0: none) */
  uint32_t gpu_index, walk_index;                    /* race indices, GSAT_RACE_NONE when absent */
  double gpu_delay;        /* seconds before the GPU member touches CUDA */
  gsat_gpu_engine *engine; /* the GPU member's when its row runs on one, lent by the
                            * caller (NULL: a temporary one) */
  int *engine_taken;       /* the caller's: set when the member may use engine */
  gsat_race *race;         /* for may_start */
  int bridge;              /* both members run CDCL and exchange clauses */
  gsat_share exchange;
  void *exchange_arena;
  gsat_share_bridge side[2]; /* the members' ends of the exchange: [GSAT_PORTFOLIO_CPU],
                              * [GSAT_PORTFOLIO_GPU], producer ids 0 and 1 there */
  gsat_phases phases;        /* the GPU walkers' and the CPU searchers' phase exchange */
};

gsat_portfolio *gsat_portfolio_new(gsat_db *db) {
  gsat_portfolio *pf = calloc(1, sizeof *pf);
  if (!pf) return NULL;
  pf->db = *db;
  memset(db, 0, sizeof *db);
  return pf;
}

const gsat_db *gsat_portfolio_db(const gsat_portfolio *pf) {
  return &pf->db;
}

static void free_portfolio(void *shared) {
  gsat_portfolio *pf = shared;
  gsat_db_free(&pf->db);
  free(pf->exchange_arena);
  gsat_phases_free(&pf->phases);
  free(pf);
}

void gsat_portfolio_discard(gsat_portfolio *pf) {
  if (pf) free_portfolio(pf);
}

/* The exchange ring and the two clause ports, when both members' rows
 * exchange clauses and neither writes a proof (the other member's clauses
 * are not in the log).  NOMEM: out of memory. */
static gsat_status open_bridge(gsat_portfolio *pf, gsat_error *err) {
  if (pf->gpu_index == GSAT_RACE_NONE) return GSAT_OK;
  for (uint32_t i = 0; i < 2; i++)
    if (!(pf->member[i]->features & GSAT_BACKEND_CLAUSES)) return GSAT_OK;
  if (pf->cpu.proof || pf->cpu.clause_port) return GSAT_OK;
  size_t bytes = gsat_share_bytes(EXCHANGE_RING_LOG2, EXCHANGE_FILTER_LOG2, pf->db.num_vars);
  pf->exchange_arena = calloc(1, bytes); /* pages touched only as the ring fills */
  GSAT_RETURN_IF(!pf->exchange_arena, err, NOMEM, "out of memory for the portfolio's exchange");
  GSAT_FORWARD(gsat_share_init_zeroed(&pf->exchange, pf->exchange_arena, EXCHANGE_RING_LOG2,
                                      EXCHANGE_FILTER_LOG2, pf->db.num_vars, 8, 2, err));
  for (uint32_t i = 0; i < 2; i++)
    gsat_share_bridge_init(&pf->side[i], &pf->exchange, i, 0, PORT_POLL_SECONDS);
  pf->bridge = 1;
  pf->cpu.clause_port = &pf->side[GSAT_PORTFOLIO_CPU].port;
  pf->gpu.clause_port = &pf->side[GSAT_PORTFOLIO_GPU].port;
  return GSAT_OK;
}

/* The CPU member: it has no setup, so it begins at once. */
static gsat_status run_cpu(void *shared, gsat_race *race, uint32_t index, const gsat_flag *stop,
                           gsat_search_result *r, gsat_error *err) {
  gsat_portfolio *pf = shared;
  (void)stop; /* pf->cpu.stop is the race's flag */
  if (!gsat_race_begin(race, index)) return GSAT_OK;
  gsat_status st = pf->member[GSAT_PORTFOLIO_CPU]->solve(NULL, &pf->db, &pf->cpu, r, err);
  if (pf->bridge) { /* the bridge's counts: the CPU search has no port of its own */
    r->total.port_out = pf->side[GSAT_PORTFOLIO_CPU].out;
    r->total.port_in = pf->side[GSAT_PORTFOLIO_CPU].in;
  }
  return st;
}

/* The CPU walker member: it has no setup either; models only. */
static gsat_status run_walk(void *shared, gsat_race *race, uint32_t index, const gsat_flag *stop,
                            gsat_search_result *r, gsat_error *err) {
  gsat_portfolio *pf = shared;
  (void)stop; /* pf->walk.stop is the race's flag */
  if (!gsat_race_begin(race, index)) return GSAT_OK;
  return pf->member[index]->solve(NULL, &pf->db, &pf->walk, r, err);
}

/* The GPU's may_start: its setup is done, the race decides. */
static int gpu_may_start(void *data) {
  gsat_portfolio *pf = data;
  return gsat_race_begin(pf->race, GSAT_PORTFOLIO_GPU);
}

/* The GPU member: its row's search (the walkers: models only; CDCL: with
 * the bridge's clause port; DPLL).  It first waits pf->gpu_delay
 * (gsat_options_gpu_delay) for the race to end: a process whose GPU thread is inside the
 * driver's initialization when the CPU answers pays for the driver's teardown at exit (measured
 * longer than easy instances' CPU answers; bench/RESULTS.md, start-up tax), one that never
 * touched CUDA pays nothing.  A row that reads the occurrence streams (DPLL), which a CPU member
 * running CDCL with watched BCP did not need (db.h), gets them built here, in the member's setup,
 * into its own shallow copy of the database (the clause arrays stay shared and read only), so the
 * CPU searchers never see a field change under them. */
static gsat_status run_gpu(void *shared, gsat_race *race, uint32_t index, const gsat_flag *stop,
                           gsat_search_result *r, gsat_error *err) {
  gsat_portfolio *pf = shared;
  (void)race;
  (void)index;
  const double until = gsat_seconds() + pf->gpu_delay;
  while (gsat_seconds() < until && !GSAT_FLAG_IS_RAISED(stop)) {
    gsat_sleep(1e-3);
  }
  if (GSAT_FLAG_IS_RAISED(stop)) return GSAT_OK; /* answered meanwhile: CUDA untouched */
  const gsat_backend *row = pf->member[GSAT_PORTFOLIO_GPU];
  gsat_db db = pf->db;
  /* CDCL reading streams: they were built for the CPU member, the same search */
  const int own_streams = (row->features & GSAT_BACKEND_STREAMS) && !db.occ_start;
  if (own_streams) {
    gsat_status st = gsat_db_build_streams(&db, stop, 0, err);
    if (st == GSAT_INTERRUPTED) return GSAT_OK; /* the race ended: UNKNOWN */
    GSAT_FORWARD(st);
  }
  gsat_status st = row->solve(pf->engine, &db, &pf->gpu, r, err);
  if (own_streams) {
    free(db.occ_start);
    free(db.occ_stream);
  }
  return st;
}

/* The GPU member: gsat_gpu_solve, or a test's stand-in. */
static gsat_race_run_fn gpu_member = run_gpu;
static int stand_in;

void gsat_portfolio_set_gpu_member(gsat_race_run_fn run) {
  gpu_member = run ? run : run_gpu;
  stand_in = run != NULL;
}

void gsat_portfolio_set_walkers(gsat_portfolio *pf, uint32_t threads) {
  pf->walk_threads = threads;
}

void gsat_portfolio_set_gpu_engine(gsat_portfolio *pf, gsat_gpu_engine *e, int *taken) {
  pf->engine = e;
  pf->engine_taken = taken;
  if (taken) *taken = 0;
}

const gsat_backend *gsat_portfolio_member(const gsat_portfolio *pf, uint32_t index) {
  return pf->member[index];
}

const gsat_search_params *gsat_portfolio_params(const gsat_portfolio *pf, uint32_t index) {
  return index == pf->gpu_index ? &pf->gpu : index == pf->walk_index ? &pf->walk : &pf->cpu;
}

const gsat_clause_port *gsat_portfolio_gpu_port(const gsat_portfolio *pf) {
  return pf->gpu.clause_port;
}

gsat_phases *gsat_portfolio_phases(gsat_portfolio *pf) {
  return pf->gpu.phases;
}

int gsat_portfolio_gpu_possible(void) {
  return stand_in || gsat_gpu_maybe_present();
}

uint32_t gsat_portfolio_members(const gsat_backend *cpu, const gsat_backend *gpu, uint32_t walkers,
                                const gsat_backend **row, const char **name) {
  uint32_t n = 0;
  row[n] = cpu; /* GSAT_PORTFOLIO_CPU */
  name[n++] = gsat_machine_name(cpu->machine);
  if (gpu) { /* GSAT_PORTFOLIO_GPU */
    row[n] = gpu;
    name[n++] = gsat_machine_name(gpu->machine);
  }
  if (walkers) {
    row[n] = gsat_backend_of(GSAT_BACKEND_CPU, GSAT_SEARCH_WALK);
    name[n++] = "walk";
  }
  return n;
}

/* A member's parameters beside the CPU member's: p's, less what only the CPU
 * member takes (the progress stream, the proof, learned clauses and
 * assumptions: CDCL only, the clause port and the phases). */
static void side_params(const gsat_portfolio *pf, const gsat_search_params *p,
                        gsat_search_params *q) {
  *q = *p;
  q->stop = gsat_race_stop_flag(pf->race);
  q->progress = NULL;
  q->progress_interval = 0;
  q->proof = NULL;
  q->extra_start = NULL;
  q->extra_lits = NULL;
  q->num_extra = 0;
  q->assumptions = NULL;
  q->num_assumptions = 0;
  q->clause_port = NULL;
  q->phases = NULL;
  q->may_start = NULL;
  q->may_start_data = NULL;
}

/* The GPU member's parameters. */
static void set_gpu_params(gsat_portfolio *pf, const gsat_search_params *p, const gsat_backend *cpu,
                           const gsat_backend *gpu) {
  side_params(pf, p, &pf->gpu);
  pf->gpu.decide = p->decide_gpu;
  pf->gpu.may_start = gpu_may_start;
  pf->gpu.may_start_data = pf;
  if (gpu->search == GSAT_SEARCH_WALK) pf->gpu.node_limit = 0; /* the CPU's decisions or flips */
  if (gpu->search == GSAT_SEARCH_WALK && cpu->search == GSAT_SEARCH_WALK)
    pf->gpu.seed += p->threads ? p->threads : 1; /* walks other than the CPU walkers' */
}

/* The CPU walker member's parameters: pf->walk_threads walkers on threads
 * taken from the CPU member's, seeds after any GPU walker's. */
static void set_walk_params(gsat_portfolio *pf, const gsat_search_params *p) {
  const uint32_t threads = p->threads ? p->threads : 1;
  pf->cpu.threads = threads > pf->walk_threads ? threads - pf->walk_threads : 1;
  side_params(pf, p, &pf->walk);
  pf->walk.threads = pf->walk_threads;
  pf->walk.node_limit = 0; /* the CPU member's decisions */
  pf->walk.seed = p->seed + 2 * threads;
}

gsat_status gsat_portfolio_solve(gsat_portfolio *pf, const gsat_search_params *p,
                                 const gsat_backend *cpu, const gsat_backend *gpu, double gpu_delay,
                                 gsat_race_verify_fn verify, void *verify_data,
                                 gsat_race_outcome *out, gsat_error *err) {
  memset(out, 0, sizeof *out);
  gsat_race *race = gsat_race_new(pf, free_portfolio, verify, verify_data);
  if (!race) {
    gsat_portfolio_discard(pf);
    return gsat_error_set(err, GSAT_NOMEM, "out of memory for the portfolio");
  }
  pf->race = race;
  const char *name[GSAT_RACE_MAX_MEMBERS];
  const uint32_t n = gsat_portfolio_members(cpu, gpu, pf->walk_threads, pf->member, name);
  pf->gpu_index = gpu ? GSAT_PORTFOLIO_GPU : GSAT_RACE_NONE;
  pf->walk_index = pf->walk_threads ? n - 1 : GSAT_RACE_NONE;
  /* Only a real GPU member whose row runs on an engine searches on the lent one. */
  if (!gpu || stand_in || !(gpu->features & GSAT_BACKEND_ENGINE)) pf->engine = NULL;
  if (pf->engine_taken) *pf->engine_taken = pf->engine != NULL;
  pf->gpu_delay = gpu_delay;
  pf->cpu = *p;
  pf->cpu.stop = gsat_race_stop_flag(race);
  if (gpu) set_gpu_params(pf, p, cpu, gpu);
  if (pf->walk_threads) set_walk_params(pf, p);
  gsat_status st = open_bridge(pf, err);
  if (st == GSAT_OK && gpu && gpu->search == GSAT_SEARCH_WALK && cpu->search == GSAT_SEARCH_CDCL &&
      p->portfolio_phases) {
    /* the GPU walkers trade phases with the CPU searchers */
    st = gsat_phases_init(&pf->phases, pf->db.num_vars, err);
    pf->cpu.phases = pf->gpu.phases = &pf->phases;
    pf->cpu.cdcl_walk = 0; /* the GPU's walkers stand in for the CPU's */
  }
  for (uint32_t i = 0; i < n && st == GSAT_OK; i++)
    st = gsat_race_add(race, name[i],
                       i == pf->gpu_index    ? gpu_member
                       : i == pf->walk_index ? run_walk
                                             : run_cpu,
                       err);
  if (st != GSAT_OK) {
    gsat_race_discard(race);
    return st;
  }
  return gsat_race_run(race, p->stop, p->time_limit, out, err);
}
