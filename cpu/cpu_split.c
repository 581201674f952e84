/* The cube splitter of cpu_ref.h: one host searcher of the DPLL step code
 * (core/dpll.h) that replays a cube, makes the next decision and gives
 * both branches back as cubes, counting nodes as the tree search does. */
#include "cpu_ref.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "core/dpll.h"

struct gsat_cpu_splitter {
  const gsat_db *db;
  gsat_db_view view;
  gsat_dpll s;
  uint32_t root_refuted;
};

gsat_cpu_splitter *gsat_cpu_splitter_new(const gsat_db *db, gsat_decide decide) {
  gsat_cpu_splitter *sp = calloc(1, sizeof *sp);
  if (!sp) return NULL;
  sp->db = db;
  sp->view = gsat_db_view_of(db);
  if (!gsat_cpu_dpll_alloc(&sp->s, db, decide)) {
    gsat_cpu_splitter_free(sp);
    return NULL;
  }
  sp->root_refuted = gsat_dpll_init_root(&sp->s, &sp->view, db->units, db->num_units);
  return sp;
}

void gsat_cpu_splitter_free(gsat_cpu_splitter *sp) {
  if (!sp) return;
  gsat_cpu_dpll_free(&sp->s);
  free(sp);
}

gsat_cpu_split_result gsat_cpu_split(gsat_cpu_splitter *sp, const gsat_lit *cube, uint32_t n,
                                     gsat_lit *a, gsat_lit *b, uint32_t *len, uint8_t *model) {
  gsat_dpll *s = &sp->s;
  if (sp->root_refuted || gsat_dpll_start_cube(s, &sp->view, cube, n))
    return GSAT_CPU_SPLIT_REFUTED;
  /* one decision (a node), propagated; a conflict stays pending */
  const int res = gsat_dpll_search(s, &sp->view, 1);
  if (res == GSAT_DPLL_SAT) {
    for (uint32_t v = 0; v < sp->db->num_vars; v++) model[v] = s->val[2 * v] > 0;
    return GSAT_CPU_SPLIT_SAT;
  }
  if (res == GSAT_DPLL_EXHAUSTED) return GSAT_CPU_SPLIT_REFUTED; /* no decision was left open */
  assert(s->level == s->base + 1);
  const int first_refuted = s->conflict != 0;
  /* the second branch: the donor's cube, its node counted (dpll.h); the
   * first is the same with the decision (the look-ahead's hold the whole
   * assignment above it, dpll.h donate) */
  const uint32_t k = gsat_dpll_donate(s, b, sp->db->num_vars);
  assert(k == n + 1 || (s->decide == GSAT_DECIDE_LOOKAHEAD && k >= 1));
  memcpy(a, b, (size_t)k * sizeof *a);
  a[k - 1] = GSAT_NOT(b[k - 1]);
  *len = k;
  return first_refuted ? GSAT_CPU_SPLIT_SECOND : GSAT_CPU_SPLIT_TWO;
}

gsat_dpll_counters gsat_cpu_splitter_counters(const gsat_cpu_splitter *sp) {
  return sp->s.n;
}
