/* Partition kernels of the bank-conflict-free sort (kernels/bcfsort.cu): the
 * sample sort and splitter cuts of sections 8 and 9 and the merge-path cuts
 * of section 7 (../shared/design/bcfsort.md), one thread per sample or cut.
 * Included by bcfsort.cu only; kernels/bcfsort_sim_part.c replays them. */
#ifndef GSAT_GPU_BCFSORT_CUTS_CUH
#define GSAT_GPU_BCFSORT_CUTS_CUH

#include <stdint.h>

#include "kernels/bcfsort_index.h"
#include "kernels/bcfsort_warp.cuh"

namespace gsat_bcf {

constexpr int kThreads = 256; /* partition and packing kernels */

/* Number of keys of run[0..len) below x (STRICT) or not above x. */
template <class K, bool STRICT> __device__ uint32_t rank_in_run(const K *run, uint32_t len, K x) {
  uint32_t lo = 0, hi = len;
  while (lo < hi) {
    const uint32_t mid = lo + (hi - lo) / 2;
    const K y = run[mid];
    if (STRICT ? y < x : !(x < y))
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

/* Samples of run[] (stride k) below x, or not above x when !STRICT. */
template <class K, bool STRICT>
__device__ uint32_t rank_in_samples(const K *run, uint32_t count, uint32_t k, K x) {
  uint32_t lo = 0, hi = count;
  while (lo < hi) {
    const uint32_t mid = lo + (hi - lo) / 2;
    const K y = run[(uint64_t)(mid + 1) * k - 1];
    if (STRICT ? y < x : !(x < y))
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

/* Sorts the samples of every group (section 8): `ways` consecutive threads
 * handle one sample; thread mo counts the samples of run mo that precede it
 * in the order (key, run, index), and the sum is the sample's rank. */
template <class K>
__global__ void __launch_bounds__(kThreads)
    sample_sort_kernel(const K *__restrict__ in, gsat_bcf_pass p, K *__restrict__ sorted) {
  const uint64_t tid = (uint64_t)blockIdx.x * kThreads + threadIdx.x;
  const uint32_t mo = (uint32_t)(tid % p.ways);
  const uint64_t rest = tid / p.ways;
  const uint32_t s = (uint32_t)(rest % p.samples_full);
  const uint64_t g = rest / p.samples_full;
  uint32_t rank = 0;
  K x = 0;
  bool active = false;
  if (g < p.groups) {
    uint32_t total = 0;
    for (uint32_t m = 0; m < p.ways; ++m) total += gsat_bcf_run_samples(&p, g, m);
    active = s < total;
  }
  if (active) {
    uint32_t m, j;
    gsat_bcf_sample_locate(&p, g, s, &m, &j);
    const K *base = in + gsat_bcf_group_base(&p, g);
    x = base[(uint64_t)m * p.run + (uint64_t)(j + 1) * p.k - 1];
    const K *other = base + (uint64_t)mo * p.run;
    const uint32_t count = gsat_bcf_run_samples(&p, g, mo);
    if (mo == m)
      rank = j;
    else if (mo < m)
      rank = rank_in_samples<K, false>(other, count, p.k, x);
    else
      rank = rank_in_samples<K, true>(other, count, p.k, x);
  }
  for (uint32_t off = p.ways / 2; off; off >>= 1) rank += __shfl_xor_sync(kFullMask, rank, off);
  if (active && mo == 0) sorted[g * p.samples_full + rank] = x;
}

/* Cuts every run of every group at the splitters (section 9): thread
 * (g, t, m) stores lower_bound and upper_bound of x_t in run m. */
template <class K>
__global__ void __launch_bounds__(kThreads)
    splitter_cut_kernel(const K *__restrict__ in, gsat_bcf_pass p, const K *__restrict__ sorted,
                        uint32_t *__restrict__ cuts, K *__restrict__ split) {
  const uint64_t tid = (uint64_t)blockIdx.x * kThreads + threadIdx.x;
  const uint32_t m = (uint32_t)(tid % p.ways);
  const uint64_t rest = tid / p.ways;
  const uint32_t t = 1 + (uint32_t)(rest % (p.buckets_full - 1));
  const uint64_t g = rest / (p.buckets_full - 1);
  if (g >= p.groups || t >= gsat_bcf_group_buckets(&p, g)) return;
  const K x = sorted[g * p.samples_full + (uint64_t)t * p.spb];
  const K *run = in + gsat_bcf_group_base(&p, g) + (uint64_t)m * p.run;
  const uint32_t len = gsat_bcf_run_len(&p, g, m);
  const uint64_t c = gsat_bcf_cut_index(&p, g, t, m);
  cuts[c] = rank_in_run<K, true>(run, len, x);
  cuts[c + 1] = rank_in_run<K, false>(run, len, x);
  if (m == 0) split[gsat_bcf_split_index(&p, g, t)] = x;
}

/* Merge-path cuts (section 7) for ways == 2: thread (g, t) splits output
 * rank d = t * chunk of the group; ties go to the first run. */
template <class K>
__global__ void __launch_bounds__(kThreads)
    merge_path_cut_kernel(const K *__restrict__ in, gsat_bcf_pass p, uint32_t *__restrict__ cuts) {
  const uint64_t tid = (uint64_t)blockIdx.x * kThreads + threadIdx.x;
  const uint32_t t = 1 + (uint32_t)(tid % (p.buckets_full - 1));
  const uint64_t g = tid / (p.buckets_full - 1);
  if (g >= p.groups || t >= gsat_bcf_group_buckets(&p, g)) return;
  const K *x = in + gsat_bcf_group_base(&p, g), *y = x + p.run;
  const uint32_t lx = gsat_bcf_run_len(&p, g, 0), ly = gsat_bcf_run_len(&p, g, 1);
  const uint32_t d = (uint32_t)((uint64_t)t * p.chunk);
  uint32_t lo = d > ly ? d - ly : 0, hi = d < lx ? d : lx;
  while (lo < hi) {
    const uint32_t mid = lo + (hi - lo) / 2;
    if (!(y[d - mid - 1] < x[mid]))
      lo = mid + 1;
    else
      hi = mid;
  }
  const uint64_t c0 = gsat_bcf_cut_index(&p, g, t, 0);
  const uint64_t c1 = gsat_bcf_cut_index(&p, g, t, 1);
  cuts[c0] = cuts[c0 + 1] = lo;
  cuts[c1] = cuts[c1 + 1] = d - lo;
}

} // namespace gsat_bcf

#endif
