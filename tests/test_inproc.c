/* Inprocessing of the CPU CDCL search (cpu/cdcl_inproc.h): a round on a
 * searcher with hand-made learned clauses (the subsumed one deleted, the
 * strengthened one shortened, one over an eliminated variable dropped, as
 * are the assumptions over one), the search state kept, an equivalence that only a learned
 * binary clause proves found, every proof step RUP, and random formulas
 * searched with a round every few conflicts against brute force: the same answer, every model
 * extended to one of the original formula, every proof step checked. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cpu/cdcl_inproc.h"
#include "cpu/cdcl_one.h"
#include "core/cdcl_host.h"
#include "core/cnf.h"
#include "core/db.h"
#include "tests/db_of.h"

#define MAXV 16
#define MAXC 4096
#define MAXK 16
#include "tests/rup_check.h"

/* A searcher over f, its proof checked, and a learned clause added for each
 * DIMACS clause of learned (each ended by 0, the list by a second 0; each
 * must be RUP). */
typedef struct bench {
  gsat_db db;
  gsat_cdcl s;
  gsat_proof_sink sink;
  checker chk;
  int refuted; /* the units clash (gsat_cdcl_create) */
} bench;

static bench *setup(const int64_t *f, const int64_t *learned) {
  bench *b = calloc(1, sizeof *b);
  assert_non_null(b);
  build(&b->db, f);
  chk_load(&b->chk, &b->db);
  b->sink = (gsat_proof_sink){chk_add, chk_del, &b->chk};
  gsat_cdcl_config cfg;
  gsat_cdcl_config_default(&cfg);
  gsat_error err;
  assert_int_equal(gsat_cdcl_create(&b->s, &b->db, &cfg, &b->sink, &b->refuted, &err), GSAT_OK);
  assert_true(!b->refuted || !learned);
  for (; learned && *learned; learned++) {
    gsat_lit l[MAXK];
    uint32_t n = 0;
    for (; *learned; learned++) l[n++] = L(*learned);
    chk_add(&b->chk, l, n);
    uint32_t c = gsat_cdcl_clause_new(&b->s, l, n, 1, 2);
    assert_int_not_equal(c, GSAT_CDCL_NOREF);
    assert_true(gsat_cdcl_attach(&b->s, c));
    b->s.learned_live++;
  }
  assert_false(b->chk.bad);
  return b;
}

static void teardown(bench *b) {
  gsat_cdcl_destroy(&b->s);
  gsat_db_free(&b->db);
  free(b);
}

/* Whether s holds a live learned clause of exactly the DIMACS literals d. */
static int has_learned(const gsat_cdcl *s, const int64_t *d, uint32_t n) {
  const uint32_t *a = s->arena;
  for (uint64_t c = 0; c < s->arena_top; c += GSAT_CDCL_HDR + a[c + 1]) {
    if ((a[c + 2] & (GSAT_CDCL_DELETED | GSAT_CDCL_LEARNED)) != GSAT_CDCL_LEARNED || a[c] != n)
      continue;
    uint32_t same = 0;
    for (uint32_t i = 0; i < n; i++)
      for (uint32_t j = 0; j < n; j++) same += GSAT_CDCL_LITS(s, c)[j] == L(d[i]);
    if (same == n) return 1;
  }
  return 0;
}

/* Whether model (one byte per variable, 1 true) satisfies db's clauses and
 * units. */
static int satisfies(const gsat_db *db, const uint8_t *model) {
  for (uint32_t i = 0; i < db->num_units; i++)
    if (model[GSAT_VAR(db->units[i])] != !GSAT_SIGN(db->units[i])) return 0;
  for (uint32_t c = 0; c < db->num_clauses; c++) {
    int sat = 0;
    for (uint32_t i = db->clause_start[c]; i < db->clause_start[c + 1]; i++)
      sat |= model[GSAT_VAR(db->clause_lits[i])] == !GSAT_SIGN(db->clause_lits[i]);
    if (!sat) return 0;
  }
  return 1;
}

/* Whether db has a model (all 2^V assignments tried). */
static int brute_force(const gsat_db *db) {
  uint8_t model[MAXV];
  for (uint32_t m = 0; m < 1u << db->num_vars; m++) {
    for (uint32_t v = 0; v < db->num_vars; v++) model[v] = (m >> v) & 1;
    if (satisfies(db, model)) return 1;
  }
  return 0;
}

static gsat_simp_config only_subsume(void) {
  gsat_simp_config c;
  gsat_simp_config_default(&c);
  c.sweep = 0; /* the techniques tested alone: sweeping would prove these too */
  c.elim = c.probe = c.equiv = 0;
  return c;
}

/* Sets up *ip for b with the techniques of cfg, a round due at every
 * conflict, and runs one round: no refutation, every proof step RUP. */
static void one_round(bench *b, const gsat_simp_config *cfg, gsat_inproc *ip) {
  gsat_inproc_init(ip, &b->db, cfg, 1, 100, 16);
  int refuted = 1;
  gsat_error err;
  assert_int_equal(gsat_inproc_round(ip, &b->s, &refuted, &err), GSAT_OK);
  assert_false(refuted);
  assert_false(b->chk.bad);
}

/* (1 2) subsumes the learned (1 2 3) and strengthens the learned
 * (-1 2 4), which (-1 -3) (3 4) imply, to (2 4); the searcher's decision
 * order, phases and counters survive the rebuild. */
static void learned_subsumed_and_strengthened(void **state) {
  (void)state;
  const int64_t f[] = {1, 2, 0, -1, -3, 0, 3, 4, 0, 5, 6, -2, 0, -5, -6, 4, 0, 0};
  const int64_t learned[] = {1, 2, 3, 0, -1, 2, 4, 0, 0};
  bench *b = setup(f, learned);
  b->s.activity[3] = 7.5;
  b->s.phase[4] = 1;
  b->s.n.conflicts = 1234;
  gsat_simp_config cfg = only_subsume();
  gsat_inproc ip;
  one_round(b, &cfg, &ip);
  assert_int_equal(ip.n.inproc_rounds, 1);
  assert_int_equal(ip.n.inproc_subsumed, 1);
  assert_int_equal(ip.n.inproc_strengthened, 1);
  const int64_t short_one[] = {2, 4}, gone[] = {1, 2, 3}, old[] = {-1, 2, 4};
  assert_true(has_learned(&b->s, short_one, 2));
  assert_false(has_learned(&b->s, gone, 3));
  assert_false(has_learned(&b->s, old, 3));
  assert_int_equal(b->s.learned_live, 1);
  assert_true(b->s.activity[3] == 7.5);
  assert_int_equal(b->s.phase[4], 1);
  assert_int_equal(b->s.n.conflicts, 1234);
  assert_int_equal(ip.next, 1234 + 2);
  gsat_inproc_free(&ip);
  teardown(b);
}

/* Variable 1 occurs once each way: elimination replaces (1 2) (-1 3) by
 * (2 3); the learned (-1 3 5) goes with it (deleted in the proof), and a
 * model found after the round extends to the original clauses. */
static void learned_over_eliminated_dropped(void **state) {
  (void)state;
  const int64_t f[] = {1, 2, 0, -1, 3, 0, -2, 4, 5, 0, -3, -4, 5, 0, 2, -5, 4, 0, 0};
  const int64_t learned[] = {-1, 3, 5, 0, 0};
  bench *b = setup(f, learned);
  gsat_simp_config cfg;
  gsat_simp_config_default(&cfg);
  cfg.sweep = 0; /* the techniques tested alone: sweeping would prove these too */
  cfg.bva = 0;
  gsat_inproc ip;
  const uint32_t V = b->db.num_vars;
  gsat_lit all[MAXV];
  for (uint32_t v = 0; v < V; v++) all[v] = GSAT_LIT(v, v & 1);
  gsat_cdcl_set_assumptions(&b->s, all, V);
  one_round(b, &cfg, &ip);
  assert_true(ip.n.simp_eliminated >= 1);
  assert_true(ip.ext.len > 0);
  /* The removed variables: named by gsat_inproc_names_removed, left out of
   * the assumptions the rebuilt searcher holds and by gsat_inproc_filter. */
  uint32_t kept = 0;
  for (uint32_t v = 0; v < V; v++) {
    assert_int_equal(gsat_inproc_names_removed(&ip, &all[v], 1), ip.removed[v]);
    if (!ip.removed[v]) assert_int_equal(b->s.assumptions[kept++], all[v]);
  }
  assert_true(kept < V);
  assert_int_equal(b->s.num_assumptions, kept);
  assert_int_equal(gsat_inproc_names_removed(&ip, all, V), 1);
  assert_int_equal(gsat_inproc_filter(&ip, all, V), kept);
  assert_memory_equal(all, b->s.assumptions, kept * sizeof *all);
  gsat_cdcl_set_assumptions(&b->s, NULL, 0);
  const int64_t dropped[] = {-1, 3, 5};
  assert_false(has_learned(&b->s, dropped, 3));
  assert_int_equal(b->s.learned_live, 0);
  gsat_db_view view = gsat_db_view_of(&b->db);
  int res;
  while ((res = gsat_cdcl_search(&b->s, &view, 1000)) == GSAT_CDCL_PAUSED) {
  }
  assert_int_equal(res, GSAT_CDCL_SAT);
  uint8_t model[MAXV];
  for (uint32_t v = 0; v < b->db.num_vars; v++) model[v] = b->s.val[2 * v] > 0;
  gsat_inproc_extend(&ip, model);
  assert_true(satisfies(&b->db, model));
  gsat_inproc_free(&ip);
  teardown(b);
}

/* Only equivalences: 1 -> 2 is irredundant, 2 -> 1 the learned (1 -2)
 * (RUP: (1 -2 3) (1 -2 -3)).  Without the learned binary clauses the round
 * finds no equivalence; with them it substitutes 1 for 2 (the smaller
 * variable represents), every proof step RUP, drops the learned clause
 * over 2, and a model found after the round extends to the original
 * clauses. */
static void equivalence_from_learned_binary(void **state) {
  (void)state;
  const int64_t f[] = {-1, 2, 0, 1, -2, 3, 0, 1, -2, -3, 0, 2, 4, 5, 0, -4, -5, -1, 0, 0};
  const int64_t learned[] = {1, -2, 0, 0}, bin[] = {1, -2};
  for (int with = 0; with < 2; with++) {
    bench *b = setup(f, learned);
    gsat_simp_config cfg;
    gsat_simp_config_default(&cfg);
    cfg.sweep = 0; /* the techniques tested alone: sweeping would prove these too */
    cfg.subsume = cfg.probe = cfg.elim = cfg.bva = 0;
    cfg.equiv_learned = with;
    gsat_inproc ip;
    one_round(b, &cfg, &ip);
    assert_int_equal(ip.n.inproc_learned_bins, with);
    assert_int_equal(ip.n.simp_substituted, with);
    assert_int_equal(ip.removed[1], with);
    assert_int_equal(ip.removed[0], 0);
    assert_int_equal(has_learned(&b->s, bin, 2), !with);
    gsat_db_view view = gsat_db_view_of(&b->db);
    int res;
    while ((res = gsat_cdcl_search(&b->s, &view, 1000)) == GSAT_CDCL_PAUSED) {
    }
    assert_int_equal(res, GSAT_CDCL_SAT);
    assert_false(b->chk.bad);
    uint8_t model[MAXV];
    for (uint32_t v = 0; v < b->db.num_vars; v++) model[v] = b->s.val[2 * v] > 0;
    gsat_inproc_extend(&ip, model);
    assert_true(satisfies(&b->db, model));
    assert_int_equal(model[0], model[1]);
    gsat_inproc_free(&ip);
    teardown(b);
  }
}

/* Random 3-SAT over V variables (each occurs), tenths / 10 V clauses, in f. */
static void random_formula(uint64_t *rng, int64_t *f, uint32_t V, uint32_t tenths) {
  uint32_t k = 0, m = V * tenths / 10;
  for (uint32_t c = 0; c < m; c++) {
    for (uint32_t i = 0; i < 3; i++) {
      *rng = *rng * 6364136223846793005ull + 1442695040888963407ull;
      const uint32_t r = (uint32_t)(*rng >> 33);
      const int64_t v = c < V && i == 0 ? c + 1 : 1 + r % V;
      f[k++] = r & 1 ? v : -v;
    }
    f[k++] = 0;
  }
  f[k] = 0;
}

/* Searches b with a round whenever ip's schedule says (conflicts only):
 * one step at a time, so that rounds fall in every state of the search. */
static int search_with_rounds(bench *b, gsat_inproc *ip) {
  gsat_db_view view = gsat_db_view_of(&b->db);
  gsat_error err;
  for (;;) {
    int res = gsat_cdcl_search_grown(&b->s, &view, 1, &err);
    assert_true(res >= 0);
    if (res != GSAT_CDCL_PAUSED) return res;
    if (b->s.n.conflicts >= ip->next && (res = gsat_inproc_run(ip, &b->s, &view, &err)) != 0) {
      assert_true(res > 0);
      return res;
    }
  }
}

/* 1000 random 3-SAT formulas of 10 to 14 variables at ratios 4.3, 4.9 and
 * 5.5, a round after the first conflict and then every few (the
 * equivalences taking the learned binary clauses in every second): the answer of brute force,
 * models extended to the original clauses, every proof step RUP, the empty
 * clause in the proof of every UNSAT answer. */
static void random_formulas_with_rounds(void **state) {
  (void)state;
  uint64_t rng = 7;
  int64_t f[4 * 77 + 2];
  uint32_t answers[2] = {0, 0}, rounds = 0;
  uint64_t bins = 0; /* learned binary clauses the rounds' equivalences took */
  for (int t = 0; t < 1000; t++) {
    const uint32_t V = 10 + (uint32_t)t % 5;
    random_formula(&rng, f, V, 43 + 6 * ((uint32_t)t % 3));
    bench *b = setup(f, NULL);
    gsat_simp_config cfg;
    gsat_simp_config_default(&cfg);
    cfg.sweep = 0; /* the techniques tested alone: sweeping would prove these too */
    cfg.equiv_learned = t % 2;
    gsat_inproc ip;
    gsat_inproc_init(&ip, &b->db, &cfg, 1, 100, 16);
    const int res = b->refuted ? GSAT_CDCL_UNSAT : search_with_rounds(b, &ip);
    assert_false(b->chk.bad);
    assert_int_equal(res == GSAT_CDCL_SAT, brute_force(&b->db));
    answers[res == GSAT_CDCL_SAT]++;
    rounds += (uint32_t)ip.n.inproc_rounds;
    bins += ip.n.inproc_learned_bins;
    if (res == GSAT_CDCL_UNSAT) assert_true(b->chk.empty);
    if (res == GSAT_CDCL_SAT) {
      uint8_t model[MAXV];
      for (uint32_t v = 0; v < V; v++) model[v] = b->s.val[2 * v] > 0;
      gsat_inproc_extend(&ip, model);
      assert_true(satisfies(&b->db, model));
    }
    gsat_inproc_free(&ip);
    teardown(b);
  }
  assert_true(answers[0] >= 150 && answers[1] >= 150); /* both answers well represented */
  assert_true(rounds >= 250);
  assert_true(bins > 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(learned_subsumed_and_strengthened),
      cmocka_unit_test(learned_over_eliminated_dropped),
      cmocka_unit_test(equivalence_from_learned_binary),
      cmocka_unit_test(random_formulas_with_rounds),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
