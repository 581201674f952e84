/* Matrices over F2 (the field {0, 1} with XOR as addition) of size n x n, n <=
 * 64, stored as packed rows: bit j of row[i] is the entry A[i][j].  A vector x
 * in F2^n is the integer whose bit k is coordinate k, so (A x)_i =
 * parity(row[i] & x). This is the host algebra behind the BMMC permutations
 * (bmmc.md section 1): product, inverse, rank, transpose, permutation matrices,
 * the ULP factorization (bmmc.md section 7) and random matrices drawn from
 * fixed seeds (section 11). Pure C11, no CUDA. */
#ifndef GSAT_GPU_F2_H
#define GSAT_GPU_F2_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define GSAT_F2_MAX 64

/* An n x n matrix; rows i >= n and bits j >= n are zero (every function keeps
 * that invariant). */
typedef struct gsat_f2_mat {
  int n;
  uint64_t row[GSAT_F2_MAX];
} gsat_f2_mat;

/* The n low bits set (n in 0..64). */
uint64_t gsat_f2_mask(int n);

/* Parity of the set bits of v (0 or 1). */
int gsat_f2_parity(uint64_t v);

/* PDEP / PEXT in ascending bit order (bmmc.md section 1): dep puts the low
 * popcount(mask) bits of v into the set positions of mask; ext packs the bits
 * of x at the set positions of mask into the low bits. */
uint64_t gsat_f2_dep(uint64_t v, uint64_t mask);
uint64_t gsat_f2_ext(uint64_t x, uint64_t mask);

/* The n x n zero and identity matrices, n in 0..64. */
void gsat_f2_zero(gsat_f2_mat *m, int n);
void gsat_f2_identity(gsat_f2_mat *m, int n);

/* Entry A[i][j] (0 or 1) and its assignment. */
int gsat_f2_get(const gsat_f2_mat *a, int i, int j);
void gsat_f2_set(gsat_f2_mat *a, int i, int j, int v);

/* Column j of a as an n-bit mask (bit i = A[i][j]). */
uint64_t gsat_f2_column(const gsat_f2_mat *a, int j);

/* The matrix-vector product A x over F2 (x has n significant bits). */
uint64_t gsat_f2_apply(const gsat_f2_mat *a, uint64_t x);

/* out = a * b (same n); out may alias a or b. */
void gsat_f2_mul(const gsat_f2_mat *a, const gsat_f2_mat *b, gsat_f2_mat *out);

/* out = transpose of a; out may alias a. */
void gsat_f2_transpose(const gsat_f2_mat *a, gsat_f2_mat *out);

/* Rank over F2 (Gaussian elimination on packed rows). */
int gsat_f2_rank(const gsat_f2_mat *a);

/* out = a^-1 by Gauss-Jordan elimination; returns false (out unspecified) when
 * a is singular.  out may alias a. */
bool gsat_f2_inverse(const gsat_f2_mat *a, gsat_f2_mat *out);

/* True when a and b have the same size and entries. */
bool gsat_f2_equal(const gsat_f2_mat *a, const gsat_f2_mat *b);

/* The permutation matrix of sigma (a permutation of 0..n-1): bit j of x goes to
 * bit sigma[j] of y, i.e. row[sigma[j]] = 1 << j (bmmc.md section 1).  Then
 * from_perm(s2 o s1) = from_perm(s2) * from_perm(s1).  Returns false when sigma
 * is not a permutation. */
bool gsat_f2_from_perm(gsat_f2_mat *m, int n, const uint8_t *sigma);

/* When a is a permutation matrix, stores its sigma (as above) and returns true.
 */
bool gsat_f2_to_perm(const gsat_f2_mat *a, uint8_t *sigma);

/* diag(a, I_m): a on the low n bits, identity on m more high bits (n + m <=
 * 64). Running BMMC a on each of 2^m contiguous segments is BMMC diag(a, I_m)
 * (bmmc.md section 8). */
void gsat_f2_diag(const gsat_f2_mat *a, int m, gsat_f2_mat *out);

/* The ULP factorization a = U * L * P of an invertible a: U unit upper
 * triangular, L unit lower triangular, P the permutation matrix of sigma.
 * Bottom-up elimination with column pivoting on packed rows, O(n^2) word
 * operations (bmmc.md section 7).  Returns false when a is singular. */
bool gsat_f2_ulp(const gsat_f2_mat *a, gsat_f2_mat *u, gsat_f2_mat *l, uint8_t *sigma);

/* A small deterministic generator (splitmix64); *state is the seed. */
uint64_t gsat_f2_rng_next(uint64_t *state);

/* Uniform integer in [0, bound), bound >= 1. */
uint64_t gsat_f2_rng_below(uint64_t *state, uint64_t bound);

/* A uniform random permutation of 0..n-1 (Fisher-Yates). */
void gsat_f2_random_perm(uint8_t *sigma, int n, uint64_t *state);

/* A matrix drawn uniformly from GL(n, 2): n random rows, kept when the rank is
 * n (about 29% of draws succeed; bmmc.md section 11). */
void gsat_f2_random_invertible(gsat_f2_mat *m, int n, uint64_t *state);

/* The paper repository's generator: U * L * P with random unit triangular U and
 * L and a random permutation P.  Reaches all of GL(n, 2), but not uniformly. */
void gsat_f2_random_ulp(gsat_f2_mat *m, int n, uint64_t *state);

/* A random invertible matrix that is p-tiled (bmmc.md sections 6 and 11):
 * [[X, Y], [0, Z]] with X (p x p) and Z invertible and Y random, then a random
 * permutation of the columns.  Requires p <= n. */
void gsat_f2_random_tiled(gsat_f2_mat *m, int n, int p, uint64_t *state);

#ifdef __cplusplus
}
#endif

#endif
