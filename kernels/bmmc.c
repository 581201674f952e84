/* BMMC algebra: composition, inverse, BPC constructors, the tiled test, the
 * two-tiled-pass factorization and the parm matrices (bmmc.md sections 1, 6, 7
 * and 8). */
#include "kernels/bmmc.h"

void gsat_bmmc_identity(gsat_bmmc *p, int n) {
  gsat_f2_identity(&p->a, n);
  p->c = 0;
}

uint64_t gsat_bmmc_apply(const gsat_bmmc *p, uint64_t x) {
  return gsat_f2_apply(&p->a, x) ^ p->c;
}

void gsat_bmmc_compose(const gsat_bmmc *first, const gsat_bmmc *second, gsat_bmmc *out) {
  uint64_t c = gsat_f2_apply(&second->a, first->c) ^ second->c;
  gsat_f2_mul(&second->a, &first->a, &out->a);
  out->c = c;
}

gsat_status gsat_bmmc_inverse(const gsat_bmmc *p, gsat_bmmc *out, gsat_error *err) {
  gsat_f2_mat inv;
  GSAT_RETURN_IF(!gsat_f2_inverse(&p->a, &inv), err, USAGE, "BMMC matrix (n = %d) is singular",
                 p->a.n);
  out->c = gsat_f2_apply(&inv, p->c);
  out->a = inv;
  return GSAT_OK;
}

gsat_status gsat_bmmc_from_perm(gsat_bmmc *p, int n, const uint8_t *sigma, uint64_t c,
                                gsat_error *err) {
  GSAT_RETURN_IF(n < 0 || n > GSAT_F2_MAX, err, USAGE, "BPC size %d outside 0..64", n);
  GSAT_RETURN_IF(c & ~gsat_f2_mask(n), err, USAGE, "BPC complement has bits at or above n = %d", n);
  GSAT_RETURN_IF(!gsat_f2_from_perm(&p->a, n, sigma), err, USAGE,
                 "sigma is not a permutation of 0..%d", n - 1);
  p->c = c;
  return GSAT_OK;
}

void gsat_bmmc_bit_reverse(gsat_bmmc *p, int n) {
  uint8_t sigma[GSAT_F2_MAX];
  for (int j = 0; j < n; j++) sigma[j] = (uint8_t)(n - 1 - j);
  gsat_f2_from_perm(&p->a, n, sigma);
  p->c = 0;
}

void gsat_bmmc_rotate(gsat_bmmc *p, int n, int r) {
  uint8_t sigma[GSAT_F2_MAX];
  int s = n ? ((r % n) + n) % n : 0;
  for (int j = 0; j < n; j++) sigma[j] = (uint8_t)((j + s) % n);
  gsat_f2_from_perm(&p->a, n, sigma);
  p->c = 0;
}

void gsat_bmmc_transpose(gsat_bmmc *p, int a, int b) {
  gsat_bmmc_rotate(p, a + b, a);
}

void gsat_bmmc_random_bpc(gsat_bmmc *p, int n, bool with_c, uint64_t *state) {
  uint8_t sigma[GSAT_F2_MAX];
  gsat_f2_random_perm(sigma, n, state);
  gsat_f2_from_perm(&p->a, n, sigma);
  p->c = with_c ? gsat_f2_rng_next(state) & gsat_f2_mask(n) : 0;
}

void gsat_bmmc_random(gsat_bmmc *p, int n, int cls, bool with_c, uint64_t *state) {
  if (cls == GSAT_BMMC_RANDOM_BPC) {
    gsat_bmmc_random_bpc(p, n, with_c, state);
    return;
  }
  if (cls == GSAT_BMMC_RANDOM_TILED && n >= GSAT_BMMC_TILE_BITS)
    gsat_f2_random_tiled(&p->a, n, GSAT_BMMC_TILE_BITS, state);
  else
    gsat_f2_random_invertible(&p->a, n, state);
  p->c = with_c ? gsat_f2_rng_next(state) & gsat_f2_mask(n) : 0;
}

bool gsat_bmmc_is_bpc(const gsat_bmmc *p, uint8_t *sigma) {
  uint8_t s[GSAT_F2_MAX];
  return gsat_f2_to_perm(&p->a, sigma ? sigma : s);
}

uint64_t gsat_bmmc_tiled_columns(const gsat_f2_mat *a, int p) {
  if (a->n <= p) return gsat_f2_mask(a->n);
  /* Columns whose entries in rows >= p are all zero. */
  uint64_t high = 0;
  for (int i = p; i < a->n; i++) high |= a->row[i];
  uint64_t cols = gsat_f2_mask(a->n) & ~high;
  return __builtin_popcountll(cols) == p ? cols : 0;
}

gsat_status gsat_bmmc_factor(const gsat_bmmc *p, gsat_bmmc *first, gsat_bmmc *second,
                             gsat_error *err) {
  int n = p->a.n;
  gsat_f2_mat u, l, perm;
  uint8_t sigma[GSAT_F2_MAX];
  GSAT_RETURN_IF(!gsat_f2_ulp(&p->a, &u, &l, sigma), err, USAGE, "BMMC matrix (n = %d) is singular",
                 n);
  gsat_f2_from_perm(&perm, n, sigma);
  gsat_bmmc rev, t1, t2;
  gsat_bmmc_bit_reverse(&rev, n);
  gsat_f2_mul(&rev.a, &l, &t1.a); /* T1 = R L P */
  gsat_f2_mul(&t1.a, &perm, &t1.a);
  t1.c = 0;
  gsat_f2_mul(&u, &rev.a, &t2.a); /* T2 = U R */
  t2.c = p->c;
  *first = t1;
  *second = t2;
  return GSAT_OK;
}

gsat_status gsat_bmmc_parm(gsat_f2_mat *a, int n, uint64_t mask, gsat_error *err) {
  GSAT_RETURN_IF(n < 1 || n > GSAT_F2_MAX, err, USAGE, "parm size %d outside 1..64", n);
  GSAT_RETURN_IF(mask == 0 || (mask & ~gsat_f2_mask(n)), err, USAGE,
                 "parm mask %#llx invalid for n = %d", (unsigned long long)mask, n);
  int l = __builtin_ctzll(mask);
  gsat_f2_zero(a, n);
  for (int i = 0; i < n - 1; i++) a->row[i] = (uint64_t)1 << (i < l ? i : i + 1);
  a->row[n - 1] = mask;
  return GSAT_OK;
}

gsat_status gsat_bmmc_parm_nested(gsat_f2_mat *m, int n, const uint64_t *masks, int k,
                                  gsat_error *err) {
  GSAT_RETURN_IF(k < 0 || k > n, err, USAGE, "%d nested parm masks for n = %d", k, n);
  gsat_f2_identity(m, n);
  for (int s = 0; s < k; s++) {
    gsat_f2_mat stage;
    GSAT_FORWARD(gsat_bmmc_parm(&stage, n - s, masks[s], err));
    gsat_f2_diag(&stage, s, &stage);
    gsat_f2_mul(&stage, m, m);
  }
  return GSAT_OK;
}
