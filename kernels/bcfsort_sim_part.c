/* Host replay of the bank-conflict-free sort, partition kernels
 * (bcfsort_sim.h): sample_sort_kernel, splitter_cut_kernel and
 * merge_path_cut_kernel of kernels/bcfsort.cu (sections 7-9), thread by thread. */
#include "kernels/bcfsort_sim.h"

static uint32_t rank_in_run(const uint64_t *run, uint32_t len, uint64_t x, int strict) {
  uint32_t lo = 0, hi = len;
  while (lo < hi) {
    uint32_t mid = lo + (hi - lo) / 2;
    if (strict ? run[mid] < x : !(x < run[mid]))
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

static uint32_t rank_in_samples(const uint64_t *run, uint32_t count, uint32_t k, uint64_t x,
                                int strict) {
  uint32_t lo = 0, hi = count;
  while (lo < hi) {
    uint32_t mid = lo + (hi - lo) / 2;
    uint64_t y = run[(uint64_t)(mid + 1) * k - 1];
    if (strict ? y < x : !(x < y))
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

void gsat_bcf_sim_sample_sort(const uint64_t *in, const gsat_bcf_pass *p, uint64_t *sorted) {
  for (uint64_t g = 0; g < p->groups; ++g) {
    uint32_t total = 0;
    for (uint32_t m = 0; m < p->ways; ++m) total += gsat_bcf_run_samples(p, g, m);
    const uint64_t *base = in + gsat_bcf_group_base(p, g);
    for (uint32_t s = 0; s < total; ++s) {
      uint32_t m, j, rank = 0;
      gsat_bcf_sample_locate(p, g, s, &m, &j);
      uint64_t x = base[(uint64_t)m * p->run + (uint64_t)(j + 1) * p->k - 1];
      for (uint32_t mo = 0; mo < p->ways; ++mo) {
        const uint64_t *other = base + (uint64_t)mo * p->run;
        uint32_t count = gsat_bcf_run_samples(p, g, mo);
        rank += mo == m  ? j
                : mo < m ? rank_in_samples(other, count, p->k, x, 0)
                         : rank_in_samples(other, count, p->k, x, 1);
      }
      sorted[g * p->samples_full + rank] = x;
    }
  }
}

void gsat_bcf_sim_cuts(const uint64_t *in, const gsat_bcf_pass *p, const uint64_t *sorted,
                       uint32_t *cuts, uint64_t *split) {
  for (uint64_t g = 0; g < p->groups; ++g) {
    const uint64_t *base = in + gsat_bcf_group_base(p, g);
    for (uint32_t t = 1; t < gsat_bcf_group_buckets(p, g); ++t) {
      if (p->merge_path) {
        const uint64_t *x = base, *y = base + p->run;
        uint32_t lx = gsat_bcf_run_len(p, g, 0), ly = gsat_bcf_run_len(p, g, 1);
        uint32_t d = (uint32_t)((uint64_t)t * p->chunk);
        uint32_t lo = d > ly ? d - ly : 0, hi = d < lx ? d : lx;
        while (lo < hi) {
          uint32_t mid = lo + (hi - lo) / 2;
          if (!(y[d - mid - 1] < x[mid]))
            lo = mid + 1;
          else
            hi = mid;
        }
        uint64_t c0 = gsat_bcf_cut_index(p, g, t, 0);
        uint64_t c1 = gsat_bcf_cut_index(p, g, t, 1);
        cuts[c0] = cuts[c0 + 1] = lo;
        cuts[c1] = cuts[c1 + 1] = d - lo;
        continue;
      }
      uint64_t x = sorted[g * p->samples_full + (uint64_t)t * p->spb];
      for (uint32_t m = 0; m < p->ways; ++m) {
        const uint64_t *run = base + (uint64_t)m * p->run;
        uint32_t len = gsat_bcf_run_len(p, g, m);
        uint64_t c = gsat_bcf_cut_index(p, g, t, m);
        cuts[c] = rank_in_run(run, len, x, 1);
        cuts[c + 1] = rank_in_run(run, len, x, 0);
      }
      split[gsat_bcf_split_index(p, g, t)] = x;
    }
  }
}
