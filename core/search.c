#include "core/search.h"

#include <stdlib.h>
#include <string.h>

void gsat_worker_stats_add(gsat_worker_stats *t, const gsat_worker_stats *w) {
#define ADD_DPLL(field)   t->n.field += w->n.field;
#define ADD_CDCL(field)   t->c.field += w->c.field;
#define ADD_WORKER(field) t->field += w->field;
  GSAT_DPLL_COUNTER_FIELDS(ADD_DPLL)
  GSAT_CDCL_COUNTER_FIELDS(ADD_CDCL)
  GSAT_WORKER_COUNTER_FIELDS(ADD_WORKER)
#undef ADD_DPLL
#undef ADD_CDCL
#undef ADD_WORKER
  t->busy_seconds += w->busy_seconds;
}

void gsat_worker_stats_set_cdcl(gsat_worker_stats *w, const gsat_cdcl_counters *c) {
  w->c = *c;
#define FROM_CDCL_DPLL(dpll, cdcl)
#define FROM_CDCL_CDCL(dpll, cdcl)
#define FROM_CDCL_WORKER(dpll, cdcl)
#define FROM_CDCL_BOTH(dpll, cdcl)                                   w->n.dpll = c->cdcl;
#define FROM_CDCL(F, name, in, dpll, cdcl, shown, rate, label, help) FROM_CDCL_##in(dpll, cdcl)
  GSAT_COUNTERS(FROM_CDCL, _)
#undef FROM_CDCL
#undef FROM_CDCL_BOTH
#undef FROM_CDCL_WORKER
#undef FROM_CDCL_CDCL
#undef FROM_CDCL_DPLL
  w->n.nodes = c->decisions; /* a CDCL search's nodes (counters.h) */
}

gsat_stop_reason gsat_search_stop_reason(const gsat_search_params *p, double start, double now,
                                         uint64_t nodes) {
  if (GSAT_FLAG_IS_RAISED(p->stop)) return GSAT_STOP_ASKED;
  if ((p->time_limit > 0 && now - start >= p->time_limit) ||
      (p->node_limit && nodes >= p->node_limit))
    return GSAT_STOP_LIMIT;
  return GSAT_STOP_NONE;
}

void gsat_search_result_free(gsat_search_result *r) {
  free(r->model);
  free(r->workers);
  free(r->failed);
  memset(r, 0, sizeof *r);
}
