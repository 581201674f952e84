/* Kernels and dispatch of the bank-conflict-free sort (kernels/bcfsort.h). */
#include "kernels/bcfsort.h"

#include "kernels/bcfsort_plan.h"
#include "kernels/bcfsort_cuts.cuh"
#include "kernels/bcfsort_pairs.cuh"
#include "kernels/bcfsort_warp.cuh"
#include "kernels/cuda_check.cuh"

namespace gsat_bcf {
namespace {

constexpr int kMergeWarps = 4; /* most warps per merge block, a bucket each */

/* Asks L2 for the 128-byte line holding global address p. */
__device__ __forceinline__ void prefetch_l2(const void *p) {
  asm volatile("prefetch.global.L2 [%0];" ::"l"(p));
}

/* Tile sort: warp w sorts page w of the block's tile (keys past n read
 * as sentinels), then the block merges its P sorted pages into one run with
 * bitonic merges in shared memory: per level a flip stage and half-cleaners
 * across pages, then a bitonic merge inside every page.  Every shared
 * address depends only on the warp, the lane and the stage.  in may equal
 * out.  PS: the page sort (gsat_sort_page, SHEAR or BITONIC). */
template <class K, int P, int PS, bool PAIRS>
__global__ void __launch_bounds__(P * 32, P == 8 ? 2 : 1)
    tile_sort_kernel(const K *in, K *out, uint64_t n, PairIo io) {
  extern __shared__ __align__(16) unsigned char smem_raw[];
  K *tile = reinterpret_cast<K *>(smem_raw);
  const uint32_t lane = threadIdx.x & 31u, w = threadIdx.x >> 5;
  K *page = tile + w * GSAT_BCF_SCRATCH;
  const uint64_t base = ((uint64_t)blockIdx.x * P + w) * GSAT_BCF_PAGE;
  K R[32];
#pragma unroll
  for (int i = 0; i < 32; ++i) {
    R[i] = load_key<PAIRS>(in, base + gsat_bcf_page_index(i, lane), n, io);
  }
  if constexpr (PAIRS) /* the page's values, gathered at the end: into L2 */
    if (io.vals_dst && base + lane * 32u < n) prefetch_l2(io.vals_src + base + lane * 32u);
  page_sort<PS>(R, page, lane);
#pragma unroll
  for (int i = 0; i < 32; ++i) page[gsat_bcf_phys(i, lane)] = R[i];
#pragma unroll 1 /* one copy of the page merge: the code is large */
  for (uint32_t lvl = 1; (1u << lvl) <= (uint32_t)P; ++lvl) {
    __syncthreads();
    cross_stage(tile, lvl, 0, w, lane);
    for (uint32_t s = (1u << lvl) / 4; s >= 1; s /= 2) {
      __syncthreads();
      cross_stage(tile, lvl, s, w, lane);
    }
    __syncthreads();
    page_merge(R, page, lane);
  }
  __syncwarp();
#pragma unroll
  for (int i = 0; i < 32; ++i) R[i] = page[gsat_bcf_phys(i, lane)];
  emit_all<PAIRS, 32, 8>(
      out, base, base < n ? n - base : 0, R,
      [lane](int i) { return (uint64_t)gsat_bcf_page_index(i, lane); }, io);
}

/* Asks L2 for the block of 512 keys at leaf[q..min(q + 512, end)): lane l
 * the l-th 128-byte line.  The merge kernel reads a leaf's next block only
 * when the leaf is chosen again, so this hides part of that read's DRAM
 * latency (32-bit keys only: it measured slower for the 64-bit kernels and
 * the pairs; bench/RESULTS.md, Sort against CUB). */
template <class K>
__device__ __forceinline__ void prefetch_block(const K *leaf, uint32_t q, uint32_t end,
                                               uint32_t lane) {
  constexpr uint32_t per_line = 128 / sizeof(K);
  const uint32_t at = q + lane * per_line;
  if constexpr (sizeof(K) == 4) /* measured faster for u32 keys only */
    if (lane < GSAT_BCF_HALF / per_line && at < end) prefetch_l2(leaf + at);
}

/* Assigns v to a[i] for a run-time i, keeping a in registers. */
template <int N, class T> __device__ __forceinline__ void set_at(T (&a)[N], uint32_t i, T v) {
#pragma unroll
  for (int c = 0; c < N; ++c)
    if ((uint32_t)c == i) a[c] = v;
}
template <int N, class T> __device__ __forceinline__ T get_at(const T (&a)[N], uint32_t i) {
  T v = a[0];
#pragma unroll
  for (int c = 1; c < N; ++c)
    if ((uint32_t)c == i) v = a[c];
  return v;
}

/* Merges one bucket: the bucket's sub-runs of the group's 2^D runs, through a
 * tree of section-7 merges held by one warp.  Internal node v (heap order,
 * root 1) keeps a leftover of 512 keys in shared slot v - 1; each iteration
 * follows the smaller heads from the root to a leaf, loads the leaf's next
 * 512 keys and merges them upwards.  A node's first block only fills its
 * leftover.  Keys past a sub-run read as sentinels.  Then the bucket's equal
 * bucket (keys equal to its lower splitter) is filled in. */
template <class K, int D, int FORM, bool PAIRS>
__global__ void __launch_bounds__(kMergeWarps * 32)
    merge_kernel(const K *__restrict__ in, K *__restrict__ out, gsat_bcf_pass p,
                 const uint32_t *__restrict__ cuts, const K *__restrict__ split, PairIo io) {
  constexpr int KW = 1 << D;
  extern __shared__ __align__(16) unsigned char smem_raw[];
  const uint32_t lane = threadIdx.x & 31u, w = threadIdx.x >> 5;
  const uint64_t b = (uint64_t)blockIdx.x * (blockDim.x >> 5) + w;
  if (b >= p.buckets) return;
  static_assert(FORM != GSAT_BCF_FORM_REG || D == 1, "REG: binary merges");
  K *s = reinterpret_cast<K *>(smem_raw) + (size_t)w * gsat_bcf_merge_keys(FORM, KW);
  uint64_t g;
  uint32_t t;
  gsat_bcf_bucket_locate(&p, b, &g, &t);
  const uint32_t nb = gsat_bcf_group_buckets(&p, g);
  const uint64_t gbase = gsat_bcf_group_base(&p, g);
  uint32_t pos[KW], endp[KW];
  K head[KW];
  uint64_t obase = gbase, nout = 0, eoff = gbase, ecount = 0;
#pragma unroll
  for (int m = 0; m < KW; ++m) {
    const uint32_t len = gsat_bcf_run_len(&p, g, m);
    uint32_t st = 0, en = len;
    if (t > 0) {
      const uint64_t c = gsat_bcf_cut_index(&p, g, t, m);
      st = cuts[c + 1];
      eoff += cuts[c];
      ecount += cuts[c + 1] - cuts[c];
    }
    if (t + 1 < nb) en = cuts[gsat_bcf_cut_index(&p, g, t + 1, m)];
    if (en < st) en = st;
    pos[m] = st;
    endp[m] = en;
    obase += st;
    nout += en - st;
    const K *leaf = in + gbase + (uint64_t)m * p.run;
    head[m] = st < en ? leaf[st] : sentinel<K>();
    prefetch_block(leaf, st, en, lane);
  }
  if (ecount) {
    const K x = split[gsat_bcf_split_index(&p, g, t)];
    if (t < 2 || split[gsat_bcf_split_index(&p, g, t - 1)] != x)
      for (uint64_t i = lane; i < ecount; i += 32) emit<PAIRS>(out, eoff + i, x, io);
  }
  K lmin[KW];
#pragma unroll
  for (int v = 0; v < KW; ++v) lmin[v] = sentinel<K>();
  uint32_t initm = 0;
  uint64_t emitted = 0;
  K R[32];
  const auto at = [lane](int i) {
    return (uint64_t)(FORM == GSAT_BCF_FORM_REG ? gsat_bcf_page_index(i, lane)
                                                : gsat_bcf_block_index(i, lane));
  };
  PendingValues<PAIRS> pend;
  while (emitted < nout) {
    K hv[2 * KW];
#pragma unroll
    for (int m = 0; m < KW; ++m) hv[KW + m] = head[m];
#pragma unroll
    for (int v = KW - 1; v >= 1; --v) {
      const K c = kmin(hv[2 * v], hv[2 * v + 1]);
      hv[v] = (initm >> v) & 1u ? kmin(c, lmin[v]) : c;
    }
    /* The path from the root: at node c go right when its right child has
     * the smaller head (ties go left). */
    uint32_t right = 0;
#pragma unroll
    for (int c = 1; c < KW; ++c) right |= (hv[2 * c + 1] < hv[2 * c] ? 1u : 0u) << c;
    uint32_t v = 1;
#pragma unroll
    for (int d = 0; d < D; ++d) v = 2 * v + ((right >> v) & 1u);
    const uint32_t m = v - KW;
    const uint32_t lp = get_at(pos, m), le = get_at(endp, m);
    const K *leaf = in + gbase + (uint64_t)m * p.run;
#pragma unroll
    for (int i = 0; i < 16; ++i) {
      const uint32_t q = lp + gsat_bcf_block_index(i, lane);
      R[i] = q < le ? leaf[q] : sentinel<K>();
    }
    const uint32_t np = le - lp > GSAT_BCF_HALF ? lp + GSAT_BCF_HALF : le;
    set_at(pos, m, np);
    set_at(head, m, np < le ? leaf[np] : sentinel<K>());
    prefetch_block(leaf, np, le, lane);
    pend.gather(io, at); /* after the leaf's loads: see PendingValues */
    bool alive = true;
#pragma unroll 1 /* one copy of the merge step */
    for (int d = D - 1; d >= 0; --d) {
      if (alive) {
        const uint32_t a = v >> (D - d);
        K *slot = s + gsat_bcf_slot_base(FORM, a);
        if (!((initm >> a) & 1u)) {
          /* the block's minimum: lane 31, R[0] */
          if (FORM != GSAT_BCF_FORM_REG) set_at(lmin, a, shfl(R[0], 31));
          if (FORM == GSAT_BCF_FORM_REG)
            absorb_reg(R, lane);
          else if (FORM == GSAT_BCF_FORM_ROW)
            absorb_row(R, slot, lane);
          else
            absorb(R, slot, lane);
          initm |= 1u << a;
          alive = false;
        } else if (FORM == GSAT_BCF_FORM_REG) {
          merge_step_reg(R, s, lane); /* lmin is not needed with one node */
        } else if (FORM == GSAT_BCF_FORM_ROW) {
          set_at(lmin, a, merge_step_row(R, s, slot, lane));
        } else {
          set_at(lmin, a, merge_step(R, s, slot, lane));
        }
      }
    }
    if (alive) {
      pend.emit(out, obase + emitted, nout - emitted, R, at, io);
      emitted += GSAT_BCF_HALF;
    }
  }
  pend.finish(io, at);
}

unsigned blocks_for(uint64_t threads) {
  return (unsigned)((threads + kThreads - 1) / kThreads);
}

template <class K, int D, int FORM, bool PAIRS>
gsat_status launch_merge(const K *src, K *dst, const gsat_bcf_pass &p, const uint32_t *cuts,
                         const K *split, const PairIo &io, uint32_t warps, cudaStream_t stream,
                         gsat_error *err) {
  const size_t smem = (size_t)warps * sizeof(K) * gsat_bcf_merge_keys(FORM, 1u << D);
  if (smem > 48 * 1024)
    GSAT_CUDA_TRY(err,
                  cudaFuncSetAttribute(merge_kernel<K, D, FORM, PAIRS>,
                                       cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem));
  const uint64_t blocks = (p.buckets + warps - 1) / warps;
  merge_kernel<K, D, FORM, PAIRS>
      <<<(unsigned)blocks, warps * 32, smem, stream>>>(src, dst, p, cuts, split, io);
  GSAT_CUDA_LAUNCHED(err, "merge_kernel");
  return GSAT_OK;
}

/* The merge kernel of a pass's form and depth. */
template <class K, int FORM, bool PAIRS>
gsat_status launch_merge_depth(const K *src, K *dst, const gsat_bcf_pass &p, const uint32_t *cuts,
                               const K *split, const PairIo &io, uint32_t warps,
                               cudaStream_t stream, gsat_error *err) {
  if constexpr (FORM == GSAT_BCF_FORM_REG) /* binary merges only */
    return launch_merge<K, 1, FORM, PAIRS>(src, dst, p, cuts, split, io, warps, stream, err);
  else if (p.depth == 1)
    return launch_merge<K, 1, FORM, PAIRS>(src, dst, p, cuts, split, io, warps, stream, err);
  else if (p.depth == 2)
    return launch_merge<K, 2, FORM, PAIRS>(src, dst, p, cuts, split, io, warps, stream, err);
  else
    return launch_merge<K, 3, FORM, PAIRS>(src, dst, p, cuts, split, io, warps, stream, err);
}

/* One merge pass src -> dst: cuts, then one warp per bucket. */
template <class K, bool PAIRS>
gsat_status run_pass(const K *src, K *dst, const gsat_bcf_pass &p, unsigned char *temp,
                     const gsat_bcf_plan &plan, const PairIo &io, cudaStream_t stream,
                     gsat_error *err) {
  K *sorted = reinterpret_cast<K *>(temp + plan.sorted_off);
  K *split = reinterpret_cast<K *>(temp + plan.split_off);
  uint32_t *cuts = reinterpret_cast<uint32_t *>(temp + plan.cuts_off);
  if (p.buckets_full > 1) {
    const uint64_t bounds = p.groups * (uint64_t)(p.buckets_full - 1);
    if (p.merge_path) {
      merge_path_cut_kernel<K><<<blocks_for(bounds), kThreads, 0, stream>>>(src, p, cuts);
      GSAT_CUDA_LAUNCHED(err, "merge_path_cut_kernel");
    } else {
      const uint64_t threads = p.groups * (uint64_t)p.samples_full * p.ways;
      sample_sort_kernel<K><<<blocks_for(threads), kThreads, 0, stream>>>(src, p, sorted);
      GSAT_CUDA_LAUNCHED(err, "sample_sort_kernel");
      splitter_cut_kernel<K>
          <<<blocks_for(bounds * p.ways), kThreads, 0, stream>>>(src, p, sorted, cuts, split);
      GSAT_CUDA_LAUNCHED(err, "splitter_cut_kernel");
    }
  }
  if (p.form == GSAT_BCF_FORM_REG)
    return launch_merge_depth<K, GSAT_BCF_FORM_REG, PAIRS>(src, dst, p, cuts, split, io,
                                                           plan.merge_warps, stream, err);
  if (p.form == GSAT_BCF_FORM_ROW)
    return launch_merge_depth<K, GSAT_BCF_FORM_ROW, PAIRS>(src, dst, p, cuts, split, io,
                                                           plan.merge_warps, stream, err);
  return launch_merge_depth<K, GSAT_BCF_FORM_CLASSIC, PAIRS>(src, dst, p, cuts, split, io,
                                                             plan.merge_warps, stream, err);
}

template <class K, int P, bool PAIRS>
gsat_status launch_tile_sort(const K *in, K *out, uint64_t n, const PairIo &io, uint32_t page_sort,
                             cudaStream_t stream, gsat_error *err) {
  void (*kernel)(const K *, K *, uint64_t, PairIo) =
      page_sort == GSAT_SORT_PAGE_BITONIC ? tile_sort_kernel<K, P, GSAT_SORT_PAGE_BITONIC, PAIRS>
                                          : tile_sort_kernel<K, P, GSAT_SORT_PAGE_SHEAR, PAIRS>;
  const size_t smem = (size_t)P * GSAT_BCF_SCRATCH * sizeof(K);
  if (smem > 48 * 1024)
    GSAT_CUDA_TRY(
        err, cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem));
  const uint64_t tile = (uint64_t)P * GSAT_BCF_PAGE;
  kernel<<<(unsigned)((n + tile - 1) / tile), P * 32, smem, stream>>>(in, out, n, io);
  GSAT_CUDA_LAUNCHED(err, "tile_sort_kernel");
  return GSAT_OK;
}

/* Enqueues the tile sort and the merge passes of plan (n > 0): in -> out,
 * through the plan's buffer in temp.  For pairs (see PairIo) in is unused,
 * out is a scratch array of n packs, and the values move from vals_in
 * through vbuf (n values) to vals_out, the keys to io.keys_out. */
template <class K, bool PAIRS>
gsat_status run_sort(const gsat_bcf_plan &plan, const K *in, K *out, unsigned char *temp,
                     const PairIo &pairs, const uint32_t *vals_in, uint32_t *vbuf,
                     uint32_t *vals_out, cudaStream_t stream, gsat_error *err) {
  K *buf = reinterpret_cast<K *>(temp + plan.buf_off);
  K *src = plan.page_to_out ? out : buf;
  /* Which kernels move the values, and where to: gsat_bcf_pair_moves. */
  const uint32_t last = plan.npasses;
  PairIo io = pairs;
  io.vals_src = vals_in;
  for (uint32_t j = 0; j <= last; ++j) {
    int to_out = 0;
    const bool move = PAIRS && gsat_bcf_pair_moves(&plan, j, &to_out);
    io.vals_dst = !move ? nullptr : to_out ? vals_out : vbuf;
    io.keys_out = j == last ? pairs.keys_out : nullptr;
    if (j == 0) {
      if (plan.tile_pages == 16)
        GSAT_FORWARD(
            (launch_tile_sort<K, 16, PAIRS>(in, src, plan.n, io, plan.page_sort, stream, err)));
      else
        GSAT_FORWARD(
            (launch_tile_sort<K, 8, PAIRS>(in, src, plan.n, io, plan.page_sort, stream, err)));
    } else {
      K *dst = src == out ? buf : out;
      GSAT_FORWARD((run_pass<K, PAIRS>(src, dst, plan.pass[j - 1], temp, plan, io, stream, err)));
      src = dst;
    }
    if (move) io.vals_src = io.vals_dst;
  }
  return GSAT_OK;
}

template <class K>
gsat_status sort_keys(void *d_temp, size_t *temp_bytes, const K *in, K *out, size_t n,
                      const gsat_sort_config *cfg, cudaStream_t stream, gsat_error *err) {
  gsat_bcf_plan plan;
  int run = 0;
  GSAT_FORWARD(gsat_bcf_storage(d_temp, temp_bytes, n, sizeof(K), 0, cfg, &plan, &run, err));
  if (!run) return GSAT_OK;
  GSAT_RETURN_IF(!in || !out, err, USAGE, "sort: NULL key array");
  const PairIo none = {nullptr, nullptr, nullptr, nullptr, 0};
  return run_sort<K, false>(plan, in, out, static_cast<unsigned char *>(d_temp), none, nullptr,
                            nullptr, nullptr, stream, err);
}

/* Shift of the packed pair keys: 30 keeps them below 2^62 (positions below
 * 2^30), so they sort as fkeys with FP64 comparisons; else 32. */
int pack_shift(size_t n, const gsat_sort_config *cfg) {
  return n <= ((size_t)1 << 30) && !(cfg && cfg->integer_pairs) ? 30 : 32;
}

/* Sorts n packed pair keys in place. */
gsat_status sort_packed(void *temp, size_t *bytes, uint64_t *c, size_t n, int shift,
                        const gsat_sort_config *cfg, cudaStream_t stream, gsat_error *err) {
  if (shift == 30)
    return sort_keys<fkey>(temp, bytes, reinterpret_cast<const fkey *>(c),
                           reinterpret_cast<fkey *>(c), n, cfg, stream, err);
  return sort_keys<uint64_t>(temp, bytes, c, c, n, cfg, stream, err);
}

/* The 32-bit pair sort with values carried along (PairIo, pair_carry):
 * temp holds n packs, n values (gsat_bcf_pairs_u32_extra_bytes), then the
 * storage of plan, the 64-bit key plan of sort_pairs. */
template <class K>
gsat_status sort_pairs_carry(void *d_temp, const gsat_bcf_plan &plan, int shift,
                             const uint32_t *keys_in, uint32_t *keys_out, const uint32_t *vals_in,
                             uint32_t *vals_out, cudaStream_t stream, gsat_error *err) {
  const size_t n = plan.n;
  unsigned char *temp = static_cast<unsigned char *>(d_temp);
  K *packs = reinterpret_cast<K *>(temp);
  uint32_t *vbuf = reinterpret_cast<uint32_t *>(temp + gsat_bcf_composite_bytes(n));
  const PairIo io = {keys_in, nullptr, nullptr, keys_out, shift};
  return run_sort<K, true>(plan, nullptr, packs, temp + gsat_bcf_pairs_u32_extra_bytes(n), io,
                           vals_in, vbuf, vals_out, stream, err);
}

/* The 32-bit pair sort after its storage step: the packs compared as fkeys
 * (shift 30) or as integers. */
gsat_status sort_pairs_body(void *d_temp, const gsat_bcf_plan &plan, int shift,
                            const uint32_t *keys_in, uint32_t *keys_out, const uint32_t *vals_in,
                            uint32_t *vals_out, const gsat_sort_config *cfg, cudaStream_t stream,
                            gsat_error *err) {
  (void)cfg;
  if (shift == 30)
    return sort_pairs_carry<fkey>(d_temp, plan, shift, keys_in, keys_out, vals_in, vals_out, stream,
                                  err);
  return sort_pairs_carry<uint64_t>(d_temp, plan, shift, keys_in, keys_out, vals_in, vals_out,
                                    stream, err);
}

/* The 64-bit pair sort after its storage step: temp holds two arrays of
 * packs (gsat_bcf_pairs_u64_extra_bytes), then the storage of the packed
 * sorts. */
gsat_status sort_pairs_body(void *d_temp, const gsat_bcf_plan &plan, int shift,
                            const uint64_t *keys_in, uint64_t *keys_out, const uint32_t *vals_in,
                            uint32_t *vals_out, const gsat_sort_config *cfg, cudaStream_t stream,
                            gsat_error *err) {
  const size_t n = plan.n;
  size_t sub = plan.bytes;
  const size_t cbytes = gsat_bcf_composite_bytes(n);
  unsigned char *temp = static_cast<unsigned char *>(d_temp);
  uint64_t *ca = reinterpret_cast<uint64_t *>(temp);
  uint64_t *cb = reinterpret_cast<uint64_t *>(temp + cbytes);
  void *rest = temp + 2 * cbytes;
  /* Least significant half first; both sorts are stable by position. */
  pack_half_kernel<<<blocks_for(n), kThreads, 0, stream>>>(keys_in, nullptr, 0, shift, ca, n);
  GSAT_CUDA_LAUNCHED(err, "pack_half_kernel");
  GSAT_FORWARD(sort_packed(rest, &sub, ca, n, shift, cfg, stream, err));
  pack_half_kernel<<<blocks_for(n), kThreads, 0, stream>>>(keys_in, ca, 1, shift, cb, n);
  GSAT_CUDA_LAUNCHED(err, "pack_half_kernel");
  GSAT_FORWARD(sort_packed(rest, &sub, cb, n, shift, cfg, stream, err));
  unpack_u64_kernel<<<blocks_for(n), kThreads, 0, stream>>>(ca, cb, shift, keys_in, keys_out,
                                                            vals_in, vals_out, n);
  GSAT_CUDA_LAUNCHED(err, "unpack_u64_kernel");
  return GSAT_OK;
}

size_t pairs_extra_bytes(const uint32_t *, size_t n) {
  return gsat_bcf_pairs_u32_extra_bytes(n);
}

size_t pairs_extra_bytes(const uint64_t *, size_t n) {
  return gsat_bcf_pairs_u64_extra_bytes(n);
}

/* A pair sort: its storage step (pairs_extra_bytes of packs and values, then
 * the plan of a sort of n 64-bit packs), then the body of its key width. */
template <class KeyT>
gsat_status sort_pairs(void *d_temp, size_t *temp_bytes, const KeyT *keys_in, KeyT *keys_out,
                       const uint32_t *vals_in, uint32_t *vals_out, size_t n,
                       const gsat_sort_config *cfg, cudaStream_t stream, gsat_error *err) {
  gsat_bcf_plan plan;
  int run = 0;
  GSAT_FORWARD(gsat_bcf_storage(d_temp, temp_bytes, n, sizeof(uint64_t),
                                pairs_extra_bytes(keys_in, n), cfg, &plan, &run, err));
  if (!run) return GSAT_OK;
  GSAT_RETURN_IF(!keys_in || !keys_out || !vals_in || !vals_out, err, USAGE,
                 "sort: NULL key or value array");
  return sort_pairs_body(d_temp, plan, pack_shift(n, cfg), keys_in, keys_out, vals_in, vals_out,
                         cfg, stream, err);
}

} // namespace
} // namespace gsat_bcf

using namespace gsat_bcf;

extern "C" gsat_status gsat_gpu_sort_keys_u32(void *d_temp, size_t *temp_bytes,
                                              const uint32_t *d_keys_in, uint32_t *d_keys_out,
                                              size_t n, const gsat_sort_config *cfg,
                                              struct CUstream_st *stream, gsat_error *err) {
  return sort_keys<uint32_t>(d_temp, temp_bytes, d_keys_in, d_keys_out, n, cfg, stream, err);
}

extern "C" gsat_status gsat_gpu_sort_keys_u64(void *d_temp, size_t *temp_bytes,
                                              const uint64_t *d_keys_in, uint64_t *d_keys_out,
                                              size_t n, const gsat_sort_config *cfg,
                                              struct CUstream_st *stream, gsat_error *err) {
  return sort_keys<uint64_t>(d_temp, temp_bytes, d_keys_in, d_keys_out, n, cfg, stream, err);
}

extern "C" gsat_status gsat_gpu_sort_pairs_u32(void *d_temp, size_t *temp_bytes,
                                               const uint32_t *d_keys_in, uint32_t *d_keys_out,
                                               const uint32_t *d_vals_in, uint32_t *d_vals_out,
                                               size_t n, const gsat_sort_config *cfg,
                                               struct CUstream_st *stream, gsat_error *err) {
  return sort_pairs<uint32_t>(d_temp, temp_bytes, d_keys_in, d_keys_out, d_vals_in, d_vals_out, n,
                              cfg, stream, err);
}

extern "C" gsat_status gsat_gpu_sort_pairs_u64(void *d_temp, size_t *temp_bytes,
                                               const uint64_t *d_keys_in, uint64_t *d_keys_out,
                                               const uint32_t *d_vals_in, uint32_t *d_vals_out,
                                               size_t n, const gsat_sort_config *cfg,
                                               struct CUstream_st *stream, gsat_error *err) {
  return sort_pairs<uint64_t>(d_temp, temp_bytes, d_keys_in, d_keys_out, d_vals_in, d_vals_out, n,
                              cfg, stream, err);
}
