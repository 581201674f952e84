/* A bounded multi-producer multi-consumer queue of 32-bit values (D. Vyukov's
 * bounded MPMC queue: every cell carries a sequence number, producers and
 * consumers claim positions with a CAS on tail or head).  The GPU search keeps cube
 * slot numbers in such queues: the free slots of the cube pool, the global work
 * queue (device scope) and each block's work queue in shared memory (block scope).
 * __host__ __device__, so that host threads can test it. */
#ifndef GSAT_GPU_CUBE_QUEUE_CUH
#define GSAT_GPU_CUBE_QUEUE_CUH

#include <cuda/atomic>
#include <stdint.h>

/* A hook of the host emulation (tests/simt_host.h, GSAT_SIMT_PERTURB): a
 * point in the claim loop where it may let other threads run, so that claims
 * and releases of cells interleave more ways; nothing on the GPU. */
#ifndef GSAT_QUEUE_PAUSE
#define GSAT_QUEUE_PAUSE() ((void)0)
#endif

template <cuda::thread_scope Scope> struct gsat_queue {
  unsigned long long head, tail;
  uint32_t mask;           /* capacity - 1, capacity a power of two */
  unsigned long long *seq; /* [capacity] */
  uint32_t *data;          /* [capacity] */
};

template <cuda::thread_scope Scope>
__host__ __device__ inline void gsat_queue_init(gsat_queue<Scope> *q, unsigned long long *seq,
                                                uint32_t *data, uint32_t capacity) {
  q->head = q->tail = 0;
  q->mask = capacity - 1;
  q->seq = seq;
  q->data = data;
  for (uint32_t i = 0; i < capacity; i++) q->seq[i] = i;
}

/* One push (PUSH: *v appended at the tail, false when full) or pop (the
 * oldest value removed from the head into *v, false when empty): claim the
 * end's next position with a CAS once its cell's sequence number is the
 * position (a free cell) or the position + 1 (a filled one), move the value,
 * publish the cell's next sequence number. */
template <bool PUSH, cuda::thread_scope Scope>
__host__ __device__ __forceinline__ bool gsat_queue_move(gsat_queue<Scope> *q, uint32_t *v) {
  cuda::atomic_ref<unsigned long long, Scope> end(PUSH ? q->tail : q->head);
  unsigned long long pos = end.load(cuda::memory_order_relaxed);
#ifdef __CUDA_ARCH__
  unsigned turns = 0;
#endif
  for (;;) {
#ifdef __CUDA_ARCH__
    /* A claim loop that turns 2^22 times (seconds) is a broken queue, not
     * contention: end the kernel with an error instead of spinning on. */
    if (++turns == (1u << 22)) __trap();
#endif
    uint32_t cell = (uint32_t)pos & q->mask;
    cuda::atomic_ref<unsigned long long, Scope> seq(q->seq[cell]);
    unsigned long long s = seq.load(cuda::memory_order_acquire);
    long long dif = (long long)(s - (PUSH ? pos : pos + 1));
    GSAT_QUEUE_PAUSE();
    if (dif == 0) {
      if (end.compare_exchange_weak(pos, pos + 1, cuda::memory_order_relaxed)) {
        GSAT_QUEUE_PAUSE(); /* claimed, not yet released */
        if (PUSH)
          q->data[cell] = *v;
        else
          *v = q->data[cell];
        GSAT_QUEUE_PAUSE();
        seq.store(PUSH ? pos + 1 : pos + q->mask + 1, cuda::memory_order_release);
        return true;
      }
    } else if (dif < 0) {
      return false;
    } else {
      pos = end.load(cuda::memory_order_relaxed);
    }
  }
}

/* Appends v; false when full. */
template <cuda::thread_scope Scope>
__host__ __device__ inline bool gsat_queue_push(gsat_queue<Scope> *q, uint32_t v) {
  return gsat_queue_move<true>(q, &v);
}

/* Removes the oldest value into *v; false when empty. */
template <cuda::thread_scope Scope>
__host__ __device__ inline bool gsat_queue_pop(gsat_queue<Scope> *q, uint32_t *v) {
  return gsat_queue_move<false>(q, v);
}

/* Approximate number of queued values (exact when no operation is in flight). */
template <cuda::thread_scope Scope>
__host__ __device__ inline uint32_t gsat_queue_size(gsat_queue<Scope> *q) {
  cuda::atomic_ref<unsigned long long, Scope> head(q->head), tail(q->tail);
  unsigned long long t = tail.load(cuda::memory_order_relaxed);
  unsigned long long h = head.load(cuda::memory_order_relaxed);
  return t > h ? (uint32_t)(t - h) : 0;
}

#endif
