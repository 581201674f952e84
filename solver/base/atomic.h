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

#include "solver/base/hd.h"

#if defined(__CUDA_ARCH__)
#define GSAT_ATOMIC_DEVICE 1
#else
#define GSAT_ATOMIC_DEVICE 0
#endif

GSAT_HD uint32_t gsat_load_u32(const uint32_t *p) {
#if GSAT_ATOMIC_DEVICE
  return *(const volatile uint32_t *)p;
#else
  return __atomic_load_n(p, __ATOMIC_RELAXED);
#endif
}

GSAT_HD uint64_t gsat_load_u64(const uint64_t *p) {
#if GSAT_ATOMIC_DEVICE
  return *(const volatile uint64_t *)p;
#else
  return __atomic_load_n(p, __ATOMIC_RELAXED);
#endif
}

GSAT_HD uint32_t gsat_load_acquire_u32(const uint32_t *p) {
#if GSAT_ATOMIC_DEVICE
  uint32_t v = *(const volatile uint32_t *)p;
  __threadfence();
  return v;
#else
  return __atomic_load_n(p, __ATOMIC_ACQUIRE);
#endif
}

GSAT_HD uint64_t gsat_load_acquire_u64(const uint64_t *p) {
#if GSAT_ATOMIC_DEVICE
  uint64_t v = *(const volatile uint64_t *)p;
  __threadfence();
  return v;
#else
  return __atomic_load_n(p, __ATOMIC_ACQUIRE);
#endif
}

GSAT_HD void gsat_store_u32(uint32_t *p, uint32_t v) {
#if GSAT_ATOMIC_DEVICE
  *(volatile uint32_t *)p = v;
#else
  __atomic_store_n(p, v, __ATOMIC_RELAXED);
#endif
}

GSAT_HD void gsat_store_u64(uint64_t *p, uint64_t v) {
#if GSAT_ATOMIC_DEVICE
  *(volatile uint64_t *)p = v;
#else
  __atomic_store_n(p, v, __ATOMIC_RELAXED);
#endif
}

GSAT_HD void gsat_store_release_u32(uint32_t *p, uint32_t v) {
#if GSAT_ATOMIC_DEVICE
  __threadfence();
  *(volatile uint32_t *)p = v;
#else
  __atomic_store_n(p, v, __ATOMIC_RELEASE);
#endif
}

GSAT_HD void gsat_store_release_u64(uint64_t *p, uint64_t v) {
#if GSAT_ATOMIC_DEVICE
  __threadfence();
  *(volatile uint64_t *)p = v;
#else
  __atomic_store_n(p, v, __ATOMIC_RELEASE);
#endif
}

/* Returns the old value (relaxed). */
GSAT_HD uint32_t gsat_fetch_add_u32(uint32_t *p, uint32_t v) {
#if GSAT_ATOMIC_DEVICE
  return atomicAdd((unsigned int *)p, (unsigned int)v);
#else
  return __atomic_fetch_add(p, v, __ATOMIC_RELAXED);
#endif
}

GSAT_HD uint64_t gsat_fetch_add_u64(uint64_t *p, uint64_t v) {
#if GSAT_ATOMIC_DEVICE
  return atomicAdd((unsigned long long *)p, (unsigned long long)v);
#else
  return __atomic_fetch_add(p, v, __ATOMIC_RELAXED);
#endif
}

/* Compare and swap (acquire-release): stores desired when *p == expected;
 * returns the value *p held before (== expected on success). */
GSAT_HD uint32_t gsat_cas_u32(uint32_t *p, uint32_t expected, uint32_t desired) {
#if GSAT_ATOMIC_DEVICE
  __threadfence();
  uint32_t old = atomicCAS((unsigned int *)p, expected, desired);
  __threadfence();
  return old;
#else
  __atomic_compare_exchange_n(p, &expected, desired, 0, __ATOMIC_ACQ_REL,
                              __ATOMIC_ACQUIRE);
  return expected;
#endif
}

GSAT_HD uint64_t gsat_cas_u64(uint64_t *p, uint64_t expected, uint64_t desired) {
#if GSAT_ATOMIC_DEVICE
  __threadfence();
  uint64_t old = atomicCAS((unsigned long long *)p, (unsigned long long)expected,
                           (unsigned long long)desired);
  __threadfence();
  return old;
#else
  __atomic_compare_exchange_n(p, &expected, desired, 0, __ATOMIC_ACQ_REL,
                              __ATOMIC_ACQUIRE);
  return expected;
#endif
}

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
