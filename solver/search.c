#include "search.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

void gsat_search_result_free(gsat_search_result *r) {
  free(r->model);
  free(r->workers);
  memset(r, 0, sizeof *r);
}

double gsat_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}
