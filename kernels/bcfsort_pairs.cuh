/* How 32-bit pair sorts carry their values through the kernels of the
 * bank-conflict-free sort (kernels/bcfsort.cu, gsat_gpu_sort_pairs_u32 in
 * kernels/bcfsort.h): the pair descriptor, pack loads and stores, and the
 * deferred value stores of the merge kernel; and the pack and gather kernels
 * of the 64-bit pair sort, which sorts packs of key halves twice and gathers
 * once.  Included by bcfsort.cu only. */
#ifndef GSAT_GPU_BCFSORT_PAIRS_CUH
#define GSAT_GPU_BCFSORT_PAIRS_CUH

#include <stdint.h>

#include "kernels/bcfsort_cuts.cuh"
#include "kernels/bcfsort_warp.cuh"

namespace gsat_bcf {

/* A pair sort (gsat_gpu_sort_pairs_u32) carries its values along with the
 * keys instead of gathering them once at the end (a random gather of n
 * values measured a quarter of the pair sort; bench/RESULTS.md, Sort
 * against CUB).  Its packed keys hold
 * key << shift | p, where p is the index of the key's value in vals_src:
 * the input for the tile sort, then the value array that the last
 * value-moving kernel wrote.  Packs are unique and p follows the input order
 * among equal keys, so p breaks ties stably.  A kernel that moves the values
 * (vals_dst set; plan.pair_carry says which) stores vals_src[p] at
 * vals_dst[q] for the pack it writes at index q and renumbers the pack to q,
 * or, as the last kernel, stores the 32-bit key at keys_out[q]; the others
 * write packs unchanged.  The tile sort builds the packs from keys_in. */
struct PairIo {
  const uint32_t *keys_in; /* tile sort: the input keys */
  const uint32_t *vals_src;
  uint32_t *vals_dst;
  uint32_t *keys_out; /* the last kernel: unpacked keys; else NULL */
  int shift;
};

__device__ __forceinline__ uint64_t key_bits(uint64_t x) {
  return x;
}
__device__ __forceinline__ uint64_t key_bits(fkey x) {
  return x.v;
}

/* Key q of a tile (sentinel past n): in[q], or for pairs the pack of
 * keys_in[q] at position q. */
template <bool PAIRS, class K>
__device__ __forceinline__ K load_key(const K *in, uint64_t q, uint64_t n, const PairIo &io) {
  if (q >= n) return sentinel<K>();
  if constexpr (PAIRS)
    return K(gsat_bcf_pack(io.keys_in[q], q, io.shift));
  else
    return in[q];
}

/* Writes the pack with bits b to output index q: renumbered to q, or as the
 * 32-bit key when this is the last kernel. */
template <class K>
__device__ __forceinline__ void store_pack(K *out, uint64_t q, uint64_t b, const PairIo &io) {
  if (io.keys_out)
    io.keys_out[q] = gsat_bcf_pack_key(b, io.shift);
  else
    out[q] = K(gsat_bcf_repack(b, q, io.shift));
}

/* Stores key x at output index q (see PairIo for pairs). */
template <bool PAIRS, class K>
__device__ __forceinline__ void emit(K *out, uint64_t q, K x, const PairIo &io) {
  if constexpr (PAIRS) {
    const uint64_t b = key_bits(x);
    if (!io.vals_dst) { /* this kernel leaves the values where they are */
      out[q] = x;
      return;
    }
    io.vals_dst[q] = __ldg(io.vals_src + gsat_bcf_pack_pos(b, io.shift));
    store_pack(out, q, b, io);
  } else {
    out[q] = x;
  }
}

/* v[i] = the value of pack R[c + i] in vals_src for i < CH (0 where
 * at(c + i) >= count). */
template <int CH, class K, class At>
__device__ __forceinline__ void load_values(uint32_t (&v)[CH], const K (&R)[32], int c,
                                            uint64_t count, At at, const PairIo &io) {
#pragma unroll
  for (int i = 0; i < CH; ++i)
    v[i] = at(c + i) < count ? __ldg(io.vals_src + gsat_bcf_pack_pos(key_bits(R[c + i]), io.shift))
                             : 0;
}

/* Stores R[i] at out[base + at(i)] for i < N and at(i) < count, as emit
 * does.  For pairs the value loads of CH consecutive i are issued before
 * their stores (a store could alias a later load, which would serialise the
 * loads); CH trades registers for loads in flight. */
template <bool PAIRS, int N, int CH, class K, class At>
__device__ __forceinline__ void emit_all(K *out, uint64_t base, uint64_t count, const K (&R)[32],
                                         At at, const PairIo &io) {
  if constexpr (PAIRS) {
    if (io.vals_dst) {
#pragma unroll
      for (int c = 0; c < N; c += CH) {
        uint32_t v[CH];
        load_values(v, R, c, count, at, io);
#pragma unroll
        for (int i = 0; i < CH; ++i) {
          const uint64_t q = base + at(c + i), b = key_bits(R[c + i]);
          if (at(c + i) >= count) continue;
          io.vals_dst[q] = v[i];
          store_pack(out, q, b, io);
        }
      }
      return;
    }
  }
#pragma unroll
  for (int i = 0; i < N; ++i)
    if (at(i) < count) out[base + at(i)] = R[i];
}

/* The values of the blocks a moving pair kernel emitted, in two stages so
 * that the value gather neither stalls the warp nor delays the merge's own
 * loads.  emit stores a block's packs and keeps its positions; gather, which
 * the merge kernel calls right after issuing the next leaf block's loads,
 * issues the value loads; the next emit (or finish) stores them, one merge
 * step later.  A warp's global loads complete in order, so value loads
 * issued before a leaf load would hold up the merge step that needs the leaf
 * (Nsight Compute: long-scoreboard stalls made a moving merge pass 1.5x as
 * long as a plain one when the values were loaded and stored at once). */
template <bool PAIRS> struct PendingValues {
  uint32_t pos[16]; /* emitted, values not loaded: positions in vals_src */
  uint64_t pbase = 0, pcount = 0;
  uint32_t v[16]; /* loaded, not stored */
  uint64_t vbase = 0, vcount = 0;

  template <class At> __device__ __forceinline__ void gather(const PairIo &io, At at) {
    if constexpr (PAIRS) {
      if (!pcount) return;
#pragma unroll
      for (int i = 0; i < 16; ++i) v[i] = at(i) < pcount ? __ldg(io.vals_src + pos[i]) : 0;
      vbase = pbase;
      vcount = pcount;
      pcount = 0;
    }
  }

  template <class At> __device__ __forceinline__ void flush(const PairIo &io, At at) {
    if constexpr (PAIRS) {
      if (!vcount) return;
#pragma unroll
      for (int i = 0; i < 16; ++i)
        if (at(i) < vcount) io.vals_dst[vbase + at(i)] = v[i];
      vcount = 0;
    }
  }

  /* Emits block R[0..16) at out[b0 + at(i)] for at(i) < n. */
  template <class K, class At>
  __device__ __forceinline__ void emit(K *out, uint64_t b0, uint64_t n, const K (&R)[32], At at,
                                       const PairIo &io) {
    if constexpr (PAIRS) {
      if (io.vals_dst) {
        flush(io, at);
#pragma unroll
        for (int i = 0; i < 16; ++i) {
          const uint64_t q = b0 + at(i), b = key_bits(R[i]);
          pos[i] = (uint32_t)gsat_bcf_pack_pos(b, io.shift);
          if (at(i) < n) store_pack(out, q, b, io);
        }
        pbase = b0;
        pcount = n;
        return;
      }
    }
    emit_all<false, 16, 16>(out, b0, n, R, at, io);
  }

  /* Loads and stores what is still pending. */
  template <class At> __device__ __forceinline__ void finish(const PairIo &io, At at) {
    flush(io, at);
    gather(io, at);
    flush(io, at);
  }
};

/* c[j] = gsat_bcf_pack(32-bit half of key[perm(j)], j, shift), where
 * perm(j) = j when perm is NULL, else the position packed in perm[j]; shift
 * 30 (the pack stays below 2^62, so it sorts as an fkey) or 32. */
__global__ void pack_half_kernel(const uint64_t *__restrict__ key,
                                 const uint64_t *__restrict__ perm, int high, int shift,
                                 uint64_t *__restrict__ c, uint64_t n) {
  const uint64_t j = (uint64_t)blockIdx.x * kThreads + threadIdx.x;
  if (j >= n) return;
  const uint64_t k = key[perm ? gsat_bcf_pack_pos(perm[j], shift) : j];
  c[j] = gsat_bcf_pack((uint32_t)(high ? k >> 32 : k), j, shift);
}

/* Pairs u64: position i takes the input at the position packed in
 * ca[position packed in cb[i]]. */
__global__ void unpack_u64_kernel(const uint64_t *__restrict__ ca, const uint64_t *__restrict__ cb,
                                  int shift, const uint64_t *__restrict__ keys_in,
                                  uint64_t *__restrict__ keys_out,
                                  const uint32_t *__restrict__ vals_in,
                                  uint32_t *__restrict__ vals_out, uint64_t n) {
  const uint64_t i = (uint64_t)blockIdx.x * kThreads + threadIdx.x;
  if (i >= n) return;
  const uint64_t src = gsat_bcf_pack_pos(ca[gsat_bcf_pack_pos(cb[i], shift)], shift);
  keys_out[i] = keys_in[src];
  vals_out[i] = vals_in[src];
}

} // namespace gsat_bcf

#endif
