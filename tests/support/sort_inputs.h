/* Key distributions for the sort tests and device checks: random,
 * sorted, reverse, all equal, few distinct, zipf-like and sawtooth keys of
 * 32 or 64 bits, reproducible from a seed; and the host reference sort the
 * device sorts are checked against.  Plain C. */
#ifndef GSAT_TESTS_SORT_INPUTS_H
#define GSAT_TESTS_SORT_INPUTS_H

#include <stddef.h>
#include <stdint.h>

typedef enum gsat_sort_dist {
  GSAT_DIST_RANDOM,
  GSAT_DIST_SORTED,
  GSAT_DIST_REVERSE,
  GSAT_DIST_EQUAL,
  GSAT_DIST_FEW,      /* 4 distinct keys: 0, max/3, 2 max/3, max */
  GSAT_DIST_ZIPF,     /* log-uniform ranks: P(key = r) about 1 / r */
  GSAT_DIST_SAWTOOTH, /* ascending teeth of 1000 keys */
  GSAT_DIST_COUNT
} gsat_sort_dist;

/* Name of a distribution ("random", ...). */
const char *gsat_sort_dist_name(gsat_sort_dist d);

/* Fills a[0..n) with keys of distribution d below 2^key_bits (32 or 64). */
void gsat_sort_fill(uint64_t *a, size_t n, gsat_sort_dist d, uint32_t key_bits, uint64_t seed);

/* splitmix64: the next pseudo-random 64-bit value of *state. */
uint64_t gsat_sort_rand(uint64_t *state);

/* Stable LSD radix sort (8-bit digits, least significant first) of
 * key[0..n), key_bits 32 or 64, carrying val[0..n) along (val may be NULL);
 * tmp_key and tmp_val hold n entries each (tmp_val unused when val is NULL).
 * The host reference of sort_check.c.  Source: textbook LSD radix sort (Knuth,
 * TAOCP vol. 3, 5.2.5). */
void gsat_sort_host_radix(uint64_t *key, uint32_t *val, size_t n, uint32_t key_bits,
                          uint64_t *tmp_key, uint32_t *tmp_val);

#endif
