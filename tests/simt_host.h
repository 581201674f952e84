/* Runs gsat's CUDA search kernels on the host, for unit tests on machines without
 * a GPU.  Every warp is a host thread that runs its 32 lanes as coroutines
 * (ucontext), switching at each warp-level primitive (__syncwarp, __ballot_sync,
 * __shfl_sync, ...): a lane posts its operand and yields; once all 32 lanes have
 * posted, the warp computes every lane's result and resumes them.  __syncthreads
 * also meets the block's other warps (host threads) at a barrier.  All blocks run
 * at once.  This checks the kernels' logic and their __syncwarp discipline (lanes
 * really do interleave between sync points), not their speed.  By default a warp's
 * lanes run in lane order from one sync point to the next; GSAT_SIMT_PERTURB
 * (below) shuffles that order and interleaves them, and the host threads, at
 * atomics, fences and queue operations.  Include this header
 * before the kernel sources, in C++. */
#ifndef GSAT_TESTS_SIMT_HOST_H
#define GSAT_TESTS_SIMT_HOST_H

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <sched.h>
#include <thread>
#include <time.h>
#include <ucontext.h>
#include <vector>

#define __host__
#define __device__
#define __global__
#define __forceinline__ inline
#define __launch_bounds__(...)

struct gsat_simt_dim3 {
  unsigned x, y, z;
};

struct gsat_simt_spin_barrier {
  std::atomic<int> count{0}, generation{0};
  int n = 0;
  void wait() {
    int g = generation.load(std::memory_order_acquire);
    if (count.fetch_add(1, std::memory_order_acq_rel) + 1 == n) {
      count.store(0, std::memory_order_relaxed);
      generation.fetch_add(1, std::memory_order_acq_rel);
    } else {
      while (generation.load(std::memory_order_acquire) == g) sched_yield();
    }
  }
};

/* SIMT_YIELD: not a collective; a lane that lets its warp-mates run (the
 * perturbation below) and wants to be resumed before the warp's next
 * collective completes. */
enum gsat_simt_op {
  SIMT_SYNC,
  SIMT_BLOCK_SYNC,
  SIMT_SHFL,
  SIMT_BALLOT,
  SIMT_MIN,
  SIMT_SUM,
  SIMT_DONE,
  SIMT_YIELD
};

struct gsat_simt_block;

struct gsat_simt_lane {
  gsat_simt_dim3 thread_idx, block_idx, block_dim, grid_dim;
  gsat_simt_block *block;
  ucontext_t ctx;
  std::vector<char> stack;
  gsat_simt_op op;
  unsigned long long value, result;
  int src;
  const char *file; /* the call site of the posted operation */
  int line;
};

struct gsat_simt_warp_run {
  ucontext_t sched;
  gsat_simt_lane lanes[32];
};

struct gsat_simt_block {
  gsat_simt_spin_barrier bar; /* one arrival per warp */
  uint8_t *smem;
};

inline thread_local gsat_simt_lane *gsat_simt_cur;
inline thread_local gsat_simt_warp_run *gsat_simt_warp_cur;

/* Perturbed interleavings (GSAT_SIMT_PERTURB=SEED in the environment, off by
 * default or with 0): the atomics, fences, L2 loads and stores below and the
 * cube queue's CAS loops (GSAT_QUEUE_PAUSE, gpu/cube_queue.cuh) sometimes let
 * another lane of the warp run (so that lanes interleave between sync points,
 * as under independent thread scheduling), yield the host thread (another
 * warp or block runs) or sleep a few microseconds.  Host threads are not
 * scheduled deterministically, so a seed varies the pattern rather than
 * replaying a run. */
inline std::atomic<uint64_t> &gsat_simt_perturb_seed_var() { /* a test may set it */
  static std::atomic<uint64_t> seed{[] {
    const char *e = getenv("GSAT_SIMT_PERTURB");
    return e ? strtoull(e, nullptr, 0) : 0ull;
  }()};
  return seed;
}
inline uint64_t gsat_simt_perturb_seed() {
  return gsat_simt_perturb_seed_var().load(std::memory_order_relaxed);
}
inline thread_local uint64_t gsat_simt_rng_state;
inline std::atomic<uint64_t> gsat_simt_rng_streams{0};
/* xorshift64*; each host thread its own stream of the seed. */
inline uint64_t gsat_simt_rng() {
  uint64_t &x = gsat_simt_rng_state;
  if (!x)
    x = (gsat_simt_perturb_seed() * 0x9e3779b97f4a7c15ull) ^
        (++gsat_simt_rng_streams * 0xbf58476d1ce4e5b9ull) ^ 1;
  x ^= x >> 12;
  x ^= x << 25;
  x ^= x >> 27;
  return x * 0x2545f4914f6cdd1dull;
}
inline void gsat_simt_lane_yield();
inline void gsat_simt_perturb() {
  if (!gsat_simt_perturb_seed()) return;
  const uint64_t r = gsat_simt_rng() >> 32;
  if ((r & 7) == 0)
    gsat_simt_lane_yield();
  else if ((r & 63) == 1)
    sched_yield();
  else if ((r & 4095) == 2) {
    struct timespec ts = {0, (long)(1000 * (1 + (r >> 10) % 50))};
    nanosleep(&ts, nullptr);
  }
}
/* Inside the queue's CAS loops (between a claim and its release above all)
 * other warps matter more than the warp's own lanes: yields the host thread
 * more often. */
inline void gsat_simt_queue_pause() {
  if (!gsat_simt_perturb_seed()) return;
  const uint64_t r = gsat_simt_rng() >> 32;
  if ((r & 3) == 0)
    sched_yield();
  else if ((r & 63) == 1) {
    struct timespec ts = {0, (long)(1000 * (1 + (r >> 10) % 20))};
    nanosleep(&ts, nullptr);
  } else if ((r & 7) == 2)
    gsat_simt_lane_yield();
}
#define GSAT_QUEUE_PAUSE() gsat_simt_queue_pause()

#define threadIdx (gsat_simt_cur->thread_idx)
#define blockIdx  (gsat_simt_cur->block_idx)
#define blockDim  (gsat_simt_cur->block_dim)
#define gridDim   (gsat_simt_cur->grid_dim)

inline uint8_t *gsat_simt_dynamic_smem() {
  return gsat_simt_cur->block->smem;
}
inline unsigned gsat_simt_lane_id() {
  return gsat_simt_cur->thread_idx.x & 31;
}

/* Posts an operation and yields to the warp's scheduler; returns the result. */
#define GSAT_SIMT_SITE const char *file = __builtin_FILE(), int line = __builtin_LINE()
inline unsigned long long gsat_simt_post(gsat_simt_op op, unsigned long long v, int src,
                                         const char *file, int line) {
  gsat_simt_lane *me = gsat_simt_cur;
  me->op = op;
  me->value = v;
  me->src = src;
  me->file = file;
  me->line = line;
  swapcontext(&me->ctx, &gsat_simt_warp_cur->sched);
  return me->result;
}

/* Lets the warp's other lanes run up to their next sync point (or their own
 * yield) before this lane goes on; nothing outside a lane (a test's own
 * threads). */
inline void gsat_simt_lane_yield() {
  gsat_simt_lane *me = gsat_simt_cur;
  if (!me || !gsat_simt_warp_cur) return;
  me->op = SIMT_YIELD;
  swapcontext(&me->ctx, &gsat_simt_warp_cur->sched);
}

inline void __syncwarp(unsigned mask = 0xffffffffu, GSAT_SIMT_SITE) {
  (void)mask;
  gsat_simt_post(SIMT_SYNC, 0, 0, file, line);
}
inline void __syncthreads(GSAT_SIMT_SITE) {
  gsat_simt_post(SIMT_BLOCK_SYNC, 0, 0, file, line);
}
inline unsigned __ballot_sync(unsigned mask, int pred, GSAT_SIMT_SITE) {
  (void)mask;
  return (unsigned)gsat_simt_post(SIMT_BALLOT, pred != 0, 0, file, line);
}
inline int __all_sync(unsigned mask, int pred, GSAT_SIMT_SITE) {
  return __ballot_sync(mask, pred, file, line) == 0xffffffffu;
}
inline int __any_sync(unsigned mask, int pred, GSAT_SIMT_SITE) {
  return __ballot_sync(mask, pred, file, line) != 0;
}

template <class T> inline unsigned long long gsat_simt_bits(T v) {
  unsigned long long b = 0;
  memcpy(&b, &v, sizeof v);
  return b;
}
template <class T> inline T gsat_simt_from_bits(unsigned long long b) {
  T v;
  memcpy(&v, &b, sizeof v);
  return v;
}
template <class T> inline T __shfl_sync(unsigned mask, T v, int src, GSAT_SIMT_SITE) {
  (void)mask;
  return gsat_simt_from_bits<T>(gsat_simt_post(SIMT_SHFL, gsat_simt_bits(v), src & 31, file, line));
}
template <class T> inline T __shfl_xor_sync(unsigned mask, T v, int d, GSAT_SIMT_SITE) {
  return __shfl_sync(mask, v, (int)gsat_simt_lane_id() ^ d, file, line);
}
inline unsigned __reduce_min_sync(unsigned mask, unsigned v, GSAT_SIMT_SITE) {
  (void)mask;
  return (unsigned)gsat_simt_post(SIMT_MIN, v, 0, file, line);
}

inline unsigned __reduce_add_sync(unsigned mask, unsigned v, GSAT_SIMT_SITE) {
  (void)mask;
  return (unsigned)gsat_simt_post(SIMT_SUM, v, 0, file, line);
}

inline int __popc(unsigned x) {
  return __builtin_popcount(x);
}
inline int __clz(unsigned x) {
  return x ? __builtin_clz(x) : 32;
}
inline int __ffs(unsigned x) {
  return __builtin_ffs((int)x);
}
inline unsigned __fns(unsigned mask, unsigned base, int offset) {
  for (unsigned i = base; i < 32; i++)
    if ((mask >> i) & 1)
      if (--offset == 0) return i;
  return 0xffffffffu;
}
inline unsigned min(unsigned a, unsigned b) {
  return a < b ? a : b;
}
inline int min(int a, int b) {
  return a < b ? a : b;
}

inline long long clock64() {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (long long)ts.tv_sec * 1000000000ll + ts.tv_nsec;
}
/* A lane that sleeps lets the other lanes run only at its next sync point, but
 * other warps (host threads) run meanwhile. */
inline void __nanosleep(unsigned ns) {
  (void)ns;
  gsat_simt_perturb();
  sched_yield();
}
inline void __threadfence() {
  gsat_simt_perturb();
  std::atomic_thread_fence(std::memory_order_seq_cst);
}

template <class T> inline T __ldg(const T *p) {
  return *p;
}
template <class T> inline T __ldcg(const T *p) {
  gsat_simt_perturb();
  return __atomic_load_n(p, __ATOMIC_RELAXED);
}
template <class T> inline void __stcg(T *p, T v) {
  gsat_simt_perturb();
  __atomic_store_n(p, v, __ATOMIC_RELAXED);
}

template <class T> inline T atomicAdd(T *p, T v) {
  gsat_simt_perturb();
  return __atomic_fetch_add(p, v, __ATOMIC_SEQ_CST);
}
template <class T> inline T atomicSub(T *p, T v) {
  gsat_simt_perturb();
  return __atomic_fetch_sub(p, v, __ATOMIC_SEQ_CST);
}
template <class T> inline T atomicExch(T *p, T v) {
  gsat_simt_perturb();
  return __atomic_exchange_n(p, v, __ATOMIC_SEQ_CST);
}
template <class T> inline T atomicCAS(T *p, T expected, T desired) {
  gsat_simt_perturb();
  __atomic_compare_exchange_n(p, &expected, desired, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
  return expected;
}

inline thread_local std::function<void()> *gsat_simt_body;

inline void gsat_simt_lane_entry() {
  (*gsat_simt_body)();
  gsat_simt_cur->op = SIMT_DONE;
  swapcontext(&gsat_simt_cur->ctx, &gsat_simt_warp_cur->sched);
}

/* Runs one warp: resumes every lane until all have posted, completes the
 * operation, repeats until all lanes are done. */
inline void gsat_simt_run_warp(gsat_simt_warp_run *w, gsat_simt_block *blk, unsigned lanes_total,
                               std::function<void()> body) {
  gsat_simt_warp_cur = w;
  gsat_simt_body = &body;
  for (unsigned l = 0; l < 32; l++) {
    gsat_simt_lane &ln = w->lanes[l];
    ln.stack.resize(1 << 18);
    getcontext(&ln.ctx);
    ln.ctx.uc_stack.ss_sp = ln.stack.data();
    ln.ctx.uc_stack.ss_size = ln.stack.size();
    ln.ctx.uc_link = nullptr;
    makecontext(&ln.ctx, gsat_simt_lane_entry, 0);
  }
  (void)lanes_total;
  const bool shuffle = gsat_simt_perturb_seed() != 0;
  for (;;) {
    unsigned done = 0;
    /* Every lane runs to its next sync point; a lane that yields
     * (SIMT_YIELD) is resumed again, in lane order or, perturbed, in a
     * random order. */
    for (unsigned todo = 0xffffffffu; todo;) {
      unsigned l = __builtin_ctz(todo);
      if (shuffle) {
        const unsigned k = (unsigned)(gsat_simt_rng() >> 32) % (unsigned)__builtin_popcount(todo);
        for (unsigned t = todo, i = 0;; t &= t - 1, i++)
          if (i == k) {
            l = __builtin_ctz(t);
            break;
          }
      }
      gsat_simt_cur = &w->lanes[l];
      swapcontext(&w->sched, &w->lanes[l].ctx);
      if (w->lanes[l].op != SIMT_YIELD) todo &= ~(1u << l);
    }
    gsat_simt_op op = w->lanes[0].op;
    for (unsigned l = 0; l < 32; l++) {
      done += w->lanes[l].op == SIMT_DONE;
      const gsat_simt_lane &a = w->lanes[0], &b = w->lanes[l];
      /* The same operation at the same call site: a collective that lanes
       * reach at different places (compute-sanitizer's synccheck) aborts. */
      if (b.op != op || (op != SIMT_DONE && (b.line != a.line || strcmp(b.file, a.file)))) {
        fprintf(stderr,
                "simt: lanes of a warp at different sync operations (lane 0: %d at %s:%d, lane %u: "
                "%d at %s:%d)\n",
                (int)op, op == SIMT_DONE ? "-" : a.file, op == SIMT_DONE ? 0 : a.line, l, (int)b.op,
                b.op == SIMT_DONE ? "-" : b.file, b.op == SIMT_DONE ? 0 : b.line);
        abort();
      }
    }
    if (done == 32) return;
    unsigned long long all = 0, mn = ~0ull, sum = 0;
    for (unsigned l = 0; l < 32; l++) {
      all |= (unsigned long long)(w->lanes[l].value != 0) << l;
      if (w->lanes[l].value < mn) mn = w->lanes[l].value;
      sum += w->lanes[l].value;
    }
    for (unsigned l = 0; l < 32; l++) {
      gsat_simt_lane &ln = w->lanes[l];
      if (op == SIMT_BALLOT)
        ln.result = all;
      else if (op == SIMT_MIN)
        ln.result = mn;
      else if (op == SIMT_SUM)
        ln.result = (unsigned)sum;
      else if (op == SIMT_SHFL)
        ln.result = w->lanes[ln.src].value;
    }
    if (op == SIMT_BLOCK_SYNC) blk->bar.wait();
  }
}

/* Launches kernel(args...) on grid x block emulated threads (block a multiple
 * of 32), all blocks at once. */
template <class... Args>
inline void gsat_simt_launch(void (*kernel)(Args...), unsigned grid, unsigned block, size_t smem,
                             Args... args) {
  unsigned warps = block / 32;
  std::vector<gsat_simt_block> blocks(grid);
  std::vector<std::vector<uint8_t>> shared(grid, std::vector<uint8_t>(smem + 16, 0xa5));
  std::vector<gsat_simt_warp_run> runs((size_t)grid * warps);
  std::vector<std::thread> threads;
  for (unsigned b = 0; b < grid; b++) {
    blocks[b].bar.n = (int)warps;
    blocks[b].smem = shared[b].data(); /* poisoned */
    for (unsigned w = 0; w < warps; w++) {
      gsat_simt_warp_run *run = &runs[(size_t)b * warps + w];
      for (unsigned l = 0; l < 32; l++) {
        gsat_simt_lane &ln = run->lanes[l];
        ln.thread_idx = {32 * w + l, 0, 0};
        ln.block_idx = {b, 0, 0};
        ln.block_dim = {block, 1, 1};
        ln.grid_dim = {grid, 1, 1};
        ln.block = &blocks[b];
      }
      threads.emplace_back([run, &blocks, b, block, kernel, args...] {
        gsat_simt_run_warp(run, &blocks[b], block, [&] { kernel(args...); });
      });
    }
  }
  for (auto &th : threads) th.join();
}

#endif
