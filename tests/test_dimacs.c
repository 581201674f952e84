/* The DIMACS reader's rules (dimacs/dimacs.h), one test per rule: each file of
 * tests/dimacs/bad/ must be rejected with exactly the status, line, column and
 * message given below, and each file of tests/dimacs/good/ must give exactly
 * the clauses given below.  Every case runs over four routes that must agree:
 * read_path on the file, read_memory on its bytes, read_memory on a gzip copy,
 * and read_fd on a pipe fed by a thread. */
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

#define R GSAT_DIMACS_RELAXED
#define D GSAT_DIMACS_DEFAULT
#define S GSAT_DIMACS_STRICT

typedef struct bad_case {
  const char *file; /* under tests/dimacs/ */
  gsat_dimacs_mode mode;
  uint64_t line, column;
  const char *text; /* part of the message */
} bad_case;

// clang-format off
static const bad_case bad_cases[] = {
  {"bad/empty.cnf", D, 1, 1, "empty input"},
  {"bad/noheader.cnf", D, 2, 1, "no 'p cnf' header before the end of input"},
  {"bad/blankonly.cnf", D, 3, 1, "no 'p cnf' header"},
  {"bad/percentonly.cnf", D, 1, 1, "no 'p cnf' header before the end marker"},
  {"bad/clausebeforeheader.cnf", D, 2, 1, "clause before the 'p cnf' header"},
  {"bad/headerdnf.cnf", D, 1, 3, "expected 'cnf' after 'p'"},
  {"bad/headernoblank.cnf", D, 1, 2, "expected a blank after 'p', found 'c'"},
  {"bad/headercnfnoblank.cnf", D, 1, 6, "expected a blank after 'p cnf'"},
  {"bad/headermissingclauses.cnf", D, 1, 8,
   "expected the number of clauses in the header, found end of line"},
  {"bad/headermissingclauses2.cnf", D, 1, 9,
   "expected the number of clauses in the header, found end of line"},
  {"bad/headereof.cnf", D, 1, 8,
   "expected the number of clauses in the header, found end of input"},
  {"bad/headertrailing.cnf", D, 1, 11, "unexpected 'x' after the header"},
  {"bad/headerthreecounts.cnf", D, 1, 11, "unexpected '1' after the header"},
  {"bad/headercomment.cnf", D, 1, 11, "unexpected 'c' after the header"},
  {"bad/headernegative.cnf", D, 1, 7,
   "expected the number of variables in the header, found '-'"},
  {"bad/headerplus.cnf", D, 1, 7,
   "expected the number of variables in the header, found '+'"},
  {"bad/headervarstoolarge.cnf", D, 1, 7,
   "number of variables too large (more than 2147483647)"},
  {"bad/headervarsoverflow.cnf", D, 1, 7, "number of variables too large"},
  {"bad/headerclausestoolarge.cnf", D, 1, 9,
   "number of clauses too large (more than 1099511627776)"},
  {"bad/headerclauses2pow63.cnf", D, 1, 9, "number of clauses too large"},
  {"bad/headerclauses2pow64.cnf", D, 1, 9, "number of clauses too large"},
  {"bad/secondheader.cnf", D, 2, 1, "second 'p' line"},
  {"bad/headerafterclauses.cnf", D, 3, 1, "'p' line after clauses"},
  {"bad/pmidline.cnf", D, 2, 3, "unexpected 'p'"},
  {"bad/notinteger.cnf", D, 2, 3, "unexpected 'x' (not an integer)"},
  /* a bad byte inside a number: its own column, not the number's first */
  {"bad/decimal.cnf", D, 2, 4, "not an integer: '.' inside a number"},
  {"bad/digitletter.cnf", D, 2, 4, "not an integer: 'x' inside a number"},
  {"bad/longnumberletter.cnf", D, 2, 8, "not an integer: 'y' inside a number"},
  {"bad/formfeed.cnf", D, 2, 6, "not an integer: byte 0x0c"},
  {"bad/controlchar.cnf", D, 2, 3, "unexpected byte 0x01"},
  {"bad/nulbyte.cnf", D, 2, 3, "unexpected byte 0x00"},
  {"bad/utf8bom.cnf", D, 1, 1, "a UTF-8 byte-order mark (bytes ef bb bf) starts the file"},
  /* the same bytes elsewhere are no mark */
  {"bad/utf8bomline2.cnf", D, 2, 1, "unexpected byte 0xef (not an integer)"},
  {"bad/plusone.cnf", D, 2, 1, "unexpected '+' (a positive literal has no '+')"},
  {"bad/minuszero.cnf", D, 2, 3, "'-0' is not a literal"},
  {"bad/minusalone.cnf", D, 2, 1, "expected a digit after '-'"},
  {"bad/minusminus.cnf", D, 2, 1, "expected a digit after '-'"},
  {"bad/minuseof.cnf", D, 2, 3, "expected a digit after '-'"},
  {"bad/missingzero.cnf", D, 3, 4,
   "the last clause has no terminating 0 (before the end of input)"},
  {"bad/missingzeroeof.cnf", D, 2, 3, "the last clause has no terminating 0"},
  {"bad/missingzeropercent.cnf", D, 2, 3,
   "the last clause has no terminating 0 (before the end marker '%')"},
  {"bad/littoolarge.cnf", D, 2, 3,
   "variable index too large (more than 2147483647)"},
  {"bad/negtoolarge.cnf", D, 2, 1, "variable index too large"},
  {"bad/lit2pow32plus1.cnf", D, 2, 1, "variable index too large"},
  {"bad/lit2pow63.cnf", D, 2, 1, "variable index too large"},
  {"bad/lit2pow64plus1.cnf", D, 2, 1, "variable index too large"},
  {"bad/toofewclauses.cnf", D, 4, 1,
   "2 clauses, fewer than the 3 declared in the header"},
  {"bad/toofewclauses.cnf", S, 4, 1, "fewer than the 3 declared"},
  /* a count of 1 takes the singular */
  {"bad/toofewone.cnf", D, 3, 1,
   "1 clause, fewer than the 2 declared in the header (truncated input?)"},
  {"bad/toomanyclauses.cnf", S, 3, 3,
   "more clauses than the 1 declared in the header"},
  {"bad/varabovedeclared.cnf", S, 2, 3,
   "variable 3 is above the 2 declared in the header"},
  {"good/satlib.cnf", S, 5, 1, "end marker '%' (not allowed in strict mode)"},
  {"good/extraemptyclause.cnf", S, 5, 1,
   "more clauses than the 2 declared in the header"},
  {"bad/percentmidline.cnf", D, 2, 3, "unexpected '%'"},
  /* strict: a lone 0 beyond the declared clauses, wherever it is */
  {"good/lonezeromiddle.cnf", S, 4, 1,
   "more clauses than the 1 declared in the header"},
  {"good/lonezerocomment.cnf", S, 4, 1,
   "more clauses than the 1 declared in the header"},
  {"good/lonezerobeforepercent.cnf", S, 4, 1,
   "more clauses than the 1 declared in the header"},
  {"good/lonezeroinline.cnf", S, 3, 7,
   "more clauses than the 1 declared in the header"},
  {"good/lonezeroafterpercent.cnf", S, 4, 1,
   "end marker '%' (not allowed in strict mode)"},
};

typedef struct good_case {
  const char *file;
  gsat_dimacs_mode mode;
  uint64_t vars, clauses; /* declared */
  const char *clauses_text; /* test_cnf_text of the result */
  uint64_t max_var;
  int warnings;
  uint64_t warn_line;
  const char *warn_text; /* part of the first warning */
} good_case;

#define SIMPLE "1 -2 0\n2 3 -1 0\n"
static const good_case good_cases[] = {
  {"good/simple.cnf", D, 3, 2, SIMPLE, 3, 0, 0, NULL},
  {"good/simple.cnf", S, 3, 2, SIMPLE, 3, 0, 0, NULL},
  {"good/crlf.cnf", D, 3, 2, SIMPLE, 3, 0, 0, NULL},
  {"good/crlf.cnf", S, 3, 2, SIMPLE, 3, 0, 0, NULL},
  {"good/comments.cnf", S, 3, 2, SIMPLE, 3, 0, 0, NULL},
  {"good/blanks.cnf", S, 3, 2, SIMPLE, 3, 0, 0, NULL},
  {"good/spanning.cnf", S, 3, 3, "1 -2 0\n2 3 0\n-1 0\n", 3, 0, 0, NULL},
  {"good/satlib.cnf", D, 3, 2, SIMPLE, 3, 0, 0, NULL},
  {"good/satlib.cnf", R, 3, 2, SIMPLE, 3, 0, 0, NULL},
  {"good/nonewline.cnf", S, 3, 2, SIMPLE, 3, 0, 0, NULL},
  {"good/emptyclause.cnf", S, 2, 2, "1 2 0\n0\n", 2, 0, 0, NULL},
  {"good/zerozero.cnf", S, 0, 0, "", 0, 0, 0, NULL},
  {"good/zerozeronoeol.cnf", S, 0, 0, "", 0, 0, 0, NULL},
  {"good/duplicates.cnf", S, 2, 3, "1 1 -2 0\n1 -1 0\n1 1 -2 0\n", 2, 0, 0,
   NULL},
  {"good/maxvar.cnf", S, 2147483647, 2, "2147483647 -1 0\n-2147483647 0\n",
   2147483647, 0, 0, NULL},
  {"good/leadingzeros.cnf", S, 3, 1, "1 -2 3 0\n", 3, 0, 0, NULL},
  {"bad/toomanyclauses.cnf", D, 2, 1, "1 0\n2 0\n", 2, 1, 3,
   "2 clauses, more than the 1 declared in the header (the first extra "
   "clause ends on line 3)"},
  {"bad/toomanyclauses.cnf", R, 2, 1, "1 0\n2 0\n", 2, 1, 3, "more than"},
  {"bad/varabovedeclared.cnf", D, 2, 1, "1 3 0\n", 3, 1, 2,
   "variable 3 (line 2, column 3) is above the 2 declared in the header; "
   "the largest variable is 3"},
  /* a lone 0 after the declared clauses is not an empty clause (it would
   * make the formula UNSAT): ignored with a warning */
  {"good/extraemptyclause.cnf", D, 2, 2, "1 2 0\n-1 0\n", 2, 1, 5,
   "an empty clause (a lone 0) after the 2 clauses declared in the header "
   "was ignored"},
  {"good/extraemptyclause.cnf", R, 2, 2, "1 2 0\n-1 0\n", 2, 1, 5,
   "was ignored"},
  /* a lone 0 anywhere but at the end (only blanks, comments or a '%' line
   * after it) is an empty clause (docs/dimacs.md) */
  {"good/lonezerostart.cnf", D, 2, 2, "0\n1 2 0\n", 2, 0, 0, NULL},
  {"good/lonezerostart.cnf", S, 2, 2, "0\n1 2 0\n", 2, 0, 0, NULL},
  {"good/lonezeromiddle.cnf", D, 2, 1, "1 2 0\n0\n2 0\n", 2, 2, 4,
   "the lone 0 on line 4, after the 1 clause declared in the header and "
   "with more after it, is an empty clause: the formula is unsatisfiable"},
  {"good/lonezeromiddle.cnf", R, 2, 1, "1 2 0\n0\n2 0\n", 2, 2, 4,
   "is an empty clause"},
  {"good/lonezeroinline.cnf", D, 2, 1, "1 2 0\n0\n2 0\n", 2, 2, 3,
   "the lone 0 on line 3"},
  {"good/lonezerotwice.cnf", D, 2, 1, "1 2 0\n0\n", 2, 3, 4,
   "the lone 0 on line 4"},
  {"good/lonezerocomment.cnf", D, 2, 1, "1 2 0\n", 2, 1, 4,
   "an empty clause (a lone 0) after the 1 clause declared in the header "
   "was ignored (only comments or the end follow it"},
  {"good/lonezerobeforepercent.cnf", D, 2, 1, "1 2 0\n", 2, 1, 4,
   "was ignored"},
  {"good/lonezeroafterpercent.cnf", D, 2, 1, "1 2 0\n", 2, 0, 0, NULL},
  {"bad/toofewclauses.cnf", R, 2, 3, "1 0\n2 0\n", 2, 1, 0,
   "2 clauses, fewer than the 3 declared in the header"},
  /* a count of 1 takes the singular */
  {"bad/toofewone.cnf", R, 2, 2, "1 0\n", 1, 1, 0,
   "1 clause, fewer than the 2 declared in the header"},
  {"good/toomanyfromnone.cnf", D, 1, 0, "1 0\n", 1, 1, 2,
   "1 clause, more than the 0 declared in the header"},
  {"good/extraemptyafterone.cnf", D, 1, 1, "1 0\n", 1, 1, 4,
   "an empty clause (a lone 0) after the 1 clause declared in the header "
   "was ignored"},
};
// clang-format on

/* The four routes of one input. */
enum { ROUTE_PATH, ROUTE_MEMORY, ROUTE_GZIP, ROUTE_PIPE, ROUTES };
static const char *const route_name[ROUTES] = {"path", "memory", "gzip", "pipe"};

/* Reads file by route into cnf; *name receives the name in messages. */
static gsat_status read_route(int route, const char *file, const gsat_dimacs_options *opt,
                              gsat_cnf *cnf, gsat_error *err, const char **name) {
  tbuf data = test_read_file(file);
  tbuf gz = {0};
  gsat_status st;
  switch (route) {
  case ROUTE_PATH:
    *name = test_data_path(file);
    st = gsat_dimacs_read_path(*name, opt, cnf, err);
    break;
  case ROUTE_MEMORY:
    *name = file;
    st = gsat_dimacs_read_memory(data.data, data.size, file, opt, cnf, err);
    break;
  case ROUTE_GZIP:
    *name = file;
    gz = test_gzip(data.data, data.size);
    st = gsat_dimacs_read_memory(gz.data, gz.size, file, opt, cnf, err);
    break;
  default: {
    *name = "<pipe>";
    test_pipe tp = test_pipe_start(data.data, data.size, NULL, 0);
    st = gsat_dimacs_read_fd(tp.read_fd, "<pipe>", opt, cnf, err);
    test_pipe_finish(&tp);
  }
  }
  tbuf_free(&gz);
  tbuf_free(&data);
  return st;
}

static void test_bad(void **state) {
  const bad_case *bc = *state;
  for (int route = 0; route < ROUTES; route++) {
    gsat_cnf cnf;
    gsat_cnf_init(&cnf);
    gsat_error err;
    test_warnings w = {0};
    gsat_dimacs_options opt = test_warn_options(bc->mode, &w);
    const char *name;
    gsat_status st = read_route(route, bc->file, &opt, &cnf, &err, &name);
    if (st != GSAT_PARSE)
      fail_msg("%s (%s): expected a parse error, got %s", bc->file, route_name[route], err.message);
    test_expect_error(st, &err, &cnf, GSAT_PARSE, name, bc->line, bc->column, bc->text);
    assert_int_equal(w.count, 0); /* no warnings from a failed read */
  }
}

static void test_good(void **state) {
  const good_case *gc = *state;
  for (int route = 0; route < ROUTES; route++) {
    gsat_cnf cnf;
    gsat_cnf_init(&cnf);
    gsat_error err;
    test_warnings w = {0};
    gsat_dimacs_options opt = test_warn_options(gc->mode, &w);
    const char *name;
    gsat_status st = read_route(route, gc->file, &opt, &cnf, &err, &name);
    if (st != GSAT_OK) fail_msg("%s (%s): %s", gc->file, route_name[route], err.message);
    assert_int_equal(cnf.declared_vars, gc->vars);
    assert_int_equal(cnf.declared_clauses, gc->clauses);
    assert_int_equal(cnf.max_var, gc->max_var);
    char *text = test_cnf_text(&cnf);
    assert_string_equal(text, gc->clauses_text);
    free(text);
    assert_int_equal(w.count, gc->warnings);
    if (gc->warnings) {
      assert_int_equal(w.line[0], gc->warn_line);
      if (!strstr(w.text[0], gc->warn_text))
        fail_msg("warning '%s' lacks '%s'", w.text[0], gc->warn_text);
    }
    gsat_cnf_free(&cnf);
  }
}

/* declared_only (a proof is written): a clause after the declared ones is
 * a parse error at its 0 in every mode, not a warning, and so is a lone 0
 * with more after it (an empty clause) and a variable above the declared
 * count; a lone 0 at the end is still dropped with a warning (drat-trim
 * reads only the declared clauses). */
static void test_declared_only(void **state) {
  (void)state;
  const gsat_dimacs_mode modes[] = {R, D};
  for (int m = 0; m < 2; m++)
    for (int route = 0; route < ROUTES; route++) {
      gsat_cnf cnf;
      gsat_cnf_init(&cnf);
      gsat_error err;
      test_warnings w = {0};
      gsat_dimacs_options opt = test_warn_options(modes[m], &w);
      opt.declared_only = true;
      const char *name;
      gsat_status st = read_route(route, "bad/toomanyclauses.cnf", &opt, &cnf, &err, &name);
      test_expect_error(st, &err, &cnf, GSAT_PARSE, name, 3, 3,
                        "a clause beyond the 1 clause the header declares: a proof is "
                        "written, and a proof checker reads only the declared clauses");
      assert_int_equal(w.count, 0);
      gsat_cnf_init(&cnf);
      st = read_route(route, "good/extraemptyclause.cnf", &opt, &cnf, &err, &name);
      if (st != GSAT_OK) fail_msg("extraemptyclause.cnf: %s", err.message);
      assert_int_equal(cnf.num_clauses, 2);
      assert_int_equal(w.count, 1);
      gsat_cnf_free(&cnf);
      w.count = 0;
      gsat_cnf_init(&cnf);
      st = read_route(route, "good/lonezeromiddle.cnf", &opt, &cnf, &err, &name);
      test_expect_error(st, &err, &cnf, GSAT_PARSE, name, 4, 1,
                        "an empty clause (a lone 0 with more after it) beyond the 1 "
                        "clause the header declares: a proof is written");
      gsat_cnf_init(&cnf);
      st = read_route(route, "good/lonezeroinline.cnf", &opt, &cnf, &err, &name);
      test_expect_error(st, &err, &cnf, GSAT_PARSE, name, 3, 7,
                        "an empty clause (a lone 0 with more after it) beyond");
      gsat_cnf_init(&cnf);
      st = read_route(route, "bad/varabovedeclared.cnf", &opt, &cnf, &err, &name);
      test_expect_error(st, &err, &cnf, GSAT_PARSE, name, 2, 3,
                        "variable 3 is above the 2 declared in the header: a proof "
                        "is written, and a proof checker refuses a variable above "
                        "the declared count");
      assert_int_equal(w.count, 0);
      gsat_cnf_init(&cnf);
      st = read_route(route, "good/lonezerocomment.cnf", &opt, &cnf, &err, &name);
      if (st != GSAT_OK) fail_msg("lonezerocomment.cnf: %s", err.message);
      assert_int_equal(cnf.num_clauses, 1);
      assert_int_equal(w.count, 1);
      gsat_cnf_free(&cnf);
    }
}

/* The literal encoding: DIMACS d is 2*(|d|-1) + (d < 0). */
static void test_encoding(void **state) {
  (void)state;
  const char text[] = "p cnf 3 1\n1 -1 3 -3 0\n";
  gsat_cnf cnf;
  gsat_cnf_init(&cnf);
  assert_int_equal(gsat_dimacs_read_memory(text, strlen(text), NULL, NULL, &cnf, NULL), GSAT_OK);
  assert_int_equal(cnf.num_lits, 4);
  assert_int_equal(cnf.lits[0], 0);
  assert_int_equal(cnf.lits[1], 1);
  assert_int_equal(cnf.lits[2], 4);
  assert_int_equal(cnf.lits[3], 5);
  gsat_cnf_free(&cnf);
}

/* The reader refuses a cnf that already holds clauses. */
static void test_nonempty_cnf(void **state) {
  (void)state;
  gsat_cnf cnf;
  gsat_cnf_init(&cnf);
  gsat_error err;
  assert_int_equal(gsat_cnf_add_lit(&cnf, 0, &err), GSAT_OK);
  assert_int_equal(gsat_cnf_end_clause(&cnf, &err), GSAT_OK);
  const char text[] = "p cnf 1 1\n1 0\n";
  assert_int_equal(gsat_dimacs_read_memory(text, strlen(text), "x", NULL, &cnf, &err), GSAT_USAGE);
  assert_int_equal(cnf.num_clauses, 1);
  gsat_cnf_free(&cnf);
}

static const char *mode_name(gsat_dimacs_mode mode) {
  return mode == S ? "strict" : mode == R ? "relaxed" : "default";
}

int main(void) {
  enum { NB = sizeof bad_cases / sizeof *bad_cases };
  enum { NG = sizeof good_cases / sizeof *good_cases };
  static struct CMUnitTest tests[NB + NG + 3];
  static char names[NB + NG][128];
  int n = 0;
  for (int i = 0; i < NB; i++, n++) {
    snprintf(names[n], sizeof names[n], "bad %s (%s)", bad_cases[i].file,
             mode_name(bad_cases[i].mode));
    tests[n] = (struct CMUnitTest){names[n], test_bad, NULL, NULL, (void *)&bad_cases[i]};
  }
  for (int i = 0; i < NG; i++, n++) {
    snprintf(names[n], sizeof names[n], "good %s (%s)", good_cases[i].file,
             mode_name(good_cases[i].mode));
    tests[n] = (struct CMUnitTest){names[n], test_good, NULL, NULL, (void *)&good_cases[i]};
  }
  tests[n++] = (struct CMUnitTest)cmocka_unit_test(test_encoding);
  tests[n++] = (struct CMUnitTest)cmocka_unit_test(test_nonempty_cnf);
  tests[n++] = (struct CMUnitTest)cmocka_unit_test(test_declared_only);
  return _cmocka_run_group_tests("dimacs rules", tests, (size_t)n, NULL, NULL);
}
