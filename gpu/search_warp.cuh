/* The `warp` mapping (tree-mapping.md, "Take 3" plus work stealing): each warp walks
 * one subtree; its 32 lanes share the merged clause x literal loop over the
 * occurrence stream of each propagated literal, combining per-clause outcomes with
 * ballots and shuffles.  The decision heuristics are the shared ones (dpll.h),
 * computed cooperatively with identical results, so node counts equal the CPU
 * reference's.  All scalar state is warp-uniform: every lane holds the same copy;
 * shared state is written by lane 0 between __syncwarp() barriers. */
#ifndef GSAT_GPU_SEARCH_WARP_CUH
#define GSAT_GPU_SEARCH_WARP_CUH

#include "gpu/search_common.cuh"

struct gsat_wstate {
  int8_t *val;        /* [2 V] */
  uint32_t *trail;    /* [V] */
  uint32_t *lv_pos;   /* [V + 1] trail position | GSAT_GPU_FLIP once flipped */
  uint32_t *lv_lit;   /* [V + 1] */
  uint32_t *lv_order; /* [V + 1] */
  uint32_t *moms;     /* [2 V] */
  uint32_t trail_len, qhead, level, base, root_len, conflict, next_order, lane;
  gsat_dpll_counters n;
};

__device__ inline void gsat_w_carve(gsat_wstate &s, uint8_t *at, uint32_t V, int moms) {
  s.val = (int8_t *)at;
  at += gsat_gpu_align16(2 * (uint64_t)V + 2);
  s.trail = (uint32_t *)at;
  at += gsat_gpu_align16(4 * (uint64_t)V + 4);
  s.lv_pos = (uint32_t *)at;
  at += gsat_gpu_align16(4 * ((uint64_t)V + 1));
  s.lv_lit = (uint32_t *)at;
  at += gsat_gpu_align16(4 * ((uint64_t)V + 1));
  s.lv_order = (uint32_t *)at;
  at += gsat_gpu_align16(4 * ((uint64_t)V + 1));
  s.moms = moms ? (uint32_t *)at : nullptr;
}

__device__ inline void gsat_w_assign(gsat_wstate &s, uint32_t lit) {
  __syncwarp();
  if (s.lane == 0) {
    s.val[lit] = 1;
    s.val[lit ^ 1u] = -1;
    s.trail[s.trail_len] = lit;
  }
  __syncwarp();
  s.trail_len++;
  s.n.props++;
}

__device__ inline void gsat_w_unassign_to(gsat_wstate &s, uint32_t pos) {
  __syncwarp();
  for (uint32_t i = pos + s.lane; i < s.trail_len; i += 32) {
    uint32_t l = s.trail[i];
    s.val[l] = 0;
    s.val[l ^ 1u] = 0;
  }
  __syncwarp();
  s.trail_len = pos;
  if (s.qhead > pos) s.qhead = pos;
}

/* Lanes lo..hi as a mask (0 <= lo, hi <= 31; empty when lo > hi). */
__device__ inline unsigned gsat_w_lanes(int lo, int hi) {
  if (lo > hi) return 0;
  unsigned upto = hi == 31 ? GSAT_FULL_MASK : ((1u << (hi + 1)) - 1);
  unsigned below = lo == 0 ? 0 : ((1u << lo) - 1);
  return upto & ~below;
}

/* Cooperative BCP over occurrence streams, 32 stream entries per step; a clause
 * that crosses a 32-entry boundary carries (sat, unassigned count, unit) into the
 * next step.  Returns 1 on conflict. */
__device__ inline uint32_t gsat_w_propagate(gsat_wstate &s, const gsat_gpu_cnf &cnf) {
  const int lane = (int)s.lane;
  while (s.qhead < s.trail_len) {
    uint32_t f = s.trail[s.qhead] ^ 1u;
    s.qhead++;
    uint32_t b = cnf.occ_start[f], e = cnf.occ_start[f + 1];
    bool carry_sat = false;
    uint32_t carry_un = 0, carry_unit = 0;
    for (uint32_t base = b; base < e; base += 32) {
      uint32_t i = base + (uint32_t)lane;
      bool active = i < e;
      uint32_t x = active ? cnf.occ_stream[i] : 0u;
      uint32_t l = x & GSAT_STREAM_LIT;
      int v = active ? (int)s.val[l] : -1;
      bool end = active && (x & GSAT_STREAM_END);
      unsigned endm = __ballot_sync(GSAT_FULL_MASK, end);
      unsigned satm = __ballot_sync(GSAT_FULL_MASK, v > 0);
      unsigned unm = __ballot_sync(GSAT_FULL_MASK, active && v == 0);
      int nact = (int)min(32u, e - base);
      s.n.checks += (uint32_t)nact;
      /* Owner lanes (END entries): their clause spans lanes prev + 1 .. lane. */
      unsigned below = endm & (lane ? ((1u << lane) - 1) : 0u);
      int prev = below ? 31 - __clz(below) : -1;
      unsigned seg = gsat_w_lanes(prev + 1, lane);
      bool sat = (satm & seg) != 0;
      unsigned segun = unm & seg;
      uint32_t nun = __popc(segun);
      uint32_t unit = __shfl_sync(GSAT_FULL_MASK, l, segun ? 31 - __clz(segun) : lane);
      if (prev < 0) { /* the first clause of this step may continue from the last */
        sat = sat || carry_sat;
        if (!nun) unit = carry_unit;
        nun += carry_un;
      }
      /* Carry: the lanes after the last END belong to a clause that goes on. */
      int last = endm ? 31 - __clz(endm) : -1;
      unsigned tail = gsat_w_lanes(last + 1, nact - 1);
      if (tail) {
        unsigned tun = unm & tail;
        uint32_t tunit = __shfl_sync(GSAT_FULL_MASK, l, tun ? 31 - __clz(tun) : 0);
        if (last < 0) {
          carry_sat = carry_sat || (satm & tail) != 0;
          if (tun) carry_unit = tunit;
          carry_un += __popc(tun);
        } else {
          carry_sat = (satm & tail) != 0;
          carry_un = __popc(tun);
          carry_unit = tunit;
        }
      } else if (last >= 0) {
        carry_sat = false;
        carry_un = 0;
      }
      unsigned conf = __ballot_sync(GSAT_FULL_MASK, end && !sat && nun == 0);
      if (conf) {
        s.n.conflicts++;
        return 1;
      }
      unsigned units = __ballot_sync(GSAT_FULL_MASK, end && !sat && nun == 1);
      while (units) {
        int o = __ffs(units) - 1;
        units &= units - 1;
        uint32_t u = __shfl_sync(GSAT_FULL_MASK, unit, o);
        int uv = __shfl_sync(GSAT_FULL_MASK, (int)s.val[u], 0);
        if (uv < 0) {
          s.n.conflicts++;
          return 1;
        }
        if (uv == 0) gsat_w_assign(s, u);
      }
    }
  }
  return 0;
}

__device__ inline uint32_t gsat_w_decide_static(gsat_wstate &s, const gsat_gpu_cnf &cnf) {
  uint32_t start = s.lv_order[s.level], pos = start;
  for (;; pos += 32) {
    if (pos >= cnf.order_len) {
      s.n.heur += cnf.order_len - start + 1;
      return GSAT_DPLL_NONE;
    }
    uint32_t i = pos + s.lane;
    bool free = i < cnf.order_len && s.val[cnf.order[i]] == 0;
    unsigned m = __ballot_sync(GSAT_FULL_MASK, free);
    if (m) {
      uint32_t found = pos + (uint32_t)(__ffs(m) - 1);
      s.n.heur += found - start + 1;
      s.next_order = found + 1;
      return cnf.order[found];
    }
  }
}

/* Unassigned literals and satisfaction of clause c. */
__device__ inline void gsat_w_eval_clause(const gsat_wstate &s, const gsat_gpu_cnf &cnf,
                                          uint32_t c, bool *sat, uint32_t *un) {
  bool t = false;
  uint32_t u = 0;
  for (uint32_t i = cnf.clause_start[c]; i < cnf.clause_start[c + 1]; i++) {
    int v = s.val[cnf.clause_lits[i]];
    t = t || v > 0;
    u += v == 0;
  }
  *sat = t;
  *un = u;
}

/* Unassigned literals and satisfaction of row r of a slot-major bucket: the
 * lanes of the warp read slot k of consecutive rows, consecutive words.  The
 * padding literal is false, so it counts as neither. */
__device__ inline void gsat_w_eval_row(const gsat_wstate &s,
                                       const uint32_t *row, uint32_t width,
                                       uint32_t stride, bool *sat,
                                       uint32_t *un) {
  bool t = false;
  uint32_t u = 0;
  for (uint32_t k = 0; k < width; k++) {
    int v = s.val[row[(size_t)k * stride]];
    t = t || v > 0;
    u += v == 0;
  }
  *sat = t;
  *un = u;
}

/* MOMS's first scan: this lane's smallest unassigned count over its unsatisfied
 * clauses (CSR: clauses lane, lane + 32, ...; slot: rows lane, lane + 32, ...
 * of every bucket). */
__device__ inline uint32_t gsat_w_moms_min(const gsat_wstate &s,
                                           const gsat_gpu_cnf &cnf) {
  uint32_t min = 0xffffffffu;
  bool sat;
  uint32_t un;
  if (cnf.slot) {
    for (uint32_t j = 0; j < cnf.num_buckets; j++) {
      const gsat_slot_bucket b = cnf.slot_buckets[j];
      for (uint32_t r = s.lane; r < b.count; r += 32) {
        gsat_w_eval_row(s, cnf.slot_lits + gsat_slot_index(&b, 0, r),
                        1u << b.width_log, b.stride, &sat, &un);
        if (!sat && un < min) min = un;
      }
    }
    return min;
  }
  for (uint32_t c = s.lane; c < cnf.num_clauses; c += 32) {
    gsat_w_eval_clause(s, cnf, c, &sat, &un);
    if (!sat && un < min) min = un;
  }
  return min;
}

/* MOMS's second scan: counts the unassigned literals of the unsatisfied clauses
 * with min unassigned literals into s.moms. */
__device__ inline void
gsat_w_moms_count(gsat_wstate &s, const gsat_gpu_cnf &cnf, uint32_t min) {
  bool sat;
  uint32_t un;
  if (cnf.slot) {
    for (uint32_t j = 0; j < cnf.num_buckets; j++) {
      const gsat_slot_bucket b = cnf.slot_buckets[j];
      const uint32_t width = 1u << b.width_log;
      for (uint32_t r = s.lane; r < b.count; r += 32) {
        const uint32_t *row = cnf.slot_lits + gsat_slot_index(&b, 0, r);
        gsat_w_eval_row(s, row, width, b.stride, &sat, &un);
        if (sat || un != min) continue;
        for (uint32_t k = 0; k < width; k++) {
          uint32_t l = row[(size_t)k * b.stride];
          if (s.val[l] == 0) atomicAdd(&s.moms[l], 1u);
        }
      }
    }
    return;
  }
  for (uint32_t c = s.lane; c < cnf.num_clauses; c += 32) {
    gsat_w_eval_clause(s, cnf, c, &sat, &un);
    if (sat || un != min) continue;
    for (uint32_t i = cnf.clause_start[c]; i < cnf.clause_start[c + 1]; i++) {
      uint32_t l = cnf.clause_lits[i];
      if (s.val[l] == 0) atomicAdd(&s.moms[l], 1u);
    }
  }
}

/* MOMS as in dpll.h decide_moms, lanes sharing clauses and variables.  The
 * minimum and the counts do not depend on which lane reads which clause, so
 * both layouts decide alike; heuristic work counts real literals. */
__device__ inline uint32_t gsat_w_decide_moms(gsat_wstate &s,
                                              const gsat_gpu_cnf &cnf) {
  uint32_t min = __reduce_min_sync(GSAT_FULL_MASK, gsat_w_moms_min(s, cnf));
  uint32_t total = cnf.lits_size;
  s.n.heur += total;
  if (min == 0xffffffffu) return GSAT_DPLL_NONE;
  __syncwarp();
  for (uint32_t l = s.lane; l < 2 * cnf.num_vars; l += 32) s.moms[l] = 0;
  __syncwarp();
  gsat_w_moms_count(s, cnf, min);
  __syncwarp();
  s.n.heur += total + 3 * (uint64_t)cnf.num_vars;
  unsigned long long best_score = 0;
  uint32_t best_var = 0xffffffffu, best_neg = 0;
  for (uint32_t v = s.lane; v < cnf.num_vars; v += 32) {
    unsigned long long p = s.moms[2 * v], n = s.moms[2 * v + 1];
    unsigned long long score = p * n * 1024 + p + n;
    if (score > best_score) { /* v ascending per lane: ties keep the smaller v */
      best_score = score;
      best_var = v;
      best_neg = n > p;
    }
  }
  for (int d = 16; d; d >>= 1) {
    unsigned long long os = __shfl_xor_sync(GSAT_FULL_MASK, best_score, d);
    uint32_t ov = __shfl_xor_sync(GSAT_FULL_MASK, best_var, d);
    uint32_t on = __shfl_xor_sync(GSAT_FULL_MASK, best_neg, d);
    if (os > best_score || (os == best_score && ov < best_var)) {
      best_score = os;
      best_var = ov;
      best_neg = on;
    }
  }
  return 2 * best_var + best_neg;
}

__device__ inline void gsat_w_set_level(gsat_wstate &s, uint32_t d, uint32_t pos, uint32_t lit,
                                        uint32_t order) {
  __syncwarp();
  if (s.lane == 0) {
    s.lv_pos[d] = pos;
    s.lv_lit[d] = lit;
    s.lv_order[d] = order;
  }
  __syncwarp();
}

__device__ inline uint32_t gsat_w_init_root(gsat_wstate &s, const gsat_gpu_cnf &cnf) {
  for (uint32_t l = s.lane; l < 2 * cnf.num_vars; l += 32) s.val[l] = 0;
  if (s.lane == 0)
    s.val[2 * cnf.num_vars] = -1; /* the padding literal (slot_layout.h) */
  s.trail_len = s.qhead = s.level = s.base = 0;
  s.conflict = 0;
  gsat_w_set_level(s, 0, GSAT_GPU_FLIP, 0, 0);
  for (uint32_t k = 0; k < cnf.num_units && !s.conflict; k++) {
    uint32_t u = cnf.units[k];
    int v = __shfl_sync(GSAT_FULL_MASK, (int)s.val[u], 0);
    if (v < 0) s.conflict = 1;
    else if (v == 0) gsat_w_assign(s, u);
  }
  if (!s.conflict) s.conflict = gsat_w_propagate(s, cnf);
  s.root_len = s.trail_len;
  return s.conflict;
}

/* Replays a cube read from global memory (L2, so another SM's writes are seen). */
__device__ inline uint32_t gsat_w_start_cube(gsat_wstate &s, const gsat_gpu_cnf &cnf,
                                             const uint32_t *cube, uint32_t n) {
  unsigned long long checks = s.n.checks;
  gsat_w_unassign_to(s, s.root_len);
  s.level = 0;
  s.conflict = 0;
  for (uint32_t k = 0; k < n && !s.conflict; k++) {
    uint32_t lit = __ldcg(cube + k);
    s.level++;
    gsat_w_set_level(s, s.level, s.trail_len | GSAT_GPU_FLIP, lit, 0);
    int v = __shfl_sync(GSAT_FULL_MASK, (int)s.val[lit], 0);
    if (v < 0) {
      s.conflict = 1;
    } else if (v == 0) {
      gsat_w_assign(s, lit);
      s.conflict = gsat_w_propagate(s, cnf);
    }
  }
  s.base = s.level;
  s.n.replay += s.n.checks - checks;
  s.n.checks = checks;
  return s.conflict;
}

__device__ inline int gsat_w_search(gsat_wstate &s, const gsat_gpu_cnf &cnf, int moms,
                                    uint64_t budget) {
  uint64_t stop_at = s.n.nodes + budget;
  for (;;) {
    if (s.conflict) {
      uint32_t pos;
      for (;;) {
        if (s.level <= s.base) return GSAT_DPLL_EXHAUSTED;
        pos = s.lv_pos[s.level];
        gsat_w_unassign_to(s, pos & ~GSAT_GPU_FLIP);
        if (!(pos & GSAT_GPU_FLIP)) break;
        s.level--;
      }
      uint32_t lit = s.lv_lit[s.level] ^ 1u;
      gsat_w_set_level(s, s.level, pos | GSAT_GPU_FLIP, lit, s.lv_order[s.level]);
      gsat_w_assign(s, lit);
      s.n.nodes++;
      s.conflict = gsat_w_propagate(s, cnf);
      continue;
    }
    if (s.n.nodes >= stop_at) return GSAT_DPLL_PAUSED;
    uint32_t lit = moms ? gsat_w_decide_moms(s, cnf) : gsat_w_decide_static(s, cnf);
    if (lit == GSAT_DPLL_NONE) return GSAT_DPLL_SAT;
    s.level++;
    gsat_w_set_level(s, s.level, s.trail_len, lit, moms ? 0 : s.next_order);
    gsat_w_assign(s, lit);
    s.n.nodes++;
    s.conflict = gsat_w_propagate(s, cnf);
  }
}

/* The shallowest level below the base whose second branch is untried, 0 if
 * none. */
__device__ inline uint32_t gsat_w_shallowest_open(const gsat_wstate &s) {
  for (uint32_t d0 = s.base + 1; d0 <= s.level; d0 += 32) {
    uint32_t k = d0 + s.lane;
    bool open = k <= s.level && !(s.lv_pos[k] & GSAT_GPU_FLIP);
    unsigned m = __ballot_sync(GSAT_FULL_MASK, open);
    if (m) return d0 + (uint32_t)(__ffs(m) - 1);
  }
  return 0;
}

/* Gives away the shallowest untried branch below the base into out (global); see
 * dpll.h donate.  Returns the cube length, 0 if none. */
__device__ inline uint32_t gsat_w_donate(gsat_wstate &s, uint32_t *out, uint32_t cap) {
  uint32_t d = gsat_w_shallowest_open(s);
  if (!d || d > cap) return 0;
  for (uint32_t k = s.lane; k + 1 < d; k += 32) __stcg(out + k, s.lv_lit[k + 1]);
  if (s.lane == 0) __stcg(out + d - 1, s.lv_lit[d] ^ 1u);
  __syncwarp();
  if (s.lane == 0) s.lv_pos[d] |= GSAT_GPU_FLIP;
  __syncwarp();
  s.n.nodes++;
  return d;
}

/*------------------------------------------------------------------------*/

/* The persistent kernel of the warp mapping. */
__global__ void __launch_bounds__(512, 1) gsat_gpu_warp_kernel(gsat_gpu_params p) {
  GSAT_GPU_DYNAMIC_SMEM(smem);
  gsat_gpu_block *blk = (gsat_gpu_block *)smem;
  const int moms = p.decide == GSAT_DECIDE_MOMS;
  uint8_t *at = smem + GSAT_GPU_BLOCK_HEADER;
  gsat_bqueue *bq = gsat_gpu_block_queue_init(at, p.block_queue_cap);
  at += gsat_gpu_block_queue_bytes(p.block_queue_cap);
  gsat_gpu_block_init(blk);
  gsat_gpu_cnf cnf = p.cnf;
  if (p.cnf_in_smem) {
    gsat_gpu_stage_cnf(&cnf, at, moms);
    at += p.cnf_smem_bytes;
  }
  __syncthreads();
  const unsigned warp = threadIdx.x >> 5, lane = threadIdx.x & 31;
  const unsigned id = blockIdx.x * (blockDim.x >> 5) + warp;
  uint8_t *mine = p.state_in_smem ? at + (size_t)warp * p.warp_state_bytes
                                  : p.state + (size_t)id * p.state_stride;
  gsat_wstate s;
  s.n = gsat_dpll_counters{};
  s.lane = lane;
  s.next_order = 0;
  gsat_w_carve(s, mine, cnf.num_vars, moms);
  gsat_w_init_root(s, cnf); /* the host checked that the root is not refuted */
  s.n.replay += s.n.checks;
  s.n.checks = 0;
  unsigned long long cubes = 0, donations = 0;
  gsat_gpu_cycles cyc = {0, 0, 0};
  gsat_gpu_xchg x = {false, 32, {0, 0, 0}};
  bool have = false;
  if (id == 0) { /* the whole tree */
    cubes++;
    have = !gsat_w_start_cube(s, cnf, nullptr, 0);
    if (!have && lane == 0) gsat_gpu_cube_done(p);
  }
  long long last_poll = clock64();
  unsigned rounds = 0;
  for (;;) {
    int stop = lane == 0 ? gsat_gpu_block_load(&blk->stop) : 0;
    if (__shfl_sync(GSAT_FULL_MASK, stop, 0)) break;
    if (warp == 0 && lane == 0) gsat_gpu_poll_host(p, blk, &last_poll);
    long long t0 = clock64();
    if (have) {
      int res = gsat_w_search(s, cnf, moms, p.slice);
      long long t1 = clock64();
      cyc.search += t1 - t0;
      t0 = t1;
      if (res == GSAT_DPLL_SAT) {
        bool won = lane == 0 && gsat_gpu_claim_sat(p, id);
        won = __shfl_sync(GSAT_FULL_MASK, won, 0);
        if (won) {
          for (uint32_t v = lane; v < cnf.num_vars; v += 32) p.model[v] = s.val[2 * v] > 0;
          __syncwarp();
          if (lane == 0) gsat_gpu_raise_stop(p);
        }
        if (lane == 0) gsat_gpu_block_store(&blk->stop, 1);
        break;
      }
      if (res == GSAT_DPLL_EXHAUSTED) {
        have = false;
        if (lane == 0) gsat_gpu_cube_done(p);
      } else {
        /* Donate when a warp of this block, or anywhere, waits for work: the
         * counters first (reads only), then an open branch, then a pool slot. */
        int target = 0;
        if (lane == 0) {
          gsat_gpu_refresh_stop(p, blk);
          target = gsat_gpu_wants_donation(p, blk, bq);
        }
        target = __shfl_sync(GSAT_FULL_MASK, target, 0);
        if (target && gsat_w_shallowest_open(s)) {
          uint32_t slot = 0;
          int got = lane == 0 && gsat_queue_pop(p.free_slots, &slot);
          got = __shfl_sync(GSAT_FULL_MASK, got, 0);
          slot = __shfl_sync(GSAT_FULL_MASK, slot, 0);
          if (got) {
            uint32_t n = gsat_w_donate(s, gsat_gpu_slot_ptr(p, slot) + 1, cnf.num_vars);
            __threadfence();
            __syncwarp();
            if (lane == 0) gsat_gpu_publish(p, bq, target, slot, n);
            donations += n != 0;
          }
        }
      }
    }
    if (!have) {
      int src = 0;
      uint32_t slot = 0;
      if (lane == 0) src = gsat_gpu_take(p, blk, bq, (int)warp, &x, &slot);
      src = __shfl_sync(GSAT_FULL_MASK, src, 0);
      slot = __shfl_sync(GSAT_FULL_MASK, slot, 0);
      if (src) {
        __threadfence();
        const uint32_t *cube = gsat_gpu_slot_ptr(p, slot);
        uint32_t n = __ldcg(cube);
        cubes++;
        have = !gsat_w_start_cube(s, cnf, cube + 1, n);
        __syncwarp();
        if (lane == 0) {
          gsat_queue_push(p.free_slots, slot);
          if (!have) gsat_gpu_cube_done(p);
        }
        cyc.replay += clock64() - t0;
      } else {
        unsigned ns = __shfl_sync(GSAT_FULL_MASK, x.backoff, 0);
        __nanosleep(ns);
        if (lane == 0) x.backoff = min(2 * x.backoff, p.max_backoff);
        cyc.idle += clock64() - t0;
      }
    }
    GSAT_GPU_TRACE(blockIdx.x * blockDim.x + threadIdx.x, rounds, have);
    if ((++rounds & 63) == 0 && lane == 0) gsat_gpu_store_counters(p, id, s.n, cubes, donations, cyc);
  }
  if (lane == 0) {
    gsat_gpu_leave(p, blk, (int)warp, &x);
    gsat_gpu_add_steals(p, &x);
    gsat_gpu_store_counters(p, id, s.n, cubes, donations, cyc);
  }
}

#endif
