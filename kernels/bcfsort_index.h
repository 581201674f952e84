/* Data-oblivious index functions of the bank-conflict-free sort, shared by the
 * CUDA kernels (kernels/bcfsort.cu), the plan (kernels/bcfsort_plan.c) and the host
 * replay (kernels/bcfsort_sim.c).  Source: Sitchinava and Weichert, "Bank
 * Conflict Free Comparison-based Sorting On GPUs" (arXiv:1306.5076), restated
 * in ../shared/design/bcfsort.md; section numbers below refer to that file.
 *
 * A page is a 32 x 32 matrix P[r][c] of keys held by one warp: "lane j owns
 * column j" means R_j[r] = P[r][j], "lane j owns row j" means R_j[c] = P[j][c].
 * Shared memory holds a page in the padded layout phys(r, c) = 33 r + c, whose
 * bank (r + c) mod 32 makes both line types conflict-free (section 2).
 * Compiles as C11 and as CUDA C++. */
#ifndef GSAT_GPU_BCFSORT_INDEX_H
#define GSAT_GPU_BCFSORT_INDEX_H

#include <stdint.h>

#include "base/hd.h"

#define GSAT_BCF_W          32u   /* lanes per warp, banks, page side */
#define GSAT_BCF_PAGE       1024u /* keys per page */
#define GSAT_BCF_HALF       512u  /* keys per merge block (section 7: H) */
#define GSAT_BCF_SCRATCH    1056u /* padded page: 32 * 33 keys */
#define GSAT_BCF_MAX_PASSES 40

/* Padded layout: word of P[r][c] in a per-warp scratch page. */
GSAT_HD uint32_t gsat_bcf_phys(uint32_t r, uint32_t c) {
  return r * 33u + c;
}

/* Column network of ShearSort iteration it (0..4): the columns then hold at
 * most 32 >> it dirty entries in one window, so a window network suffices
 * (returns 32 for a full sort, else 8, 4 or 2; section 5, "Our final-phase
 * variant", plus the halving of dirty rows). */
GSAT_HD uint32_t gsat_bcf_shear_window(int it) {
  return it < 2 ? 32u : 32u >> it;
}

/* Bitonic page sort (gsat_sort_page BITONIC, kernels/bcfsort_warp.cuh): after
 * the bitonic merger of stage k (block size 2^k, k = 6..10), lane `lane`
 * holds the 32 keys of page indices 32 lane .. 32 lane + 31 ascending; it
 * stores them reversed in the next transposition when their block of 2^k
 * sorts descending (bit k of the page index, bit k - 5 of the lane; never
 * for k = 10, whose block is the whole page), so that every block of 2^(k+1)
 * is bitonic for stage k + 1. */
GSAT_HD int gsat_bcf_bitonic_rev(int k, uint32_t lane) {
  return k < 10 && ((lane >> (k - 5)) & 1u) != 0;
}

/* Pages per tile of the tile sort: one warp per page; the block then merges
 * its sorted pages in shared memory with bitonic merges (the block-level
 * extension of section 6), so the merge passes start from runs of
 * tile_pages * 1024 keys. */
#define GSAT_BCF_TILE_PAGES(key_bytes) ((key_bytes) == 4 ? 16u : 8u)

/* Pages (a, b) compared by pair q of a cross-page stage of the tile's
 * bitonic merge at level lvl (runs of 2^(lvl-1) pages merged into 2^lvl):
 * s == 0 is the flip stage (page a element e against page b element
 * 1023 - e, b mirroring a in the group of 2^lvl pages), s > 0 the half-cleaner
 * of s pages (element e against element e). */
GSAT_HD void gsat_bcf_cross_pages(uint32_t lvl, uint32_t s, uint32_t q, uint32_t *a, uint32_t *b) {
  if (s == 0) {
    uint32_t half = 1u << (lvl - 1), g = q / half, r = q % half;
    *a = 2 * half * g + r;
    *b = 2 * half * g + 2 * half - 1 - r;
  } else {
    *a = q / s * 2 * s + q % s;
    *b = *a + s;
  }
}

/* Global offset, inside a page, of the key that lane `lane` holds in register
 * i after a coalesced row load (R_j[i] = page[32 i + j]). */
GSAT_HD uint32_t gsat_bcf_page_index(uint32_t i, uint32_t lane) {
  return i * GSAT_BCF_W + lane;
}

/* Offset, inside a merge block of 512 keys, of the key that lane `lane` holds
 * in register i (i < 16): each row reversed, P[i][c] = block[32 i + 31 - c]
 * (section 7).  The merge kernel also emits and stores blocks this way. */
GSAT_HD uint32_t gsat_bcf_block_index(uint32_t i, uint32_t lane) {
  return i * GSAT_BCF_W + (GSAT_BCF_W - 1u - lane);
}

/* Word, inside a leftover slot of 512 keys, of leftover key 32 i + c (the
 * slot holds the leftover in sorted order). */
GSAT_HD uint32_t gsat_bcf_slot_index(uint32_t i, uint32_t c) {
  return i * GSAT_BCF_W + c;
}

/* Forms of the merge step (section 7), gsat_sort_form of kernels/bcfsort.h:
 * CLASSIC transposes the merged page back (two CFTs) and keeps each leftover
 * in a slot of 512 keys in sorted order; ROW stores the merged rows directly
 * (lanes 0..15 into the scratch page, lanes 16..31 into a padded leftover
 * slot) and reads the output block back from the scratch, 128 instead of 160
 * shared accesses per step; REG (binary merges only) keeps the single
 * leftover in registers R[16..31], 128 accesses per step and no slot. */
#define GSAT_BCF_FORM_CLASSIC 1u
#define GSAT_BCF_FORM_ROW     2u
#define GSAT_BCF_FORM_REG     3u

/* A ROW leftover slot: 16 padded rows of 33 keys, rounded up to 544 keys (a
 * multiple of 32) so that every slot starts 16 banks after the scratch page:
 * then lane j < 16 storing row j into the scratch and lane j + 16 storing
 * row j + 16 into the slot hit banks (j + c) mod 32 and (j + 16 + c) mod 32. */
#define GSAT_BCF_ROW_SLOT 544u

/* Keys of shared memory per merge warp for a tree of `ways` leaves, a
 * multiple of 32 so that every warp's region starts at bank 0. */
GSAT_HD uint32_t gsat_bcf_merge_keys(uint32_t form, uint32_t ways) {
  if (form == GSAT_BCF_FORM_REG) return GSAT_BCF_SCRATCH;
  if (form == GSAT_BCF_FORM_ROW) return GSAT_BCF_SCRATCH + 32u + (ways - 1u) * GSAT_BCF_ROW_SLOT;
  return GSAT_BCF_SCRATCH + (ways - 1u) * GSAT_BCF_HALF;
}

/* Offset, in the warp's region, of the leftover slot of tree node a >= 1. */
GSAT_HD uint32_t gsat_bcf_slot_base(uint32_t form, uint32_t a) {
  if (form == GSAT_BCF_FORM_ROW) return GSAT_BCF_SCRATCH + 16u + (a - 1u) * GSAT_BCF_ROW_SLOT;
  return GSAT_BCF_SCRATCH + (a - 1u) * GSAT_BCF_HALF;
}

/* ROW form: offset, in the warp's region, where lane j stores key c of row j
 * of the merged page: rows 0..15 (the output) into the scratch page, rows
 * 16..31 (the new leftover) into the slot at `slot`, both padded. */
GSAT_HD uint32_t gsat_bcf_row_store_index(uint32_t slot, uint32_t j, uint32_t c) {
  return j < 16u ? gsat_bcf_phys(j, c) : slot + gsat_bcf_phys(j - 16u, c);
}

/* One merge pass: groups of `ways` consecutive runs of length `run` (the last
 * run and group may be shorter) are merged into runs of length ways * run.
 * Every group is cut into buckets; one warp merges one bucket (the bucket's
 * sub-run of each run).  Cuts come either from splitters (sections 8 and 9:
 * every k-th key of every run is a sample, the samples of a group are
 * sorted, every spb-th sorted sample is a splitter x_t, and run m is cut at
 * lower_bound(x_t) and upper_bound(x_t), giving open buckets B_t and equal
 * buckets E_t), or, for ways == 2, from merge path at every chunk-th output.
 * A group of at most `chunk` keys is a single bucket. */
typedef struct gsat_bcf_pass {
  uint64_t n;            /* keys */
  uint64_t run;          /* input run length, a multiple of 1024 */
  uint64_t groups;       /* ceil(n / (ways * run)) */
  uint64_t chunk;        /* target keys per bucket */
  uint64_t buckets;      /* all buckets of the pass */
  uint32_t ways;         /* 2, 4 or 8 */
  uint32_t depth;        /* log2(ways) */
  uint32_t merge_path;   /* 1: merge-path cuts (ways == 2), 0: splitters */
  uint32_t k;            /* sample stride (splitters) */
  uint32_t spb;          /* sorted samples per bucket (splitters) */
  uint32_t samples_full; /* samples of a full group (splitters) */
  uint32_t buckets_full; /* buckets of a full group */
  uint32_t buckets_last; /* buckets of the last group */
  uint32_t form;         /* GSAT_BCF_FORM_* of the merge step */
} gsat_bcf_pass;

/* First key of group g. */
GSAT_HD uint64_t gsat_bcf_group_base(const gsat_bcf_pass *p, uint64_t g) {
  return g * p->ways * p->run;
}

/* Keys of group g. */
GSAT_HD uint64_t gsat_bcf_group_size(const gsat_bcf_pass *p, uint64_t g) {
  uint64_t base = gsat_bcf_group_base(p, g), span = p->ways * p->run;
  return p->n - base < span ? p->n - base : span;
}

/* Length of run m of group g (0 for runs past the end). */
GSAT_HD uint32_t gsat_bcf_run_len(const gsat_bcf_pass *p, uint64_t g, uint32_t m) {
  uint64_t start = gsat_bcf_group_base(p, g) + (uint64_t)m * p->run;
  if (start >= p->n) return 0;
  return (uint32_t)(p->n - start < p->run ? p->n - start : p->run);
}

/* Samples of run m of group g: keys at run positions (j + 1) k - 1. */
GSAT_HD uint32_t gsat_bcf_run_samples(const gsat_bcf_pass *p, uint64_t g, uint32_t m) {
  return p->k ? gsat_bcf_run_len(p, g, m) / p->k : 0;
}

/* Buckets of group g. */
GSAT_HD uint32_t gsat_bcf_group_buckets(const gsat_bcf_pass *p, uint64_t g) {
  return g + 1 < p->groups ? p->buckets_full : p->buckets_last;
}

/* Group and bucket-in-group of bucket b (b < p->buckets). */
GSAT_HD void gsat_bcf_bucket_locate(const gsat_bcf_pass *p, uint64_t b, uint64_t *g, uint32_t *t) {
  uint64_t full = (p->groups - 1) * p->buckets_full;
  if (b < full) {
    *g = b / p->buckets_full;
    *t = (uint32_t)(b % p->buckets_full);
  } else {
    *g = p->groups - 1;
    *t = (uint32_t)(b - full);
  }
}

/* Index of the cut record of (group g, bucket t, run m); records of one
 * bucket boundary t (t >= 1) hold lower_bound and upper_bound of x_t in every
 * run of the group, relative to the run start. */
GSAT_HD uint64_t gsat_bcf_cut_index(const gsat_bcf_pass *p, uint64_t g, uint32_t t, uint32_t m) {
  return ((g * p->buckets_full + t) * p->ways + m) * 2u;
}

/* Index of splitter x_t of group g in the splitter array. */
GSAT_HD uint64_t gsat_bcf_split_index(const gsat_bcf_pass *p, uint64_t g, uint32_t t) {
  return g * p->buckets_full + t;
}

/* Run m and index j of sample s of group g (s below the group's sample
 * count): samples are numbered run by run. */
GSAT_HD void gsat_bcf_sample_locate(const gsat_bcf_pass *p, uint64_t g, uint32_t s, uint32_t *m,
                                    uint32_t *j) {
  uint32_t r = 0;
  while (r + 1 < p->ways && s >= gsat_bcf_run_samples(p, g, r)) {
    s -= gsat_bcf_run_samples(p, g, r);
    ++r;
  }
  *m = r;
  *j = s;
}

/* Packed keys of the 32-bit pair sort (kernels/bcfsort_pairs.cuh): key << shift
 * | p, p the index of the key's value in the last moved value array (shift
 * 30 or 32, p below 2^shift).  Shared with the host simulation of how the
 * values travel (tests/test_bcfsort_sim.c). */
GSAT_HD uint64_t gsat_bcf_pack(uint32_t key, uint64_t p, int shift) {
  return (uint64_t)key << shift | p;
}

/* The value index p of pack b. */
GSAT_HD uint64_t gsat_bcf_pack_pos(uint64_t b, int shift) {
  return b & (((uint64_t)1 << shift) - 1);
}

/* The 32-bit key of pack b. */
GSAT_HD uint32_t gsat_bcf_pack_key(uint64_t b, int shift) {
  return (uint32_t)(b >> shift);
}

/* Pack b renumbered to value index q (after its value moved to q). */
GSAT_HD uint64_t gsat_bcf_repack(uint64_t b, uint64_t q, int shift) {
  return (b & ~(((uint64_t)1 << shift) - 1)) | q;
}

#endif
