/* Host replay of the bank-conflict-free sort (bcfsort_sim.h).  Every function
 * below mirrors a kernel or device function of kernels/bcfsort.cu and
 * kernels/bcfsort_warp.cuh step by step: the same index functions, the same
 * network tables, the same order of shared-memory instructions. */
#include "kernels/bcfsort_sim.h"

#include <stdlib.h>
#include <string.h>

#include "kernels/bcfsort_index.h"
#include "kernels/bcfsort_net.h"
#include "kernels/bcfsort_plan.h"

/*------------------------------------------------------------------------*/
/* One warp: 32 lanes of 32 registers and the warp's shared memory (a padded
 * page; in the merge kernel followed by up to 7 leftover slots), indexed in
 * keys.  Every warp's region starts at a multiple of 1056 keys, a multiple
 * of 32 words, so relative indices have the banks of absolute ones. */

#define SLOTS_MAX  7u
#define MERGE_SMEM (GSAT_BCF_SCRATCH + 32u + SLOTS_MAX * GSAT_BCF_ROW_SLOT)

typedef struct sim_warp {
  uint64_t R[32][32];
  uint64_t *smem;
  uint32_t key_bytes;
  gsat_bcf_bank_stats *stats;
} sim_warp;

static uint64_t sentinel(uint32_t key_bytes) {
  return key_bytes == 4 ? UINT32_MAX : UINT64_MAX;
}

static void record(sim_warp *w, const uint32_t idx[32]) {
  uint32_t addr[32];
  for (int l = 0; l < 32; ++l) addr[l] = idx[l] * w->key_bytes;
  gsat_bcf_sim_access(addr, NULL, w->key_bytes, w->stats);
}

/* One warp-wide shared store of lane values v[l] at key index idx[l]. */
static void smem_store(sim_warp *w, const uint32_t idx[32], const uint64_t v[32]) {
  record(w, idx);
  for (int l = 0; l < 32; ++l) w->smem[idx[l]] = v[l];
}

/* One warp-wide shared access: lane l at word idx[l] of the warp's shared
 * memory; load into R[l][reg] or store from it. */
static void page_access(sim_warp *w, const uint32_t idx[32], int store, uint32_t reg) {
  record(w, idx);
  for (uint32_t l = 0; l < 32; ++l)
    if (store)
      w->smem[idx[l]] = w->R[l][reg];
    else
      w->R[l][reg] = w->smem[idx[l]];
}

static void run_net(sim_warp *w, const unsigned char (*net)[2], int count) {
  for (int l = 0; l < 32; ++l) gsat_bcf_sim_network(w->R[l], net, count);
}

/* cft<STORE_REV, LOAD_REV> and cft_rev of bcfsort_warp.cuh: lane l stores
 * its line reversed when bit l of rev is set (STORE_REV: the odd lanes). */
#define ODD_LANES 0xaaaaaaaau
static void cft(sim_warp *w, uint32_t rev, int load_rev) {
  uint32_t idx[32];
  uint64_t v[32];
  for (uint32_t i = 0; i < 32; ++i) {
    for (uint32_t l = 0; l < 32; ++l) {
      idx[l] = gsat_bcf_phys(i, l);
      v[l] = (rev >> l) & 1u ? w->R[l][31 - i] : w->R[l][i];
    }
    smem_store(w, idx, v);
  }
  for (uint32_t i = 0; i < 32; ++i) {
    for (uint32_t l = 0; l < 32; ++l) idx[l] = gsat_bcf_phys(load_rev ? 31 - l : l, i);
    page_access(w, idx, 0, i);
  }
}

static void column_net(sim_warp *w, uint32_t window_size) {
  switch (window_size) {
  case 32:
    run_net(w, gsat_bcf_net_sort32, GSAT_BCF_NET_SORT32_SIZE);
    break;
  case 8:
    run_net(w, gsat_bcf_net_window8, GSAT_BCF_NET_WINDOW8_SIZE);
    break;
  case 4:
    run_net(w, gsat_bcf_net_window4, GSAT_BCF_NET_WINDOW4_SIZE);
    break;
  default:
    run_net(w, gsat_bcf_net_window2, GSAT_BCF_NET_WINDOW2_SIZE);
    break;
  }
}

/* shear_sort of bcfsort_warp.cuh. */
static void shear_sort(sim_warp *w) {
  for (int it = 0; it < 5; ++it) {
    run_net(w, gsat_bcf_net_sort32, GSAT_BCF_NET_SORT32_SIZE);
    cft(w, ODD_LANES, 0);
    column_net(w, gsat_bcf_shear_window(it));
    cft(w, 0, 0);
  }
  run_net(w, gsat_bcf_net_sort32, GSAT_BCF_NET_SORT32_SIZE);
  cft(w, 0, 0);
}

/* bitonic_page_sort of bcfsort_warp.cuh. */
static void bitonic_page_sort(sim_warp *w) {
  run_net(w, gsat_bcf_net_sort32, GSAT_BCF_NET_SORT32_SIZE);
  cft(w, ODD_LANES, 0);
  for (int k = 6; k <= 10; ++k) {
    const unsigned char(*net)[2];
    int count;
    uint32_t rev = 0;
    for (uint32_t l = 0; l < 32; ++l) rev |= (uint32_t)gsat_bcf_bitonic_rev(k, l) << l;
    gsat_bcf_sim_bitonic_stage(k, &net, &count);
    run_net(w, net, count);
    cft(w, 0, 0);
    run_net(w, gsat_bcf_net_bitonic32, GSAT_BCF_NET_BITONIC32_SIZE);
    cft(w, rev, 0);
  }
}

/* page_sort<PAGE_SORT> of bcfsort_warp.cuh. */
static void sort_page(sim_warp *w, uint32_t page_sort) {
  if (page_sort == GSAT_SORT_PAGE_BITONIC)
    bitonic_page_sort(w);
  else
    shear_sort(w);
}

/* merge_halves of bcfsort_warp.cuh. */
static void merge_halves(sim_warp *w) {
  run_net(w, gsat_bcf_net_merge32, GSAT_BCF_NET_MERGE32_SIZE);
  cft(w, 0, 0);
  run_net(w, gsat_bcf_net_bitonic32, GSAT_BCF_NET_BITONIC32_SIZE);
}

/* The place of row i, lane l in a slot: gsat_bcf_slot_index in the slot
 * forms, gsat_bcf_phys in the ROW form. */
typedef uint32_t (*slot_place)(uint32_t i, uint32_t l);

/* The merge steps' load: the 16 rows of the slot at key offset `slot` into
 * R[.][16..31]. */
static void load_slot(sim_warp *w, uint32_t slot, slot_place at) {
  uint32_t idx[32];
  for (uint32_t i = 0; i < 16; ++i) {
    for (uint32_t l = 0; l < 32; ++l) idx[l] = slot + at(i, l);
    page_access(w, idx, 0, 16 + i);
  }
}

/* The store of a block R[.][first..first + 15] into the slot at key offset
 * `slot`, lanes reversed: absorb and absorb_row of bcfsort_warp.cuh (first
 * 0), merge_step's leftover (first 16). */
static void store_slot(sim_warp *w, uint32_t slot, slot_place at, uint32_t first) {
  uint32_t idx[32];
  uint64_t v[32];
  for (uint32_t i = 0; i < 16; ++i) {
    for (uint32_t l = 0; l < 32; ++l) {
      idx[l] = slot + at(i, 31 - l);
      v[l] = w->R[l][first + i];
    }
    smem_store(w, idx, v);
  }
}

/* merge_step of bcfsort_warp.cuh on the slot at key offset `slot`. */
static uint64_t merge_step(sim_warp *w, uint32_t slot) {
  load_slot(w, slot, gsat_bcf_slot_index);
  merge_halves(w);
  cft(w, 0, 1);
  store_slot(w, slot, gsat_bcf_slot_index, 16);
  return w->R[31][16];
}

/* merge_step_row of bcfsort_warp.cuh. */
static uint64_t merge_step_row(sim_warp *w, uint32_t slot) {
  uint32_t idx[32];
  uint64_t v[32];
  load_slot(w, slot, gsat_bcf_phys);
  merge_halves(w);
  const uint64_t lmin = w->R[16][0];
  for (uint32_t c = 0; c < 32; ++c) {
    for (uint32_t l = 0; l < 32; ++l) {
      idx[l] = gsat_bcf_row_store_index(slot, l, c);
      v[l] = w->R[l][c];
    }
    smem_store(w, idx, v);
  }
  for (uint32_t i = 0; i < 16; ++i) {
    for (uint32_t l = 0; l < 32; ++l) idx[l] = gsat_bcf_phys(i, 31 - l);
    page_access(w, idx, 0, i);
  }
  return lmin;
}

/* merge_step_reg of bcfsort_warp.cuh: the leftover stays in R[.][16..31]. */
static void merge_step_reg(sim_warp *w) {
  merge_halves(w);
  cft(w, 0, 0);
}

/* absorb_reg of bcfsort_warp.cuh: lane l, register 16 + i takes lane
 * 31 - l's register i (a shuffle, no shared memory). */
static void absorb_reg(sim_warp *w) {
  for (uint32_t i = 0; i < 16; ++i)
    for (uint32_t l = 0; l < 32; ++l) w->R[l][16 + i] = w->R[31 - l][i];
}

/* Absorbs the block in R[.][0..15] into the leftover of node a in `form`;
 * returns the block's minimum. */
static uint64_t absorb_form(sim_warp *w, uint32_t form, uint32_t a) {
  const uint64_t lmin = w->R[31][0];
  if (form == GSAT_BCF_FORM_REG)
    absorb_reg(w);
  else if (form == GSAT_BCF_FORM_ROW)
    store_slot(w, gsat_bcf_slot_base(form, a), gsat_bcf_phys, 0); /* absorb_row */
  else
    store_slot(w, gsat_bcf_slot_base(form, a), gsat_bcf_slot_index, 0); /* absorb */
  return lmin;
}

/* One merge step at node a in `form`; returns the new leftover minimum
 * (unused in the REG form). */
static uint64_t merge_step_form(sim_warp *w, uint32_t form, uint32_t a) {
  if (form == GSAT_BCF_FORM_REG) {
    merge_step_reg(w);
    return 0;
  }
  if (form == GSAT_BCF_FORM_ROW) return merge_step_row(w, gsat_bcf_slot_base(form, a));
  return merge_step(w, gsat_bcf_slot_base(form, a));
}

void gsat_bcf_sim_page_sort(uint64_t page[1024], uint32_t key_bytes, uint32_t page_sort,
                            gsat_bcf_bank_stats *stats) {
  static sim_warp w;
  static uint64_t scratch[GSAT_BCF_SCRATCH];
  w.smem = scratch;
  w.key_bytes = key_bytes;
  w.stats = stats;
  for (uint32_t l = 0; l < 32; ++l)
    for (uint32_t i = 0; i < 32; ++i) w.R[l][i] = page[gsat_bcf_page_index(i, l)];
  sort_page(&w, page_sort);
  for (uint32_t l = 0; l < 32; ++l)
    for (uint32_t i = 0; i < 32; ++i) page[gsat_bcf_page_index(i, l)] = w.R[l][i];
}

/*------------------------------------------------------------------------*/
/* tile_sort_kernel: warps run one phase each between block barriers; within
 * a phase they touch disjoint words, so running them one after the other is
 * exact. */

#define TILE_MAX 16u

/* cross_stage of bcfsort_warp.cuh for warp w. */
static void cross_stage(sim_warp *w, uint64_t *tile, uint32_t lvl, uint32_t s, uint32_t warp) {
  uint32_t a, b, ia[32], ib[32];
  gsat_bcf_cross_pages(lvl, s, warp >> 1, &a, &b);
  uint32_t r0 = 16u * (warp & 1u);
  uint64_t x[16][32], y[16][32];
  for (uint32_t i = 0; i < 16; ++i) {
    for (uint32_t l = 0; l < 32; ++l) {
      ia[l] = a * GSAT_BCF_SCRATCH + gsat_bcf_phys(r0 + i, l);
      ib[l] = b * GSAT_BCF_SCRATCH +
              (s ? gsat_bcf_phys(r0 + i, l) : gsat_bcf_phys(31 - r0 - i, 31 - l));
      x[i][l] = tile[ia[l]];
      y[i][l] = tile[ib[l]];
    }
    record(w, ia);
    record(w, ib);
  }
  for (uint32_t i = 0; i < 16; ++i)
    for (uint32_t l = 0; l < 32; ++l)
      if (y[i][l] < x[i][l]) {
        uint64_t t = x[i][l];
        x[i][l] = y[i][l];
        y[i][l] = t;
      }
  for (uint32_t i = 0; i < 16; ++i) {
    for (uint32_t l = 0; l < 32; ++l) {
      ia[l] = a * GSAT_BCF_SCRATCH + gsat_bcf_phys(r0 + i, l);
      ib[l] = b * GSAT_BCF_SCRATCH +
              (s ? gsat_bcf_phys(r0 + i, l) : gsat_bcf_phys(31 - r0 - i, 31 - l));
      tile[ia[l]] = x[i][l];
      tile[ib[l]] = y[i][l];
    }
    record(w, ia);
    record(w, ib);
  }
}

/* page_merge of bcfsort_warp.cuh. */
static void page_merge(sim_warp *w) {
  uint32_t idx[32];
  for (uint32_t i = 0; i < 32; ++i) {
    for (uint32_t l = 0; l < 32; ++l) idx[l] = gsat_bcf_phys(i, l);
    page_access(w, idx, 0, i);
  }
  run_net(w, gsat_bcf_net_bitonic32, GSAT_BCF_NET_BITONIC32_SIZE);
  cft(w, 0, 0);
  run_net(w, gsat_bcf_net_bitonic32, GSAT_BCF_NET_BITONIC32_SIZE);
  for (uint32_t i = 0; i < 32; ++i) {
    for (uint32_t l = 0; l < 32; ++l) idx[l] = gsat_bcf_phys(l, i);
    page_access(w, idx, 1, i);
  }
}

/* Sorts keys[0..n) (n at most one tile) as one block of tile_sort_kernel. */
static void sim_tile_sort(uint64_t *keys, uint64_t n, uint32_t key_bytes, uint32_t pages,
                          uint32_t psort, gsat_bcf_bank_stats *stats) {
  static sim_warp warps[TILE_MAX];
  static uint64_t tile[TILE_MAX * GSAT_BCF_SCRATCH];
  uint32_t idx[32];
  for (uint32_t p = 0; p < pages; ++p) {
    sim_warp *w = &warps[p];
    w->smem = tile + p * GSAT_BCF_SCRATCH;
    w->key_bytes = key_bytes;
    w->stats = stats;
    for (uint32_t l = 0; l < 32; ++l)
      for (uint32_t i = 0; i < 32; ++i) {
        uint64_t q = (uint64_t)p * GSAT_BCF_PAGE + gsat_bcf_page_index(i, l);
        w->R[l][i] = q < n ? keys[q] : sentinel(key_bytes);
      }
    sort_page(w, psort);
    for (uint32_t i = 0; i < 32; ++i) {
      for (uint32_t l = 0; l < 32; ++l) idx[l] = gsat_bcf_phys(i, l);
      page_access(w, idx, 1, i);
    }
  }
  for (uint32_t lvl = 1; (1u << lvl) <= pages; ++lvl) {
    for (uint32_t p = 0; p < pages; ++p) cross_stage(&warps[p], tile, lvl, 0, p);
    for (uint32_t s = (1u << lvl) / 4; s >= 1; s /= 2)
      for (uint32_t p = 0; p < pages; ++p) cross_stage(&warps[p], tile, lvl, s, p);
    for (uint32_t p = 0; p < pages; ++p) page_merge(&warps[p]);
  }
  for (uint32_t p = 0; p < pages; ++p) {
    sim_warp *w = &warps[p];
    for (uint32_t i = 0; i < 32; ++i) {
      for (uint32_t l = 0; l < 32; ++l) idx[l] = gsat_bcf_phys(i, l);
      page_access(w, idx, 0, i);
    }
    for (uint32_t l = 0; l < 32; ++l)
      for (uint32_t i = 0; i < 32; ++i) {
        uint64_t q = (uint64_t)p * GSAT_BCF_PAGE + gsat_bcf_page_index(i, l);
        if (q < n) keys[q] = w->R[l][i];
      }
  }
}

/*------------------------------------------------------------------------*/
/* merge_kernel, one bucket. */

/* Returns the size of the open bucket. */
static uint64_t sim_merge_bucket(const uint64_t *in, uint64_t *out, const gsat_bcf_pass *p,
                                 const uint32_t *cuts, const uint64_t *split, uint64_t b,
                                 sim_warp *w) {
  const uint32_t kw = p->ways, depth = p->depth;
  const uint64_t sent = sentinel(w->key_bytes);
  uint64_t g;
  uint32_t t;
  gsat_bcf_bucket_locate(p, b, &g, &t);
  uint32_t nb = gsat_bcf_group_buckets(p, g);
  uint64_t gbase = gsat_bcf_group_base(p, g);
  uint32_t pos[8], endp[8];
  uint64_t head[8], lmin[8], hv[16];
  uint64_t obase = gbase, nout = 0, eoff = gbase, ecount = 0;
  for (uint32_t m = 0; m < kw; ++m) {
    uint32_t len = gsat_bcf_run_len(p, g, m), st = 0, en = len;
    if (t > 0) {
      uint64_t c = gsat_bcf_cut_index(p, g, t, m);
      st = cuts[c + 1];
      eoff += cuts[c];
      ecount += cuts[c + 1] - cuts[c];
    }
    if (t + 1 < nb) en = cuts[gsat_bcf_cut_index(p, g, t + 1, m)];
    if (en < st) en = st;
    pos[m] = st;
    endp[m] = en;
    obase += st;
    nout += en - st;
    head[m] = st < en ? in[gbase + (uint64_t)m * p->run + st] : sent;
  }
  if (ecount) {
    uint64_t x = split[gsat_bcf_split_index(p, g, t)];
    if (t < 2 || split[gsat_bcf_split_index(p, g, t - 1)] != x)
      for (uint64_t i = 0; i < ecount; ++i) out[eoff + i] = x;
  }
  for (uint32_t v = 0; v < kw; ++v) lmin[v] = sent;
  uint32_t initm = 0;
  for (uint64_t emitted = 0; emitted < nout;) {
    for (uint32_t m = 0; m < kw; ++m) hv[kw + m] = head[m];
    for (uint32_t v = kw - 1; v >= 1; --v) {
      uint64_t c = hv[2 * v] < hv[2 * v + 1] ? hv[2 * v] : hv[2 * v + 1];
      hv[v] = (initm >> v) & 1u && lmin[v] < c ? lmin[v] : c;
    }
    uint32_t right = 0, v = 1;
    for (uint32_t c = 1; c < kw; ++c) right |= (hv[2 * c + 1] < hv[2 * c] ? 1u : 0u) << c;
    for (uint32_t d = 0; d < depth; ++d) v = 2 * v + ((right >> v) & 1u);
    uint32_t m = v - kw, lp = pos[m], le = endp[m];
    const uint64_t *leaf = in + gbase + (uint64_t)m * p->run;
    for (uint32_t l = 0; l < 32; ++l)
      for (uint32_t i = 0; i < 16; ++i) {
        uint32_t q = lp + gsat_bcf_block_index(i, l);
        w->R[l][i] = q < le ? leaf[q] : sent;
      }
    pos[m] = le - lp > GSAT_BCF_HALF ? lp + GSAT_BCF_HALF : le;
    head[m] = pos[m] < le ? leaf[pos[m]] : sent;
    int alive = 1;
    for (int d = (int)depth - 1; d >= 0 && alive; --d) {
      uint32_t a = v >> (depth - (uint32_t)d);
      if (!((initm >> a) & 1u)) {
        lmin[a] = absorb_form(w, p->form, a);
        initm |= 1u << a;
        alive = 0;
      } else {
        lmin[a] = merge_step_form(w, p->form, a);
      }
    }
    if (!alive) continue;
    for (uint32_t l = 0; l < 32; ++l)
      for (uint32_t i = 0; i < 16; ++i) {
        uint64_t q = emitted + (p->form == GSAT_BCF_FORM_REG ? gsat_bcf_page_index(i, l)
                                                             : gsat_bcf_block_index(i, l));
        if (q < nout) out[obase + q] = w->R[l][i];
      }
    emitted += GSAT_BCF_HALF;
  }
  return nout;
}

/*------------------------------------------------------------------------*/
/* sort_keys of bcfsort.cu. */

gsat_status gsat_bcf_sim_sort(uint64_t *keys, size_t n, uint32_t key_bytes,
                              const gsat_sort_config *cfg, gsat_bcf_sim_stats *stats,
                              gsat_error *err) {
  gsat_bcf_plan plan;
  GSAT_FORWARD(gsat_bcf_plan_make(&plan, n, key_bytes, cfg, err));
  if (n == 0) return GSAT_OK;
  size_t per_key = sizeof(uint64_t);
  uint64_t *buf = malloc(n * per_key);
  uint64_t *sorted = malloc((plan.split_off - plan.sorted_off) / key_bytes * per_key + per_key);
  uint64_t *split = malloc((plan.cuts_off - plan.split_off) / key_bytes * per_key + per_key);
  uint32_t *cuts = malloc(plan.bytes - plan.cuts_off + sizeof(uint32_t));
  sim_warp *w = malloc(sizeof *w);
  uint64_t *merge_smem = malloc(MERGE_SMEM * sizeof *merge_smem);
  if (!buf || !sorted || !split || !cuts || !w || !merge_smem) {
    free(buf), free(sorted), free(split), free(cuts), free(w), free(merge_smem);
    return gsat_error_set(err, GSAT_NOMEM, "sort replay: out of memory");
  }
  w->smem = merge_smem;
  w->key_bytes = key_bytes;
  w->stats = stats ? &stats->bank : NULL;
  uint64_t *out = keys, *src = plan.page_to_out ? out : buf;
  const uint64_t tile = (uint64_t)plan.tile_pages * GSAT_BCF_PAGE;
  for (uint64_t base = 0; base < n; base += tile) {
    uint64_t len = n - base < tile ? n - base : tile;
    if (src != keys) memcpy(src + base, keys + base, len * sizeof *src);
    sim_tile_sort(src + base, len, key_bytes, plan.tile_pages, plan.page_sort, w->stats);
  }
  for (uint32_t i = 0; i < plan.npasses; ++i) {
    const gsat_bcf_pass *p = &plan.pass[i];
    uint64_t *dst = src == out ? buf : out;
    if (p->buckets_full > 1) {
      if (!p->merge_path) gsat_bcf_sim_sample_sort(src, p, sorted);
      gsat_bcf_sim_cuts(src, p, sorted, cuts, split);
    }
    for (uint64_t b = 0; b < p->buckets; ++b) {
      uint64_t size = sim_merge_bucket(src, dst, p, cuts, split, b, w);
      uint64_t bound = p->chunk + (uint64_t)p->ways * p->k;
      if (stats && size * 1000 / bound > stats->max_over) stats->max_over = size * 1000 / bound;
    }
    if (stats) stats->buckets += p->buckets;
    src = dst;
  }
  free(buf), free(sorted), free(split), free(cuts), free(w), free(merge_smem);
  return GSAT_OK;
}

void gsat_bcf_sim_replay(uint32_t depth, uint32_t key_bytes, uint32_t tile_pages, uint32_t form,
                         uint32_t page_sort, gsat_bcf_bank_stats *tile,
                         gsat_bcf_bank_stats *merge) {
  static uint64_t keys[TILE_MAX * GSAT_BCF_PAGE], smem[MERGE_SMEM];
  static sim_warp w;
  sim_tile_sort(keys, (uint64_t)tile_pages * GSAT_BCF_PAGE, key_bytes, tile_pages, page_sort, tile);
  memset(&w, 0, sizeof w);
  w.smem = smem;
  w.key_bytes = key_bytes;
  w.stats = merge;
  for (uint32_t a = 1; a < (1u << depth); ++a) {
    absorb_form(&w, form, a);
    merge_step_form(&w, form, a);
  }
}
