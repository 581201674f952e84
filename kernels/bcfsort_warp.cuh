/* Warp-level building blocks of the bank-conflict-free sort (bcfsort.md):
 * compare-exchange, network application with compile-time register indices,
 * the conflict-free transposition through a padded scratch page (section 3),
 * the page sorts (ShearSort, section 5, or Batcher's bitonic sort built from
 * the section-4 networks) and one merge step (section 7).  The
 * index functions and networks come from bcfsort_index.h and bcfsort_net.h,
 * which the host replay (bcfsort_sim.c) runs in the same order. */
#ifndef GSAT_GPU_BCFSORT_WARP_CUH
#define GSAT_GPU_BCFSORT_WARP_CUH

#include <stdint.h>

#include "kernels/bcfsort.h"
#include "kernels/bcfsort_index.h"
#include "kernels/bcfsort_net.h"

namespace gsat_bcf {

constexpr unsigned kFullMask = 0xffffffffu;

template <class K> __device__ __forceinline__ K sentinel() {
  return ~K(0);
}

/* (a, b) <- (min, max). */
__device__ __forceinline__ void cx(uint32_t &a, uint32_t &b) {
  uint32_t lo = min(a, b);
  b = max(a, b);
  a = lo;
}
__device__ __forceinline__ void cx(uint64_t &a, uint64_t &b) {
  bool swap = b < a;
  uint64_t lo = swap ? b : a;
  b = swap ? a : b;
  a = lo;
}

/* A 64-bit key compared as a double.  Bit patterns below 0x7ff0...0 are
 * the non-negative doubles and zero, ordered like the integers, so packed
 * pair keys below 2^62 can be compared with one FP64 instruction (the FP64
 * pipe is otherwise idle) instead of two integer compares on the ALU pipe,
 * which also does the selects.  The sentinel is +infinity. */
struct fkey {
  unsigned long long v;
  fkey() = default;
  __host__ __device__ constexpr fkey(unsigned long long x) : v(x) {}
};
__device__ __forceinline__ bool operator<(fkey a, fkey b) {
  return __longlong_as_double((long long)a.v) < __longlong_as_double((long long)b.v);
}
__device__ __forceinline__ bool operator!=(fkey a, fkey b) {
  return a.v != b.v;
}
template <> __device__ __forceinline__ fkey sentinel<fkey>() {
  return fkey(0x7ff0000000000000ull);
}
__device__ __forceinline__ void cx(fkey &a, fkey &b) {
  bool swap = b < a;
  fkey lo = swap ? b : a;
  b = swap ? a : b;
  a = lo;
}

template <class K> __device__ __forceinline__ K kmin(K a, K b) {
  return b < a ? b : a;
}

/* The key of lane src. */
template <class K> __device__ __forceinline__ K shfl(K x, int src) {
  return __shfl_sync(kFullMask, x, src);
}
__device__ __forceinline__ fkey shfl(fkey x, int src) {
  return fkey(__shfl_sync(kFullMask, x.v, src));
}

/* Applies a comparator network table; after unrolling every register index
 * is a constant, so R stays in registers. */
template <int N, class K>
__device__ __forceinline__ void run_net(K (&R)[32], const unsigned char (&net)[N][2]) {
#pragma unroll
  for (int c = 0; c < N; ++c) cx(R[net[c][0]], R[net[c][1]]);
}

/* Conflict-free transposition (section 3c): afterwards R_j[i] = old R_i[j].
 * STORE_REV: odd lanes store their line reversed (CFT-rev), so odd lines
 * count as descending.  LOAD_REV: lane j reads line 31 - j, so afterwards
 * R_j[i] = old R_i[31 - j]. */
template <bool STORE_REV, bool LOAD_REV, class K>
__device__ __forceinline__ void cft(K (&R)[32], K *s, uint32_t lane) {
  const bool odd = (lane & 1u) != 0;
#pragma unroll
  for (int i = 0; i < 32; ++i) s[gsat_bcf_phys(i, lane)] = (STORE_REV && odd) ? R[31 - i] : R[i];
  __syncwarp();
  const uint32_t line = LOAD_REV ? 31u - lane : lane;
#pragma unroll
  for (int i = 0; i < 32; ++i) R[i] = s[gsat_bcf_phys(line, i)];
  __syncwarp();
}

/* cft<false, false> where the lanes with `rev` (a run-time, per-lane flag)
 * store their line reversed: afterwards R_j[i] = old R_i[j], or old
 * R_i[31 - j] where lane i had rev.  The reversal swaps registers R[i] and
 * R[31 - i] by selects before the plain transposition, so the addresses
 * and their order stay those of cft<false, false>.  (Selecting the stored
 * register inside the store loop instead made ptxas spill the 64-bit tile
 * sort of 8 pages.) */
template <class K>
__device__ __forceinline__ void cft_rev(K (&R)[32], K *s, uint32_t lane, bool rev) {
#pragma unroll
  for (int i = 0; i < 16; ++i) {
    const K a = R[i], b = R[31 - i];
    R[i] = rev ? b : a;
    R[31 - i] = rev ? a : b;
  }
  cft<false, false>(R, s, lane);
}

/* ShearSort of one page (section 5): lane j holds R_j[i] = page[32 i + j]
 * before and after.  Column phases after the second use window networks:
 * the columns then hold at most 8, 4, 2 dirty entries in one window. */
template <class K> __device__ __forceinline__ void shear_sort(K (&R)[32], K *s, uint32_t lane) {
#pragma unroll
  for (int it = 0; it < 5; ++it) {
    run_net(R, gsat_bcf_net_sort32);
    cft<true, false>(R, s, lane);
    switch (gsat_bcf_shear_window(it)) {
    case 32:
      run_net(R, gsat_bcf_net_sort32);
      break;
    case 8:
      run_net(R, gsat_bcf_net_window8);
      break;
    case 4:
      run_net(R, gsat_bcf_net_window4);
      break;
    default:
      run_net(R, gsat_bcf_net_window2);
      break;
    }
    cft<false, false>(R, s, lane);
  }
  run_net(R, gsat_bcf_net_sort32);
  cft<false, false>(R, s, lane);
}

/* Batcher's bitonic sort of one page (gsat_sort_page BITONIC), the same
 * contract as shear_sort.  Page index L is read as 32 j + i for lane j,
 * register i (layout A) for the sorts of lines; the transpositions switch
 * to layout B (L = 32 i + j) and back.  Every lane sorts its line (layout A,
 * blocks of 32); for block sizes 2^k, k = 6..10: the half-cleaners of
 * strides 2^(k-6)..1 registers in layout B (descending blocks where bit k of
 * L is set), a plain transposition, the bitonic merger of 32 ascending in
 * layout A, and a transposition that reverses the lines of descending
 * blocks (gsat_bcf_bitonic_rev).  831 compare-exchanges per lane and 11
 * transpositions (ShearSort: 1843 and 11). */
template <class K>
__device__ __forceinline__ void bitonic_page_sort(K (&R)[32], K *s, uint32_t lane) {
  run_net(R, gsat_bcf_net_sort32);
  cft<true, false>(R, s, lane);
#pragma unroll
  for (int k = 6; k <= 10; ++k) {
    switch (k) {
    case 6:
      run_net(R, gsat_bcf_net_bitonic_k6);
      break;
    case 7:
      run_net(R, gsat_bcf_net_bitonic_k7);
      break;
    case 8:
      run_net(R, gsat_bcf_net_bitonic_k8);
      break;
    case 9:
      run_net(R, gsat_bcf_net_bitonic_k9);
      break;
    default:
      run_net(R, gsat_bcf_net_bitonic32);
      break;
    }
    cft<false, false>(R, s, lane);
    run_net(R, gsat_bcf_net_bitonic32);
    cft_rev(R, s, lane, gsat_bcf_bitonic_rev(k, lane));
  }
}

/* The page sort of the tile sort: PAGE_SORT is a gsat_sort_page (SHEAR or
 * BITONIC, as resolved by the plan). */
template <int PAGE_SORT, class K>
__device__ __forceinline__ void page_sort(K (&R)[32], K *s, uint32_t lane) {
  if constexpr (PAGE_SORT == GSAT_SORT_PAGE_BITONIC)
    bitonic_page_sort(R, s, lane);
  else
    shear_sort(R, s, lane);
}

/* One cross-page stage of the tile's bitonic merge: warp w compares half h =
 * w & 1 (rows 16 h .. 16 h + 15) of page pair q = w / 2 (see
 * gsat_bcf_cross_pages; FLIP pairs row r, column c with row 31 - r, column
 * 31 - c).  Pages are padded pages of 1056 keys in the tile. */
template <class K>
__device__ __forceinline__ void cross_stage(K *tile, uint32_t lvl, uint32_t s, uint32_t w,
                                            uint32_t lane) {
  uint32_t a, b;
  gsat_bcf_cross_pages(lvl, s, w >> 1, &a, &b);
  K *pa = tile + a * GSAT_BCF_SCRATCH, *pb = tile + b * GSAT_BCF_SCRATCH;
  const uint32_t r0 = 16u * (w & 1u);
  K x[16], y[16];
#pragma unroll
  for (int i = 0; i < 16; ++i) {
    x[i] = pa[gsat_bcf_phys(r0 + i, lane)];
    y[i] = s ? pb[gsat_bcf_phys(r0 + i, lane)] : pb[gsat_bcf_phys(31u - r0 - i, 31u - lane)];
  }
#pragma unroll
  for (int i = 0; i < 16; ++i) cx(x[i], y[i]);
#pragma unroll
  for (int i = 0; i < 16; ++i) {
    pa[gsat_bcf_phys(r0 + i, lane)] = x[i];
    if (s)
      pb[gsat_bcf_phys(r0 + i, lane)] = y[i];
    else
      pb[gsat_bcf_phys(31u - r0 - i, 31u - lane)] = y[i];
  }
}

/* Bitonic merge of one page whose 1024 keys form a bitonic sequence, in
 * place in the warp's padded page: columns (strides 512..32), transposition
 * through the page itself, rows (strides 16..1), rows stored back. */
template <class K> __device__ __forceinline__ void page_merge(K (&R)[32], K *page, uint32_t lane) {
#pragma unroll
  for (int i = 0; i < 32; ++i) R[i] = page[gsat_bcf_phys(i, lane)];
  run_net(R, gsat_bcf_net_bitonic32);
  __syncwarp();
  cft<false, false>(R, page, lane);
  run_net(R, gsat_bcf_net_bitonic32);
#pragma unroll
  for (int i = 0; i < 32; ++i) page[gsat_bcf_phys(lane, i)] = R[i];
}

/* The network part of every merge step (section 7): R[0..15] and R[16..31]
 * hold two sorted blocks of 512 keys, columns first; odd-even merges of the
 * columns, a transposition, bitonic merges of the rows (at most one dirty,
 * bitonic).  Afterwards lane j holds merged row j. */
template <class K> __device__ __forceinline__ void merge_halves(K (&R)[32], K *s, uint32_t lane) {
  run_net(R, gsat_bcf_net_merge32);
  cft<false, false>(R, s, lane);
  run_net(R, gsat_bcf_net_bitonic32);
}

/* One merge step (section 7): R[0..15] hold a sorted block of 512 keys with
 * rows reversed (gsat_bcf_block_index), `slot` the leftover of 512 keys in
 * sorted order.  Afterwards R[0..15] hold the lowest 512 of the 1024, again
 * with rows reversed, and the slot the highest 512; returns the new leftover
 * minimum. */
template <class K>
__device__ __forceinline__ K merge_step(K (&R)[32], K *s, K *slot, uint32_t lane) {
#pragma unroll
  for (int i = 0; i < 16; ++i) R[16 + i] = slot[gsat_bcf_slot_index(i, lane)];
  merge_halves(R, s, lane);
  cft<false, true>(R, s, lane);
#pragma unroll
  for (int i = 0; i < 16; ++i) slot[gsat_bcf_slot_index(i, 31u - lane)] = R[16 + i];
  __syncwarp(); /* the next step on this slot reads other lanes' words */
  return shfl(R[16], 31);
}

/* Stores the block in R[0..15] (rows reversed) into a leftover slot. */
template <class K>
__device__ __forceinline__ void absorb(const K (&R)[32], K *slot, uint32_t lane) {
#pragma unroll
  for (int i = 0; i < 16; ++i) slot[gsat_bcf_slot_index(i, 31u - lane)] = R[i];
  __syncwarp();
}

/* The ROW form of merge_step (GSAT_BCF_FORM_ROW): the leftover slot holds
 * leftover key 32 i + c at phys(i, c) of the slot.  After the row phase lane
 * j stores its sorted row j at gsat_bcf_row_store_index (rows 0..15 into the
 * scratch page, rows 16..31, the new leftover, into the slot) and reads the
 * output block back from the scratch with rows reversed: 128 shared
 * accesses per step instead of 160, the same result in R[0..15]. */
template <class K>
__device__ __forceinline__ K merge_step_row(K (&R)[32], K *s, K *slot, uint32_t lane) {
#pragma unroll
  for (int i = 0; i < 16; ++i) R[16 + i] = slot[gsat_bcf_phys(i, lane)];
  merge_halves(R, s, lane);
  const K lmin = shfl(R[0], 16); /* row 16 starts the new leftover */
  const uint32_t off = (uint32_t)(slot - s);
#pragma unroll
  for (int c = 0; c < 32; ++c) s[gsat_bcf_row_store_index(off, lane, c)] = R[c];
  __syncwarp();
#pragma unroll
  for (int i = 0; i < 16; ++i) R[i] = s[gsat_bcf_phys(i, 31u - lane)];
  __syncwarp(); /* before the next transposition overwrites the scratch */
  return lmin;
}

/* Stores the block in R[0..15] (rows reversed) into a ROW leftover slot. */
template <class K>
__device__ __forceinline__ void absorb_row(const K (&R)[32], K *slot, uint32_t lane) {
#pragma unroll
  for (int i = 0; i < 16; ++i) slot[gsat_bcf_phys(i, 31u - lane)] = R[i];
  __syncwarp();
}

/* The REG form (binary merges): the leftover stays in R[16..31] in the order
 * a CLASSIC slot load gives (lane j, register 16 + i: leftover key 32 i + j),
 * where a plain second transposition leaves it.  The output block in
 * R[0..15] is then in row order (lane j, register i: key 32 i + j,
 * gsat_bcf_page_index), not reversed: it only goes to global memory. */
template <class K> __device__ __forceinline__ void merge_step_reg(K (&R)[32], K *s, uint32_t lane) {
  merge_halves(R, s, lane);
  cft<false, false>(R, s, lane);
}

/* The first block becomes the REG leftover: leftover key 32 i + j, block key
 * 32 i + j, sits in lane 31 - j, register i. */
template <class K> __device__ __forceinline__ void absorb_reg(K (&R)[32], uint32_t lane) {
#pragma unroll
  for (int i = 0; i < 16; ++i) R[16 + i] = shfl(R[i], 31 - (int)lane);
}

} // namespace gsat_bcf

#endif
