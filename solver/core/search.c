#include "solver/core/search.h"

#include <stdlib.h>
#include <string.h>

void gsat_search_result_free(gsat_search_result *r) {
  free(r->model);
  free(r->workers);
  free(r->failed);
  memset(r, 0, sizeof *r);
}

