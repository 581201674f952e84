/* Host replay of the BMMC kernels (no GPU needed).  Every block, warp row,
 * lane and iteration of a plan is executed on the CPU through the same
 * __host__ __device__ index functions the kernels use (kernels/bmmc_index.h),
 * moving real data through a simulated shared-memory tile.  Checked:
 *   (a) the result equals the CPU scatter out[A x ^ c] = in[x], every element
 *       written exactly once, every tile slot written once before it is read;
 *   (b) each warp's global read and write touches whole aligned 128-byte
 *       segments (1 for 4-byte, 2 for 8-byte elements);
 *   (c) each warp's shared store and load is bank-conflict free, counting
 *       wavefronts as distinct 4-byte words per bank (bcfsort.md 13.3).
 * Plus the plan builder's choices and errors. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "kernels/bmmc_plan.h"

#define EMPTY (~(uint64_t)0)

typedef struct stats {
  uint64_t shared_instr, wavefronts, excess; /* excess = wavefronts - ideal */
  uint64_t half_excess;                      /* 8-byte: wavefronts of each half-warp above 1 */
  uint64_t max_wavefronts;
  uint64_t global_instr, uncoalesced;
} stats;

/* Wavefronts of one warp-wide shared access: distinct 4-byte words per bank. */
static int wavefronts(const uint32_t *slot, int lanes, uint32_t es) {
  uint32_t words[64];
  int nw = 0, perbank[32] = {0}, most = 0;
  for (int j = 0; j < lanes; j++)
    for (uint32_t t = 0; t < es / 4; t++) {
      uint32_t w = slot[j] * (es / 4) + t;
      int seen = 0;
      for (int k = 0; k < nw && !seen; k++) seen = words[k] == w;
      if (!seen) words[nw++] = w;
    }
  for (int k = 0; k < nw; k++)
    if (++perbank[words[k] % 32] > most) most = perbank[words[k] % 32];
  return most;
}

static void count_shared(stats *st, const uint32_t *slot, uint32_t es) {
  int wf = wavefronts(slot, 32, es);
  int ideal = (int)(32 * es / 128);
  st->shared_instr++;
  st->wavefronts += (uint64_t)wf;
  st->excess += (uint64_t)(wf - ideal);
  if ((uint64_t)wf > st->max_wavefronts) st->max_wavefronts = (uint64_t)wf;
  /* A stricter model for 64-bit accesses: each half-warp in one wavefront. */
  if (es == 8)
    for (int h = 0; h < 2; h++)
      st->half_excess += (uint64_t)(wavefronts(slot + 16 * h, 16, es) - 1);
}

/* True when the 32 element indices cover whole aligned 128-byte segments. */
static bool coalesced(const uint64_t *idx, uint32_t es) {
  uint64_t seg[32];
  int ns = 0;
  for (int j = 0; j < 32; j++) {
    for (int k = 0; k < j; k++)
      if (idx[k] == idx[j]) return false;
    uint64_t s = idx[j] * es / 128;
    int seen = 0;
    for (int k = 0; k < ns && !seen; k++) seen = seg[k] == s;
    if (!seen) seg[ns++] = s;
  }
  return ns == (int)(32 * es / 128);
}

static void count_global(stats *st, const uint64_t *idx, uint32_t es) {
  st->global_instr++;
  if (!coalesced(idx, es)) st->uncoalesced++;
}

/* The 32 lanes of warp row w, iteration t: global element and shared slot
 * of the read phase (store) or the write phase (!store). */
static void warp_access(const gsat_bmmc_pass *p, uint64_t g, uint32_t w, uint32_t t, bool store,
                        uint64_t *idx, uint32_t *slot) {
  uint64_t n_elems = (uint64_t)1 << p->n;
  uint32_t tile_size = 1u << (GSAT_BMMC_LANE_BITS + p->warps_log + p->iters_log);
  for (uint32_t j = 0; j < 32; j++) {
    gsat_bmmc_thread th = gsat_bmmc_tiled_thread(p, g, w, j);
    idx[j] = store ? gsat_bmmc_tiled_gload(p, &th, t) : gsat_bmmc_tiled_gstore(p, &th, t);
    slot[j] = store ? gsat_bmmc_tiled_sstore(p, &th, t) : gsat_bmmc_tiled_sload(p, &th, t);
    assert_true(idx[j] < n_elems);
    assert_true(slot[j] < tile_size);
  }
}

/* One tiled block g: src -> dst through the tile (src/dst may be NULL in
 * sampled mode, then each output is compared with map instead). */
static void replay_block(const gsat_bmmc_pass *p, uint32_t es, uint64_t g, const uint64_t *src,
                         uint64_t *dst, const gsat_bmmc *map, uint64_t *tile, stats *st) {
  uint32_t rows = 1u << p->warps_log, iters = 1u << p->iters_log;
  uint32_t tile_size = 1u << (GSAT_BMMC_LANE_BITS + p->warps_log + p->iters_log);
  uint64_t idx[32];
  uint32_t slot[32];
  for (uint32_t s = 0; s < tile_size; s++) tile[s] = EMPTY;
  for (uint32_t w = 0; w < rows; w++)
    for (uint32_t t = 0; t < iters; t++) {
      warp_access(p, g, w, t, true, idx, slot);
      for (uint32_t j = 0; j < 32; j++) {
        assert_true(tile[slot[j]] == EMPTY);
        tile[slot[j]] = src ? src[idx[j]] : idx[j];
      }
      count_global(st, idx, es);
      count_shared(st, slot, es);
    }
  /* __syncthreads(): every slot holds an element. */
  for (uint32_t s = 0; s < tile_size; s++) assert_true(tile[s] != EMPTY);
  for (uint32_t w = 0; w < rows; w++)
    for (uint32_t t = 0; t < iters; t++) {
      warp_access(p, g, w, t, false, idx, slot);
      for (uint32_t j = 0; j < 32; j++) {
        assert_true(tile[slot[j]] != EMPTY);
        if (dst) {
          assert_true(dst[idx[j]] == EMPTY);
          dst[idx[j]] = tile[slot[j]];
        } else {
          assert_true(idx[j] == gsat_bmmc_apply(map, tile[slot[j]]));
        }
        tile[slot[j]] = EMPTY; /* each slot is read once */
      }
      count_global(st, idx, es);
      count_shared(st, slot, es);
    }
}

static void replay_naive(const gsat_bmmc_pass *p, const uint64_t *src, uint64_t *dst) {
  uint64_t n_elems = (uint64_t)1 << p->n;
  for (uint64_t x = 0; x < n_elems; x++) {
    uint64_t f = gsat_bmmc_naive_map(p, x);
    assert_true(f < n_elems);
    uint64_t from = p->kind == GSAT_BMMC_PASS_NAIVE ? x : f;
    uint64_t to = p->kind == GSAT_BMMC_PASS_NAIVE ? f : x;
    assert_true(dst[to] == EMPTY);
    dst[to] = src[from];
  }
}

/* Full replay of a plan on in[x] = x, compared with the CPU scatter. */
static stats replay_plan(const gsat_bmmc_plan *plan, const gsat_bmmc *perm) {
  stats st;
  memset(&st, 0, sizeof st);
  uint64_t n_elems = (uint64_t)1 << plan->n;
  uint64_t *a = malloc(n_elems * sizeof *a), *b = malloc(n_elems * sizeof *b);
  uint64_t *tile = malloc(sizeof *tile << 14);
  for (uint64_t x = 0; x < n_elems; x++) a[x] = x;
  for (int i = 0; i < plan->passes; i++) {
    const gsat_bmmc_pass *p = &plan->pass[i];
    for (uint64_t x = 0; x < n_elems; x++) b[x] = EMPTY;
    if (p->kind == GSAT_BMMC_PASS_TILED)
      for (uint64_t g = 0; g < ((uint64_t)1 << p->grid_log); g++)
        replay_block(p, plan->elem_size, g, a, b, NULL, tile, &st);
    else
      replay_naive(p, a, b);
    uint64_t *t = a;
    a = b, b = t;
  }
  /* CPU scatter: ref[A x ^ c] = x. */
  for (uint64_t x = 0; x < n_elems; x++) b[x] = EMPTY;
  for (uint64_t x = 0; x < n_elems; x++) b[gsat_bmmc_apply(perm, x)] = x;
  assert_memory_equal(a, b, n_elems * sizeof *a);
  free(a), free(b), free(tile);
  return st;
}

static void expect_clean(const stats *st, const gsat_bmmc_plan *plan) {
  if (plan->kernel == GSAT_BMMC_NAIVE) return;
  assert_true(st->global_instr > 0);
  assert_int_equal(st->uncoalesced, 0);
  assert_int_equal(st->excess, 0);
  assert_int_equal(st->half_excess, 0);
  assert_int_equal(st->max_wavefronts, plan->elem_size / 4);
}

static void plan_and_replay(const gsat_bmmc *perm, uint32_t es, const gsat_bmmc_options *opt,
                            int want_kernel) {
  gsat_bmmc_plan plan;
  gsat_error err;
  gsat_error_clear(&err);
  gsat_status s = gsat_bmmc_plan_init(&plan, perm, es, opt, &err);
  if (s != GSAT_OK) fail_msg("plan: %s", err.message);
  if (want_kernel) assert_int_equal(plan.kernel, want_kernel);
  stats st = replay_plan(&plan, perm);
  expect_clean(&st, &plan);
}

/* The option sets every random case is replayed with. */
static void options_variants(gsat_bmmc_options *o, int *count) {
  int k = 0;
  gsat_bmmc_options_init(&o[k++]);
  gsat_bmmc_options_init(&o[k]);
  o[k++].locality = GSAT_BMMC_LOCALITY_LOW;
  gsat_bmmc_options_init(&o[k]);
  o[k].warps_log = 3, o[k].iters_log = 4, o[k++].async_copy = true;
  gsat_bmmc_options_init(&o[k]);
  o[k].warps_log = 2, o[k++].iters_log = 1;
  gsat_bmmc_options_init(&o[k]);
  o[k].warps_log = 0, o[k++].iters_log = 0;
  *count = k;
}

static void run_random(int kind, int n_lo, int n_hi, int reps, uint64_t seed) {
  uint64_t rng = seed;
  gsat_bmmc_options opts[8];
  int nopt;
  options_variants(opts, &nopt);
  for (int n = n_lo; n <= n_hi; n++)
    for (int rep = 0; rep < reps; rep++) {
      gsat_bmmc perm;
      int cls = kind == GSAT_BMMC_TWO_PASS ? GSAT_BMMC_RANDOM_GENERAL
                : rep % 3 == 0             ? GSAT_BMMC_RANDOM_BPC
                                           : GSAT_BMMC_RANDOM_TILED;
      gsat_bmmc_random(&perm, n, cls, rep & 1, &rng);
      for (int k = 0; k < nopt; k++)
        for (uint32_t es = 4; es <= 8; es += 4) {
          gsat_bmmc_options o = opts[k];
          o.kernel = kind;
          plan_and_replay(&perm, es, &o, kind);
        }
    }
}

static void test_replay_bpc_and_tiled(void **state) {
  (void)state;
  run_random(GSAT_BMMC_TILED, 5, 14, 6, 31);
}

static void test_replay_two_pass(void **state) {
  (void)state;
  run_random(GSAT_BMMC_TWO_PASS, 5, 14, 4, 32);
}

static void test_replay_n16(void **state) {
  (void)state;
  uint64_t rng = 33;
  for (uint32_t es = 4; es <= 8; es += 4) {
    gsat_bmmc perm;
    gsat_bmmc_random_bpc(&perm, 16, true, &rng);
    plan_and_replay(&perm, es, NULL, GSAT_BMMC_TILED);
    gsat_f2_random_tiled(&perm.a, 16, 5, &rng);
    plan_and_replay(&perm, es, NULL, GSAT_BMMC_TILED);
    gsat_f2_random_invertible(&perm.a, 16, &rng);
    plan_and_replay(&perm, es, NULL, GSAT_BMMC_TWO_PASS);
  }
}

static void test_replay_naive(void **state) {
  (void)state;
  uint64_t rng = 34;
  for (int n = 0; n <= 12; n++)
    for (int gather = 0; gather < 2; gather++) {
      gsat_bmmc perm;
      gsat_f2_random_invertible(&perm.a, n, &rng);
      perm.c = gsat_f2_rng_next(&rng) & gsat_f2_mask(n);
      gsat_bmmc_options o;
      gsat_bmmc_options_init(&o);
      o.kernel = GSAT_BMMC_NAIVE;
      o.naive_gather = gather;
      plan_and_replay(&perm, 4, &o, GSAT_BMMC_NAIVE);
      if (n < GSAT_BMMC_NAIVE_BELOW_N) /* the automatic choice */
        plan_and_replay(&perm, 8, NULL, GSAT_BMMC_NAIVE);
    }
}

/* Fixed cases (bmmc.md section 11): identity, bit reversal, transposes and
 * rotations, sigma fixing the low 5 bits, with and without complement. */
static void test_replay_fixed(void **state) {
  (void)state;
  static const int ns[] = {5, 9, 10, 11, 13, 15};
  for (size_t s = 0; s < sizeof ns / sizeof ns[0]; s++) {
    int n = ns[s];
    gsat_bmmc cases[6];
    gsat_bmmc_identity(&cases[0], n);
    gsat_bmmc_bit_reverse(&cases[1], n);
    gsat_bmmc_transpose(&cases[2], n / 2, n - n / 2);
    gsat_bmmc_rotate(&cases[3], n, 1);
    uint8_t sigma[64];
    for (int j = 0; j < n; j++) sigma[j] = (uint8_t)(j < 5 ? j : 5 + (n - 1 - j));
    gsat_bmmc_from_perm(&cases[4], n, sigma, 0, NULL);
    gsat_bmmc_bit_reverse(&cases[5], n);
    cases[5].c = gsat_f2_mask(n) & 0x5a5a5;
    for (int c = 0; c < 6; c++)
      for (uint32_t es = 4; es <= 8; es += 4) {
        gsat_bmmc_options o;
        gsat_bmmc_options_init(&o);
        o.kernel = GSAT_BMMC_TILED;
        plan_and_replay(&cases[c], es, &o, GSAT_BMMC_TILED);
        plan_and_replay(&cases[c], es, NULL, 0);
      }
  }
}

/* Large n: replay a sample of blocks (first, last, random) and compare each
 * output with A x ^ c; covers 64-bit indices (n > 32). */
static void test_replay_sampled_large(void **state) {
  (void)state;
  uint64_t rng = 35;
  static const int ns[] = {20, 25, 28, 32, 33, 36, 40};
  uint64_t *tile = malloc(sizeof *tile << 14);
  for (size_t s = 0; s < sizeof ns / sizeof ns[0]; s++)
    for (int kind = 0; kind < 3; kind++)
      for (uint32_t es = 4; es <= 8; es += 4) {
        int n = ns[s];
        gsat_bmmc perm;
        gsat_bmmc_random(&perm, n, kind, true, &rng);
        gsat_bmmc_plan plan;
        assert_int_equal(gsat_bmmc_plan_init(&plan, &perm, es, NULL, NULL), GSAT_OK);
        assert_int_equal(plan.kernel, kind == 2 ? GSAT_BMMC_TWO_PASS : GSAT_BMMC_TILED);
        gsat_bmmc maps[2];
        if (plan.passes == 2)
          gsat_bmmc_factor(&perm, &maps[0], &maps[1], NULL);
        else
          maps[0] = perm;
        stats st;
        memset(&st, 0, sizeof st);
        for (int i = 0; i < plan.passes; i++) {
          uint64_t blocks = (uint64_t)1 << plan.pass[i].grid_log;
          for (int k = 0; k < 6; k++) {
            uint64_t g = k < 2   ? (uint64_t)k
                         : k < 4 ? blocks - (uint64_t)(k - 1)
                                 : gsat_f2_rng_below(&rng, blocks);
            replay_block(&plan.pass[i], es, g, NULL, NULL, &maps[i], tile, &st);
          }
        }
        expect_clean(&st, &plan);
      }
  free(tile);
}

/* The replay of m's plan (tile 4, default options but swizzle). */
static stats replay_swizzle(const gsat_bmmc *m, bool swizzle) {
  gsat_bmmc_options o;
  gsat_bmmc_options_init(&o);
  o.swizzle = swizzle;
  gsat_bmmc_plan plan;
  assert_int_equal(gsat_bmmc_plan_init(&plan, m, 4, &o, NULL), GSAT_OK);
  return replay_plan(&plan, m);
}

/* Without the swizzle, bit reversal (q = 5) has the 2^q-way write-phase
 * conflict of bmmc.md section 4; with it there is none. */
static void test_swizzle_matters(void **state) {
  (void)state;
  gsat_bmmc rev;
  gsat_bmmc_bit_reverse(&rev, 12);
  stats st = replay_swizzle(&rev, false);
  assert_int_equal(st.uncoalesced, 0);
  assert_int_equal(st.max_wavefronts, 32);
  /* Half the shared instructions (the write phase) take 32 wavefronts. */
  assert_int_equal(st.wavefronts, st.shared_instr / 2 * (1 + 32));
  st = replay_swizzle(&rev, true);
  assert_int_equal(st.wavefronts, st.shared_instr);
}

static void test_gather_plan(void **state) {
  (void)state;
  uint64_t rng = 36;
  for (int n = 3; n <= 13; n += 5) {
    gsat_bmmc g, scatter;
    gsat_f2_random_invertible(&g.a, n, &rng);
    g.c = gsat_f2_rng_next(&rng) & gsat_f2_mask(n);
    gsat_bmmc_plan plan;
    assert_int_equal(gsat_bmmc_plan_init_gather(&plan, &g, 4, NULL, NULL), GSAT_OK);
    assert_int_equal(gsat_bmmc_inverse(&g, &scatter, NULL), GSAT_OK);
    replay_plan(&plan, &scatter);
    /* out[y] = in[G y ^ d] for in[x] = x, i.e. scatter(x) = y. */
    for (uint64_t y = 0; y < ((uint64_t)1 << n); y++)
      assert_true(gsat_bmmc_apply(&scatter, gsat_bmmc_apply(&g, y)) == y);
  }
}

static void test_plan_choices(void **state) {
  (void)state;
  char buf[256];
  gsat_bmmc rev;
  gsat_bmmc_bit_reverse(&rev, 20);
  gsat_bmmc_plan plan;
  assert_int_equal(gsat_bmmc_plan_init(&plan, &rev, 4, NULL, NULL), GSAT_OK);
  assert_int_equal(plan.kernel, GSAT_BMMC_TILED);
  assert_int_equal(plan.info[0].q, 5);
  assert_int_equal(plan.info[0].e, 2);
  assert_int_equal(plan.pass[0].warps_log, 4);
  assert_int_equal(plan.pass[0].iters_log, 3);
  assert_int_equal(plan.pass[0].grid_log, 20 - 12);
  /* Balanced: input bit 5 and the input bit 14 that lands on output bit 5. */
  assert_true(plan.info[0].extra == ((1u << 5) | (1u << 14)));
  assert_true(gsat_bmmc_plan_smem_bytes(&plan, 0) == 16384);
  assert_non_null(strstr(gsat_bmmc_plan_describe(&plan, buf, sizeof buf), "tiled"));
  gsat_bmmc_options o;
  gsat_bmmc_options_init(&o);
  o.locality = GSAT_BMMC_LOCALITY_LOW;
  assert_int_equal(gsat_bmmc_plan_init(&plan, &rev, 4, &o, NULL), GSAT_OK);
  assert_true(plan.info[0].extra == 0x60);
  assert_int_equal(gsat_bmmc_plan_init(&plan, &rev, 8, NULL, NULL), GSAT_OK);
  assert_int_equal(plan.pass[0].iters_log, 3);
  /* n = 10: the tile is the whole array, one block. */
  gsat_bmmc_bit_reverse(&rev, 10);
  assert_int_equal(gsat_bmmc_plan_init(&plan, &rev, 4, NULL, NULL), GSAT_OK);
  assert_int_equal(plan.pass[0].grid_log, 0);
  assert_int_equal(plan.pass[0].warps_log + plan.pass[0].iters_log, 5);
  /* Identity at n = 11: q = 0, all row bits are extra. */
  gsat_bmmc id;
  gsat_bmmc_identity(&id, 11);
  assert_int_equal(gsat_bmmc_plan_init(&plan, &id, 4, NULL, NULL), GSAT_OK);
  assert_int_equal(plan.info[0].q, 0);
  assert_int_equal(plan.info[0].e, 6);
  /* General matrices take two passes and a temporary. */
  uint64_t rng = 37;
  gsat_bmmc g;
  gsat_f2_random_invertible(&g.a, 20, &rng);
  g.c = 0;
  assert_int_equal(gsat_bmmc_plan_init(&plan, &g, 4, NULL, NULL), GSAT_OK);
  assert_int_equal(plan.kernel, GSAT_BMMC_TWO_PASS);
  assert_int_equal(plan.passes, 2);
  assert_true(gsat_bmmc_plan_temp_bytes(&plan) == 4u << 20);
  assert_int_equal(plan.info[1].q, 5); /* T2: C2 = {n-5..n-1} */
  for (int n = 0; n < GSAT_BMMC_NAIVE_BELOW_N; n++) {
    gsat_bmmc_bit_reverse(&rev, n);
    assert_int_equal(gsat_bmmc_plan_init(&plan, &rev, 4, NULL, NULL), GSAT_OK);
    assert_int_equal(plan.kernel, GSAT_BMMC_NAIVE);
  }
}

static void test_plan_errors(void **state) {
  (void)state;
  gsat_error err;
  gsat_bmmc_plan plan;
  gsat_bmmc_options o;
  uint64_t rng = 38;
  gsat_bmmc g;
  gsat_f2_random_invertible(&g.a, 20, &rng);
  g.c = 0;
  gsat_bmmc_options_init(&o);
  o.kernel = GSAT_BMMC_TILED;
  assert_int_equal(gsat_bmmc_plan_init(&plan, &g, 4, &o, &err), GSAT_USAGE);
  assert_non_null(strstr(err.message, "not tiled"));
  assert_int_equal(gsat_bmmc_plan_init(&plan, &g, 2, NULL, &err), GSAT_USAGE);
  g.c = 1u << 20;
  assert_int_equal(gsat_bmmc_plan_init(&plan, &g, 4, NULL, &err), GSAT_USAGE);
  g.c = 0;
  g.a.row[3] = g.a.row[4];
  assert_int_equal(gsat_bmmc_plan_init(&plan, &g, 4, NULL, &err), GSAT_USAGE);
  gsat_bmmc big;
  gsat_bmmc_identity(&big, GSAT_BMMC_PLAN_MAX_N + 1);
  assert_int_equal(gsat_bmmc_plan_init(&plan, &big, 4, NULL, &err), GSAT_USAGE);
  gsat_bmmc small;
  gsat_bmmc_identity(&small, 4);
  assert_int_equal(gsat_bmmc_plan_init(&plan, &small, 4, &o, &err), GSAT_USAGE);
  o.kernel = GSAT_BMMC_TWO_PASS;
  assert_int_equal(gsat_bmmc_plan_init(&plan, &small, 4, &o, &err), GSAT_USAGE);
  gsat_bmmc_bit_reverse(&small, 20);
  gsat_bmmc_options_init(&o);
  o.iters_log = 4;
  assert_int_equal(gsat_bmmc_plan_init(&plan, &small, 8, &o, &err), GSAT_USAGE);
  o.async_copy = true;
  assert_int_equal(gsat_bmmc_plan_init(&plan, &small, 8, &o, &err), GSAT_OK);
  o.iters_log = 5;
  assert_int_equal(gsat_bmmc_plan_init(&plan, &small, 4, &o, &err), GSAT_USAGE);
  /* Without CUDA (or without a device) running reports an error, not UB. */
  gsat_bmmc_plan_init(&plan, &small, 4, NULL, NULL);
  assert_int_not_equal(gsat_bmmc_plan_run(&plan, NULL, NULL, NULL, NULL, &err), GSAT_OK);
}

static void test_param_size(void **state) {
  (void)state;
  /* The pass is a by-value kernel parameter: stay within the classic 4 KB. */
  assert_true(sizeof(gsat_bmmc_pass) + 2 * sizeof(void *) <= 4096);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_param_size),           cmocka_unit_test(test_plan_choices),
      cmocka_unit_test(test_plan_errors),          cmocka_unit_test(test_replay_naive),
      cmocka_unit_test(test_replay_fixed),         cmocka_unit_test(test_replay_bpc_and_tiled),
      cmocka_unit_test(test_replay_two_pass),      cmocka_unit_test(test_replay_n16),
      cmocka_unit_test(test_replay_sampled_large), cmocka_unit_test(test_swizzle_matters),
      cmocka_unit_test(test_gather_plan),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
