/* Atomics for state shared by searchers, in code that compiles as host C
 * (GCC/Clang __atomic builtins, pthreads) and as CUDA device code (volatile
 * accesses, __threadfence, atomicAdd/atomicCAS).  Memory orders are the C11
 * ones, named in the function: relaxed accesses are atomic but unordered; a
 * release store (or a release fence before relaxed stores) publishes every
 * earlier write to a thread whose acquire load (or relaxed loads and then an
 * acquire fence) reads the stored value.  On the device every ordered access
 * is a device-scope fence plus a volatile access, the conservative mapping.
 * The base floor: includes nothing of gsat but hd.h. */
#ifndef GSAT_BASE_ATOMIC_H
#define GSAT_BASE_ATOMIC_H

#include <sched.h>
#include <stdint.h>

#include "base/hd.h"

#if defined(__CUDA_ARCH__)
#define GSAT_ATOMIC_DEVICE 1
#else
#define GSAT_ATOMIC_DEVICE 0
#endif

/* The accesses of one width, GSAT_ATOMIC_WIDTH (W, T, CT) for the W-bit
 * unsigned type T (CT: the type CUDA's atomicAdd and atomicCAS take) makes:
 *   T    gsat_load_uW (const T *p)             relaxed
 *   T    gsat_load_acquire_uW (const T *p)
 *   void gsat_store_uW (T *p, T v)             relaxed
 *   void gsat_store_release_uW (T *p, T v)
 *   T    gsat_fetch_add_uW (T *p, T v)         relaxed; returns the old value
 *   T    gsat_cas_uW (T *p, T expected, T desired)
 * gsat_cas_uW is a compare and swap (acquire-release): it stores desired
 * when *p == expected and returns the value *p held before (== expected on
 * success).  Made for W = 32 and 64 below. */
#if GSAT_ATOMIC_DEVICE
#define GSAT_ATOMIC_WIDTH(W, T, CT)                                                                \
  GSAT_HD T gsat_load_u##W(const T *p) {                                                           \
    return *(const volatile T *)p;                                                                 \
  }                                                                                                \
  GSAT_HD T gsat_load_acquire_u##W(const T *p) {                                                   \
    T v = *(const volatile T *)p;                                                                  \
    __threadfence();                                                                               \
    return v;                                                                                      \
  }                                                                                                \
  GSAT_HD void gsat_store_u##W(T *p, T v) {                                                        \
    *(volatile T *)p = v;                                                                          \
  }                                                                                                \
  GSAT_HD void gsat_store_release_u##W(T *p, T v) {                                                \
    __threadfence();                                                                               \
    *(volatile T *)p = v;                                                                          \
  }                                                                                                \
  GSAT_HD T gsat_fetch_add_u##W(T *p, T v) {                                                       \
    return atomicAdd((CT *)p, (CT)v);                                                              \
  }                                                                                                \
  GSAT_HD T gsat_cas_u##W(T *p, T expected, T desired) {                                           \
    __threadfence();                                                                               \
    T old = atomicCAS((CT *)p, (CT)expected, (CT)desired);                                         \
    __threadfence();                                                                               \
    return old;                                                                                    \
  }
#else
#define GSAT_ATOMIC_WIDTH(W, T, CT)                                                                \
  GSAT_HD T gsat_load_u##W(const T *p) {                                                           \
    return __atomic_load_n(p, __ATOMIC_RELAXED);                                                   \
  }                                                                                                \
  GSAT_HD T gsat_load_acquire_u##W(const T *p) {                                                   \
    return __atomic_load_n(p, __ATOMIC_ACQUIRE);                                                   \
  }                                                                                                \
  GSAT_HD void gsat_store_u##W(T *p, T v) {                                                        \
    __atomic_store_n(p, v, __ATOMIC_RELAXED);                                                      \
  }                                                                                                \
  GSAT_HD void gsat_store_release_u##W(T *p, T v) {                                                \
    __atomic_store_n(p, v, __ATOMIC_RELEASE);                                                      \
  }                                                                                                \
  GSAT_HD T gsat_fetch_add_u##W(T *p, T v) {                                                       \
    return __atomic_fetch_add(p, v, __ATOMIC_RELAXED);                                             \
  }                                                                                                \
  GSAT_HD T gsat_cas_u##W(T *p, T expected, T desired) {                                           \
    __atomic_compare_exchange_n(p, &expected, desired, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);     \
    return expected;                                                                               \
  }
#endif

GSAT_ATOMIC_WIDTH(32, uint32_t, unsigned int)
GSAT_ATOMIC_WIDTH(64, uint64_t, unsigned long long)
#undef GSAT_ATOMIC_WIDTH

GSAT_HD void gsat_fence_acquire(void) {
#if GSAT_ATOMIC_DEVICE
  __threadfence();
#else
  __atomic_thread_fence(__ATOMIC_ACQUIRE);
#endif
}

GSAT_HD void gsat_fence_release(void) {
#if GSAT_ATOMIC_DEVICE
  __threadfence();
#else
  __atomic_thread_fence(__ATOMIC_RELEASE);
#endif
}

/* System scope (a GPU writing host memory that the host reads, and reading
 * what the host wrote there: mapped pinned memory).  On the host these are
 * the ordinary orders; on the device __threadfence_system. */
GSAT_HD void gsat_fence_release_system(void) {
#if GSAT_ATOMIC_DEVICE
  __threadfence_system();
#else
  __atomic_thread_fence(__ATOMIC_RELEASE);
#endif
}

GSAT_HD uint64_t gsat_load_acquire_system_u64(const uint64_t *p) {
#if GSAT_ATOMIC_DEVICE
  uint64_t v = *(const volatile uint64_t *)p;
  __threadfence_system();
  return v;
#else
  return __atomic_load_n(p, __ATOMIC_ACQUIRE);
#endif
}

GSAT_HD int gsat_load_system_int(const int *p) {
#if GSAT_ATOMIC_DEVICE
  return *(const volatile int *)p;
#else
  return __atomic_load_n(p, __ATOMIC_RELAXED);
#endif
}

/* A wait in a spin loop: about ns nanoseconds on the device, a yield of the
 * thread on the host. */
GSAT_HD void gsat_spin_pause(uint32_t ns) {
#if GSAT_ATOMIC_DEVICE
  __nanosleep(ns);
#else
  (void)ns;
  sched_yield();
#endif
}

#endif
