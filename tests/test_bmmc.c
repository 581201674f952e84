/* BMMC algebra (kernels/bmmc.h): composition and inverse with complements, BPC
 * constructors, the tiled test, the two-tiled-pass factorization, parm. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "kernels/bmmc.h"

static uint64_t rand_below_mask(uint64_t *rng, int n) {
  return gsat_f2_rng_next(rng) & gsat_f2_mask(n);
}

/* A random nonzero mask below bit n (n >= 1): a mask of A_mask. */
static uint64_t rand_nonzero_mask(uint64_t *rng, int n) {
  uint64_t mask;
  do mask = rand_below_mask(rng, n);
  while (!mask);
  return mask;
}

static void random_bmmc(gsat_bmmc *p, int n, uint64_t *rng) {
  gsat_f2_random_invertible(&p->a, n, rng);
  p->c = rand_below_mask(rng, n);
}

static void test_compose_inverse(void **state) {
  (void)state;
  uint64_t rng = 21;
  for (int n = 1; n <= 64; n += 3) {
    gsat_bmmc p1, p2, p12, inv, id;
    random_bmmc(&p1, n, &rng);
    random_bmmc(&p2, n, &rng);
    gsat_bmmc_compose(&p1, &p2, &p12);
    assert_int_equal(gsat_bmmc_inverse(&p1, &inv, NULL), GSAT_OK);
    for (int i = 0; i < 30; i++) {
      uint64_t x = rand_below_mask(&rng, n);
      assert_true(gsat_bmmc_apply(&p12, x) == gsat_bmmc_apply(&p2, gsat_bmmc_apply(&p1, x)));
      assert_true(gsat_bmmc_apply(&inv, gsat_bmmc_apply(&p1, x)) == x);
      assert_true(gsat_bmmc_apply(&p1, gsat_bmmc_apply(&inv, x)) == x);
    }
    gsat_bmmc_compose(&p1, &inv, &id);
    gsat_bmmc ident;
    gsat_bmmc_identity(&ident, n);
    assert_true(gsat_f2_equal(&id.a, &ident.a));
    assert_true(id.c == 0);
    gsat_bmmc_compose(&p1, &p2, &p1); /* aliasing */
    assert_true(gsat_f2_equal(&p1.a, &p12.a) && p1.c == p12.c);
  }
  gsat_bmmc sing;
  gsat_f2_zero(&sing.a, 3);
  sing.c = 0;
  gsat_error err;
  gsat_error_clear(&err);
  gsat_bmmc out;
  assert_int_equal(gsat_bmmc_inverse(&sing, &out, &err), GSAT_USAGE);
  assert_non_null(strstr(err.message, "singular"));
}

static uint64_t reverse_bits(uint64_t x, int n) {
  uint64_t y = 0;
  for (int j = 0; j < n; j++) y |= (x >> j & 1) << (n - 1 - j);
  return y;
}

static void test_bpc_constructors(void **state) {
  (void)state;
  uint64_t rng = 22;
  for (int n = 0; n <= 64; n++) {
    gsat_bmmc rev;
    gsat_bmmc_bit_reverse(&rev, n);
    assert_true(gsat_bmmc_is_bpc(&rev, NULL));
    for (int i = 0; i < 10; i++) {
      uint64_t x = rand_below_mask(&rng, n);
      assert_true(gsat_bmmc_apply(&rev, x) == reverse_bits(x, n));
    }
  }
  /* 2^a x 2^b transpose: (row, col) -> (col, row). */
  for (int a = 0; a <= 6; a++)
    for (int b = 0; b <= 6; b++) {
      gsat_bmmc t;
      gsat_bmmc_transpose(&t, a, b);
      for (uint64_t row = 0; row < (1u << a); row++)
        for (uint64_t col = 0; col < (1u << b); col++)
          assert_true(gsat_bmmc_apply(&t, row << b | col) == (col << a | row));
    }
  gsat_bmmc rot;
  gsat_bmmc_rotate(&rot, 10, 3);
  assert_true(gsat_bmmc_apply(&rot, 1) == 8);
  assert_true(gsat_bmmc_apply(&rot, 1u << 9) == 4);
  gsat_bmmc_rotate(&rot, 10, -1);
  assert_true(gsat_bmmc_apply(&rot, 1) == 1u << 9);

  uint8_t sigma[5] = {4, 0, 3, 1, 2}, back[5];
  gsat_bmmc p;
  assert_int_equal(gsat_bmmc_from_perm(&p, 5, sigma, 0x11, NULL), GSAT_OK);
  assert_true(gsat_bmmc_apply(&p, 1) == (0x10 ^ 0x11));
  assert_true(gsat_bmmc_apply(&p, 4) == (0x08 ^ 0x11));
  assert_true(gsat_bmmc_is_bpc(&p, back));
  assert_memory_equal(back, sigma, 5);
  assert_int_equal(gsat_bmmc_from_perm(&p, 5, sigma, 0x20, NULL), GSAT_USAGE);
  sigma[0] = 0;
  assert_int_equal(gsat_bmmc_from_perm(&p, 5, sigma, 0, NULL), GSAT_USAGE);

  for (int n = 1; n <= 40; n += 13) {
    gsat_bmmc b;
    gsat_bmmc_random_bpc(&b, n, true, &rng);
    assert_true(gsat_bmmc_is_bpc(&b, NULL));
    assert_true((b.c & ~gsat_f2_mask(n)) == 0);
  }
  gsat_bmmc g;
  random_bmmc(&g, 20, &rng);
  assert_false(gsat_bmmc_is_bpc(&g, NULL));
}

static void test_tiled_test(void **state) {
  (void)state;
  uint64_t rng = 23;
  for (int n = 5; n <= 40; n++) {
    gsat_bmmc b;
    uint8_t sigma[64];
    gsat_bmmc_random_bpc(&b, n, false, &rng);
    gsat_bmmc_is_bpc(&b, sigma);
    uint64_t want = 0;
    for (int j = 0; j < n; j++)
      if (sigma[j] < 5) want |= (uint64_t)1 << j;
    assert_true(gsat_bmmc_tiled_columns(&b.a, 5) == want);
  }
  gsat_bmmc id;
  gsat_bmmc_identity(&id, 12);
  assert_true(gsat_bmmc_tiled_columns(&id.a, 5) == 0x1f);
  gsat_bmmc_identity(&id, 4);
  assert_true(gsat_bmmc_tiled_columns(&id.a, 5) == 0xf);
  int tiled = 0;
  for (int i = 0; i < 100; i++) {
    gsat_bmmc g;
    random_bmmc(&g, 20, &rng);
    tiled += gsat_bmmc_tiled_columns(&g.a, 5) != 0;
  }
  assert_true(tiled <= 1);
  for (int n = 5; n <= 30; n += 5) {
    gsat_f2_mat t;
    gsat_f2_random_tiled(&t, n, 5, &rng);
    assert_int_equal(__builtin_popcountll(gsat_bmmc_tiled_columns(&t, 5)), 5);
  }
}

static void test_random_classes(void **state) {
  (void)state;
  uint64_t rng = 28;
  for (int n = 0; n <= 40; n += 4)
    for (int c = 0; c < 2; c++) {
      gsat_bmmc p;
      gsat_bmmc_random(&p, n, GSAT_BMMC_RANDOM_BPC, c, &rng);
      assert_true(gsat_bmmc_is_bpc(&p, NULL));
      assert_true(c || p.c == 0);
      gsat_bmmc_random(&p, n, GSAT_BMMC_RANDOM_TILED, c, &rng);
      assert_int_equal(gsat_f2_rank(&p.a), n);
      assert_true(gsat_bmmc_tiled_columns(&p.a, 5) != 0 || n == 0);
      gsat_bmmc_random(&p, n, GSAT_BMMC_RANDOM_GENERAL, c, &rng);
      assert_int_equal(gsat_f2_rank(&p.a), n);
      assert_true((p.c & ~gsat_f2_mask(n)) == 0 && (c || p.c == 0));
    }
}

static bool tiled_for(const gsat_f2_mat *a, int p) {
  return gsat_bmmc_tiled_columns(a, p) != 0;
}

static void test_factor(void **state) {
  (void)state;
  uint64_t rng = 24;
  static const int ns[] = {5, 6, 9, 10, 11, 16, 20, 25, 28, 30, 40, 64};
  for (size_t s = 0; s < sizeof ns / sizeof ns[0]; s++) {
    int n = ns[s];
    for (int rep = 0; rep < 20; rep++) {
      gsat_bmmc p, t1, t2, prod;
      if (rep % 3 == 2)
        gsat_f2_random_ulp(&p.a, n, &rng), p.c = rand_below_mask(&rng, n);
      else
        random_bmmc(&p, n, &rng);
      assert_int_equal(gsat_bmmc_factor(&p, &t1, &t2, NULL), GSAT_OK);
      gsat_bmmc_compose(&t1, &t2, &prod);
      assert_true(gsat_f2_equal(&prod.a, &p.a));
      assert_true(prod.c == p.c);
      assert_true(t1.c == 0);
      for (int tp = 1; tp <= n; tp += (tp < 8 ? 1 : 7)) {
        assert_true(tiled_for(&t1.a, tp));
        assert_true(tiled_for(&t2.a, tp));
      }
      /* bmmc.md section 7: C2 = {n-5..n-1}. */
      assert_true(gsat_bmmc_tiled_columns(&t2.a, 5) == (gsat_f2_mask(n) & ~gsat_f2_mask(n - 5)));
    }
  }
}

/* --- parm (bmmc.md section 8) against a direct list implementation --- */

typedef struct nest {
  const uint64_t *masks;
  int k;
} nest;

/* The inner function f on 2^n values: an arbitrary, non-permutation map. */
static void inner_f(const uint32_t *xs, uint32_t *out, int n) {
  size_t len = (size_t)1 << n;
  for (size_t i = 0; i < len; i++) out[i] = xs[(i * 3 + 1) % len] * 7u + (uint32_t)i;
}

/* parm masks[0] (parm masks[1] (... f)) on 2^n values. */
static void parm_list(nest ne, const uint32_t *xs, uint32_t *out, int n) {
  if (ne.k == 0) {
    inner_f(xs, out, n);
    return;
  }
  size_t len = (size_t)1 << n, half = len / 2, nl = 0, nr = 0;
  uint32_t *buf = malloc(4 * len * sizeof *buf);
  uint32_t *ls = buf, *rs = buf + half, *lo = buf + len, *ro = lo + half;
  for (size_t i = 0; i < len; i++) {
    if (gsat_f2_parity(ne.masks[0] & i))
      rs[nr++] = xs[i];
    else
      ls[nl++] = xs[i];
  }
  assert_int_equal(nl, half);
  nest rest = {ne.masks + 1, ne.k - 1};
  parm_list(rest, ls, lo, n - 1);
  parm_list(rest, rs, ro, n - 1);
  nl = nr = 0;
  for (size_t i = 0; i < len; i++) out[i] = gsat_f2_parity(ne.masks[0] & i) ? ro[nr++] : lo[nl++];
  free(buf);
}

/* perm(M): out[M x] = in[x]. */
static void perm_list(const gsat_f2_mat *m, const uint32_t *xs, uint32_t *out) {
  size_t len = (size_t)1 << m->n;
  for (size_t x = 0; x < len; x++) out[gsat_f2_apply(m, x)] = xs[x];
}

static void test_parm(void **state) {
  (void)state;
  uint64_t rng = 25;
  for (int n = 1; n <= 10; n++)
    for (int k = 1; k <= (n < 3 ? n : 3); k++)
      for (int rep = 0; rep < 4; rep++) {
        uint64_t masks[3];
        for (int s = 0; s < k; s++) masks[s] = rand_nonzero_mask(&rng, n - s);
        size_t len = (size_t)1 << n, chunk = len >> k;
        uint32_t *xs = malloc(4 * len * sizeof *xs);
        uint32_t *want = xs + len, *t = want + len, *got = t + len;
        for (size_t i = 0; i < len; i++) xs[i] = (uint32_t)gsat_f2_rng_next(&rng);
        nest ne = {masks, k};
        parm_list(ne, xs, want, n);
        gsat_f2_mat m, minv;
        assert_int_equal(gsat_bmmc_parm_nested(&m, n, masks, k, NULL), GSAT_OK);
        assert_true(gsat_f2_inverse(&m, &minv));
        perm_list(&m, xs, t);
        for (size_t c = 0; c < len; c += chunk) inner_f(t + c, got + c, n - k); /* two^k f */
        perm_list(&minv, got, t);
        assert_memory_equal(t, want, len * sizeof *t);
        free(xs);
      }
}

/* The explicit inverse of A_mask (bmmc.md section 8). */
static void test_parm_inverse(void **state) {
  (void)state;
  uint64_t rng = 26;
  for (int n = 1; n <= 64; n += 3)
    for (int rep = 0; rep < 5; rep++) {
      uint64_t mask = rand_nonzero_mask(&rng, n);
      gsat_f2_mat a, inv, want;
      assert_int_equal(gsat_bmmc_parm(&a, n, mask, NULL), GSAT_OK);
      assert_true(gsat_f2_inverse(&a, &inv));
      int l = __builtin_ctzll(mask);
      gsat_f2_zero(&want, n);
      for (int i = 0; i < n; i++)
        if (i != l) want.row[i] = (uint64_t)1 << (i < l ? i : i - 1);
      uint64_t row = (uint64_t)1 << (n - 1);
      for (int i = l; i < n - 1; i++) row |= (mask >> (i + 1) & 1) << i;
      want.row[l] = row;
      assert_true(gsat_f2_equal(&inv, &want));
    }
  gsat_f2_mat a;
  assert_int_equal(gsat_bmmc_parm(&a, 4, 0, NULL), GSAT_USAGE);
  assert_int_equal(gsat_bmmc_parm(&a, 4, 0x10, NULL), GSAT_USAGE);
  uint64_t masks[2] = {1, 1};
  assert_int_equal(gsat_bmmc_parm_nested(&a, 1, masks, 2, NULL), GSAT_USAGE);
}

/* two(perm A) on 2^(n+1) elements is perm(diag(A, 1)). */
static void test_two_is_diag(void **state) {
  (void)state;
  uint64_t rng = 27;
  int n = 6;
  gsat_f2_mat a, d;
  gsat_f2_random_invertible(&a, n, &rng);
  gsat_f2_diag(&a, 1, &d);
  size_t len = (size_t)1 << n;
  uint32_t xs[128], want[128], got[128];
  for (size_t i = 0; i < 2 * len; i++) xs[i] = (uint32_t)i * 2654435761u;
  perm_list(&a, xs, want);
  perm_list(&a, xs + len, want + len);
  perm_list(&d, xs, got);
  assert_memory_equal(got, want, sizeof want);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_compose_inverse), cmocka_unit_test(test_bpc_constructors),
      cmocka_unit_test(test_tiled_test),      cmocka_unit_test(test_random_classes),
      cmocka_unit_test(test_factor),          cmocka_unit_test(test_parm),
      cmocka_unit_test(test_parm_inverse),    cmocka_unit_test(test_two_is_diag),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
