/* The host's wait for a search kernel: the stop request's grace period
 * (gpu/kernel_wait.h). */
#include "gpu/kernel_wait.h"

#include <stdio.h>
#include <string.h>

static int stuck_kernels; /* __atomic builtins: any thread may ask */

void gsat_kernel_wait_init(gsat_kernel_wait *w, double grace) {
  w->grace = grace > 0 ? grace : GSAT_GPU_STOP_GRACE;
  w->sent_at = -1;
}

gsat_kernel_wait_action gsat_kernel_wait_step(gsat_kernel_wait *w, double now, int stop_wanted) {
  if (w->sent_at < 0) {
    if (!stop_wanted) return GSAT_KERNEL_WAIT_KEEP;
    w->sent_at = now;
    return GSAT_KERNEL_WAIT_SEND_STOP;
  }
  return now - w->sent_at >= w->grace ? GSAT_KERNEL_WAIT_STUCK : GSAT_KERNEL_WAIT_KEEP;
}

void gsat_gpu_note_stuck_kernel(void) {
  __atomic_fetch_add(&stuck_kernels, 1, __ATOMIC_SEQ_CST);
}

int gsat_gpu_stuck_kernels(void) {
  return __atomic_load_n(&stuck_kernels, __ATOMIC_SEQ_CST);
}

gsat_status gsat_gpu_refuse_if_stuck(gsat_error *err) {
  GSAT_RETURN_IF(gsat_gpu_stuck_kernels(), err, CUDA,
                 "an earlier GPU kernel of this process did not stop and may still run: "
                 "no further GPU search");
  return GSAT_OK;
}

static const char *const where_names[GSAT_GPU_AT_COUNT] = {
    "not started", "left",    "setup", "round",  "search",       "share", "take",   "return slot",
    "give",        "publish", "sleep", "reduce", "refuted cube", "claim", "retired"};

const char *gsat_gpu_where_name(unsigned w) {
  return w < GSAT_GPU_AT_COUNT ? where_names[w] : "?";
}

/* Worker i's phase and rounds in k. */
static unsigned where_of(const gsat_kernel_where *k, uint64_t i) {
  return *(const unsigned *)((const char *)k->where + i * k->stride);
}
static unsigned round_of(const gsat_kernel_where *k, uint64_t i) {
  return *(const unsigned *)((const char *)k->round + i * k->stride);
}

/* Appends s to out (*len bytes used of size) when it fits with `reserve`
 * bytes to spare: 1, else 0 (out unchanged). */
static int append(char *out, size_t size, size_t *len, const char *s, size_t reserve) {
  const size_t n = strlen(s);
  if (*len + n + reserve >= size) return 0;
  memcpy(out + *len, s, n + 1);
  *len += n;
  return 1;
}

/* The counts by phase and the first worker not left (k->workers: none);
 * returns 0 when out is full. */
static int report_counts(const gsat_kernel_where *k, char *out, size_t size, size_t *len,
                         uint64_t *running, uint64_t *first) {
  uint64_t at[GSAT_GPU_AT_COUNT] = {0};
  *running = 0;
  *first = k->workers;
  for (uint64_t i = 0; i < k->workers; i++) {
    const unsigned w = where_of(k, i);
    at[w < GSAT_GPU_AT_COUNT ? w : GSAT_GPU_AT_NOT_STARTED]++;
    if (w == GSAT_GPU_AT_LEFT) continue;
    if (!(*running)++) *first = i;
  }
  char part[96];
  snprintf(part, sizeof part, "; %llu of %llu %ss not left:", (unsigned long long)*running,
           (unsigned long long)k->workers, k->noun);
  if (!append(out, size, len, part, 0)) return 0;
  const char *sep = " ";
  for (int w = 0; w < GSAT_GPU_AT_COUNT; w++) {
    if (w == GSAT_GPU_AT_LEFT || !at[w]) continue;
    snprintf(part, sizeof part, "%s%s %llu", sep, where_names[w], (unsigned long long)at[w]);
    if (!append(out, size, len, part, 0)) return 0;
    sep = ", ";
  }
  if (*first == k->workers) return 1;
  snprintf(part, sizeof part, "; the first, %s %llu (block %llu), in %s at round %u", k->noun,
           (unsigned long long)*first, (unsigned long long)(*first / k->per_block),
           gsat_gpu_where_name(where_of(k, *first)), round_of(k, *first));
  return append(out, size, len, part, 0);
}

/* The workers not left after `first` (running in all), as many as fit
 * whole with room for ", and N more". */
static void report_others(const gsat_kernel_where *k, uint64_t first, uint64_t running, char *out,
                          size_t size, size_t *len) {
  const size_t reserve = 32; /* ", and 18446744073709551615 more" */
  const char *sep = "; also ";
  char part[96];
  uint64_t named = 1; /* the first */
  for (uint64_t i = first + 1; i < k->workers && named < running; i++) {
    const unsigned w = where_of(k, i);
    if (w == GSAT_GPU_AT_LEFT) continue;
    snprintf(part, sizeof part, "%s%s %llu (block %llu) in %s at round %u", sep, k->noun,
             (unsigned long long)i, (unsigned long long)(i / k->per_block), gsat_gpu_where_name(w),
             round_of(k, i));
    if (!append(out, size, len, part, named + 1 < running ? reserve : 0)) break;
    named++;
    sep = ", ";
  }
  if (named == running) return;
  snprintf(part, sizeof part, "%sand %llu more", named > 1 ? ", " : "; ",
           (unsigned long long)(running - named));
  append(out, size, len, part, 0);
}

void gsat_kernel_wait_report(const gsat_kernel_where *k, char *out, size_t size) {
  size_t len = strnlen(out, size);
  if (len >= size) return;
  uint64_t running, first;
  if (!report_counts(k, out, size, &len, &running, &first) || first == k->workers) return;
  report_others(k, first, running, out, size, &len);
}

gsat_status gsat_kernel_wait_give_up(const gsat_kernel_wait *w, const gsat_kernel_where *k,
                                     gsat_error *err) {
  gsat_gpu_note_stuck_kernel();
  char msg[GSAT_ERROR_MESSAGE_SIZE];
  snprintf(msg, sizeof msg,
           "GPU kernel did not stop within %g s of the stop request (left running; no "
           "further GPU search in this process)",
           w->grace);
  if (k) gsat_kernel_wait_report(k, msg, sizeof msg);
  return gsat_error_set(err, GSAT_CUDA, "%s", msg);
}
