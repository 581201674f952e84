/* The CPU+GPU portfolio (portfolio.h): the two members and their parameters. */
#include "solver/api/portfolio.h"

#include <stdlib.h>
#include <string.h>

#include "solver/base/clock.h"
#include "cpu_ref/cdcl_portfolio.h"
#include "cpu_ref/cpu_ref.h"
#include "gpu/cdcl_search.h"
#include "gpu/search.h"
#include "gpu/walk_search.h"
#include "solver/core/phases.h"
#include "solver/core/share.h"

/* The exchange between the members (portfolio.h): a ring in host memory of
 * the CPU portfolio's layout, 2^14 slots (each side relays every 2 ms), a
 * filter of 2^18 hashes. */
#define EXCHANGE_RING_LOG2 14
#define EXCHANGE_FILTER_LOG2 18
#define PORT_POLL_SECONDS 0.002

/* What the members share; it outlives the caller when the GPU member is left
 * in its setup, and is freed with the race. */
struct gsat_portfolio {
  gsat_db db;
  gsat_search_params cpu, gpu;
  int cdcl;
  int gpu_dpll;     /* the GPU member runs DPLL whatever the search */
  int gpu_walk;     /* the GPU member runs the walkers when the search is CDCL */
  double gpu_delay; /* seconds before the GPU member touches CUDA */
  gsat_gpu_engine *engine; /* the GPU DPLL member's, lent by the caller (NULL: a temporary one) */
  int *engine_taken;       /* the caller's: set when the member may use engine */
  gsat_race *race;  /* for may_start */
  int bridge;       /* both members run CDCL and exchange clauses */
  gsat_share exchange;
  void *exchange_arena;
  gsat_share_bridge side[2]; /* the members' ends of the exchange: [GSAT_PORTFOLIO_CPU],
                             * [GSAT_PORTFOLIO_GPU], producer ids 0 and 1 there */
  gsat_phases phases; /* the GPU walkers' and the CPU searchers' phase exchange */
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

/* The exchange ring and the two clause ports, when both members run CDCL
 * and neither writes a proof (the other member's clauses are not in the
 * log).  NOMEM: out of memory. */
static gsat_status open_bridge(gsat_portfolio *pf, gsat_error *err) {
  if (!pf->cdcl || pf->gpu_dpll || pf->gpu_walk || pf->cpu.proof || pf->cpu.clause_port)
    return GSAT_OK;
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
  gsat_status st = pf->cdcl ? gsat_cpu_cdcl_solve(&pf->db, &pf->cpu, r, err)
                            : gsat_cpu_solve(&pf->db, &pf->cpu, r, err);
  if (pf->bridge) { /* the bridge's counts: the CPU search has no port of its own */
    r->total.port_out = pf->side[GSAT_PORTFOLIO_CPU].out;
    r->total.port_in = pf->side[GSAT_PORTFOLIO_CPU].in;
  }
  return st;
}

/* The GPU's may_start: its setup is done, the race decides. */
static int gpu_may_start(void *data) {
  gsat_portfolio *pf = data;
  return gsat_race_begin(pf->race, GSAT_PORTFOLIO_GPU);
}

/* The GPU member: the walkers (gsat_gpu_walk_solve: models only) or CDCL
 * (gsat_gpu_cdcl_solve, with the bridge's clause port) when the portfolio
 * runs CDCL, else DPLL.  It first waits
 * pf->gpu_delay (0.02 s by default) for the race to end: a process whose GPU thread is inside the driver's
 * initialization when the CPU answers pays for the driver's teardown at exit
 * (H200 machine: about 60 ms on instances the CPU answers in 20-30 ms;
 * bench/RESULTS.md), one that never touched CUDA pays nothing.  DPLL reads
 * the occurrence streams, which a CPU member running CDCL with watched BCP
 * did not need (db.h): they are built here, in the member's setup, into its
 * own shallow copy of the database (the clause arrays stay shared and read
 * only), so the CPU searchers never see a field change under them. */
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
  if (pf->cdcl && pf->gpu_walk) return gsat_gpu_walk_solve(&pf->db, &pf->gpu, r, err);
  if (pf->cdcl && !pf->gpu_dpll) /* the streams, when its BCP reads them, were built */
    return gsat_gpu_cdcl_solve(&pf->db, &pf->gpu, r, err);
  gsat_db db = pf->db;
  const int own_streams = !db.occ_start;
  if (own_streams) {
    gsat_status st = gsat_db_build_streams(&db, stop, 0, err);
    if (st == GSAT_INTERRUPTED) return GSAT_OK; /* the race ended: UNKNOWN */
    GSAT_FORWARD(st);
  }
  gsat_status st = gsat_gpu_engine_solve(pf->engine, &db, &pf->gpu, r, err);
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

void gsat_portfolio_set_gpu_engine(gsat_portfolio *pf, gsat_gpu_engine *e, int *taken) {
  pf->engine = e;
  pf->engine_taken = taken;
  if (taken) *taken = 0;
}

void gsat_portfolio_set_gpu_dpll(gsat_portfolio *pf) {
  pf->gpu_dpll = 1;
}

void gsat_portfolio_set_gpu_walk(gsat_portfolio *pf) {
  pf->gpu_walk = 1;
}

int gsat_portfolio_gpu_cdcl(const gsat_portfolio *pf) {
  return pf->cdcl && !pf->gpu_dpll && !pf->gpu_walk;
}

int gsat_portfolio_gpu_walk(const gsat_portfolio *pf) {
  return pf->cdcl && pf->gpu_walk;
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

gsat_status gsat_portfolio_solve(gsat_portfolio *pf, const gsat_search_params *p, int cdcl,
                                 double gpu_delay, gsat_race_verify_fn verify, void *verify_data,
                                 gsat_race_outcome *out, gsat_error *err) {
  memset(out, 0, sizeof *out);
  gsat_race *race = gsat_race_new(pf, free_portfolio, verify, verify_data);
  if (!race) {
    gsat_portfolio_discard(pf);
    return gsat_error_set(err, GSAT_NOMEM, "out of memory for the portfolio");
  }
  pf->race = race;
  pf->cdcl = cdcl;
  /* Only the real GPU DPLL member searches on the lent engine. */
  if (stand_in || gsat_portfolio_gpu_cdcl(pf) || gsat_portfolio_gpu_walk(pf)) pf->engine = NULL;
  if (pf->engine_taken) *pf->engine_taken = pf->engine != NULL;
  pf->gpu_delay = gpu_delay;
  pf->cpu = *p;
  pf->cpu.stop = gsat_race_stop_flag(race);
  pf->gpu = *p;
  pf->gpu.stop = gsat_race_stop_flag(race);
  pf->gpu.progress = NULL; /* one progress stream: the CPU's */
  pf->gpu.progress_interval = 0;
  pf->gpu.proof = NULL;
  pf->gpu.extra_start = NULL; /* learned clauses and assumptions: CDCL only */
  pf->gpu.extra_lits = NULL;
  pf->gpu.num_extra = 0;
  pf->gpu.assumptions = NULL;
  pf->gpu.num_assumptions = 0;
  pf->gpu.may_start = gpu_may_start;
  pf->gpu.may_start_data = pf;
  pf->gpu.clause_port = NULL;
  if (cdcl && pf->gpu_walk) pf->gpu.node_limit = 0; /* the CPU's decisions, not flips */
  gsat_status st = open_bridge(pf, err);
  if (st == GSAT_OK && gsat_portfolio_gpu_walk(pf) && p->portfolio_phases) { /* the GPU walkers trade phases */
    st = gsat_phases_init(&pf->phases, pf->db.num_vars, err);
    pf->cpu.phases = pf->gpu.phases = &pf->phases;
    pf->cpu.cdcl_walk = 0; /* the GPU's walkers stand in for the CPU's */
  }
  if (st == GSAT_OK) st = gsat_race_add(race, "cpu", run_cpu, err);
  if (st == GSAT_OK) st = gsat_race_add(race, "gpu", gpu_member, err);
  if (st != GSAT_OK) {
    gsat_race_discard(race);
    return st;
  }
  return gsat_race_run(race, p->stop, p->time_limit, out, err);
}
