/* Host tests of the bank-conflict-free sort: network tables, the
 * networks' 0-1 behaviour, the bank-conflict replay (bcfsort.md 13.3), the
 * plan, and the whole sort replayed warp by warp against qsort. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tests/support/sort_inputs.h"
#include "kernels/bcfsort_net.h"
#include "kernels/bcfsort_plan.h"
#include "kernels/bcfsort_sim.h"

static int cmp_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}

static int is_sorted(const uint64_t *x, size_t n) {
  for (size_t i = 1; i < n; ++i)
    if (x[i] < x[i - 1]) return 0;
  return 1;
}

static void test_tables_match_generators(void **state) {
  (void)state;
  assert_int_equal(gsat_bcf_sim_check_networks(), 0);
  assert_int_equal(GSAT_BCF_NET_SORT32_SIZE, 191);
  assert_int_equal(GSAT_BCF_NET_MERGE32_SIZE, 65);
  assert_int_equal(GSAT_BCF_NET_BITONIC32_SIZE, 80);
  /* the bitonic page sort: one sort of 32, per stage k = 6..10 a
   * half-cleaner of 16 (k - 5) comparators and a bitonic merger of 32 */
  int cx = GSAT_BCF_NET_SORT32_SIZE;
  for (int k = 6; k <= 10; ++k) {
    const unsigned char(*net)[2];
    int count;
    gsat_bcf_sim_bitonic_stage(k, &net, &count);
    assert_int_equal(count, 16 * (k - 5));
    cx += count + GSAT_BCF_NET_BITONIC32_SIZE;
  }
  assert_int_equal(cx, 831);
}

static void bits_to_keys(uint64_t x[32], uint64_t bits) {
  for (int i = 0; i < 32; ++i) x[i] = (bits >> i) & 1u;
}

static void test_sort32_sorts(void **state) {
  (void)state;
  uint64_t seed = 1, x[32];
  for (int round = 0; round < 20000; ++round) {
    uint64_t r = gsat_sort_rand(&seed);
    if (round % 2)
      bits_to_keys(x, r);
    else
      for (int i = 0; i < 32; ++i) x[i] = gsat_sort_rand(&seed) % 100;
    gsat_bcf_sim_network(x, gsat_bcf_net_sort32, GSAT_BCF_NET_SORT32_SIZE);
    assert_true(is_sorted(x, 32));
  }
}

/* Every 0-1 input of two sorted halves. */
static void test_merge32_merges_all_01(void **state) {
  (void)state;
  uint64_t x[32];
  for (int a = 0; a <= 16; ++a)
    for (int b = 0; b <= 16; ++b) {
      for (int i = 0; i < 16; ++i) x[i] = i >= 16 - a, x[16 + i] = i >= 16 - b;
      gsat_bcf_sim_network(x, gsat_bcf_net_merge32, GSAT_BCF_NET_MERGE32_SIZE);
      assert_true(is_sorted(x, 32));
    }
}

/* Every cyclic-bitonic 0-1 input: rotations of 0^a 1^(32-a). */
static void test_bitonic32_sorts_all_cyclic_01(void **state) {
  (void)state;
  uint64_t x[32];
  for (int ones = 0; ones <= 32; ++ones)
    for (int rot = 0; rot < 32; ++rot)
      for (int flip = 0; flip < 2; ++flip) {
        for (int i = 0; i < 32; ++i) x[(i + rot) % 32] = (uint64_t)((i < ones) ^ flip);
        gsat_bcf_sim_network(x, gsat_bcf_net_bitonic32, GSAT_BCF_NET_BITONIC32_SIZE);
        assert_true(is_sorted(x, 32));
      }
}

/* Every 0^a X 1^b with |X| = d for the window networks. */
static void test_windows_sort_all_01(void **state) {
  (void)state;
  static const struct {
    const unsigned char (*net)[2];
    int count, d;
  } w[] = {{gsat_bcf_net_window8, GSAT_BCF_NET_WINDOW8_SIZE, 8},
           {gsat_bcf_net_window4, GSAT_BCF_NET_WINDOW4_SIZE, 4},
           {gsat_bcf_net_window2, GSAT_BCF_NET_WINDOW2_SIZE, 2}};
  uint64_t x[32];
  for (size_t k = 0; k < sizeof w / sizeof w[0]; ++k)
    for (int a = 0; a + w[k].d <= 32; ++a)
      for (uint32_t bits = 0; bits < (1u << w[k].d); ++bits) {
        for (int i = 0; i < 32; ++i)
          x[i] = i < a ? 0 : i >= a + w[k].d ? 1 : (bits >> (i - a)) & 1u;
        gsat_bcf_sim_network(x, w[k].net, w[k].count);
        assert_true(is_sorted(x, 32));
      }
}

/* The packed pair keys below 2^62 order as doubles like as integers, and
 * the fkey sentinel (+infinity) is above all of them (kernels/bcfsort_warp.cuh). */
static void test_packed_keys_order_as_doubles(void **state) {
  (void)state;
  uint64_t seed = 11, inf_bits = 0x7ff0000000000000ull;
  double inf;
  memcpy(&inf, &inf_bits, sizeof inf);
  for (int i = 0; i < 100000; ++i) {
    uint64_t a = gsat_sort_rand(&seed) >> 2, b = gsat_sort_rand(&seed) >> 2;
    if (i % 3 == 0) b = a + (i % 5) - 2; /* neighbours */
    if (i % 7 == 0) a >>= 40;            /* denormals */
    a &= ((uint64_t)1 << 62) - 1, b &= ((uint64_t)1 << 62) - 1;
    double da, db;
    memcpy(&da, &a, sizeof da);
    memcpy(&db, &b, sizeof db);
    assert_int_equal(da < db, a < b);
    assert_int_equal(da == db, a == b);
    assert_true(da < inf);
  }
}

static void test_access_model(void **state) {
  (void)state;
  uint32_t addr[32];
  gsat_bcf_bank_stats st = {0};
  for (int l = 0; l < 32; ++l) addr[l] = 4u * (uint32_t)l;
  assert_int_equal(gsat_bcf_sim_access(addr, NULL, 4, &st), 1);
  for (int l = 0; l < 32; ++l) addr[l] = 128u * (uint32_t)l; /* one bank */
  assert_int_equal(gsat_bcf_sim_access(addr, NULL, 4, &st), 32);
  for (int l = 0; l < 32; ++l) addr[l] = 64; /* broadcast */
  assert_int_equal(gsat_bcf_sim_access(addr, NULL, 4, &st), 1);
  for (int l = 0; l < 32; ++l) addr[l] = 8u * (uint32_t)l; /* 64-bit */
  assert_int_equal(gsat_bcf_sim_access(addr, NULL, 8, &st), 2);
  assert_int_equal(st.instructions, 4);
  assert_int_equal(st.conflicts, 31);
}

/* Section 13.3 for every kernel: per tile page 704 page-sort instructions
 * (ShearSort or bitonic: 11 transpositions), 64 to store and reload it, 64 per
 * cross-page stage and 128 per page merge; per leftover slot a first block and
 * a merge step: 16 + 160 (CLASSIC), 16 + 128 (ROW), 0 + 128 (REG, binary merges
 * only); all at the ideal wavefront count. */
static void test_replay_conflict_free(void **state) {
  (void)state;
  for (uint32_t ps = GSAT_SORT_PAGE_SHEAR; ps <= GSAT_SORT_PAGE_BITONIC; ++ps)
    for (uint32_t kb = 4; kb <= 8; kb += 4) {
      gsat_bcf_bank_stats page = {0};
      uint64_t keys[1024] = {0};
      gsat_bcf_sim_page_sort(keys, kb, ps, &page);
      assert_int_equal(page.instructions, 704);
      assert_int_equal(page.wavefronts, 704 * (kb / 4));
      assert_int_equal(page.conflicts, 0);
    }
  static const uint32_t per_slot[4] = {0, 176, 144, 128};
  for (uint32_t form = GSAT_BCF_FORM_CLASSIC; form <= GSAT_BCF_FORM_REG; ++form)
    for (uint32_t depth = 1; depth <= 3; ++depth)
      for (uint32_t kb = 4; kb <= 8; kb += 4)
        for (uint32_t pages = 8; pages <= 16; pages *= 2)
          for (uint32_t ps = 1; ps <= 2; ++ps) {
            if (form == GSAT_BCF_FORM_REG && depth > 1) continue;
            gsat_bcf_bank_stats tile = {0}, merge = {0};
            gsat_bcf_sim_replay(depth, kb, pages, form, ps, &tile, &merge);
            uint64_t levels = pages == 16 ? 4 : 3;
            uint64_t stages = levels * (levels + 1) / 2;
            assert_int_equal(tile.instructions, pages * (704 + 64 + 64 * stages + 128 * levels));
            assert_int_equal(tile.wavefronts, tile.instructions * (kb / 4));
            assert_int_equal(tile.conflicts, 0);
            assert_int_equal(merge.instructions, per_slot[form] * ((1u << depth) - 1));
            assert_int_equal(merge.wavefronts, merge.instructions * (kb / 4));
            assert_int_equal(merge.conflicts, 0);
          }
}

/* Both page sorts on every distribution (random, sorted, reverse, all
 * equal, few distinct, ...) and 0-1 pages, 32- and 64-bit keys. */
static void test_page_sort_inputs(void **state) {
  (void)state;
  uint64_t page[1024], ref[1024], seed = 7;
  for (uint32_t ps = GSAT_SORT_PAGE_SHEAR; ps <= GSAT_SORT_PAGE_BITONIC; ++ps)
    for (uint32_t bits = 32; bits <= 64; bits += 32)
      for (int d = 0; d < GSAT_DIST_COUNT + 2; ++d) {
        if (d < GSAT_DIST_COUNT)
          gsat_sort_fill(page, 1024, (gsat_sort_dist)d, bits, 99 + (uint64_t)d);
        else /* 0-1 matrices of two densities */
          for (int i = 0; i < 1024; ++i)
            page[i] = gsat_sort_rand(&seed) % (d == GSAT_DIST_COUNT ? 2 : 17) == 0;
        memcpy(ref, page, sizeof page);
        qsort(ref, 1024, sizeof ref[0], cmp_u64);
        gsat_bcf_bank_stats st = {0};
        gsat_bcf_sim_page_sort(page, bits / 8, ps, &st);
        assert_memory_equal(page, ref, sizeof page);
        assert_int_equal(st.conflicts, 0);
      }
}

/* Fisher-Yates shuffle of a page. */
static void shuffle(uint64_t page[1024], uint64_t *seed) {
  for (uint32_t i = 1023; i > 0; --i) {
    uint32_t j = (uint32_t)(gsat_sort_rand(seed) % (i + 1));
    uint64_t t = page[i];
    page[i] = page[j];
    page[j] = t;
  }
}

/* The bitonic page sort is a comparator network, so by the 0-1 principle
 * it sorts everything iff it sorts every 0-1 page; 2^1024 pages cannot be
 * enumerated, so this samples them: random 0-1 pages of every count of ones
 * (1..1023, three each), pages of alternating blocks of 2^b zeros and ones
 * (b = 5..9, the block sizes of the stages), and random permutations. */
static void test_bitonic_page_sort_01(void **state) {
  (void)state;
  uint64_t page[1024], seed = 3;
  for (uint32_t ones = 1; ones < 1024; ++ones)
    for (int round = 0; round < 3; ++round) {
      for (uint32_t i = 0; i < 1024; ++i) page[i] = i < ones;
      shuffle(page, &seed);
      gsat_bcf_sim_page_sort(page, 4, GSAT_SORT_PAGE_BITONIC, NULL);
      for (uint32_t i = 0; i < 1024; ++i) assert_int_equal(page[i], i >= 1024 - ones);
    }
  for (uint32_t b = 5; b <= 9; ++b) /* every other block of 2^b set */
    for (uint32_t off = 0; off < 2; ++off) {
      for (uint32_t i = 0; i < 1024; ++i) page[i] = ((i >> b) & 1u) == off;
      gsat_bcf_sim_page_sort(page, 8, GSAT_SORT_PAGE_BITONIC, NULL);
      for (uint32_t i = 0; i < 1024; ++i) assert_int_equal(page[i], i >= 512);
    }
  for (int round = 0; round < 200; ++round) {
    for (uint32_t i = 0; i < 1024; ++i) page[i] = i;
    shuffle(page, &seed);
    gsat_bcf_sim_page_sort(page, 4, GSAT_SORT_PAGE_BITONIC, NULL);
    for (uint32_t i = 0; i < 1024; ++i) assert_int_equal(page[i], i);
  }
}

static void check_sim_sort(size_t n, gsat_sort_dist d, uint32_t bits, const gsat_sort_config *cfg) {
  uint64_t *a = malloc((n + 1) * sizeof *a), *ref = malloc((n + 1) * sizeof *a);
  assert_non_null(a);
  assert_non_null(ref);
  gsat_sort_fill(a, n, d, bits, 1234 + n);
  memcpy(ref, a, n * sizeof *a);
  qsort(ref, n, sizeof *ref, cmp_u64);
  gsat_bcf_sim_stats st = {{0}, 0, 0};
  gsat_error err;
  assert_int_equal(gsat_bcf_sim_sort(a, n, bits / 8, cfg, &st, &err), GSAT_OK);
  assert_memory_equal(a, ref, n * sizeof *a);
  assert_int_equal(st.bank.conflicts, 0);
  free(a);
  free(ref);
}

static void test_sim_sort_distributions(void **state) {
  (void)state;
  static const size_t sizes[] = {0, 1, 31, 33, 1023, 1025, 4097, 70001};
  gsat_sort_config cfg = {.ways = 4, .partition = GSAT_SORT_SPLITTERS, .chunk = 1024};
  for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; ++s)
    for (int d = 0; d < GSAT_DIST_COUNT; ++d) {
      check_sim_sort(sizes[s], (gsat_sort_dist)d, 32, &cfg);
      check_sim_sort(sizes[s], (gsat_sort_dist)d, 64, NULL);
    }
}

static void test_sim_sort_configs(void **state) {
  (void)state;
  static const gsat_sort_config cfgs[] = {
      {.ways = 2, .partition = GSAT_SORT_SPLITTERS, .chunk = 1024},
      {.ways = 8, .partition = GSAT_SORT_SPLITTERS, .chunk = 2048},
      {.ways = 2, .partition = GSAT_SORT_MERGE_PATH, .chunk = 1024},
      {.partition = GSAT_SORT_MERGE_PATH, .chunk = 4096},
      {.ways = 4, .partition = GSAT_SORT_SPLITTERS, .chunk = 8192},
      {.ways = 4, .partition = GSAT_SORT_SPLITTERS, .chunk = 1u << 20},
      {.ways = 2, .partition = GSAT_SORT_MERGE_PATH, .chunk = 1u << 20},
      {.ways = 4,
       .partition = GSAT_SORT_SPLITTERS,
       .chunk = 2048,
       .tile_pages = 8,
       .form = GSAT_SORT_FORM_ROW},
      {.ways = 8,
       .partition = GSAT_SORT_SPLITTERS,
       .chunk = 1024,
       .tile_pages = 16,
       .form = GSAT_SORT_FORM_ROW},
      {.ways = 2,
       .partition = GSAT_SORT_SPLITTERS,
       .chunk = 1024,
       .tile_pages = 16,
       .form = GSAT_SORT_FORM_REG},
      {.ways = 2,
       .partition = GSAT_SORT_MERGE_PATH,
       .chunk = 2048,
       .tile_pages = 8,
       .form = GSAT_SORT_FORM_REG},
      {.ways = 4,
       .partition = GSAT_SORT_SPLITTERS,
       .chunk = 2048,
       .tile_pages = 8,
       .form = GSAT_SORT_FORM_ROW,
       .page_sort = GSAT_SORT_PAGE_BITONIC},
      {.ways = 2,
       .partition = GSAT_SORT_MERGE_PATH,
       .chunk = 1024,
       .tile_pages = 16,
       .form = GSAT_SORT_FORM_CLASSIC,
       .page_sort = GSAT_SORT_PAGE_BITONIC}};
  for (size_t c = 0; c < sizeof cfgs / sizeof cfgs[0]; ++c)
    for (int d = 0; d < GSAT_DIST_COUNT; ++d) {
      check_sim_sort(150001, (gsat_sort_dist)d, 32, &cfgs[c]);
      if (c >= 7 && d % 2 == 0) check_sim_sort(40009, (gsat_sort_dist)d, 64, &cfgs[c]);
    }
}

/* Every named variant (the ones `bench/device/sort.sh round` times) sorts both
 * key widths, with no bank conflict; the default names exist. */
static void test_sim_sort_variants(void **state) {
  (void)state;
  gsat_sort_config cfg;
  gsat_error err;
  const char *name;
  int count = 0;
  for (int i = 0; (name = gsat_sort_variant(i, &cfg)) != NULL; ++i, ++count) {
    gsat_sort_config again;
    assert_int_equal(gsat_sort_variant_find(name, &again, &err), GSAT_OK);
    assert_memory_equal(&again, &cfg, sizeof cfg);
    for (int d = 0; d < GSAT_DIST_COUNT; d += 3) {
      check_sim_sort(70001, (gsat_sort_dist)d, 32, &cfg);
      check_sim_sort(30011, (gsat_sort_dist)d, 64, &cfg);
    }
  }
  assert_true(count >= 8);
  /* the -bp variants are their base variants with the bitonic page sort */
  static const char *const bp[][2] = {{"row4", "row4-bp"}, {"row4-t8", "row4-t8-bp"}};
  for (size_t i = 0; i < sizeof bp / sizeof bp[0]; ++i) {
    gsat_sort_config base;
    assert_int_equal(gsat_sort_variant_find(bp[i][0], &base, &err), GSAT_OK);
    assert_int_equal(gsat_sort_variant_find(bp[i][1], &cfg, &err), GSAT_OK);
    assert_int_equal(base.page_sort, 0);
    assert_int_equal(cfg.page_sort, GSAT_SORT_PAGE_BITONIC);
    cfg.page_sort = base.page_sort;
    assert_memory_equal(&cfg, &base, sizeof cfg);
  }
  assert_int_equal(gsat_sort_variant_find(GSAT_SORT_DEFAULT_VARIANT_32, &cfg, &err), GSAT_OK);
  assert_int_equal(gsat_sort_variant_find(GSAT_SORT_DEFAULT_VARIANT_64, &cfg, &err), GSAT_OK);
  assert_int_equal(gsat_sort_variant_find("no-such", &cfg, &err), GSAT_USAGE);
}

/* The value-moving schedule of 32-bit pair sorts: the tile sort, every
 * pair_carry-th kernel and the last move; consecutive moves alternate
 * between the caller's array and the temporary one, ending in the caller's
 * (a move never reads the array it writes). */
static void test_pair_moves(void **state) {
  (void)state;
  for (uint32_t every = 1; every <= 4; ++every)
    for (uint32_t passes = 0; passes <= 12; ++passes) {
      gsat_bcf_plan plan;
      memset(&plan, 0, sizeof plan);
      plan.npasses = passes;
      plan.pair_carry = every;
      int prev = -1, moves = 0, to_out = 0;
      for (uint32_t j = 0; j <= passes; ++j) {
        const int m = gsat_bcf_pair_moves(&plan, j, &to_out);
        assert_int_equal(m, j % every == 0 || j == passes);
        if (!m) continue;
        ++moves;
        if (prev >= 0) assert_int_not_equal(to_out, prev);
        prev = to_out;
      }
      assert_int_equal(to_out, 1); /* the last kernel writes vals_out */
      assert_int_equal(moves, passes / every + 1 + (passes % every != 0 ? 1 : 0));
    }
}

/* How a 32-bit pair sort moves its values (kernels/bcfsort_pairs.cuh), kernel by
 * kernel on the host: every kernel of the plan sorts its tiles or groups of
 * runs (packs are unique, so any correct sort puts them in the order the
 * networks do), then writes each pack as the kernel does: a moving kernel
 * (gsat_bcf_pair_moves) stores the value found at the pack's position in
 * the last moved array and renumbers the pack, the last writes the key, the
 * others copy the pack.  Values are moved out of place, as on the GPU. */
static void sim_pair_sort(const uint32_t *keys, const uint32_t *vals, size_t n, uint32_t carry,
                          uint32_t *kout, uint32_t *vout) {
  const gsat_sort_config cfg = {.ways = 4,
                                .partition = GSAT_SORT_SPLITTERS,
                                .tile_pages = 8,
                                .form = GSAT_SORT_FORM_ROW,
                                .page_sort = GSAT_SORT_PAGE_BITONIC,
                                .merge_warps = 1,
                                .pair_carry = (int)carry};
  gsat_bcf_plan plan;
  gsat_error err;
  assert_int_equal(gsat_bcf_plan_make(&plan, n, 8, &cfg, &err), GSAT_OK);
  const int shift = 30;
  uint64_t *a = malloc(n * 8 + 8), *b = malloc(n * 8 + 8);
  uint32_t *vbuf = malloc(n * 4 + 4);
  assert_non_null(a), assert_non_null(b), assert_non_null(vbuf);
  const uint32_t *vsrc = vals;
  for (size_t q = 0; q < n; ++q) a[q] = gsat_bcf_pack(keys[q], q, shift);
  for (uint32_t j = 0; j <= plan.npasses; ++j) {
    const uint64_t span = j == 0 ? (uint64_t)plan.tile_pages * GSAT_BCF_PAGE
                                 : plan.pass[j - 1].ways * plan.pass[j - 1].run;
    for (uint64_t s = 0; s < n; s += span)
      qsort(a + s, n - s < span ? n - s : span, sizeof *a, cmp_u64);
    int to_out = 0;
    const int move = gsat_bcf_pair_moves(&plan, j, &to_out);
    uint32_t *vdst = to_out ? vout : vbuf;
    assert_true(!move || vdst != vsrc);
    for (size_t q = 0; q < n; ++q) {
      const uint64_t x = a[q];
      if (move) vdst[q] = vsrc[gsat_bcf_pack_pos(x, shift)];
      if (j == plan.npasses)
        kout[q] = gsat_bcf_pack_key(x, shift);
      else
        b[q] = move ? gsat_bcf_repack(x, q, shift) : x;
    }
    if (move) vsrc = vdst;
    uint64_t *t = a;
    a = b, b = t;
  }
  free(a), free(b), free(vbuf);
}

/* The simulated pair sort equals a stable sort of the pairs for every value
 * schedule, pass count (0 to 3 merge passes) and key distribution. */
static void test_pair_travel(void **state) {
  (void)state;
  static const size_t sizes[] = {1, 5000, 8192, 24577, 70001, (1u << 18) + 7};
  const size_t cap = (1u << 18) + 7;
  uint64_t *k64 = malloc(cap * 8), *ref = malloc(cap * 8);
  uint32_t *keys = malloc(cap * 4), *vals = malloc(cap * 4);
  uint32_t *kout = malloc(cap * 4), *vout = malloc(cap * 4);
  assert_non_null(k64), assert_non_null(ref), assert_non_null(keys);
  assert_non_null(vals), assert_non_null(kout), assert_non_null(vout);
  for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; ++si)
    for (int d = 0; d < GSAT_DIST_COUNT; d += 2) /* random, reverse, few, ... */
      for (uint32_t carry = 1; carry <= 3; ++carry) {
        const size_t n = sizes[si];
        gsat_sort_fill(k64, n, (gsat_sort_dist)d, 32, 7 + n);
        for (size_t i = 0; i < n; ++i) {
          keys[i] = (uint32_t)k64[i];
          vals[i] = (uint32_t)(i * 2654435761u);
          ref[i] = (uint64_t)keys[i] << 32 | i; /* stable order */
        }
        qsort(ref, n, sizeof *ref, cmp_u64);
        sim_pair_sort(keys, vals, n, carry, kout, vout);
        for (size_t i = 0; i < n; ++i) {
          const uint32_t src = (uint32_t)ref[i];
          if (kout[i] != keys[src] || vout[i] != vals[src])
            fail_msg("n=%zu dist=%d carry=%u: position %zu holds (%u, %u), "
                     "expected (%u, %u)",
                     n, d, carry, i, kout[i], vout[i], keys[src], vals[src]);
        }
      }
  free(k64), free(ref), free(keys), free(vals), free(kout), free(vout);
}

static void test_plan(void **state) {
  (void)state;
  gsat_bcf_plan plan;
  gsat_error err;
  assert_int_equal(gsat_bcf_plan_make(&plan, 1u << 28, 4, NULL, &err), GSAT_OK);
  assert_int_equal(plan.npasses, 7); /* tiles of 2^14 -> 2^28 by fours */
  assert_int_equal(plan.page_to_out, 0);
  uint64_t keys = 0;
  for (uint32_t i = 0; i < plan.npasses; ++i) {
    const gsat_bcf_pass *p = &plan.pass[i];
    assert_int_equal(p->ways, 4);
    assert_int_equal(p->run, (uint64_t)16384 << (2 * i));
    assert_true(p->buckets >= p->groups);
    /* buckets hold about chunk keys: at most 1.5 chunk on average */
    assert_true((uint64_t)p->buckets * p->chunk * 3 / 2 >= p->n);
    keys = p->n;
  }
  assert_int_equal(keys, 1u << 28);
  assert_true(plan.bytes >= ((size_t)4 << 28));
  /* 25 tiles of 8192 64-bit keys, then 4 runs: the last pass merges them
   * with ways 4, not 8 */
  gsat_sort_config eight = {.ways = 8, .partition = GSAT_SORT_SPLITTERS};
  assert_int_equal(gsat_bcf_plan_make(&plan, 24 * 8192 + 5, 8, &eight, &err), GSAT_OK);
  assert_int_equal(plan.npasses, 2);
  assert_int_equal(plan.pass[1].ways, 4);
  assert_int_equal(plan.page_to_out, 1);
  assert_int_equal(gsat_bcf_plan_make(&plan, 1000, 4, NULL, &err), GSAT_OK);
  assert_int_equal(plan.npasses, 0);
  /* 64-bit keys: tiles of 8 pages need one pass more than tiles of 16 */
  gsat_sort_config var;
  assert_int_equal(gsat_sort_variant_find("classic", &var, &err), GSAT_OK);
  assert_int_equal(gsat_bcf_plan_make(&plan, 1u << 28, 8, &var, &err), GSAT_OK);
  assert_int_equal(plan.npasses, 8);
  assert_int_equal(plan.tile_pages, 8);
  assert_int_equal(plan.form, GSAT_BCF_FORM_CLASSIC);
  assert_int_equal(gsat_sort_variant_find("row4", &var, &err), GSAT_OK);
  assert_int_equal(gsat_bcf_plan_make(&plan, 1u << 28, 8, &var, &err), GSAT_OK);
  assert_int_equal(plan.npasses, 7);
  assert_int_equal(plan.pass[6].form, GSAT_BCF_FORM_ROW);
  assert_int_equal(gsat_sort_variant_find("row8", &var, &err), GSAT_OK);
  assert_int_equal(gsat_bcf_plan_make(&plan, 1u << 28, 4, &var, &err), GSAT_OK);
  assert_int_equal(plan.npasses, 5); /* 2^14 runs: 8, 8, 8, 8, 4 ways */
  assert_int_equal(plan.pass[4].ways, 4);
  gsat_sort_config badtile = {.ways = 4, .partition = GSAT_SORT_SPLITTERS, .tile_pages = 32};
  assert_int_equal(gsat_bcf_plan_make(&plan, 5000, 4, &badtile, &err), GSAT_USAGE);
  gsat_sort_config badreg = {
      .ways = 4, .partition = GSAT_SORT_SPLITTERS, .form = GSAT_SORT_FORM_REG};
  assert_int_equal(gsat_bcf_plan_make(&plan, 5000, 4, &badreg, &err), GSAT_USAGE);
  /* the page sort: the -bp variants bitonic, unknown values fail */
  assert_int_equal(gsat_sort_variant_find("row4-t8-bp", &var, &err), GSAT_OK);
  assert_int_equal(gsat_bcf_plan_make(&plan, 5000, 8, &var, &err), GSAT_OK);
  assert_int_equal(plan.page_sort, GSAT_SORT_PAGE_BITONIC);
  assert_int_equal(plan.tile_pages, 8);
  /* the default variants sort pages bitonically; page_sort 0 is ShearSort */
  assert_int_equal(gsat_bcf_plan_make(&plan, 5000, 8, NULL, &err), GSAT_OK);
  assert_int_equal(plan.page_sort, GSAT_SORT_PAGE_BITONIC);
  var.page_sort = 0;
  assert_int_equal(gsat_bcf_plan_make(&plan, 5000, 8, &var, &err), GSAT_OK);
  assert_int_equal(plan.page_sort, GSAT_SORT_PAGE_SHEAR);
  var.page_sort = GSAT_SORT_PAGE_SHEAR;
  assert_int_equal(gsat_bcf_plan_make(&plan, 5000, 8, &var, &err), GSAT_OK);
  assert_int_equal(plan.page_sort, GSAT_SORT_PAGE_SHEAR);
  static const int badps[] = {3, -1, 100};
  for (size_t i = 0; i < sizeof badps / sizeof badps[0]; ++i) {
    gsat_sort_config c = {.ways = 4, .partition = GSAT_SORT_SPLITTERS, .page_sort = badps[i]};
    assert_int_equal(gsat_bcf_plan_make(&plan, 5000, 4, &c, &err), GSAT_USAGE);
  }
  gsat_sort_config bad = {.ways = 3, .partition = GSAT_SORT_SPLITTERS};
  assert_int_equal(gsat_bcf_plan_make(&plan, 5000, 4, &bad, &err), GSAT_USAGE);
  gsat_sort_config badmp = {.ways = 4, .partition = GSAT_SORT_MERGE_PATH};
  assert_int_equal(gsat_bcf_plan_make(&plan, 5000, 4, &badmp, &err), GSAT_USAGE);
  assert_int_equal(gsat_bcf_plan_make(&plan, 5000, 4, NULL, &err), GSAT_OK);
  assert_int_equal(plan.merge_warps, 4);
  assert_int_equal(gsat_sort_variant_find("row4-t8-bp-w1", &var, &err), GSAT_OK);
  assert_int_equal(gsat_bcf_plan_make(&plan, 5000, 8, &var, &err), GSAT_OK);
  assert_int_equal(plan.merge_warps, 1);
  gsat_sort_config badwarps = {.ways = 4, .partition = GSAT_SORT_SPLITTERS, .merge_warps = 3};
  assert_int_equal(gsat_bcf_plan_make(&plan, 5000, 4, &badwarps, &err), GSAT_USAGE);
  gsat_sort_config badint = {.ways = 4, .partition = GSAT_SORT_SPLITTERS, .integer_pairs = 2};
  assert_int_equal(gsat_bcf_plan_make(&plan, 5000, 8, &badint, &err), GSAT_USAGE);
  gsat_sort_config badcarry = {.ways = 4, .partition = GSAT_SORT_SPLITTERS, .pair_carry = 5};
  assert_int_equal(gsat_bcf_plan_make(&plan, 5000, 8, &badcarry, &err), GSAT_USAGE);
  assert_int_equal(gsat_sort_variant_find("row4-t8-bp-w1-c2", &var, &err), GSAT_OK);
  assert_int_equal(gsat_bcf_plan_make(&plan, 5000, 8, &var, &err), GSAT_OK);
  assert_int_equal(plan.pair_carry, 2);
  gsat_sort_config badchunk = {.ways = 4, .partition = GSAT_SORT_SPLITTERS, .chunk = 3000};
  assert_int_equal(gsat_bcf_plan_make(&plan, 5000, 4, &badchunk, &err), GSAT_USAGE);
  assert_int_equal(gsat_bcf_plan_make(&plan, (uint64_t)UINT32_MAX, 4, NULL, &err), GSAT_USAGE);
}

/* The bucket bound of section 8: an open bucket holds at most chunk + ways k
 * keys (k = chunk / 8), the last of a group up to chunk more; with the equal
 * buckets of section 9 this holds for heavy duplicates too. */
static void test_bucket_bound(void **state) {
  (void)state;
  size_t n = 200000;
  uint64_t *a = malloc(n * sizeof *a);
  assert_non_null(a);
  gsat_sort_config cfg = {.ways = 4, .partition = GSAT_SORT_SPLITTERS, .chunk = 2048};
  gsat_error err;
  for (int d = 0; d < GSAT_DIST_COUNT; ++d) {
    gsat_bcf_sim_stats st = {{0}, 0, 0};
    gsat_sort_fill(a, n, (gsat_sort_dist)d, 32, 5);
    assert_int_equal(gsat_bcf_sim_sort(a, n, 4, &cfg, &st, &err), GSAT_OK);
    assert_true(is_sorted(a, n));
    assert_true(st.buckets >= n / 2048);
    assert_true(st.max_over <= 2000);
  }
  free(a);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_tables_match_generators),
      cmocka_unit_test(test_sort32_sorts),
      cmocka_unit_test(test_merge32_merges_all_01),
      cmocka_unit_test(test_bitonic32_sorts_all_cyclic_01),
      cmocka_unit_test(test_windows_sort_all_01),
      cmocka_unit_test(test_packed_keys_order_as_doubles),
      cmocka_unit_test(test_access_model),
      cmocka_unit_test(test_replay_conflict_free),
      cmocka_unit_test(test_page_sort_inputs),
      cmocka_unit_test(test_bitonic_page_sort_01),
      cmocka_unit_test(test_sim_sort_distributions),
      cmocka_unit_test(test_sim_sort_configs),
      cmocka_unit_test(test_sim_sort_variants),
      cmocka_unit_test(test_plan),
      cmocka_unit_test(test_pair_moves),
      cmocka_unit_test(test_pair_travel),
      cmocka_unit_test(test_bucket_bound),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
