/* The GPU walkers (gpu/walk_warp.cuh) on host threads (simt_host.h): the warp
 * instance of the walker step code makes the same walk as the CPU's team of
 * one for a fixed seed (assignment, true counts, xors, break values, the
 * unsatisfied list in its order, the best assignment, flips, restarts, the
 * random state), through restarts and clauses longer than a warp; the state
 * equals a recomputation after every flip (GSAT_WALK_AFTER_FLIP, both
 * instances), also with the warp's lanes interleaved; the grid of walkers (the kernel body with the
 * plan's layout) finds a model of satisfiable formulas, checked against the original clauses and
 * equal to the CPU walk of the winner's seed, every walker's walk that of the CPU walker of its
 * seed, with the walkers' state in shared memory and in global memory alike (one walker: the same
 * flips and model in both); the host's stop flag ends the grid on an UNSAT formula, and so does
 * the kernel's own flip bound; the odd walkers restart from the phases the host gives them, once
 * per generation, and one answers with a model given as phases; the plan
 * (shared memory for small formulas, global for large ones, the counts) and
 * its resource error.  Runs
 * without a GPU. */
#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

#include "simt_host.h"

extern "C" {
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
}

#include "core/walk_types.h"

static void after_flip(const gsat_walker *w, const gsat_walk_cnf *f, uint32_t len);
static void after_flip(const gsat_walker16 *w, const gsat_walk_cnf *f, uint32_t len);
#define GSAT_WALK_AFTER_FLIP(w, f, len) after_flip(w, f, len)

#include "core/walk.h"       /* the CPU instance (a team of one) first */
#include "gpu/walk_warp.cuh" /* the warp instance and the kernel body */
#include "gpu/walk_lane.cuh" /* the lane instances (wide: the CPU's; compact) */

/* Every flip of any instance: the state against a recomputation. */
static std::atomic<unsigned long> checks{0}, bad{0};
static void after_flip(const gsat_walker *w, const gsat_walk_cnf *f, uint32_t len) {
  std::vector<uint32_t> scratch(f->num_vars + 1);
  checks++;
  if (gsat_walk_check(w, f, len, scratch.data())) bad++;
}
static void after_flip(const gsat_walker16 *w, const gsat_walk_cnf *f, uint32_t len) {
  std::vector<uint32_t> scratch(f->num_vars + 1);
  checks++;
  if (gsat_walk16_check(w, f, len, scratch.data())) bad++;
}
#include "gpu/walk_plan.h"
#include "tests/walk_formulas.h"

/* A formula and its walkers' view. */
struct formula {
  gsat_cnf cnf;
  gsat_db db;
  gsat_walk_formula wf;
  formula(uint64_t seed, int vars, int clauses, int k) {
    gsat_cnf_init(&cnf);
    walk_test_planted(&cnf, seed, vars, clauses, k);
    build();
  }
  explicit formula(const gsat_cnf &taken) : cnf(taken) { build(); } /* takes it over */
  void build() {
    gsat_error err;
    assert_int_equal(gsat_db_build(&db, &cnf, &err), GSAT_OK);
    assert_int_equal(gsat_walk_formula_build(&wf, &db, &err), GSAT_OK);
  }
  ~formula() {
    gsat_walk_formula_free(&wf);
    gsat_db_free(&db);
    gsat_cnf_free(&cnf);
  }
};

/* The bytes and the carve of a wide and of a compact walker. */
static uint64_t bytes_of(const gsat_walker *, uint32_t V, uint32_t C, uint32_t L) {
  return gsat_walker_bytes(V, C, L);
}
static uint64_t bytes_of(const gsat_walker16 *, uint32_t V, uint32_t C, uint32_t L) {
  return gsat_walker16_bytes(V, C, L);
}
static void carve(gsat_walker *w, void *m, uint32_t V, uint32_t C, uint32_t L) {
  gsat_walker_carve(w, m, V, C, L);
}
static void carve(gsat_walker16 *w, void *m, uint32_t V, uint32_t C, uint32_t L) {
  gsat_walker16_carve(w, m, V, C, L);
}

/* A walker's memory (wide or compact), carved. */
template <class W> struct walker_mem_of {
  std::vector<uint64_t> mem;
  W w;
  explicit walker_mem_of(const gsat_walk_cnf *f) {
    mem.resize(bytes_of(&w, f->num_vars, f->num_clauses, f->max_len) / 8 + 1);
    carve(&w, mem.data(), f->num_vars, f->num_clauses, f->max_len);
  }
};
typedef walker_mem_of<gsat_walker> walker_mem;
typedef walker_mem_of<gsat_walker16> walker16_mem;

static void steps_kernel(gsat_walker *w, const gsat_walk_cnf *f, const gsat_walk_params *p,
                         uint64_t seed, uint64_t flips) {
  gsat_walk_warp_start(w, f, p, seed);
  gsat_walk_warp_run(w, f, p, flips);
}

static void grid_kernel(gsat_walk_gpu_params p) {
  GSAT_WALK_GPU_SMEM(smem);
  gsat_walk_gpu_walker(p, smem);
}

static void lane_kernel(gsat_walk_gpu_params p) {
  GSAT_WALK_GPU_SMEM(smem);
  gsat_walk_lane_walker(p, smem);
}

static void lane16_kernel(gsat_walk_gpu_params p) {
  GSAT_WALK_GPU_SMEM(smem);
  gsat_walk_lane16_walker(p, smem);
}

/* Plans warp walkers (the grid option want, force_global). */
static gsat_status plan_warp(gsat_walk_gpu_plan *pl, const gsat_walk_cnf *f,
                             const gsat_walk_gpu_device *dev, uint32_t want, int force_global,
                             gsat_error *err) {
  const gsat_walk_gpu_ask ask = {want, force_global, GSAT_GPU_WALK_MAPPING_WARP, 0, 0};
  return gsat_walk_gpu_plan_make(pl, f, dev, &ask, err);
}

/* A device as the plan sees it: H100-like shared memory (228 KiB per SM,
 * 227 KiB a block, 1 KiB reserved, 32 blocks, 50 MiB of L2), `sms` SMs,
 * a budget. */
static gsat_walk_gpu_device test_device(uint32_t sms, uint64_t budget) {
  gsat_walk_gpu_device d;
  d.sm_count = sms;
  d.max_blocks_per_sm = 32;
  d.smem_per_sm = 228 * 1024;
  d.smem_per_block = 227 * 1024;
  d.smem_reserved = 1024;
  d.budget = budget;
  d.l2_bytes = 50ull << 20;
  return d;
}

/* Asserts that walker b (wide or compact) over f is in the wide walker a's
 * state, every array element by element. */
template <class W>
static void assert_same_walk(const gsat_walker &a, const W &b, const gsat_walk_cnf *f) {
  assert_int_equal(a.flips, b.flips);
  assert_int_equal(a.restarts, b.restarts);
  assert_int_equal(a.rng, b.rng);
  assert_int_equal(a.unsat_len, b.unsat_len);
  assert_int_equal(a.best_unsat, b.best_unsat);
  assert_int_equal(a.trail_len, b.trail_len);
  assert_memory_equal(a.val, b.val, f->num_vars);
  assert_memory_equal(a.best, b.best, f->num_vars);
  for (uint32_t v = 0; v < f->num_vars; v++) assert_int_equal(a.brk[v], b.brk[v]);
  for (uint32_t c = 0; c < f->num_clauses; c++) {
    assert_int_equal(a.tcount[c], b.tcount[c]);
    assert_int_equal(a.tx[c], b.tx[c]);
  }
  for (uint32_t i = 0; i < a.unsat_len; i++) {
    assert_int_equal(a.unsat[i], b.unsat[i]);
    assert_int_equal(a.where[a.unsat[i]], b.where[b.unsat[i]]);
  }
}

/* The warp and the team of one walk alike: 3-SAT, 5-SAT, 2-SAT; restarts
 * every 150 flips. */
static void test_same_walk(void **state) {
  (void)state;
  struct shape {
    int vars, clauses, k;
    uint64_t flips;
  } shapes[] = {{120, 520, 3, 3000}, {60, 800, 5, 1500}, {90, 200, 2, 2000}};
  for (const shape &s : shapes) {
    formula F(31 + s.k, s.vars, s.clauses, s.k);
    const gsat_walk_cnf *f = &F.wf.view;
    gsat_walk_params p;
    gsat_walk_params_default(&p, f->num_vars);
    p.restart_base = 150;
    walker_mem cpu(f), warp(f);
    checks = bad = 0;
    gsat_walk_start(&cpu.w, f, &p, 1234);
    gsat_walk_run(&cpu.w, f, &p, s.flips);
    const unsigned long cpu_checks = checks;
    gsat_simt_launch(steps_kernel, 1u, 32u, (size_t)0, &warp.w, f, (const gsat_walk_params *)&p,
                     (uint64_t)1234, s.flips);
    assert_int_equal(bad.load(), 0);
    assert_int_equal(checks.load(), 2 * cpu_checks);
    assert_int_equal(cpu_checks, cpu.w.flips);
    assert_true(cpu.w.restarts > 0 || cpu.w.unsat_len == 0);
    assert_same_walk(cpu.w, warp.w, f);
  }
}

/* As test_same_walk with the lanes of a warp interleaved between sync
 * points (simt_host.h's perturbation, at the break values' atomics): the
 * walks still agree, so no lane reads what another writes without a sync. */
static void test_same_walk_perturbed(void **state) {
  const uint64_t was = gsat_simt_perturb_seed();
  gsat_simt_perturb_seed_var().store(was ? was : 7);
  test_same_walk(state);
  gsat_simt_perturb_seed_var().store(was);
}

/* Clauses longer than a warp (two rounds of its lanes): 40 clauses of 40
 * literals beside random 3-SAT. */
static gsat_cnf long_clauses() {
  gsat_cnf cnf;
  gsat_cnf_init(&cnf);
  walk_test_planted(&cnf, 77, 100, 300, 3);
  for (int c = 0; c < 40; c++) { /* 40 literals, distinct variables, the planted model holds */
    for (int i = 0; i < 40; i++) {
      const int v = 1 + (c * 7 + i * 3) % 100;
      gsat_cnf_add_lit(
          &cnf, gsat_lit_from_dimacs(i == 0 ? (v & 1 ? v : -v) : ((c + i) & 1 ? v : -v)), NULL);
    }
    gsat_cnf_end_clause(&cnf, NULL);
  }
  return cnf;
}

/* The warp and the team of one walk alike on long_clauses(). */
static void test_same_walk_long_clauses(void **state) {
  (void)state;
  gsat_cnf cnf = long_clauses();
  formula F(cnf);
  const gsat_walk_cnf *f = &F.wf.view;
  assert_true(f->max_len > 32);
  gsat_walk_params p;
  gsat_walk_params_default(&p, f->num_vars);
  p.restart_base = 200;
  walker_mem cpu(f), warp(f);
  checks = bad = 0;
  gsat_walk_start(&cpu.w, f, &p, 99);
  gsat_walk_run(&cpu.w, f, &p, 2500);
  gsat_simt_launch(steps_kernel, 1u, 32u, (size_t)0, &warp.w, f, (const gsat_walk_params *)&p,
                   (uint64_t)99, (uint64_t)2500);
  assert_int_equal(bad.load(), 0);
  assert_same_walk(cpu.w, warp.w, f);
}

/* Appends the 8 clauses of every sign pattern of variables 1..3 (UNSAT) to
 * cnf; returns it. */
static gsat_cnf add_every_sign_pattern(gsat_cnf cnf) {
  for (int m = 0; m < 8; m++) {
    for (int v = 1; v <= 3; v++)
      gsat_cnf_add_lit(&cnf, gsat_lit_from_dimacs(m >> (v - 1) & 1 ? v : -v), NULL);
    gsat_cnf_end_clause(&cnf, NULL);
  }
  return cnf;
}

/* A new cnf of add_every_sign_pattern's 8 clauses. */
static gsat_cnf every_sign_pattern() {
  gsat_cnf cnf;
  gsat_cnf_init(&cnf);
  return add_every_sign_pattern(cnf);
}

/* The grid's block in host memory, laid out by the plan: the walkers'
 * state in shared memory (the emulated blocks' dynamic shared memory) or,
 * with force_global, in the block. */
struct grid {
  gsat_walk_gpu_plan pl;
  gsat_walk_gpu_layout L;
  uint8_t *base = nullptr;
  gsat_walk_gpu_params kp;
  int host_stop = 0;
  grid(const gsat_walk_cnf *f, uint32_t walkers, uint64_t seed, int force_global,
       int mapping = GSAT_GPU_WALK_MAPPING_WARP, int wide = 0, int dense = 0) {
    gsat_error err;
    const gsat_walk_gpu_device dev = test_device(2, 1ull << 30);
    const gsat_walk_gpu_ask ask = {walkers, force_global, mapping, wide, dense};
    assert_int_equal(gsat_walk_gpu_plan_make(&pl, f, &dev, &ask, &err), GSAT_OK);
    assert_int_equal(pl.lane, mapping == GSAT_GPU_WALK_MAPPING_LANE);
    assert_int_equal(pl.walkers, walkers);
    assert_int_equal(pl.in_shared, !force_global);
    gsat_walk_gpu_layout_of(&pl, f, &L);
    base = (uint8_t *)aligned_alloc(256, (pl.total + 255) & ~255ull);
    memset(base, 0xa5, pl.total); /* poisoned: the walkers must start from nothing */
    const uint64_t lits = f->clause_start[f->num_clauses];
    memcpy(base + L.clause_start, f->clause_start, 4 * ((uint64_t)f->num_clauses + 1));
    memcpy(base + L.clause_lits, f->clause_lits, 4 * lits);
    memcpy(base + L.occ_start, f->occ_start, 4 * (2 * (uint64_t)f->num_vars + 1));
    memcpy(base + L.occ, f->occ, 4 * lits);
    gsat_walk_params_default((gsat_walk_params *)(base + L.params), f->num_vars);
    memset(base + L.ctl, 0, sizeof(gsat_walk_gpu_ctl));
    memset(&kp, 0, sizeof kp);
    gsat_walk_gpu_describe(&pl, &L, f, (char *)base, &kp.cnf, (gsat_walker *)(base + L.desc));
    kp.params = (const gsat_walk_params *)(base + L.params);
    kp.walkers = (gsat_walker *)(base + L.desc);
    kp.n = pl.walkers;
    kp.per_block = pl.per_block;
    kp.stride = pl.stride;
    kp.slice = 64;
    kp.seed = seed;
    kp.ctl = (gsat_walk_gpu_ctl *)(base + L.ctl);
    kp.host_stop = &host_stop;
    kp.model = base + L.model;
    kp.in_shared = pl.in_shared;
    kp.state_bytes = (uint32_t)pl.state_bytes;
  }
  ~grid() { free(base); }
  void launch() {
    void (*k)(gsat_walk_gpu_params) = !pl.lane     ? grid_kernel
                                      : pl.compact ? lane16_kernel
                                                   : lane_kernel;
    gsat_simt_launch(k, pl.blocks, gsat_walk_gpu_threads(&pl), (size_t)pl.smem_bytes, kp);
  }
};

/* Asserts that every walker of g walked as the CPU walker of its seed for
 * as many flips: the same random state, restarts, unsatisfied and best
 * counts (their scalars as the grid left them in its descriptors). */
static void assert_grid_walks_as_cpu(const grid &g, const gsat_walk_cnf *f) {
  for (uint32_t i = 0; i < g.kp.n; i++) {
    const gsat_walker &ww = g.kp.walkers[i]; /* (0 flips: stopped before its first slice) */
    walker_mem cpu(f);
    gsat_walk_start(&cpu.w, f, g.kp.params, gsat_walk_mix(g.kp.seed + i));
    gsat_walk_run(&cpu.w, f, g.kp.params, ww.flips);
    assert_int_equal(cpu.w.flips, ww.flips);
    assert_int_equal(cpu.w.rng, ww.rng);
    assert_int_equal(cpu.w.restarts, ww.restarts);
    assert_int_equal(cpu.w.unsat_len, ww.unsat_len);
    assert_int_equal(cpu.w.best_unsat, ww.best_unsat);
    if (ww.best_unsat != ~0u) /* the descriptor's best (the host's phases) */
      assert_memory_equal(cpu.w.best, ww.best, f->num_vars);
  }
}

/* The walkers a grid test runs (mapping, wide, dense): warp walkers, lane
 * walkers (one per emulated thread, gpu/walk_lane.cuh) spread one a warp
 * with the compact state and with the wide one, and packed 32 a warp
 * (dense).  (The emulation runs a warp's lanes one after the other between
 * collectives, and a lane walker has none: packed, lane 0 walks alone until
 * it returns; spread, every walker is a host thread.) */
static const int kinds[][3] = {{GSAT_GPU_WALK_MAPPING_WARP, 0, 0},
                               {GSAT_GPU_WALK_MAPPING_LANE, 0, 0},
                               {GSAT_GPU_WALK_MAPPING_LANE, 1, 0},
                               {GSAT_GPU_WALK_MAPPING_LANE, 0, 1}};

/* Models found by a grid of 4 walkers of each kind, checked, equal to the
 * CPU walk of the winner's seed; every walker's walk as the CPU's of its
 * seed; the state in shared memory and in global memory. */
static void test_grid_finds_models(void **state) {
  (void)state;
  const int shapes[][3] = {{100, 400, 3}, {50, 900, 5}, {25, 1500, 7}};
  for (const auto &kind : kinds) {
    for (int global = 0; global < 2; global++) {
      for (int i = 0; i < 3; i++) {
        formula F(50 + i, shapes[i][0], shapes[i][1], shapes[i][2]);
        const gsat_walk_cnf *f = &F.wf.view;
        grid g(f, 4, 17 + i, global, kind[0], kind[1], kind[2]);
        assert_int_equal(g.pl.stride, g.pl.lane && kind[2] ? 1 : 32);
        assert_int_equal(g.pl.compact, g.pl.lane && !kind[1]);
        checks = bad = 0;
        g.launch();
        assert_int_equal(bad.load(), 0);
        assert_true(checks.load() > 0);
        assert_int_equal(g.kp.ctl->found, 1);
        const uint32_t win = g.kp.ctl->winner;
        assert_true(win < 4);
        assert_true(walk_test_model_ok(&F.cnf, &F.db, g.kp.model));
        const gsat_walker &ww = g.kp.walkers[win];
        assert_int_equal(ww.unsat_len, 0);
        walker_mem cpu(f);
        gsat_walk_start(&cpu.w, f, g.kp.params, gsat_walk_mix(g.kp.seed + win));
        assert_int_equal(gsat_walk_run(&cpu.w, f, g.kp.params, ww.flips), 1);
        assert_int_equal(cpu.w.flips, ww.flips);
        assert_memory_equal(cpu.w.val, g.kp.model, f->num_vars);
        assert_grid_walks_as_cpu(g, f);
      }
    }
  }
}

/* One walker alone walks to the same model in the same flips with its
 * state in shared memory, in global memory and on the CPU (restarts every
 * 300 flips, so that a walk of thousands of flips crosses several). */
static void test_grid_layouts_same_walk(void **state) {
  (void)state;
  formula F(61, 120, 560, 3);
  const gsat_walk_cnf *f = &F.wf.view;
  uint64_t flips[2];
  std::vector<uint8_t> model[2];
  for (int global = 0; global < 2; global++) {
    grid g(f, 1, 4242, global);
    gsat_walk_params_default((gsat_walk_params *)g.kp.params, f->num_vars);
    ((gsat_walk_params *)g.kp.params)->restart_base = 300;
    g.launch();
    assert_int_equal(g.kp.ctl->found, 1);
    assert_int_equal(g.kp.ctl->winner, 0);
    assert_true(walk_test_model_ok(&F.cnf, &F.db, g.kp.model));
    flips[global] = g.kp.walkers[0].flips;
    model[global].assign(g.kp.model, g.kp.model + f->num_vars);
    assert_grid_walks_as_cpu(g, f);
  }
  assert_int_equal(flips[0], flips[1]);
  assert_true(flips[0] > 300);
  assert_memory_equal(model[0].data(), model[1].data(), f->num_vars);
}

/* The host's stop flag ends a grid that cannot find a model (UNSAT: every
 * sign pattern of three variables), and none is claimed. */
static void test_grid_stops(void **state) {
  (void)state;
  formula F(every_sign_pattern());
  for (int global = 0; global < 2; global++) {
    grid g(&F.wf.view, 4, 5, global);
    std::thread raiser([&g] {
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
      __atomic_store_n(&g.host_stop, 1, __ATOMIC_RELAXED);
    });
    g.launch();
    raiser.join();
    assert_int_equal(g.kp.ctl->found, 0);
    assert_int_equal(g.kp.ctl->stop, 1);
    for (uint32_t i = 0; i < 4; i++) {
      assert_int_equal(g.kp.walkers[i].best_unsat, 1);
      assert_true(g.kp.walkers[i].flips > 0);
    }
  }
}

/* The kernel's own flip bound (max_flips; the host's flip limit): on an
 * UNSAT formula every walker of each kind returns after exactly 1000 flips
 * (slices of 64: the last one cut short), with no stop from the host, as
 * the CPU walker of its seed. */
static void test_grid_flip_bound(void **state) {
  (void)state;
  gsat_cnf cnf;
  gsat_cnf_init(&cnf);
  walk_test_planted(&cnf, 8, 30, 100, 3);
  cnf = add_every_sign_pattern(cnf); /* UNSAT */
  formula F(cnf);
  for (const auto &kind : kinds) {
    for (int global = 0; global < 2; global++) {
      grid g(&F.wf.view, 4, 9, global, kind[0], kind[1], kind[2]);
      g.kp.max_flips = 1000;
      g.launch();
      assert_int_equal(g.kp.ctl->found, 0);
      assert_int_equal(g.kp.ctl->stop, 0);
      for (uint32_t i = 0; i < 4; i++) assert_int_equal(g.kp.walkers[i].flips, 1000);
      assert_grid_walks_as_cpu(g, &F.wf.view);
    }
  }
}

/* The grid's walkers with the CDCL searchers' phases as the host gives
 * them (the phases region, then a new generation in the control block),
 * taken after 64 flips since a restart. */
static void give_phases(grid &g, const std::vector<uint8_t> &val, uint32_t gen) {
  memcpy(g.base + g.L.phases, val.data(), val.size());
  g.kp.phases = g.base + g.L.phases;
  g.kp.phases_min = 64;
  __atomic_store_n(&g.kp.ctl->phases_gen, gen, __ATOMIC_RELEASE);
}

static uint32_t phases_in_of(const grid &g, uint32_t i) {
  return __atomic_load_n(&g.kp.walkers[i].phases_in, __ATOMIC_ACQUIRE);
}

/* Restarts from the CDCL searchers' phases: on an UNSAT formula (no model
 * ends the walk) each odd walker restarts once from generation 1 and once
 * from generation 2 (a host thread gives it when every odd walker took the
 * first, and stops the grid when they took the second), the even walkers
 * never; state in shared and in global memory. */
static void test_grid_takes_phases(void **state) {
  (void)state;
  formula F(every_sign_pattern());
  for (int global = 0; global < 2; global++) {
    grid g(&F.wf.view, 4, 5, global);
    checks = bad = 0;
    give_phases(g, std::vector<uint8_t>(3, 1), 1);
    std::thread host([&g] {
      while (phases_in_of(g, 1) < 1 || phases_in_of(g, 3) < 1) std::this_thread::yield();
      __atomic_store_n(&g.kp.ctl->phases_gen, 2u, __ATOMIC_RELEASE);
      while (phases_in_of(g, 1) < 2 || phases_in_of(g, 3) < 2) std::this_thread::yield();
      __atomic_store_n(&g.host_stop, 1, __ATOMIC_RELAXED);
    });
    g.launch();
    host.join();
    assert_int_equal(bad.load(), 0);
    assert_int_equal(g.kp.ctl->found, 0);
    for (uint32_t i = 0; i < 4; i++) {
      assert_int_equal(g.kp.walkers[i].phases_in, i & 1 ? 2 : 0);
      assert_true(g.kp.walkers[i].restarts >= g.kp.walkers[i].phases_in);
    }
  }
}

/* A walker that restarts from the phases of a model answers with it: a
 * 3-XOR system out of the walkers' own reach, its planted model as the
 * phases; the winner is an odd walker, at its one restart from them. */
static void test_grid_answers_from_phases(void **state) {
  (void)state;
  gsat_cnf cnf;
  gsat_cnf_init(&cnf);
  walk_test_xor(&cnf, 3, 200, 200);
  formula F(cnf);
  const gsat_walk_cnf *f = &F.wf.view;
  std::vector<uint8_t> planted(f->num_vars);
  for (uint32_t v = 0; v < f->num_vars; v++) planted[v] = !(F.db.ext_var[v] & 1); /* odd: true */
  assert_true(walk_test_model_ok(&F.cnf, &F.db, planted.data()));
  for (int global = 0; global < 2; global++) {
    grid g(f, 4, 11, global);
    give_phases(g, planted, 1);
    g.launch();
    assert_int_equal(g.kp.ctl->found, 1);
    const uint32_t win = g.kp.ctl->winner;
    assert_int_equal(win & 1, 1);
    assert_memory_equal(g.kp.model, planted.data(), f->num_vars);
    assert_int_equal(g.kp.walkers[win].phases_in, 1);
    for (uint32_t i = 0; i < 4; i += 2) assert_int_equal(g.kp.walkers[i].phases_in, 0);
  }
}

/* The plan in shared memory: one walker per block, per SM the least of
 * the default (8), what the shared memory per SM holds and the resident
 * blocks; a grid asked for, up to the resident walkers. */
static void test_plan_shared(void **state) {
  (void)state;
  formula F(9, 200, 800, 3);
  const gsat_walk_cnf *f = &F.wf.view;
  const uint64_t st = gsat_walk_gpu_state_bytes(f, 0);
  assert_int_equal(st % 16, 0);
  assert_true(st >= sizeof(gsat_walker) + gsat_walker_bytes(200, 800, 3));
  gsat_walk_gpu_plan pl;
  gsat_error err;
  gsat_walk_gpu_device dev = test_device(10, 1ull << 30);
  assert_int_equal(plan_warp(&pl, f, &dev, 0, 0, &err), GSAT_OK);
  assert_int_equal(pl.in_shared, 1);
  assert_string_equal(gsat_walk_gpu_memory_name(&pl), "shared");
  assert_int_equal(pl.per_block, 1);
  assert_int_equal(pl.per_sm, GSAT_WALK_GPU_SHARED_PER_SM);
  assert_int_equal(pl.walkers, 10 * GSAT_WALK_GPU_SHARED_PER_SM);
  assert_int_equal(pl.blocks, pl.walkers);
  assert_int_equal(pl.smem_bytes, st);
  assert_int_equal(pl.walker_bytes, sizeof(gsat_walker) + 256); /* and a copy of its best */
  assert_int_equal(pl.total, pl.shared_bytes + pl.walkers * pl.walker_bytes);
  dev.smem_per_sm = 3 * (st + 1024) + 100; /* three blocks' state and reserve */
  assert_int_equal(plan_warp(&pl, f, &dev, 0, 0, &err), GSAT_OK);
  assert_int_equal(pl.per_sm, 3);
  assert_int_equal(pl.walkers, 30);
  assert_int_equal(plan_warp(&pl, f, &dev, 7, 0, &err), GSAT_OK);
  assert_int_equal(pl.walkers, 7);
  assert_int_equal(pl.per_sm, 1);
  assert_int_equal(plan_warp(&pl, f, &dev, 1000, 0, &err), GSAT_OK);
  assert_int_equal(pl.walkers, 30); /* no more than are resident */
  dev = test_device(10, 1ull << 30);
  dev.max_blocks_per_sm = 2; /* the kernel's occupancy */
  assert_int_equal(plan_warp(&pl, f, &dev, 0, 0, &err), GSAT_OK);
  assert_int_equal(pl.walkers, 20);
}

/* The plan of real shapes on an H100 (132 SMs): random 5-SAT with 200
 * variables at ratio 20 walks in shared memory, 3 per SM (65 KiB of state
 * each); random 3-SAT with 10,000 variables at ratio 4.2 (about 750 KiB)
 * in global memory, 48 per SM in blocks of 4; forced global, the 5-SAT one
 * too. */
static void test_plan_shapes(void **state) {
  (void)state;
  gsat_walk_gpu_plan pl;
  gsat_error err;
  const gsat_walk_gpu_device dev = test_device(132, 48ull << 30);
  formula five(3, 200, 4000, 5);
  assert_int_equal(plan_warp(&pl, &five.wf.view, &dev, 0, 0, &err), GSAT_OK);
  assert_int_equal(pl.in_shared, 1);
  assert_true(pl.state_bytes > 64 * 1024 && pl.state_bytes < 68 * 1024);
  assert_int_equal(pl.per_sm, 3);
  assert_int_equal(pl.walkers, 396);
  assert_int_equal(pl.blocks, 396);
  assert_int_equal(plan_warp(&pl, &five.wf.view, &dev, 0, 1, &err), GSAT_OK);
  assert_int_equal(pl.in_shared, 0);
  assert_int_equal(pl.walkers, 132 * GSAT_WALK_GPU_GLOBAL_PER_SM);
  formula three(4, 10000, 42000, 3);
  assert_int_equal(plan_warp(&pl, &three.wf.view, &dev, 0, 0, &err), GSAT_OK);
  assert_int_equal(pl.in_shared, 0);
  assert_string_equal(gsat_walk_gpu_memory_name(&pl), "global");
  assert_true(pl.state_bytes > dev.smem_per_block);
  assert_int_equal(pl.walkers, 132 * GSAT_WALK_GPU_GLOBAL_PER_SM);
  assert_int_equal(pl.per_block, GSAT_WALK_GPU_GLOBAL_PER_BLOCK);
  assert_int_equal(pl.blocks, 132 * GSAT_WALK_GPU_GLOBAL_PER_SM / GSAT_WALK_GPU_GLOBAL_PER_BLOCK);
  assert_int_equal(pl.per_sm, GSAT_WALK_GPU_GLOBAL_PER_SM);
  assert_int_equal(pl.smem_bytes, 0);
}

/* The plan in global memory: as many walkers as the budget holds;
 * RESOURCE naming the device memory and the shared memory when not one
 * fits either. */
static void test_plan_global(void **state) {
  (void)state;
  formula F(9, 200, 800, 3);
  const gsat_walk_cnf *f = &F.wf.view;
  gsat_walk_gpu_plan pl;
  gsat_error err;
  const uint64_t one = gsat_walk_gpu_shared_bytes(f);
  gsat_walk_gpu_device dev = test_device(10, one + 10 * 32768);
  dev.smem_per_block = 4096; /* the state does not fit a block */
  assert_int_equal(plan_warp(&pl, f, &dev, 1000, 0, &err), GSAT_OK);
  assert_int_equal(pl.in_shared, 0);
  assert_true(pl.walkers >= 1 && pl.walkers < 1000);
  assert_int_equal(pl.walkers, (one + 10 * 32768 - pl.shared_bytes) / pl.walker_bytes);
  assert_true(pl.total <= one + 10 * 32768);
  assert_int_equal(pl.total, pl.shared_bytes + pl.walkers * pl.walker_bytes);
  assert_int_equal(pl.blocks, (pl.walkers + 3) / 4);
  dev.budget = one;
  assert_int_equal(plan_warp(&pl, f, &dev, 1000, 0, &err), GSAT_RESOURCE);
  assert_non_null(strstr(err.message, "MiB of device memory"));
  assert_non_null(strstr(err.message, "shared memory"));
  dev.smem_per_block = 227 * 1024; /* fits shared, but not the formula's device memory */
  dev.budget = one - 1;
  assert_int_equal(plan_warp(&pl, f, &dev, 0, 0, &err), GSAT_RESOURCE);
}

/* The compact instance (the lane walker's step code on 8-bit counts and
 * 16-bit indices, gsat_walk16_*) walks as the CPU's wide team of one for a
 * fixed seed: 3-, 5-, 7- and 2-SAT and clauses of 40 literals, restarts
 * every 150 flips; both states equal a recomputation after every flip. */
static void test_compact_same_walk(void **state) {
  (void)state;
  struct shape {
    int vars, clauses, k;
    uint64_t flips;
  } shapes[] = {{120, 520, 3, 3000},
                {60, 800, 5, 1500},
                {30, 1200, 7, 1500},
                {90, 200, 2, 2000},
                {0, 0, 0, 2500}};
  for (const shape &s : shapes) {
    gsat_cnf cnf;
    if (s.vars) {
      gsat_cnf_init(&cnf);
      walk_test_planted(&cnf, 41 + s.k, s.vars, s.clauses, s.k);
    } else {
      cnf = long_clauses();
    }
    formula F(cnf);
    const gsat_walk_cnf *f = &F.wf.view;
    assert_true(gsat_walk_fits16(f->num_vars, f->num_clauses, f->max_len));
    gsat_walk_params p;
    gsat_walk_params_default(&p, f->num_vars);
    p.restart_base = 150;
    walker_mem cpu(f);
    walker16_mem lane(f);
    checks = bad = 0;
    gsat_walk_start(&cpu.w, f, &p, 777);
    gsat_walk_run(&cpu.w, f, &p, s.flips);
    gsat_walk16_start(&lane.w, f, &p, 777);
    gsat_walk16_run(&lane.w, f, &p, s.flips);
    assert_int_equal(bad.load(), 0);
    assert_int_equal(checks.load(), cpu.w.flips + lane.w.flips);
    assert_true(cpu.w.restarts > 0 || cpu.w.unsat_len == 0);
    assert_same_walk(cpu.w, lane.w, f);
  }
}

/* The compact state's bounds: variables, clauses below 2^16, clauses below
 * 256 literals. */
static void test_compact_bounds(void **state) {
  (void)state;
  assert_true(gsat_walk_fits16(65535, 65535, 255));
  assert_false(gsat_walk_fits16(65536, 100, 3));
  assert_false(gsat_walk_fits16(100, 65536, 3));
  assert_false(gsat_walk_fits16(100, 100, 256));
  assert_int_equal(gsat_walker_bytes(250, 1065, 3), 4 * (2 * 250 + 32 + 4 * 1065 + 3) + 2 * 250);
  assert_int_equal(gsat_walker16_bytes(250, 1065, 3),
                   (4 * 3 + 2 * (2 * 250 + 32 + 3 * 1065) + 1065 + 2 * 250 + 7) & ~7);
  assert_true(2 * gsat_walker16_bytes(250, 1065, 3) < gsat_walker_bytes(250, 1065, 3));
}

/* Plans with ask's mapping, want and wide. */
static gsat_walk_gpu_plan plan_of(const gsat_walk_cnf *f, const gsat_walk_gpu_device &dev,
                                  int mapping, uint32_t want = 0, int wide = 0, int dense = 0) {
  gsat_walk_gpu_plan pl;
  gsat_error err;
  const gsat_walk_gpu_ask ask = {want, 0, mapping, wide, dense};
  assert_int_equal(gsat_walk_gpu_plan_make(&pl, f, &dev, &ask, &err), GSAT_OK);
  return pl;
}

/* The lane plan on an H100 (132 SMs, 50 MiB of L2), and auto taking warp
 * walkers for every shape: lane walkers with the compact state in shared
 * memory for uf250's shape, 3-SAT n = 1000, 5-SAT n = 200 and 7-SAT n = 80
 * (as many lanes a block as its shared memory holds, one block per SM);
 * 5-SAT n = 400 lane walkers in global memory, as many as 3/4 of the L2
 * holds; 7-SAT n = 140 and 3-SAT n = 10^4 not planned as lanes here.  Lane
 * walkers one a warp (blocks of 64: two a warp, 1024 threads; dense: 32 a
 * warp).  Lane on 3-SAT n = 10^4: 4 per SM in global memory; the wide
 * state when asked, or when the formula has 2^16 clauses or more. */
static void test_plan_lane(void **state) {
  (void)state;
  const gsat_walk_gpu_device dev = test_device(132, 48ull << 30);
  const int shapes[][4] = {{250, 1065, 3, 1},   {1000, 4200, 3, 1}, {200, 4000, 5, 1},
                           {80, 6800, 7, 1},    {400, 8000, 5, 0},  {140, 11900, 7, 2},
                           {10000, 42000, 3, 2}};
  for (const auto &s : shapes) {
    formula F(5, s[0], s[1], s[2]);
    const gsat_walk_cnf *f = &F.wf.view;
    const gsat_walk_gpu_plan au = plan_of(f, dev, GSAT_GPU_WALK_MAPPING_AUTO);
    assert_int_equal(au.lane, 0);
    assert_int_equal(au.compact, 0);
    assert_string_equal(gsat_walk_gpu_mapping_name(&au), "warp");
    if (s[3] == 2) continue;
    const gsat_walk_gpu_plan pl = plan_of(f, dev, GSAT_GPU_WALK_MAPPING_LANE);
    assert_int_equal(pl.lane, 1);
    assert_int_equal(pl.compact, 1);
    assert_int_equal(pl.in_shared, s[3] == 1);
    assert_string_equal(gsat_walk_gpu_mapping_name(&pl), "lane");
    if (s[3] == 1) {
      const uint64_t st = gsat_walk_gpu_state_bytes(f, 1);
      assert_int_equal(pl.state_bytes, st);
      assert_int_equal(pl.per_block, 227 * 1024 / st);
      assert_true(pl.per_block >= GSAT_WALK_LANE_SHARED_MIN);
      assert_int_equal(pl.smem_bytes, pl.per_block * st);
      assert_int_equal(pl.walkers, 132 * pl.per_block);
      assert_int_equal(pl.blocks, 132);
      assert_int_equal(pl.stride, 32); /* one walker a warp */
      assert_int_equal(gsat_walk_gpu_threads(&pl), 32 * pl.per_block);
    } else if (s[3] == 0) {
      const uint64_t room = (50ull << 20) / 4 * 3 - pl.shared_bytes;
      assert_int_equal(pl.walkers, room / pl.walker_bytes);
      assert_true(pl.walkers >= 4 * 132);
      assert_int_equal(pl.per_block, (pl.walkers + 131) / 132);
    }
  }
  formula three(4, 10000, 42000, 3);
  gsat_walk_gpu_plan pl = plan_of(&three.wf.view, dev, GSAT_GPU_WALK_MAPPING_LANE);
  assert_int_equal(pl.lane, 1);
  assert_int_equal(pl.compact, 1);
  assert_int_equal(pl.in_shared, 0);
  assert_int_equal(pl.walkers, 4 * 132);
  assert_int_equal(pl.per_block, 4);
  assert_int_equal(pl.blocks, 132);
  pl = plan_of(&three.wf.view, dev, GSAT_GPU_WALK_MAPPING_LANE, 1000, 1);
  assert_int_equal(pl.compact, 0);
  assert_int_equal(pl.walkers, 1000);
  assert_int_equal(pl.per_block, 8);
  assert_int_equal(pl.stride, 32);
  assert_int_equal(pl.state_bytes, gsat_walk_gpu_state_bytes(&three.wf.view, 0));
  pl = plan_of(&three.wf.view, dev, GSAT_GPU_WALK_MAPPING_LANE, 132 * 64); /* blocks of 64 */
  assert_int_equal(pl.per_block, 64);
  assert_int_equal(pl.stride, 16); /* spread within 1024 threads */
  assert_int_equal(gsat_walk_gpu_threads(&pl), 1024);
  pl = plan_of(&three.wf.view, dev, GSAT_GPU_WALK_MAPPING_LANE, 132 * 64, 0, 1);
  assert_int_equal(pl.stride, 1); /* dense */
  assert_int_equal(gsat_walk_gpu_threads(&pl), 64);
  formula big(6, 2000, 70000, 3); /* 2^16 clauses or more: wide */
  pl = plan_of(&big.wf.view, dev, GSAT_GPU_WALK_MAPPING_LANE);
  assert_int_equal(pl.lane, 1);
  assert_int_equal(pl.compact, 0);
  pl = plan_of(&big.wf.view, dev, GSAT_GPU_WALK_MAPPING_WARP);
  assert_int_equal(pl.lane, 0);
  assert_int_equal(pl.compact, 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_same_walk),
      cmocka_unit_test(test_same_walk_perturbed),
      cmocka_unit_test(test_same_walk_long_clauses),
      cmocka_unit_test(test_grid_finds_models),
      cmocka_unit_test(test_grid_layouts_same_walk),
      cmocka_unit_test(test_grid_stops),
      cmocka_unit_test(test_grid_flip_bound),
      cmocka_unit_test(test_grid_takes_phases),
      cmocka_unit_test(test_grid_answers_from_phases),
      cmocka_unit_test(test_plan_shared),
      cmocka_unit_test(test_plan_shapes),
      cmocka_unit_test(test_plan_global),
      cmocka_unit_test(test_compact_same_walk),
      cmocka_unit_test(test_compact_bounds),
      cmocka_unit_test(test_plan_lane),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
