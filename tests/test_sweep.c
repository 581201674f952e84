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

/* x = a XOR b and y = a XOR b (x, y, a, b: DIMACS 1..4): x = y. */
static const int64_t xor_twins[] = {-1, 3, 4, 0,  -1, -3, -4, 0, 1,  -3, 4, 0, 1, 3,  -4, 0, -2,
                                    3,  4, 0, -2, -3, -4, 0,  2, -3, 4,  0, 2, 3, -4, 0,  0};
/* x OR (every sign of a, b): the backbone x (x, a, b, c, d: DIMACS 1..5);
 * NOT x in one clause, so that x is not pure. */
static const int64_t backbone_x[] = {1, 2, 3,  0,  1, 2,  -3, 0, 1, -2, 3,
                                     0, 1, -2, -3, 0, -1, 4,  5, 0, 0};

/* A sink that feeds both the checker and the proof file. */
typedef struct tee {
  checker chk;
  gsat_proof file;
} tee;

static void tee_add(void *data, const gsat_lit *l, uint32_t k) {
  tee *t = data;
  chk_add(&t->chk, l, k);
  gsat_proof_add(&t->file, l, k);
}
static void tee_del(void *data, const gsat_lit *l, uint32_t k) {
  tee *t = data;
  chk_del(&t->chk, l, k);
  gsat_proof_delete(&t->file, l, k);
}

typedef struct result {
  gsat_db in, out;
  gsat_simp_ext ext;
  gsat_worker_stats n;
} result;

static void release(result *r) {
  gsat_db_free(&r->in), gsat_db_free(&r->out);
  gsat_simp_ext_free(&r->ext);
}

static const char *tmp_path(const char *name) {
  static char path[4][256];
  static int next;
  char *p = path[next++ & 3];
  snprintf(p, sizeof path[0], "%s/%s", test_tmpdir, name);
  return p;
}

/* Simplifies f (elimination and variable addition off, sweeping as asked,
 * equivalences as asked) with the proof checked and written to proof_path
 * (text); the file is left open in *t for the caller to append to. */
static int subsume = 1; /* the backbone test turns subsumption off: its
                           strengthening derives that unit too */
static void simplify(const int64_t *f, int sweep, int equiv, result *r, tee *t,
                     const char *proof_path) {
  memset(r, 0, sizeof *r);
  build_clauses(&r->in, f);
  chk_load(&t->chk, &r->in);
  gsat_error err;
  assert_int_equal(gsat_proof_open_path(&t->file, proof_path, GSAT_PROOF_TEXT, &err), GSAT_OK);
  gsat_proof_sink sink = {tee_add, tee_del, t};
  gsat_simp_config cfg;
  gsat_simp_config_default(&cfg);
  cfg.elim = cfg.bva = 0;
  cfg.sweep = sweep, cfg.equiv = equiv, cfg.subsume = subsume;
  assert_int_equal(gsat_simp_run(&r->in, &cfg, &sink, &r->out, &r->ext, &r->n, &err), GSAT_OK);
  assert_false(t->chk.bad);
  assert_int_equal(t->chk.rat, 0);
}

/* f plus the extra clauses (0-terminated rows, a second 0 ends them) in
 * DIMACS to path. */
static void write_cnf(const char *path, const int64_t *f, const int64_t *extra, int vars) {
  int clauses = 0;
  for (const int64_t *p = f; *p; p++, clauses++)
    while (*p) p++;
  for (const int64_t *p = extra; *p; p++, clauses++)
    while (*p) p++;
  FILE *out = fopen(path, "w");
  assert_non_null(out);
  fprintf(out, "p cnf %d %d\n", vars, clauses);
  for (int part = 0; part < 2; part++)
    for (const int64_t *p = part ? extra : f; *p; p++) {
      for (; *p; p++) fprintf(out, "%lld ", (long long)*p);
      fprintf(out, "0\n");
    }
  assert_int_equal(fclose(out), 0);
}

static int drat_verifies(const char *cnf, const char *proof) {
  if (!GSAT_DRAT_TRIM[0] || access(GSAT_DRAT_TRIM, X_OK) != 0) {
    print_message("drat-trim not built: proof check skipped\n");
    return 1;
  }
  char cmd[1024];
  snprintf(cmd, sizeof cmd, "'%s' '%s' '%s' 2>&1", GSAT_DRAT_TRIM, cnf, proof);
  FILE *out = popen(cmd, "r");
  assert_non_null(out);
  char line[512];
  int verified = 0;
  while (fgets(line, sizeof line, out)) {
    const char *s = line + strspn(line, "\r");
    if (strncmp(s, "s VERIFIED", 10) == 0) verified = 1;
  }
  pclose(out);
  return verified;
}

static int occurs(const gsat_db *db, gsat_var v) {
  for (uint32_t i = 0; i < db->clause_start[db->num_clauses]; i++)
    if (GSAT_VAR(db->clause_lits[i]) == v) return 1;
  return 0;
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
