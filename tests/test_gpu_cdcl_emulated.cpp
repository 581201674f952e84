/* The GPU CDCL searchers (gpu/cdcl_warp.cuh: the CDCL step code instantiated
 * for a warp team) run on host threads by the SIMT emulation (simt_host.h:
 * the 32 lanes of a warp interleave between sync points, so a write to the
 * shared searcher state outside TEAM_ONE shows up as a wrong answer or a
 * crash), planned by gpu/cdcl_plan.h in host memory: the answers agree with
 * the CPU CDCL search, every model satisfies the original clauses, UNSAT is
 * found (pigeonhole, random 3-SAT below and above the threshold, long
 * clauses and units), a small arena forces reductions on the device path, a
 * raised host stop flag ends the search with no answer, a sample of the
 * clauses the searchers share through the global ring is implied by the
 * formula (formula plus the negated clause is UNSAT by the CPU), and the warp team
 * learns the same clauses as a team of one (searcher 0 undiversified: the
 * same conflicts and decisions as the CPU search on one thread).  Proofs
 * (core/proof_ring.h): the searchers stream their clauses through a
 * proof ring that a host thread drains into a DRAT file, as
 * gpu/cdcl_search.cu does, and drat-trim verifies the proofs of generated
 * and corpus UNSAT formulas in both formats, rejects them cut to half, and
 * verifies them through a ring of 256 words (wrapping, searchers waiting)
 * and with cubes (refuted cubes and closed parents logged);
 * a stop with the ring full and nobody draining ends the search with the
 * records given up.  Runs without a GPU. */
#include "simt_host.h"

#include "cpu/cdcl_one.h" /* the CPU instance first */
#include "gpu/cdcl_warp.cuh"

#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "tests/emulated_harness.h"
#include "cpu/cdcl_portfolio.h"
extern "C" { /* C headers without C++ guards */
#include "dimacs/dimacs.h"
#include "dimacs/write.h"
}
#include "gpu/cdcl_plan.h"
#include "core/cdcl_host.h"
#include "core/cnf.h"
#include "core/db.h"
#include "core/proof.h"
#include "core/proof_ring.h"
#include "tests/test_tmpdir.h"

#include <sys/stat.h>
#include <unistd.h>

/* A proof of an emulated run: a ring of ring_words in host memory (the
 * mapped memory of gpu/cdcl_search.cu) drained into a DRAT file at path by a
 * host thread while the kernel runs; with drain false nobody drains and the
 * host stop flag is raised once the ring is full. */
struct emu_proof {
  uint64_t ring_words = 0;
  const char *path = nullptr;
  gsat_proof_format format = GSAT_PROOF_BINARY;
  bool drain = true;
  bool drain_after_full = false; /* the first drain waits until the ring is full */
  /* after the run */
  gsat_proof_ring ring{};
  uint64_t records = 0, drained_words = 0, deleted = 0;
};

struct outcome {
  int answer;
  std::vector<uint8_t> model;
  gsat_cdcl_counters first; /* searcher 0's counters */
  uint64_t reductions = 0, conflicts = 0;
  uint32_t retired = 0;
  uint64_t exported = 0, imported = 0;
  std::vector<std::vector<gsat_lit>> shared; /* a sample of the ring and the units */
  uint64_t cubes_taken = 0, cubes_donated = 0, cubes_refuted = 0, cube_splits = 0;
  /* the searchers' phases after the run (gsat_cdcl_gpu_at): those not at
   * GSAT_GPU_AT_LEFT, the fewest rounds begun, the stuck report on them */
  uint32_t not_left = 0, min_round = 0;
  std::string report;
};

/* Up to `max` clauses still in the ring and up to `max` shared units. */
static void sample_ring(const gsat_share *sh, size_t max, outcome &o) {
  uint64_t cur = sh->cursor, lo = cur > sh->capacity ? cur - sh->capacity : 0;
  for (uint64_t i = lo; i < cur && o.shared.size() < max; i++) {
    const gsat_share_slot *sl = &sh->slot[i & (sh->capacity - 1)];
    if (sl->seq == 2 * i + 2) o.shared.emplace_back(sl->lits, sl->lits + sl->len);
  }
  for (uint32_t i = 0; i < sh->unit_count && i < max; i++) o.shared.push_back({sh->units[i]});
}

/* The default CDCL configuration (gsat_cdcl_config_default). */
static gsat_cdcl_config default_config() {
  gsat_cdcl_config cfg;
  gsat_cdcl_config_default(&cfg);
  return cfg;
}

static outcome cpu_solve(const gsat_db *db, const gsat_cdcl_config &cfg) {
  gsat_search_params p;
  memset(&p, 0, sizeof p);
  p.threads = 1;
  p.cdcl = cfg;
  gsat_search_result r;
  gsat_error err;
  assert_int_equal(gsat_cpu_cdcl_solve(db, &p, &r, &err), GSAT_OK);
  outcome o{r.answer, {}, r.total.c};
  if (r.answer == 10) o.model.assign(r.model, r.model + db->num_vars);
  gsat_search_result_free(&r);
  return o;
}

/* The CPU search's answer on cnf (default configuration, one thread). */
static int cpu_answer(const gsat_cnf *cnf) {
  gsat_db db;
  build_db(&db, cnf);
  gsat_cdcl_config cfg = default_config();
  const int answer = cpu_solve(&db, cfg).answer;
  gsat_db_free(&db);
  return answer;
}

static void cdcl_kernel(gsat_cdcl_gpu_params p) {
  gsat_cdcl_gpu_searcher(p);
}

/* The GPU search's setup (gpu/cdcl_search.cu) on host memory: template,
 * plan, descriptors, shared images; `searchers` warps in blocks of 4. */
/* Drains pr's ring into sink until *done (then once more), as supervise()
 * does; without draining, raises *stop once the ring is full. */
static void drain_loop(emu_proof *pr, gsat_proof_reader *rd, const gsat_proof_sink *sink,
                       std::atomic<bool> *done, int *stop) {
  const uint64_t cap = pr->ring.mask + 1;
  bool full = false;
  while (!done->load()) {
    full = full || __atomic_load_n(&pr->ring.reserved, __ATOMIC_RELAXED) > cap;
    if (!pr->drain && full) __atomic_store_n(stop, 1, __ATOMIC_RELAXED);
    const bool now = pr->drain && (full || !pr->drain_after_full);
    if (!now || gsat_proof_reader_drain(rd, sink, 0) == 0) sched_yield();
  }
  if (pr->drain) gsat_proof_reader_drain(rd, sink, 0);
}

/* Runs the emulated kernel on kp (with pr's ring and drainer when pr has
 * one); ends the proof as gpu/cdcl_search.cu does. */
static void launch(gsat_cdcl_gpu_params &kp, const gsat_db *db, uint32_t searchers, emu_proof *pr,
                   int *stop) {
  if (!pr || !pr->ring_words) {
    gsat_simt_launch(cdcl_kernel, (searchers + 3) / 4, 128, 0, kp);
    return;
  }
  std::vector<uint32_t> words(pr->ring_words, 0);
  uint64_t head = 0;
  pr->ring.words = words.data();
  pr->ring.mask = pr->ring_words - 1;
  pr->ring.head = &head;
  pr->ring.abort = stop;
  pr->ring.max_len = db->num_vars;
  for (uint32_t i = 0; i < searchers; i++) kp.searchers[i].proof_ring = &pr->ring;
  gsat_proof proof;
  assert_int_equal(gsat_proof_open_path(&proof, pr->path, pr->format, NULL), GSAT_OK);
  gsat_proof_set_map(&proof, db->ext_var, db->num_vars);
  gsat_proof_sink sink = gsat_proof_sink_of(&proof);
  gsat_proof_reader rd;
  assert_int_equal(
      gsat_proof_reader_init(&rd, words.data(), pr->ring.mask, &head, db->num_vars, NULL), GSAT_OK);
  std::atomic<bool> done{false};
  std::thread drainer(drain_loop, pr, &rd, &sink, &done, stop);
  gsat_simt_launch(cdcl_kernel, (searchers + 3) / 4, 128, 0, kp);
  done = true;
  drainer.join();
  const gsat_cdcl *w = &kp.searchers[kp.ctl->winner];
  int unsat = kp.ctl->answer == 20 && !w->unsat_assumptions;
  const int was = unsat;
  assert_int_equal(gsat_proof_reader_finish(&rd, &pr->ring, &sink, &unsat, NULL), GSAT_OK);
  if (was && !unsat) kp.ctl->answer = 0;
  pr->records = rd.records;
  pr->drained_words = rd.at;
  pr->deleted = proof.deleted;
  gsat_proof_reader_free(&rd);
  assert_int_equal(gsat_proof_close(&proof, NULL), GSAT_OK);
  for (uint32_t i = 0; i < searchers; i++) kp.searchers[i].proof_ring = NULL;
}

/* The searchers' phases after a run into o: every one should have left, and
 * the stuck report (as gpu/cdcl_search.cu would make it) names none. */
static void note_phases(const std::vector<gsat_cdcl_gpu_at> &at, outcome &o) {
  o.min_round = UINT32_MAX;
  for (const gsat_cdcl_gpu_at &a : at) {
    o.not_left += a.where != GSAT_GPU_AT_LEFT;
    if (a.round < o.min_round) o.min_round = a.round;
  }
  const gsat_kernel_where k = gsat_cdcl_gpu_where_of(at.data(), (uint32_t)at.size(), 4);
  char msg[GSAT_ERROR_MESSAGE_SIZE] = "";
  gsat_kernel_wait_report(&k, msg, sizeof msg);
  o.report = msg;
}

static outcome gpu_emulate(const gsat_db *db, const gsat_cdcl_config &cfg, uint32_t searchers,
                           uint64_t learned_words, int stop = 0, bool share = true,
                           bool cubes = false, emu_proof *pr = nullptr) {
  gsat_cdcl t;
  int refuted = 0;
  gsat_error err;
  assert_int_equal(gsat_cdcl_create(&t, db, &cfg, NULL, &refuted, &err), GSAT_OK);
  outcome o{0, {}, {}};
  if (refuted) {
    gsat_cdcl_destroy(&t);
    o.answer = 20;
    return o;
  }
  const uint64_t fixed = gsat_cdcl_fixed_bytes(t.num_vars);
  const uint64_t off_arena = (fixed + 255) & ~255ull;
  const uint64_t off_wpool = off_arena + ((4 * t.arena_top + 4 + 255) & ~255ull);
  const uint64_t off_model = off_wpool + ((8 * t.wpool_top + 8 + 255) & ~255ull);
  const uint64_t off_ctl = off_model + ((t.num_vars + 1 + 255) & ~255ull);
  const uint64_t shared = off_ctl + 256;
  gsat_cdcl_gpu_plan pl;
  assert_int_equal(
      gsat_cdcl_gpu_plan_make(&pl, &t, shared, searchers, 1, learned_words, 1ull << 34, &err),
      GSAT_OK);
  assert_int_equal(pl.searchers, searchers);
  char *mem = (char *)aligned_alloc(256, (pl.total + 255) & ~255ull);
  assert_non_null(mem);
  memset(mem, 0xa5, pl.total); /* poisoned: the kernel must copy what it reads */
  gsat_cdcl_gpu_describe(&pl, &t, &cfg, mem, (gsat_cdcl *)mem);
  char *sh = mem + gsat_cdcl_gpu_shared_at(&pl);
  memcpy(sh, t.val, fixed);
  memcpy(sh + off_arena, t.arena, 4 * t.arena_top);
  memcpy(sh + off_wpool, t.wpool, 8 * t.wpool_top);
  memset(sh + off_ctl, 0, sizeof(gsat_cdcl_gpu_ctl));
  int host_stop = stop;
  gsat_cdcl_gpu_params kp;
  memset(&kp, 0, sizeof kp);
  kp.searchers = (gsat_cdcl *)mem;
  kp.count = pl.searchers;
  kp.tmpl_fixed = (const uint32_t *)sh;
  kp.fixed_words = fixed / 4;
  kp.tmpl_arena = (const uint32_t *)(sh + off_arena);
  kp.arena_words = t.arena_top;
  kp.tmpl_wpool = (const gsat_watch *)(sh + off_wpool);
  kp.wpool_entries = t.wpool_top;
  kp.db = gsat_db_view_of(db);
  kp.ctl = (gsat_cdcl_gpu_ctl *)(sh + off_ctl);
  kp.model = (uint8_t *)(sh + off_model);
  kp.host_stop = &host_stop;
  kp.slice = 16;
  /* the ring (gpu/cdcl_search.cu's sizes, smaller), host memory */
  std::vector<uint64_t> ring(gsat_share_bytes(8, 12, t.num_vars) / 8 + 1);
  std::vector<gsat_cdcl_gpu_reader> readers(searchers);
  gsat_share ring_state;
  if (share && searchers > 1) {
    assert_int_equal(gsat_share_init(&ring_state, ring.data(), 8, 12, t.num_vars, 8, 2, &err),
                     GSAT_OK);
    for (uint32_t i = 0; i < searchers; i++) {
      memset(&readers[i], 0, sizeof readers[i]);
      gsat_share_reader_init(&readers[i].r, &ring_state, i);
      ((gsat_cdcl *)mem)[i].share = &ring_state;
      ((gsat_cdcl *)mem)[i].share_id = i;
    }
    kp.share = &ring_state;
    kp.readers = readers.data();
    kp.import_max = 64;
  }
  /* the cube pool (gpu/cdcl_search.cu's plan and setup), host memory */
  unsigned node_log2 = 0, queue_log2 = 0;
  const uint64_t cube_bytes = gsat_cdcl_gpu_cube_plan(searchers, &node_log2, &queue_log2);
  std::vector<uint64_t> cube_arena(cube_bytes / 8 + 1);
  std::vector<gsat_cdcl_gpu_cube> cube_state(searchers);
  gsat_cubes pool;
  gsat_term pool_term;
  if (cubes && searchers > 1) {
    assert_true(queue_log2 >= 6 && node_log2 >= 16 && node_log2 <= 22);
    assert_int_equal(gsat_cubes_init(&pool, cube_arena.data(), node_log2, queue_log2, &err),
                     GSAT_OK);
    pool.idle = searchers - 1;
    gsat_term_init(&pool_term);
    memset(cube_state.data(), 0xa5, searchers * sizeof cube_state[0]); /* set by the kernel */
    kp.cubes = &pool;
    kp.cube_term = &pool_term;
    kp.cube_state = cube_state.data();
  }
  std::vector<gsat_cdcl_gpu_at> at(searchers); /* cleared, as the host does */
  kp.at = at.data();
  launch(kp, db, searchers, pr, &host_stop);
  note_phases(at, o);
  /* every run, answered or stopped: each searcher began a round and left */
  assert_int_equal(o.not_left, 0);
  assert_true(o.min_round >= 1);
  char left[64];
  snprintf(left, sizeof left, "; 0 of %u searchers not left:", searchers);
  assert_string_equal(o.report.c_str(), left);
  if (kp.cubes) {
    for (uint32_t i = 0; i < searchers; i++) {
      o.cubes_taken += cube_state[i].taken;
      o.cubes_donated += cube_state[i].donated;
      o.cubes_refuted += cube_state[i].refuted;
    }
    o.cube_splits = pool.splits;
    assert_int_equal(o.cube_splits, o.cubes_donated);
    assert_int_equal(pool.refuted, o.cubes_refuted);
  }
  o.answer = (int)kp.ctl->answer;
  o.retired = kp.ctl->retired;
  if (o.answer == 10) o.model.assign(kp.model, kp.model + db->num_vars);
  const gsat_cdcl *d = (const gsat_cdcl *)mem;
  o.first = d[0].n;
  for (uint32_t i = 0; i < pl.searchers; i++) {
    o.reductions += d[i].n.reductions;
    o.conflicts += d[i].n.conflicts;
    o.exported += d[i].share_out;
    if (kp.share) o.imported += readers[i].r.imported;
  }
  if (kp.share) sample_ring(&ring_state, 24, o);
  free(mem);
  gsat_cdcl_destroy(&t);
  return o;
}

/* gpu_emulate on php n, the default configuration, sharing, no cubes. */
static outcome php_emulate(int n, uint32_t searchers, uint64_t learned_words, int stop = 0,
                           emu_proof *pr = nullptr) {
  gsat_cnf cnf = php_cnf(n);
  gsat_db db;
  build_db(&db, &cnf);
  outcome o = gpu_emulate(&db, default_config(), searchers, learned_words, stop, true, false, pr);
  gsat_db_free(&db);
  gsat_cnf_free(&cnf);
  return o;
}

/* CPU and emulated GPU on cnf (expect: 10, 20, or 0 for either); returns the
 * answer. */
static int compare(const gsat_cnf *cnf, int expect, uint32_t searchers, uint64_t learned) {
  gsat_db db;
  build_db(&db, cnf);
  gsat_cdcl_config cfg = default_config();
  outcome ref = cpu_solve(&db, cfg);
  if (expect) assert_int_equal(ref.answer, expect);
  outcome o = gpu_emulate(&db, cfg, searchers, learned);
  assert_int_equal(o.answer, ref.answer);
  if (o.answer == 10) check_model(cnf, &db, o.model);
  gsat_db_free(&db);
  return o.answer;
}

static void pigeonhole(void **state) {
  (void)state;
  for (int n = 3; n <= 5; n++) {
    gsat_cnf cnf = php_cnf(n);
    compare(&cnf, 20, n == 5 ? 2 : 5, 0);
    gsat_cnf_free(&cnf);
  }
}

static void random_3sat(void **state) {
  (void)state;
  std::mt19937_64 rng(2026);
  int sat = 0, unsat = 0;
  for (int round = 0; round < 10; round++) {
    gsat_cnf cnf = random_cnf(rng, 40, round & 1 ? 200 : 160, 3);
    int a = compare(&cnf, 0, 1 + round % 6, 0);
    sat += a == 10;
    unsat += a == 20;
    gsat_cnf_free(&cnf);
  }
  assert_true(sat > 0 && unsat > 0); /* both kinds were compared */
}

/* Clauses longer than a warp (the replacement-watch search and analysis in
 * several rounds), units, duplicate literals. */
static void long_clauses_and_units(void **state) {
  (void)state;
  std::mt19937_64 rng(777);
  for (int round = 0; round < 4; round++) {
    gsat_cnf cnf = long_clauses_cnf(rng, round);
    compare(&cnf, 0, 3, 0);
    gsat_cnf_free(&cnf);
  }
}

/* A learned-clause arena of 400 words: the device path reduces when it is
 * full, and still refutes php 6. */
static void small_arena_reduces(void **state) {
  (void)state;
  outcome o = php_emulate(6, 2, 400);
  assert_int_equal(o.answer, 20);
  assert_true(o.reductions > 0);
}

/* The warp team learns what the team of one learns: searcher 0 runs the
 * undiversified configuration, alone, so its conflicts, decisions and
 * propagations equal the CPU search's on one thread (the analysis takes each
 * clause's literals in the same order). */
static void warp_equals_team_of_one(void **state) {
  (void)state;
  std::mt19937_64 rng(99);
  for (int round = 0; round < 3; round++) {
    gsat_cnf cnf;
    gsat_cnf_init(&cnf);
    random_clauses(&cnf, rng, 50, 235, 3);
    random_clauses(&cnf, rng, 50, 3, 36);
    gsat_db db;
    build_db(&db, &cnf);
    gsat_cdcl_config cfg = default_config();
    outcome ref = cpu_solve(&db, cfg);
    outcome o = gpu_emulate(&db, cfg, 1, 0);
    assert_int_equal(o.answer, ref.answer);
    assert_int_equal(o.first.conflicts, ref.first.conflicts);
    assert_int_equal(o.first.decisions, ref.first.decisions);
    assert_int_equal(o.first.propagations, ref.first.propagations);
    assert_int_equal(o.first.learned_lits, ref.first.learned_lits);
    assert_true(ref.first.conflicts > 0);
    gsat_db_free(&db);
    gsat_cnf_free(&cnf);
  }
}

static void bcp_kernel(gsat_cdcl *s, const gsat_db_view *view, uint32_t *confl) {
  const uint32_t c = gsat_cdcl_warp_propagate(s, view);
  if ((threadIdx.x & 31u) == 0) *confl = c;
}

/* The watch invariants of s: every live arena clause is watched by its
 * lits[0] and lits[1] (a binary clause inline, blocker the other literal),
 * once each and nowhere else; wpool_live counts the watchers. */
static void check_watches(const gsat_cdcl *s) {
  std::vector<uint32_t> seen(s->arena_top, 0);
  uint64_t live = 0;
  for (uint32_t lit = 0; lit < 2 * s->num_vars; lit++) {
    if (s->ws_start[lit] == GSAT_CDCL_NOREF) continue;
    const gsat_watch *ws = s->wpool + s->ws_start[lit] + 1;
    for (uint32_t i = 0; i < s->ws_len[lit]; i++, live++) {
      const uint32_t c = ws[i].cref & ~GSAT_CDCL_BIN;
      const uint32_t *lits = GSAT_CDCL_LITS(s, c);
      assert_true(lits[0] == lit || lits[1] == lit);
      assert_int_equal(!!(ws[i].cref & GSAT_CDCL_BIN), s->arena[c] == 2);
      if (s->arena[c] == 2) assert_int_equal(ws[i].blocker, lits[0] == lit ? lits[1] : lits[0]);
      seen[c] += lits[0] == lit ? 1 : 2;
    }
  }
  assert_int_equal(live, s->wpool_live);
  for (uint64_t c = 0; c < s->arena_top; c += GSAT_CDCL_HDR + s->arena[c + 1])
    if (!(s->arena[c + 2] & GSAT_CDCL_DELETED)) assert_int_equal(seen[c], 3);
}

/* BCP in rounds (cdcl.h, watch_bcp): a warp looks at 32 watchers of a list
 * at once, yet the visit is the sequential one.  A decision x = 1 falsifies
 * -x, which is in 80 clauses (0 to 9 binary, the others long, over 24 other
 * variables; 20 more clauses without x):
 * earlier units in a round make later members' looks wrong (their clause
 * unit, satisfied or conflicting), which are looked at again; the fixpoint or conflict
 * of the warp equals the team of one's word for word (trail, values, watch
 * lists, clause literal order, literal checks), the watch invariants hold,
 * and without a conflict no clause is unit or false. */
static void bcp_rounds_are_sequential(void **state) {
  (void)state;
  std::mt19937_64 rng(4242);
  int conflicts = 0, fixpoints = 0;
  for (int round = 0; round < 40; round++) {
    gsat_cnf cnf;
    gsat_cnf_init(&cnf);
    const int V = 25;
    for (int k = 0; k < 100; k++) {
      const int with_x = k < 80, bin = with_x && k < round % 10;
      const int width = bin ? 1 : 2 + (int)(rng() % (k % 3 ? 2 : 5));
      if (with_x) assert_int_equal(gsat_cnf_add_lit(&cnf, gsat_lit_from_dimacs(-1), NULL), GSAT_OK);
      for (int m = 0; m < width; m++) {
        const int64_t v = 2 + (int64_t)(rng() % (V - 1));
        assert_int_equal(gsat_cnf_add_lit(&cnf, gsat_lit_from_dimacs(rng() & 1 ? v : -v), NULL),
                         GSAT_OK);
      }
      assert_int_equal(gsat_cnf_end_clause(&cnf, NULL), GSAT_OK);
    }
    gsat_db db;
    build_db(&db, &cnf);
    gsat_cnf_free(&cnf);
    gsat_cdcl_config cfg = default_config();
    cfg.bcp = GSAT_CDCL_BCP_WATCHED;
    gsat_cdcl one, warp;
    int refuted = 0;
    gsat_error err;
    assert_int_equal(gsat_cdcl_create(&one, &db, &cfg, NULL, &refuted, &err), GSAT_OK);
    assert_int_equal(refuted, 0);
    assert_int_equal(gsat_cdcl_create(&warp, &db, &cfg, NULL, &refuted, &err), GSAT_OK);
    gsat_db_view view = gsat_db_view_of(&db);
    const gsat_lit x = gsat_lit_from_dimacs(1);
    assert_int_equal(db.ext_var[GSAT_VAR(x)], 0u);
    assert_true(one.ws_len[GSAT_NOT(x)] > 2 * 32); /* three rounds of a warp */
    for (gsat_cdcl *s : {&one, &warp}) {
      assert_int_equal(s->val[x], 0);
      gsat_cdcl_new_level(s);
      gsat_cdcl_assign(s, x, GSAT_CDCL_NOREF);
    }
    const uint32_t c1 = gsat_cdcl_propagate(&one, &view);
    uint32_t c32 = 0;
    gsat_simt_launch(bcp_kernel, 1u, 32u, (size_t)0, &warp, (const gsat_db_view *)&view, &c32);
    assert_int_equal(c32, c1);
    assert_int_equal(warp.trail_len, one.trail_len);
    assert_memory_equal(warp.trail, one.trail, one.trail_len * sizeof *one.trail);
    assert_memory_equal(warp.val, one.val, 2 * (size_t)one.num_vars * sizeof *one.val);
    assert_int_equal(warp.arena_top, one.arena_top);
    assert_memory_equal(warp.arena, one.arena, one.arena_top * sizeof *one.arena);
    for (uint32_t lit = 0; lit < 2 * one.num_vars; lit++) {
      assert_int_equal(warp.ws_len[lit], one.ws_len[lit]);
      if (one.ws_len[lit])
        assert_memory_equal(warp.wpool + warp.ws_start[lit] + 1, one.wpool + one.ws_start[lit] + 1,
                            one.ws_len[lit] * sizeof(gsat_watch));
    }
    assert_int_equal(warp.n.checks, one.n.checks);
    assert_int_equal(warp.n.propagations, one.n.propagations);
    check_watches(&one);
    check_watches(&warp);
    if (c1 != GSAT_CDCL_NOREF) {
      conflicts++;
      const uint32_t *lits = GSAT_CDCL_LITS(&one, c1);
      for (uint32_t k = 0; k < one.arena[c1]; k++) assert_true(one.val[lits[k]] < 0);
    } else {
      fixpoints++;
      for (uint32_t c = 0; c < db.num_clauses; c++) {
        int sat = 0, open = 0;
        for (uint32_t i = db.clause_start[c]; i < db.clause_start[c + 1]; i++) {
          sat |= one.val[db.clause_lits[i]] > 0;
          open += one.val[db.clause_lits[i]] == 0;
        }
        assert_true(sat || open >= 2);
      }
    }
    gsat_cdcl_destroy(&one);
    gsat_cdcl_destroy(&warp);
    gsat_db_free(&db);
  }
  assert_true(conflicts > 0 && fixpoints > 0);
}

/* A raised host stop flag: searcher 0 forwards it, every searcher returns
 * (the others after at most a few slices), no answer. */
static void host_stop(void **state) {
  (void)state;
  outcome o = php_emulate(8, 8, 0, 1);
  assert_int_equal(o.answer, 0);
  assert_int_equal(o.first.conflicts, 0); /* searcher 0 saw the flag first */
}

/* The stuck report on the searchers' phases of a run (gsat_cdcl_gpu_where_of,
 * gsat_kernel_wait_report, as gpu/cdcl_search.cu gives up on a kernel): two
 * searchers made to look as if they had not left are named, with their
 * blocks (4 searchers to a block), phases and rounds (the phases of real
 * runs: every run of gpu_emulate checks that each searcher left). */
static void stuck_report_names_searchers(void **state) {
  (void)state;
  std::vector<gsat_cdcl_gpu_at> at(6);
  at[1] = {GSAT_GPU_AT_LEFT, 3};
  at[5] = {GSAT_GPU_AT_CLAIM, 80};
  at[2] = {GSAT_GPU_AT_SEARCH, 77};
  for (uint32_t i : {0u, 3u, 4u}) at[i] = {GSAT_GPU_AT_LEFT, 9};
  outcome o;
  note_phases(at, o);
  assert_int_equal(o.not_left, 2);
  assert_string_equal(o.report.c_str(),
                      "; 2 of 6 searchers not left: search 1, claim 1; the first, searcher 2 "
                      "(block 0), in search at round 77; also searcher 5 (block 1) in claim at "
                      "round 80");
}

/* Whether db implies the clause c: db plus the negation of c (a unit per
 * literal) is UNSAT by the CPU search. */
static bool implied(const gsat_db *db, const std::vector<gsat_lit> &c) {
  auto dimacs = [](gsat_lit l) {
    int64_t v = (int64_t)GSAT_VAR(l) + 1;
    return GSAT_SIGN(l) ? -v : v;
  };
  gsat_cnf cnf;
  gsat_cnf_init(&cnf);
  for (uint32_t k = 0; k < db->num_clauses; k++) {
    for (uint32_t i = db->clause_start[k]; i < db->clause_start[k + 1]; i++)
      gsat_cnf_add_lit(&cnf, gsat_lit_from_dimacs(dimacs(db->clause_lits[i])), NULL);
    gsat_cnf_end_clause(&cnf, NULL);
  }
  for (uint32_t k = 0; k < db->num_units; k++) add(&cnf, {dimacs(db->units[k])});
  for (gsat_lit l : c) add(&cnf, {-dimacs(l)});
  gsat_db d2;
  build_db(&d2, &cnf);
  int answer = 20;
  if (!d2.empty_clause) {
    gsat_cdcl_config cfg = default_config();
    answer = cpu_solve(&d2, cfg).answer;
  }
  gsat_db_free(&d2);
  gsat_cnf_free(&cnf);
  return answer == 20;
}

/* The global ring: searchers export learned units and short clauses and
 * import the others' at restarts; a sample of what they shared (clauses
 * still in the ring and units) is implied by the formula, and the answers
 * still agree with the CPU. */
static void shared_clauses_implied(void **state) {
  (void)state;
  std::mt19937_64 rng(4242);
  uint64_t exported = 0, imported = 0, checked = 0;
  for (int round = 0; round < 3; round++) {
    gsat_cnf cnf = random_cnf(rng, 55, 260, 3);
    gsat_db db;
    build_db(&db, &cnf);
    gsat_cdcl_config cfg = default_config();
    cfg.restart = GSAT_CDCL_RESTART_LUBY; /* restarts every few conflicts: imports */
    cfg.luby_unit = 4;
    outcome ref = cpu_solve(&db, cfg);
    outcome o = gpu_emulate(&db, cfg, 6, 0);
    assert_int_equal(o.answer, ref.answer);
    if (o.answer == 10) check_model(&cnf, &db, o.model);
    for (const auto &c : o.shared) {
      assert_true(c.size() >= 1 && c.size() <= 8);
      assert_true(implied(&db, c));
      checked++;
    }
    exported += o.exported;
    imported += o.imported;
    gsat_db_free(&db);
    gsat_cnf_free(&cnf);
  }
  printf("  shared: %llu exported, %llu imported, %llu checked implied\n",
         (unsigned long long)exported, (unsigned long long)imported, (unsigned long long)checked);
  assert_true(exported > 0 && imported > 0 && checked > 0);
}

/* Cubes on the warps (core/cdcl_cubes.h over cube.h's tree and
 * queue): several searchers split the work, idle ones take donated cubes,
 * refuted cubes close the tree; the answers agree with the CPU search, the
 * models satisfy the formula, cubes were split, taken and refuted (the
 * counters of the searchers and of the tree agree; at most splits + 1 leaves
 * can be refuted), on UNSAT and SAT formulas, with and without the ring. */
static void cubes_split_and_refuted(void **state) {
  (void)state;
  std::mt19937_64 rng(1717);
  uint64_t splits = 0, refuted = 0, taken = 0, unsat_rounds = 0, sat_rounds = 0;
  for (int round = 0; round < 8; round++) {
    gsat_cnf cnf;
    gsat_cnf_init(&cnf);
    if (round < 2)
      php(&cnf, 5 + round);
    else
      random_clauses(&cnf, rng, 60, round & 1 ? 300 : 240, 3);
    gsat_db db;
    build_db(&db, &cnf);
    gsat_cdcl_config cfg = default_config();
    outcome ref = cpu_solve(&db, cfg);
    const uint32_t warps = 4 + (uint32_t)round % 5;
    outcome o = gpu_emulate(&db, cfg, warps, 0, 0, round & 2, true);
    assert_int_equal(o.answer, ref.answer);
    if (o.answer == 10) check_model(&cnf, &db, o.model);
    assert_true(o.cubes_taken <= o.cubes_donated);
    assert_true(o.cubes_refuted <= o.cube_splits + 1);
    if (o.answer == 20) unsat_rounds++;
    if (o.answer == 10) sat_rounds++;
    splits += o.cube_splits;
    refuted += o.cubes_refuted;
    taken += o.cubes_taken;
    gsat_db_free(&db);
    gsat_cnf_free(&cnf);
  }
  printf("  cubes: %llu splits, %llu taken, %llu refuted (%llu UNSAT, %llu SAT rounds)\n",
         (unsigned long long)splits, (unsigned long long)taken, (unsigned long long)refuted,
         (unsigned long long)unsat_rounds, (unsigned long long)sat_rounds);
  assert_true(unsat_rounds > 0 && sat_rounds > 0);
  assert_true(splits > 0 && taken > 0 && refuted > 0);
}

/* ---- proofs ------------------------------------------------------------------ */

#define SHARED GSAT_SOURCE_DIR "/../shared/bench/"

static bool have_drat_trim() {
  if (GSAT_DRAT_TRIM[0] && access(GSAT_DRAT_TRIM, X_OK) == 0) return true;
  printf("  drat-trim not built (../shared/tools/drat-trim absent): proof check skipped\n");
  return false;
}

static bool drat_verifies(const char *cnf, const char *proof) {
  char cmd[1024], line[512];
  snprintf(cmd, sizeof cmd, "'%s' '%s' '%s' 2>&1", GSAT_DRAT_TRIM, cnf, proof);
  FILE *out = popen(cmd, "r");
  assert_non_null(out);
  bool verified = false;
  while (fgets(line, sizeof line, out))
    if (strncmp(line + strspn(line, "\r"), "s VERIFIED", 10) == 0) verified = true;
  pclose(out);
  return verified;
}

/* Emulates `searchers` searchers on cnf with a proof through a ring of
 * ring_words (pr's other settings as given; with cubes when cubes): UNSAT,
 * nothing dropped, no deletion, drat-trim verifies the proof and (cut)
 * rejects an empty one (not the proof's first half: a parallel proof is
 * redundant, and its first half may already hold a refutation that
 * unit propagation completes, which drat-trim accepts: proofs_with_cubes
 * failed so on dubois50 in 2 of about 20 runs under load).  Returns the run's outcome. */
static outcome prove(const gsat_cnf *cnf, uint32_t searchers, emu_proof &pr, bool cut = true,
                     bool cubes = false) {
  char cnf_path[300], proof_path[300];
  snprintf(cnf_path, sizeof cnf_path, "%s/f.cnf", test_tmpdir);
  snprintf(proof_path, sizeof proof_path, "%s/f.drat", test_tmpdir);
  FILE *out = fopen(cnf_path, "w");
  assert_non_null(out);
  assert_int_equal(gsat_dimacs_write(out, cnf, NULL, NULL), GSAT_OK);
  fclose(out);
  gsat_db db;
  build_db(&db, cnf);
  gsat_cdcl_config cfg = default_config();
  pr.path = proof_path;
  outcome o = gpu_emulate(&db, cfg, searchers, 0, 0, true, cubes, &pr);
  gsat_db_free(&db);
  assert_int_equal(o.answer, 20);
  assert_int_equal(pr.ring.dropped, 0);
  assert_int_equal(pr.deleted, 0); /* cdcl.md 5: a parallel proof omits deletions */
  assert_true(pr.records > 0);
  if (!drat_verifies(cnf_path, proof_path)) { /* keep the evidence */
    char cmd[800];
    snprintf(cmd, sizeof cmd, "cp '%s' /tmp/gsat_rejected.cnf && cp '%s' /tmp/gsat_rejected.drat",
             cnf_path, proof_path);
    int rc = system(cmd);
    printf("  drat-trim rejected the proof of %u searchers (%llu records): kept in "
           "/tmp/gsat_rejected.{cnf,drat} (cp %d)\n",
           searchers, (unsigned long long)pr.records, rc);
    fail();
  }
  struct stat st;
  assert_int_equal(stat(proof_path, &st), 0);
  if (cut) { /* the check has teeth: without the proof drat-trim rejects */
    assert_true(st.st_size > 100);
    assert_int_equal(truncate(proof_path, 0), 0);
    assert_false(drat_verifies(cnf_path, proof_path));
  }
  printf("  proof: %u searchers, %llu records, %llu bytes, ring %llu words, %llu waits", searchers,
         (unsigned long long)pr.records, (unsigned long long)st.st_size,
         (unsigned long long)pr.ring_words, (unsigned long long)pr.ring.waits);
  if (cubes)
    printf(", cubes: %llu splits, %llu taken, %llu refuted", (unsigned long long)o.cube_splits,
           (unsigned long long)o.cubes_taken, (unsigned long long)o.cubes_refuted);
  printf("\n");
  return o;
}

static bool read_corpus(gsat_cnf *cnf, const char *name) {
  char path[512];
  snprintf(path, sizeof path, "%s%s", SHARED, name);
  if (access(path, R_OK) != 0) {
    printf("  %s absent: skipped\n", path);
    return false;
  }
  gsat_cnf_init(cnf);
  assert_int_equal(gsat_dimacs_read_path(path, NULL, cnf, NULL), GSAT_OK);
  return true;
}

/* Generated php 5 and 6, and uuf50-01 and aim-50-1_6-no-1 from the corpus:
 * proofs in both formats verified, their first halves rejected. */
static void proofs_verified(void **state) {
  (void)state;
  if (!have_drat_trim()) skip();
  for (int n = 5; n <= 6; n++) {
    gsat_cnf cnf = php_cnf(n);
    emu_proof pr;
    pr.ring_words = 1u << 14;
    pr.format = n == 5 ? GSAT_PROOF_TEXT : GSAT_PROOF_BINARY;
    prove(&cnf, n == 5 ? 4 : 2, pr);
    gsat_cnf_free(&cnf);
  }
  static const char *corpus[] = {"cnf/uuf50/uuf50-01.cnf", "cnf/aim/aim-50-1_6-no-1.cnf"};
  for (int i = 0; i < 2; i++) {
    gsat_cnf cnf;
    if (!read_corpus(&cnf, corpus[i])) continue;
    emu_proof pr;
    pr.ring_words = 1u << 12;
    pr.format = i == 0 ? GSAT_PROOF_BINARY : GSAT_PROOF_TEXT;
    prove(&cnf, 4, pr);
    gsat_cnf_free(&cnf);
  }
}

/* Proofs with cubes (gpu/cdcl_warp.cuh, core/cdcl_cubes.h): each
 * refuted cube's negated failed assumptions and, after its two children,
 * each closed parent's negated cube enter the proof ring from several
 * searchers at once; on php 6 and 7, generated random 3-SAT found UNSAT by
 * the CPU search, and dubois50, uuf50-01 and aim-50-1_6-no-1 from the corpus,
 * drat-trim verifies every proof and rejects it cut to half, and cubes were
 * taken (by searchers other than the root's), split and refuted over the
 * runs. */
static void proofs_with_cubes(void **state) {
  (void)state;
  if (!have_drat_trim()) skip();
  uint64_t taken = 0, splits = 0, refuted = 0, runs = 0;
  auto one = [&](const gsat_cnf *cnf, uint32_t searchers, gsat_proof_format format) {
    emu_proof pr;
    pr.ring_words = 1u << 14;
    pr.format = format;
    outcome o = prove(cnf, searchers, pr, true, true);
    taken += o.cubes_taken;
    splits += o.cube_splits;
    refuted += o.cubes_refuted;
    runs++;
  };
  for (int n = 6; n <= 7; n++) {
    gsat_cnf cnf = php_cnf(n);
    one(&cnf, n == 6 ? 4 : 6, n == 6 ? GSAT_PROOF_TEXT : GSAT_PROOF_BINARY);
    gsat_cnf_free(&cnf);
  }
  std::mt19937_64 rng(3131);
  for (int round = 0; round < 4; round++) {
    gsat_cnf cnf = random_cnf(rng, 60, 290, 3);
    if (cpu_answer(&cnf) == 20) one(&cnf, 3 + (uint32_t)round % 4, GSAT_PROOF_BINARY);
    gsat_cnf_free(&cnf);
  }
  static const char *corpus[] = {"cnf/dubois/dubois50.cnf", "cnf/uuf50/uuf50-01.cnf",
                                 "cnf/aim/aim-50-1_6-no-1.cnf"};
  for (int i = 0; i < 3; i++) {
    gsat_cnf cnf;
    if (!read_corpus(&cnf, corpus[i])) continue;
    one(&cnf, 4, i == 0 ? GSAT_PROOF_BINARY : GSAT_PROOF_TEXT);
    gsat_cnf_free(&cnf);
  }
  printf("  proofs with cubes: %llu runs, %llu splits, %llu taken, %llu refuted\n",
         (unsigned long long)runs, (unsigned long long)splits, (unsigned long long)taken,
         (unsigned long long)refuted);
  assert_true(runs >= 3);
  assert_true(taken > 0 && splits > 0 && refuted > 0);
}

/* A ring of 256 words on php 5, drained only once it was full: records
 * wrap around it many times, searchers wait for the host, the proof still
 * verifies. */
static void proof_tiny_ring(void **state) {
  (void)state;
  if (!have_drat_trim()) skip();
  gsat_cnf cnf = php_cnf(5);
  emu_proof pr;
  pr.ring_words = 256;
  pr.drain_after_full = true;
  prove(&cnf, 4, pr, false);
  assert_true(pr.drained_words > 4 * pr.ring_words); /* wrapped */
  assert_true(pr.ring.waits > 0);
  gsat_cnf_free(&cnf);
}

/* Nobody drains a ring of 256 words: once it is full the host raises the
 * stop flag, the waiting searchers give their records up, every searcher
 * returns, and the run has no answer (its proof would be cut). */
static void proof_full_ring_stop(void **state) {
  (void)state;
  char proof_path[300];
  snprintf(proof_path, sizeof proof_path, "%s/stop.drat", test_tmpdir);
  emu_proof pr;
  pr.ring_words = 256;
  pr.drain = false;
  pr.path = proof_path;
  outcome o = php_emulate(7, 4, 0, 0, &pr);
  assert_int_equal(o.answer, 0);
  assert_true(pr.ring.dropped > 0);
  assert_true(pr.ring.waits > 0);
  assert_int_equal(pr.records, 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(pigeonhole),
      cmocka_unit_test(random_3sat),
      cmocka_unit_test(long_clauses_and_units),
      cmocka_unit_test(small_arena_reduces),
      cmocka_unit_test(warp_equals_team_of_one),
      cmocka_unit_test(bcp_rounds_are_sequential),
      cmocka_unit_test(host_stop),
      cmocka_unit_test(stuck_report_names_searchers),
      cmocka_unit_test(shared_clauses_implied),
      cmocka_unit_test(cubes_split_and_refuted),
      cmocka_unit_test(proofs_verified),
      cmocka_unit_test(proofs_with_cubes),
      cmocka_unit_test(proof_tiny_ring),
      cmocka_unit_test(proof_full_ring_stop),
  };
  /* GSAT_TEST_FILTER=NAME runs the matching tests only (to repeat one). */
  if (const char *f = getenv("GSAT_TEST_FILTER")) cmocka_set_test_filter(f);
  return cmocka_run_group_tests(tests, test_tmpdir_setup, test_tmpdir_teardown);
}
