/* Key distributions and the host reference sort (sort_inputs.h). */
#include "tests/support/sort_inputs.h"

#include <math.h>
#include <string.h>

uint64_t gsat_sort_rand(uint64_t *state) {
  uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

const char *gsat_sort_dist_name(gsat_sort_dist d) {
  static const char *names[GSAT_DIST_COUNT] = {"random", "sorted", "reverse", "equal",
                                               "few",    "zipf",   "sawtooth"};
  return d < GSAT_DIST_COUNT ? names[d] : "?";
}

void gsat_sort_fill(uint64_t *a, size_t n, gsat_sort_dist d, uint32_t key_bits, uint64_t seed) {
  uint64_t mask = key_bits >= 64 ? UINT64_MAX : ((uint64_t)1 << key_bits) - 1;
  uint64_t state = seed, scale = mask / (n ? n : 1);
  for (size_t i = 0; i < n; ++i) {
    uint64_t r = gsat_sort_rand(&state);
    switch (d) {
    case GSAT_DIST_SORTED:
      a[i] = (uint64_t)i * scale;
      break;
    case GSAT_DIST_REVERSE:
      a[i] = (uint64_t)(n - 1 - i) * scale;
      break;
    case GSAT_DIST_EQUAL:
      a[i] = mask / 3;
      break;
    case GSAT_DIST_FEW:
      a[i] = (r % 4) * (mask / 3);
      break; /* max too */
    case GSAT_DIST_ZIPF: {
      double u = (double)(r >> 11) / 9007199254740992.0;
      a[i] = (uint64_t)exp(u * log(1048576.0));
      break;
    }
    case GSAT_DIST_SAWTOOTH:
      a[i] = (uint64_t)(i % 1000) * (mask / 1000);
      break;
    default:
      a[i] = r & mask;
      break;
    }
  }
}

void gsat_sort_host_radix(uint64_t *key, uint32_t *val, size_t n, uint32_t key_bits,
                          uint64_t *tmp_key, uint32_t *tmp_val) {
  for (uint32_t shift = 0; shift < key_bits; shift += 8) {
    size_t count[257] = {0};
    for (size_t i = 0; i < n; ++i) count[((key[i] >> shift) & 255u) + 1]++;
    for (int d = 0; d < 256; ++d) count[d + 1] += count[d];
    for (size_t i = 0; i < n; ++i) {
      size_t to = count[(key[i] >> shift) & 255u]++;
      tmp_key[to] = key[i];
      if (val) tmp_val[to] = val[i];
    }
    memcpy(key, tmp_key, n * sizeof *key);
    if (val) memcpy(val, tmp_val, n * sizeof *val);
  }
}
