/* The look-ahead of the DPLL step code (core/dpll_lookahead.h) on
 * hand-made formulas, CPU instances (a team of one) of both representations
 * of the reduced formula (kept along the tree, the CPU's; built by each
 * round's scan, the warp's): the preselection's ranking and the round's
 * reduced formula, failed literals found and their negations assigned, a
 * node refuted by two failed literals, the reduction measure (weighted
 * shortened clauses), the product rule and the branch direction (whole
 * searches: tests/lookahead_diff.sh); the kept formula against one from
 * scratch along whole searches; both representations walking the same
 * tree; and the cubes
 * of gsat_cpu_cubes: every model in exactly one, the negated cubes with the
 * formula UNSAT; the same for the look-ahead cubes seeded into a CDCL
 * team's cube tree (gsat_cpu_cubes_seed); and --decide=auto's choice
 * (gsat_choose_decide) on generated formulas. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cpu/cpu_ref.h"
#include "core/choose.h"
#include "core/cnf.h"
#include "core/cube.h"
#include "core/db.h"
#include "core/dpll.h"
#include "tests/db_of.h"

/* Beside the default instance (gsat_dpll_*, a team of one: the reduced
 * formula kept along the tree), the look-ahead whose reduced formula each
 * round's scan builds (the warp's representation, GSAT_DPLL_LA_KEPT 0) in a
 * team of one: gsat_dpll_scan_*, over the same searcher's arrays (a team of
 * one's carve holds both representations'). */
#include "core/team_one.h"
#define GSAT_DPLL_FN(name) gsat_dpll_scan_##name
#define GSAT_DPLL_AT(p, i) ((p)[i])
#define GSAT_DPLL_LA_KEPT  0
#include "core/dpll.h"

/* The steps of one instance that the tests call. */
typedef struct instance {
  const char *name;
  uint32_t (*init_root)(gsat_dpll *, const gsat_db_view *, const gsat_lit *, uint32_t);
  uint32_t (*start_cube)(gsat_dpll *, const gsat_db_view *, const gsat_lit *, uint32_t);
  gsat_lit (*decide)(gsat_dpll *, const gsat_db_view *);
  int (*search)(gsat_dpll *, const gsat_db_view *, uint64_t);
  uint32_t (*preselect)(gsat_dpll *, const gsat_db_view *);
  void (*all)(gsat_dpll *, const gsat_db_view *, uint32_t);
  gsat_lit (*pick)(const gsat_dpll *, uint32_t);
  uint32_t (*pre)(const gsat_dpll *, gsat_lit); /* a literal's preselection sum */
} instance;

/* The two representations: kept (the CPU's), scanned (the warp's). */
static const instance kept = {"kept",           gsat_dpll_init_root, gsat_dpll_start_cube,
                              gsat_dpll_decide, gsat_dpll_search,    gsat_dpll_la_preselect,
                              gsat_dpll_la_all, gsat_dpll_la_pick,   gsat_dpll_la_pre};
static const instance scanned = {"scanned",
                                 gsat_dpll_scan_init_root,
                                 gsat_dpll_scan_start_cube,
                                 gsat_dpll_scan_decide,
                                 gsat_dpll_scan_search,
                                 gsat_dpll_scan_la_preselect,
                                 gsat_dpll_scan_la_all,
                                 gsat_dpll_scan_la_pick,
                                 gsat_dpll_scan_la_pre};
static const instance *const both[2] = {&kept, &scanned};

/* A look-ahead searcher at the root of a formula, and its instance. */
typedef struct fixture {
  gsat_db db;
  gsat_db_view view;
  gsat_dpll s;
  const instance *in;
} fixture;

/* x's searcher of instance `in` at the root of formula f (build's DIMACS
 * list). */
static void open_with(fixture *x, const int64_t *f, const instance *in) {
  build(&x->db, f);
  x->view = gsat_db_view_of(&x->db);
  x->in = in;
  assert_true(gsat_cpu_dpll_alloc(&x->s, &x->db, GSAT_DECIDE_LOOKAHEAD));
  assert_int_equal(in->init_root(&x->s, &x->view, x->db.units, x->db.num_units), 0);
  assert_int_equal(in->start_cube(&x->s, &x->view, NULL, 0), 0);
}

/* open_with, then the root's decision (returned). */
static gsat_lit decide_at_root(fixture *x, const int64_t *f, const instance *in) {
  open_with(x, f, in);
  return in->decide(&x->s, &x->view);
}

/* open_with the default instance (the kept reduced formula). */
static void open_root(fixture *x, const int64_t *f) {
  open_with(x, f, &kept);
}

static void close_root(fixture *x) {
  gsat_cpu_dpll_free(&x->s);
  gsat_db_free(&x->db);
}

/* x1 implies x2 and x3, which exclude each other: x1 fails, and so does -x4
 * (it implies x1 by x4 v x1); -x1 and x4 are assigned, and the next round
 * decides. */
static void failed_literal_assigned(void **state) {
  (void)state;
  static const int64_t f[] = {-1, 2, 0, -1, 3, 0, -2, -3, 0, 4, 1, 0, 5, 6, 2, 0, -5, -6, 3, 0, 0};
  for (int i = 0; i < 2; i++) {
    fixture x;
    const gsat_lit lit = decide_at_root(&x, f, both[i]);
    const gsat_dpll *s = &x.s;
    assert_int_equal(s->conflict, 0);
    assert_int_equal(s->n.failed, 2);
    assert_int_equal(s->val[L(-1)], 1);
    assert_int_equal(s->val[L(4)], 1);
    assert_int_equal(s->val[L(2)] | s->val[L(3)] | s->val[L(5)] | s->val[L(6)], 0);
    assert_true(lit != GSAT_DPLL_NONE && s->val[lit] == 0);
    assert_true(s->n.la >= 2 * 6); /* two rounds, every free variable a candidate */
    close_root(&x);
  }
}

/* x1 fails and -x1 fails: the root is refuted without a decision. */
static void both_failed_refutes(void **state) {
  (void)state;
  static const int64_t f[] = {-1, 2, 0, -1, 3, 0, -2, -3, 0, 1, 4, 0, 1, 5, 0, -4, -5, 0, 0};
  for (int i = 0; i < 2; i++) {
    fixture x;
    open_with(&x, f, both[i]);
    gsat_dpll *s = &x.s;
    assert_int_equal(x.in->decide(s, &x.view), GSAT_DPLL_NONE);
    assert_int_equal(s->conflict, 1);
    assert_true(s->n.failed >= 1);
    assert_int_equal(x.in->search(s, &x.view, 100), GSAT_DPLL_EXHAUSTED);
    assert_int_equal(s->n.nodes, 0);
    close_root(&x);
  }
}

/* The reduction of each literal: (-1 2 3) (-1 4 5 6) (1 2 3 4) (-2 4 5);
 * x1 shortens the first to a binary (3125) and the second to a ternary (625);
 * -x2 shortens the first to a binary and the third to a ternary; x2 and x3
 * the last and the first to binaries; x4, x5 and x6 shorten nothing.  The
 * product rule takes x2 (3125 * 3750, the largest), its smaller reduction
 * first: x2. */
static void reduction_and_product_rule(void **state) {
  (void)state;
  static const int64_t f[] = {-1, 2, 3, 0, -1, 4, 5, 6, 0, 1, 2, 3, 4, 0, -2, 4, 5, 0, 0};
  for (int i = 0; i < 2; i++) {
    fixture x;
    open_with(&x, f, both[i]);
    gsat_dpll *s = &x.s;
    const uint32_t c = x.in->preselect(s, &x.view);
    assert_int_equal(c, 6); /* fewer than GSAT_LA_MIN_CAND variables: all */
    x.in->all(s, &x.view, c);
    uint64_t d[12] = {0};
    for (uint32_t k = 0; k < c; k++) {
      d[2 * s->la_cand[k]] = s->la_diff[2 * k];
      d[2 * s->la_cand[k] + 1] = s->la_diff[2 * k + 1];
    }
    assert_int_equal(d[L(1)], 3125 + 625);
    assert_int_equal(d[L(-1)], 625);
    assert_int_equal(d[L(2)], 3125);
    assert_int_equal(d[L(-2)], 3125 + 625);
    assert_int_equal(d[L(-3)], 3125 + 625);
    assert_int_equal(d[L(3)] + d[L(4)] + d[L(5)] + d[L(6)], 0);
    assert_int_equal(d[L(-4)], 625 + 625 + 3125);
    assert_int_equal(d[L(-6)], 625);
    assert_int_equal(x.in->pick(s, c), L(2));
    for (uint32_t w = 0; w < s->la_words; w++) assert_int_equal(s->la_bits[w], 0); /* left clear */
    close_root(&x);
  }
}

/* Preselection and the round's reduced formula: x1..x8 each in one clause
 * of each sign with fillers from x9..x12 (binary for x1..x3, ternary for
 * x4..x6, 4 literals for x7, x8) and (x1 x2 x5).  The scores (a + 1)(b + 1)
 * - 1 of the weights 4^(7 - u) rank x9, x10, x1, x2, x3, x11, x5, then x4
 * and x6 tied at 66048 (the smaller index first), x7, x8, x12: 12 variables
 * score, so the GSAT_LA_MIN_CAND = 8 candidates are the first eight in that
 * order.  Each literal's list holds its unsatisfied clauses, la_cu their
 * lengths. */
static void preselection_ranks(void **state) {
  (void)state;
  static const int64_t f[] = {1,  9,  0,   -1,  -10, 0,  2,   9,  0,   -2, -11, 0,   3,   9,
                              0,  -3, -12, 0,   4,   9,  10,  0,  -4,  -9, -10, 0,   5,   9,
                              10, 0,  -5,  -10, -11, 0,  6,   9,  10,  0,  -6,  -11, -12, 0,
                              7,  9,  10,  11,  0,   -7, -12, -9, -10, 0,  8,   9,   10,  11,
                              0,  -8, -9,  -10, -11, 0,  1,   2,  5,   0,  0};
  static const int want[8] = {9, 10, 1, 2, 3, 11, 5, 4};
  for (int i = 0; i < 2; i++) {
    fixture x;
    open_with(&x, f, both[i]);
    gsat_dpll *s = &x.s;
    assert_int_equal(x.db.num_vars, 12);
    const uint32_t c = x.in->preselect(s, &x.view);
    assert_int_equal(c, 8);
    for (uint32_t k = 0; k < c; k++) assert_int_equal(GSAT_LIT(s->la_cand[k], 0), L(want[k]));
    assert_int_equal(s->la_lstart[L(9) + 1] - s->la_lstart[L(9)], 8);
    assert_int_equal(s->la_lstart[L(-3) + 1] - s->la_lstart[L(-3)], 1);
    assert_int_equal(s->la_lend[L(9)] - s->la_lstart[L(9)], 8); /* all unsatisfied */
    assert_int_equal(s->la_lstart[2 * 12], 49);                 /* every literal of every clause */
    assert_int_equal(s->la_cu[0], 2);                           /* (x1 x9) */
    assert_int_equal(s->la_cu[14], 4);                          /* (x8 x9 x10 x11) */
    assert_int_equal(s->la_cu[16], 3);                          /* (x1 x2 x5) */
    assert_int_equal(x.in->pre(s, L(1)), 1024 + 256);           /* (x1 x9), (x1 x2 x5) */
    assert_int_equal(x.in->pre(s, L(-4)), 256);                 /* (-x4 -x9 -x10) */
    close_root(&x);
  }
}

/* x1 implies x2, which with x1 implies x3; -x1 implies x4, which with -x1
 * implies x3: x3 follows (a necessary assignment, local learning), though
 * no literal fails (-x3 only shortens clauses to binary ones).  The decision
 * is made on the formula with x3 true. */
static void necessary_assignment(void **state) {
  (void)state;
  static const int64_t f[] = {-1, 2, 0, -1, -2, 3, 0, 1, 4, 0, 1, -4, 3, 0, 0};
  for (int i = 0; i < 2; i++) {
    fixture x;
    const gsat_lit lit = decide_at_root(&x, f, both[i]);
    const gsat_dpll *s = &x.s;
    assert_int_equal(s->conflict, 0);
    assert_int_equal(s->n.failed, 0);
    assert_int_equal(s->val[L(3)], 1);
    assert_int_equal(s->val[L(1)] | s->val[L(2)] | s->val[L(4)], 0);
    assert_true(lit != GSAT_DPLL_NONE && s->val[lit] == 0);
    assert_int_equal(s->n.la, 2 * 4 + 2 * 3); /* round 1: x1..x4; round 2: x1, x2, x4 */
    close_root(&x);
  }
}

/* A random k-SAT formula over V variables with C clauses as build's DIMACS
 * list in f (room for C (k + 1) + 1); clause i starts with variable i mod V,
 * so that every variable occurs. */
static void random_formula(int64_t *f, int V, int C, int k, uint64_t *rng) {
  int at = 0;
  for (int i = 0; i < C; i++) {
    int vars[8];
    for (int j = 0; j < k; j++) {
      int v, dup;
      do {
        *rng = *rng * 6364136223846793005ull + 1442695040888963407ull;
        v = j == 0 ? i % V + 1 : (int)(*rng >> 33) % V + 1;
        dup = 0;
        for (int m = 0; m < j; m++) dup |= vars[m] == v;
      } while (dup);
      vars[j] = v;
      f[at++] = (*rng >> 20 & 1) ? -v : v;
    }
    f[at++] = 0;
  }
  f[at] = 0;
}

typedef struct cube_list {
  gsat_lit lits[4096];
  uint32_t start[1025], n;
} cube_list;

static int collect(void *data, const gsat_lit *lits, uint32_t n) {
  cube_list *c = data;
  assert_true(c->n < 1024 && c->start[c->n] + n <= 4096);
  memcpy(c->lits + c->start[c->n], lits, n * sizeof *lits);
  c->start[c->n + 1] = c->start[c->n] + n;
  c->n++;
  return 1;
}

/* Whether the total assignment `bits` (bit v: internal variable v true)
 * makes literal l true. */
static int lit_true(uint32_t bits, gsat_lit l) {
  return (int)(bits >> GSAT_VAR(l) & 1) != (int)GSAT_SIGN(l);
}

/* Every model of db (all 2^V assignments tried) satisfies exactly one cube. */
static void check_partition(const gsat_db *db, const cube_list *c) {
  for (uint32_t bits = 0; bits < 1u << db->num_vars; bits++) {
    int model = 1;
    for (uint32_t k = 0; k < db->num_units && model; k++) model = lit_true(bits, db->units[k]);
    for (uint32_t i = 0; i < db->num_clauses && model; i++) {
      int sat = 0;
      for (uint32_t j = db->clause_start[i]; j < db->clause_start[i + 1]; j++)
        sat |= lit_true(bits, db->clause_lits[j]);
      model = sat;
    }
    if (!model) continue;
    int in = 0;
    for (uint32_t q = 0; q < c->n; q++) {
      int all = 1;
      for (uint32_t j = c->start[q]; j < c->start[q + 1]; j++) all &= lit_true(bits, c->lits[j]);
      in += all;
    }
    assert_int_equal(in, 1);
  }
}

/* db's clauses and units plus the negation of every cube: UNSAT by the CPU
 * search (MOMS). */
static void check_negation_unsat(const gsat_db *db, const cube_list *c) {
  gsat_cnf cnf;
  gsat_cnf_init(&cnf);
  for (uint32_t k = 0; k < db->num_units; k++) {
    assert_int_equal(gsat_cnf_add_lit(&cnf, db->units[k], NULL), GSAT_OK);
    assert_int_equal(gsat_cnf_end_clause(&cnf, NULL), GSAT_OK);
  }
  for (uint32_t i = 0; i < db->num_clauses; i++) {
    for (uint32_t j = db->clause_start[i]; j < db->clause_start[i + 1]; j++)
      assert_int_equal(gsat_cnf_add_lit(&cnf, db->clause_lits[j], NULL), GSAT_OK);
    assert_int_equal(gsat_cnf_end_clause(&cnf, NULL), GSAT_OK);
  }
  for (uint32_t q = 0; q < c->n; q++) {
    for (uint32_t j = c->start[q]; j < c->start[q + 1]; j++)
      assert_int_equal(gsat_cnf_add_lit(&cnf, GSAT_NOT(c->lits[j]), NULL), GSAT_OK);
    assert_int_equal(gsat_cnf_end_clause(&cnf, NULL), GSAT_OK);
  }
  gsat_db db2;
  gsat_error err;
  assert_int_equal(gsat_db_build(&db2, &cnf, &err), GSAT_OK);
  gsat_search_params p;
  memset(&p, 0, sizeof p);
  p.decide = GSAT_DECIDE_MOMS;
  p.threads = 1;
  gsat_search_result r;
  assert_true(db2.empty_clause || gsat_cpu_solve(&db2, &p, &r, &err) == GSAT_OK);
  if (!db2.empty_clause) {
    assert_int_equal(r.answer, GSAT_ANSWER_UNSAT);
    gsat_search_result_free(&r);
  }
  gsat_db_free(&db2);
  gsat_cnf_free(&cnf);
}

/* gsat_cpu_cubes on random 3-SAT (many models) and 5-SAT formulas over 12
 * variables, 2 to 40 cubes: the cubes partition the models, the formula with
 * the negated cubes is UNSAT, and as many cubes as asked are made unless the
 * splitting ran out of open cubes. */
static void cubes_partition_models(void **state) {
  (void)state;
  uint64_t rng = 99;
  int64_t f[300 * 6 + 1];
  uint64_t made = 0;
  for (int round = 0; round < 12; round++) {
    const int k = round % 3 == 2 ? 5 : 3, V = 12, C = k == 3 ? 36 + 4 * (round % 4) : 180;
    random_formula(f, V, C, k, &rng);
    gsat_db db;
    build(&db, f);
    for (uint64_t max = 2; max <= 40; max = max * 3 + 1) {
      static cube_list c;
      memset(&c, 0, sizeof c);
      gsat_cpu_cubes_result r;
      gsat_error err;
      assert_int_equal(gsat_cpu_cubes(&db, max, NULL, collect, &c, &r, &err), GSAT_OK);
      assert_int_equal(r.cubes, c.n);
      assert_true(c.n <= max);
      made += c.n;
      check_partition(&db, &c);
      check_negation_unsat(&db, &c);
    }
    gsat_db_free(&db);
  }
  assert_true(made > 100); /* the splitting did split */
}

/* The leaves of a seeded tree c, taken from its queue, into cube list l;
 * every leaf is queued once, every inner node has two children. */
static void seeded_leaves(gsat_cubes *c, uint32_t V, cube_list *l) {
  uint32_t x, children[1024] = {0};
  gsat_lit path[64];
  while (gsat_cubes_take(c, &x)) {
    assert_int_equal(c->open[x], 0);
    const uint32_t n = gsat_cubes_path(c, x, path, V);
    assert_int_equal(collect(l, path, n), 1);
  }
  uint32_t leaves = 0;
  for (uint32_t y = 1; y < c->node_count; y++) children[c->parent[y]]++;
  for (uint32_t y = 0; y < c->node_count; y++) {
    assert_int_equal(children[y], c->open[y]);
    assert_true(c->open[y] == 0 || c->open[y] == 2);
    leaves += c->open[y] == 0;
  }
  assert_int_equal(leaves, l->n);
}

/* gsat_cpu_cubes_seed on the formulas of cubes_partition_models, 2 to 40
 * leaves: every leaf queued once (the term counts them), the leaves partition
 * the models and their negations with the formula are UNSAT; a db without
 * occurrence streams gets the same tree. */
static void seeded_cubes_partition_models(void **state) {
  (void)state;
  uint64_t rng = 99, made = 0;
  int64_t f[300 * 6 + 1];
  static unsigned char arena[2][1 << 16];
  assert_true(gsat_cubes_bytes(10, 7) <= sizeof arena[0]);
  for (int round = 0; round < 12; round++) {
    const int k = round % 3 == 2 ? 5 : 3, V = 12, C = k == 3 ? 36 + 4 * (round % 4) : 180;
    random_formula(f, V, C, k, &rng);
    gsat_db db;
    build(&db, f);
    gsat_db bare = db; /* the same clauses, no streams */
    bare.occ_start = NULL;
    bare.occ_stream = NULL;
    for (uint32_t max = 2; max <= 40; max = max * 3 + 1) {
      static cube_list l[2];
      gsat_cubes c[2];
      for (int b = 0; b < 2; b++) {
        gsat_term t;
        gsat_error err;
        gsat_cpu_cubes_result r;
        gsat_term_init(&t);
        assert_int_equal(gsat_cubes_init(&c[b], arena[b], 10, 7, &err), GSAT_OK);
        assert_int_equal(gsat_cpu_cubes_seed(b ? &bare : &db, max, NULL, 0, &c[b], &t, &r, &err),
                         GSAT_OK);
        assert_int_equal(t.open_cubes, r.cubes);
        assert_true(r.cubes >= 1 && r.cubes <= max);
        memset(&l[b], 0, sizeof l[b]);
        seeded_leaves(&c[b], db.num_vars, &l[b]);
        assert_int_equal(l[b].n, r.cubes);
      }
      assert_int_equal(l[0].n, l[1].n);
      assert_memory_equal(l[0].lits, l[1].lits, l[0].start[l[0].n] * sizeof *l[0].lits);
      made += l[0].n;
      check_partition(&db, &l[0]);
      check_negation_unsat(&db, &l[0]);
    }
    gsat_db_free(&db);
  }
  assert_true(made > 100);
}

/* Pigeonhole: p pigeons in h holes, build's DIMACS list in f. */
static void php_formula(int64_t *f, int p, int h) {
  int at = 0;
  for (int i = 0; i < p; i++) {
    for (int j = 0; j < h; j++) f[at++] = i * h + j + 1;
    f[at++] = 0;
  }
  for (int j = 0; j < h; j++)
    for (int a = 0; a < p; a++)
      for (int b = a + 1; b < p; b++)
        f[at++] = -(a * h + j + 1), f[at++] = -(b * h + j + 1), f[at++] = 0;
  f[at] = 0;
}

/* The choice of f (build's list) by --decide=auto on the GPU (on_gpu 1) or
 * the CPU (0). */
static gsat_decide auto_choice(const int64_t *f, int on_gpu) {
  gsat_db db;
  build(&db, f);
  const gsat_decide d = gsat_choose_decide(&db.features, GSAT_DECIDE_AUTO, on_gpu).decide;
  assert_int_equal(gsat_choose_decide(&db.features, GSAT_DECIDE_MOMS, on_gpu).decide,
                   GSAT_DECIDE_MOMS);
  gsat_db_free(&db);
  return d;
}

/* --decide=auto (choose.h): look-ahead for uniform 3-SAT near the threshold
 * from 400 variables on the GPU and from 200 on the CPU, for uniform 5- to
 * 7-SAT near their thresholds on the CPU, for pigeonhole from 10 holes on;
 * MOMS for smaller 3-SAT and for k-SAT off the threshold; the static order
 * for smaller pigeonhole formulas. */
static void decide_auto_rule(void **state) {
  (void)state;
  static int64_t f[6400 * 8 + 1];
  uint64_t rng = 7;
  const gsat_decide L = GSAT_DECIDE_LOOKAHEAD, M = GSAT_DECIDE_MOMS;
  static const struct {
    int k, V, C;
    gsat_decide gpu, cpu;
  } rand[] = {
      {3, 400, 1704, L, L}, {3, 500, 2130, L, L}, {3, 450, 2250, L, L}, {3, 399, 1700, M, L},
      {3, 250, 1065, M, L}, {3, 200, 852, M, L},  {3, 199, 848, M, M},  {3, 150, 639, M, M},
      {3, 300, 1050, M, M}, {3, 300, 1560, M, M}, {5, 100, 2110, M, L}, {5, 70, 1477, M, L},
      {5, 300, 6330, M, L}, {7, 60, 5280, M, L},  {7, 40, 3520, M, L},  {5, 100, 1500, M, M},
      {5, 100, 3000, M, M}, {7, 60, 4000, M, M},  {4, 100, 990, M, M},
  };
  for (size_t i = 0; i < sizeof rand / sizeof *rand; i++) {
    random_formula(f, rand[i].V, rand[i].C, rand[i].k, &rng);
    assert_int_equal(auto_choice(f, 1), rand[i].gpu);
    assert_int_equal(auto_choice(f, 0), rand[i].cpu);
  }
  static const struct {
    int p, h;
    gsat_decide want;
  } php[] = {{11, 10, GSAT_DECIDE_LOOKAHEAD},
             {13, 12, GSAT_DECIDE_LOOKAHEAD},
             {10, 9, GSAT_DECIDE_STATIC},
             {7, 6, GSAT_DECIDE_STATIC}};
  for (size_t i = 0; i < sizeof php / sizeof *php; i++) {
    php_formula(f, php[i].p, php[i].h);
    assert_int_equal(auto_choice(f, 1), php[i].want);
    assert_int_equal(auto_choice(f, 0), php[i].want);
  }
  /* php 10's clauses and a 3-SAT clause more: not pigeonhole-like */
  php_formula(f, 11, 10);
  int at = 0;
  while (f[at] || f[at + 1]) at++;
  f[at + 1] = 1, f[at + 2] = 2, f[at + 3] = 3, f[at + 4] = 0, f[at + 5] = 0;
  assert_int_equal(auto_choice(f, 1), GSAT_DECIDE_STATIC);
}

/* The CPU walkers beside the search (choose.h gsat_choose_walkers): one for
 * uniform random k-SAT chosen by auto on 4 or more threads, none for
 * pigeonhole or mixed lengths; a requested count at most threads - 1. */
static uint32_t walkers_of(const int64_t *f, int option, int by_auto, uint32_t threads) {
  gsat_db db;
  build(&db, f);
  const uint32_t n = gsat_choose_walkers(&db.features, option, by_auto, threads);
  gsat_db_free(&db);
  return n;
}

static void walkers_auto_rule(void **state) {
  (void)state;
  static int64_t f[6400 * 8 + 1];
  uint64_t rng = 11;
  for (int k = 3; k <= 7; k += 2) {
    random_formula(f, 60, k == 3 ? 256 : k == 5 ? 1266 : 5267, k, &rng);
    assert_int_equal(walkers_of(f, -1, 1, 15), 1);
    assert_int_equal(walkers_of(f, -1, 1, 4), 1);
    assert_int_equal(walkers_of(f, -1, 1, 3), 0);
    assert_int_equal(walkers_of(f, -1, 0, 15), 0); /* a search the user chose */
    assert_int_equal(walkers_of(f, 0, 1, 15), 0);
    assert_int_equal(walkers_of(f, 5, 0, 15), 5);
    assert_int_equal(walkers_of(f, 5, 0, 4), 3);
    assert_int_equal(walkers_of(f, 5, 0, 1), 0);
  }
  /* 2 or 3 threads: a walker from GSAT_WALK_AUTO_MIN_VARS variables on */
  random_formula(f, GSAT_WALK_AUTO_MIN_VARS, 2125, 3, &rng);
  assert_int_equal(walkers_of(f, -1, 1, 2), 1);
  assert_int_equal(walkers_of(f, -1, 1, 3), 1);
  assert_int_equal(walkers_of(f, -1, 1, 1), 0);
  assert_int_equal(walkers_of(f, -1, 0, 2), 0);
  random_formula(f, GSAT_WALK_AUTO_MIN_VARS - 1, 2121, 3, &rng);
  assert_int_equal(walkers_of(f, -1, 1, 3), 0);
  php_formula(f, 8, 7);
  assert_int_equal(walkers_of(f, -1, 1, 15), 0);
  assert_int_equal(walkers_of(f, 2, 1, 15), 2);
  /* a 2-SAT clause among 3-SAT ones: not uniform */
  random_formula(f, 60, 256, 3, &rng);
  assert_int_equal(walkers_of(f, -1, 1, 15), 1);
  int at = 0;
  while (f[at] || f[at + 1]) at++;
  f[at + 1] = 1, f[at + 2] = 2, f[at + 3] = 0, f[at + 4] = 0;
  assert_int_equal(walkers_of(f, -1, 1, 15), 0);
}

/* The choice of f (build's list) by --search=auto (choose.h
 * gsat_choose_search) with a GPU searching or not (on_gpu) and the CPU CDCL
 * search running BVA or not (bva); the reason into reason (96 bytes) when
 * not NULL. */
static gsat_search_kind search_of(const int64_t *f, int on_gpu, int bva, char *reason) {
  gsat_db db;
  build(&db, f);
  const gsat_search_choice c = gsat_choose_search(&db.features, GSAT_SEARCH_AUTO, on_gpu, bva);
  if (reason) memcpy(reason, c.reason, sizeof c.reason);
  for (int k = GSAT_SEARCH_DPLL; k <= GSAT_SEARCH_WALK; k++) {
    const gsat_search_choice asked = gsat_choose_search(&db.features, k, on_gpu, bva);
    assert_int_equal(asked.search, k);
    assert_string_equal(asked.reason, "requested");
  }
  gsat_db_free(&db);
  return c.search;
}

/* --search=auto: with a GPU (on_gpu 1, BVA or not) DPLL for pigeonhole-like
 * formulas and for uniform random 3-SAT at 3.5 to 5 clauses per variable,
 * CDCL for the rest, as the rule measured on the GPU; without a GPU CDCL
 * for pigeonhole-like formulas when BVA runs, else the same. */
static void search_auto_rule(void **state) {
  (void)state;
  static int64_t f[6400 * 8 + 1];
  char reason[96];
  uint64_t rng = 5;
  const gsat_search_kind D = GSAT_SEARCH_DPLL, C = GSAT_SEARCH_CDCL;
  static const struct {
    int p, h, rand_k, V, C;
    gsat_search_kind gpu, cpu_bva; /* cpu without BVA: as the GPU */
  } cases[] = {
      {11, 10, 0, 0, 0, D, C},    {7, 6, 0, 0, 0, D, C},     {13, 12, 0, 0, 0, D, C},
      {0, 0, 3, 250, 1065, D, D}, {0, 0, 3, 100, 350, D, D}, {0, 0, 3, 100, 500, D, D},
      {0, 0, 3, 100, 300, C, C},  {0, 0, 3, 100, 520, C, C}, {0, 0, 5, 60, 1266, C, C},
      {0, 0, 4, 100, 990, C, C},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    if (cases[i].p)
      php_formula(f, cases[i].p, cases[i].h);
    else
      random_formula(f, cases[i].V, cases[i].C, cases[i].rand_k, &rng);
    assert_int_equal(search_of(f, 1, 1, NULL), cases[i].gpu);
    assert_int_equal(search_of(f, 1, 0, NULL), cases[i].gpu);
    assert_int_equal(search_of(f, 0, 0, NULL), cases[i].gpu);
    assert_int_equal(search_of(f, 0, 1, NULL), cases[i].cpu_bva);
  }
  php_formula(f, 11, 10);
  search_of(f, 1, 1, reason);
  assert_string_equal(
      reason, "auto: pigeonhole-like, 11 clauses of length 10 cover the 110 variables once");
  search_of(f, 0, 1, reason);
  assert_string_equal(
      reason, "auto: pigeonhole-like, 11 clauses of length 10; no GPU: CDCL after BVA (--bva)");
  /* php 10's clauses and a 3-SAT clause more: not pigeonhole-like */
  int at = 0;
  while (f[at] || f[at + 1]) at++;
  f[at + 1] = 1, f[at + 2] = 2, f[at + 3] = 3, f[at + 4] = 0, f[at + 5] = 0;
  assert_int_equal(search_of(f, 1, 1, NULL), C);
  assert_int_equal(search_of(f, 0, 0, NULL), C);
}

/* The reduced formula that the look-ahead search keeps along the tree equals
 * one computed from scratch from s's assignment: each unsatisfied clause's
 * unassigned count, each unassigned literal's list (its unsatisfied clauses,
 * each once) and preselection sum.  Returns the unsatisfied clauses. */
static uint32_t check_reduced(const gsat_dpll *s, const gsat_db_view *db) {
  uint32_t open = 0, *seen = calloc(db->num_clauses, sizeof *seen);
  assert_non_null(seen);
  assert_int_equal(s->la_top, s->trail_len);
  for (uint32_t l = 0; l < 2 * db->num_vars; l++) {
    if (s->val[l]) continue;
    uint32_t n = 0, score = 0;
    for (uint32_t c = 0; c < db->num_clauses; c++) {
      uint32_t sat = 0, un = 0, has = 0;
      for (uint32_t i = db->clause_start[c]; i < db->clause_start[c + 1]; i++) {
        sat |= s->val[db->clause_lits[i]] > 0;
        un += s->val[db->clause_lits[i]] == 0;
        has |= db->clause_lits[i] == l;
      }
      if (sat || !has) continue;
      assert_int_equal(s->la_cu[c], un);
      n++;
      score += gsat_dpll_la_pre_weight(un);
    }
    assert_int_equal(s->la_lend[l] - s->la_lstart[l], n);
    assert_int_equal(s->la_score[l], score);
    for (uint32_t p = s->la_lstart[l]; p < s->la_lend[l]; p++) {
      const uint32_t c = s->la_list[p];
      assert_true(seen[c] != l + 1); /* once */
      seen[c] = l + 1;
      assert_int_equal(db->clause_lits[s->la_locc[p]], l);
      assert_int_equal(s->la_lpos[s->la_locc[p]], p);
    }
    open += n;
  }
  free(seen);
  return open;
}

/* Searches random 5-SAT formulas near the threshold one node at a time;
 * wherever no conflict is pending, the kept reduced formula equals the one
 * from scratch (check_reduced), through decisions, failed literals and
 * backtracks, until the answer. */
static void reduced_formula_kept(void **state) {
  (void)state;
  static int64_t f[320 * 6 + 1];
  uint64_t rng = 7;
  uint32_t checked = 0;
  for (int round = 0; round < 4; round++) {
    random_formula(f, 12 + round, (12 + round) * 21, 5, &rng);
    fixture x;
    open_root(&x, f);
    int r = GSAT_DPLL_PAUSED;
    while (r == GSAT_DPLL_PAUSED) {
      if (!x.s.conflict && x.s.la_ready) {
        check_reduced(&x.s, &x.view);
        checked++;
      }
      r = gsat_dpll_search(&x.s, &x.view, 1);
    }
    assert_true(r == GSAT_DPLL_SAT || r == GSAT_DPLL_EXHAUSTED);
    close_root(&x);
  }
  assert_true(checked > 20);
}

/* The two representations walk the same tree on formula f: searched one
 * node at a time side by side, after each node the same assignment (val),
 * trail length and counts of nodes, look-aheads, candidates and failed
 * literals, then the same answer (a model: the same one), counted in *sat or
 * *unsat. */
static void walk_both(const int64_t *f, int *sat, int *unsat) {
  fixture a, b;
  open_with(&a, f, &kept);
  open_with(&b, f, &scanned);
  const uint32_t L2 = 2 * a.db.num_vars;
  int ra = GSAT_DPLL_PAUSED, rb = GSAT_DPLL_PAUSED;
  while (ra == GSAT_DPLL_PAUSED) {
    ra = a.in->search(&a.s, &a.view, 1);
    rb = b.in->search(&b.s, &b.view, 1);
    assert_int_equal(ra, rb);
    assert_memory_equal(a.s.val, b.s.val, L2);
    assert_int_equal(a.s.trail_len, b.s.trail_len);
    assert_int_equal(a.s.n.nodes, b.s.n.nodes);
    assert_int_equal(a.s.n.la, b.s.n.la);
    assert_int_equal(a.s.n.cand, b.s.n.cand);
    assert_int_equal(a.s.n.failed, b.s.n.failed);
  }
  *sat += ra == GSAT_DPLL_SAT;
  *unsat += ra == GSAT_DPLL_EXHAUSTED;
  close_root(&a);
  close_root(&b);
}

/* walk_both on random 3-, 5- and 7-SAT near their thresholds and pigeonhole
 * 5 in 4. */
static void representations_agree(void **state) {
  (void)state;
  static int64_t f[968 * 8 + 1];
  uint64_t rng = 11;
  int sat = 0, unsat = 0;
  for (int round = 0; round < 12; round++) {
    const int k = round < 4 ? 3 : round < 8 ? 5 : 7, V = k == 3 ? 30 : k == 5 ? 14 : 11;
    random_formula(f, V, k == 3 ? 43 * V / 10 : k == 5 ? 21 * V : 88 * V, k, &rng);
    walk_both(f, &sat, &unsat);
  }
  php_formula(f, 5, 4);
  walk_both(f, &sat, &unsat);
  assert_true(sat > 0 && unsat > 1);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(failed_literal_assigned),    cmocka_unit_test(both_failed_refutes),
      cmocka_unit_test(reduction_and_product_rule), cmocka_unit_test(necessary_assignment),
      cmocka_unit_test(cubes_partition_models),     cmocka_unit_test(seeded_cubes_partition_models),
      cmocka_unit_test(decide_auto_rule),           cmocka_unit_test(preselection_ranks),
      cmocka_unit_test(walkers_auto_rule),          cmocka_unit_test(search_auto_rule),
      cmocka_unit_test(reduced_formula_kept),       cmocka_unit_test(representations_agree),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
