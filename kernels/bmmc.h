/* BMMC and BPC index permutations on arrays of 2^n elements (host algebra).
 *
 * Source: Bouverot-Dupuis and Sheeran, "Efficient GPU Implementation of Affine
 * Index Permutations on Arrays", FHPNC 2023 (arXiv 2306.07795), restated in
 * ../shared/design/bmmc.md.  A BMMC is a pair (A, c) with A an invertible n x n
 * matrix over F2 and c in F2^n; it permutes an array by the scatter
 *     out[A x XOR c] = in[x]          (bmmc.md section 1)
 * A BPC is a BMMC whose A is a permutation matrix: bit j of the index moves to
 * bit sigma(j).  Composition (first, then second) is (A2 A1, A2 c1 XOR c2) and
 * the inverse is (A^-1, A^-1 c).
 *
 * The GPU kernels and their plans are declared in kernels/bmmc_plan.h. */
#ifndef GSAT_GPU_BMMC_H
#define GSAT_GPU_BMMC_H

#include <stdbool.h>
#include <stdint.h>

#include "kernels/f2.h"
#include "base/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The tile width of the kernels: 2^5 = 32 elements = one warp (bmmc.md 3). */
#define GSAT_BMMC_TILE_BITS 5

/* out[A x XOR c] = in[x]; the size n is a.n, and c has n significant bits. */
typedef struct gsat_bmmc {
  gsat_f2_mat a;
  uint64_t c;
} gsat_bmmc;

/* The identity permutation of 2^n elements. */
void gsat_bmmc_identity(gsat_bmmc *p, int n);

/* The image A x XOR c of index x. */
uint64_t gsat_bmmc_apply(const gsat_bmmc *p, uint64_t x);

/* out = apply first, then second: (A2 A1, A2 c1 XOR c2).  Sizes must agree; out
 * may alias either argument. */
void gsat_bmmc_compose(const gsat_bmmc *first, const gsat_bmmc *second, gsat_bmmc *out);

/* out = (A^-1, A^-1 c), the permutation that undoes p.  Errors: USAGE when A is
 * singular (then p is not a permutation). */
gsat_status gsat_bmmc_inverse(const gsat_bmmc *p, gsat_bmmc *out, gsat_error *err);

/* BPC from a permutation of bit positions: bit j of x goes to bit sigma[j] of
 * the output index, then XOR c.  Errors: USAGE when sigma is not a permutation
 * of 0..n-1 or c has bits at or above n. */
gsat_status gsat_bmmc_from_perm(gsat_bmmc *p, int n, const uint8_t *sigma, uint64_t c,
                                gsat_error *err);

/* Bit reversal: sigma(j) = n - 1 - j, c = 0. */
void gsat_bmmc_bit_reverse(gsat_bmmc *p, int n);

/* Rotation of the index bits by r to the left: sigma(j) = (j + r) mod n. */
void gsat_bmmc_rotate(gsat_bmmc *p, int n, int r);

/* Transpose of a row-major 2^a x 2^b matrix (2^a rows of 2^b elements): element
 * (row, col) at index row * 2^b + col moves to col * 2^a + row.  This is the
 * rotation by a of n = a + b bits. */
void gsat_bmmc_transpose(gsat_bmmc *p, int a, int b);

/* A uniform random BPC (Fisher-Yates over bit positions) with a uniform random
 * c when with_c, else c = 0 (bmmc.md section 11). */
void gsat_bmmc_random_bpc(gsat_bmmc *p, int n, bool with_c, uint64_t *state);

/* Classes of random BMMCs for tests and benchmarks (bmmc.md section 11). */
typedef enum gsat_bmmc_class {
  GSAT_BMMC_RANDOM_BPC = 0,    /* uniform bit permutation */
  GSAT_BMMC_RANDOM_TILED = 1,  /* 5-tiled (gsat_f2_random_tiled); any A if n < 5 */
  GSAT_BMMC_RANDOM_GENERAL = 2 /* uniform over GL(n, 2) */
} gsat_bmmc_class;

/* A random BMMC of the class from the seed state, with a uniform random c when
 * with_c, else c = 0. */
void gsat_bmmc_random(gsat_bmmc *p, int n, int cls, bool with_c, uint64_t *state);

/* True when A is a permutation matrix; then sigma (may be NULL) receives it. */
bool gsat_bmmc_is_bpc(const gsat_bmmc *p, uint8_t *sigma);

/* The tiled test (bmmc.md section 6): A is p-tiled when some set C of p columns
 * has zeros in all rows >= p.  Returns the mask of C (p bits set) when A is
 * p-tiled, else 0.  When n <= p every column qualifies and all n columns are
 * returned.  Invertibility of A is assumed. */
uint64_t gsat_bmmc_tiled_columns(const gsat_f2_mat *a, int p);

/* Factors an invertible A into two p-tiled BMMCs for every p <= n (bmmc.md
 * section 7): with A = U L P (gsat_f2_ulp) and R the bit reversal,
 *     T1 = R L P,  T2 = U R,  A = T2 T1,
 * first = (T1, 0) and second = (T2, c), so applying first then second is p.
 * Errors: USAGE when A is singular. */
gsat_status gsat_bmmc_factor(const gsat_bmmc *p, gsat_bmmc *first, gsat_bmmc *second,
                             gsat_error *err);

/* The parm matrix A_mask (bmmc.md section 8): with l = lowest set bit of mask,
 * A_mask x deletes bit l of x, shifts the higher bits down and writes
 * parity(mask & x) into bit n-1.  Then parm mask f = perm(A^-1) o two f o
 * perm(A).  Errors: USAGE when mask is 0 or has bits at or above n. */
gsat_status gsat_bmmc_parm(gsat_f2_mat *a, int n, uint64_t mask, gsat_error *err);

/* The nested form for k masks (bmmc.md section 8): masks[0] has n bits,
 * masks[1] n-1 bits, ..., and
 *     parm masks[0] (parm masks[1] (... f)) = perm(M^-1) o two^k f o perm(M),
 *     M = diag(A_{masks[k-1]}, I_{k-1}) ... diag(A_{masks[1]}, I_1)
 * A_{masks[0]} where two^k f applies f to each of the 2^k contiguous chunks.
 * Errors: USAGE when k > n or a mask is invalid for its size. */
gsat_status gsat_bmmc_parm_nested(gsat_f2_mat *m, int n, const uint64_t *masks, int k,
                                  gsat_error *err);

#ifdef __cplusplus
}
#endif

#endif
