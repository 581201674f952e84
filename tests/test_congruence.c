/* Congruence closure in the preprocessing round (core/simp.h,
 * --congruence): two AND gates over the same inputs, two if-then-else
 * gates, an XOR chain whose second level is congruent only after the first
 * is merged, an XOR over two congruent gates that collapses to a unit, and
 * gates over different inputs where nothing is congruent; no binary clause
 * shows these equivalences, so with probing off nothing else in the round
 * finds them.  Every proof step is checked by the tests' checker
 * (rup_check.h), and drat-trim verifies the round's refutations. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#define MAXV 16
#define MAXC 256
#define MAXK 8

#include "tests/rup_check.h"
#include "tests/simp_proof.h"

/* y1 = AND(a, b), y2 = AND(a, b) (y1, y2, a, b: DIMACS 1..4). */
static const int64_t and_twins[] = {-1, 3, 0,  -1, 4, 0, 1,  -3, -4, 0, -2,
                                    3,  0, -2, 4,  0, 2, -3, -4, 0,  0};
/* y1 = c ? t : e and y2 = NOT c ? e : t (y1, y2, c, t, e: DIMACS 1..5). */
static const int64_t ite_twins[] = {-1, -3, 4, 0,  -1, 3, 5, 0, 1, -3, -4, 0, 1,  3,  -5, 0, -2,
                                    3,  5,  0, -2, -3, 4, 0, 2, 3, -5, 0,  2, -3, -4, 0,  0};
/* p1 = a XOR b, q1 = a XOR b, p2 = p1 XOR c, q2 = q1 XOR c, and p2 != q2
 * (a, b, c, p1, q1, p2, q2: DIMACS 1..7): unsatisfiable by closure. */
static const int64_t xor_chain[] = {
    -4, 1,  2, 0, -4, -1, -2, 0, 4,  -1, 2, 0, 4,  1,  -2, 0, -5, 1,  2, 0,  -5, -1, -2, 0,
    5,  -1, 2, 0, 5,  1,  -2, 0, -6, 4,  3, 0, -6, -4, -3, 0, 6,  -4, 3, 0,  6,  4,  -3, 0,
    -7, 5,  3, 0, -7, -5, -3, 0, 7,  -5, 3, 0, 7,  5,  -3, 0, 6,  7,  0, -6, -7, 0,  0};
/* and_twins and z = y1 XOR y2 (z: DIMACS 5): z is false. */
static const int64_t xor_of_twins[] = {-1, 3, 0, -1, 4,  0,  1, -3, -4, 0, -2, 3,  0,
                                       -2, 4, 0, 2,  -3, -4, 0, -5, 1,  2, 0,  -5, -1,
                                       -2, 0, 5, -1, 2,  0,  5, 1,  -2, 0, 0};
/* y1 = AND(a, b), y2 = AND(a, c), y3 = a XOR b, y4 = a XOR c (y1 .. y4, a,
 * b, c: DIMACS 1..7): nothing congruent. */
static const int64_t different[] = {-1, 5,  0, -1, 6,  0, 1,  -5, -6, 0, -2, 5,  0,  -2,
                                    7,  0,  2, -5, -7, 0, -3, 5,  6,  0, -3, -5, -6, 0,
                                    3,  -5, 6, 0,  3,  5, -6, 0,  -4, 5, 7,  0,  -4, -5,
                                    -7, 0,  4, -5, 7,  0, 4,  5,  -7, 0, 0};

/* y1 = a XOR b and y2 = a XOR b with (NOT a OR NOT b) beside them (y1, y2,
 * a, b: DIMACS 1..4): the binary clause subsumes a clause of each XOR, so
 * the gates are read before the subsumption or not at all. */
static const int64_t xor_subsumed[] = {-1, 3,  4,  0, -1, -3, -4, 0, 1,  -3, 4,  0,
                                       1,  3,  -4, 0, -2, 3,  4,  0, -2, -3, -4, 0,
                                       2,  -3, 4,  0, 2,  3,  -4, 0, -3, -4, 0,  0};

/* Simplifies f (elimination, variable addition and probing off, whose
 * hyper-binary resolvents would show AND gates' equivalences) with
 * congruence closure as asked, the proof checked and written to path. */
static void simplify(const int64_t *f, int congruence, result *r, tee *t, const char *path) {
  gsat_simp_config cfg;
  gsat_simp_config_default(&cfg);
  cfg.sweep = 0; /* the techniques tested alone: sweeping would prove these too */
  cfg.elim = cfg.bva = cfg.probe = 0;
  cfg.congruence = congruence;
  simp_checked(f, &cfg, r, t, path);
  assert_int_equal(gsat_proof_close(&t->file, NULL), GSAT_OK);
}

static void and_gates_congruent(void **state) {
  (void)state;
  result r;
  tee t;
  simplify(and_twins, 0, &r, &t, tmp_path("none.drat"));
  assert_int_equal(r.n.simp_substituted, 0);
  release(&r);
  simplify(and_twins, 1, &r, &t, tmp_path("and.drat"));
  assert_int_equal(r.n.cong_gates, 2 + 1); /* the second round reads y1's gate again */
  assert_int_equal(r.n.cong_equivs, 1);
  assert_int_equal(r.n.simp_substituted, 1);
  assert_true(occurs(&r.out, 0));
  assert_false(occurs(&r.out, 1)); /* y2 became y1 */
  release(&r);
}

static void ite_gates_congruent(void **state) {
  (void)state;
  result r;
  tee t;
  simplify(ite_twins, 0, &r, &t, tmp_path("none.drat"));
  assert_int_equal(r.n.simp_substituted, 0);
  release(&r);
  simplify(ite_twins, 1, &r, &t, tmp_path("ite.drat"));
  assert_int_equal(r.n.cong_equivs, 1);
  assert_int_equal(r.n.simp_substituted, 1);
  release(&r);
}

/* The chain is refuted only through the closure (p1 = q1 makes p2 and q2
 * congruent), in the proof that drat-trim verifies. */
static void xor_chain_refuted(void **state) {
  (void)state;
  result r;
  tee t;
  const char *proof = tmp_path("chain.drat"), *cnf = tmp_path("chain.cnf");
  static const int64_t none[] = {0};
  simplify(xor_chain, 0, &r, &t, tmp_path("none.drat"));
  assert_false(r.out.empty_clause);
  release(&r);
  simplify(xor_chain, 1, &r, &t, proof);
  assert_true(r.out.empty_clause);
  assert_true(t.chk.empty);
  assert_true(r.n.cong_equivs >= 2);
  write_cnf(cnf, xor_chain, none, 7);
  assert_true(drat_verifies(cnf, proof));
  release(&r);
}

static void collapsed_xor_unit(void **state) {
  (void)state;
  result r;
  tee t;
  simplify(xor_of_twins, 1, &r, &t, tmp_path("unit.drat"));
  assert_true(r.n.cong_units >= 1);
  int found = 0;
  for (uint32_t i = 0; i < r.out.num_units; i++) found |= r.out.units[i] == L(-5);
  assert_true(found);
  release(&r);
}

/* The closure runs before the subsumption too: with the subsumption on,
 * the twins of xor_subsumed are still merged. */
static void xor_read_before_subsumption(void **state) {
  (void)state;
  result r;
  tee t;
  simplify(xor_subsumed, 1, &r, &t, tmp_path("subsumed.drat"));
  assert_true(r.n.cong_equivs >= 1);
  assert_int_equal(r.n.simp_substituted, 1);
  release(&r);
}

static void different_inputs_not_congruent(void **state) {
  (void)state;
  result r;
  tee t;
  simplify(different, 1, &r, &t, tmp_path("diff.drat"));
  assert_int_equal(r.n.cong_gates, 2 + 2 * 3); /* each XOR gives a gate per variable */
  assert_int_equal(r.n.cong_equivs, 0);
  assert_int_equal(r.n.cong_units, 0);
  assert_int_equal(r.n.simp_substituted, 0);
  release(&r);
}

/* The AND twins with y1 != y2: the substitution of the binary clauses makes
 * y2 the negation of y1 before the closure, which then proves y1 equal to
 * its negation; drat-trim verifies the refutation. */
static void and_twins_differ_refuted(void **state) {
  (void)state;
  result r;
  tee t;
  const char *proof = tmp_path("differ.drat"), *cnf = tmp_path("differ.cnf");
  static const int64_t differ[] = {1, 2, 0, -1, -2, 0, 0};
  int64_t f[64];
  uint32_t n = 0;
  for (const int64_t *p = and_twins; p[0] || p[1]; p++) f[n++] = *p;
  f[n++] = 0;
  for (const int64_t *p = differ; *p || p[1]; p++) f[n++] = *p;
  f[n++] = 0, f[n++] = 0;
  simplify(f, 1, &r, &t, proof);
  assert_true(r.out.empty_clause);
  write_cnf(cnf, and_twins, differ, 4);
  assert_true(drat_verifies(cnf, proof));
  release(&r);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(and_gates_congruent),
      cmocka_unit_test(ite_gates_congruent),
      cmocka_unit_test(xor_chain_refuted),
      cmocka_unit_test(collapsed_xor_unit),
      cmocka_unit_test(xor_read_before_subsumption),
      cmocka_unit_test(different_inputs_not_congruent),
      cmocka_unit_test(and_twins_differ_refuted),
  };
  return cmocka_run_group_tests(tests, test_tmpdir_setup, test_tmpdir_teardown);
}
