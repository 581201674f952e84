/* Every file of the benchmark corpus (../shared/bench/manifest.tsv) parses in
 * default mode, with the header counts the manifest lists, except the one file
 * documented in ../shared/bench/README.md as breaking the header's clause
 * count: quirks/dubois100.cnf (202 clause lines lack their 0, so a token-stream
 * reader gets 598 of the 800 declared clauses, which default mode rejects and
 * relaxed mode accepts).  Skipped (exit GSAT_TEST_SKIPPED, which CTest reports
 * as skipped) when ../shared is absent. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "dimacs/dimacs.h"
#include "dimacs_util.h"
#include "tests/test_skip.h"

#define BENCH GSAT_SOURCE_DIR "/../shared/bench"
#define QUIRK "cnf/quirks/dubois100.cnf"

/* Files that end with a stray `0` after their declared clauses (SATLIB files
 * whose `%` line was lost): the lone 0 is ignored with a warning, not read as
 * an empty clause (pret60_25 is UNSAT without it, and drat-trim reads only
 * the declared clauses). */
static const char *const stray_zero_files[] = {
    "cnf/pret/pret60_25.cnf",
    "cnf/pret/pret150_40.cnf",
};

static bool has_stray_zero(const char *path) {
  for (size_t i = 0; i < sizeof stray_zero_files / sizeof *stray_zero_files; i++)
    if (!strcmp(path, stray_zero_files[i])) return true;
  return false;
}

static bool has_empty_clause(const gsat_cnf *cnf) {
  for (size_t c = 0; c < cnf->num_clauses; c++)
    if (cnf->clause_start[c] == cnf->clause_start[c + 1]) return true;
  return false;
}

static gsat_status read_one(const char *path, gsat_dimacs_mode mode, gsat_cnf *cnf, gsat_error *err,
                            test_warnings *w) {
  char full[2048];
  snprintf(full, sizeof full, "%s/%s", BENCH, path);
  gsat_dimacs_options opt = test_warn_options(mode, w);
  gsat_cnf_init(cnf);
  return gsat_dimacs_read_path(full, &opt, cnf, err);
}

static void test_corpus(void **state) {
  (void)state;
  FILE *manifest = fopen(BENCH "/manifest.tsv", "r");
  if (!manifest) {
    print_message("skipped: %s/manifest.tsv is absent\n", BENCH);
    skip();
  }
  char line[4096];
  assert_non_null(fgets(line, sizeof line, manifest)); /* column names */
  int total = 0, ok = 0, warned = 0, quirk_seen = 0;
  while (fgets(line, sizeof line, manifest)) {
    char path[1024], family[256], answer[32];
    unsigned long long vars, clauses;
    if (sscanf(line, "%1023s %255s %llu %llu %31s", path, family, &vars, &clauses, answer) != 5)
      fail_msg("bad manifest line: %s", line);
    total++;
    gsat_cnf cnf;
    gsat_error err;
    test_warnings w = {0};
    gsat_status st = read_one(path, GSAT_DIMACS_DEFAULT, &cnf, &err, &w);
    if (!strcmp(path, QUIRK)) {
      quirk_seen = 1;
      test_expect_error(st, &err, &cnf, GSAT_PARSE, err.file, err.line, err.column,
                        "598 clauses, fewer than the 800 declared");
      print_message("expected default-mode rejection: %s\n", err.message);
      continue;
    }
    if (st != GSAT_OK) fail_msg("%s: %s", path, err.message);
    ok++;
    warned += w.count > 0;
    assert_int_equal(cnf.declared_vars, vars);
    assert_int_equal(cnf.declared_clauses, clauses);
    if (cnf.num_clauses != clauses)
      fail_msg("%s: %zu clauses, expected %llu", path, cnf.num_clauses, clauses);
    if (has_stray_zero(path)) {
      assert_int_equal(w.count, 1);
      if (!strstr(w.text[0], "an empty clause (a lone 0) after the"))
        fail_msg("%s: warning '%s'", path, w.text[0]);
      assert_false(has_empty_clause(&cnf));
    } else {
      assert_int_equal(w.count, 0);
    }
    /* The manifest's SAT answers hold for the formula read here. */
    if (!strcmp(answer, "SAT") && has_empty_clause(&cnf))
      fail_msg("%s: SAT in the manifest but holds an empty clause", path);
    assert_true(cnf.max_var <= cnf.declared_vars);
    gsat_cnf_free(&cnf);
  }
  fclose(manifest);
  print_message("corpus: %d of %d files parsed in default mode (%d with a "
                "warning); the 1 rejected is %s\n",
                ok, total, warned, QUIRK);
  assert_int_equal(quirk_seen, 1);
  assert_int_equal(ok, total - 1);
  assert_true(total >= 400);
}

/* Relaxed mode reads the quirk file: 598 clauses, all 2400 literals. */
static void test_quirk_relaxed(void **state) {
  (void)state;
  FILE *f = fopen(BENCH "/" QUIRK, "r");
  if (!f) {
    print_message("skipped: %s/%s is absent\n", BENCH, QUIRK);
    skip();
  }
  fclose(f);
  gsat_cnf cnf;
  gsat_error err;
  test_warnings w = {0};
  gsat_status st = read_one(QUIRK, GSAT_DIMACS_RELAXED, &cnf, &err, &w);
  if (st != GSAT_OK) fail_msg("%s", err.message);
  assert_int_equal(cnf.num_clauses, 598);
  assert_int_equal(cnf.num_lits, 2400);
  assert_int_equal(cnf.declared_clauses, 800);
  assert_int_equal(w.count, 1);
  assert_non_null(strstr(w.text[0], "598 clauses, fewer than the 800"));
  gsat_cnf_free(&cnf);
}

int main(void) {
  FILE *manifest = fopen(BENCH "/manifest.tsv", "r");
  if (!manifest) { /* no corpus beside the checkout: nothing to test */
    printf("skipped: %s/manifest.tsv is absent\n", BENCH);
    return GSAT_TEST_SKIPPED;
  }
  fclose(manifest);
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_corpus),
      cmocka_unit_test(test_quirk_relaxed),
  };
  return cmocka_run_group_tests_name("dimacs corpus", tests, NULL, NULL);
}
