/* SAT sweeping in the preprocessing round (core/simp.h, --sweep; the small
 * solver core/mini.h): an equivalence of two XOR gates over the same inputs
 * (no binary clause, so neither probing nor the equivalences of the binary
 * clauses find it) and a backbone unit that takes a case split, each found
 * by sweeping and by nothing without it; every proof step checked by the
 * tests' checker (rup_check.h), and drat-trim verifies the round's proof of
 * a formula that the proved equivalence or unit refutes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "core/cnf.h"
#include "core/db.h"
#include "core/proof.h"
#include "core/search.h"
#include "core/simp.h"
#include "tests/db_of.h"
#include "tests/test_tmpdir.h"

#define MAXV 16
#define MAXC 256
#define MAXK 8

#include "tests/rup_check.h"
#include "tests/simp_proof.h"

/* x = a XOR b and y = a XOR b (x, y, a, b: DIMACS 1..4): x = y. */
static const int64_t xor_twins[] = {-1, 3, 4, 0,  -1, -3, -4, 0, 1,  -3, 4, 0, 1, 3,  -4, 0, -2,
                                    3,  4, 0, -2, -3, -4, 0,  2, -3, 4,  0, 2, 3, -4, 0,  0};
/* x OR (every sign of a, b): the backbone x (x, a, b, c, d: DIMACS 1..5);
 * NOT x in one clause, so that x is not pure. */
static const int64_t backbone_x[] = {1, 2, 3,  0,  1, 2,  -3, 0, 1, -2, 3,
                                     0, 1, -2, -3, 0, -1, 4,  5, 0, 0};

/* Simplifies f (elimination and variable addition off, sweeping as asked,
 * equivalences as asked) with the proof checked and written to proof_path
 * (text); the file is left open in *t for the caller to append to. */
static int subsume = 1; /* the backbone test turns subsumption off: its
                           strengthening derives that unit too */
static void simplify(const int64_t *f, int sweep, int equiv, result *r, tee *t,
                     const char *proof_path) {
  gsat_simp_config cfg;
  gsat_simp_config_default(&cfg);
  cfg.elim = cfg.bva = 0;
  cfg.sweep = sweep, cfg.equiv = equiv, cfg.subsume = subsume;
  cfg.congruence = 0; /* it would find the XOR twins too */
  simp_checked(f, &cfg, r, t, proof_path);
}

static void equivalence_found_only_by_sweeping(void **state) {
  (void)state;
  result r;
  tee t;
  simplify(xor_twins, 0, 1, &r, &t, tmp_path("none.drat"));
  assert_int_equal(gsat_proof_close(&t.file, NULL), GSAT_OK);
  assert_int_equal(r.n.simp_substituted, 0);
  release(&r);
  simplify(xor_twins, 1, 1, &r, &t, tmp_path("els.drat"));
  assert_int_equal(gsat_proof_close(&t.file, NULL), GSAT_OK);
  assert_int_equal(r.n.sweep_equivs, 1);
  assert_int_equal(r.n.simp_substituted, 1);
  assert_true(occurs(&r.out, 0));
  assert_false(occurs(&r.out, 1)); /* y became x */
  release(&r);
}

/* The round's proof with the equivalence x = y left as binary clauses
 * (equivalences off), then y and the empty clause: drat-trim verifies it
 * against the formula plus (x OR y) (NOT x OR NOT y), which x = y refutes. */
static void equivalence_proof_verified(void **state) {
  (void)state;
  result r;
  tee t;
  const char *proof = tmp_path("eq.drat"), *cnf = tmp_path("eq.cnf");
  simplify(xor_twins, 1, 0, &r, &t, proof);
  assert_int_equal(r.n.sweep_equivs, 1);
  const gsat_lit y = gsat_lit_from_dimacs(2);
  gsat_proof_add(&t.file, &y, 1);
  gsat_proof_add(&t.file, NULL, 0);
  assert_int_equal(gsat_proof_close(&t.file, NULL), GSAT_OK);
  static const int64_t differ[] = {1, 2, 0, -1, -2, 0, 0};
  write_cnf(cnf, xor_twins, differ, 4);
  assert_true(drat_verifies(cnf, proof));
  release(&r);
}

static void backbone_found_only_by_sweeping(void **state) {
  (void)state;
  result r;
  tee t;
  const char *proof = tmp_path("unit.drat"), *cnf = tmp_path("unit.cnf");
  subsume = 0;
  simplify(backbone_x, 0, 1, &r, &t, tmp_path("nounit.drat"));
  assert_int_equal(gsat_proof_close(&t.file, NULL), GSAT_OK);
  assert_int_equal(r.out.num_units, 0);
  release(&r);
  simplify(backbone_x, 1, 1, &r, &t, proof);
  assert_int_equal(r.n.sweep_units, 1);
  assert_int_equal(r.out.num_units, 1);
  assert_int_equal(r.out.units[0], gsat_lit_from_dimacs(1));
  gsat_proof_add(&t.file, NULL, 0);
  assert_int_equal(gsat_proof_close(&t.file, NULL), GSAT_OK);
  static const int64_t not_x[] = {-1, 0, 0};
  write_cnf(cnf, backbone_x, not_x, 5);
  assert_true(drat_verifies(cnf, proof));
  release(&r);
  subsume = 1;
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(equivalence_found_only_by_sweeping),
      cmocka_unit_test(equivalence_proof_verified),
      cmocka_unit_test(backbone_found_only_by_sweeping),
  };
  return cmocka_run_group_tests(tests, test_tmpdir_setup, test_tmpdir_teardown);
}
