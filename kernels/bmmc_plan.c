/* Plan building for the BMMC kernels (bmmc.md section 10, "online" design).
 *
 * Tiled pass for a tiled (A, c) (bmmc.md sections 3 to 6, with our names):
 *   L  = {0..4}; C = the 5 columns of A with zeros below row 4; Cl = C & L,
 *   Ch = C \ L (q bits), W = L \ C (q bits); B = the other positions.
 *   A block moves 2^(5+h+m) elements: the tile positions L | C plus e = h+m-q
 *   extra positions E taken from B; the block index selects a vector of a
 *   complement of the tile positions (block_basis: the free positions, or a
 *   mix of them and preimages of low output bits).
 *   Read phase: lanes run over L, the 2^(h+m) rows (warp rows x iterations)
 *   over Rin = Ch | E.  Write phase: lanes run over C, rows over Rout = W | E.
 *   Shared slot of element x: phi(x) = (ext(x, Rin) << 5) | (ext(x, L) ^ skew),
 *   skew = dep(ext(x, Ch), W) (XOR form of section 4's swizzle).  phi is linear
 *   and one-to-one on the tile; in the read phase a warp's slots differ in the
 *   low 5 bits by j ^ const, in the write phase by a bijection of j, so every
 *   warp access hits 32 distinct banks.
 * Every table entry is the image of one basis vector (or a XOR of them). */
#include "kernels/bmmc_plan.h"

#include <stdio.h>
#include <string.h>

#define LOW5 ((uint64_t)GSAT_BMMC_LANES - 1)

void gsat_bmmc_options_init(gsat_bmmc_options *opt) {
  memset(opt, 0, sizeof *opt);
  opt->kernel = GSAT_BMMC_AUTO;
  opt->warps_log = -1;
  opt->iters_log = -1;
  opt->locality = GSAT_BMMC_LOCALITY_BALANCED;
  opt->swizzle = true;
}

static int popc(uint64_t v) {
  return __builtin_popcountll(v);
}

static uint64_t bit(int k) {
  return (uint64_t)1 << k;
}

/* Index of the highest set bit of the column, -1 for 0. */
static int height(uint64_t col) {
  return col ? 63 - __builtin_clzll(col) : -1;
}

/* The XOR of e_{order[k]} over the set bits k of r. */
static uint64_t dep_order(uint64_t r, const int *order) {
  uint64_t x = 0;
  for (int k = 0; r; k++, r >>= 1)
    if (r & 1) x |= bit(order[k]);
  return x;
}

/* XOR tables of the linear map bit k of u -> img[k], k < bits. */
static void fill_xtab(gsat_bmmc_xtab *t, const uint64_t *img, int bits) {
  memset(t, 0, sizeof *t);
  for (int k = 0; k < GSAT_BMMC_XTAB_CHUNKS; k++)
    for (int v = 0; v < 16; v++)
      for (int i = 0; i < 4; i++)
        if ((v >> i & 1) && 4 * k + i < bits) t->v[k][v] ^= img[4 * k + i];
}

/* The extra positions E (e of them, from B); see gsat_bmmc_locality. */
static uint64_t choose_extra(const gsat_f2_mat *a, uint64_t tile, uint64_t b, int e, int locality) {
  uint64_t extra = 0;
  gsat_f2_mat inv;
  bool out_live = locality == GSAT_BMMC_LOCALITY_BALANCED && gsat_f2_inverse(a, &inv);
  int o = GSAT_BMMC_LANE_BITS; /* next output bit to make contiguous */
  bool input_turn = true;
  while (popc(extra) < e) {
    if (!input_turn && out_live) {
      /* Output bits 0..o are contiguous in a block when the preimage of their
       * span, spanned by columns 0..o of A^-1, lies in the tile positions. */
      uint64_t need = 0;
      for (; o < a->n; o++)
        if ((need = gsat_f2_column(&inv, o) & ~(tile | extra))) break;
      if (o < a->n && popc(need) <= e - popc(extra)) {
        extra |= need;
        o++;
      } else {
        out_live = false;
      }
    } else {
      uint64_t free = b & ~extra;
      extra |= free & -free;
    }
    input_turn = !input_turn;
  }
  return extra;
}

/* Reduces v against an echelon basis (basis[p] has highest bit p, or 0). */
static uint64_t reduce(const uint64_t *basis, uint64_t v) {
  for (int p = 63; p >= 0; p--)
    if ((v >> p & 1) && basis[p]) v ^= basis[p];
  return v;
}

static bool add_independent(uint64_t *basis, uint64_t v) {
  uint64_t r = reduce(basis, v);
  if (!r) return false;
  basis[height(r)] = r;
  return true;
}

/* The vectors b_k that bit k of the block index selects (any basis of a
 * complement of the tile positions works: block g moves the elements
 * tile ^ XOR of b_k over the set bits k of g).  Blocks with neighbouring
 * indices run at about the same time, so the balanced choice alternates the
 * lowest input bit e_i and the preimage A^-1 e_o of the lowest output bit:
 * consecutive blocks then read and write neighbouring segments.  The low
 * choice takes the free positions in ascending order (the paper's). */
static void block_basis(const gsat_f2_mat *a, uint64_t tile, int count, int locality,
                        uint64_t *out) {
  int n = a->n, k = 0;
  if (locality != GSAT_BMMC_LOCALITY_BALANCED) {
    for (uint64_t s = gsat_f2_mask(n) & ~tile; s; s &= s - 1) out[k++] = s & -s;
    return;
  }
  gsat_f2_mat inv;
  gsat_f2_inverse(a, &inv);
  uint64_t basis[64] = {0};
  for (uint64_t s = tile; s; s &= s - 1) add_independent(basis, s & -s);
  int i = 0, o = 0;
  for (bool input = true; k < count; input = !input) {
    if (input) {
      for (; i < n; i++)
        if (add_independent(basis, bit(i))) {
          out[k++] = bit(i++);
          break;
        }
    } else {
      for (; o < n; o++)
        if (add_independent(basis, gsat_f2_column(&inv, o))) {
          out[k++] = gsat_f2_column(&inv, o++);
          break;
        }
    }
  }
}

/* phi of the header comment, for a vector x of tile positions. */
static uint32_t phi(uint64_t x, uint64_t ch, uint64_t w, uint64_t rin, bool swizzle) {
  uint64_t low = (x & LOW5) ^ (swizzle ? gsat_f2_dep(gsat_f2_ext(x, ch), w) : 0);
  return (uint32_t)(gsat_f2_ext(x, rin) << GSAT_BMMC_LANE_BITS | low);
}

static gsat_status build_tiled(gsat_bmmc_pass *p, gsat_bmmc_pass_info *info, const gsat_bmmc *perm,
                               uint32_t es, const gsat_bmmc_options *opt, gsat_error *err) {
  const gsat_f2_mat *a = &perm->a;
  int n = a->n;
  GSAT_RETURN_IF(n < GSAT_BMMC_LANE_BITS, err, USAGE, "tiled BMMC kernel needs n >= 5 (n = %d)", n);
  uint64_t cols = gsat_bmmc_tiled_columns(a, GSAT_BMMC_LANE_BITS);
  GSAT_RETURN_IF(!cols, err, USAGE, "BMMC matrix (n = %d) is not tiled", n);
  uint64_t ch = cols & ~LOW5, w = LOW5 & ~cols;
  int q = popc(ch);

  /* Geometry: h + m row bits per block, at least q, at most n - 5.  Default
   * 16 warps (h = 4) of 8 elements each (m = 3), the best of the geometry sweep
   * at n = 28 for 4- and 8-byte elements (bench/RESULTS.md, BMMC/BPC
   * permutations against copy). */
  int h = opt->warps_log >= 0 ? opt->warps_log : 4;
  int m = opt->iters_log >= 0 ? opt->iters_log : 3;
  /* 16 eight-byte elements per thread do not fit in 32 registers. */
  int mmax = es == 8 && !opt->async_copy ? GSAT_BMMC_MAX_ITERS_LOG - 1 : GSAT_BMMC_MAX_ITERS_LOG;
  GSAT_RETURN_IF(h > GSAT_BMMC_MAX_WARPS_LOG || m > mmax, err, USAGE,
                 "tiled geometry h = %d, m = %d out of range (m <= %d)", h, m, mmax);
  int total = h + m < n - GSAT_BMMC_LANE_BITS ? h + m : n - GSAT_BMMC_LANE_BITS;
  if (total < q) total = q;
  h = h < total ? h : total;
  m = total - h;
  if (m > mmax) m = mmax, h = total - m;
  int grid_log = n - GSAT_BMMC_LANE_BITS - total;
  GSAT_RETURN_IF(grid_log > 30, err, USAGE, "n = %d needs 2^%d blocks of 2^%d elements", n,
                 grid_log, GSAT_BMMC_LANE_BITS + total);

  uint64_t b = gsat_f2_mask(n) & ~(LOW5 | ch);
  int e = total - q;
  uint64_t extra = choose_extra(a, LOW5 | ch, b, e, opt->locality);
  uint64_t rin = ch | extra, rout = w | extra;

  /* Row bit k of the read (write) phase is position in_order[k]
   * (out_order[k]): Rin ascending, Rout by the height of A's column, so that
   * consecutive iterations touch neighbouring segments. */
  int in_order[64], out_order[64], k = 0;
  for (uint64_t s = rin; s; s &= s - 1) in_order[k++] = __builtin_ctzll(s);
  k = 0;
  for (uint64_t s = rout; s; s &= s - 1) out_order[k++] = __builtin_ctzll(s);
  for (int i = 1; i < k; i++) /* insertion sort by height, then position */
    for (int j = i; j > 0; j--) {
      int hj = height(gsat_f2_column(a, out_order[j]));
      int hp = height(gsat_f2_column(a, out_order[j - 1]));
      if (hp < hj || (hp == hj && out_order[j - 1] < out_order[j])) break;
      int t = out_order[j];
      out_order[j] = out_order[j - 1], out_order[j - 1] = t;
    }

  memset(p, 0, sizeof *p);
  p->kind = GSAT_BMMC_PASS_TILED;
  p->n = (uint32_t)n;
  p->warps_log = (uint32_t)h;
  p->iters_log = (uint32_t)m;
  p->grid_log = (uint32_t)grid_log;
  p->chunks = (uint32_t)(grid_log + 3) / 4;
  p->c = perm->c;
  bool sw = opt->swizzle;
  /* Write-phase lane bit b goes to the column position whose swizzled bank
   * is b (Cl positions keep theirs, the k-th of Ch takes the k-th of W), so
   * that lane j hits bank j ^ const in both phases: 8-byte elements then pair
   * lanes j and j ^ 16 on a bank, each half-warp conflict-free. */
  for (uint64_t s = cols; s; s &= s - 1) {
    uint64_t x = s & -s;
    int col = x & LOW5 ? height(x) : height(gsat_f2_dep(gsat_f2_ext(x, ch), w));
    uint64_t y = gsat_f2_apply(a, x);
    p->lane_pack[col] = phi(x, ch, w, rin, sw) << GSAT_BMMC_LANE_BITS | (uint32_t)y;
  }
  for (int r = 0; r < (1 << h); r++) {
    uint64_t vin = dep_order((uint64_t)r << m, in_order);
    uint64_t vout = dep_order((uint64_t)r << m, out_order);
    p->row_in[r] = vin;
    p->row_sin[r] = phi(vin, ch, w, rin, sw);
    p->row_out[r] = gsat_f2_apply(a, vout);
    p->row_sout[r] = phi(vout, ch, w, rin, sw);
  }
  for (int t = 0; t < (1 << m); t++) {
    uint64_t vin = dep_order((uint64_t)t, in_order);
    uint64_t vout = dep_order((uint64_t)t, out_order);
    p->it_in[t] = vin;
    p->it_sin[t] = phi(vin, ch, w, rin, sw);
    p->it_out[t] = gsat_f2_apply(a, vout);
    p->it_sout[t] = phi(vout, ch, w, rin, sw);
  }
  uint64_t img_in[64], img_out[64];
  block_basis(a, LOW5 | rin, grid_log, opt->locality, img_in);
  for (int i = 0; i < grid_log; i++) img_out[i] = gsat_f2_apply(a, img_in[i]);
  fill_xtab(&p->blk_in, img_in, grid_log);
  fill_xtab(&p->blk_out, img_out, grid_log);
  info->cols = cols;
  info->extra = extra;
  info->q = q;
  info->e = e;
  return GSAT_OK;
}

static gsat_status build_naive(gsat_bmmc_pass *p, const gsat_bmmc *perm, bool gather,
                               gsat_error *err) {
  int n = perm->a.n;
  gsat_bmmc f = *perm;
  if (gather) GSAT_FORWARD(gsat_bmmc_inverse(perm, &f, err));
  int block_log = n < 8 ? n : 8;
  if (n - block_log > 30) block_log = n - 30; /* gridDim.x < 2^31 */
  memset(p, 0, sizeof *p);
  p->kind = gather ? GSAT_BMMC_PASS_NAIVE_GATHER : GSAT_BMMC_PASS_NAIVE;
  p->n = (uint32_t)n;
  p->warps_log = (uint32_t)block_log;
  p->grid_log = (uint32_t)(n - block_log);
  int ubits = n > GSAT_BMMC_LANE_BITS ? n - GSAT_BMMC_LANE_BITS : 0;
  p->chunks = (uint32_t)(ubits + 3) / 4;
  p->c = f.c;
  for (int b = 0; b < GSAT_BMMC_LANE_BITS; b++) p->lane64[b] = b < n ? gsat_f2_column(&f.a, b) : 0;
  uint64_t img[64];
  for (int i = 0; i < ubits; i++) img[i] = gsat_f2_column(&f.a, GSAT_BMMC_LANE_BITS + i);
  fill_xtab(&p->blk_out, img, ubits);
  return GSAT_OK;
}

gsat_status gsat_bmmc_plan_init(gsat_bmmc_plan *plan, const gsat_bmmc *perm, uint32_t elem_size,
                                const gsat_bmmc_options *opt, gsat_error *err) {
  gsat_bmmc_options defaults;
  if (!opt) gsat_bmmc_options_init(&defaults), opt = &defaults;
  int n = perm->a.n;
  GSAT_RETURN_IF(elem_size != 4 && elem_size != 8, err, USAGE,
                 "element size %u is not 4 or 8 bytes", elem_size);
  GSAT_RETURN_IF(n < 0 || n > GSAT_BMMC_PLAN_MAX_N, err, USAGE, "BMMC size n = %d outside 0..%d", n,
                 GSAT_BMMC_PLAN_MAX_N);
  GSAT_RETURN_IF(perm->c & ~gsat_f2_mask(n), err, USAGE,
                 "BMMC complement has bits at or above n = %d", n);
  GSAT_RETURN_IF(gsat_f2_rank(&perm->a) != n, err, USAGE, "BMMC matrix (n = %d) is singular", n);
  memset(plan, 0, sizeof *plan);
  plan->n = n;
  plan->elem_size = elem_size;
  plan->async_copy = opt->async_copy;
  plan->locality = opt->locality;
  int kernel = opt->kernel;
  if (kernel == GSAT_BMMC_AUTO) {
    if (n < GSAT_BMMC_NAIVE_BELOW_N)
      kernel = GSAT_BMMC_NAIVE;
    else if (gsat_bmmc_tiled_columns(&perm->a, GSAT_BMMC_LANE_BITS))
      kernel = GSAT_BMMC_TILED;
    else
      kernel = GSAT_BMMC_TWO_PASS;
  }
  plan->kernel = kernel;
  switch (kernel) {
  case GSAT_BMMC_NAIVE:
    plan->passes = 1;
    return build_naive(&plan->pass[0], perm, opt->naive_gather, err);
  case GSAT_BMMC_TILED:
    plan->passes = 1;
    return build_tiled(&plan->pass[0], &plan->info[0], perm, elem_size, opt, err);
  case GSAT_BMMC_TWO_PASS: {
    gsat_bmmc first, second;
    GSAT_RETURN_IF(n < GSAT_BMMC_LANE_BITS, err, USAGE,
                   "two-pass BMMC kernel needs n >= 5 (n = %d)", n);
    GSAT_FORWARD(gsat_bmmc_factor(perm, &first, &second, err));
    plan->passes = 2;
    GSAT_FORWARD(build_tiled(&plan->pass[0], &plan->info[0], &first, elem_size, opt, err));
    return build_tiled(&plan->pass[1], &plan->info[1], &second, elem_size, opt, err);
  }
  default:
    return gsat_error_set(err, GSAT_USAGE, "unknown BMMC kernel %d", kernel);
  }
}

gsat_status gsat_bmmc_plan_init_gather(gsat_bmmc_plan *plan, const gsat_bmmc *gather,
                                       uint32_t elem_size, const gsat_bmmc_options *opt,
                                       gsat_error *err) {
  gsat_bmmc scatter;
  GSAT_FORWARD(gsat_bmmc_inverse(gather, &scatter, err));
  return gsat_bmmc_plan_init(plan, &scatter, elem_size, opt, err);
}

size_t gsat_bmmc_plan_temp_bytes(const gsat_bmmc_plan *plan) {
  return plan->passes == 2 ? ((size_t)1 << plan->n) * plan->elem_size : 0;
}

size_t gsat_bmmc_plan_smem_bytes(const gsat_bmmc_plan *plan, int i) {
  const gsat_bmmc_pass *p = &plan->pass[i];
  if (p->kind != GSAT_BMMC_PASS_TILED) return 0;
  return (size_t)plan->elem_size << (GSAT_BMMC_LANE_BITS + p->warps_log + p->iters_log);
}

const char *gsat_bmmc_plan_describe(const gsat_bmmc_plan *plan, char *buf, size_t size) {
  static const char *names[] = {"auto", "naive", "tiled", "two-pass"};
  int len = snprintf(buf, size, "%s n=%d es=%u", names[plan->kernel & 3], plan->n, plan->elem_size);
  for (int i = 0; i < plan->passes && len >= 0 && (size_t)len < size; i++) {
    const gsat_bmmc_pass *p = &plan->pass[i];
    const gsat_bmmc_pass_info *in = &plan->info[i];
    if (p->kind == GSAT_BMMC_PASS_TILED)
      len += snprintf(buf + len, size - (size_t)len,
                      " | q=%d e=%d h=%u m=%u grid=2^%u E=%#llx %s%s", in->q, in->e, p->warps_log,
                      p->iters_log, p->grid_log, (unsigned long long)in->extra,
                      plan->locality == GSAT_BMMC_LOCALITY_LOW ? "low" : "balanced",
                      plan->async_copy ? " async" : "");
    else
      len += snprintf(buf + len, size - (size_t)len, " | %s block=2^%u",
                      p->kind == GSAT_BMMC_PASS_NAIVE ? "scatter" : "gather", p->warps_log);
  }
  return buf;
}
