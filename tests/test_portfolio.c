/* The CPU CDCL portfolio (cpu/cdcl_portfolio.h): answers and models with
 * 2 and 3 searchers on generated formulas (pigeonhole, random 3-SAT at the
 * threshold, checked against the one-searcher answer) and on corpus
 * instances when ../shared is present; clauses really shared, and the
 * shared-clause counters consistent with 2 and 4 searchers; the work split
 * as cubes (answers, counters, DRAT proofs with cubes verified); DRAT proofs of
 * 2 searchers in one log verified by drat-trim in both formats (and a proof
 * cut to half rejected); a node limit and the stop flag; assumptions (the
 * failed ones refute the formula on their own); the clause port (a stand-in
 * for the distributed search) reads the searchers' clauses and stops or
 * answers the search. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "cpu/cdcl_portfolio.h"
#include "cpu/cpu_ref.h"
#include "dimacs/dimacs.h"
#include "dimacs/generate.h"
#include "dimacs/write.h"
#include "core/cdcl_host.h"
#include "core/db.h"
#include "core/proof.h"
#include "core/simp.h"
#include "tests/php_add.h"
#include "tests/test_tmpdir.h"
#include "tests/walk_formulas.h"

#define SHARED GSAT_SOURCE_DIR "/../shared/bench/"

typedef struct formula {
  gsat_cnf cnf;
  gsat_db db;
} formula;

static void formula_build(formula *f) {
  assert_int_equal(gsat_db_build(&f->db, &f->cnf, NULL), GSAT_OK);
}

static int formula_php(formula *f, uint32_t holes) {
  gsat_cnf_init(&f->cnf);
  assert_int_equal(gsat_gen_php(holes, &f->cnf, NULL), GSAT_OK);
  formula_build(f);
  return 1;
}

/* One DIMACS literal (0: the clause's end) into a formula's clauses. */
static void cnf_lit(void *cnf, int32_t lit) {
  if (lit)
    assert_int_equal(gsat_cnf_add_lit(cnf, gsat_lit_from_dimacs(lit), NULL), GSAT_OK);
  else
    assert_int_equal(gsat_cnf_end_clause(cnf, NULL), GSAT_OK);
}

/* The pigeonhole formula with test_add_php_weak's subsumed clauses. */
static void formula_php_weak(formula *f, uint32_t holes) {
  gsat_cnf_init(&f->cnf);
  assert_int_equal(gsat_gen_php(holes, &f->cnf, NULL), GSAT_OK);
  test_add_php_weak(&f->cnf, cnf_lit, (int)holes);
  formula_build(f);
}

static void formula_rand(formula *f, uint64_t vars, uint64_t seed) {
  gsat_cnf_init(&f->cnf);
  assert_int_equal(gsat_gen_rand(3, vars, (vars * 426 + 50) / 100, seed, &f->cnf, NULL), GSAT_OK);
  formula_build(f);
}

/* 0 (and a message) when the corpus is absent. */
static int formula_corpus(formula *f, const char *name) {
  char path[512];
  snprintf(path, sizeof path, "%s%s", SHARED, name);
  if (access(path, R_OK) != 0) {
    print_message("%s absent: skipped\n", path);
    return 0;
  }
  gsat_cnf_init(&f->cnf);
  assert_int_equal(gsat_dimacs_read_path(path, NULL, &f->cnf, NULL), GSAT_OK);
  formula_build(f);
  return 1;
}

static void formula_free(formula *f) {
  gsat_db_free(&f->db);
  gsat_cnf_free(&f->cnf);
}

static void params_init(gsat_search_params *p, uint32_t threads) {
  memset(p, 0, sizeof *p);
  p->threads = threads;
  gsat_cdcl_config_default(&p->cdcl);
}

/* The pigeonhole formula of holes and the default params for threads. */
static void php_params(formula *f, uint32_t holes, gsat_search_params *p, uint32_t threads) {
  formula_php(f, holes);
  params_init(p, threads);
}

/* The model (internal values) satisfies every clause of the input. */
static void check_model(const formula *f, const gsat_search_result *r) {
  uint8_t *ext = calloc(f->cnf.max_var + 1, 1);
  assert_non_null(ext);
  for (uint32_t v = 0; v < f->db.num_vars; v++) ext[f->db.ext_var[v]] = r->model[v] ? 1 : 2;
  for (uint32_t u = 0; u < f->db.num_units; u++) {
    gsat_lit l = f->db.units[u];
    ext[f->db.ext_var[GSAT_VAR(l)]] = GSAT_SIGN(l) ? 2 : 1;
  }
  for (size_t c = 0; c < f->cnf.num_clauses; c++) {
    int sat = 0;
    for (size_t k = f->cnf.clause_start[c]; k < f->cnf.clause_start[c + 1] && !sat; k++) {
      gsat_lit l = f->cnf.lits[k];
      sat = ext[GSAT_VAR(l)] == (GSAT_SIGN(l) ? 2 : 1);
    }
    assert_true(sat);
  }
  free(ext);
}

static int solve(const formula *f, const gsat_search_params *p, gsat_search_result *r) {
  gsat_error err;
  gsat_status st = gsat_cpu_cdcl_solve(&f->db, p, r, &err);
  if (st != GSAT_OK) print_message("error: %s\n", err.message);
  assert_int_equal(st, GSAT_OK);
  if (r->answer == 10) check_model(f, r);
  return r->answer;
}

static int solve_threads(const formula *f, uint32_t threads) {
  gsat_search_params p;
  params_init(&p, threads);
  gsat_search_result r;
  int answer = solve(f, &p, &r);
  assert_int_equal(r.num_workers, threads);
  gsat_search_result_free(&r);
  return answer;
}

/* ---- answers ----------------------------------------------------------------- */

static void test_generated(void **state) {
  (void)state;
  formula f;
  formula_php(&f, 6);
  assert_int_equal(solve_threads(&f, 2), 20);
  assert_int_equal(solve_threads(&f, 3), 20);
  formula_free(&f);
  int sat = 0, unsat = 0;
  for (uint64_t seed = 1; seed <= 30; seed++) {
    formula_rand(&f, 60, seed);
    int one = solve_threads(&f, 1);
    assert_int_equal(solve_threads(&f, 2), one);
    assert_int_equal(solve_threads(&f, 3), one);
    sat += one == 10;
    unsat += one == 20;
    formula_free(&f);
  }
  assert_int_equal(sat + unsat, 30);
  assert_true(sat > 0 && unsat > 0); /* both answers exercised */
}

static const struct {
  const char *name;
  int answer;
} corpus[] = {
    {"cnf/aim/aim-100-1_6-no-1.cnf", 20},
    {"cnf/aim/aim-100-1_6-yes1-1.cnf", 10},
    {"cnf/dubois/dubois50.cnf", 20},
    {"cnf/jnh/jnh10.cnf", 20},
    {"cnf/jnh/jnh1.cnf", 10},
    {"cnf/bf/bf0432-007.cnf.gz", 20},
    {"cnf/ii/ii16a1.cnf.gz", 10},
    {"cnf/logistics/logistics.a.cnf.gz", 10},
    {"cnf/ssa/ssa0432-003.cnf.gz", 20},
    {"cnf/pret/pret60_25.cnf", 20},
};

static void test_corpus(void **state) {
  (void)state;
  int ran = 0;
  for (size_t i = 0; i < sizeof corpus / sizeof *corpus; i++) {
    formula f;
    if (!formula_corpus(&f, corpus[i].name)) continue;
    assert_int_equal(solve_threads(&f, 2), corpus[i].answer);
    formula_free(&f);
    ran++;
  }
  if (!ran) skip();
}

/* Two searchers on a formula that takes thousands of conflicts share clauses
 * both ways.  Whether the second searcher's thread runs before the first one
 * finishes is the scheduler's choice (CI once ran searcher 0 through php 7
 * alone under ASan on a loaded machine), so a run where one searcher took in
 * nothing is repeated on a larger formula, up to four runs; a build where
 * clauses never flow fails all four. */
static void test_sharing_happens(void **state) {
  (void)state;
  int both = 0;
  for (uint32_t run = 0; run < 4 && !both; run++) {
    formula f;
    formula_php(&f, run < 2 ? 7 : 8);
    gsat_search_params p;
    params_init(&p, 2);
    gsat_search_result r;
    assert_int_equal(solve(&f, &p, &r), 20);
    both = 1;
    for (uint32_t w = 0; w < 2; w++) {
      print_message("run %u searcher %u: %llu conflicts, %llu exported, %llu imported\n", run, w,
                    (unsigned long long)r.workers[w].c.conflicts,
                    (unsigned long long)r.workers[w].shared_exported,
                    (unsigned long long)r.workers[w].shared_imported);
      both &= r.workers[w].shared_exported > 0 && r.workers[w].shared_imported > 0;
    }
    assert_int_equal(r.total.shared_exported,
                     r.workers[0].shared_exported + r.workers[1].shared_exported);
    gsat_search_result_free(&r);
    formula_free(&f);
  }
  assert_true(both);
}

/* The shared-clause counters of a run of n searchers are consistent: the
 * totals are the sums over the searchers, no searcher took in more than the
 * others gave out (its own clauses and units are passed over), so the total
 * in is at most the total out times (n - 1).  Returns the total in. */
static uint64_t check_share_counters(const gsat_search_result *r, uint32_t n, const char *what) {
  assert_int_equal(r->num_workers, n);
  uint64_t out = 0, in = 0;
  for (uint32_t w = 0; w < n; w++) {
    out += r->workers[w].shared_exported;
    in += r->workers[w].shared_imported;
  }
  assert_true(r->total.shared_exported == out);
  assert_true(r->total.shared_imported == in);
  for (uint32_t w = 0; w < n; w++) {
    const uint64_t others = out - r->workers[w].shared_exported;
    if (r->workers[w].shared_imported > others)
      print_message("%s, %u searchers: searcher %u took in %llu, the others gave out %llu\n", what,
                    n, w, (unsigned long long)r->workers[w].shared_imported,
                    (unsigned long long)others);
    assert_true(r->workers[w].shared_imported <= others);
  }
  assert_true(in <= out * (n - 1));
  return in;
}

/* The counter invariants with 2 and 4 searchers on generated formulas and,
 * when ../shared is present, on corpus instances that learn many units (the
 * bmc ones: a searcher used to count its own units as taken in). */
static void test_share_counters(void **state) {
  (void)state;
  static const char *names[] = {"cnf/bmc/bmc-ibm-5.cnf.gz", "cnf/bmc/bmc-galileo-8.cnf.gz",
                                "cnf/par/par16-2.cnf.gz", "cnf/beijing/4blocks.cnf.gz"};
  uint64_t in = 0;
  for (uint32_t n = 2; n <= 4; n += 2) {
    for (int k = 0; k < 3 + (int)(sizeof names / sizeof *names); k++) {
      formula f;
      if (k == 0)
        formula_php(&f, 7);
      else if (k < 3)
        formula_rand(&f, 150, (uint64_t)k);
      else if (!formula_corpus(&f, names[k - 3]))
        continue;
      gsat_search_params p;
      params_init(&p, n);
      gsat_search_result r;
      int answer = solve(&f, &p, &r);
      assert_true(answer == 10 || answer == 20);
      in += check_share_counters(&r, n, k < 3 ? "generated" : names[k - 3]);
      gsat_search_result_free(&r);
      formula_free(&f);
    }
  }
  assert_true(in > 0); /* clauses were shared */
}

/* ---- the clause port (the distributed search's hook) ---------------------------- */

/* A stand-in for mpi/: reads what the searchers export, as the
 * distributed search does, and after stop_after polls returns `then`. */
typedef struct stand_in {
  gsat_share_reader reader;
  int ready;
  uint32_t polls, stop_after;
  int then;
  uint64_t clauses, units;
  int foreign; /* a clause from GSAT_PORTFOLIO_REMOTE came back */
} stand_in;

static int stand_in_poll(void *data, gsat_share *sh) {
  stand_in *t = data;
  if (!t->ready) gsat_share_reader_init(&t->reader, sh, GSAT_PORTFOLIO_REMOTE);
  t->ready = 1;
  gsat_lit lits[GSAT_SHARE_MAX_LEN];
  uint32_t len;
  while (gsat_share_import_unit(sh, &t->reader, lits)) t->units++;
  while (gsat_share_import(sh, &t->reader, lits, &len)) {
    assert_true(len >= 2 && len <= GSAT_SHARE_MAX_LEN);
    t->clauses++;
  }
  if (t->polls == 0) { /* a clause "from another process": never read back here */
    gsat_lit mine[2] = {GSAT_LIT(0, 0), GSAT_LIT(1, 0)};
    assert_int_equal(gsat_share_export(sh, GSAT_PORTFOLIO_REMOTE, mine, 2), GSAT_SHARE_ADDED);
  }
  while (gsat_share_import(sh, &t->reader, lits, &len)) t->foreign = 1;
  return ++t->polls >= t->stop_after ? t->then : GSAT_PORT_CONTINUE;
}

/* With a port, one searcher shares too (the port reads its learned clauses
 * but never what it put in itself); a port's 0 stops the search without an
 * answer, its 20 answers UNSAT. */
static void test_clause_port(void **state) {
  (void)state;
  formula f;
  gsat_search_params p;
  php_params(&f, 7, &p, 1);
  stand_in t;
  memset(&t, 0, sizeof t);
  t.stop_after = 0xffffffffu;
  gsat_clause_port port = {&t, 0, 0.0, stand_in_poll};
  p.clause_port = &port;
  gsat_search_result r;
  assert_int_equal(solve(&f, &p, &r), 20);
  print_message("port: %u polls, %llu clauses, %llu units read\n", t.polls,
                (unsigned long long)t.clauses, (unsigned long long)t.units);
  assert_true(t.polls > 0);
  assert_true(t.clauses > 0);
  assert_false(t.foreign);
  assert_int_equal(r.num_workers, 1);
  assert_true(r.workers[0].shared_exported >= t.clauses);
  gsat_search_result_free(&r);
  formula_free(&f);
  formula_php(&f, 9); /* far beyond a few polls */
  memset(&t, 0, sizeof t);
  t.stop_after = 3;
  t.then = 0;
  assert_int_equal(solve(&f, &p, &r), 0);
  assert_int_equal(t.polls, 3);
  assert_false(r.stopped_by_limit);
  gsat_search_result_free(&r);
  memset(&t, 0, sizeof t);
  t.stop_after = 2;
  t.then = 20;
  assert_int_equal(solve(&f, &p, &r), 20);
  gsat_search_result_free(&r);
  formula_free(&f);
}

/* ---- proofs ---------------------------------------------------------------------- */

static int have_drat_trim(void) {
  if (GSAT_DRAT_TRIM[0] && access(GSAT_DRAT_TRIM, X_OK) == 0) return 1;
  print_message("drat-trim not built (../shared/tools/drat-trim absent): proof check skipped\n");
  return 0;
}

static int drat_verifies(const char *cnf, const char *proof) {
  char cmd[1024], line[512];
  snprintf(cmd, sizeof cmd, "'%s' '%s' '%s' 2>&1", GSAT_DRAT_TRIM, cnf, proof);
  FILE *out = popen(cmd, "r");
  assert_non_null(out);
  int verified = 0;
  while (fgets(line, sizeof line, out))
    if (strncmp(line + strspn(line, "\r"), "s VERIFIED", 10) == 0) verified = 1;
  pclose(out);
  return verified;
}

/* Solves f with the searchers of params p writing a proof in format, checks
 * it; returns the counters' sums. */
static gsat_worker_stats prove_params(const formula *f, gsat_search_params *p,
                                      gsat_proof_format format) {
  const uint32_t threads = p->threads;
  char cnf_path[300], proof_path[300];
  snprintf(cnf_path, sizeof cnf_path, "%s/f.cnf", test_tmpdir);
  snprintf(proof_path, sizeof proof_path, "%s/f.drat", test_tmpdir);
  FILE *out = fopen(cnf_path, "w");
  assert_non_null(out);
  assert_int_equal(gsat_dimacs_write(out, &f->cnf, NULL, NULL), GSAT_OK);
  fclose(out);
  gsat_proof proof;
  assert_int_equal(gsat_proof_open_path(&proof, proof_path, format, NULL), GSAT_OK);
  gsat_proof_set_map(&proof, f->db.ext_var, f->db.num_vars);
  gsat_proof_sink sink = gsat_proof_sink_of(&proof);
  p->proof = &sink;
  gsat_search_result r;
  assert_int_equal(solve(f, p, &r), 20);
  const gsat_worker_stats total = r.total;
  gsat_search_result_free(&r);
  if (r.num_workers > 1) assert_int_equal(proof.deleted, 0); /* cdcl.md 5 */
  assert_int_equal(gsat_proof_close(&proof, NULL), GSAT_OK);
  assert_true(drat_verifies(cnf_path, proof_path));
  struct stat st;
  assert_int_equal(stat(proof_path, &st), 0);
  /* The check has teeth: one searcher's proof cut to half, or with several
   * searchers an empty one, is rejected (a parallel proof is redundant: its
   * first half may already hold a refutation that propagation completes). */
  if (st.st_size > 200) {
    assert_int_equal(truncate(proof_path, threads > 1 ? 0 : st.st_size / 2), 0);
    assert_false(drat_verifies(cnf_path, proof_path));
  }
  p->proof = NULL;
  return total;
}

/* Solves f with threads searchers (splitting the work as cubes when cubes
 * is set, from la look-ahead cubes when la is not 0) writing a proof in
 * format, checks it; returns the cubes taken. */
static uint64_t prove_la_cubes(const formula *f, uint32_t threads, gsat_proof_format format,
                               int cubes, uint32_t la) {
  gsat_search_params p;
  params_init(&p, threads);
  p.cdcl_cubes = cubes;
  p.cdcl_lookahead_cubes = la;
  return prove_params(f, &p, format).cubes;
}

static uint64_t prove_cubes(const formula *f, uint32_t threads, gsat_proof_format format,
                            int cubes) {
  return prove_la_cubes(f, threads, format, cubes, 0);
}

static void prove(const formula *f, uint32_t threads, gsat_proof_format format) {
  prove_cubes(f, threads, format, 0);
}

static void test_proofs_two_searchers(void **state) {
  (void)state;
  if (!have_drat_trim()) skip();
  formula f;
  formula_php(&f, 6);
  prove(&f, 2, GSAT_PROOF_BINARY);
  prove(&f, 2, GSAT_PROOF_TEXT);
  prove(&f, 1, GSAT_PROOF_BINARY);
  formula_free(&f);
  for (uint64_t seed = 1; seed <= 12; seed++) {
    formula_rand(&f, 70, seed);
    if (solve_threads(&f, 1) == 20) prove(&f, 2, seed & 1 ? GSAT_PROOF_TEXT : GSAT_PROOF_BINARY);
    formula_free(&f);
  }
  /* Vivification of the irredundant clauses (--vivify-irred) every 20
   * conflicts, one searcher: its deletions of original clauses check. */
  gsat_search_params p;
  formula_php_weak(&f, 7);
  params_init(&p, 1);
  p.cdcl.vivify_interval = 20;
  p.cdcl.vivify_irred = 1;
  assert_true(prove_params(&f, &p, GSAT_PROOF_TEXT).c.vivify_irred > 0);
  formula_free(&f);
  static const char *unsat[] = {"cnf/dubois/dubois50.cnf", "cnf/bf/bf0432-007.cnf.gz",
                                "cnf/aim/aim-100-1_6-no-1.cnf", "cnf/jnh/jnh10.cnf"};
  for (size_t i = 0; i < sizeof unsat / sizeof *unsat; i++) {
    if (!formula_corpus(&f, unsat[i])) continue;
    prove(&f, 2, GSAT_PROOF_BINARY);
    formula_free(&f);
  }
}

/* ---- the presearch before the preprocessing ---------------------------------------------- */

/* params_init with the preprocessing (no BVA: prove_params maps no fresh
 * variable) after a presearch of n conflicts. */
static void presearch_params(gsat_search_params *p, uint32_t threads, uint64_t n) {
  params_init(p, threads);
  p->simplify = 1;
  gsat_simp_config_default(&p->simp);
  p->simp.bva = 0;
  p->presearch = n;
}

/* A time limit that ends in the presearch's last slice ends the solve
 * there, UNKNOWN, though its conflicts reached the budget: no time is left
 * (with the limit less the presearch's time at or below 0, the round and
 * the search ran unlimited).  php (f) after the clauses (1 2) (1 -2), its
 * variables shifted by 2: the first decision (variable 1, false) conflicts,
 * so a presearch of 1 conflict spends its budget in its first slice. */
static void presearch_time_limit(const formula *php) {
  formula f;
  gsat_cnf_init(&f.cnf);
  static const int32_t gadget[] = {1, 2, 0, 1, -2, 0};
  for (size_t k = 0; k < sizeof gadget / sizeof *gadget; k++) cnf_lit(&f.cnf, gadget[k]);
  for (size_t c = 0; c < php->cnf.num_clauses; c++) {
    for (size_t k = php->cnf.clause_start[c]; k < php->cnf.clause_start[c + 1]; k++) {
      const int32_t l = gsat_lit_to_dimacs(php->cnf.lits[k]);
      cnf_lit(&f.cnf, l > 0 ? l + 2 : l - 2);
    }
    cnf_lit(&f.cnf, 0);
  }
  formula_build(&f);
  gsat_search_params p;
  presearch_params(&p, 1, 1);
  p.time_limit = 1e-9;
  gsat_search_result r;
  assert_int_equal(solve(&f, &p, &r), 0);
  assert_true(r.stopped_by_limit);
  assert_int_equal(r.total.c.conflicts, 1);
  assert_int_equal(r.total.preprocess_us, 0);
  gsat_search_result_free(&r);
  formula_free(&f);
}

/* The presearch (cdcl_simp.h): where it answers, no round runs (preprocess
 * us 0) and its model or proof is the solve's; where it does not, the round
 * and the search follow, its conflicts counted, and the proof with its
 * lemmas before the round's steps verifies; a conflict limit under its
 * budget ends the solve in it, UNKNOWN. */
static void test_presearch(void **state) {
  (void)state;
  formula f;
  gsat_search_params p;
  gsat_search_result r;
  formula_php(&f, 7); /* about 2000 conflicts */
  for (uint32_t threads = 1; threads <= 2; threads++) {
    presearch_params(&p, threads, 1u << 20);
    assert_int_equal(solve(&f, &p, &r), 20);
    assert_int_equal(r.total.preprocess_us, 0);
    assert_int_equal(r.num_workers, 1); /* the presearch's one searcher */
    gsat_search_result_free(&r);
    presearch_params(&p, threads, 20);
    assert_int_equal(solve(&f, &p, &r), 20);
    assert_true(r.total.preprocess_us > 0);
    assert_true(r.total.c.conflicts > 20);
    assert_int_equal(r.num_workers, threads);
    gsat_search_result_free(&r);
  }
  presearch_params(&p, 1, 1000);
  p.conflict_limit = 30;
  assert_int_equal(solve(&f, &p, &r), 0);
  assert_true(r.stopped_by_limit);
  assert_true(r.total.c.conflicts >= 30 && r.total.c.conflicts <= 31); /* a slice's last */
  assert_int_equal(r.total.preprocess_us, 0);
  gsat_search_result_free(&r);
  presearch_time_limit(&f);
  /* A conflict limit just above the budget: the presearch's last slice may
   * pass its budget (a conflict right after a conflict), spending the limit
   * too; the solve ends there (with the limit less its conflicts at 0 or
   * below, the round and the search ran unlimited). */
  for (uint64_t n = 1; n <= 40; n++) {
    presearch_params(&p, 1, n);
    p.conflict_limit = n + 1;
    assert_int_equal(solve(&f, &p, &r), 0);
    assert_true(r.stopped_by_limit);
    assert_true(r.total.c.conflicts <= n + 3);
    gsat_search_result_free(&r);
  }
  if (have_drat_trim()) {
    presearch_params(&p, 1, 20);
    assert_true(prove_params(&f, &p, GSAT_PROOF_TEXT).preprocess_us > 0);
    presearch_params(&p, 1, 1u << 20);
    assert_int_equal(prove_params(&f, &p, GSAT_PROOF_BINARY).preprocess_us, 0);
  }
  formula_free(&f);
  int sat = 0;
  for (uint64_t seed = 1; seed <= 12; seed++) { /* models of the presearch and of the round */
    formula_rand(&f, 100, seed);
    const int one = solve_threads(&f, 1);
    for (uint64_t n = 5; n <= 5000; n *= 1000) {
      presearch_params(&p, 1, n);
      assert_int_equal(solve(&f, &p, &r), one);
      sat += one == 10;
      gsat_search_result_free(&r);
    }
    formula_free(&f);
  }
  assert_true(sat > 0);
}

/* ---- cubes ----------------------------------------------------------------------------- */

/* With the work split as cubes (p.cdcl_cubes), 2 and 4 searchers give the
 * one-searcher answer on generated formulas (models checked by solve), every
 * cube taken was donated, the shared-clause counters stay consistent, and
 * cubes are really split and taken on the harder ones. */
static void test_cubes(void **state) {
  (void)state;
  uint64_t taken = 0;
  for (int k = 0; k < 14; k++) {
    formula f;
    if (k < 2)
      formula_php(&f, 6 + (uint32_t)k);
    else
      formula_rand(&f, k < 8 ? 100 : 150, (uint64_t)k);
    const int one = solve_threads(&f, 1);
    for (uint32_t n = 2; n <= 4; n += 2) {
      gsat_search_params p;
      params_init(&p, n);
      p.cdcl_cubes = 1;
      gsat_search_result r;
      assert_int_equal(solve(&f, &p, &r), one);
      assert_true(r.total.cubes <= r.total.donations);
      check_share_counters(&r, n, "cubes");
      taken += r.total.cubes;
      gsat_search_result_free(&r);
    }
    formula_free(&f);
  }
  assert_true(taken > 0);
}

/* Generated formula k of the cube tests into f: php 6 and 7 for k 0 and 1,
 * then random 3-SAT of 100 (k < 6) or 150 variables, seed k + seed. */
static void cube_formula(formula *f, int k, uint64_t seed) {
  if (k < 2)
    formula_php(f, 6 + (uint32_t)k);
  else
    formula_rand(f, k < 6 ? 100 : 150, (uint64_t)k + seed);
}

/* A cube team (p.cdcl_cube_team) of 2 among 4 and 6 searchers, from the root
 * and from look-ahead cubes: the one-searcher answer on generated formulas
 * (models checked by solve), cubes taken and donated by the team only (the
 * others search the whole formula: their conflicts counted), and DRAT proofs
 * that verify. */
static void test_cube_team(void **state) {
  (void)state;
  uint64_t taken = 0;
  for (int k = 0; k < 10; k++) {
    formula f;
    cube_formula(&f, k, 80);
    const int one = solve_threads(&f, 1);
    for (uint32_t n = 4; n <= 6; n += 2) {
      gsat_search_params p;
      params_init(&p, n);
      p.cdcl_cubes = 1;
      p.cdcl_cube_team = 2;
      p.cdcl_lookahead_cubes = k & 1 ? 8 : 0;
      gsat_search_result r;
      assert_int_equal(solve(&f, &p, &r), one);
      assert_int_equal(r.num_workers, n);
      for (uint32_t w = 2; w < n; w++) {
        assert_int_equal(r.workers[w].cubes, 0);
        assert_int_equal(r.workers[w].donations, 0);
      }
      assert_true(r.total.cubes <= r.total.donations + p.cdcl_lookahead_cubes);
      taken += r.total.cubes;
      gsat_search_result_free(&r);
    }
    formula_free(&f);
  }
  assert_true(taken > 0);
  if (!have_drat_trim()) return;
  for (uint64_t seed = 1; seed <= 8; seed++) {
    formula f;
    formula_rand(&f, 120, seed);
    if (solve_threads(&f, 1) == 20) {
      gsat_search_params p;
      params_init(&p, 4);
      p.cdcl_cubes = 1;
      p.cdcl_cube_team = seed & 1 ? 1 : 2;
      prove_params(&f, &p, seed & 1 ? GSAT_PROOF_TEXT : GSAT_PROOF_BINARY);
    }
    formula_free(&f);
  }
}

/* Many more searchers than cores with cubes: idle searchers wait on the
 * queue's condition variable instead of polling, so 1024 threads on a small
 * formula finish with the one-searcher answer (once 4096 polling threads on
 * 2 cores took 268 s on aim-50; no timing is asserted, ctest's timeout
 * bounds it). */
static void test_cubes_many_threads(void **state) {
  (void)state;
  for (int k = 0; k < 3; k++) {
    formula f;
    if (k == 0)
      formula_php(&f, 6);
    else
      formula_rand(&f, 80, (uint64_t)k + 40);
    const int one = solve_threads(&f, 1);
    gsat_search_params p;
    params_init(&p, 1024);
    p.cdcl_cubes = 1;
    gsat_search_result r;
    assert_int_equal(solve(&f, &p, &r), one);
    assert_int_equal(r.num_workers, 1024);
    assert_true(r.total.cubes <= r.total.donations);
    gsat_search_result_free(&r);
    formula_free(&f);
  }
}

/* DRAT proofs with cubes: each refuted cube's negated failed assumptions, and
 * each closed parent's negated cube after its children, make a log that
 * drat-trim verifies (and rejects when cut to half), with 2 and 4 searchers. */
static void test_cube_proofs(void **state) {
  (void)state;
  if (!have_drat_trim()) skip();
  uint64_t taken = 0;
  formula f;
  formula_php(&f, 7);
  taken += prove_cubes(&f, 2, GSAT_PROOF_BINARY, 1);
  taken += prove_cubes(&f, 4, GSAT_PROOF_TEXT, 1);
  formula_free(&f);
  for (uint64_t seed = 1; seed <= 10; seed++) {
    formula_rand(&f, 120, seed);
    if (solve_threads(&f, 1) == 20)
      taken += prove_cubes(&f, seed & 1 ? 2 : 4, GSAT_PROOF_BINARY, 1);
    formula_free(&f);
  }
  static const char *unsat[] = {"cnf/dubois/dubois50.cnf", "cnf/bf/bf0432-007.cnf.gz",
                                "cnf/uuf100/uuf100-01.cnf"};
  for (size_t i = 0; i < sizeof unsat / sizeof *unsat; i++) {
    if (!formula_corpus(&f, unsat[i])) continue;
    taken += prove_cubes(&f, 2, GSAT_PROOF_BINARY, 1);
    formula_free(&f);
  }
  print_message("cubes taken in the proved runs: %llu\n", (unsigned long long)taken);
  assert_true(taken > 0);
}

/* Look-ahead cubes (p.cdcl_lookahead_cubes, cpu_ref.h gsat_cpu_cubes_seed):
 * 1, 2 and 4 searchers start from 2 to 64 of them and give the one-searcher
 * answer on generated formulas, SAT and UNSAT (models checked by solve); the
 * cubes are taken (with one searcher, every leaf: no split); their DRAT
 * proofs verify. */
static void test_lookahead_cubes(void **state) {
  (void)state;
  uint64_t taken = 0;
  for (int k = 0; k < 10; k++) {
    formula f;
    cube_formula(&f, k, 60);
    const int one = solve_threads(&f, 1);
    for (uint32_t n = 1; n <= 4; n *= 2) {
      gsat_search_params p;
      params_init(&p, n);
      p.cdcl_cubes = 1;
      p.cdcl_lookahead_cubes = 2u << (k % 6);
      gsat_search_result r;
      assert_int_equal(solve(&f, &p, &r), one);
      assert_int_equal(r.num_workers, n);
      assert_true(r.total.cubes >= 1);
      assert_true(r.total.n.la >= 2); /* the seeding's look-aheads are counted */
      if (n == 1) assert_int_equal(r.total.donations, 0);
      taken += r.total.cubes;
      gsat_search_result_free(&r);
    }
    formula_free(&f);
  }
  assert_true(taken > 30);
  if (!have_drat_trim()) return;
  formula f;
  formula_php(&f, 7);
  prove_la_cubes(&f, 1, GSAT_PROOF_BINARY, 1, 16);
  prove_la_cubes(&f, 2, GSAT_PROOF_TEXT, 1, 64);
  formula_free(&f);
  for (uint64_t seed = 1; seed <= 8; seed++) {
    formula_rand(&f, 120, seed);
    if (solve_threads(&f, 1) == 20)
      prove_la_cubes(&f, seed & 1 ? 1 : 2, GSAT_PROOF_BINARY, 1, 8u << (seed % 3));
    formula_free(&f);
  }
}

/* ---- limits, assumptions ------------------------------------------------------------- */

static void test_limits(void **state) {
  (void)state;
  formula f;
  gsat_search_params p;
  php_params(&f, 9, &p, 2);
  p.node_limit = 200;
  gsat_search_result r;
  assert_int_equal(solve(&f, &p, &r), 0);
  assert_true(r.stopped_by_limit);
  gsat_search_result_free(&r);
  /* several searchers pass a conflict or node limit by a few steps each (a
   * slice goes on through conflicts that follow conflicts; vivification
   * decides), not by a slice's budget each (450 gave 840) */
  for (uint32_t threads = 2; threads <= 4; threads += 2) {
    for (int by_nodes = 0; by_nodes <= 1; by_nodes++) {
      params_init(&p, threads);
      p.conflict_limit = by_nodes ? 0 : 450;
      p.node_limit = by_nodes ? 450 : 0;
      assert_int_equal(solve(&f, &p, &r), 0);
      assert_true(r.stopped_by_limit);
      if (by_nodes) {
        assert_in_range(r.total.c.decisions, 450, 450 * 3 / 2);
      } else {
        assert_in_range(r.total.c.conflicts, 450, 450 + 64 * threads);
      }
      gsat_search_result_free(&r);
    }
  }
  gsat_flag stop = 1;
  params_init(&p, 2);
  p.stop = &stop;
  assert_int_equal(solve(&f, &p, &r), 0);
  assert_false(r.stopped_by_limit);
  gsat_search_result_free(&r);
  formula_free(&f);
}

/* Random satisfiable formulas under assumptions: with 2 searchers, SAT
 * answers satisfy the assumptions, UNSAT answers name failed assumptions
 * that refute the formula on their own (checked with one searcher). */
static void test_assumptions(void **state) {
  (void)state;
  int unsat = 0, sat = 0;
  for (uint64_t seed = 1; seed <= 40 && (unsat < 5 || sat < 5); seed++) {
    formula f;
    formula_rand(&f, 50, 100 + seed);
    if (solve_threads(&f, 1) != 10) {
      formula_free(&f);
      continue;
    }
    gsat_lit a[6];
    for (uint32_t k = 0; k < 6; k++)
      a[k] = GSAT_LIT((seed * 7 + k * 5) % f.db.num_vars, (seed >> k) & 1);
    gsat_search_params p;
    params_init(&p, 2);
    p.assumptions = a;
    p.num_assumptions = 6;
    gsat_search_result r;
    int ans = solve(&f, &p, &r);
    if (ans == 10) {
      sat++;
      for (uint32_t k = 0; k < 6; k++) assert_int_equal(r.model[GSAT_VAR(a[k])], !GSAT_SIGN(a[k]));
    } else {
      assert_int_equal(ans, 20);
      assert_true(r.unsat_assumptions);
      assert_true(r.failed_len >= 1 && r.failed_len <= 6);
      gsat_search_params q;
      params_init(&q, 1);
      q.assumptions = r.failed;
      q.num_assumptions = r.failed_len;
      gsat_search_result r1;
      assert_int_equal(solve(&f, &q, &r1), 20);
      gsat_search_result_free(&r1);
      unsat++;
    }
    gsat_search_result_free(&r);
    formula_free(&f);
  }
  print_message("assumptions: %d SAT, %d UNSAT\n", sat, unsat);
  assert_true(sat > 0 && unsat > 0);
}

/* ---- inprocessing ------------------------------------------------------------ */

/* Inprocessing rounds in every searcher (cpu/cdcl_inproc.h), one after
 * every conflict the schedule allows, with every technique but BVA. */
static void params_rounds(gsat_search_params *p, uint32_t threads, int cubes) {
  params_init(p, threads);
  p->cdcl_cubes = cubes;
  p->inprocess = 1;
  p->inprocess_interval = 1;
  p->inprocess_effort = 100000;
  p->inprocess_bound = 16;
  gsat_simp_config_default(&p->simp);
}

/* 2 and 4 searchers with rounds, splitting cubes or not, give the
 * one-searcher answer on generated formulas; every model (the winner's,
 * extended by its own rounds' stack) satisfies the input (solve); rounds
 * run, and shared clauses that name a variable a searcher's rounds removed
 * are left out by that searcher; the proofs of the UNSAT answers verify
 * (no deletions with several searchers). */
static void test_rounds(void **state) {
  (void)state;
  gsat_worker_stats sum;
  memset(&sum, 0, sizeof sum);
  int answers[2] = {0, 0};
  for (uint64_t seed = 1; seed <= 16; seed++) {
    formula f;
    formula_rand(&f, 90 + 10 * (seed % 4), seed);
    const int one = solve_threads(&f, 1);
    for (uint32_t k = 0; k < 4; k++) {
      gsat_search_params p;
      params_rounds(&p, k & 1 ? 4 : 2, k >= 2);
      gsat_search_result r;
      assert_int_equal(solve(&f, &p, &r), one);
      gsat_worker_stats_add(&sum, &r.total);
      gsat_search_result_free(&r);
    }
    answers[one == 10]++;
    if (one == 20 && have_drat_trim() && seed % 3 == 0) {
      gsat_search_params p;
      params_rounds(&p, 2 + 2 * (seed & 1), seed & 2 ? 1 : 0);
      assert_true(prove_params(&f, &p, GSAT_PROOF_BINARY).inproc_rounds > 0);
    }
    formula_free(&f);
  }
  for (uint64_t seed = 1; seed <= 8; seed++) { /* planted 3-XOR: elimination removes many */
    formula f;
    gsat_cnf_init(&f.cnf);
    walk_test_xor(&f.cnf, seed, 160, 160);
    formula_build(&f);
    gsat_search_params p;
    params_rounds(&p, seed & 1 ? 4 : 2, seed & 2 ? 1 : 0);
    p.inprocess_interval = 30;
    gsat_search_result r;
    assert_int_equal(solve(&f, &p, &r), 10);
    gsat_worker_stats_add(&sum, &r.total);
    gsat_search_result_free(&r);
    formula_free(&f);
  }
  print_message("rounds: %llu, shared dropped: %llu, eliminated %llu, substituted %llu\n",
                (unsigned long long)sum.inproc_rounds, (unsigned long long)sum.shared_dropped,
                (unsigned long long)sum.simp_eliminated, (unsigned long long)sum.simp_substituted);
  assert_true(answers[0] > 0 && answers[1] > 0);
  assert_true(sum.inproc_rounds > 0 && sum.simp_eliminated > 0);
  /* The searchers of these small formulas remove the same variables; those
   * of an application instance do not, and leave shared clauses out. */
  formula f;
  if (!formula_corpus(&f, "cnf/app09/minor032.cnf.gz")) return;
  gsat_search_params p;
  params_rounds(&p, 2, 0);
  p.inprocess_interval = 300;
  gsat_search_result r;
  assert_int_equal(solve(&f, &p, &r), 20);
  print_message("minor032: rounds %llu, shared dropped %llu\n",
                (unsigned long long)r.total.inproc_rounds,
                (unsigned long long)r.total.shared_dropped);
  assert_true(r.total.inproc_rounds > 0 && r.total.shared_dropped > 0);
  gsat_search_result_free(&r);
  if (have_drat_trim()) assert_true(prove_params(&f, &p, GSAT_PROOF_BINARY).shared_dropped > 0);
  formula_free(&f);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_generated),       cmocka_unit_test(test_corpus),
      cmocka_unit_test(test_sharing_happens), cmocka_unit_test(test_share_counters),
      cmocka_unit_test(test_clause_port),     cmocka_unit_test(test_proofs_two_searchers),
      cmocka_unit_test(test_cubes),           cmocka_unit_test(test_cube_proofs),
      cmocka_unit_test(test_lookahead_cubes), cmocka_unit_test(test_cubes_many_threads),
      cmocka_unit_test(test_cube_team),       cmocka_unit_test(test_presearch),
      cmocka_unit_test(test_limits),          cmocka_unit_test(test_assumptions),
      cmocka_unit_test(test_rounds),
  };
  return cmocka_run_group_tests(tests, test_tmpdir_setup, test_tmpdir_teardown);
}
