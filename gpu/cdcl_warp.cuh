/* The GPU CDCL searchers (cdcl.md sections 3-4): the CDCL step code
 * (core/cdcl.h) instantiated for a warp team (gpu/team_warp.cuh:
 * gsat_cdcl_warp_search, ...; the CPU's instance is cpu/cdcl_one.h), and
 * the kernel body that runs one searcher per warp over the whole formula.
 * Each warp copies the host-built template searcher (original clauses, their
 * watches, the root units) into its own planned regions (gpu/cdcl_plan.h),
 * diversifies it (seed: phases and activities; the configuration was varied
 * by the host), and searches in slices of `slice` steps, checking the stop
 * word between slices.  Learned units and short clauses go to a global ring
 * with a hash filter (core/share.h, the CPU portfolio's protocol and
 * layout); after a restart a searcher imports what the others shared.
 * Cubes (p.cubes set): the CPU portfolio's protocol on the same tree and
 * queue (core/cdcl_cubes.h over cube.h): searcher 0 starts with the
 * root, the others idle; between slices an idle searcher takes a queued cube
 * as its assumptions and a busy one splits when more are idle than queued;
 * a refuted cube's negated failed assumptions are learned and shared, each
 * closed parent's negated cube follows them (both in the proof ring first,
 * with --proof), and UNSAT is claimed when the last open cube is refuted.
 * A full arena triggers a reduction (tiers first, then every unlocked
 * learned clause); a searcher that still has no room retires.
 * Termination: the first searcher with a model claims the answer, writes the
 * model and raises the stop word (the host checks the model against the
 * original clauses); UNSAT when a searcher derives the empty clause (or
 * refutes the assumptions, which every searcher shares); the host's stop flag
 * (mapped host memory, raised for signals, gsat_terminate and limits) is
 * forwarded to the stop word by searcher 0; UNKNOWN when every searcher
 * retired.  Each searcher stores its phase and round count as it goes
 * (gsat_cdcl_gpu_at; GSAT_GPU_AT_LEFT when it returns), so that the host can
 * name the searchers of a kernel that does not stop (gpu/kernel_wait.h).
 * Included by gpu/cdcl_search.cu and by the SIMT emulation test. */
#ifndef GSAT_GPU_CDCL_WARP_CUH
#define GSAT_GPU_CDCL_WARP_CUH

#include <stdint.h>

#include "gpu/kernel_wait.h" /* enum gsat_gpu_where */
#include "core/cdcl.h"
#include "core/cdcl_cubes.h"
#include "core/cdcl_import.h"
#include "core/share.h"

#include "gpu/team_warp.cuh"
#define GSAT_CDCL_FN(name) gsat_cdcl_warp_##name
#include "core/cdcl_team.h"

/* Answers in gsat_cdcl_gpu_ctl.answer (gsat_answer's values). */
#define GSAT_CDCL_GPU_SAT   10u
#define GSAT_CDCL_GPU_UNSAT 20u

/* The run's control block in device memory. */
struct gsat_cdcl_gpu_ctl {
  uint32_t answer;  /* 0 until a searcher claims SAT or UNSAT */
  uint32_t winner;  /* the searcher that claimed it */
  uint32_t stop;    /* raised: every searcher returns */
  uint32_t retired; /* searchers without room in their arena */
};

/* A searcher's side of the global clause ring (core/share.h). */
struct gsat_cdcl_gpu_reader {
  gsat_share_reader r;
  uint64_t imported_at; /* the searcher's restarts at its last import */
};

/* A searcher's side of the cube pool (core/cdcl_cubes.h): the node
 * it holds and its counters.  Written by the kernel only (set at its start). */
struct gsat_cdcl_gpu_cube {
  uint32_t node; /* held, GSAT_CUBE_NONE: idle */
  uint32_t pad;
  uint64_t taken, donated, refuted;
};

/* Where a searcher is, for the host's report of a kernel that does not stop
 * (gpu/kernel_wait.h: gsat_kernel_wait_give_up): its phase (enum
 * gsat_gpu_where; GSAT_GPU_AT_LEFT once it returned) and its rounds (the
 * slices' stop checks begun).  Cleared by the host, written by lane 0
 * (volatile) as the searcher goes. */
struct gsat_cdcl_gpu_at {
  uint32_t where;
  uint32_t round;
};

/* The stuck report's view (gpu/kernel_wait.h) of host copies at[0..n-1] of
 * the searchers' phases, per_block searchers (warps) to a block. */
static inline gsat_kernel_where gsat_cdcl_gpu_where_of(const gsat_cdcl_gpu_at *at, uint32_t n,
                                                       uint32_t per_block) {
  gsat_kernel_where k;
  k.where = &at[0].where;
  k.round = &at[0].round;
  k.stride = sizeof *at;
  k.workers = n;
  k.per_block = per_block;
  k.noun = "searcher";
  return k;
}

/* What the kernel takes (device addresses). */
struct gsat_cdcl_gpu_params {
  gsat_cdcl *searchers; /* [count] descriptors (gsat_cdcl_gpu_describe) */
  uint32_t count;
  const uint32_t *tmpl_fixed; /* the template's fixed block, fixed_words */
  uint64_t fixed_words;
  const uint32_t *tmpl_arena; /* its arena_top words */
  uint64_t arena_words;
  const gsat_watch *tmpl_wpool; /* its wpool_top entries */
  uint64_t wpool_entries;
  gsat_db_view db; /* occurrence streams (the STREAMS variant) */
  gsat_cdcl_gpu_ctl *ctl;
  uint8_t *model;                 /* [num_vars] */
  const int *host_stop;           /* mapped host flag */
  uint32_t slice;                 /* steps between stop checks */
  gsat_share *share;              /* the ring of short learned clauses and units, or NULL */
  gsat_cdcl_gpu_reader *readers;  /* [count] */
  uint32_t import_max;            /* clauses taken at one restart, at most */
  gsat_cubes *cubes;              /* the cube tree and queue (cube.h), or NULL: no cubes */
  gsat_term *cube_term;           /* its open-cube count (term.h; the answer goes to ctl) */
  gsat_cdcl_gpu_cube *cube_state; /* [count] */
  gsat_cdcl_gpu_at *at;           /* [count], cleared */
};

/* Records that searcher id is at `where` (gsat_gpu_where).  Any lane may
 * call it; lane 0 stores. */
__device__ inline void gsat_cdcl_gpu_mark(const gsat_cdcl_gpu_params &p, uint32_t id,
                                          unsigned where) {
  if (TEAM_RANK == 0) *(volatile uint32_t *)&p.at[id].where = where;
}

/* The top of a round: its count and phase.  Any lane may call it. */
__device__ inline void gsat_cdcl_gpu_round(const gsat_cdcl_gpu_params &p, uint32_t id) {
  if (TEAM_RANK != 0) return;
  volatile gsat_cdcl_gpu_at *a = &p.at[id];
  a->round = a->round + 1;
  a->where = GSAT_GPU_AT_ROUND;
}

/* A full arena on the device: reduce by tiers, then, if that freed too little,
 * every unlocked learned clause (tiers 0).  Returns 1 when there is room. */
__device__ inline int gsat_cdcl_gpu_make_room(gsat_cdcl *s) {
  gsat_cdcl_reduce(s);
  if (gsat_cdcl_room(s) == 0) return 1;
  uint32_t t1 = s->cfg.tier1_lbd, t2 = s->cfg.tier2_lbd;
  s->cfg.tier1_lbd = 0;
  s->cfg.tier2_lbd = 0;
  gsat_cdcl_reduce(s);
  s->cfg.tier1_lbd = t1;
  s->cfg.tier2_lbd = t2;
  return gsat_cdcl_room(s) == 0;
}

/* After a restart of s (its restart count moved): takes at level 0 what the
 * other searchers shared, units first, at most `max` clauses (cdcl.md section
 * 4: imported at restarts).  A clause that finds no room after a reduction is
 * dropped (sharing is a heuristic).  Returns GSAT_CDCL_UNSAT when an import
 * refutes the formula at level 0 (or complementary units were shared), else
 * 0.  One lane. */
__device__ inline int gsat_cdcl_gpu_import(gsat_cdcl *s, gsat_share *sh, gsat_cdcl_gpu_reader *rd,
                                           uint32_t max) {
  if (s->n.restarts == rd->imported_at) return 0;
  rd->imported_at = s->n.restarts;
  if (gsat_load_acquire_u32(&sh->unit_conflict)) return GSAT_CDCL_UNSAT;
  if (rd->r.next_unit >= gsat_load_acquire_u32(&sh->unit_count) &&
      rd->r.next >= gsat_load_acquire_u64(&sh->cursor))
    return 0;
  gsat_cdcl_backtrack(s, 0);
  gsat_lit lits[GSAT_SHARE_MAX_LEN];
  for (uint32_t k = 0; k < max; k++) {
    uint32_t n = 1;
    if (!gsat_share_import_unit(sh, &rd->r, &lits[0]) && !gsat_share_import(sh, &rd->r, lits, &n))
      return 0;
    int res = gsat_cdcl_import(s, lits, n, n);
    if (res == GSAT_CDCL_GROW_ARENA && gsat_cdcl_gpu_make_room(s))
      res = gsat_cdcl_import(s, lits, n, n);
    if (res == GSAT_CDCL_UNSAT) return GSAT_CDCL_UNSAT;
    if (res != 0) return 0; /* no room: dropped */
  }
  return 0;
}

/* The stop word, and the host's flag forwarded into it by searcher 0.
 * Team-uniform. */
__device__ inline int gsat_cdcl_gpu_stopped(const gsat_cdcl_gpu_params &p, uint32_t id) {
  int stop = 0;
  if (TEAM_RANK == 0) {
    stop = __ldcg(&p.ctl->stop) != 0;
    if (!stop && id == 0 && *(const volatile int *)p.host_stop) {
      atomicExch(&p.ctl->stop, 1u);
      stop = 1;
    }
  }
  return TEAM_BCAST(stop, 0);
}

/* Claims the answer a for searcher id; the winner (SAT) writes the model.
 * Raises the stop word. */
__device__ inline void gsat_cdcl_gpu_claim(const gsat_cdcl_gpu_params &p, gsat_cdcl *s, uint32_t id,
                                           uint32_t a) {
  int won = 0;
  if (TEAM_RANK == 0) won = atomicCAS(&p.ctl->answer, 0u, a) == 0u;
  won = TEAM_BCAST(won, 0);
  if (!won) return;
  if (a == GSAT_CDCL_GPU_SAT)
    for (uint32_t v = TEAM_RANK; v < s->num_vars; v += 32) p.model[v] = s->val[2 * v] > 0;
  __threadfence();
  __syncwarp();
  if (TEAM_RANK == 0) {
    p.ctl->winner = id;
    __threadfence();
    atomicExch(&p.ctl->stop, 1u);
  }
  __syncwarp();
}

/* Copies the template into searcher s's regions (all lanes). */
__device__ inline void gsat_cdcl_gpu_load(const gsat_cdcl_gpu_params &p, gsat_cdcl *s) {
  uint32_t *fixed = (uint32_t *)gsat_cdcl_fixed_block(s);
  for (uint64_t k = TEAM_RANK; k < p.fixed_words; k += 32) fixed[k] = p.tmpl_fixed[k];
  for (uint64_t k = TEAM_RANK; k < p.arena_words; k += 32) s->arena[k] = p.tmpl_arena[k];
  for (uint64_t k = TEAM_RANK; k < p.wpool_entries; k += 32) s->wpool[k] = p.tmpl_wpool[k];
  __syncwarp();
  TEAM_ONE(gsat_cdcl_diversify(s));
}

/* s refuted its cube (s->unsat_assumptions): the negated failed assumptions
 * are learned (logged to the proof ring when s has one, then shared through
 * the clause ring: gsat_cdcl_cube_clause; added to s's database at level 0,
 * after a reduction when the arena is full; dropped when there is still no
 * room, which only costs learning), the node is closed with the parents it
 * completes, each parent's negated cube logged and shared after its children
 * (gsat_cdcl_cube_close), and s goes idle.  Returns 1 when the formula is
 * refuted (the last open cube, or the clause false at level 0: the host ends
 * the proof with the empty clause), else 0.  One lane. */
__device__ inline int gsat_cdcl_gpu_cube_refuted(const gsat_cdcl_gpu_params &p, gsat_cdcl *s,
                                                 uint32_t id) {
  gsat_cdcl_gpu_cube *st = &p.cube_state[id];
  const uint32_t n = gsat_cdcl_cube_clause(s); /* logged and shared */
  int res = gsat_cdcl_import(s, s->failed, n, n);
  if (res == GSAT_CDCL_GROW_ARENA && gsat_cdcl_gpu_make_room(s))
    res = gsat_cdcl_import(s, s->failed, n, n);
  if (res == GSAT_CDCL_UNSAT) return 1;
  gsat_cdcl_cube_close(s, p.cubes, st->node);
  st->refuted++;
  return gsat_cdcl_cube_done(p.cubes, p.cube_term, id, &st->node);
}

/* Between slices: an idle searcher takes a cube (1 when it holds one now),
 * a busy one splits when others are hungry.  One lane. */
__device__ inline int gsat_cdcl_gpu_cube_turn(const gsat_cdcl_gpu_params &p, gsat_cdcl *s,
                                              uint32_t id) {
  gsat_cdcl_gpu_cube *st = &p.cube_state[id];
  gsat_cdcl_gpu_mark(p, id, st->node == GSAT_CUBE_NONE ? GSAT_GPU_AT_TAKE : GSAT_GPU_AT_GIVE);
  if (st->node == GSAT_CUBE_NONE) {
    if (!gsat_cdcl_cube_take(s, p.cubes, &st->node)) return 0;
    st->taken++;
    return 1;
  }
  if (gsat_cdcl_cube_split(s, p.cubes, p.cube_term, &st->node)) st->donated++;
  return 1;
}

/* A searcher that retires (no room) gives its cube back to the queue, so
 * that another one searches it (it stays open).  One lane. */
__device__ inline void gsat_cdcl_gpu_cube_return(const gsat_cdcl_gpu_params &p, uint32_t id) {
  gsat_cdcl_gpu_cube *st = &p.cube_state[id];
  if (st->node == GSAT_CUBE_NONE || !gsat_cubes_push(p.cubes, st->node)) return;
  st->node = GSAT_CUBE_NONE;
}

/* A searcher's slice ended with res (not PAUSED, not an import's verdict):
 * a refuted cube, an answer (claimed) or a full arena.  Returns 1 to go on
 * searching, 0 when the searcher is done (answer claimed or retired:
 * searcher 0 keeps forwarding the host's flag until the stop word).  All
 * lanes. */
__device__ inline int gsat_cdcl_gpu_after_slice(const gsat_cdcl_gpu_params &p, gsat_cdcl *s,
                                                uint32_t id, int res) {
  if (res == GSAT_CDCL_UNSAT && p.cubes && s->unsat_assumptions) {
    int refuted = 0;
    gsat_cdcl_gpu_mark(p, id, GSAT_GPU_AT_REFUTED);
    TEAM_ONE(refuted = gsat_cdcl_gpu_cube_refuted(p, s, id));
    if (!TEAM_BCAST(refuted, 0)) return 1;
  }
  if (res == GSAT_CDCL_SAT || res == GSAT_CDCL_UNSAT) {
    gsat_cdcl_gpu_mark(p, id, GSAT_GPU_AT_CLAIM);
    gsat_cdcl_gpu_claim(p, s, id, res == GSAT_CDCL_SAT ? GSAT_CDCL_GPU_SAT : GSAT_CDCL_GPU_UNSAT);
    return 0;
  }
  int ok = 0;
  if (res == GSAT_CDCL_GROW_ARENA) {
    gsat_cdcl_gpu_mark(p, id, GSAT_GPU_AT_REDUCE);
    TEAM_ONE(ok = gsat_cdcl_gpu_make_room(s));
    ok = TEAM_BCAST(ok, 0);
  }
  if (ok) return 1;
  if (p.cubes) TEAM_ONE(gsat_cdcl_gpu_cube_return(p, id));
  if (TEAM_RANK == 0 && atomicAdd(&p.ctl->retired, 1u) + 1 == p.count) atomicExch(&p.ctl->stop, 1u);
  __syncwarp();
  if (id == 0) gsat_cdcl_gpu_mark(p, id, GSAT_GPU_AT_RETIRED);
  while (id == 0 && !gsat_cdcl_gpu_stopped(p, id)) __nanosleep(100000);
  return 0;
}

/* Searcher id's slices until an answer, the stop word, or no room. */
__device__ inline void gsat_cdcl_gpu_slices(const gsat_cdcl_gpu_params &p, gsat_cdcl *s,
                                            uint32_t id) {
  unsigned backoff = 1000; /* ns an idle searcher waits before it looks again */
  for (;;) {
    gsat_cdcl_gpu_round(p, id);
    if (gsat_cdcl_gpu_stopped(p, id)) return;
    if (p.cubes) {
      int held = 0;
      TEAM_ONE(held = gsat_cdcl_gpu_cube_turn(p, s, id));
      if (!TEAM_BCAST(held, 0)) { /* idle: look again later (at most 64 us) */
        gsat_cdcl_gpu_mark(p, id, GSAT_GPU_AT_SLEEP);
        __nanosleep(backoff);
        if (backoff < 64000) backoff *= 2;
        continue;
      }
      backoff = 1000;
    }
    gsat_cdcl_gpu_mark(p, id, GSAT_GPU_AT_SEARCH);
    int res = gsat_cdcl_warp_search(s, &p.db, p.slice);
    if (res == GSAT_CDCL_PAUSED && p.share) {
      gsat_cdcl_gpu_mark(p, id, GSAT_GPU_AT_SHARE);
      TEAM_ONE(res = gsat_cdcl_gpu_import(s, p.share, &p.readers[id], p.import_max));
      res = TEAM_BCAST(res, 0);
      if (res == 0) res = GSAT_CDCL_PAUSED;
    }
    if (res == GSAT_CDCL_PAUSED) continue;
    if (!gsat_cdcl_gpu_after_slice(p, s, id, res)) return;
  }
}

/* One warp's searcher: load, then search slices (gsat_cdcl_gpu_slices);
 * its phase in p.at[id] as it goes, GSAT_GPU_AT_LEFT when it returns. */
__device__ inline void gsat_cdcl_gpu_searcher(const gsat_cdcl_gpu_params &p) {
  const uint32_t id = (uint32_t)((blockIdx.x * blockDim.x + threadIdx.x) / 32);
  if (id >= p.count) return; /* warp-uniform */
  gsat_cdcl *s = &p.searchers[id];
  gsat_cdcl_gpu_mark(p, id, GSAT_GPU_AT_SETUP);
  gsat_cdcl_gpu_load(p, s);
  if (p.cubes && TEAM_RANK == 0) {
    gsat_cdcl_gpu_cube *st = &p.cube_state[id];
    st->node = id == 0 ? 0 : GSAT_CUBE_NONE; /* searcher 0 holds the root */
    st->taken = st->donated = st->refuted = 0;
  }
  __syncwarp();
  gsat_cdcl_gpu_slices(p, s, id);
  __syncwarp();
  gsat_cdcl_gpu_mark(p, id, GSAT_GPU_AT_LEFT);
}

#endif
