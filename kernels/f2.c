/* Matrices over F2 as packed rows (see f2.h; bmmc.md sections 1, 7 and 11). */
#include "kernels/f2.h"

#include <string.h>

uint64_t gsat_f2_mask(int n) {
  return n >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << n) - 1);
}

int gsat_f2_parity(uint64_t v) {
  return __builtin_parityll(v);
}

uint64_t gsat_f2_dep(uint64_t v, uint64_t mask) {
  uint64_t out = 0;
  for (int k = 0; mask; k++, mask &= mask - 1)
    if (v >> k & 1) out |= mask & -mask;
  return out;
}

uint64_t gsat_f2_ext(uint64_t x, uint64_t mask) {
  uint64_t out = 0;
  for (int k = 0; mask; k++, mask &= mask - 1)
    if (x & mask & -mask) out |= (uint64_t)1 << k;
  return out;
}

void gsat_f2_zero(gsat_f2_mat *m, int n) {
  memset(m, 0, sizeof *m);
  m->n = n;
}

void gsat_f2_identity(gsat_f2_mat *m, int n) {
  gsat_f2_zero(m, n);
  for (int i = 0; i < n; i++) m->row[i] = (uint64_t)1 << i;
}

int gsat_f2_get(const gsat_f2_mat *a, int i, int j) {
  return (int)(a->row[i] >> j & 1);
}

void gsat_f2_set(gsat_f2_mat *a, int i, int j, int v) {
  if (v)
    a->row[i] |= (uint64_t)1 << j;
  else
    a->row[i] &= ~((uint64_t)1 << j);
}

uint64_t gsat_f2_column(const gsat_f2_mat *a, int j) {
  uint64_t col = 0;
  for (int i = 0; i < a->n; i++) col |= (a->row[i] >> j & 1) << i;
  return col;
}

uint64_t gsat_f2_apply(const gsat_f2_mat *a, uint64_t x) {
  uint64_t y = 0;
  for (int i = 0; i < a->n; i++) y |= (uint64_t)gsat_f2_parity(a->row[i] & x) << i;
  return y;
}

void gsat_f2_mul(const gsat_f2_mat *a, const gsat_f2_mat *b, gsat_f2_mat *out) {
  gsat_f2_mat r;
  gsat_f2_zero(&r, a->n);
  /* Row i of a*b is the XOR of the rows k of b with A[i][k] = 1. */
  for (int i = 0; i < a->n; i++)
    for (uint64_t s = a->row[i]; s; s &= s - 1) r.row[i] ^= b->row[__builtin_ctzll(s)];
  *out = r;
}

void gsat_f2_transpose(const gsat_f2_mat *a, gsat_f2_mat *out) {
  gsat_f2_mat r;
  gsat_f2_zero(&r, a->n);
  for (int j = 0; j < a->n; j++) r.row[j] = gsat_f2_column(a, j);
  *out = r;
}

int gsat_f2_rank(const gsat_f2_mat *a) {
  uint64_t m[GSAT_F2_MAX];
  memcpy(m, a->row, sizeof m);
  int rank = 0;
  for (int col = 0; col < a->n && rank < a->n; col++) {
    uint64_t bit = (uint64_t)1 << col;
    int pivot = -1;
    for (int r = rank; r < a->n; r++)
      if (m[r] & bit) {
        pivot = r;
        break;
      }
    if (pivot < 0) continue;
    uint64_t t = m[pivot];
    m[pivot] = m[rank];
    m[rank] = t;
    for (int r = rank + 1; r < a->n; r++)
      if (m[r] & bit) m[r] ^= t;
    rank++;
  }
  return rank;
}

bool gsat_f2_inverse(const gsat_f2_mat *a, gsat_f2_mat *out) {
  int n = a->n;
  uint64_t m[GSAT_F2_MAX], inv[GSAT_F2_MAX];
  memcpy(m, a->row, sizeof m);
  for (int i = 0; i < GSAT_F2_MAX; i++) inv[i] = i < n ? (uint64_t)1 << i : 0;
  for (int col = 0; col < n; col++) {
    uint64_t bit = (uint64_t)1 << col;
    int pivot = -1;
    for (int r = col; r < n; r++)
      if (m[r] & bit) {
        pivot = r;
        break;
      }
    if (pivot < 0) return false;
    uint64_t t = m[pivot], ti = inv[pivot];
    m[pivot] = m[col], inv[pivot] = inv[col];
    m[col] = t, inv[col] = ti;
    for (int r = 0; r < n; r++)
      if (r != col && (m[r] & bit)) m[r] ^= t, inv[r] ^= ti;
  }
  out->n = n;
  memcpy(out->row, inv, sizeof inv);
  return true;
}

bool gsat_f2_equal(const gsat_f2_mat *a, const gsat_f2_mat *b) {
  return a->n == b->n && memcmp(a->row, b->row, sizeof a->row) == 0;
}

bool gsat_f2_from_perm(gsat_f2_mat *m, int n, const uint8_t *sigma) {
  uint64_t seen = 0;
  gsat_f2_zero(m, n);
  for (int j = 0; j < n; j++) {
    if (sigma[j] >= n || (seen >> sigma[j] & 1)) return false;
    seen |= (uint64_t)1 << sigma[j];
    m->row[sigma[j]] = (uint64_t)1 << j;
  }
  return true;
}

bool gsat_f2_to_perm(const gsat_f2_mat *a, uint8_t *sigma) {
  uint64_t cols = 0;
  for (int i = 0; i < a->n; i++) {
    uint64_t r = a->row[i];
    if (r == 0 || (r & (r - 1)) || (cols & r)) return false;
    cols |= r;
    sigma[__builtin_ctzll(r)] = (uint8_t)i;
  }
  return true;
}

void gsat_f2_diag(const gsat_f2_mat *a, int m, gsat_f2_mat *out) {
  gsat_f2_mat r = *a;
  r.n = a->n + m;
  for (int i = a->n; i < r.n; i++) r.row[i] = (uint64_t)1 << i;
  *out = r;
}

static void swap_columns(uint64_t *rows, int n, int j, int k) {
  if (j == k) return;
  for (int r = 0; r < n; r++) {
    uint64_t d = ((rows[r] >> j) ^ (rows[r] >> k)) & 1;
    rows[r] ^= (d << j) | (d << k);
  }
}

bool gsat_f2_ulp(const gsat_f2_mat *a, gsat_f2_mat *u, gsat_f2_mat *l, uint8_t *sigma) {
  int n = a->n;
  gsat_f2_mat m = *a;
  uint8_t src[GSAT_F2_MAX];
  gsat_f2_identity(u, n);
  for (int k = 0; k < n; k++) src[k] = (uint8_t)k;
  for (int k = n - 1; k >= 0; k--) {
    /* Rows below k already cleared columns above k in row k, so the pivot is
     * the highest set bit of row k at or below k. */
    uint64_t low = m.row[k] & gsat_f2_mask(k + 1);
    if (!low) return false;
    int j = 63 - __builtin_clzll(low);
    swap_columns(m.row, n, j, k);
    uint8_t t = src[j];
    src[j] = src[k], src[k] = t;
    for (int r = 0; r < k; r++)
      if (m.row[r] >> k & 1) {
        m.row[r] ^= m.row[k];
        u->row[r] |= (uint64_t)1 << k; /* the multiplier goes into U */
      }
  }
  *l = m;
  for (int k = 0; k < n; k++) sigma[src[k]] = (uint8_t)k;
  return true;
}

uint64_t gsat_f2_rng_next(uint64_t *state) {
  uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

uint64_t gsat_f2_rng_below(uint64_t *state, uint64_t bound) {
  /* Rejection sampling keeps the draw exactly uniform. */
  uint64_t limit = ~(uint64_t)0 - (~(uint64_t)0 % bound);
  uint64_t v;
  do v = gsat_f2_rng_next(state);
  while (v >= limit);
  return v % bound;
}

void gsat_f2_random_perm(uint8_t *sigma, int n, uint64_t *state) {
  for (int i = 0; i < n; i++) sigma[i] = (uint8_t)i;
  for (int i = n - 1; i > 0; i--) {
    int j = (int)gsat_f2_rng_below(state, (uint64_t)i + 1);
    uint8_t t = sigma[i];
    sigma[i] = sigma[j], sigma[j] = t;
  }
}

void gsat_f2_random_invertible(gsat_f2_mat *m, int n, uint64_t *state) {
  do {
    gsat_f2_zero(m, n);
    for (int i = 0; i < n; i++) m->row[i] = gsat_f2_rng_next(state) & gsat_f2_mask(n);
  } while (gsat_f2_rank(m) != n);
}

void gsat_f2_random_ulp(gsat_f2_mat *m, int n, uint64_t *state) {
  gsat_f2_mat u, l, p;
  uint8_t sigma[GSAT_F2_MAX];
  gsat_f2_identity(&u, n);
  gsat_f2_identity(&l, n);
  for (int i = 0; i < n; i++) {
    uint64_t r = gsat_f2_rng_next(state);
    u.row[i] |= r & gsat_f2_mask(n) & ~gsat_f2_mask(i + 1);
    l.row[i] |= r & gsat_f2_mask(i);
  }
  gsat_f2_random_perm(sigma, n, state);
  gsat_f2_from_perm(&p, n, sigma);
  gsat_f2_mul(&u, &l, m);
  gsat_f2_mul(m, &p, m);
}

void gsat_f2_random_tiled(gsat_f2_mat *m, int n, int p, uint64_t *state) {
  gsat_f2_mat x, z, perm;
  uint8_t sigma[GSAT_F2_MAX];
  if (n > GSAT_F2_MAX) n = GSAT_F2_MAX;
  if (p > n) p = n;
  gsat_f2_random_invertible(&x, p, state);
  gsat_f2_random_invertible(&z, n - p, state);
  gsat_f2_zero(m, n);
  for (int i = 0; i < p; i++)
    m->row[i] = (x.row[i] | (p < 64 ? gsat_f2_rng_next(state) << p : 0)) & gsat_f2_mask(n);
  for (int i = p; i < n; i++) m->row[i] = z.row[i - p] << p;
  gsat_f2_random_perm(sigma, n, state);
  gsat_f2_from_perm(&perm, n, sigma);
  gsat_f2_mul(m, &perm, m);
}
