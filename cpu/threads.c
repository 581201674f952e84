#include "cpu/threads.h"

static pthread_t *thread_of(const gsat_thread_set *ts, uint32_t i) {
  return (pthread_t *)((char *)ts->items + (size_t)i * ts->size + ts->thread_at);
}

uint32_t gsat_start_threads(const gsat_thread_set *ts, uint32_t first, uint32_t n,
                            int *create_errno) {
  *create_errno = 0;
  uint32_t i = first;
  for (; i < n && !ts->stopped(ts->data); i++) {
    int e =
        pthread_create(thread_of(ts, i), NULL, ts->main, (char *)ts->items + (size_t)i * ts->size);
    if (e) {
      *create_errno = e;
      break;
    }
  }
  return i;
}

void gsat_join_threads(const gsat_thread_set *ts, uint32_t first, uint32_t end) {
  for (uint32_t i = first; i < end; i++) pthread_join(*thread_of(ts, i), NULL);
}
