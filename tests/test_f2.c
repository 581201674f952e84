/* F2 matrix algebra (kernels/f2.h): products, inverses, ranks, ULP, random
 * generators from fixed seeds. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "kernels/f2.h"

static const int sizes[] = {1, 2, 3, 5, 9, 10, 11, 16, 20, 25, 31, 32, 33, 40, 63, 64};
#define NSIZES ((int)(sizeof sizes / sizeof sizes[0]))

/* A check run reps times at each of the sizes, smallest first, all on one
 * generator seeded with seed: the initial state of test_each_size. */
typedef struct {
  uint64_t seed;
  int reps;
  void (*check)(int n, int rep, uint64_t *rng);
} size_test;

static void test_each_size(void **state) {
  const size_test *t = *state;
  uint64_t rng = t->seed;
  for (int s = 0; s < NSIZES; s++)
    for (int rep = 0; rep < t->reps; rep++) t->check(sizes[s], rep, &rng);
}

static void test_dep_ext(void **state) {
  (void)state;
  assert_int_equal(gsat_f2_dep(0x5, 0xf0), 0x50);
  assert_int_equal(gsat_f2_dep(0x3, 0x1010), 0x1010);
  assert_int_equal(gsat_f2_dep(0x2, 0x1010), 0x1000);
  assert_int_equal(gsat_f2_ext(0x1000, 0x1010), 0x2);
  assert_int_equal(gsat_f2_ext(0xffff, 0x8001), 0x3);
  uint64_t rng = 11;
  for (int i = 0; i < 1000; i++) {
    uint64_t m = gsat_f2_rng_next(&rng), v = gsat_f2_rng_next(&rng);
    uint64_t low = gsat_f2_mask(__builtin_popcountll(m));
    assert_int_equal(gsat_f2_ext(gsat_f2_dep(v, m), m), v & low);
    assert_int_equal(gsat_f2_dep(gsat_f2_ext(v, m), m), v & m);
  }
  assert_int_equal(gsat_f2_mask(0), 0);
  assert_true(gsat_f2_mask(64) == ~(uint64_t)0);
}

static void test_apply_mul_transpose(void **state) {
  (void)state;
  uint64_t rng = 1;
  for (int s = 0; s < NSIZES; s++) {
    int n = sizes[s];
    gsat_f2_mat a, b, ab, t, tt;
    gsat_f2_random_invertible(&a, n, &rng);
    gsat_f2_random_invertible(&b, n, &rng);
    gsat_f2_mul(&a, &b, &ab);
    for (int i = 0; i < 20; i++) {
      uint64_t x = gsat_f2_rng_next(&rng) & gsat_f2_mask(n);
      assert_true(gsat_f2_apply(&ab, x) == gsat_f2_apply(&a, gsat_f2_apply(&b, x)));
    }
    gsat_f2_transpose(&a, &t);
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++) assert_int_equal(gsat_f2_get(&t, i, j), gsat_f2_get(&a, j, i));
    gsat_f2_transpose(&t, &tt);
    assert_true(gsat_f2_equal(&tt, &a));
    for (int j = 0; j < n; j++)
      assert_true(gsat_f2_column(&a, j) == gsat_f2_apply(&a, (uint64_t)1 << j));
  }
}

/* A random invertible matrix: its inverse on both sides, full rank. */
static void inverse_case(int n, int rep, uint64_t *rng) {
  (void)rep;
  gsat_f2_mat a, inv, prod, id;
  gsat_f2_random_invertible(&a, n, rng);
  assert_true(gsat_f2_inverse(&a, &inv));
  gsat_f2_identity(&id, n);
  gsat_f2_mul(&a, &inv, &prod);
  assert_true(gsat_f2_equal(&prod, &id));
  gsat_f2_mul(&inv, &a, &prod);
  assert_true(gsat_f2_equal(&prod, &id));
  assert_int_equal(gsat_f2_rank(&a), n);
}

static void test_singular(void **state) {
  (void)state;
  uint64_t rng = 3;
  for (int n = 3; n <= 64; n += 7) {
    gsat_f2_mat a, inv;
    gsat_f2_random_invertible(&a, n, &rng);
    a.row[n - 1] = a.row[0] ^ a.row[1]; /* rank n-1 */
    assert_int_equal(gsat_f2_rank(&a), n - 1);
    assert_false(gsat_f2_inverse(&a, &inv));
    gsat_f2_mat u, l;
    uint8_t sigma[64];
    assert_false(gsat_f2_ulp(&a, &u, &l, sigma));
  }
  gsat_f2_mat z;
  gsat_f2_zero(&z, 4);
  assert_int_equal(gsat_f2_rank(&z), 0);
}

static void test_perm(void **state) {
  (void)state;
  uint64_t rng = 4;
  for (int s = 0; s < NSIZES; s++) {
    int n = sizes[s];
    uint8_t s1[64], s2[64], s21[64], back[64];
    gsat_f2_random_perm(s1, n, &rng);
    gsat_f2_random_perm(s2, n, &rng);
    for (int j = 0; j < n; j++) s21[j] = s2[s1[j]];
    gsat_f2_mat p1, p2, p21, prod;
    assert_true(gsat_f2_from_perm(&p1, n, s1));
    assert_true(gsat_f2_from_perm(&p2, n, s2));
    assert_true(gsat_f2_from_perm(&p21, n, s21));
    gsat_f2_mul(&p2, &p1, &prod);
    assert_true(gsat_f2_equal(&prod, &p21));
    assert_true(gsat_f2_to_perm(&p1, back));
    assert_memory_equal(back, s1, (size_t)n);
    /* Bit j of x goes to bit s1[j]. */
    for (int j = 0; j < n; j++)
      assert_true(gsat_f2_apply(&p1, (uint64_t)1 << j) == (uint64_t)1 << s1[j]);
  }
  uint8_t bad[3] = {0, 0, 1};
  gsat_f2_mat m;
  assert_false(gsat_f2_from_perm(&m, 3, bad));
  gsat_f2_random_invertible(&m, 8, &rng);
  m.row[0] = 3;
  uint8_t sig[8];
  assert_false(gsat_f2_to_perm(&m, sig));
}

/* The ULP factors of an invertible matrix (a ULP-generated one on odd reps):
 * unit upper, unit lower, a permutation, and their product is the matrix. */
static void ulp_case(int n, int rep, uint64_t *rng) {
  gsat_f2_mat a, u, l, p, prod;
  uint8_t sigma[64];
  if (rep & 1)
    gsat_f2_random_ulp(&a, n, rng);
  else
    gsat_f2_random_invertible(&a, n, rng);
  assert_true(gsat_f2_ulp(&a, &u, &l, sigma));
  for (int i = 0; i < n; i++) {
    uint64_t diag = (uint64_t)1 << i;
    assert_true((u.row[i] & gsat_f2_mask(i + 1)) == diag); /* unit upper */
    assert_true((l.row[i] & ~gsat_f2_mask(i)) == diag);    /* unit lower */
  }
  assert_true(gsat_f2_from_perm(&p, n, sigma));
  gsat_f2_mul(&u, &l, &prod);
  gsat_f2_mul(&prod, &p, &prod);
  assert_true(gsat_f2_equal(&prod, &a));
}

static void test_diag(void **state) {
  (void)state;
  uint64_t rng = 6;
  gsat_f2_mat a, d;
  gsat_f2_random_invertible(&a, 10, &rng);
  gsat_f2_diag(&a, 3, &d);
  assert_int_equal(d.n, 13);
  for (int i = 0; i < 50; i++) {
    uint64_t x = gsat_f2_rng_next(&rng) & gsat_f2_mask(13);
    uint64_t lo = x & gsat_f2_mask(10);
    assert_true(gsat_f2_apply(&d, x) == ((x & ~lo) | gsat_f2_apply(&a, lo)));
  }
}

/* Uniform over GL(n, 2): |GL(2,2)| = 6 and |GL(3,2)| = 168; every matrix must
 * appear about equally often (fixed seed, so the counts are deterministic). */
static void test_random_uniform(void **state) {
  (void)state;
  uint64_t rng = 7;
  int count2[16] = {0};
  for (int i = 0; i < 6000; i++) {
    gsat_f2_mat a;
    gsat_f2_random_invertible(&a, 2, &rng);
    count2[a.row[0] | a.row[1] << 2]++;
  }
  int distinct = 0;
  for (int k = 0; k < 16; k++)
    if (count2[k]) {
      distinct++;
      assert_in_range(count2[k], 850, 1150);
    }
  assert_int_equal(distinct, 6);
  static int count3[512];
  for (int i = 0; i < 168 * 200; i++) {
    gsat_f2_mat a;
    gsat_f2_random_invertible(&a, 3, &rng);
    count3[a.row[0] | a.row[1] << 3 | a.row[2] << 6]++;
  }
  distinct = 0;
  for (int k = 0; k < 512; k++)
    if (count3[k]) {
      distinct++;
      assert_in_range(count3[k], 140, 260);
    }
  assert_int_equal(distinct, 168);
}

static void test_random_tiled(void **state) {
  (void)state;
  uint64_t rng = 8;
  for (int n = 5; n <= 40; n += 5) {
    gsat_f2_mat a;
    gsat_f2_random_tiled(&a, n, 5, &rng);
    assert_int_equal(gsat_f2_rank(&a), n);
    uint64_t high = 0;
    for (int i = 5; i < n; i++) high |= a.row[i];
    assert_int_equal(__builtin_popcountll(gsat_f2_mask(n) & ~high), 5);
  }
}

static void test_rng_below(void **state) {
  (void)state;
  uint64_t rng = 9;
  int hist[7] = {0};
  for (int i = 0; i < 7000; i++) hist[gsat_f2_rng_below(&rng, 7)]++;
  for (int k = 0; k < 7; k++) assert_in_range(hist[k], 850, 1150);
  uint8_t sigma[20];
  gsat_f2_random_perm(sigma, 20, &rng);
  uint32_t seen = 0;
  for (int j = 0; j < 20; j++) seen |= 1u << sigma[j];
  assert_int_equal(seen, 0xfffff);
}

static size_test inverse_test = {2, 5, inverse_case};
static size_test ulp_test = {5, 10, ulp_case};

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_dep_ext),
      cmocka_unit_test(test_apply_mul_transpose),
      {"test_inverse", test_each_size, NULL, NULL, &inverse_test},
      cmocka_unit_test(test_singular),
      cmocka_unit_test(test_perm),
      {"test_ulp", test_each_size, NULL, NULL, &ulp_test},
      cmocka_unit_test(test_diag),
      cmocka_unit_test(test_random_uniform),
      cmocka_unit_test(test_random_tiled),
      cmocka_unit_test(test_rng_below),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
