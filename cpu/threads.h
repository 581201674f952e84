/* Starting and joining the threads of a CPU search (the DPLL workers of
 * cpu_ref.c, the CDCL searchers of cdcl_portfolio.c): one loop for both, which
 * stops creating threads once the search has stopped.  With far more threads
 * than cores (--threads=4096 on 2 cores) the creating thread is starved by the
 * ones it already started; a limit or a signal must not wait for it to start
 * the rest. */
#ifndef GSAT_CPU_THREADS_H
#define GSAT_CPU_THREADS_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

/* The threads of items[first .. n) of an array of items of `size` bytes each,
 * whose pthread_t is `thread_at` bytes into the item (offsetof); item i is
 * also the argument of its thread's main. */
typedef struct gsat_thread_set {
  void *items;
  size_t size, thread_at;
  void *(*main)(void *item);
  /* Asked before each thread is created: nonzero when the search has
   * stopped (an answer, a limit, a stop request) and no more are needed. */
  int (*stopped)(void *data);
  void *data;
} gsat_thread_set;

/* Creates the threads of items first, first + 1, ... up to n - 1 until one
 * cannot start or ts->stopped(ts->data) says the search has stopped.  Returns
 * the end of the started range (threads first .. end - 1 run, to be joined by
 * gsat_join_threads); *create_errno is pthread_create's error for item end
 * when one failed, else 0. */
uint32_t gsat_start_threads(const gsat_thread_set *ts, uint32_t first, uint32_t n,
                            int *create_errno);

/* Joins the threads of items first .. end - 1 (end from gsat_start_threads). */
void gsat_join_threads(const gsat_thread_set *ts, uint32_t first, uint32_t end);

#endif
