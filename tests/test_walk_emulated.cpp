/* The GPU walkers (gpu/walk_warp.cuh) on host threads (simt_host.h): the warp
 * instance of the walker step code makes the same walk as the CPU's team of
 * one for a fixed seed (assignment, true counts, xors, break values, the
 * unsatisfied list in its order, the best assignment, flips, restarts, the
 * random state), through restarts and clauses longer than a warp; the state
 * equals a recomputation after every flip (GSAT_WALK_AFTER_FLIP, both
 * instances), also with the warp's lanes interleaved; the grid of walkers (the kernel body with the plan's layout)
 * finds a model of satisfiable formulas, checked against the original
 * clauses and equal to the CPU walk of the winner's seed; the host's stop
 * flag ends the grid on an UNSAT formula; the plan's resource error.  Runs
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
#define GSAT_WALK_AFTER_FLIP(w, f, len) after_flip(w, f, len)

#include "core/walk.h" /* the CPU instance (a team of one) first */
#include "gpu/walk_warp.cuh"  /* the warp instance and the kernel body */

/* Every flip of either instance: the state against a recomputation. */
static std::atomic<unsigned long> checks{0}, bad{0};
static void after_flip(const gsat_walker *w, const gsat_walk_cnf *f, uint32_t len) {
  std::vector<uint32_t> scratch(f->num_vars + 1);
  checks++;
  if (gsat_walk_check(w, f, len, scratch.data())) bad++;
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

/* A walker's memory, carved. */
struct walker_mem {
  std::vector<uint64_t> mem;
  gsat_walker w;
  explicit walker_mem(const gsat_walk_cnf *f) {
    mem.resize(gsat_walker_bytes(f->num_vars, f->num_clauses, f->max_len) / 8 + 1);
    gsat_walker_carve(&w, mem.data(), f->num_vars, f->num_clauses, f->max_len);
  }
};

static void steps_kernel(gsat_walker *w, const gsat_walk_cnf *f, const gsat_walk_params *p,
                         uint64_t seed, uint64_t flips) {
  gsat_walk_warp_start(w, f, p, seed);
  gsat_walk_warp_run(w, f, p, flips);
}

static void grid_kernel(gsat_walk_gpu_params p) { gsat_walk_gpu_walker(p); }

/* Asserts that walkers a and b over f are in the same state. */
static void assert_same_walk(const gsat_walker &a, const gsat_walker &b, const gsat_walk_cnf *f) {
  assert_int_equal(a.flips, b.flips);
  assert_int_equal(a.restarts, b.restarts);
  assert_int_equal(a.rng, b.rng);
  assert_int_equal(a.unsat_len, b.unsat_len);
  assert_int_equal(a.best_unsat, b.best_unsat);
  assert_int_equal(a.trail_len, b.trail_len);
  assert_memory_equal(a.val, b.val, f->num_vars);
  assert_memory_equal(a.best, b.best, f->num_vars);
  assert_memory_equal(a.brk, b.brk, 4ull * f->num_vars);
  assert_memory_equal(a.tcount, b.tcount, 4ull * f->num_clauses);
  assert_memory_equal(a.tx, b.tx, 4ull * f->num_clauses);
  assert_memory_equal(a.unsat, b.unsat, 4ull * a.unsat_len);
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
static void test_same_walk_long_clauses(void **state) {
  (void)state;
  gsat_cnf cnf;
  gsat_cnf_init(&cnf);
  walk_test_planted(&cnf, 77, 100, 300, 3);
  for (int c = 0; c < 40; c++) { /* 40 literals, distinct variables, the planted model holds */
    for (int i = 0; i < 40; i++) {
      const int v = 1 + (c * 7 + i * 3) % 100;
      gsat_cnf_add_lit(&cnf, gsat_lit_from_dimacs(i == 0 ? (v & 1 ? v : -v) : ((c + i) & 1 ? v : -v)),
                       NULL);
    }
    gsat_cnf_end_clause(&cnf, NULL);
  }
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

/* The grid's block in host memory, laid out by the plan. */
struct grid {
  gsat_walk_gpu_plan pl;
  gsat_walk_gpu_layout L;
  uint8_t *base = nullptr;
  gsat_walk_gpu_params kp;
  int host_stop = 0;
  grid(const gsat_walk_cnf *f, uint32_t walkers, uint64_t seed) {
    gsat_error err;
    assert_int_equal(gsat_walk_gpu_plan_make(&pl, f, walkers, 1ull << 30, &err), GSAT_OK);
    assert_int_equal(pl.walkers, walkers);
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
    kp.slice = 64;
    kp.seed = seed;
    kp.ctl = (gsat_walk_gpu_ctl *)(base + L.ctl);
    kp.host_stop = &host_stop;
    kp.model = base + L.model;
  }
  ~grid() { free(base); }
  void launch() { gsat_simt_launch(grid_kernel, (kp.n + 1) / 2, 64u, (size_t)0, kp); }
};

/* Models found by a grid of 4 walkers, checked, equal to the CPU walk of
 * the winner's seed. */
static void test_grid_finds_models(void **state) {
  (void)state;
  const int shapes[][3] = {{100, 400, 3}, {50, 900, 5}, {25, 1500, 7}};
  for (int i = 0; i < 3; i++) {
    formula F(50 + i, shapes[i][0], shapes[i][1], shapes[i][2]);
    const gsat_walk_cnf *f = &F.wf.view;
    grid g(f, 4, 17 + i);
    checks = bad = 0;
    g.launch();
    assert_int_equal(bad.load(), 0);
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
  }
}

/* The host's stop flag ends a grid that cannot find a model (UNSAT: every
 * sign pattern of three variables), and none is claimed. */
static void test_grid_stops(void **state) {
  (void)state;
  gsat_cnf cnf;
  gsat_cnf_init(&cnf);
  for (int m = 0; m < 8; m++) {
    for (int v = 1; v <= 3; v++) gsat_cnf_add_lit(&cnf, gsat_lit_from_dimacs(m >> (v - 1) & 1 ? v : -v), NULL);
    gsat_cnf_end_clause(&cnf, NULL);
  }
  formula F(cnf);
  grid g(&F.wf.view, 4, 5);
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

/* The plan: as many walkers as the budget holds; RESOURCE naming the bytes
 * when not one does. */
static void test_plan(void **state) {
  (void)state;
  formula F(9, 200, 800, 3);
  const gsat_walk_cnf *f = &F.wf.view;
  gsat_walk_gpu_plan pl;
  gsat_error err;
  const uint64_t one = gsat_walk_gpu_shared_bytes(f);
  assert_int_equal(gsat_walk_gpu_plan_make(&pl, f, 1000, one + 10 * 32768, &err), GSAT_OK);
  assert_true(pl.walkers >= 1 && pl.walkers < 1000);
  assert_true(pl.total <= one + 10 * 32768);
  assert_int_equal(pl.total, pl.shared_bytes + pl.walkers * pl.walker_bytes);
  assert_int_equal(gsat_walk_gpu_plan_make(&pl, f, 1000, one, &err), GSAT_RESOURCE);
  assert_non_null(strstr(err.message, "MiB"));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_same_walk),         cmocka_unit_test(test_same_walk_perturbed),
      cmocka_unit_test(test_same_walk_long_clauses),
      cmocka_unit_test(test_grid_finds_models), cmocka_unit_test(test_grid_stops),
      cmocka_unit_test(test_plan),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
