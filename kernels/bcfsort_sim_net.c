/* Host replay of the bank-conflict-free sort, first part (bcfsort_sim.h):
 * the bank model of section 13.3 and the comparator networks of section 4,
 * regenerated from their recursive definitions. */
#include "kernels/bcfsort_sim.h"

#include <string.h>

#include "kernels/bcfsort_net.h"

/*------------------------------------------------------------------------*/
/* Bank model (section 13.3). */

uint32_t gsat_bcf_sim_access(const uint32_t addr[32], const uint8_t *active, uint32_t width,
                             gsat_bcf_bank_stats *stats) {
  uint32_t words[32 * 4], nwords = 0, lanes = 0, per_bank[32] = {0};
  for (uint32_t l = 0; l < 32; ++l) {
    if (active && !active[l]) continue;
    ++lanes;
    for (uint32_t t = 0; t < width / 4; ++t) {
      uint32_t word = addr[l] / 4 + t, seen = 0;
      for (uint32_t x = 0; x < nwords && !seen; ++x) seen = words[x] == word;
      if (!seen) words[nwords++] = word;
    }
  }
  uint32_t wavefronts = 0;
  for (uint32_t x = 0; x < nwords; ++x) {
    uint32_t c = ++per_bank[words[x] % 32];
    if (c > wavefronts) wavefronts = c;
  }
  uint32_t ideal = (lanes * width + 127) / 128;
  if (stats) {
    stats->instructions++;
    stats->wavefronts += wavefronts;
    if (wavefronts > ideal) stats->conflicts += wavefronts - ideal;
  }
  return wavefronts;
}

/*------------------------------------------------------------------------*/
/* Networks (section 4), regenerated from their recursive definitions. */

typedef struct net_buf {
  unsigned char pair[256][2];
  int count;
} net_buf;

static void emit(net_buf *b, int lo, int hi) {
  b->pair[b->count][0] = (unsigned char)lo;
  b->pair[b->count][1] = (unsigned char)hi;
  b->count++;
}

static void oem_merge(net_buf *b, int lo, int n, int r) {
  int m = 2 * r;
  if (m < n) {
    oem_merge(b, lo, n, m);
    oem_merge(b, lo + r, n, m);
    for (int i = lo + r; i + r < lo + n; i += m) emit(b, i, i + r);
  } else {
    emit(b, lo, lo + r);
  }
}

static void oem_sort(net_buf *b, int lo, int n) {
  if (n < 2) return;
  oem_sort(b, lo, n / 2);
  oem_sort(b, lo + n / 2, n / 2);
  oem_merge(b, lo, n, 1);
}

/* Sorts every 0^a X 1^b with |X| <= d: aligned blocks of d, then block pairs
 * (0,1), (2,3), ... and (1,2), (3,4), ... merged. */
static void window(net_buf *b, int d) {
  for (int lo = 0; lo < 32; lo += d) oem_sort(b, lo, d);
  for (int lo = 0; lo < 32; lo += 2 * d) oem_merge(b, lo, 2 * d, 1);
  for (int lo = d; lo + 2 * d <= 32; lo += 2 * d) oem_merge(b, lo, 2 * d, 1);
}

static int differs(const net_buf *b, const unsigned char (*net)[2], int count) {
  return b->count != count || memcmp(b->pair, net, (size_t)count * 2 * sizeof net[0][0]) != 0;
}

int gsat_bcf_sim_check_networks(void) {
  int bad = 0;
  net_buf b = {{{0}}, 0};
  oem_sort(&b, 0, 32);
  bad += differs(&b, gsat_bcf_net_sort32, GSAT_BCF_NET_SORT32_SIZE);
  b.count = 0;
  oem_merge(&b, 0, 32, 1);
  bad += differs(&b, gsat_bcf_net_merge32, GSAT_BCF_NET_MERGE32_SIZE);
  b.count = 0;
  for (int k = 16; k >= 1; k /= 2)
    for (int i = 0; i < 32; ++i)
      if (!(i & k)) emit(&b, i, i + k);
  bad += differs(&b, gsat_bcf_net_bitonic32, GSAT_BCF_NET_BITONIC32_SIZE);
  for (int k = 6; k <= 10; ++k) { /* bitonic sort: descending blocks */
    const unsigned char(*net)[2];
    int count;
    b.count = 0;
    for (int s = 1 << (k - 6); s >= 1; s /= 2)
      for (int i = 0; i < 32; ++i)
        if (!(i & s)) {
          if (k < 10 && (i >> (k - 5)) & 1)
            emit(&b, i + s, i);
          else
            emit(&b, i, i + s);
        }
    gsat_bcf_sim_bitonic_stage(k, &net, &count);
    bad += differs(&b, net, count);
  }
  b.count = 0;
  window(&b, 8);
  bad += differs(&b, gsat_bcf_net_window8, GSAT_BCF_NET_WINDOW8_SIZE);
  b.count = 0;
  window(&b, 4);
  bad += differs(&b, gsat_bcf_net_window4, GSAT_BCF_NET_WINDOW4_SIZE);
  b.count = 0;
  window(&b, 2);
  bad += differs(&b, gsat_bcf_net_window2, GSAT_BCF_NET_WINDOW2_SIZE);
  return bad;
}

void gsat_bcf_sim_network(uint64_t x[32], const unsigned char (*net)[2], int count) {
  for (int c = 0; c < count; ++c) {
    uint64_t *a = &x[net[c][0]], *b = &x[net[c][1]];
    if (*b < *a) {
      uint64_t t = *a;
      *a = *b;
      *b = t;
    }
  }
}

void gsat_bcf_sim_bitonic_stage(int k, const unsigned char (**net)[2], int *count) {
  static const struct {
    const unsigned char (*net)[2];
    int count;
  } stage[5] = {{gsat_bcf_net_bitonic_k6, GSAT_BCF_NET_BITONIC_K6_SIZE},
                {gsat_bcf_net_bitonic_k7, GSAT_BCF_NET_BITONIC_K7_SIZE},
                {gsat_bcf_net_bitonic_k8, GSAT_BCF_NET_BITONIC_K8_SIZE},
                {gsat_bcf_net_bitonic_k9, GSAT_BCF_NET_BITONIC_K9_SIZE},
                {gsat_bcf_net_bitonic32, GSAT_BCF_NET_BITONIC32_SIZE}};
  *net = stage[k - 6].net;
  *count = stage[k - 6].count;
}
