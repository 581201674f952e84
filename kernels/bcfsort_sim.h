/* Host replay of the bank-conflict-free sort (bcfsort.md section 13.3).
 *
 * The kernels of kernels/bcfsort.cu are warp programs whose shared-memory
 * addresses depend only on the lane, the step and the layout (and, in the
 * merge tree, on a warp-uniform leftover slot whose words all have the same
 * banks).  This module runs the same programs on 32 simulated lanes, with the
 * index functions and network tables of bcfsort_index.h and bcfsort_net.h,
 * and counts for every warp-wide shared-memory instruction the wavefronts by
 * the rule of section 13.3: per bank the number of distinct 4-byte words
 * requested, the maximum over banks, against the ideal ceil(bytes / 128).
 * Keys are held in uint64_t; key_bytes (4 or 8) sets the sentinel and the
 * access width.  Plain C, used by the unit tests in CI. */
#ifndef GSAT_GPU_BCFSORT_SIM_H
#define GSAT_GPU_BCFSORT_SIM_H

#include <stddef.h>
#include <stdint.h>

#include "kernels/bcfsort.h"
#include "kernels/bcfsort_index.h"
#include "base/status.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gsat_bcf_bank_stats {
  uint64_t instructions; /* warp-wide shared loads and stores */
  uint64_t wavefronts;
  uint64_t conflicts; /* wavefronts beyond the ideal */
} gsat_bcf_bank_stats;

/* Wavefronts of one warp-wide shared access: lane l (active[l] != 0) reads or
 * writes `width` bytes at byte address addr[l] (active may be NULL: all
 * lanes).  Adds to stats (may be NULL) and returns the wavefront count. */
uint32_t gsat_bcf_sim_access(const uint32_t addr[32], const uint8_t *active, uint32_t width,
                             gsat_bcf_bank_stats *stats);

/* Regenerates the network tables of bcfsort_net.h from their recursive
 * definitions (section 4); returns the number of tables that differ (0). */
int gsat_bcf_sim_check_networks(void);

/* Applies a network table (pairs, count) to x[0..31]. */
void gsat_bcf_sim_network(uint64_t x[32], const unsigned char (*net)[2], int count);

/* The half-cleaner table of stage k (6..10) of the bitonic page sort
 * (bcfsort_net.h: gsat_bcf_net_bitonic_k6..k9, and gsat_bcf_net_bitonic32
 * for k = 10) in *net and its size in *count. */
void gsat_bcf_sim_bitonic_stage(int k, const unsigned char (**net)[2], int *count);

/* Sorts one page of 1024 keys as the page-sort phase of tile_sort_kernel
 * does, with page_sort (a gsat_sort_page: BITONIC, else ShearSort). */
void gsat_bcf_sim_page_sort(uint64_t page[1024], uint32_t key_bytes, uint32_t page_sort,
                            gsat_bcf_bank_stats *stats);

typedef struct gsat_bcf_sim_stats {
  gsat_bcf_bank_stats bank; /* every shared access of every warp */
  uint64_t buckets;         /* merge buckets of all passes */
  uint64_t max_over;        /* largest bucket / (chunk + ways * k), in 1/1000 */
} gsat_bcf_sim_stats;

/* Sorts keys[0..n) as gsat_gpu_sort_keys_u32/u64 do, kernel by kernel, warp
 * by warp; stats (may be NULL) accumulates.  Errors: as gsat_bcf_plan_make,
 * NOMEM. */
gsat_status gsat_bcf_sim_sort(uint64_t *keys, size_t n, uint32_t key_bytes,
                              const gsat_sort_config *cfg, gsat_bcf_sim_stats *stats,
                              gsat_error *err);

/* sample_sort_kernel of kernels/bcfsort.cu for pass p over in[0..p->n): the
 * sorted samples of group g go to sorted[g * p->samples_full ..]; a
 * sample's rank is the sum over the `ways` threads of its sample (section
 * 8). */
void gsat_bcf_sim_sample_sort(const uint64_t *in, const gsat_bcf_pass *p, uint64_t *sorted);

/* splitter_cut_kernel (from the sorted samples; splitters into split) or,
 * for merge-path passes, merge_path_cut_kernel of kernels/bcfsort.cu: the cut
 * records (gsat_bcf_cut_index) of every bucket boundary of pass p (sections
 * 7-9). */
void gsat_bcf_sim_cuts(const uint64_t *in, const gsat_bcf_pass *p, const uint64_t *sorted,
                       uint32_t *cuts, uint64_t *split);

/* Replays the shared-memory traces of one block of the tile sort of
 * tile_pages (8 or 16) pages (every warp) with page_sort (gsat_sort_page:
 * BITONIC, else ShearSort) and of a first block and a merge
 * step on every leftover slot of a tree of 2^depth leaves in merge-step form
 * `form` (GSAT_BCF_FORM_*; REG needs depth 1), for key_bytes 4 or 8 (the
 * traces do not depend on key values). */
void gsat_bcf_sim_replay(uint32_t depth, uint32_t key_bytes, uint32_t tile_pages, uint32_t form,
                         uint32_t page_sort, gsat_bcf_bank_stats *tile, gsat_bcf_bank_stats *merge);

#ifdef __cplusplus
}
#endif

#endif
