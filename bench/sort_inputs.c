/* Key distributions (sort_inputs.h). */
#include "bench/sort_inputs.h"

#include <math.h>

uint64_t gsat_sort_rand(uint64_t *state) {
  uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

const char *gsat_sort_dist_name(gsat_sort_dist d) {
  static const char *names[GSAT_DIST_COUNT] = {
      "random", "sorted", "reverse", "equal", "few", "zipf", "sawtooth"};
  return d < GSAT_DIST_COUNT ? names[d] : "?";
}

void gsat_sort_fill(uint64_t *a, size_t n, gsat_sort_dist d, uint32_t key_bits,
                    uint64_t seed) {
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
