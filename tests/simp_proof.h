/* Tests of the preprocessing round's equivalences (test_sweep.c,
 * test_congruence.c; include after cmocka.h and rup_check.h): the round run
 * with its proof checked step by step (rup_check.h) and written to a file,
 * DIMACS files of a formula plus clauses, drat-trim on them (GSAT_DRAT_TRIM,
 * skipped with a message when it is not built). */
#ifndef GSAT_TESTS_SIMP_PROOF_H
#define GSAT_TESTS_SIMP_PROOF_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "core/db.h"
#include "core/proof.h"
#include "core/search.h"
#include "core/simp.h"
#include "tests/db_of.h"
#include "tests/test_tmpdir.h"

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

/* Runs the round over f with cfg, its proof checked (every step RUP) and
 * written to proof_path (text); the file is left open in *t for the caller
 * to append to. */
static void simp_checked(const int64_t *f, const gsat_simp_config *cfg, result *r, tee *t,
                         const char *proof_path) {
  memset(r, 0, sizeof *r);
  build_clauses(&r->in, f);
  chk_load(&t->chk, &r->in);
  gsat_error err;
  assert_int_equal(gsat_proof_open_path(&t->file, proof_path, GSAT_PROOF_TEXT, &err), GSAT_OK);
  gsat_proof_sink sink = {tee_add, tee_del, t};
  assert_int_equal(gsat_simp_run(&r->in, cfg, &sink, &r->out, &r->ext, &r->n, &err), GSAT_OK);
  assert_false(t->chk.bad);
  assert_int_equal(t->chk.rat, 0);
}

static int occurs(const gsat_db *db, gsat_var v) {
  for (uint32_t i = 0; i < db->clause_start[db->num_clauses]; i++)
    if (GSAT_VAR(db->clause_lits[i]) == v) return 1;
  return 0;
}

#endif
