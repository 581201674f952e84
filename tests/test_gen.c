/* Instance generators (dimacs/generate.h), the DIMACS writer, and the gsat-gen
 * program end to end: generated files parse back to the expected counts, and
 * the same seed gives the same file.  The golden clauses of `rand 3 20 91 7`
 * come from an independent reimplementation of the documented draw order. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <sys/wait.h>

#include "dimacs/dimacs.h"
#include "dimacs/generate.h"
#include "dimacs/write.h"
#include "dimacs_util.h"

/* The published first outputs of splitmix64 from seed 0. */
static void test_splitmix64_reference(void **state) {
  (void)state;
  gsat_gen_rng rng = {0};
  assert_int_equal(gsat_gen_next(&rng), UINT64_C(0xe220a8397b1dcdaf));
  assert_int_equal(gsat_gen_next(&rng), UINT64_C(0x6e789e6aa1b965f4));
  assert_int_equal(gsat_gen_next(&rng), UINT64_C(0x06c45d188009454f));
}

static void test_below(void **state) {
  (void)state;
  gsat_gen_rng rng = {42};
  int seen[3] = {0};
  for (int i = 0; i < 300; i++) {
    assert_int_equal(gsat_gen_below(&rng, 1), 0);
    uint64_t v = gsat_gen_below(&rng, 3);
    assert_true(v < 3);
    seen[v]++;
  }
  for (int v = 0; v < 3; v++) assert_true(seen[v] > 50);
}

static void test_php(void **state) {
  (void)state;
  gsat_cnf cnf;
  gsat_cnf_init(&cnf);
  gsat_error err;
  assert_int_equal(gsat_gen_php(2, &cnf, &err), GSAT_OK);
  char *text = test_cnf_text(&cnf);
  assert_string_equal(text, "1 2 0\n3 4 0\n5 6 0\n"
                            "-1 -3 0\n-1 -5 0\n-3 -5 0\n"
                            "-2 -4 0\n-2 -6 0\n-4 -6 0\n");
  free(text);
  assert_int_equal(cnf.declared_vars, 6);
  assert_int_equal(cnf.declared_clauses, 9);
  gsat_cnf_free(&cnf);
  assert_int_equal(gsat_gen_php(3, &cnf, &err), GSAT_OK);
  assert_int_equal(cnf.declared_vars, 12);
  assert_int_equal(cnf.max_var, 12);
  assert_int_equal(cnf.num_clauses, 22);
  assert_int_equal(cnf.declared_clauses, 22);
  assert_int_equal(cnf.num_lits, 48);
  gsat_cnf_free(&cnf);
  assert_int_equal(gsat_gen_php(0, &cnf, &err), GSAT_OK); /* 1 pigeon, 0 holes */
  assert_int_equal(cnf.num_clauses, 1);
  assert_int_equal(cnf.num_lits, 0);
  gsat_cnf_free(&cnf);
  assert_int_equal(gsat_gen_php(GSAT_GEN_MAX_HOLES + 1, &cnf, &err), GSAT_USAGE);
  gsat_cnf_free(&cnf);
}

static void test_rand(void **state) {
  (void)state;
  gsat_cnf a, b;
  gsat_cnf_init(&a);
  gsat_cnf_init(&b);
  gsat_error err;
  assert_int_equal(gsat_gen_rand(3, 20, 91, 7, &a, &err), GSAT_OK);
  assert_int_equal(a.declared_vars, 20);
  assert_int_equal(a.declared_clauses, 91);
  assert_int_equal(a.num_clauses, 91);
  assert_int_equal(a.num_lits, 273);
  for (size_t c = 0; c < a.num_clauses; c++) {
    const gsat_lit *l = a.lits + a.clause_start[c];
    assert_int_equal(a.clause_start[c + 1] - a.clause_start[c], 3);
    for (int i = 0; i < 3; i++) assert_true(GSAT_VAR(l[i]) < 20);
    assert_true(GSAT_VAR(l[0]) != GSAT_VAR(l[1]));
    assert_true(GSAT_VAR(l[0]) != GSAT_VAR(l[2]));
    assert_true(GSAT_VAR(l[1]) != GSAT_VAR(l[2]));
  }
  char *ta = test_cnf_text(&a);
  assert_true(strncmp(ta, "8 -7 15 0\n19 6 -4 0\n-11 -1 -12 0\n", 32) == 0);
  assert_string_equal(ta + strlen(ta) - 12, "\n12 13 -3 0\n"); /* last */
  assert_int_equal(gsat_gen_rand(3, 20, 91, 7, &b, &err), GSAT_OK);
  char *tb = test_cnf_text(&b);
  assert_string_equal(ta, tb); /* same seed, same formula */
  free(tb);
  gsat_cnf_free(&b);
  assert_int_equal(gsat_gen_rand(3, 20, 91, 8, &b, &err), GSAT_OK);
  tb = test_cnf_text(&b);
  assert_string_not_equal(ta, tb); /* another seed, another formula */
  free(tb);
  free(ta);
  gsat_cnf_free(&a);
  gsat_cnf_free(&b);
  assert_int_equal(gsat_gen_rand(0, 20, 1, 1, &a, &err), GSAT_USAGE);
  assert_int_equal(gsat_gen_rand(4, 3, 1, 1, &a, &err), GSAT_USAGE);
  assert_int_equal(gsat_gen_rand(3, UINT64_C(1) << 31, 1, 1, &a, &err), GSAT_USAGE);
  gsat_cnf_free(&a);
}

/* Writer output parses back to the same clauses (strict mode: exact counts). */
static void test_write_roundtrip(void **state) {
  (void)state;
  const char text[] = "p cnf 9 4\n1 -2 0\n0\n3 3 -3 0\n-7 0\n";
  gsat_cnf cnf, back;
  gsat_cnf_init(&cnf);
  gsat_cnf_init(&back);
  gsat_error err;
  assert_int_equal(gsat_dimacs_read_memory(text, strlen(text), NULL, NULL, &cnf, &err), GSAT_OK);
  char *out = NULL;
  size_t size = 0;
  FILE *f = open_memstream(&out, &size);
  assert_int_equal(gsat_dimacs_write(f, &cnf, "two\n\nlines", &err), GSAT_OK);
  fclose(f);
  assert_string_equal(out, "c two\nc\nc lines\np cnf 9 4\n"
                           "1 -2 0\n0\n3 3 -3 0\n-7 0\n");
  gsat_dimacs_options strict = {.mode = GSAT_DIMACS_STRICT};
  assert_int_equal(gsat_dimacs_read_memory(out, size, NULL, &strict, &back, &err), GSAT_OK);
  char *a = test_cnf_text(&cnf), *b = test_cnf_text(&back);
  assert_string_equal(a, b);
  free(a);
  free(b);
  free(out);
  /* An open clause cannot be written. */
  assert_int_equal(gsat_cnf_add_lit(&cnf, 4, &err), GSAT_OK);
  f = open_memstream(&out, &size);
  assert_int_equal(gsat_dimacs_write(f, &cnf, NULL, &err), GSAT_USAGE);
  fclose(f);
  free(out);
  gsat_cnf_free(&cnf);
  gsat_cnf_free(&back);
}

/* Runs gsat-gen with args; returns its exit code and stdout. */
static int run_gen(const char *args, tbuf *out) {
  char command[1024];
  snprintf(command, sizeof command, "'%s' %s 2>/dev/null", GSAT_GEN_PATH, args);
  FILE *p = popen(command, "r");
  assert_non_null(p);
  *out = (tbuf){0};
  tbuf_add(out, "", 0);
  char chunk[4096];
  size_t n;
  while ((n = fread(chunk, 1, sizeof chunk, p)) > 0) tbuf_add(out, chunk, n);
  int status = pclose(p);
  assert_true(WIFEXITED(status));
  return WEXITSTATUS(status);
}

static void parse_counts(const tbuf *out, uint64_t vars, size_t clauses, size_t lits) {
  gsat_cnf cnf;
  gsat_cnf_init(&cnf);
  gsat_error err;
  gsat_dimacs_options strict = {.mode = GSAT_DIMACS_STRICT};
  if (gsat_dimacs_read_memory(out->data, out->size, "gsat-gen", &strict, &cnf, &err) != GSAT_OK)
    fail_msg("%s", err.message);
  assert_int_equal(cnf.declared_vars, vars);
  assert_int_equal(cnf.num_clauses, clauses);
  assert_int_equal(cnf.num_lits, lits);
  gsat_cnf_free(&cnf);
}

static void test_gsat_gen_program(void **state) {
  (void)state;
  tbuf a, b;
  assert_int_equal(run_gen("php 3", &a), 0);
  assert_true(strncmp(a.data, "c gsat-gen php 3\n", 17) == 0);
  parse_counts(&a, 12, 22, 48);
  tbuf_free(&a);
  assert_int_equal(run_gen("rand 3 20 91 7", &a), 0);
  assert_true(strncmp(a.data, "c gsat-gen rand 3 20 91 7\n", 26) == 0);
  parse_counts(&a, 20, 91, 273);
  assert_non_null(strstr(a.data, "\np cnf 20 91\n8 -7 15 0\n19 6 -4 0\n"));
  assert_int_equal(run_gen("rand 3 20 91 7", &b), 0);
  assert_string_equal(a.data, b.data);
  tbuf_free(&b);
  assert_int_equal(run_gen("rand 3 20 91 8", &b), 0);
  parse_counts(&b, 20, 91, 273);
  assert_string_not_equal(a.data, b.data);
  tbuf_free(&a);
  tbuf_free(&b);
  const char *bad[] = {"",       "php",          "php -1",       "php 1001",
                       "php 3x", "rand 3 2 5 7", "rand 0 5 5 7", "rand 3 20 91",
                       "bogus 1"};
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    assert_int_equal(run_gen(bad[i], &a), 1);
    assert_int_equal(a.size, 0); /* nothing on stdout */
    tbuf_free(&a);
  }
  assert_int_equal(run_gen("--help", &a), 0);
  assert_non_null(strstr(a.data, "usage: gsat-gen php N"));
  tbuf_free(&a);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_splitmix64_reference),
      cmocka_unit_test(test_below),
      cmocka_unit_test(test_php),
      cmocka_unit_test(test_rand),
      cmocka_unit_test(test_write_roundtrip),
      cmocka_unit_test(test_gsat_gen_program),
  };
  return cmocka_run_group_tests_name("generators", tests, NULL, NULL);
}
