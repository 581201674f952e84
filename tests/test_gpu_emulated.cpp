/* The GPU search kernels run on host threads (simt_host.h) against the CPU
 * reference: same answers, verified models, and for UNSAT formulas the same
 * node count (tree-mapping.md: the tree is fixed by the deterministic
 * heuristics however it is split among workers), for several grid shapes, and both placements of
 * the CNF and of the per-warp state, and both CNF layouts: `csr` (host-built streams, CSR clauses)
 * and `slot` (streams from the host reference of the GPU gather, slot-major clause buckets from the
 * host reference, both through gpu/slot_layout.h's index functions), which must
 * decide alike: same nodes, and on one worker the same literal checks and
 * heuristic work.  Runs without a GPU. */
#include <atomic>
#include <chrono>
#include <sched.h>
#include <thread>

/* The occupancy experiment's trace (GSAT_GPU_TRACE, gpu/search_common.cuh):
 * whether each emulated thread holds a cube, and thread 0's round. */
static std::atomic<uint8_t> *trace_have;
static std::atomic<unsigned> trace_round, trace_started;
static unsigned trace_threads;
static void trace(unsigned t, unsigned round, bool have) {
  if (!trace_have) return;
  if (round == 0) { /* all start together, as on a GPU: the emulated setup is slow */
    trace_started.fetch_add(1);
    if ((t & 31) == 31) /* the warp's last lane to run: its others have counted */
      for (int k = 0; k < 2000000 && trace_started.load() < trace_threads; k++) sched_yield();
  }
  trace_have[t].store(have, std::memory_order_relaxed);
  if (t == 0) trace_round.store(round, std::memory_order_relaxed);
}
#define GSAT_GPU_TRACE(t, round, have) trace(t, round, have)

#include "simt_host.h"

/* The pool-slot ownership check (GSAT_GPU_SLOT_MOVE, GSAT_GPU_CUBE_CHECK in
 * gpu/search_common.cuh), on in every emulated launch: where each slot is,
 * as a place code (kind << 24 | block or warp), moved by compare-and-swap so
 * that a slot popped from a queue it is not in, pushed by a warp that does
 * not hold it, or in two places at once is caught at the move.  A violation
 * aborts with a message, or with slot_check_record set is only counted (the
 * check's own test). */
static void slot_move(uint32_t pool_slots, uint32_t slot, int from, int to);
static void cube_check(uint32_t V, const uint32_t *cube, uint32_t n);
#define GSAT_GPU_SLOT_MOVE(p, slot, from, to) slot_move((p).pool_slots, slot, from, to)
#define GSAT_GPU_CUBE_CHECK(p, cube, n)       cube_check((p).cnf.num_vars, cube, n)

#include "core/dpll.h" /* the default (CPU) instance first */
#include "gpu/search_layout.cuh"

static std::atomic<uint32_t> *slot_state; /* [slot_count], null: no check */
static uint32_t slot_count;
static bool slot_check_record;
static std::atomic<unsigned> slot_violations;
static std::atomic<unsigned long long> slot_moves; /* moves checked */
static char slot_violation[256];
static const char *const slot_kind[] = {"?", "free", "work", "block", "held"};

static uint32_t slot_place(int kind) {
  const unsigned b = gsat_simt_cur ? gsat_simt_cur->block_idx.x : 0u;
  const unsigned warp =
      gsat_simt_cur ? (b * gsat_simt_cur->block_dim.x + gsat_simt_cur->thread_idx.x) >> 5 : 0u;
  const unsigned who = kind == GSAT_GPU_SLOT_BLOCK ? b : kind == GSAT_GPU_SLOT_HELD ? warp : 0u;
  return (uint32_t)kind << 24 | who;
}

static void slot_fail(const char *what) {
  if (slot_violations.fetch_add(1) == 0)
    snprintf(slot_violation, sizeof slot_violation, "%s", what);
  if (slot_check_record) return;
  fprintf(stderr, "slot check: %s\n", what);
  abort();
}

static void slot_move(uint32_t pool_slots, uint32_t slot, int from, int to) {
  if (!slot_state) return;
  char msg[256];
  if (slot >= pool_slots || slot >= slot_count) {
    snprintf(msg, sizeof msg, "slot %u out of range (%u slots), %s -> %s", slot, pool_slots,
             slot_kind[from], slot_kind[to]);
    return slot_fail(msg);
  }
  slot_moves.fetch_add(1, std::memory_order_relaxed);
  uint32_t want = slot_place(from);
  const uint32_t got = want;
  if (!slot_state[slot].compare_exchange_strong(want, slot_place(to))) {
    snprintf(msg, sizeof msg, "slot %u moved %s %u -> %s %u by block %u thread %u, but it is %s %u",
             slot, slot_kind[from], got & 0xffffffu, slot_kind[to], slot_place(to) & 0xffffffu,
             gsat_simt_cur ? gsat_simt_cur->block_idx.x : 0u,
             gsat_simt_cur ? gsat_simt_cur->thread_idx.x : 0u,
             slot_kind[(want >> 24) <= 4 ? want >> 24 : 0], want & 0xffffffu);
    slot_fail(msg);
  }
}

static void cube_check(uint32_t V, const uint32_t *cube, uint32_t n) {
  if (!slot_state) return;
  char msg[256];
  if (n < 1 || n > V) {
    snprintf(msg, sizeof msg, "cube length %u outside 1..%u (block %u thread %u)", n, V,
             gsat_simt_cur ? gsat_simt_cur->block_idx.x : 0u,
             gsat_simt_cur ? gsat_simt_cur->thread_idx.x : 0u);
    return slot_fail(msg);
  }
  for (uint32_t k = 0; k < n; k++) {
    const uint32_t l = __atomic_load_n(cube + k, __ATOMIC_RELAXED);
    if (l >= 2 * V) {
      snprintf(msg, sizeof msg, "cube literal %u of %u is %u, not below 2V = %u", k, n, l, 2 * V);
      return slot_fail(msg);
    }
  }
}

#include <cstdio>
#include <cstdlib>
#include <random>

#include "tests/emulated_harness.h"
#include "cpu/cpu_ref.h"
extern "C" {
#include "dimacs/dimacs.h"
}
#include "gpu/slot_layout.h"
#include "core/cnf.h"
#include "core/db.h"

struct outcome {
  int answer;
  gsat_worker_stats total;
  std::vector<uint8_t> model;
  unsigned long long steals[2];    /* warp, block level */
  double busy;                     /* mean fraction of threads holding a cube (sampled) */
  unsigned round_half, round_full; /* thread 0's round at 50% and 90% busy */
  unsigned long long not_left;     /* workers whose `where` is not LEFT at the end */
};

/* The kernels' tuning; the defaults make work move often. */
struct tuning {
  uint32_t slice = 4, block_queue_cap = 4, slots = 64, max_backoff = 256;
  bool sample = false;      /* sample the trace for occupancy */
  bool stop_raised = false; /* the device's stop flag raised before the launch */
};

static outcome cpu_solve(const gsat_db *db, gsat_decide decide, unsigned threads) {
  gsat_search_params p;
  memset(&p, 0, sizeof p);
  p.decide = decide;
  p.threads = threads;
  gsat_search_result r;
  gsat_error err;
  assert_int_equal(gsat_cpu_solve(db, &p, &r, &err), GSAT_OK);
  outcome o{r.answer, r.total, {}};
  if (r.answer == 10) o.model.assign(r.model, r.model + db->num_vars);
  gsat_search_result_free(&r);
  return o;
}

struct shape {
  unsigned blocks, warps;
  int cnf_in_smem, state_in_smem;
};

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/asan_interface.h>
/* Under AddressSanitizer, poisons the arena's padding (between its regions,
 * after each warp's state, after the last region), so that a write past a
 * pool slot, the counters, a CNF array or a warp's state is reported;
 * on = false unpoisons the whole arena. */
static void poison_arena_gaps(const gsat_gpu_layout &L, const gsat_gpu_plan &pl,
                              const gsat_gpu_cnf &cnf, uint8_t *base, size_t arena_end, bool on) {
  if (!on) {
    ASAN_UNPOISON_MEMORY_REGION(base, arena_end);
    return;
  }
  const uint64_t V = cnf.num_vars;
  std::vector<std::pair<const void *, uint64_t>> used = {
      {L.pool, 4ull * pl.slots * (V + 1)},
      {L.counters, gsat_gpu_workers(&pl) * sizeof(gsat_gpu_counters)},
      {L.model, V + 1}};
  for (int k = 0; k < 6; k++) used.push_back({L.arrays[k], 4 * L.lens[k]});
  if (L.slot_lits) used.push_back({L.slot_lits, 4ull * cnf.slot_size});
  if (L.slot_buckets)
    used.push_back({L.slot_buckets, 2 * sizeof(gsat_slot_bucket) * cnf.num_buckets});
  const uint64_t warps = (uint64_t)pl.blocks * pl.warps_per_block;
  const uint64_t wb = gsat_gpu_warp_state_bytes(cnf.num_vars, cnf.lits_size, pl.moms);
  if (L.state)
    for (uint64_t w = 0; w < warps; w++) used.push_back({L.state + w * pl.state_stride, wb});
  used.push_back({base + L.bytes, 0});
  for (size_t i = 0; i + 1 < used.size(); i++) {
    const uintptr_t from = ((uintptr_t)used[i].first + used[i].second + 7) & ~(uintptr_t)7;
    const uintptr_t to = (uintptr_t)used[i + 1].first;
    if (to > from) ASAN_POISON_MEMORY_REGION((void *)from, to - from);
  }
  ASAN_POISON_MEMORY_REGION(base + L.bytes, arena_end - L.bytes);
}
#else
static void poison_arena_gaps(const gsat_gpu_layout &, const gsat_gpu_plan &, const gsat_gpu_cnf &,
                              uint8_t *, size_t, bool) {}
#endif

/* After an UNSAT search (every cube refuted, none queued or held): every
 * slot is free, and the free list holds each slot exactly once. */
static void check_pool_at_end(const gsat_gpu_layout &L,
                              const std::vector<std::atomic<uint32_t>> &places, uint32_t slots) {
  for (uint32_t i = 0; i < slots; i++) assert_int_equal(places[i].load() >> 24, GSAT_GPU_SLOT_FREE);
  assert_int_equal(gsat_queue_size(L.free_q), slots);
  assert_int_equal(gsat_queue_size(L.work_q), 0);
  std::vector<uint8_t> seen(slots, 0);
  for (unsigned long long pos = L.free_q->head; pos < L.free_q->tail; pos++) {
    const uint32_t v = L.free_q->data[pos & L.free_q->mask];
    assert_true(v < slots);
    assert_int_equal(seen[v]++, 0);
  }
}

static outcome gpu_emulate(const gsat_db *db, gsat_decide decide, shape sh, int layout,
                           tuning tu = tuning{}) {
  gsat_gpu_cnf cnf;
  memset(&cnf, 0, sizeof cnf);
  cnf.num_vars = db->num_vars;
  cnf.num_clauses = db->num_clauses;
  cnf.order_len = db->order_len;
  cnf.num_units = db->num_units;
  cnf.stream_size = gsat_db_stream_size(db);
  cnf.lits_size = db->clause_start[db->num_clauses];
  gsat_slot_plan sp;
  gsat_error err;
  assert_int_equal(gsat_slot_plan_init(&sp, db->clause_start, db->num_clauses, db->num_vars, &err),
                   GSAT_OK);
  if (layout == GSAT_GPU_LAYOUT_SLOT && decide == GSAT_DECIDE_MOMS) {
    cnf.slot = 1;
    cnf.num_buckets = sp.num_buckets;
    cnf.slot_size = (uint32_t)sp.size;
    cnf.slot_compact_size = (uint32_t)sp.compact_size;
  }
  gsat_gpu_plan pl;
  memset(&pl, 0, sizeof pl);
  pl.moms = gsat_gpu_heur_kind(decide);
  pl.blocks = sh.blocks;
  pl.warps_per_block = sh.warps;
  pl.threads = 32 * sh.warps;
  pl.cnf_in_smem = (uint32_t)sh.cnf_in_smem;
  pl.state_in_smem = (uint32_t)sh.state_in_smem;
  pl.block_queue_cap = tu.block_queue_cap;
  pl.slots = tu.slots;
  pl.slice = tu.slice;
  pl.max_backoff = tu.max_backoff;
  pl.smem = gsat_gpu_smem_bytes(&pl, &cnf);
  pl.state_stride = gsat_gpu_state_stride(&pl, cnf.num_vars, cnf.lits_size);
  gsat_gpu_layout L;
  gsat_gpu_layout_carve(&L, nullptr, &pl, &cnf);
  std::vector<uint8_t> arena(L.bytes + 256, 0x5a); /* poisoned */
  uint8_t *base = (uint8_t *)(((uintptr_t)arena.data() + 255) & ~(uintptr_t)255);
  gsat_gpu_layout_carve(&L, base, &pl, &cnf);
  for (uint32_t i = 0; i < pl.slots; i++) gsat_gpu_init_index(L, pl.slots, i);
  memset(L.counters, 0, gsat_gpu_workers(&pl) * sizeof(gsat_gpu_counters));
  if (tu.stop_raised) L.ctl->stop = 1; /* as another block would raise it */
  const void *src[6] = {db->occ_start,    db->occ_stream,  db->order,
                        db->clause_start, db->clause_lits, db->units};
  for (int k = layout == GSAT_GPU_LAYOUT_SLOT ? 2 : 0; k < 6; k++)
    if (L.lens[k]) memcpy(L.arrays[k], src[k], 4 * L.lens[k]);
  if (layout == GSAT_GPU_LAYOUT_SLOT) /* what the GPU gathers */
    assert_int_equal(gsat_slot_streams_host(db->clause_start, db->clause_lits, db->num_clauses,
                                            2 * db->num_vars, L.arrays[0], L.arrays[1]),
                     cnf.stream_size);
  if (cnf.slot) {
    gsat_slot_build_host(&sp, db->clause_start, db->clause_lits, db->num_clauses, L.slot_lits);
    memcpy(L.slot_buckets, sp.bucket, sp.num_buckets * sizeof(gsat_slot_bucket));
    gsat_slot_compact_buckets(&sp, L.slot_buckets + sp.num_buckets);
  }
  static int host_stop = 0;
  gsat_gpu_params kp = gsat_gpu_params_for(&L, &pl, cnf, decide, &host_stop, 1000000);
  const unsigned nthreads = pl.blocks * pl.threads;
  std::vector<std::atomic<uint8_t>> have(tu.sample ? nthreads : 0);
  std::atomic<bool> running{true};
  double busy_sum = 0;
  unsigned long long samples = 0;
  unsigned round_half = ~0u, round_full = ~0u;
  std::thread sampler;
  if (tu.sample) {
    for (auto &h : have) h.store(0);
    trace_started.store(0);
    trace_threads = nthreads;
    trace_have = have.data();
    sampler = std::thread([&] {
      while (running.load()) {
        unsigned busy = 0;
        for (auto &h : have) busy += h.load(std::memory_order_relaxed);
        if (__atomic_load_n(&L.ctl->stop, __ATOMIC_RELAXED)) break; /* not the exit */
        if (trace_started.load() < nthreads) {                      /* not the setup */
          std::this_thread::sleep_for(std::chrono::microseconds(50));
          continue;
        }
        busy_sum += (double)busy / nthreads;
        samples++;
        unsigned r = trace_round.load();
        if (getenv("GSAT_EMU_TIMELINE") && samples % 25 == 0)
          printf("    t %llu busy %u hungry %u work %llu queue %u\n", samples, busy,
                 __atomic_load_n(&L.ctl->hungry, __ATOMIC_RELAXED),
                 (unsigned long long)__atomic_load_n(&L.ctl->work, __ATOMIC_RELAXED),
                 gsat_queue_size(L.work_q));
        if (2 * busy >= nthreads && round_half == ~0u) round_half = r;
        if (10 * busy >= 9 * nthreads && round_full == ~0u) round_full = r;
        std::this_thread::sleep_for(std::chrono::microseconds(200));
      }
    });
  }
  std::vector<std::atomic<uint32_t>> places(pl.slots);
  for (auto &x : places) x.store((uint32_t)GSAT_GPU_SLOT_FREE << 24); /* all free */
  slot_state = places.data();
  slot_count = pl.slots;
  const size_t arena_end = (size_t)(arena.data() + arena.size() - base);
  poison_arena_gaps(L, pl, kp.cnf, base, arena_end, true);
  gsat_simt_launch(gsat_gpu_warp_kernel, pl.blocks, pl.threads, pl.smem, kp);
  slot_state = nullptr;
  poison_arena_gaps(L, pl, kp.cnf, base, arena_end, false);
  if (L.ctl->answer == GSAT_ANSWER_UNSAT) check_pool_at_end(L, places, pl.slots);
  if (tu.sample) {
    running.store(false);
    sampler.join();
    trace_have = nullptr;
  }
  outcome o{L.ctl->answer,
            {},
            {},
            {L.ctl->steals_warp, L.ctl->steals_block},
            samples ? busy_sum / samples : 0,
            round_half,
            round_full,
            0};
  for (uint64_t i = 0; i < gsat_gpu_workers(&pl); i++) {
    const gsat_gpu_counters &c = L.counters[i];
    o.total.n.nodes += c.nodes;
    o.total.n.checks += c.checks;
    o.total.cubes += c.cubes;
    o.total.donations += c.donations;
    o.total.n.replay += c.replay;
    o.total.n.heur += c.heur;
    o.total.n.la += c.la;
    o.total.n.failed += c.failed;
    o.total.n.cand += c.cand;
    o.not_left += c.where != GSAT_GPU_AT_LEFT;
  }
  if (o.answer == 10) o.model.assign(L.model, L.model + db->num_vars);
  return o;
}

static const shape shapes[] = {
    {1, 1, 1, 1},
    {2, 2, 1, 1},
    {2, 3, 0, 0},
    {3, 1, 1, 0},
};

static void compare_all(const gsat_cnf *cnf, gsat_decide decide, int expect) {
  gsat_db db;
  build_db(&db, cnf);
  outcome ref = cpu_solve(&db, decide, 1);
  if (expect) assert_int_equal(ref.answer, expect);
  if (ref.answer == 10) check_model(cnf, &db, ref.model);
  for (const shape &sh : shapes) {
    outcome csr{};
    for (int layout : {GSAT_GPU_LAYOUT_CSR, GSAT_GPU_LAYOUT_SLOT}) {
      outcome o = gpu_emulate(&db, decide, sh, layout);
      printf("  warp %s %ux%u cnf:%s state:%s  answer %d nodes %llu (cpu %llu) "
             "checks %llu "
             "cubes %llu\n",
             layout == GSAT_GPU_LAYOUT_SLOT ? "slot" : "csr", sh.blocks, sh.warps,
             sh.cnf_in_smem ? "smem" : "global", sh.state_in_smem ? "smem" : "global", o.answer,
             (unsigned long long)o.total.n.nodes, (unsigned long long)ref.total.n.nodes,
             (unsigned long long)o.total.n.checks, (unsigned long long)o.total.cubes);
      assert_int_equal(o.answer, ref.answer);
      assert_int_equal(o.not_left, 0); /* every worker's `where` ends LEFT */
      if (o.answer == 10) check_model(cnf, &db, o.model);
      if (o.answer == 20) {
        assert_int_equal(o.total.n.nodes, ref.total.n.nodes);
        /* each node's look-ahead runs once, whoever holds the node */
        assert_int_equal(o.total.n.la, ref.total.n.la);
        assert_int_equal(o.total.n.failed, ref.total.n.failed);
      }
      if (layout == GSAT_GPU_LAYOUT_CSR) {
        csr = o;
      } else if (sh.blocks * sh.warps == 1) {
        /* one worker: the same tree walked the same way */
        assert_int_equal(o.total.n.nodes, csr.total.n.nodes);
        assert_int_equal(o.total.n.checks, csr.total.n.checks);
        assert_int_equal(o.total.n.heur, csr.total.n.heur);
      }
    }
  }
  gsat_db_free(&db);
}

static void pigeonhole_static(void **state) {
  (void)state;
  if (getenv("GSAT_EMU_ONLY_OCC")) skip();
  for (int n = 2; n <= 4; n++) {
    gsat_cnf cnf = php_cnf(n);
    compare_all(&cnf, GSAT_DECIDE_STATIC, 20);
    gsat_cnf_free(&cnf);
  }
}

static void pigeonhole_moms(void **state) {
  (void)state;
  if (getenv("GSAT_EMU_ONLY_OCC")) skip();
  gsat_cnf cnf = php_cnf(4);
  compare_all(&cnf, GSAT_DECIDE_MOMS, 20);
  gsat_cnf_free(&cnf);
}

static void random_3sat(void **state) {
  (void)state;
  if (getenv("GSAT_EMU_ONLY_OCC")) skip();
  std::mt19937_64 rng(12345);
  int sat = 0, unsat = 0;
  for (int round = 0; round < 6; round++) {
    gsat_cnf cnf = random_cnf(rng, 24, 110, 3);
    compare_all(&cnf, round & 1 ? GSAT_DECIDE_STATIC : GSAT_DECIDE_MOMS, 0);
    gsat_db db;
    build_db(&db, &cnf);
    outcome r = cpu_solve(&db, GSAT_DECIDE_MOMS, 1);
    sat += r.answer == 10;
    unsat += r.answer == 20;
    gsat_db_free(&db);
    gsat_cnf_free(&cnf);
  }
  assert_true(sat > 0 && unsat > 0); /* both kinds were compared */
}

/* Clauses longer than a warp's 32 stream entries, units, duplicate literals. */
static void long_clauses_and_units(void **state) {
  (void)state;
  if (getenv("GSAT_EMU_ONLY_OCC")) skip();
  std::mt19937_64 rng(777);
  for (int round = 0; round < 4; round++) {
    gsat_cnf cnf = long_clauses_cnf(rng, round);
    compare_all(&cnf, round & 1 ? GSAT_DECIDE_STATIC : GSAT_DECIDE_MOMS, 0);
    gsat_cnf_free(&cnf);
  }
}

/* The look-ahead (core/dpll_lookahead.h): the CPU instance and the
 * warp instance (its candidate literals spread over the lanes) on pigeonhole,
 * random 3-, 5- and 7-SAT near their thresholds, and long clauses with units:
 * same answers, verified models, and for UNSAT the same nodes, look-aheads
 * and failed literals however the tree is split among warps.  The two
 * compile different representations of the reduced formula (GSAT_LA_KEPT:
 * the CPU keeps it along the tree, the warp scans for it in each round, as
 * search_warp.cuh compiles it for the GPU), so this also checks that they
 * make the same tree; their heuristic work and literal checks differ. */
static void lookahead_cpu_and_warp(void **state) {
  (void)state;
  if (getenv("GSAT_EMU_ONLY_OCC")) skip();
  gsat_cnf php = php_cnf(4);
  compare_all(&php, GSAT_DECIDE_LOOKAHEAD, 20);
  gsat_cnf_free(&php);
  std::mt19937_64 rng(4242);
  int sat = 0, unsat = 0;
  for (int round = 0; round < 10; round++) {
    const int k = round < 5 ? 3 : round < 8 ? 5 : 7, V = k == 3 ? 30 : k == 5 ? 16 : 12;
    gsat_cnf cnf = random_cnf(rng, V, k == 3 ? 44 * V / 10 : k == 5 ? 43 * V / 2 : 90 * V, k);
    compare_all(&cnf, GSAT_DECIDE_LOOKAHEAD, 0);
    gsat_db db;
    build_db(&db, &cnf);
    outcome r = cpu_solve(&db, GSAT_DECIDE_LOOKAHEAD, 1);
    sat += r.answer == 10;
    unsat += r.answer == 20;
    if (r.answer == 20) assert_true(r.total.n.la > 0);
    gsat_db_free(&db);
    gsat_cnf_free(&cnf);
  }
  assert_true(sat > 0 && unsat > 0);
  for (int round = 0; round < 2; round++) {
    gsat_cnf cnf = long_clauses_cnf(rng, round);
    compare_all(&cnf, GSAT_DECIDE_LOOKAHEAD, 0);
    gsat_cnf_free(&cnf);
  }
}

/* The occupancy experiment: the kernel on a pigeonhole formula and a grid of
 * 8 blocks of 4 warps with the GPU's default tuning; prints the sampled mean
 * fraction of threads holding a cube, the rounds (of thread 0) until half and
 * 90% of the threads hold one, and the steals per level.  Asserts only the
 * answer and the node count (the protocol's speed is measured, not tested). */
static void occupancy(void **state) {
  (void)state;
  if (getenv("GSAT_EMU_SKIP_OCC")) skip();
  const char *env = getenv("GSAT_EMU_PHP");
  const int n = env ? atoi(env) : 6;
  gsat_cnf cnf = php_cnf(n);
  gsat_db db;
  build_db(&db, &cnf);
  outcome ref = cpu_solve(&db, GSAT_DECIDE_STATIC, 1);
  tuning tu;
  /* slice 8: about as many slices per worker as php 9 has on an H200 at 64 */
  tu.slice = getenv("GSAT_EMU_SLICE") ? (uint32_t)atoi(getenv("GSAT_EMU_SLICE")) : 8;
  tu.block_queue_cap = 64;
  tu.max_backoff = 2048;
  tu.sample = true;
  tu.slots = 128;
  outcome o = gpu_emulate(&db, GSAT_DECIDE_STATIC, shape{8, 4, 1, 0}, GSAT_GPU_LAYOUT_CSR, tu);
  printf("  occupancy php %d 8x4: busy %.1f%% rounds to 50%% %d, to 90%% "
         "%d; nodes %llu cubes %llu donations %llu steals warp %llu block "
         "%llu\n",
         n, 100 * o.busy, (int)o.round_half, (int)o.round_full, (unsigned long long)o.total.n.nodes,
         (unsigned long long)o.total.cubes, (unsigned long long)o.total.donations, o.steals[0],
         o.steals[1]);
  assert_int_equal(o.answer, 20);
  assert_int_equal(o.total.n.nodes, ref.total.n.nodes);
  gsat_db_free(&db);
  gsat_cnf_free(&cnf);
}

/* A pool slot given back meets a cell whose consumer one lap back has claimed
 * it and not yet released it (Vyukov's queue then answers "full" though the
 * queue holds fewer values than cells): gsat_gpu_publish waits for the
 * release instead of dropping the slot.  A dropped cube keeps ctl->work above
 * 0, so the search would never end; a dropped free slot shrinks the pool.
 * Both queues of capacity 4 hold the pool's 4 slots; a helper thread plays
 * the slow consumer. */
static void publish_waits_for_a_claimed_cell(void **state) {
  (void)state;
  for (int to_free : {0, 1}) {
    unsigned long long fseq[4], wseq[4];
    uint32_t fdata[4], wdata[4], pool[4 * 2] = {0};
    gsat_gqueue freeq, workq;
    gsat_queue_init(&freeq, fseq, fdata, 4);
    gsat_queue_init(&workq, wseq, wdata, 4);
    gsat_gqueue *q = to_free ? &freeq : &workq; /* where the slot goes back */
    for (uint32_t i = 0; i < 4; i++) assert_true(gsat_queue_push(q, i));
    /* The slow consumer claims position 0 (slot 0) and stops before its
     * release; a fast one takes position 1 (slot 1) and gives it back. */
    assert_int_equal(__atomic_fetch_add(&q->head, 1, __ATOMIC_SEQ_CST), 0);
    uint32_t fast;
    assert_true(gsat_queue_pop(q, &fast));
    assert_int_equal(fast, 1);
    assert_false(gsat_queue_push(q, fast)); /* "full" with 2 values queued */
    gsat_gpu_control ctl;
    memset(&ctl, 0, sizeof ctl);
    gsat_gpu_params p;
    memset(&p, 0, sizeof p);
    p.ctl = &ctl;
    p.free_slots = &freeq;
    p.work = &workq;
    p.pool = pool;
    p.pool_slots = 4;
    p.slot_stride = 2;
    std::thread slow([&] { /* releases the cell a while later */
                           std::this_thread::sleep_for(std::chrono::milliseconds(30));
                           __atomic_store_n(&q->seq[0], 0 + 4ull, __ATOMIC_RELEASE);
    });
    gsat_gpu_publish(p, nullptr, 2, fast, to_free ? 0 : 1);
    slow.join();
    uint32_t v[3];
    for (uint32_t &x : v) assert_true(gsat_queue_pop(q, &x));
    assert_int_equal(v[0], 2);
    assert_int_equal(v[1], 3);
    assert_int_equal(v[2], 1); /* the slot given back, not dropped */
    assert_int_equal(ctl.work, to_free ? 0 : 1);
  }
}

/* A push that cannot land (the consumer one lap back claimed its cell and
 * never releases it, as a stuck worker would) gives up once the stop flag is
 * raised, so that its worker can leave; without the flag it keeps trying
 * (publish_waits_for_a_claimed_cell). */
static void push_gives_up_on_stop(void **state) {
  (void)state;
  unsigned long long seq[4];
  uint32_t data[4];
  gsat_gqueue q;
  gsat_queue_init(&q, seq, data, 4);
  for (uint32_t i = 0; i < 4; i++) assert_true(gsat_queue_push(&q, i));
  assert_int_equal(__atomic_fetch_add(&q.head, 1, __ATOMIC_SEQ_CST), 0); /* claimed, held */
  uint32_t fast;
  assert_true(gsat_queue_pop(&q, &fast));
  gsat_gpu_control ctl;
  memset(&ctl, 0, sizeof ctl);
  ctl.stop = 1;
  gsat_gpu_params p;
  memset(&p, 0, sizeof p);
  p.ctl = &ctl;
  assert_false(gsat_gpu_push_slot(p, &q, fast));           /* returns: the slot is dropped */
  assert_int_equal(q.tail, 4);                             /* nothing was pushed */
  __atomic_store_n(&q.seq[0], 0 + 4ull, __ATOMIC_RELEASE); /* the cell released */
  ctl.stop = 0;
  assert_true(gsat_gpu_push_slot(p, &q, fast));
  assert_int_equal(q.tail, 5);
}

/* Every warp reads the global stop flag at the top of each round, not only
 * the block's poller and its busy warps (which a stuck warp may be): with
 * the flag raised before the launch (as by another block) every warp leaves
 * at its first round, before any search: UNKNOWN, no node,
 * no cube taken beyond worker 0's root. */
static void raised_stop_flag_stops_every_warp_at_once(void **state) {
  (void)state;
  if (getenv("GSAT_EMU_ONLY_OCC")) skip();
  gsat_cnf cnf = php_cnf(5);
  gsat_db db;
  build_db(&db, &cnf);
  tuning tu;
  tu.stop_raised = true;
  for (shape sh : {shape{2, 2, 1, 0}, shape{2, 2, 1, 1}}) {
    outcome o = gpu_emulate(&db, GSAT_DECIDE_STATIC, sh, GSAT_GPU_LAYOUT_CSR, tu);
    assert_int_equal(o.answer, GSAT_ANSWER_UNKNOWN);
    assert_int_equal(o.total.n.nodes, 0);
    assert_int_equal(o.total.cubes, 1);
    assert_int_equal(o.steals[0] + o.steals[1], 0);
    assert_int_equal(o.not_left, 0);
  }
  gsat_db_free(&db);
  gsat_cnf_free(&cnf);
}

/* Many blocks on UNSAT random 3-SAT near the threshold (the shape of
 * uuf250): the GPU's tuning (64 decisions a slice, block queues of 64, a pool
 * of 4 slots per warp, at least 64), both heuristics; answer and node count
 * equal the CPU reference's. */
static void many_blocks(void **state) {
  (void)state;
  if (getenv("GSAT_EMU_ONLY_OCC")) skip();
  std::mt19937_64 rng(2501);
  int unsat = 0;
  for (int round = 0; round < 2; round++) {
    gsat_cnf cnf = random_cnf(rng, 130, 554, 3);
    gsat_db db;
    build_db(&db, &cnf);
    for (gsat_decide decide : {GSAT_DECIDE_MOMS, GSAT_DECIDE_STATIC}) {
      outcome ref = cpu_solve(&db, decide, 1);
      tuning tu;
      tu.slice = 64;
      tu.block_queue_cap = 64;
      tu.max_backoff = 2048;
      for (shape sh : {shape{8, 2, 1, 0}, shape{12, 1, 0, 0}}) {
        tu.slots = 64;
        while (tu.slots < 4 * sh.blocks * sh.warps) tu.slots *= 2;
        outcome o = gpu_emulate(&db, decide, sh, GSAT_GPU_LAYOUT_CSR, tu);
        printf("  warp %ux%u %s: answer %d nodes %llu (cpu %llu) cubes %llu\n", sh.blocks, sh.warps,
               decide == GSAT_DECIDE_MOMS ? "moms" : "static", o.answer,
               (unsigned long long)o.total.n.nodes, (unsigned long long)ref.total.n.nodes,
               (unsigned long long)o.total.cubes);
        assert_int_equal(o.answer, ref.answer);
        assert_int_equal(o.not_left, 0); /* every worker's `where` ends LEFT */
        if (o.answer == GSAT_ANSWER_SAT) check_model(&cnf, &db, o.model);
        if (o.answer == GSAT_ANSWER_UNSAT) assert_int_equal(o.total.n.nodes, ref.total.n.nodes);
      }
      unsat += ref.answer == GSAT_ANSWER_UNSAT;
    }
    gsat_db_free(&db);
    gsat_cnf_free(&cnf);
  }
  assert_true(unsat > 0);
}

/* The pool-slot ownership check itself (on in every emulated launch): a
 * second pop of a slot, a push of a slot that the pusher does not hold, a
 * slot out of range, a cube length outside 1..V and a literal of 2 V or more
 * are each a violation; legal moves are not. */
static void slot_check_catches_bad_moves(void **state) {
  (void)state;
  std::vector<std::atomic<uint32_t>> places(4);
  for (auto &x : places) x.store((uint32_t)GSAT_GPU_SLOT_FREE << 24);
  slot_state = places.data();
  slot_count = 4;
  slot_check_record = true;
  slot_violations = 0;
  slot_move(4, 1, GSAT_GPU_SLOT_FREE, GSAT_GPU_SLOT_HELD); /* a pop */
  assert_int_equal(slot_violations.load(), 0);
  slot_move(4, 1, GSAT_GPU_SLOT_FREE, GSAT_GPU_SLOT_HELD); /* popped again: held */
  assert_int_equal(slot_violations.load(), 1);
  slot_move(4, 1, GSAT_GPU_SLOT_HELD, GSAT_GPU_SLOT_WORK); /* published */
  slot_move(4, 1, GSAT_GPU_SLOT_HELD, GSAT_GPU_SLOT_FREE); /* given back, not held */
  assert_int_equal(slot_violations.load(), 2);
  slot_move(4, 2, GSAT_GPU_SLOT_HELD, GSAT_GPU_SLOT_BLOCK); /* never taken */
  slot_move(4, 4, GSAT_GPU_SLOT_FREE, GSAT_GPU_SLOT_HELD);  /* no slot 4 */
  assert_int_equal(slot_violations.load(), 4);
  slot_move(4, 1, GSAT_GPU_SLOT_WORK, GSAT_GPU_SLOT_HELD); /* taken, */
  slot_move(4, 1, GSAT_GPU_SLOT_HELD, GSAT_GPU_SLOT_FREE); /* given back */
  assert_int_equal(places[1].load() >> 24, GSAT_GPU_SLOT_FREE);
  uint32_t cube[3] = {0, 5, 9};
  cube_check(5, cube, 3); /* literals below 2 V = 10 */
  assert_int_equal(slot_violations.load(), 4);
  cube_check(5, cube, 0);
  cube_check(5, cube, 6);
  cube[2] = 10;
  cube_check(5, cube, 3);
  assert_int_equal(slot_violations.load(), 7);
  slot_state = nullptr;
  slot_check_record = false;
  slot_violations = 0;
}

/* The kernel under perturbed interleavings (tests/simt_host.h,
 * GSAT_SIMT_PERTURB: the lanes of a warp run in a random order and yield to
 * each other at atomics, fences, L2 loads and stores and inside the queues'
 * CAS loops; host threads yield and sleep) with the work exchange at its
 * busiest: a slice of 1 decision, block queues of 2 or 4, pools of 8 to 32
 * slots for 16 warps, both heuristics, on UNSAT random 3-SAT, three
 * seeds each.  The slot ownership check sees every move of a pool slot (and
 * there were moves); answer and node count are the CPU reference's, and
 * every slot is free once at the end (gpu_emulate), which catches a slot
 * dropped by a push that met a cell claimed and not yet released (the defect
 * fixed in gsat_gpu_push_slot). */
static void perturbed_exchange(void **state) {
  (void)state;
  if (getenv("GSAT_EMU_ONLY_OCC")) skip();
  const uint64_t seed0 = gsat_simt_perturb_seed();
  std::mt19937_64 rng(9090);
  gsat_cnf cnf;
  gsat_db db;
  for (;;) { /* the first UNSAT formula of the stream */
    cnf = random_cnf(rng, 100, 440, 3);
    build_db(&db, &cnf);
    if (cpu_solve(&db, GSAT_DECIDE_MOMS, 1).answer == GSAT_ANSWER_UNSAT) break;
    gsat_db_free(&db);
    gsat_cnf_free(&cnf);
  }
  struct grid {
    shape sh;
    uint32_t bq, slots;
  };
  const grid grids[] = {{{8, 2, 1, 0}, 2, 8}, {{4, 4, 1, 1}, 2, 16}, {{16, 1, 0, 0}, 4, 32}};
  uint64_t seed = 1;
  for (gsat_decide decide : {GSAT_DECIDE_MOMS, GSAT_DECIDE_STATIC}) {
    const outcome ref = cpu_solve(&db, decide, 1);
    for (const grid &g : grids)
      for (int k = 0; k < 3; k++) {
        tuning tu;
        tu.slice = 1;
        tu.block_queue_cap = g.bq;
        tu.slots = g.slots;
        tu.max_backoff = 256;
        gsat_simt_perturb_seed_var().store(seed0 ? seed0 + seed++ : seed++);
        slot_moves = 0;
        outcome o = gpu_emulate(&db, decide, g.sh, GSAT_GPU_LAYOUT_CSR, tu);
        printf("  warp %ux%u %s perturbed: answer %d nodes %llu (cpu %llu) cubes %llu slot moves "
               "%llu\n",
               g.sh.blocks, g.sh.warps, decide == GSAT_DECIDE_MOMS ? "moms" : "static", o.answer,
               (unsigned long long)o.total.n.nodes, (unsigned long long)ref.total.n.nodes,
               (unsigned long long)o.total.cubes, slot_moves.load());
        assert_int_equal(o.answer, GSAT_ANSWER_UNSAT);
        assert_int_equal(o.not_left, 0);
        assert_int_equal(o.total.n.nodes, ref.total.n.nodes);
        assert_true(slot_moves.load() > 0);
      }
  }
  gsat_simt_perturb_seed_var().store(seed0);
  gsat_db_free(&db);
  gsat_cnf_free(&cnf);
}

/* An experiment, not run by default: GSAT_EMU_CNF=FILE runs the kernel on a
 * DIMACS file with the GPU's tuning,
 * GSAT_EMU_GRID=BLOCKS,WARPS (default 4,2), GSAT_EMU_STATIC for the static
 * order, GSAT_EMU_TIMELINE for the occupancy trace; GSAT_EMU_SLICE (64),
 * GSAT_EMU_BQ (block queue capacity, 64), GSAT_EMU_SLOTS (pool slots, a power
 * of two; 4 per warp, at least 64), GSAT_EMU_CNF_SMEM=0 (the CNF in global memory),
 * GSAT_EMU_SLOT_LAYOUT (the slot layout, MOMS only), GSAT_EMU_RUNS (runs, 1);
 * with GSAT_SIMT_PERTURB=SEED (tests/simt_host.h) perturbed interleavings.
 * Asserts the CPU reference's answer and node count and, through the slot
 * ownership check, every pool slot's moves. */
static void file_experiment(void **state) {
  (void)state;
  const char *path = getenv("GSAT_EMU_CNF");
  if (!path) skip();
  gsat_cnf cnf;
  gsat_cnf_init(&cnf);
  gsat_error err;
  assert_int_equal(gsat_dimacs_read_path(path, NULL, &cnf, &err), GSAT_OK);
  gsat_db db;
  build_db(&db, &cnf);
  const gsat_decide decide = getenv("GSAT_EMU_STATIC") ? GSAT_DECIDE_STATIC : GSAT_DECIDE_MOMS;
  outcome ref = cpu_solve(&db, decide, 1);
  unsigned blocks = 4, warps = 2;
  if (getenv("GSAT_EMU_GRID"))
    assert_int_equal(sscanf(getenv("GSAT_EMU_GRID"), "%u,%u", &blocks, &warps), 2);
  tuning tu;
  auto knob = [](const char *name, uint32_t dflt) {
    const char *e = getenv(name);
    return e ? (uint32_t)strtoul(e, nullptr, 0) : dflt;
  };
  tu.slice = knob("GSAT_EMU_SLICE", 64);
  tu.block_queue_cap = knob("GSAT_EMU_BQ", 64);
  tu.max_backoff = 2048;
  tu.slots = 64;
  while (tu.slots < 4 * blocks * warps) tu.slots *= 2;
  tu.slots = knob("GSAT_EMU_SLOTS", tu.slots);
  /* The trace's start barrier assumes lane 31 runs last in its warp, which a
   * perturbed run does not keep: sampled for the timeline only. */
  tu.sample = getenv("GSAT_EMU_TIMELINE") != nullptr;
  const shape sh{blocks, warps, (int)knob("GSAT_EMU_CNF_SMEM", 1), 0};
  const int layout = getenv("GSAT_EMU_SLOT_LAYOUT") ? GSAT_GPU_LAYOUT_SLOT : GSAT_GPU_LAYOUT_CSR;
  for (uint32_t run = 0, runs = knob("GSAT_EMU_RUNS", 1); run < runs; run++) {
    slot_moves = 0;
    outcome o = gpu_emulate(&db, decide, sh, layout, tu);
    printf(
        "  %s: cpu answer %d nodes %llu; emulated %ux%u (slice %u, block queue %u, %u slots) run %u"
        " answer %d nodes %llu cubes %llu slot moves %llu\n",
        path, ref.answer, (unsigned long long)ref.total.n.nodes, blocks, warps, tu.slice,
        tu.block_queue_cap, tu.slots, run, o.answer, (unsigned long long)o.total.n.nodes,
        (unsigned long long)o.total.cubes, slot_moves.load());
    fflush(stdout);
    assert_int_equal(o.answer, ref.answer);
    assert_int_equal(o.not_left, 0);
    if (o.answer == GSAT_ANSWER_UNSAT) assert_int_equal(o.total.n.nodes, ref.total.n.nodes);
  }
  gsat_db_free(&db);
  gsat_cnf_free(&cnf);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(pigeonhole_static),
      cmocka_unit_test(pigeonhole_moms),
      cmocka_unit_test(random_3sat),
      cmocka_unit_test(long_clauses_and_units),
      cmocka_unit_test(lookahead_cpu_and_warp),
      cmocka_unit_test(publish_waits_for_a_claimed_cell),
      cmocka_unit_test(push_gives_up_on_stop),
      cmocka_unit_test(raised_stop_flag_stops_every_warp_at_once),
      cmocka_unit_test(many_blocks),
      cmocka_unit_test(slot_check_catches_bad_moves),
      cmocka_unit_test(perturbed_exchange),
      cmocka_unit_test(occupancy),
      cmocka_unit_test(file_experiment),
  };
  if (getenv("GSAT_EMU_FILTER"))
    cmocka_set_test_filter(getenv("GSAT_EMU_FILTER")); /* e.g. perturbed_* */
  return cmocka_run_group_tests(tests, NULL, NULL);
}
